package svg_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

// TestReferenceDrawings compiles each plan of testdata/ref and compares the
// drawing with the .svg beside it, which is the reference compiler's own
// drawing of that plan, taken unchanged from the oracle. Each plan pins
// one drawing rule found by probing the reference (its first comment line
// names the rule). These goldens are never rewritten from our output: a
// new one is fetched from the oracle and kept only once we draw it alike.
func TestReferenceDrawings(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "ref", "*.arch"))
	if len(files) == 0 {
		t.Fatal("no reference plans")
	}
	for _, p := range files {
		name := strings.TrimSuffix(p, ".arch")
		t.Run(filepath.Base(name), func(t *testing.T) {
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(name + ".svg")
			if err != nil {
				t.Fatal(err)
			}
			got := compile.Compile(src, compile.Options{}).Output
			if got != strings.TrimSuffix(string(want), "\n") && got != string(want) {
				t.Errorf("drawing differs from the reference's %s.svg", name)
			}
		})
	}
}
