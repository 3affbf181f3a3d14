package analysis_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// TestHaloMatchesScan holds the obstacle halo, filled a row at a time
// within each piece's span, to the halo measured cell by cell, on the
// testdata and on rooms of random furniture: pieces on and off the cell
// lattice, thinner than a cell, and reaching past the grid.
func TestHaloMatchesScan(t *testing.T) {
	plans := readPlans(t, "testdata/*.arch")
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 40 {
		var b strings.Builder
		b.WriteString("plan \"P\" {\n  units mm\n  room id=a at (0,0) size 6000x4000 label \"Kitchen\"\n")
		for range 1 + rng.IntN(12) {
			x, y := rng.Float64()*6500-250, rng.Float64()*4500-250
			w, h := 1+rng.Float64()*1500, 1+rng.Float64()*1500
			if rng.IntN(2) == 0 {
				x, y, w, h = float64(rng.IntN(60)*100), float64(rng.IntN(40)*100), float64(50+rng.IntN(20)*50), float64(50+rng.IntN(20)*50)
			}
			fmt.Fprintf(&b, "  furniture table at (%.3f,%.3f) size %.3fx%.3f\n", x, y, w, h)
		}
		b.WriteString("}\n")
		plans[fmt.Sprintf("random %d", i)] = []byte(b.String())
	}
	compareResolved(t, plans, 40, func(p *ir.Plan, _ []byte) (int, string) {
		fast, scan := analysis.HaloBothWays(p)
		if !slices.Equal(fast, scan) {
			return 0, "the halos differ"
		}
		if slices.Contains(fast, true) {
			return 1, ""
		}
		return 0, ""
	})
}
