package analysis

import (
	"math"
	"slices"
	"sort"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// roomIndex answers "which rooms come within TouchTolerance of this
// point" without scanning every room: a uniform grid over the rooms'
// extents, grown by TouchTolerance, with cells about the size of a typical
// room. A room spanning more than maxRoomCells cells is kept aside and
// checked for every query. Candidates come back in room order, so the
// answers are those of a scan over all rooms.
type roomIndex struct {
	boxes  []geom.Rect
	origin geom.Point
	cell   float64
	cells  map[[2]int][]int
	big    []int
	// linear: no usable grid (non-finite extents); every room is a
	// candidate.
	linear bool
	n      int
}

// maxRoomCells is the most grid cells a room is filed under.
const maxRoomCells = 64

func newRoomIndex(p *ir.Plan) *roomIndex {
	n := len(p.Rooms)
	ix := &roomIndex{boxes: make([]geom.Rect, n), n: n}
	g := TouchTolerance + geomEps
	var ext geom.Rect
	sizes := make([]float64, 0, n)
	for i := range p.Rooms {
		b := roomBounds(&p.Rooms[i])
		b = geom.Rect{Min: geom.Point{X: b.Min.X - g, Y: b.Min.Y - g}, Max: geom.Point{X: b.Max.X + g, Y: b.Max.Y + g}}
		ix.boxes[i] = b
		if !finiteRect(b) {
			ix.linear = true
			return ix
		}
		if i == 0 {
			ext = b
		} else {
			ext = ext.Union(b)
		}
		sizes = append(sizes, math.Max(b.W(), b.H()))
	}
	if n < 32 {
		ix.linear = true // a scan is as quick
		return ix
	}
	sort.Float64s(sizes)
	ix.cell = sizes[len(sizes)/2]
	// At most about 4n cells over the extent.
	if a := ext.W() * ext.H() / float64(4*n); ix.cell*ix.cell < a {
		ix.cell = math.Sqrt(a)
	}
	if !(ix.cell > 0) || math.IsInf(ix.cell, 0) || ext.W()/ix.cell > 1<<30 || ext.H()/ix.cell > 1<<30 {
		ix.linear = true
		return ix
	}
	ix.origin = ext.Min
	ix.cells = make(map[[2]int][]int, 4*n)
	for i, b := range ix.boxes {
		c0, r0 := ix.at(b.Min)
		c1, r1 := ix.at(b.Max)
		if (c1-c0+1)*(r1-r0+1) > maxRoomCells {
			ix.big = append(ix.big, i)
			continue
		}
		for c := c0; c <= c1; c++ {
			for r := r0; r <= r1; r++ {
				ix.cells[[2]int{c, r}] = append(ix.cells[[2]int{c, r}], i)
			}
		}
	}
	return ix
}

func finiteRect(r geom.Rect) bool {
	for _, x := range []float64{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y} {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// at is the grid cell of q.
func (ix *roomIndex) at(q geom.Point) (int, int) {
	return int(math.Floor((q.X - ix.origin.X) / ix.cell)), int(math.Floor((q.Y - ix.origin.Y) / ix.cell))
}

// near returns, in room order, the rooms whose grown extent holds q: every
// room q can be within TouchTolerance of (and every room whose floor can
// hold q).
func (ix *roomIndex) near(q geom.Point) []int {
	var out []int
	if ix.linear || math.IsNaN(q.X) || math.IsNaN(q.Y) || math.IsInf(q.X, 0) || math.IsInf(q.Y, 0) {
		out = make([]int, ix.n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	c, r := ix.at(q)
	for _, list := range [][]int{ix.cells[[2]int{c, r}], ix.big} {
		for _, i := range list {
			b := ix.boxes[i]
			if q.X >= b.Min.X && q.X <= b.Max.X && q.Y >= b.Min.Y && q.Y <= b.Max.Y {
				out = append(out, i)
			}
		}
	}
	if len(ix.big) > 0 {
		slices.Sort(out)
	}
	return out
}

// rooms returns the model's room index, built on first use.
func (m *Model) rooms() *roomIndex {
	if m.index == nil {
		m.index = newRoomIndex(m.Plan)
	}
	return m.index
}

// openingRooms is OpeningRooms through the index.
func (m *Model) openingRooms(op *ir.Opening) []int {
	var out []int
	for _, i := range m.rooms().near(op.Center) {
		if DistToRoom(&m.Plan.Rooms[i], op.Center) <= TouchTolerance+geomEps {
			out = append(out, i)
		}
	}
	return out
}

// roomAt is RoomAt through the index.
func (m *Model) roomAt(q geom.Point) int {
	for _, i := range m.rooms().near(q) {
		if RoomContains(&m.Plan.Rooms[i], q) {
			return i
		}
	}
	return -1
}
