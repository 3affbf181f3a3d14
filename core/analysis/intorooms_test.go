package analysis_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/compile"
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
	plans := readPlans(t, "testdata/*.arch", "testdata/intorooms/*.arch")
	for _, n := range []int{3000, 9000, 20000} {
		plans[fmt.Sprintf("grid of %d bytes", n)] = plangen.GridOfSize(n)
	}
	compared := 0
	for name, src := range plans {
		p, diags := compile.Resolve(source.NewFile("plan.arch", src))
		if p == nil || diags.HasErrors() {
			continue
		}
		n, diff := analysis.IntoRoomsEarly(p, uint64(len(src)), 20)
		if diff != "" {
			t.Errorf("%s: %s", name, diff)
		}
		compared += n
	}
	if compared < 200 {
		t.Fatalf("only %d walks compared", compared)
	}
}

// TestWalksWithRoutes holds the walks from the entrance measured in the
// routes' pass to walkInto's, on the same plans as TestIntoRoomsEarly.
func TestWalksWithRoutes(t *testing.T) {
	plans := readPlans(t, "testdata/*.arch", "testdata/intorooms/*.arch")
	for _, n := range []int{3000, 9000, 20000} {
		plans[fmt.Sprintf("grid of %d bytes", n)] = plangen.GridOfSize(n)
	}
	plans["12 bedrooms"] = manyBedrooms(12)
	compared := 0
	for name, src := range plans {
		p, diags := compile.Resolve(source.NewFile("plan.arch", src))
		if p == nil || diags.HasErrors() {
			continue
		}
		n, diff := analysis.WalksWithRoutes(p, uint64(len(src)), 10)
		if diff != "" {
			t.Errorf("%s: %s", name, diff)
		}
		compared += n
	}
	if compared < 200 {
		t.Fatalf("only %d walks compared", compared)
	}
}

// TestWalkIntoPacked holds walkInto, which keeps the cells' costs in its
// labels' array, to walkIntoPlain, the search it replaced, label by label,
// on the same plans as TestIntoRoomsEarly and, when ARCHLANG_EXAMPLES
// names the examples' directory, on the examples.
func TestWalkIntoPacked(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.arch")
	more, _ := filepath.Glob("testdata/intorooms/*.arch")
	files = append(files, more...)
	if dir := os.Getenv("ARCHLANG_EXAMPLES"); dir != "" {
		examples, _ := filepath.Glob(filepath.Join(dir, "*.arch"))
		files = append(files, examples...)
	}
	plans := map[string][]byte{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		plans[f] = src
	}
	for _, n := range []int{3000, 9000, 20000} {
		plans[fmt.Sprintf("grid of %d bytes", n)] = plangen.GridOfSize(n)
	}
	compared := 0
	for name, src := range plans {
		p, diags := compile.Resolve(source.NewFile("plan.arch", src))
		if p == nil || diags.HasErrors() {
			continue
		}
		n, diff := analysis.WalkIntoPlain(p, uint64(len(src)), 12)
		if diff != "" {
			t.Errorf("%s: %s", name, diff)
		}
		compared += n
	}
	if compared < 50 {
		t.Fatalf("only %d searches compared", compared)
	}
}
