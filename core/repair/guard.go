package repair

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// Walk is one walk of a storey's circulation, as describe reports it: from
// the entrance to room Room, or a key functional route from room From to
// room To. Width is its narrowest clear width (nil: nothing narrows it).
type Walk struct {
	Room, From, To string
	Width          *float64
}

// Measure measures the walks of one storey (none when it has no modelled
// entrance). The repair takes it from its caller: the walk is describe's
// (core/analysis), which this package does not import. ok is false when
// the caller declines to measure (its budget for one repair is spent):
// the move in question then goes unguarded.
type Measure func(p *ir.Plan) (walks []Walk, ok bool)

// WalkMin is the clear width (mm) a move may not take a walk below: a
// step of a piece's repair that would narrow the walk from the entrance to
// a room, or a key functional route, from at least this much to less (or
// cut it off) is not taken, and the piece stays where the step found it.
const WalkMin = 700

// reasonPinch is the unresolved entry of a piece whose move was held back
// by the guard.
const reasonPinch = "moving it would narrow the walk to %q below 700 mm, so it was left where it stood: place it by hand"

// walkGuard measures the circulation of one storey as the repair moves
// its pieces: work is a copy of the storey whose furniture follows the
// moves taken so far.
type walkGuard struct {
	measureWalks Measure
	work         *ir.Plan
	// The walks with piece at rect, from the last measure (valid when
	// known); current when they are the walks of work as it stands.
	known, current bool
	piece          int
	rect           geom.Rect
	walks          []walk
}

// walk is one measured walk: its name as the unresolved entry gives it
// and its narrowest width (+Inf when it crosses nothing narrower).
type walk struct {
	key, name string
	width     float64
}

// newWalkGuard is the guard of storey p; nil (no guard) without a
// measure.
func newWalkGuard(p *ir.Plan, m Measure) *walkGuard {
	if m == nil {
		return nil
	}
	w := *p
	w.Furniture = append([]ir.Furniture(nil), p.Furniture...)
	return &walkGuard{measureWalks: m, work: &w}
}

// place records piece i's final place.
func (g *walkGuard) place(i int, r geom.Rect) {
	if g == nil {
		return
	}
	if g.work.Furniture[i].Rect == r {
		return
	}
	g.work.Furniture[i].Rect = r
	// The step just measured, taken: its walks are the storey's now.
	g.current = g.known && g.piece == i && g.rect == r
	g.known = g.current
}

// measure is the storey's walks with piece i at r; ok is false when they
// were not measured.
func (g *walkGuard) measure(i int, r geom.Rect) (walks []walk, ok bool) {
	if g.known && (g.piece == i && g.rect == r || g.current && g.work.Furniture[i].Rect == r) {
		return g.walks, true
	}
	old := g.work.Furniture[i].Rect
	g.work.Furniture[i].Rect = r
	ws, ok := g.measureWalks(g.work)
	g.work.Furniture[i].Rect = old
	if !ok {
		return nil, false
	}
	var out []walk
	for _, w := range ws {
		width := math.Inf(1)
		if w.Width != nil {
			width = *w.Width
		}
		if w.Room != "" {
			out = append(out, walk{key: "room " + w.Room, name: roomLabel(g.work, w.Room), width: width})
		} else {
			route := w.From + "→" + w.To
			out = append(out, walk{key: "route " + route, name: route, width: width})
		}
	}
	g.known, g.piece, g.rect, g.walks = true, i, r, out
	g.current = g.work.Furniture[i].Rect == r
	return out, true
}

// pinch names the first walk that moving piece i from r0 to r1 takes from
// at least WalkMin to less (or cuts off), in describe's order: rooms,
// then routes; "" when there is none, or when the walks could not be
// measured.
func (g *walkGuard) pinch(i int, r0, r1 geom.Rect) string {
	if g == nil || r0 == r1 {
		return ""
	}
	before, ok := g.measure(i, r0)
	if !ok {
		return ""
	}
	wide := false
	for _, w := range before {
		if w.width >= WalkMin {
			wide = true
			break
		}
	}
	if !wide {
		return ""
	}
	after, ok := g.measure(i, r1)
	if !ok {
		return ""
	}
	now := make(map[string]float64, len(after))
	for _, w := range after {
		now[w.key] = w.width
	}
	for _, w := range before {
		if w.width < WalkMin {
			continue
		}
		if v, ok := now[w.key]; !ok || v < WalkMin {
			return w.name
		}
	}
	return ""
}

// roomLabel is how the guard names a room: its label, else its id.
func roomLabel(p *ir.Plan, id string) string {
	for i := range p.Rooms {
		if p.Rooms[i].ID == id {
			if p.Rooms[i].Label != "" {
				return p.Rooms[i].Label
			}
			return id
		}
	}
	return id
}
