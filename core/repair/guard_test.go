package repair_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/repair"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// passage is a hall whose only way to the store runs between a table and
// a desk sunk into the partition; pushing the desk out of the wall
// narrows that passage.
func passage(tableW int) []byte {
	return fmt.Appendf(nil, `plan "G" {
  units mm
  grid 100
  wall exterior thickness 200 { (0,0) (7200,0) (7200,3000) (0,3000) close }
  wall id=v1 partition thickness 100 { (3600,0) (3600,3000) }
  room id=a at (0,0) size 3600x3000 label "Hall"
  room id=b at (3600,0) size 3600x3000 label "Store"
  door at (1000,0) width 900 wall exterior
  opening at (3600,2500) width 900 wall v1
  furniture table at (0,1200) size %dx600
  furniture desk at (3200,1200) size 500x600
}
`, tableW)
}

// TestGuardHoldsBackAPinchingMove: the desk is pushed out of the wall
// unless that takes the walk to the store from 700 mm or more to less; a
// walk already under 700 mm does not hold it back. The outcomes were read
// from the reference.
func TestGuardHoldsBackAPinchingMove(t *testing.T) {
	for _, c := range []struct {
		tableW int
		held   bool
	}{
		{1400, false}, // 900 mm before, 700 after
		{1600, false}, // 700 mm after: not below
		{1800, true},  // 700 mm before, 500 after
		{2000, false}, // 500 mm before already
		{2300, false},
	} {
		src := passage(c.tableW)
		f := source.NewFile("plan.arch", src)
		tree, _ := syntax.Parse(f)
		p, _ := compile.Resolve(f)
		// The facade's repair is the guarded one.
		res := compile.Repair(src, compile.RepairOptions{})
		moved, held := false, false
		for _, ch := range res.Changes {
			if ch.ID == "desk#2" && ch.Kind == "moved" {
				moved = true
			}
		}
		for _, u := range res.Unresolved {
			if u.ID == "desk#2" && strings.Contains(u.Reason, `"Store"`) {
				held = true
			}
		}
		if held != c.held || moved == c.held {
			t.Errorf("table %d mm: desk held back = %v, moved = %v; want held back = %v", c.tableW, held, moved, c.held)
		}
		// Without a measure, or with one that declines to measure (its
		// budget spent), nothing is held back.
		if res := repair.Run(f, tree, p); len(res.Changes) < 2 {
			t.Errorf("table %d mm: unguarded run moved %d pieces, want both", c.tableW, len(res.Changes))
		}
		declined := func(*ir.Plan) ([]repair.Walk, bool) { return nil, false }
		if res := repair.RunGuarded(f, tree, p, declined); len(res.Changes) < 2 {
			t.Errorf("table %d mm: a guard that measures nothing moved %d pieces, want both", c.tableW, len(res.Changes))
		}
	}
}
