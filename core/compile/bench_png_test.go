package compile

import (
	"testing"

	"github.com/archlang-go/caddy-archlang/core/plangen"
)

// BenchmarkCompilePNG measures compile with format png on an ordinary
// plan (a 3×2 grid of furnished rooms): the SVG compile plus its
// rasterisation at the default width and the base64 of the PNG.
func BenchmarkCompilePNG(b *testing.B) {
	src := plangen.Grid(3, 2)
	b.ReportAllocs()
	for b.Loop() {
		if r := Compile(src, Options{Format: "png"}); !r.OK {
			b.Fatal(r.Diagnostics)
		}
	}
}
