package compile

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/internal/golden"
)

// TestOverlayGolden draws the plans of testdata/overlay with the
// circulation overlay. The goldens were checked against the reference's
// drawings with the overlay on: the same layer, line for line, and 0%
// ink difference on every one.
func TestOverlayGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/overlay/*.arch")
	if len(files) == 0 {
		t.Fatal("no overlay plans")
	}
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(p, ".arch")
		t.Run(filepath.Base(name), func(t *testing.T) {
			r := Compile(src, Options{Overlay: OverlayCirculation})
			if !r.OK {
				t.Fatalf("did not compile: %v", r.Diagnostics)
			}
			got := []byte(r.Output)
			gp := name + ".svg"
			if golden.Update() {
				os.WriteFile(gp, got, 0o644)
			}
			want, err := os.ReadFile(gp)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("differs from %s", gp)
			}
			// Without the overlay (or with one this compiler does not
			// draw) the drawing is the plain plan.
			plain := Compile(src, Options{}).Output
			if other := Compile(src, Options{Overlay: "heatmap"}).Output; other != plain {
				t.Errorf("an unknown overlay changed the drawing")
			}
			if strings.Contains(r.Output, "stroke-dasharray") != (r.Output != plain) {
				t.Errorf("overlay drawn %v, differs from the plain plan %v", strings.Contains(r.Output, "stroke-dasharray"), r.Output != plain)
			}
		})
	}
}

// TestOverlayCacheKey: a cached compile keeps the plain and the overlaid
// drawings apart.
func TestOverlayCacheKey(t *testing.T) {
	src, err := os.ReadFile("testdata/overlay/grid2x2.arch")
	if err != nil {
		t.Fatal(err)
	}
	c := NewCache(1 << 20)
	plain := Compile(src, Options{Cache: c}).Output
	over := Compile(src, Options{Cache: c, Overlay: OverlayCirculation}).Output
	if plain == over || !strings.Contains(over, `<g id="A-ANNO"`) {
		t.Fatalf("the cache served the same drawing with and without the overlay")
	}
	if again := Compile(src, Options{Cache: c}).Output; again != plain {
		t.Fatalf("the plain drawing changed after an overlaid one")
	}
	if again := Compile(src, Options{Cache: c, Overlay: OverlayCirculation}).Output; again != over {
		t.Fatalf("the overlaid drawing changed")
	}
}

// BenchmarkCompileOverlay measures a compile with the circulation overlay
// (walks, pinches and key routes) of a furnished four-room flat.
func BenchmarkCompileOverlay(b *testing.B) {
	src, err := os.ReadFile("testdata/overlay/flat.arch")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		Compile(src, Options{Overlay: OverlayCirculation})
	}
}
