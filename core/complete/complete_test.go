package complete_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/complete"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
	"github.com/archlang-go/caddy-archlang/internal/golden"
)

func at(src string, off int) []complete.Item {
	f, _ := syntax.Parse(source.NewFile("plan.arch", []byte(src)))
	return complete.At(f, off)
}

// vocabularySize is the number of fixed items every list starts with.
const vocabularySize = 40

// scoped returns the labels after the fixed vocabulary.
func scoped(items []complete.Item) string {
	var out []string
	for _, it := range items[vocabularySize:] {
		out = append(out, it.Label)
	}
	return strings.Join(out, " ")
}

func TestScopes(t *testing.T) {
	const plan = "plan \"P\" {\n" + // 0
		"  let A = 1\n" + // 11
		"  for i in 0..2 { let B = i }\n" + // 23
		"  component c(x) { let C = x }\n" + // 53
		"  zone z \"Z\" { let D = 1 }\n" + // 84
		"}\n"
	for _, c := range []struct {
		name string
		src  string
		at   int
		want string
	}{
		{"plan level", plan, 0, "A D c"},
		{"at the start of a for", plan, 25, "A i B D c"},
		{"inside a for", plan, 45, "A i B D c"},
		{"just after a for's brace", plan, 52, "A i B D c"},
		{"the line after a for", plan, 53, "A D c"},
		{"inside a component", plan, 70, "A D c x C"},
		{"past the end", plan, 10000, "A D c"},
		{"negative", plan, -1, "A D c"},
		{"empty source", "", 0, ""},
		{"not a plan", "hello", 3, ""},
		{"let before the header", "let A = 1\nplan \"P\" { let B = 2 }", 0, "A B"},
		{"a function's signature", "plan \"P\" { let f(a, b) = a + b let g() = 1 }", 0, "f g"},
		{"a repeated name is listed once", "plan \"P\" { let n = 1 let n = 2 for n in 0..1 { } }", 30, "n"},
		{"vocabulary names are not shadowed", "plan \"P\" { let min = 1 let wall = 2 }", 0, ""},
		{"if branches share the if's scope", "plan \"P\" { if 1 > 0 { let T = 1 } else { let F = 2 } }", 25, "T F"},
		{"an unclosed block binds nothing", "plan \"P\" {\n  for i in 0..3 {\n    let B = 2\n", 30, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			items := at(c.src, c.at)
			if len(items) < vocabularySize {
				t.Fatalf("%d items, want the %d fixed ones first", len(items), vocabularySize)
			}
			if got := scoped(items); got != c.want {
				t.Errorf("scoped names = %q, want %q", got, c.want)
			}
		})
	}
}

func TestDetails(t *testing.T) {
	items := at("plan \"P\" { let W = 1 let f(a, b) = a component room2(w, d) { for k in 0..1 { } } }", 76)
	var got []string
	for _, it := range items[vocabularySize:] {
		got = append(got, it.Kind+": "+it.Detail)
	}
	want := []string{
		"variable: let W = …",
		"function: let f(a, b) = …",
		"component: component room2(w, d)",
		"variable: parameter w of room2",
		"variable: parameter d of room2",
		"variable: for k in …",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestVocabulary checks the fixed part: every keyword and element has a
// doc, elements and functions have a signature, and no label repeats.
func TestVocabulary(t *testing.T) {
	items := at("", 0)
	if len(items) != vocabularySize {
		t.Fatalf("%d items, want %d", len(items), vocabularySize)
	}
	seen := map[string]bool{}
	for _, it := range items {
		if seen[it.Label] {
			t.Errorf("%s is listed twice", it.Label)
		}
		seen[it.Label] = true
		switch it.Kind {
		case complete.KindKeyword:
			if it.Doc == "" || it.Detail != "" {
				t.Errorf("keyword %s: want a doc and no detail", it.Label)
			}
		case complete.KindElement:
			if it.Doc == "" || !strings.HasPrefix(it.Detail, it.Label+" ") {
				t.Errorf("element %s: want a doc and a signature starting with its name", it.Label)
			}
		case complete.KindFunction:
			if it.Doc != "" || !strings.HasPrefix(it.Detail, it.Label+"(") {
				t.Errorf("function %s: want a call signature and no doc", it.Label)
			}
		default:
			t.Errorf("%s has kind %q", it.Label, it.Kind)
		}
	}
}

// sweep lists, for every offset where the answer changes, the offset and
// the items after the fixed vocabulary, as JSON (docs are prose and left
// out; the rest is the contract).
func sweep(src []byte) []byte {
	f, _ := syntax.Parse(source.NewFile("plan.arch", src))
	var out bytes.Buffer
	prev := ""
	for off := 0; off <= len(src); off++ {
		items := complete.At(f, off)[vocabularySize:]
		for i := range items {
			items[i].Doc = ""
		}
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.Encode(append([]complete.Item{}, items...))
		if v := strings.TrimSpace(b.String()); v != prev {
			fmt.Fprintf(&out, "%d %s\n", off, v)
			prev = v
		}
	}
	return out.Bytes()
}

// TestGolden sweeps every offset of the plans in testdata. The goldens
// were checked against the reference implementation's answers.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.arch")
	if len(files) == 0 {
		t.Fatal("no testdata plans")
	}
	for _, p := range files {
		t.Run(filepath.Base(p), func(t *testing.T) {
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			got := sweep(src)
			gp := strings.TrimSuffix(p, ".arch") + ".golden"
			if golden.Update() {
				os.WriteFile(gp, got, 0o644)
			}
			want, err := os.ReadFile(gp)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("sweep differs from %s:\n%s", gp, got)
			}
		})
	}
}

// FuzzAt checks that any source and offset give the fixed vocabulary
// first and never a repeated label.
func FuzzAt(f *testing.F) {
	f.Add("plan \"P\" { let A = 1 for i in 0..2 { let B = i } }", 30)
	f.Add("plan \"P\" { component c(x, x) { zone z \"Z\" { let x = 1 } } }", 25)
	f.Add("", -5)
	f.Fuzz(func(t *testing.T, src string, off int) {
		items := at(src, off)
		if len(items) < vocabularySize {
			t.Fatalf("%d items", len(items))
		}
		seen := map[string]bool{}
		for _, it := range items {
			if it.Label == "" || seen[it.Label] {
				t.Fatalf("empty or repeated label %q", it.Label)
			}
			seen[it.Label] = true
		}
	})
}

func BenchmarkAt(b *testing.B) {
	src, err := os.ReadFile("testdata/scopes.arch")
	if err != nil {
		b.Fatal(err)
	}
	f, _ := syntax.Parse(source.NewFile("plan.arch", src))
	b.ReportAllocs()
	for b.Loop() {
		complete.At(f, 230)
	}
}
