package analysis_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/geom"
)

// TestRasterRingSweep: the row sweep gives a polygonal room exactly the
// cells testing every cell against every edge gives it, on random rings
// (self-crossing ones included) whose vertices often sit on cell centres
// and cell edges, where the tolerance decides.
func TestRasterRingSweep(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	const cell = 100.0
	for trial := range 3000 {
		n := 3 + rng.IntN(8)
		ring := make(geom.Polygon, n)
		for i := range ring {
			// Centres sit at 50 + 100k; edges at 100k.
			x := float64(rng.IntN(40)) * 50
			y := float64(rng.IntN(40)) * 50
			if rng.IntN(4) == 0 {
				x += rng.Float64() * 100
				y += rng.Float64() * 100
			}
			ring[i] = geom.Point{X: x, Y: y}
		}
		sweep, each := analysis.RasterRingBothWays(ring, geom.Rect{Max: geom.Point{X: 2100, Y: 2100}}, cell)
		if !slices.Equal(sweep, each) {
			t.Fatalf("trial %d, ring %v: the sweep and the per-cell test disagree", trial, ring)
		}
	}
}
