// Package codedoc renders the diagnostic catalogue of core/diag as the
// Markdown page served as the error-codes resource. The page is generated
// (see resources/internal/gendoc) and a test keeps the committed copy in step
// with the catalogue and its examples.
package codedoc

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/diag"
)

// hostCodes are the codes a server raises before any compiling; the page
// lists them apart from the language's own codes.
var hostCodes = map[string]bool{diag.ErrInputTooLarge: true, diag.ErrRateLimited: true}

// ExampleFiles are the chunked example plans of core/diag, relative to the
// module root. Each chunk is one plan; "### CODE" markers name the codes it
// raises (see core/diag/examples_test.go).
var ExampleFiles = []string{
	"core/diag/testdata/examples.arch",
	"core/diag/testdata/lint-examples.arch",
}

// Examples maps a code to a short snippet of ArchLang that raises it.
type Examples map[string]string

// maxWholeBody is the longest plan body shown whole; longer examples show
// only the lines that raise the code.
const maxWholeBody = 8

var marker = regexp.MustCompile(`\s*###\s+([EW]_[A-Z0-9_]+)`)

// LoadExamples reads the example files under root (the module root). The
// first marked code of each chunk is the code the chunk illustrates.
func LoadExamples(root string) (Examples, error) {
	ex := Examples{}
	for _, name := range ExampleFiles {
		b, err := os.ReadFile(root + "/" + name)
		if err != nil {
			return nil, err
		}
		for _, chunk := range strings.Split(string(b), "---\n") {
			code, snippet := snippetOf(chunk)
			if code != "" && ex[code] == "" {
				ex[code] = snippet
			}
		}
	}
	return ex, nil
}

// snippetOf returns the code a chunk illustrates and the part of its plan
// body worth showing: the whole body when it is short, otherwise the lines
// that carry the code's marker. Markers become plain comments.
func snippetOf(chunk string) (string, string) {
	m := marker.FindStringSubmatch(chunk)
	if m == nil {
		return "", ""
	}
	code := m[1]
	var body []string
	for _, l := range strings.Split(chunk, "\n") {
		t := strings.TrimSpace(l)
		switch {
		case t == "", t == "units mm", strings.HasPrefix(t, "plan "), l == "}":
			continue // the frame every example shares
		case strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "###"):
			continue // the example's own title comment
		}
		body = append(body, strings.TrimPrefix(l, "  "))
	}
	if len(body) > maxWholeBody {
		var marked []string
		for _, l := range body {
			if strings.Contains(l, "### "+code) {
				marked = append(marked, strings.TrimLeft(l, " "))
			}
		}
		body = marked
		if len(body) == 1 && strings.HasPrefix(body[0], "###") {
			return code, "" // a whole-plan finding: one marker line shows nothing
		}
	}
	for i, l := range body {
		if strings.HasPrefix(strings.TrimSpace(l), "###") {
			body[i] = "# reported for the whole plan, with no position: " + strings.Join(codesIn(l), ", ")
			continue
		}
		body[i] = marker.ReplaceAllString(l, "   # $1")
	}
	return code, strings.Join(body, "\n")
}

// codesIn lists the codes marked on one line.
func codesIn(l string) []string {
	var out []string
	for _, m := range marker.FindAllStringSubmatch(l, -1) {
		out = append(out, m[1])
	}
	return out
}

// Markdown returns the error-codes page for the current catalogue, with the
// given examples. The output depends only on its inputs, in catalogue order,
// so it is deterministic.
func Markdown(ex Examples) []byte {
	errs, warns, notes, host := Groups()
	var b bytes.Buffer
	b.WriteString("<!-- Generated from core/diag by `go generate ./resources`. Do not edit. -->\n\n")
	b.WriteString("# ArchLang diagnostic codes\n\n")
	b.WriteString("Every diagnostic this server returns may carry a stable code. A code never changes\n")
	b.WriteString("meaning and is never reused. An `E_` code is an error: the compile reports `ok: false`\n")
	b.WriteString("and draws nothing until it is fixed. A `W_` code is a warning: the drawing is still\n")
	b.WriteString("produced, but something in the plan looks wrong. An `I_` code is a note about the\n")
	b.WriteString("answer itself (a list cut at a budget). Parse errors carry no code; their\n")
	b.WriteString("message says what was expected and what was found.\n\n")
	b.WriteString("Each diagnostic also carries `fix`, the sentence given below for its code, and\n")
	b.WriteString("`line`, `col` and `span` (byte offsets) pointing into the source; a finding about\n")
	b.WriteString("the plan as a whole has no position. Some carry `fixes`: exact text edits that\n")
	b.WriteString("correct the problem.\n\n")
	fmt.Fprintf(&b, "**%d language errors**, **%d warnings**, **%s**, and **%d host refusals**.\n\n", len(errs), len(warns), Count(len(notes), "note"), len(host))
	b.WriteString("## Index\n\n")
	table(&b, "Errors", errs)
	table(&b, "Warnings", warns)
	table(&b, "Notes", notes)
	table(&b, "Host refusals (raised by a server before compiling)", host)
	b.WriteString("## Codes\n\n")
	b.WriteString("Where an example is shown, the comment marks the line the code is reported on.\n\n")
	for _, group := range [][]diag.Entry{errs, warns, notes, host} {
		for _, e := range group {
			fmt.Fprintf(&b, "### %s\n\n*%s*: %s.\n\n**Fix:** %s\n\n", e.Code, e.Severity, e.Summary, e.Fix)
			if s := ex[e.Code]; s != "" {
				fmt.Fprintf(&b, "```arch\n%s\n```\n\n", s)
			}
		}
	}
	return append(bytes.TrimRight(b.Bytes(), "\n"), '\n')
}

func table(b *bytes.Buffer, title string, es []diag.Entry) {
	fmt.Fprintf(b, "**%s**\n\n| Code | Summary |\n| --- | --- |\n", title)
	for _, e := range es {
		fmt.Fprintf(b, "| [`%s`](#%s) | %s |\n", e.Code, strings.ToLower(e.Code), cell(e.Summary))
	}
	b.WriteString("\n")
}

// cell escapes the characters that would break a Markdown table cell.
func cell(s string) string {
	return strings.ReplaceAll(s, "|", `\|`)
}

// Groups sorts the catalogue as the pages present it: the language's
// errors, its warnings, its notes (I_ codes), and the refusals a host makes
// before compiling, each in catalogue order.
func Groups() (errs, warns, notes, host []diag.Entry) {
	for _, c := range diag.Codes() {
		e, _ := diag.Lookup(c)
		switch {
		case hostCodes[c]:
			host = append(host, e)
		case e.Severity == diag.Error:
			errs = append(errs, e)
		case e.Severity == diag.Warning:
			warns = append(warns, e)
		default:
			notes = append(notes, e)
		}
	}
	return
}

// Count writes n with its noun, plural unless n is 1.
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
