package caddymodule

import (
	"fmt"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/diag"
)

// Layout of the fallback error drawing.
const (
	errDrawWidth   = 800
	errLineHeight  = 22
	errMaxLines    = 40
	errMaxLineRune = 110
)

// errorDrawing draws a list of diagnostics as a small SVG: what an <img>
// pointing at a plan with errors shows. It is a stand-in until the core's
// renderer provides one.
func errorDrawing(ds []diag.JSON) []byte {
	var lines []string
	if len(ds) == 0 {
		lines = append(lines, "This plan could not be drawn.")
	}
	for _, d := range ds {
		l := d.Severity
		if d.Code != "" {
			l += " " + d.Code
		}
		if d.Line > 0 {
			l += fmt.Sprintf(" at %d:%d", d.Line, d.Col)
		}
		lines = append(lines, l+": "+d.Message)
		if d.Fix != "" {
			lines = append(lines, "  fix: "+d.Fix)
		}
	}
	if len(lines) > errMaxLines {
		n := len(lines) - errMaxLines + 1
		lines = append(lines[:errMaxLines-1], fmt.Sprintf("… and %d more lines", n))
	}
	h := (len(lines)+2)*errLineHeight + 10
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" font-family="Helvetica, Arial, sans-serif" font-size="14">`,
		errDrawWidth, h, errDrawWidth, h)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff5f5" stroke="#c53030"/>`, errDrawWidth, h)
	fmt.Fprintf(&b, `<text x="16" y="%d" font-weight="bold" fill="#c53030">ArchLang: this plan has errors</text>`, errLineHeight+4)
	for i, l := range lines {
		r := []rune(l)
		if len(r) > errMaxLineRune {
			l = string(r[:errMaxLineRune-1]) + "…"
		}
		fmt.Fprintf(&b, `<text x="16" y="%d" fill="#1a202c" xml:space="preserve">%s</text>`, (i+2)*errLineHeight+4, escapeXML(l))
	}
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;")

func escapeXML(s string) string { return xmlEscaper.Replace(s) }
