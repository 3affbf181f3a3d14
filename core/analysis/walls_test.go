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

// TestWallsMatchScan holds the wall cells of the nav grid, measured once
// per row and column for a segment along an axis, to the cells measured
// one by one, on the testdata and on random walls: along either axis and
// oblique, on and off the cell lattice, of odd lengths and thicknesses.
func TestWallsMatchScan(t *testing.T) {
	plans := readPlans(t, "testdata/*.arch")
	rng := rand.New(rand.NewPCG(7, 8))
	coord := func() float64 {
		if rng.IntN(2) == 0 {
			return float64(rng.IntN(120) * 50)
		}
		return rng.Float64() * 6000
	}
	for i := range 200 {
		var b strings.Builder
		b.WriteString("plan \"P\" {\n  units mm\n  room id=a at (0,0) size 6000x6000\n")
		for range 1 + rng.IntN(8) {
			x0, y0, x1, y1 := coord(), coord(), coord(), coord()
			switch rng.IntN(3) {
			case 0:
				y1 = y0
			case 1:
				x1 = x0
			}
			fmt.Fprintf(&b, "  wall partition thickness %.3f { (%.3f,%.3f) (%.3f,%.3f) }\n", 50+rng.Float64()*300, x0, y0, x1, y1)
		}
		b.WriteString("}\n")
		plans[fmt.Sprintf("random %d", i)] = []byte(b.String())
	}
	compareResolved(t, plans, 200, func(p *ir.Plan, _ []byte) (int, string) {
		fast, scan := analysis.WallsBothWays(p)
		if !slices.Equal(fast, scan) {
			return 0, "the wall cells differ"
		}
		if slices.Contains(fast, true) {
			return 1, ""
		}
		return 0, ""
	})
}
