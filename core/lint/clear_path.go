package lint

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// The per-room occupancy grid behind W_ROOM_NO_CLEAR_PATH.
const (
	// occMinCell is the finest cell (mm); rooms up to occCellBudget cells
	// at that size use it, larger ones grow the cell to stay in budget.
	occMinCell    = 100
	occCellBudget = 25_000
	// occMinFloor is the free floor (m²) a room must have before it is
	// checked, and the least floor (m²) a walk in must reach.
	occMinFloor = 1.0
	// maxOccCells bounds the cells one room's grid may hold, whatever its
	// shape (the budget bounds the area, not the bounding box).
	maxOccCells = 4 * occCellBudget
	// maxClearPathWays is the number of doorways a checked room has: one.
	maxClearPathWays = 1
)

// occGrid is one room's floor on a square grid: a cell is in the room when
// its centre is, and blocked when its centre is under a piece of furniture
// (edges included) or in a door leaf's sweep.
type occGrid struct {
	x0, y0 float64 // centre of cell (0, 0)
	cell   float64
	nx, ny int
	room   []bool
	free   []bool
}

// roomNoClearPath reports rooms whose floor is walled off from every door
// and opening by furniture and door sweeps: a walk starts, across the
// width of each opening, at the first free cell met going straight into
// the room, and the floor it can reach (4-neighbour steps) is under
// occMinFloor although the room has at least that much free.
func (c *checker) roomNoClearPath() {
	var doors []doorFrame
	for i := range c.p.Openings {
		op := &c.p.Openings[i]
		if op.Kind == ir.Door && op.DoorKind == "hinged" {
			if f, ok := c.frame(i); ok {
				doors = append(doors, f)
			}
		}
	}
	for i := range c.p.Rooms {
		if c.full("W_ROOM_NO_CLEAR_PATH") {
			return
		}
		var ways []doorFrame
		for _, k := range c.roomOps[i] {
			if c.p.Openings[k].Kind == ir.Window {
				continue
			}
			if f, ok := c.frame(k); ok {
				ways = append(ways, f)
			}
		}
		// Rooms with several ways in are left alone: how the reference
		// combines their walks is not pinned down yet (see the report).
		if len(ways) != maxClearPathWays {
			continue
		}
		rm := &c.p.Rooms[i]
		g, ok := newOccGrid(rm.Polygon)
		if !ok || !c.spend(g.nx*g.ny/64+len(c.p.Furniture)+len(doors)) {
			continue
		}
		g.block(c.p.Furniture, doors)
		cellArea := g.cell * g.cell / 1e6
		if float64(g.count(g.free))*cellArea < occMinFloor-1e-9 {
			continue
		}
		// The walk stops once it has reached enough floor: only a room
		// short of it is reported, with the exact area.
		reached := g.walk(ways, int(math.Ceil((occMinFloor+1e-9)/cellArea)))
		if a := float64(reached) * cellArea; a < occMinFloor-1e-9 {
			d := diag.New("W_ROOM_NO_CLEAR_PATH", rm.Span, "Room %s cannot be walked into: furniture and door sweeps close off the floor behind its %s (only %s m² can be reached).",
				quote(roomName(*rm)), plural2(len(ways), "doorway"), m2(a))
			d.Hints = []string{"Move or shrink the piece nearest the doorway so a strip of floor leads from it into the room."}
			c.addIn(rm.File, d)
		}
	}
}

// plural2 is "doorway" or "n doorways".
func plural2(n int, word string) string {
	if n == 1 {
		return word
	}
	return itoa(n) + " " + word + "s"
}

// occCell is the grid cell (mm) for a room of area a (mm²).
func occCell(a float64) float64 {
	return math.Max(occMinCell, math.Ceil(math.Sqrt(a/occCellBudget)))
}

// newOccGrid lays the grid over room polygon pg; false for a degenerate
// room or one whose box would need more than maxOccCells cells.
func newOccGrid(pg geom.Polygon) (*occGrid, bool) {
	if len(pg) < 3 {
		return nil, false
	}
	a := math.Abs(pg.Area())
	if !(a > 0) || math.IsInf(a, 0) {
		return nil, false
	}
	b := pg.Bounds()
	cell := occCell(a)
	nx, ny := int(math.Ceil(b.W()/cell-1e-9)), int(math.Ceil(b.H()/cell-1e-9))
	if nx <= 0 || ny <= 0 || float64(nx)*float64(ny) > maxOccCells {
		return nil, false
	}
	g := &occGrid{x0: b.Min.X + cell/2, y0: b.Min.Y + cell/2, cell: cell, nx: nx, ny: ny,
		room: make([]bool, nx*ny), free: make([]bool, nx*ny)}
	if isAxisRect(pg, b) {
		// Every centre within the tolerance of the rectangle is on its
		// floor: whole rows of the box, less the cells past its far sides.
		ya, yb := g.span(b.Min.Y, b.Max.Y+geom.Eps, g.y0, ny)
		xa, xb := g.span(b.Min.X, b.Max.X+geom.Eps, g.x0, nx)
		for y := ya; y <= yb; y++ {
			for x := xa; x <= xb; x++ {
				g.room[y*nx+x] = true
				g.free[y*nx+x] = true
			}
		}
		return g, true
	}
	for y := range ny {
		for x := range nx {
			if inPolygon(pg, g.centre(x, y)) {
				g.room[y*nx+x] = true
				g.free[y*nx+x] = true
			}
		}
	}
	return g, true
}

// isAxisRect reports whether pg is exactly its bounding box b: four
// corners, every edge along an axis.
func isAxisRect(pg geom.Polygon, b geom.Rect) bool {
	if len(pg) != 4 {
		return false
	}
	for i, q := range pg {
		r := pg[(i+1)%4]
		if q.X != r.X && q.Y != r.Y {
			return false
		}
		if (q.X != b.Min.X && q.X != b.Max.X) || (q.Y != b.Min.Y && q.Y != b.Max.Y) {
			return false
		}
	}
	return b.W() > 0 && b.H() > 0
}

func (g *occGrid) centre(x, y int) geom.Point {
	return geom.Point{X: g.x0 + float64(x)*g.cell, Y: g.y0 + float64(y)*g.cell}
}

// span returns the cells whose centres lie in [lo, hi] along one axis.
func (g *occGrid) span(lo, hi, origin float64, n int) (int, int) {
	a := int(math.Ceil((lo-origin)/g.cell - 1e-9))
	b := int(math.Floor((hi-origin)/g.cell + 1e-9))
	return max(a, 0), min(b, n-1)
}

// block marks the cells under furniture and inside hinged door sweeps.
func (g *occGrid) block(furn []ir.Furniture, doors []doorFrame) {
	for _, f := range furn {
		r := f.Rect
		x0, x1 := g.span(r.Min.X, r.Max.X, g.x0, g.nx)
		y0, y1 := g.span(r.Min.Y, r.Max.Y, g.y0, g.ny)
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				g.free[y*g.nx+x] = false
			}
		}
	}
	for _, d := range doors {
		s := d.swing(d.op.Hinge, 0)
		box := geom.Rect{Min: s.hinge, Max: s.hinge}
		for _, q := range []geom.Point{s.hinge.Add(s.u.Mul(s.r)), s.hinge.Add(s.v.Mul(s.r)), s.hinge.Add(s.u.Add(s.v).Mul(s.r))} {
			box = box.Union(geom.Rect{Min: q, Max: q})
		}
		x0, x1 := g.span(box.Min.X, box.Max.X, g.x0, g.nx)
		y0, y1 := g.span(box.Min.Y, box.Max.Y, g.y0, g.ny)
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				if s.contains(g.centre(x, y)) {
					g.free[y*g.nx+x] = false
				}
			}
		}
	}
}

func (g *occGrid) count(m []bool) int {
	n := 0
	for _, v := range m {
		if v {
			n++
		}
	}
	return n
}

// walk floods the free cells from every opening's starts and returns how
// many it reaches, stopping once it has reached enough (the count is then
// at least enough).
func (g *occGrid) walk(ways []doorFrame, enough int) int {
	seen := make([]bool, len(g.free))
	var queue []int
	for _, w := range ways {
		for _, k := range g.starts(w) {
			if !seen[k] {
				seen[k] = true
				queue = append(queue, k)
			}
		}
	}
	for h := 0; h < len(queue) && len(queue) < enough; h++ {
		k := queue[h]
		x, y := k%g.nx, k/g.nx
		for _, nb := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
			if nb[0] < 0 || nb[1] < 0 || nb[0] >= g.nx || nb[1] >= g.ny {
				continue
			}
			j := nb[1]*g.nx + nb[0]
			if g.free[j] && !seen[j] {
				seen[j] = true
				queue = append(queue, j)
			}
		}
	}
	return len(queue)
}

// starts are, for each line of cells running straight into the room
// across the opening's width, the first free cell on it.
func (g *occGrid) starts(w doorFrame) []int {
	n := w.n
	mid := w.a.Add(w.b).Mul(0.5)
	if !g.inRoom(mid.Add(n.Mul(g.cell))) && g.inRoom(mid.Sub(n.Mul(g.cell))) {
		n = n.Mul(-1)
	}
	width := w.op.Width
	best := map[int]struct {
		depth float64
		k     int
	}{}
	var order []int
	for k, in := range g.room {
		if !in {
			continue
		}
		p := g.centre(k%g.nx, k/g.nx).Sub(w.a)
		along, depth := p.Dot(w.d), p.Dot(n)
		if along < -1e-9 || along > width+1e-9 || depth <= 0 || !g.free[k] {
			continue
		}
		line := int(math.Floor(along/g.cell + 1e-9))
		if b, ok := best[line]; !ok || depth < b.depth {
			if !ok {
				order = append(order, line)
			}
			best[line] = struct {
				depth float64
				k     int
			}{depth, k}
		}
	}
	out := make([]int, 0, len(order))
	for _, l := range order {
		out = append(out, best[l].k)
	}
	return out
}

// inRoom reports whether p falls in a cell of the room.
func (g *occGrid) inRoom(p geom.Point) bool {
	x := int(math.Floor((p.X-g.x0)/g.cell + 0.5))
	y := int(math.Floor((p.Y-g.y0)/g.cell + 0.5))
	return x >= 0 && y >= 0 && x < g.nx && y < g.ny && g.room[y*g.nx+x]
}
