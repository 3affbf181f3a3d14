// Package codedoc renders the diagnostic catalogue of core/diag as the
// Markdown page served as the error-codes resource. The page is generated
// (see resources/internal/gendoc) and a test keeps the committed copy in step
// with the catalogue.
package codedoc

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/diag"
)

// hostCodes are the codes a server raises before any compiling; the page
// lists them apart from the language's own codes.
var hostCodes = map[string]bool{"E_INPUT_TOO_LARGE": true, "E_RATE_LIMITED": true}

// Markdown returns the error-codes page for the current catalogue. The output
// depends only on the catalogue, in catalogue order, so it is deterministic.
func Markdown() []byte {
	var errs, warns, host []diag.Entry
	for _, c := range diag.Codes() {
		e, _ := diag.Lookup(c)
		switch {
		case hostCodes[c]:
			host = append(host, e)
		case e.Severity == diag.Error:
			errs = append(errs, e)
		default:
			warns = append(warns, e)
		}
	}
	var b bytes.Buffer
	b.WriteString("<!-- Generated from core/diag/codes.go by `go generate ./resources`. Do not edit. -->\n\n")
	b.WriteString("# ArchLang diagnostic codes\n\n")
	b.WriteString("Every diagnostic this server returns may carry a stable code. A code never changes\n")
	b.WriteString("meaning and is never reused. An `E_` code is an error: the compile reports `ok: false`\n")
	b.WriteString("and draws nothing until it is fixed. A `W_` code is a warning: the drawing is still\n")
	b.WriteString("produced, but something in the plan looks wrong. Parse errors carry no code; their\n")
	b.WriteString("message says what was expected and what was found.\n\n")
	b.WriteString("Each diagnostic also carries `fix`, the sentence given in the last column below, and\n")
	b.WriteString("`line`, `col` and `span` (byte offsets) pointing into the source. Some carry `fixes`:\n")
	b.WriteString("exact text edits that correct the problem.\n\n")
	fmt.Fprintf(&b, "**%d language errors**, **%d warnings**, and **%d host refusals**.\n\n", len(errs), len(warns), len(host))
	section(&b, "Errors", errs)
	section(&b, "Warnings", warns)
	b.WriteString("## Host refusals\n\n")
	b.WriteString("A server raises these before compiling anything; the language itself never does.\n\n")
	table(&b, host)
	return b.Bytes()
}

func section(b *bytes.Buffer, title string, es []diag.Entry) {
	fmt.Fprintf(b, "## %s\n\n", title)
	table(b, es)
}

func table(b *bytes.Buffer, es []diag.Entry) {
	b.WriteString("| Code | Summary | How to fix it |\n| --- | --- | --- |\n")
	for _, e := range es {
		fmt.Fprintf(b, "| `%s` | %s | %s |\n", e.Code, cell(e.Summary), cell(e.Fix))
	}
	b.WriteString("\n")
}

// cell escapes the characters that would break a Markdown table cell.
func cell(s string) string {
	return strings.ReplaceAll(s, "|", `\|`)
}
