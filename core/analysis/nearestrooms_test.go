package analysis_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/plangen"
)

// TestNearestRoomsMatchesTwoLabels holds nearestRooms (one search from
// every destination for the rooms that are not destinations themselves, a
// search of its own for each that is) to the two-label search from every
// destination it replaced, on random lists of rooms of the analysis
// testdata and of generated plans.
func TestNearestRoomsMatchesTwoLabels(t *testing.T) {
	plans := walkPlans(t)
	plans["grid 6x5"] = plangen.Grid(6, 5)
	plans["12 bedrooms"] = manyBedrooms(12)
	for i := range 3 {
		plans[fmt.Sprintf("split row %d", i)] = splitRow(8, uint64(i))
	}
	compareResolved(t, plans, 100, func(p *ir.Plan, src []byte) (int, string) {
		return analysis.NearestBothWays(p, uint64(len(src)), 40)
	})
}

// splitRow is a row of n rooms with a door in some of the partitions
// between them (drawn by seed), so the floor falls into several parts not
// joined to each other.
func splitRow(n int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, 11))
	var b strings.Builder
	fmt.Fprintf(&b, "plan \"Split\" {\n  units mm\n  wall exterior thickness 200 { (0,0) (%d,0) (%d,4000) (0,4000) close }\n", n*3000, n*3000)
	for i := range n {
		fmt.Fprintf(&b, "  room id=r%d at (%d,0) size 3000x4000\n", i, i*3000)
		if i == 0 {
			continue
		}
		fmt.Fprintf(&b, "  wall id=p%d partition thickness 100 { (%d,0) (%d,4000) }\n", i, i*3000, i*3000)
		if rng.IntN(2) == 0 {
			fmt.Fprintf(&b, "  door on p%d at 50%% width 900\n", i)
		}
	}
	b.WriteString("}\n")
	return []byte(b.String())
}
