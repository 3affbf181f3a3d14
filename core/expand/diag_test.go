package expand_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
	"github.com/archlang-go/caddy-archlang/internal/golden"
)

// front runs the two front-end stages and returns every diagnostic they
// produce: parse and script diagnostics in order, then the per-element
// evaluation diagnostics (which resolve would interleave with its own).
func front(name string, src []byte) (*source.File, diag.List, diag.List) {
	f := source.NewFile(name, src)
	file, ds := syntax.Parse(f)
	res, eds := expand.Expand(file, expand.Options{})
	ds = append(ds, eds...)
	var elem diag.List
	var walk func([]expand.Item)
	walk = func(items []expand.Item) {
		for _, it := range items {
			elem = append(elem, it.Info().Diags()...)
			switch x := it.(type) {
			case *expand.Level:
				walk(x.Items)
			case *expand.Instance:
				walk(x.Items)
			}
		}
	}
	walk(res.Items)
	return f, ds, elem
}

// wire is the comparable subset of a diagnostic.
type wire struct {
	Code     string   `json:"code,omitempty"`
	Severity string   `json:"severity"`
	Message  string   `json:"message"`
	Line     int      `json:"line,omitempty"`
	Col      int      `json:"col,omitempty"`
	Span     *[2]int  `json:"span,omitempty"`
	Hints    []string `json:"hints,omitempty"`
}

func toWire(f *source.File, l diag.List) []wire {
	out := []wire{}
	for _, j := range diag.ListToJSON(f, l) {
		out = append(out, wire{Code: j.Code, Severity: j.Severity, Message: j.Message, Line: j.Line, Col: j.Col, Span: j.Span, Hints: j.Hints})
	}
	return out
}

func key(w wire) string {
	b, _ := json.Marshal(w)
	return string(b)
}

// TestDiagnostics checks every testdata/diag/*.arch against its golden
// diagnostics, which were taken from the reference compiler (parse and
// expand stages only). Parse errors must come in the same order; the
// whole set must match.
func TestDiagnostics(t *testing.T) {
	files, err := filepath.Glob("testdata/diag/*.arch")
	if err != nil || len(files) == 0 {
		t.Fatal("no test cases")
	}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".arch")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, ds, elem := front(name+".arch", src)
			got := toWire(f, append(ds, elem...))
			goldenPath := strings.TrimSuffix(path, ".arch") + ".json"
			if golden.Update() {
				b, _ := json.MarshalIndent(got, "", " ")
				if err := os.WriteFile(goldenPath, append(b, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			b, err := os.ReadFile(goldenPath)
			if err != nil {
				t.Fatal(err)
			}
			var want []wire
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatal(err)
			}
			syntaxOnly := func(ws []wire) []string {
				var out []string
				for _, w := range ws {
					if w.Code == "" {
						out = append(out, key(w))
					}
				}
				return out
			}
			if g, w := strings.Join(syntaxOnly(got), "\n"), strings.Join(syntaxOnly(want), "\n"); g != w {
				t.Errorf("syntax errors\n got: %s\nwant: %s", g, w)
			}
			sorted := func(ws []wire) string {
				var ks []string
				for _, w := range ws {
					ks = append(ks, key(w))
				}
				sort.Strings(ks)
				return strings.Join(ks, "\n")
			}
			if g, w := sorted(got), sorted(want); g != w {
				t.Errorf("diagnostics\n got:\n%s\nwant:\n%s\nsource:\n%s", g, w, src)
			}
		})
	}
}

// TestDivZeroInLabelPointPlaced checks that E_DIV_ZERO raised evaluating a
// room's `label … at (…)` point is placed on the left operand of the
// division, as by the reference (checked against it: [104,105] is the `w`
// of `w / 0`).
func TestDivZeroInLabelPointPlaced(t *testing.T) {
	src := "plan \"d\" {\n  units mm\n  let w = 4000\n  let y = 100\n  room id=r at (0,0) size 4000x4000 label \"Hall\" at (w / 0, y)\n}\n"
	f, ds, elem := front("d.arch", []byte(src))
	all := append(ds, elem...)
	js := diag.ListToJSON(f, all)
	if len(js) != 1 || js[0].Code != "E_DIV_ZERO" || js[0].Span == nil || *js[0].Span != [2]int{104, 105} {
		t.Errorf("got %+v, want one E_DIV_ZERO at [104,105]", js)
	}
}
