package analysis

import "github.com/archlang-go/caddy-archlang/core/ir"

// RoomGraph is a storey's rooms joined by connectors, with the exterior
// as one more node (Outside), for walks from the outside that may avoid
// some rooms. Its callers choose which connectors join what.
type RoomGraph struct {
	links   [][]int // per room, the rooms a connector joins it to
	outside []int   // the rooms a connector joins to the exterior
	// byID is each room id's index: the first room's, when rooms share it.
	byID map[string]int
}

// Outside is the exterior's node in a RoomGraph.
const Outside = -1

// NewRoomGraph returns a graph of rooms (nodes 0 to len(rooms)-1, in
// order) and no connectors.
func NewRoomGraph(rooms []ir.Room) *RoomGraph {
	g := &RoomGraph{links: make([][]int, len(rooms)), byID: make(map[string]int, len(rooms))}
	for i := len(rooms) - 1; i >= 0; i-- {
		g.byID[rooms[i].ID] = i
	}
	return g
}

// JoinIDs adds a connector between the rooms named a and b (Exterior
// names the outside), as describe's connectors name them; an end that
// names neither a room nor the exterior joins nothing.
func (g *RoomGraph) JoinIDs(a, b string) {
	i, okA := g.node(a)
	j, okB := g.node(b)
	if okA && okB {
		g.Join(i, j)
	}
}

// node is the node an id names.
func (g *RoomGraph) node(id string) (int, bool) {
	if id == Exterior {
		return Outside, true
	}
	i, ok := g.byID[id]
	return i, ok
}

// Join adds a connector between a and b, each a room index or Outside. A
// connector from a node to itself joins nothing.
func (g *RoomGraph) Join(a, b int) {
	switch {
	case a == b:
	case a == Outside:
		g.outside = append(g.outside, b)
	case b == Outside:
		g.outside = append(g.outside, a)
	default:
		g.links[a] = append(g.links[a], b)
		g.links[b] = append(g.links[b], a)
	}
}

// Entered reports whether any connector joins a room to the exterior.
func (g *RoomGraph) Entered() bool { return len(g.outside) > 0 }

// Reach reports per room whether a walk from the exterior reaches it
// without entering a room avoid accepts (nil avoids none). It is one
// breadth-first search, a pass over the connectors.
func (g *RoomGraph) Reach(avoid func(room int) bool) []bool {
	out := make([]bool, len(g.links))
	queue := make([]int, 0, len(g.links))
	visit := func(j int) {
		if !out[j] && (avoid == nil || !avoid(j)) {
			out[j] = true
			queue = append(queue, j)
		}
	}
	for _, j := range g.outside {
		visit(j)
	}
	for k := 0; k < len(queue); k++ {
		for _, j := range g.links[queue[k]] {
			visit(j)
		}
	}
	return out
}
