package analysis_test

import (
	"slices"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

func TestRoomGraphReach(t *testing.T) {
	// outside - a - b - c, d alone, e joined only to itself; the second
	// room named c is not the one an id reaches.
	rooms := []ir.Room{{ID: "a"}, {ID: "b"}, {ID: "c"}, {ID: "d"}, {ID: "e"}, {ID: "c"}}
	g := analysis.NewRoomGraph(rooms)
	g.JoinIDs(analysis.Exterior, "a")
	g.JoinIDs("b", "a")
	g.Join(1, 2)
	g.JoinIDs("e", "e")
	g.JoinIDs("d", "nowhere")
	g.Join(analysis.Outside, analysis.Outside)
	if !g.Entered() {
		t.Fatal("not entered")
	}
	if got, want := g.Reach(nil), []bool{true, true, true, false, false, false}; !slices.Equal(got, want) {
		t.Errorf("Reach(nil) = %v, want %v", got, want)
	}
	if got, want := g.Reach(func(r int) bool { return r == 1 }), []bool{true, false, false, false, false, false}; !slices.Equal(got, want) {
		t.Errorf("Reach(avoiding 1) = %v, want %v", got, want)
	}
	if analysis.NewRoomGraph(rooms).Entered() {
		t.Error("a graph without connectors is entered")
	}
}
