package lint

import (
	"math"
	"slices"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// Room thresholds.
const (
	// enclosureReach is how far a wall's centreline may be from a room edge
	// (mm) and still close that edge.
	enclosureReach = analysis.TouchTolerance
	// enclosureGapMax is the longest unwalled run (mm) a wet room may have
	// before it is reported as open.
	enclosureGapMax = 300
)

// Fixture families a wet room or a kitchen is expected to contain.
var (
	bathFixtures    = []string{"wc", "toilet", "basin", "sink", "shower", "bathtub", "bath", "tub"}
	kitchenFixtures = []string{"kitchen_sink", "sink", "counter", "worktop", "stove", "hob", "cooktop", "oven", "fridge", "refrigerator"}
)

// roomName is how findings name a room: its label, else its id.
func roomName(r ir.Room) string {
	if r.Label != "" {
		return r.Label
	}
	return r.ID
}

// uses returns room i's uses as describe reports them.
func (c *checker) uses(i int) []string {
	if c.roomUses == nil {
		// Classifying a room reads its label word by word: once per room
		// per run, not once per rule that asks.
		c.roomUses = make([][]string, len(c.p.Rooms))
		for j := range c.p.Rooms {
			r := &c.p.Rooms[j]
			c.roomUses[j] = analysis.RoomUses(r.Uses, r.Label, r.ID)
		}
	}
	return c.roomUses[i]
}

func (c *checker) isBedroom(i int) bool { return slices.Contains(c.uses(i), "bedroom") }

func (c *checker) isBath(i int) bool {
	u := c.uses(i)
	return slices.Contains(u, "bath") || slices.Contains(u, "wc")
}

func (c *checker) isKitchen(i int) bool { return slices.Contains(c.uses(i), "kitchen") }

// openingsOf lists, for each room, the openings on its perimeter (those
// whose Touch holds it), in opening order: the rules that look at a room's
// openings read it instead of testing every opening against every room.
func openingsOf(m *analysis.Model, rooms int) [][]int {
	out := make([][]int, rooms)
	for k, rs := range m.Touch {
		for _, i := range rs {
			if i >= 0 && i < rooms && !slices.Contains(out[i], k) {
				out[i] = append(out[i], k)
			}
		}
	}
	return out
}

// roomRules runs the per-room checks, room by room.
func (c *checker) roomRules() {
	for i, r := range c.p.Rooms {
		name := roomName(r)
		if a := analysis.RoomArea(&c.p.Rooms[i]) / 1e6; a < c.prof.MinRoomArea {
			d := diag.New(diag.WarnRoomTooSmall, r.Span, "Room %s has %s m² of floor, less than the %s m² minimum.", quote(name), m2(a), m2(c.prof.MinRoomArea))
			d.Hints = []string{"Make its `size` larger, or fold it into the space next to it."}
			c.addIn(r.File, d)
		}
		if !c.spend(len(c.roomOps[i])) {
			return
		}
		var door, window bool
		for _, k := range c.roomOps[i] {
			switch c.p.Openings[k].Kind {
			case ir.Door, ir.Cased:
				door = true
			case ir.Window:
				window = true
			}
		}
		if !door {
			d := diag.New(diag.WarnRoomDisconnected, r.Span, "Room %s has no door or opening, so nobody can get in.", quote(name))
			d.Hints = []string{"Put a `door`, or a leafless `opening`, in one of the walls around it."}
			c.addIn(r.File, d)
		}
		if c.isBedroom(i) && !window {
			d := diag.New(diag.WarnBedroomNoWindow, r.Span, "Bedroom %s has no window.", quote(name))
			d.Hints = []string{"Put a `window` in one of its exterior walls, for daylight and a way out in an emergency."}
			c.addIn(r.File, d)
		}
		bath := c.isBath(i)
		if (bath || c.isKitchen(i)) && !c.spend(len(r.Polygon)*len(c.wallsNear(r.Polygon.Bounds(), enclosureReach))) {
			return
		}
		if bath {
			if gap := c.longestUnwalledRun(r); gap > enclosureGapMax {
				d := diag.New(diag.WarnRoomNotEnclosed, r.Span, "Bathroom %s is open to its surroundings: about %s mm of its outline has no wall.", quote(name), mm(gap))
				d.Hints = []string{"Carry the partition on until every side of the room is walled; doors and windows in a wall do not count as gaps."}
				c.addIn(r.File, d)
			}
		}
		if bath && !c.hasFixture(i, bathFixtures) {
			d := diag.New(diag.WarnRoomNoFixture, r.Span, "Bathroom %s contains no fixture (no WC, basin, shower or bath).", quote(name))
			d.Hints = []string{"Place its fixtures — a `wc`, a `basin` or a `shower` — for example from the bundled `lib/fixtures.arch`."}
			c.addIn(r.File, d)
		} else if !bath && c.isKitchen(i) && !c.hasFixture(i, kitchenFixtures) {
			d := diag.New(diag.WarnRoomNoFixture, r.Span, "Kitchen %s contains no fixture (no sink, counter, stove or fridge).", quote(name))
			d.Hints = []string{"Place its fixtures — a `kitchen_sink` and a `counter` — for example from the bundled `lib/fixtures.arch`."}
			c.addIn(r.File, d)
		}
	}
}

// hasFixture reports whether a piece of one of the types stands in room i
// (its centre on the room's floor).
func (c *checker) hasFixture(i int, types []string) bool {
	r := c.p.Rooms[i]
	near := c.pieceIndex().AppendQuery(c.scratch, r.Polygon.Bounds())
	c.scratch = near
	if !c.spend(len(near)) {
		return false
	}
	for _, k := range near {
		if f := c.p.Furniture[k]; slices.Contains(types, f.Type) && inPolygon(r.Polygon, f.Rect.Center()) {
			return true
		}
	}
	return false
}

// longestUnwalledRun is the longest stretch of one edge of the room's
// outline that no parallel wall within enclosureReach runs along.
func (c *checker) longestUnwalledRun(r ir.Room) float64 {
	ring := r.Polygon
	best := 0.0
	// Only walls within reach of the room can run along one of its edges.
	walls := c.wallsNear(ring.Bounds(), enclosureReach)
	for i := range ring {
		e := geom.Segment{A: ring[i], B: ring[(i+1)%len(ring)]}
		l := e.Len()
		if l <= geom.Eps {
			continue
		}
		u := e.B.Sub(e.A).Mul(1 / l)
		var cover [][2]float64
		for _, b := range walls {
			if math.Abs(b.d.Cross(u)) > 1e-9 {
				continue
			}
			_, off := e.Project(b.seg.A)
			if off > enclosureReach+geom.Eps {
				continue
			}
			t0, _ := e.Project(b.seg.A)
			t1, _ := e.Project(b.seg.B)
			lo, hi := math.Max(0, math.Min(t0, t1)), math.Min(l, math.Max(t0, t1))
			if hi > lo {
				cover = append(cover, [2]float64{lo, hi})
			}
		}
		slices.SortFunc(cover, func(a, b [2]float64) int {
			switch {
			case a[0] < b[0]:
				return -1
			case a[0] > b[0]:
				return 1
			}
			return 0
		})
		at := 0.0
		for _, iv := range cover {
			best = math.Max(best, iv[0]-at)
			at = math.Max(at, iv[1])
		}
		best = math.Max(best, l-at)
	}
	return best
}

// useNames are how the alias finding names an inferred use.
var useNames = map[string]string{
	"wc": "a WC", "bath": "a bathroom", "bedroom": "a bedroom", "kitchen": "a kitchen",
	"entry": "an entry", "hall": "a hall",
}

// aliasMatch reports rooms whose function was read from an indirect alias
// in their label, with a fix that states the inferred uses.
func (c *checker) aliasMatch() {
	for _, r := range c.p.Rooms {
		if len(r.Uses) > 0 {
			continue
		}
		ms := analysis.InferUses(r.Label, r.ID)
		var alias *analysis.UseMatch
		var all []string
		for k := range ms {
			all = append(all, ms[k].Use)
			if ms[k].Alias && alias == nil {
				alias = &ms[k]
			}
		}
		if alias == nil {
			continue
		}
		what := useNames[alias.Use]
		if what == "" {
			what = "a " + alias.Use
		}
		name := roomName(r)
		uses := strings.Join(all, " ")
		d := diag.New(diag.WarnAliasMatch, r.Span, "Room %s was taken to be %s only because its name contains %s, an indirect term; the classification is a guess.", quote(name), what, quote(alias.Term))
		d.Hints = []string{"State its function with `uses " + uses + "`."}
		d.Fixes = []diag.Fix{{Title: "state the room's function: add `uses " + uses + "` to " + quote(name),
			Applicability: "machine-applicable", FixID: "alias-uses",
			Edits: []diag.Edit{{Span: source.Span{Start: r.Span.End, End: r.Span.End}, NewText: " uses " + uses}}}}
		c.addIn(r.File, d)
	}
}
