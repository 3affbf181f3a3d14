package repair

import (
	"math"
	"strconv"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// Orientation reasons.
const (
	reasonTurned  = "turned so its back is against the wall on its %s side"
	reasonNoBack  = "faces the room, and no single wall suits its back (walls on its %s side): give it a `rotate` by hand"
	orientEpsilon = 1e-9
)

// orientation is what the orientation pass decided for a fixture standing
// at r: nothing, a turn to rot, or no single suitable wall (sides names
// the walled sides).
type orientation struct {
	turn  bool
	rot   int
	stuck bool
	sides string
}

// orient checks a fixture with a distinct back standing at r after the
// moves: when walls back some of its sides but not the one its rotate
// turns its back to, it is turned onto the one side that suits its
// proportions, or reported when none or several do. A fixture in a room
// with no sides (a polygon or circle) is left alone.
func orient(p *ir.Plan, fu *ir.Furniture, r geom.Rect) orientation {
	fx, ok := ir.WallFixtures[fu.Type]
	if !ok || !fx.Back || inShapedRoom(p, r.Center()) {
		return orientation{}
	}
	sides := walledSides(p, r)
	back := quarter(fu.Rotate)
	if sides == [ir.SideCount]bool{} || sides[back] {
		return orientation{}
	}
	var names []string
	fit, nfit := -1, 0
	// Top and bottom are named before left and right.
	for _, s := range [...]int{ir.SideTop, ir.SideBottom, ir.SideLeft, ir.SideRight} {
		if !sides[s] {
			continue
		}
		names = append(names, ir.SideNames[s])
		if fx.FitsBack(r, s) {
			fit, nfit = s, nfit+1
		}
	}
	if nfit == 1 {
		return orientation{turn: true, rot: fit * 90, sides: ir.SideNames[fit]}
	}
	return orientation{stuck: true, sides: strings.Join(names, "/")}
}

// walledSides reports, per side of r, whether a straight wall runs along
// it, to the middle of the side at least (see covers), with its
// centreline no further than BackReach from that side, beyond it or
// within the piece: a wall close to both sides of a narrow piece counts
// for both.
func walledSides(p *ir.Plan, r geom.Rect) [ir.SideCount]bool {
	var out [ir.SideCount]bool
	for _, b := range bands(p) {
		if !covers(b, r) {
			continue
		}
		if b.axis == 0 {
			mid := (b.solid.Min.Y + b.solid.Max.Y) / 2
			if math.Abs(r.Min.Y-mid) <= BackReach+orientEpsilon {
				out[ir.SideTop] = true
			}
			if math.Abs(mid-r.Max.Y) <= BackReach+orientEpsilon {
				out[ir.SideBottom] = true
			}
			continue
		}
		mid := (b.solid.Min.X + b.solid.Max.X) / 2
		if math.Abs(r.Min.X-mid) <= BackReach+orientEpsilon {
			out[ir.SideLeft] = true
		}
		if math.Abs(mid-r.Max.X) <= BackReach+orientEpsilon {
			out[ir.SideRight] = true
		}
	}
	return out
}

// quarter is the side a rotate (degrees) turns the back to.
func quarter(rot float64) int {
	q := int(math.Round(rot/90)) % ir.SideCount
	if q < 0 {
		q += ir.SideCount
	}
	return q
}

// inShapedRoom reports whether q lies inside a room that is not a
// rectangle, where a fixture has no sides to back onto.
func inShapedRoom(p *ir.Plan, q geom.Point) bool {
	for _, rm := range p.Rooms {
		if rm.Shape != ir.RoomRect && inPolygon(rm.Polygon, q) {
			return true
		}
	}
	return false
}

// inPolygon is the even-odd test of q against ring.
func inPolygon(ring geom.Polygon, q geom.Point) bool {
	in := false
	for i, j := 0, len(ring)-1; i < len(ring); j, i = i, i+1 {
		a, b := ring[i], ring[j]
		if (a.Y > q.Y) != (b.Y > q.Y) && q.X < (b.X-a.X)*(q.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

func itoa(n int) string { return strconv.Itoa(n) }

// rotateEdit sets a statement's rotate to rot: the number is replaced, or
// a clause is added after the size.
func rotateEdit(st *syntax.FurnitureStmt, rot int) rewrite {
	if st.Rotate != nil {
		return rewrite{sp: st.Rotate.Span(), text: itoa(rot)}
	}
	end := st.Sp.End
	if st.Size != nil {
		end = st.Size.Sp.End
	}
	return rewrite{sp: source.Span{Start: end, End: end}, text: " rotate " + itoa(rot)}
}
