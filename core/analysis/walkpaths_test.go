package analysis_test

import (
	"testing"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/plangen"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// TestPathsBudget: on a plan of a few rooms every reachable room's walk is
// laid out; on a room grid at the argument cap the walks stop at the
// budget (MaxPathCells) instead of one grid search per room, and those
// laid out are the first rooms in plan order.
func TestPathsBudget(t *testing.T) {
	for _, c := range []struct {
		name string
		src  []byte
		all  bool
	}{
		{"small grid", plangen.GridOfSize(8 << 10), true},
		{"grid at the cap", plangen.GridOfSize(60 << 10), false},
	} {
		p, ds := compile.Resolve(source.NewFile("plan.arch", c.src))
		if ds.HasErrors() || p == nil {
			t.Fatalf("%s: does not resolve", c.name)
		}
		paths := analysis.Paths(p)
		walks := analysis.Walks(p)
		if paths == nil || walks == nil {
			t.Fatalf("%s: no circulation", c.name)
		}
		reachable := 0
		for _, r := range walks.Rooms {
			if r.WalkDistanceMm != nil {
				reachable++
			}
		}
		got := len(paths.Walks)
		if c.all && got != reachable {
			t.Errorf("%s: %d walks laid out, want all %d", c.name, got, reachable)
		}
		if !c.all {
			cells := analysis.GridCells(p)
			if limit := analysis.MaxPathCells / (2 * cells); got > limit || got >= reachable {
				t.Errorf("%s: %d of %d walks laid out, want at most %d (budget)", c.name, got, reachable, limit)
			}
		}
		for i, w := range paths.Walks {
			if w.To != walks.Rooms[i].RoomID {
				t.Errorf("%s: walk %d goes to %s, want the %d-th reachable room %s", c.name, i, w.To, i, walks.Rooms[i].RoomID)
				break
			}
		}
	}
}
