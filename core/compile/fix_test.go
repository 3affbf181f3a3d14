package compile

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/internal/golden"
)

// indentJSON renders v as the goldens store it: indented, with <, > and &
// kept as they are.
func indentJSON(t testing.TB, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestFixGolden runs Fix, safe and unsafe, on testdata/fix/*.arch. The
// goldens were checked against the reference implementation: the JSON
// shape, pass counts, codes, order, skips and rewritten sources agree;
// fix titles are written in this project's own words.
func TestFixGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/fix/*.arch")
	if len(files) == 0 {
		t.Fatal("no fix plans")
	}
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, unsafe := range []bool{false, true} {
			name := strings.TrimSuffix(p, ".arch")
			if unsafe {
				name += ".unsafe"
			}
			t.Run(filepath.Base(name), func(t *testing.T) {
				got := indentJSON(t, Fix(src, FixOptions{Unsafe: unsafe}))
				gp := name + ".json"
				if golden.Update() {
					os.WriteFile(gp, got, 0o644)
				}
				want, err := os.ReadFile(gp)
				if err != nil {
					t.Fatalf("%v (run with -update)", err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("differs from %s:\n%s", gp, got)
				}
			})
		}
	}
}

// TestFixIsAFixpoint checks that fixing a fixed source changes nothing.
func TestFixIsAFixpoint(t *testing.T) {
	files, _ := filepath.Glob("testdata/fix/*.arch")
	for _, p := range files {
		src, _ := os.ReadFile(p)
		once := Fix(src, FixOptions{Unsafe: true})
		if once.Passes == 4 {
			continue // stopped by the bound, not at a fixpoint
		}
		twice := Fix([]byte(once.Source), FixOptions{Unsafe: true})
		if twice.Passes != 0 || twice.Source != once.Source || twice.OK != once.OK {
			t.Errorf("%s: a second run still changed the source (%d passes)", p, twice.Passes)
		}
	}
}

// FuzzFix: any source is fixed without a panic, within the pass bound,
// and a run that applies nothing returns the input unchanged.
func FuzzFix(f *testing.F) {
	files, _ := filepath.Glob("testdata/fix/*.arch")
	for _, p := range files {
		src, _ := os.ReadFile(p)
		f.Add(string(src), false)
	}
	f.Add("plan \"x\" { door at (0,0) width 900 open 7 }", true)
	f.Fuzz(func(t *testing.T, src string, unsafe bool) {
		r := Fix([]byte(src), FixOptions{Unsafe: unsafe})
		if r.Passes > 4 {
			t.Fatalf("%d passes", r.Passes)
		}
		if len(r.Applied) == 0 && r.Source != src {
			t.Fatal("nothing applied but the source changed")
		}
	})
}

func BenchmarkFix(b *testing.B) {
	src, err := os.ReadFile("testdata/fix/two-passes.arch")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		Fix(src, FixOptions{})
	}
}
