package txt_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/render/txt"
	"github.com/archlang-go/caddy-archlang/internal/golden"
)

// pageBreak separates the storeys of a multi-level plan in a golden file.
const pageBreak = "\f\n"

// drawing compiles src to txt and returns every page, joined.
func drawing(t testing.TB, src []byte) string {
	t.Helper()
	r := compile.Compile(src, compile.Options{Format: "txt"})
	if !r.OK {
		t.Fatalf("compile failed: %v", r.Envelope().Diagnostics)
	}
	if r.Format != "txt" {
		t.Fatalf("format = %q, want txt", r.Format)
	}
	if len(r.Pages) == 0 {
		return r.Output
	}
	var outs []string
	for _, p := range r.Pages {
		outs = append(outs, p.Output)
	}
	return strings.Join(outs, pageBreak)
}

// TestGolden checks each plan in testdata against its drawing. The goldens
// were checked byte for byte against the reference's txt output.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.arch"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden plans: %v", err)
	}
	// testdata/offaxis holds walls off the axes and curved walls, the
	// plans drawn leg by leg.
	offaxis, err := filepath.Glob(filepath.Join("testdata", "offaxis", "*.arch"))
	if err != nil || len(offaxis) == 0 {
		t.Fatalf("no off-axis golden plans: %v", err)
	}
	files = append(files, offaxis...)
	for _, f := range files {
		name := strings.TrimSuffix(filepath.ToSlash(strings.TrimPrefix(f, "testdata"+string(filepath.Separator))), ".arch")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got := drawing(t, src)
			goldenPath := strings.TrimSuffix(f, ".arch") + ".txt"
			if golden.Update() {
				if err := os.WriteFile(goldenPath, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(goldenPath)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
				for i := 0; i < max(len(gl), len(wl)); i++ {
					var g, w string
					if i < len(gl) {
						g = gl[i]
					}
					if i < len(wl) {
						w = wl[i]
					}
					if g != w {
						t.Errorf("line %d:\n got  %q\n want %q", i, g, w)
					}
				}
			}
		})
	}
}

// TestDeterministic draws the same plans repeatedly and expects the same
// bytes every time.
func TestDeterministic(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.arch"))
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		first := drawing(t, src)
		for i := 0; i < 5; i++ {
			if got := drawing(t, src); got != first {
				t.Fatalf("%s: drawing %d differs from the first", f, i)
			}
		}
	}
}

// TestBounded holds the grid to its limits whatever the plan's size or
// shape, and survives degenerate input.
func TestBounded(t *testing.T) {
	wall := func(w, h float64) ir.Wall {
		return ir.Wall{Kind: "exterior", Thickness: 200, Closed: true,
			Points: []geom.Point{{X: 0, Y: 0}, {X: w, Y: 0}, {X: w, Y: h}, {X: 0, Y: h}}}
	}
	tests := []struct {
		name string
		plan *ir.Plan
	}{
		{"nil", nil},
		{"empty", &ir.Plan{}},
		{"huge", &ir.Plan{Walls: []ir.Wall{wall(1e11, 5e10)}}},
		{"tall", &ir.Plan{Walls: []ir.Wall{wall(100, 1e9)}}},
		{"wide", &ir.Plan{Walls: []ir.Wall{wall(1e9, 100)}}},
		{"nan", &ir.Plan{Walls: []ir.Wall{{Thickness: 100, Points: []geom.Point{{X: 0, Y: 0}, {X: nan(), Y: 1}}}},
			Openings: []ir.Opening{{Kind: ir.Door, Width: 900, Center: geom.Point{X: nan()}}}}},
		{"label", &ir.Plan{Rooms: []ir.Room{{ID: "r", Label: strings.Repeat("x", 10000),
			Polygon: geom.Polygon{{X: 0, Y: 0}, {X: 4000, Y: 0}, {X: 4000, Y: 3000}, {X: 0, Y: 3000}}}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := txt.Render(tc.plan)
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) > txt.MaxRows {
				t.Errorf("%d rows, want at most %d", len(lines), txt.MaxRows)
			}
			for i, l := range lines {
				if n := len([]rune(l)); n > txt.Cols {
					t.Errorf("row %d is %d wide, want at most %d", i, n, txt.Cols)
				}
			}
		})
	}
}

func nan() float64 {
	var z float64
	return z / z
}

func BenchmarkRender(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("testdata", "two-bed.arch"))
	if err != nil {
		b.Fatal(err)
	}
	r := compile.Compile(src, compile.Options{Format: "txt"})
	if !r.OK || r.Plan == nil {
		b.Fatal("two-bed does not compile")
	}
	b.ReportAllocs()
	for b.Loop() {
		txt.Render(r.Plan)
	}
}
