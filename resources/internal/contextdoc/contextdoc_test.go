package contextdoc

import (
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/resources"
)

// fakeTools is one tool per whenToUse entry.
func fakeTools() []Tool {
	var ts []Tool
	for _, w := range whenToUse {
		ts = append(ts, Tool{Name: w.name, Title: "T", Description: "D.", Params: []Param{{Name: "source", Type: "string", Required: true, Description: "a | b"}}})
	}
	return ts
}

func TestMarkdownFillsEveryMarker(t *testing.T) {
	b, err := Markdown(fakeTools(), resources.List())
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, m := range []string{toolsMarker, resourcesMarker, diagnosticsMarker} {
		if strings.Contains(page, m) {
			t.Errorf("marker %s left in the page", m)
		}
	}
	if !strings.Contains(page, `a \| b`) {
		t.Error("a | in a table cell is not escaped")
	}
	if strings.Contains(page, "\n\n\n") {
		t.Error("the page has runs of blank lines")
	}
}

func TestMarkdownRefusesUndocumentedTools(t *testing.T) {
	extra := append(fakeTools(), Tool{Name: "teleport"})
	if _, err := Markdown(extra, nil); err == nil || !strings.Contains(err.Error(), "teleport") {
		t.Errorf("a tool with no whenToUse entry: err = %v", err)
	}
	if _, err := Markdown(fakeTools()[1:], nil); err == nil {
		t.Error("a whenToUse entry with no tool was accepted")
	}
}

func TestAnchor(t *testing.T) {
	if got := anchor("3.10 suggest"); got != "310-suggest" {
		t.Errorf("anchor = %q", got)
	}
}
