package analysis

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/ir"
)

// Edge is one connector of the access graph, in describe's order: every
// door, then every cased opening, each in source order.
type Edge struct {
	Opening int // index into Plan.Openings
	AccessEdge
}

// Edges returns the access graph's connectors.
func (m *Model) Edges() []Edge {
	p := m.Plan
	var out []Edge
	for _, kind := range []ir.OpeningKind{ir.Door, ir.Cased} {
		for i := range p.Openings {
			op := &p.Openings[i]
			if op.Kind != kind {
				continue
			}
			b, amb := m.Between(i)
			e := AccessEdge{DoorID: op.ID, Kind: "door", NominalWidth: z(op.Width), Ambiguous: amb}
			e.EstimatedClearWidth = z(op.Width - DoorLeafLoss)
			if kind == ir.Cased {
				e.Kind = "opening"
				e.EstimatedClearWidth = z(op.Width)
			}
			copy(e.Between[:], b)
			if op.Wall >= 0 && op.Wall < len(p.Walls) {
				e.HostCategory = string(p.Walls[op.Wall].Kind)
				e.HostWallID = p.Walls[op.Wall].GenID
			}
			e.Exterior = len(b) > 0 && b[0] == Exterior
			out = append(out, Edge{Opening: i, AccessEdge: e})
		}
	}
	return out
}

// IsEntrance reports whether an edge is an entrance: a door or cased
// opening from the exterior into a room.
func (e *Edge) IsEntrance() bool {
	return e.Between[0] == Exterior && e.Between[1] != "" && e.Between[1] != Exterior
}

// Reach is one room's reachability from the exterior.
type Reach struct {
	// Depth is the number of connectors passed from the exterior; -1 when
	// the room cannot be reached.
	Depth int
	// Bottleneck is the widest path's narrowest clear width (mm).
	Bottleneck float64
}

// Reachability walks the access graph from the exterior and returns, per
// room (in room order), its depth and bottleneck clear width.
func (m *Model) Reachability(edges []Edge) []Reach {
	p := m.Plan
	idx := make(map[string]int, len(p.Rooms))
	for i := len(p.Rooms) - 1; i >= 0; i-- {
		idx[p.Rooms[i].ID] = i
	}
	const ext = -2
	node := func(s string) (int, bool) {
		if s == Exterior {
			return ext, true
		}
		i, ok := idx[s]
		return i, ok
	}
	type link struct {
		a, b int
		w    float64
	}
	var links []link
	for _, e := range edges {
		if e.Ambiguous {
			continue // a connector with more than two candidates joins nothing
		}
		a, okA := node(e.Between[0])
		b, okB := node(e.Between[1])
		if okA && okB && a != b {
			links = append(links, link{a, b, e.EstimatedClearWidth})
		}
	}
	out := make([]Reach, len(p.Rooms))
	for i := range out {
		out[i] = Reach{Depth: -1}
	}
	// Breadth-first depth.
	frontier := []int{ext}
	seen := map[int]bool{ext: true}
	for d := 1; len(frontier) > 0; d++ {
		var next []int
		for _, n := range frontier {
			for _, l := range links {
				o := -3
				if l.a == n {
					o = l.b
				} else if l.b == n {
					o = l.a
				}
				if o == -3 || seen[o] {
					continue
				}
				seen[o] = true
				if o >= 0 {
					out[o].Depth = d
				}
				next = append(next, o)
			}
		}
		frontier = next
	}
	// Widest path: repeatedly relax the best bottleneck.
	best := make(map[int]float64)
	best[ext] = math.Inf(1)
	for changed := true; changed; {
		changed = false
		for _, l := range links {
			for _, dir := range [2][2]int{{l.a, l.b}, {l.b, l.a}} {
				from, to := dir[0], dir[1]
				bf, ok := best[from]
				if !ok {
					continue
				}
				v := math.Min(bf, l.w)
				if cur, ok := best[to]; !ok || v > cur {
					best[to] = v
					changed = true
				}
			}
		}
	}
	for i := range out {
		if v, ok := best[i]; ok && out[i].Depth >= 0 {
			out[i].Bottleneck = v
		}
	}
	return out
}

func (m *Model) access() Access {
	edges := m.Edges()
	a := Access{Entrances: []string{}, Edges: []AccessEdge{}, Rooms: []AccessRoom{}}
	for i := range edges {
		a.Edges = append(a.Edges, edges[i].AccessEdge)
		if edges[i].IsEntrance() {
			a.Entrances = append(a.Entrances, edges[i].DoorID)
		}
	}
	a.HasEntrance = len(a.Entrances) > 0
	for i, r := range m.Reachability(edges) {
		ar := AccessRoom{ID: m.Plan.Rooms[i].ID, Reachable: r.Depth >= 0}
		if r.Depth >= 0 {
			d, w := r.Depth, r.Bottleneck
			ar.DepthFromEntrance, ar.BottleneckClearWidth = &d, &w
		}
		a.Rooms = append(a.Rooms, ar)
	}
	return a
}

// AccessFacts is describe's answer cut down to what reading the access
// graph needs, for callers that use nothing else (suggest): OK, the access
// facts (exactly as Describe reports them) and one empty entry per storey,
// with no circulation walk. Lint given these facts skips its circulation
// rules instead of walking the plan itself.
func AccessFacts(p *ir.Plan) *Facts { return NewModel(p).AccessFacts() }

// AccessFacts is the package's AccessFacts of m's plan, read from m, for a
// caller that reads the model for more than these facts.
func (m *Model) AccessFacts() *Facts {
	f := &Facts{OK: true}
	f.Summary.Access = m.access()
	f.Levels = make([]LevelFacts, len(m.Plan.Pages))
	return f
}
