package lint

import (
	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// graph is the access graph as room-index adjacency; node -1 is the
// exterior (and every room a shaft arrives in on an upper storey).
type graph struct {
	links [][2]int
	rooms int
}

// exterior is the access graph's outside node.
const exterior = -1

// accessGraph builds the connector graph of the storey from describe's
// connectors.
func (c *checker) accessGraph() graph {
	idx := make(map[string]int, len(c.p.Rooms))
	for i := len(c.p.Rooms) - 1; i >= 0; i-- {
		idx[c.p.Rooms[i].ID] = i
	}
	node := func(s string) (int, bool) {
		if s == analysis.Exterior {
			return exterior, true
		}
		i, ok := idx[s]
		return i, ok
	}
	g := graph{rooms: len(c.p.Rooms)}
	for _, e := range c.m.Edges() {
		a, okA := node(e.Between[0])
		b, okB := node(e.Between[1])
		if okA && okB && a != b {
			g.links = append(g.links, [2]int{a, b})
		}
	}
	for _, r := range c.arrivals {
		g.links = append(g.links, [2]int{exterior, r})
	}
	return g
}

// reach returns which rooms can be reached from the exterior without
// passing through a room for which blocked is true.
func (g graph) reach(blocked func(int) bool) []bool {
	seen := make([]bool, g.rooms)
	queue := []int{exterior}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, l := range g.links {
			var o int
			switch n {
			case l[0]:
				o = l[1]
			case l[1]:
				o = l[0]
			default:
				continue
			}
			if o == exterior || seen[o] || blocked != nil && blocked(o) {
				continue
			}
			seen[o] = true
			queue = append(queue, o)
		}
	}
	return seen
}

// hasEntrance reports whether a door or cased opening is hosted on an
// exterior wall, or a shaft arrives on this storey.
func (c *checker) hasEntrance() bool {
	if len(c.arrivals) > 0 {
		return true
	}
	for i := range c.p.Openings {
		op := &c.p.Openings[i]
		if op.Kind != ir.Window && analysis.HostCategory(c.p, op) == analysis.Exterior {
			return true
		}
	}
	return false
}

// accessRules reports, room by room, rooms that no path reaches from the
// entrance and bathrooms that every path reaches through a bedroom.
func (c *checker) accessRules() {
	if !c.hasEntrance() {
		return
	}
	g := c.accessGraph()
	reached := g.reach(nil)
	var avoiding []bool
	for i, r := range c.p.Rooms {
		if !c.hasConnector(i) {
			continue // W_ROOM_DISCONNECTED already says so
		}
		name := roomName(r)
		if !reached[i] {
			d := diag.New("W_ROOM_UNREACHABLE", r.Span, "No route of doors and openings leads from the entrance to room %s.", quote(name))
			d.Hints = []string{"Join it by a door or a cased `opening` to a space on the way in, directly or through a hall."}
			c.add(d)
			continue
		}
		if !c.isBath(i) {
			continue
		}
		if avoiding == nil {
			avoiding = g.reach(c.isBedroom)
		}
		if !avoiding[i] {
			d := diag.New("W_BATH_VIA_BEDROOM", r.Span, "Every way into bathroom %s passes through a bedroom.", quote(name))
			d.Hints = []string{"Give it a door from a hall or living space; if it is an en-suite, the home needs a second bathroom off the circulation."}
			c.add(d)
		}
	}
}

// hasConnector reports whether a door or cased opening lies on room i's
// perimeter.
func (c *checker) hasConnector(i int) bool {
	for k, op := range c.p.Openings {
		if op.Kind != ir.Window && c.touches(k, i) {
			return true
		}
	}
	return false
}

// noEntrance reports a storey with rooms and an exterior wall but no way
// in: no door or opening on an exterior wall and no shaft arriving.
func (c *checker) noEntrance() {
	if len(c.p.Rooms) == 0 || c.hasEntrance() {
		return
	}
	ext := false
	for _, w := range c.p.Walls {
		ext = ext || string(w.Kind) == analysis.Exterior
	}
	if !ext {
		return
	}
	d := diag.New("W_NO_ENTRANCE", source.Span{}, "No door or opening is set in an exterior wall, so the building cannot be entered.")
	d.Unplaced = true
	d.Hints = []string{"Put a `door` (or a cased `opening`) in an `exterior` wall."}
	c.add(d)
}

// equatorFacing reports habitable rooms whose windows all miss the
// equator side, in a plan that declares its site.
func (c *checker) equatorFacing() {
	// Needs the site's equator side from core/analysis; see H14-needs.md.
}

// circulationRules are the nav-grid rules (W_ROOM_NO_CLEAR_PATH,
// W_PATH_TOO_NARROW, W_CIRCUITOUS_PATH).
func (c *checker) circulationRules() {}

// furnitureClearance is W_FURN_CLEARANCE.
func (c *checker) furnitureClearance() {}

// dimRules are W_DIM_INSIDE and W_DIM_OVERLAP.
func (c *checker) dimRules() {}
