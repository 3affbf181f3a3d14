package resources_test

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/resources"
	"github.com/archlang-go/caddy-archlang/resources/internal/contextdoc"
)

// TestContextUpToDate keeps context.md in step with what it is generated
// from: its guide, the MCP server's tools, the resource list and the
// diagnostic catalogue.
func TestContextUpToDate(t *testing.T) {
	want, err := contextdoc.Build(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got, err := resources.Read(resources.ContextURI)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("context.md is stale: run `go generate ./resources`")
	}
}

// TestContextIsComplete checks that the page names what an agent needs:
// every statement keyword and clause word, every tool, every resource and
// every diagnostic code.
func TestContextIsComplete(t *testing.T) {
	b, err := resources.Read(resources.ContextURI)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	if len(page) < 40<<10 {
		t.Errorf("context.md is %d bytes; it should be the whole story", len(page))
	}
	words := []string{
		// statements
		"plan", "wall", "room", "door", "window", "opening", "furniture", "dim", "column", "stair",
		"elevator", "escalator", "strip", "level", "zone", "place", "let", "for", "if", "while", "set",
		"component", "import", "units", "grid", "paper", "scale", "north", "site", "dims", "schedule",
		"legend", "accTitle", "accDescr", "title", "axes", "theme", "style",
		// clauses and their words
		"id=", "thickness", "material", "arc", "radius", "cw", "ccw", "major", "close", "right-of",
		"left-of", "below", "above", "align", "gap", "size", "polygon", "circle", "label", "uses",
		"on", "at", "width", "center", "hinge", "near start", "swing", "into", "slide", "open",
		"hinged", "sliding", "barn", "bifold", "pocket", "against wall", "segment", "offset", "side",
		"centered", "anchor", "flush", "inset", "rotate", "faces", "clear", "diameter", "dir",
		"height", "as", "mirror", "else", "in", "from", "street", "hemisphere", "project", "drawn_by",
		"date", "landscape", "portrait", "auto", "true", "false",
		// built-ins
		"min", "max", "abs", "sqrt", "floor", "ceil", "round", "len", "str",
	}
	for _, w := range words {
		if !regexp.MustCompile("(^|[^A-Za-z_])" + regexp.QuoteMeta(w) + "($|[^A-Za-z_])").MatchString(page) {
			t.Errorf("context.md never mentions %q", w)
		}
	}
	for _, r := range resources.List() {
		if !strings.Contains(page, "`"+r.URI+"`") {
			t.Errorf("context.md does not list the resource %s", r.URI)
		}
	}
	for _, c := range regexp.MustCompile(`\b[EWI]_[A-Z0-9_]*[A-Z0-9]\b`).FindAllString(page, -1) {
		if _, ok := diag.Lookup(c); !ok {
			t.Errorf("context.md mentions %s, which is not a catalogued code", c)
		}
	}
	for _, c := range diag.Codes() {
		if !strings.Contains(page, "`"+c+"`") {
			t.Errorf("context.md does not list the code %s", c)
		}
	}
	tools, _, err := contextdoc.ServerTools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools {
		if !strings.Contains(page, "## 3.") || !strings.Contains(page, " "+tool.Name+"\n") {
			t.Errorf("context.md has no section for the tool %s", tool.Name)
		}
	}
}
