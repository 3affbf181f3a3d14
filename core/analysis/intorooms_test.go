package analysis_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/plangen"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// TestIntoRoomsMatchesScan holds the one-pass reading of every room's
// widest walk in to the same reading made room by room from the room's
// own cells, on the analysis testdata and on generated room grids.
func TestIntoRoomsMatchesScan(t *testing.T) {
	plans := readPlans(t, "testdata/*.arch", "testdata/intorooms/*.arch")
	for _, n := range []int{3000, 9000, 20000} {
		plans[fmt.Sprintf("grid of %d bytes", n)] = plangen.GridOfSize(n)
	}
	walked := 0
	for name, src := range plans {
		p, diags := compile.Resolve(source.NewFile("plan.arch", src))
		if p == nil || diags.HasErrors() {
			continue
		}
		pass, scan := analysis.IntoRoomsBothWays(p)
		if pass == nil {
			continue
		}
		walked++
		if !slices.Equal(pass, scan) {
			t.Errorf("%s: one pass %v, room by room %v", name, pass, scan)
		}
	}
	if walked < 4 {
		t.Fatalf("only %d plans have a walk", walked)
	}
}

// TestIntoRoomsEarly holds the walks into the rooms a search stops for,
// once they are settled, to the walks a search to the end measures, on the
// same plans as TestIntoRoomsMatchesScan.
func TestIntoRoomsEarly(t *testing.T) {
	compareResolved(t, walkPlans(t), 200, func(p *ir.Plan, src []byte) (int, string) {
		return analysis.IntoRoomsEarly(p, uint64(len(src)), 20)
	})
}

// TestWalksWithRoutes holds the walks from the entrance measured in the
// routes' pass to walkInto's, on the same plans as TestIntoRoomsEarly.
func TestWalksWithRoutes(t *testing.T) {
	plans := walkPlans(t)
	plans["12 bedrooms"] = manyBedrooms(12)
	compareResolved(t, plans, 200, func(p *ir.Plan, src []byte) (int, string) {
		return analysis.WalksWithRoutes(p, uint64(len(src)), 10)
	})
}

// TestWalkIntoPacked holds walkInto, which keeps the cells' costs in its
// labels' array, to walkIntoPlain, the search it replaced, label by label,
// on the same plans as TestIntoRoomsEarly and, when ARCHLANG_EXAMPLES
// names the examples' directory, on the examples.
func TestWalkIntoPacked(t *testing.T) {
	var examples []string
	if dir := os.Getenv("ARCHLANG_EXAMPLES"); dir != "" {
		examples = append(examples, filepath.Join(dir, "*.arch"))
	}
	compareResolved(t, walkPlans(t, examples...), 50, func(p *ir.Plan, src []byte) (int, string) {
		return analysis.WalkIntoPlain(p, uint64(len(src)), 12)
	})
}
