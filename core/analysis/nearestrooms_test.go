package analysis_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/plangen"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// TestNearestRoomsMatchesTwoLabels holds nearestRooms (one search from
// every destination for the rooms that are not destinations themselves, a
// search of its own for each that is) to the two-label search from every
// destination it replaced, on random lists of rooms of the analysis
// testdata and of generated plans.
func TestNearestRoomsMatchesTwoLabels(t *testing.T) {
	plans := map[string][]byte{}
	files, _ := filepath.Glob("testdata/*.arch")
	more, _ := filepath.Glob("testdata/intorooms/*.arch")
	for _, f := range append(files, more...) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		plans[f] = src
	}
	for _, n := range []int{3000, 9000, 20000} {
		plans[fmt.Sprintf("grid of %d bytes", n)] = plangen.GridOfSize(n)
	}
	plans["grid 6x5"] = plangen.Grid(6, 5)
	plans["12 bedrooms"] = manyBedrooms(12)
	found := 0
	for name, src := range plans {
		p, diags := compile.Resolve(source.NewFile("plan.arch", src))
		if p == nil || diags.HasErrors() {
			continue
		}
		n, diff := analysis.NearestBothWays(p, uint64(len(src)), 40)
		if diff != "" {
			t.Errorf("%s: %s", name, diff)
		}
		found += n
	}
	if found < 100 {
		t.Fatalf("only %d rooms found a nearest room", found)
	}
}
