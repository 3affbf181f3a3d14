package syntax

import (
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/source"
)

func TestNearest(t *testing.T) {
	kw := []string{"wall", "room", "door", "window", "furniture", "dim", "width", "label"}
	for _, c := range []struct {
		word, want string
		dist       int
		ok         bool
	}{
		{"furnitur", "furniture", 1, true},
		{"wal", "wall", 1, true},
		{"widht", "width", 1, true},    // neighbours swapped
		{"windoow", "window", 1, true}, // a letter doubled
		{"xwallx", "wall", 2, true},
		{"roof", "room", 1, true},
		{"dor", "door", 1, true},
		{"do", "", 0, false},                   // too short to tell
		{"zzzzzz", "", 0, false},               // nothing near
		{"wall", "", 0, false},                 // already known
		{"doom", "", 0, false},                 // door and room are as near
		{"furniturebed", "furniture", 3, true}, // a known word inside
	} {
		got, d, ok := Nearest(c.word, kw)
		if ok != c.ok || ok && (got != c.want || d != c.dist) {
			t.Errorf("Nearest(%q) = %q, %d, %v; want %q, %d, %v", c.word, got, d, ok, c.want, c.dist, c.ok)
		}
	}
}

// apply writes the edits of fix into src.
func apply(src string, fix diag.Fix) string {
	var b strings.Builder
	at := 0
	for _, e := range fix.Edits {
		b.WriteString(src[at:e.Span.Start])
		b.WriteString(e.NewText)
		at = e.Span.End
	}
	return b.String() + src[at:]
}

// TestParseOffersFixes: each one-mistake source gets, on one of its
// errors, the fix that gives back the source as meant.
func TestParseOffersFixes(t *testing.T) {
	const plan = "plan \"P\" {\n  units mm\n  wall exterior thickness 200 { (0,0) (4000,0) (4000,3000) (0,3000) close }\n  room id=a at (0,0) size 4000x3000 label \"A\"\n  door at (2000,0) width 900 wall exterior hinge left\n  title {\n    project \"P\"\n  }\n}\n"
	for _, c := range []struct {
		name, src, want, app, id string
	}{
		{"keyword", strings.Replace(plan, "room id", "rom id", 1), plan, Safe, ""},
		{"clause word", strings.Replace(plan, "900 wall", "900 wal", 1), plan, Safe, ""},
		{"required word", strings.Replace(plan, "thickness", "thicknes", 1), plan, Safe, ""},
		{"enum value", strings.Replace(plan, "hinge left", "hinge lfet", 1), plan, Safe, ""},
		{"one-line block", strings.Replace(plan, "close }", "close", 1), plan, Safe, ""},
		{"plan block", strings.TrimSuffix(plan, "}\n"), plan, Safe, ""},
		{"nested block", strings.Replace(plan, "\"P\"\n  }\n", "\"P\"\n", 1), plan, Safe, ""},
		{"negative size", strings.Replace(plan, "size 4000", "size -4000", 1), plan, MaybeIncorrect, ""},
		{"cut off", plan[:strings.Index(plan, "door")+20], plan[:strings.Index(plan, "door")] + "# door at (2000,0) wid\n}", MaybeIncorrect, FixTruncate},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, ds := Parse(source.NewFile("t.arch", []byte(c.src)))
			var fixes []diag.Fix
			for _, d := range ds {
				fixes = append(fixes, d.Extra...)
			}
			if c.id != "" {
				// A cut-off file may offer more (a word it cut short).
				for _, fx := range fixes {
					if fx.FixID == c.id {
						fixes = []diag.Fix{fx}
					}
				}
			}
			if len(fixes) != 1 {
				t.Fatalf("want one fix, got %+v (diagnostics %+v)", fixes, ds)
			}
			if got := apply(c.src, fixes[0]); got != c.want || fixes[0].Applicability != c.app {
				t.Errorf("fix %q (%s) gives\n%s\nwant (%s)\n%s", fixes[0].Title, fixes[0].Applicability, got, c.app, c.want)
			}
		})
	}
}

// TestValidSourceHasNoFixes: a source that parses offers nothing.
func TestValidSourceHasNoFixes(t *testing.T) {
	_, ds := Parse(source.NewFile("t.arch", []byte("plan \"P\" {\n  room at (0,0) size 1x1\n}\n")))
	if len(ds) != 0 {
		t.Errorf("diagnostics on a valid source: %+v", ds)
	}
}

// FuzzParseFixes: every fix the parser offers has edits inside the
// source, in order and apart; a block-closing fix leaves a source that
// parses.
func FuzzParseFixes(f *testing.F) {
	for _, s := range []string{
		"plan \"x\" {\n  wal thickness 1 { (0,0) (1,1) }\n}\n",
		"plan \"x\" {\n  wall exterior thickness 1 { (0,0) (1,1)\n  room at (0,0) size 1x1\n",
		"plan \"x\" {\n  level 0 \"G\" {\n    room at (0,0) size -1x1\n",
		"plan \"x\" {\n  door at (0,0) width 9 hinge lfet\n  title {\n    project \"p",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		_, ds := Parse(source.NewFile("f.arch", []byte(src)))
		for _, d := range ds {
			for _, fx := range d.Extra {
				at := 0
				for _, e := range fx.Edits {
					if e.Span.Start < at || e.Span.End < e.Span.Start || e.Span.End > len(src) {
						t.Fatalf("fix %q: edit %v out of order or range (%d bytes)", fx.Title, e.Span, len(src))
					}
					at = e.Span.End
				}
				if fx.FixID == FixClose || fx.FixID == FixTruncate {
					if _, ds2 := Parse(source.NewFile("f.arch", []byte(apply(src, fx)))); ds2.HasErrors() {
						t.Fatalf("fix %q leaves errors: %v", fx.Title, ds2)
					}
				}
			}
		}
	})
}
