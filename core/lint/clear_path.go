package lint

import (
	"math"
	"slices"

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
)

// occGrid is one room's floor on a square grid: a cell is in the room when
// its centre is, and blocked when its centre is under a piece of furniture
// (edges included).
type occGrid struct {
	x0, y0 float64 // centre of cell (0, 0)
	cell   float64
	nx, ny int
	cells  []occState
	// free counts the cells that are occFree.
	free int
}

// occState is what one cell of an occGrid holds.
type occState uint8

const (
	occOut     occState = iota // centre outside the room
	occFree                    // floor nothing stands on
	occBlocked                 // under furniture
	occReached                 // free floor a walk has reached
)

// roomNoClearPath reports rooms whose floor is walled off from every door
// and opening by furniture: one walk starts from all the room's doorways
// at once, each at the first free cell met going straight in from its
// midpoint (in an oblique wall, the free cell nearest it; see start), and
// the floor it reaches (4-neighbour steps, the reached cells
// of every doorway counted once) is under occMinFloor although the room
// has at least that much free.
func (c *checker) roomNoClearPath() {
	var ways []doorFrame
	var buf []occState // one grid's cells, reused from room to room
	for i := range c.p.Rooms {
		if c.full(diag.WarnRoomNoClearPath) {
			return
		}
		ways = ways[:0]
		for _, k := range c.roomOps[i] {
			if c.p.Openings[k].Kind == ir.Window {
				continue
			}
			if f, ok := c.wayFrame(k); ok {
				ways = append(ways, f)
			}
		}
		if len(ways) == 0 {
			continue
		}
		rm := &c.p.Rooms[i]
		if len(rm.Polygon) == 4 && !furnished(rm.Polygon.Bounds(), c.p.Furniture) && isAxisRect(rm.Polygon, rm.Polygon.Bounds()) {
			// An empty rectangle is never reported: a walk from any of
			// its doorways reaches all of its floor, and a room with less
			// than occMinFloor is not checked.
			continue
		}
		g, ok := newOccGrid(rm.Polygon, buf)
		if !ok || !c.spend(g.nx*g.ny/64+len(c.p.Furniture)) {
			continue
		}
		buf = g.cells
		g.block(c.p.Furniture)
		cellArea := g.cell * g.cell / 1e6
		if float64(g.free)*cellArea < occMinFloor-1e-9 {
			continue
		}
		// The walk stops once it has reached enough floor: only a room
		// short of it is reported, with the exact area.
		reached := g.walk(ways, int(math.Ceil((occMinFloor+1e-9)/cellArea)))
		if a := float64(reached) * cellArea; a < occMinFloor-1e-9 {
			d := diag.New(diag.WarnRoomNoClearPath, rm.Span, "Room %s cannot be walked into: furniture closes off the floor behind its %s (only %s m² can be reached).",
				quote(roomName(*rm)), plural2(len(ways), "doorway"), m2(a))
			d.Hints = []string{"Move or shrink the piece nearest the doorway so a strip of floor leads from it into the room."}
			c.addIn(rm.File, d)
		}
	}
}

// wayFrame frames opening k for the walk: on a straight wall as every door
// rule does; on a curved one along the tangent at its centre, so that going
// straight in follows the radius, as in the reference.
func (c *checker) wayFrame(k int) (doorFrame, bool) {
	if f, ok := c.frame(k); ok {
		return f, true
	}
	op := &c.p.Openings[k]
	if op.Wall < 0 || op.Wall >= len(c.p.Walls) {
		return doorFrame{}, false
	}
	w := c.p.Walls[op.Wall]
	if op.Segment < 0 || op.Segment >= len(w.Arcs) || !w.Arcs[op.Segment].Arc {
		return doorFrame{}, false
	}
	r := op.Center.Sub(w.Arcs[op.Segment].Center)
	if r.Len() <= geom.Eps {
		return doorFrame{}, false
	}
	r = r.Unit()
	d := geom.Point{X: -r.Y, Y: r.X}
	return doorFrame{op: op, a: op.Center.Sub(d.Mul(op.Width / 2)), b: op.Center.Add(d.Mul(op.Width / 2)),
		d: d, n: geom.Point{X: -d.Y, Y: d.X}, side: 1}, true
}

// furnished reports whether any piece of furniture reaches into box b
// (touching counts).
func furnished(b geom.Rect, furn []ir.Furniture) bool {
	for _, f := range furn {
		r := f.Rect
		if r.Min.X <= b.Max.X && r.Max.X >= b.Min.X && r.Min.Y <= b.Max.Y && r.Max.Y >= b.Min.Y {
			return true
		}
	}
	return false
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
// room or one whose box would need more than maxOccCells cells. The cells
// are laid in buf when it is large enough.
func newOccGrid(pg geom.Polygon, buf []occState) (*occGrid, bool) {
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
	if cap(buf) < nx*ny {
		buf = make([]occState, nx*ny)
	}
	buf = buf[:nx*ny]
	clear(buf)
	g := &occGrid{x0: b.Min.X + cell/2, y0: b.Min.Y + cell/2, cell: cell, nx: nx, ny: ny, cells: buf}
	if isAxisRect(pg, b) {
		// Every centre within the tolerance of the rectangle is on its
		// floor: whole rows of the box, less the cells past its far sides.
		ya, yb := g.span(b.Min.Y, b.Max.Y+geom.Eps, g.y0, ny)
		xa, xb := g.span(b.Min.X, b.Max.X+geom.Eps, g.x0, nx)
		if ya > yb || xa > xb {
			return g, true
		}
		// The first row's span, then copies of it.
		first := g.cells[ya*nx+xa : ya*nx+xb+1]
		for x := range first {
			first[x] = occFree
		}
		for y := ya + 1; y <= yb; y++ {
			copy(g.cells[y*nx+xa:y*nx+xb+1], first)
		}
		g.free = (yb - ya + 1) * (xb - xa + 1)
		return g, true
	}
	g.fill(pg)
	return g, true
}

// fill marks free every cell whose centre inPolygon puts in pg, row by row
// instead of cell by cell: a row's crossings with the edges are computed
// once (with inPolygon's own expression, so each parity is the same), and
// only the cells near an edge are tested for lying on the boundary. A room
// of n edges costs rows·n plus its cells, not cells·n.
func (g *occGrid) fill(pg geom.Polygon) {
	n := len(pg)
	edges := occEdges(pg)
	var xs []float64
	for y := range g.ny {
		cy := g.centre(0, y).Y
		xs = xs[:0]
		for i, j := 0, n-1; i < n; j, i = i, i+1 {
			a, b := pg[i], pg[j]
			if (a.Y > cy) != (b.Y > cy) {
				xs = append(xs, (b.X-a.X)*(cy-a.Y)/(b.Y-a.Y)+a.X)
			}
		}
		slices.Sort(xs)
		row := g.cells[y*g.nx : (y+1)*g.nx]
		k := 0
		for x := range row {
			px := g.centre(x, y).X
			for k < len(xs) && xs[k] <= px {
				k++
			}
			if (len(xs)-k)%2 == 1 {
				row[x] = occFree
				g.free++
			}
		}
		for k := range edges {
			g.markOnEdge(row, y, cy, &edges[k])
		}
	}
}

// occEdge is an edge of a room's ring from a to b, with what markOnEdge
// reads of it on every row measured once: the vector ab, its length l, and
// the tolerance reach0 onSegment allows off it (before the allowance for
// the row's own rounding).
type occEdge struct {
	a, b, ab  geom.Point
	l, reach0 float64
}

// occEdges lists the edges of pg as fill visits them: from each vertex
// i back to the one before it.
func occEdges(pg geom.Polygon) []occEdge {
	n := len(pg)
	edges := make([]occEdge, 0, n)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		a, b := pg[i], pg[j]
		ab := b.Sub(a)
		l := ab.Len()
		reach := geom.Eps
		if l > geom.Eps {
			reach = geom.Eps*max(1, l)/l + geom.Eps/l
		}
		edges = append(edges, occEdge{a: a, b: b, ab: ab, l: l, reach0: reach})
	}
	return edges
}

// markOnEdge marks free the cells of row y (centres at height cy) that
// onSegment puts on edge e. Only the cells within a generous reach of the
// edge are tested: onSegment's tolerance and the overshoot it allows past
// the ends are both far below a cell.
func (g *occGrid) markOnEdge(row []occState, y int, cy float64, e *occEdge) {
	a, b, ab, l := e.a, e.b, e.ab, e.l
	reach := 2*e.reach0 + 1e-9*(math.Abs(cy)+1)
	if cy < min(a.Y, b.Y)-reach || cy > max(a.Y, b.Y)+reach {
		return
	}
	lo, hi := min(a.X, b.X)-reach, max(a.X, b.X)+reach
	if ab.Y != 0 {
		// Along the row, the edge's band of half-width reach spans
		// reach·l/|ab.Y| either side of where its line crosses the row.
		xl := a.X + (cy-a.Y)*ab.X/ab.Y
		w := reach*l/math.Abs(ab.Y) + 1e-9*(math.Abs(xl)+1)
		lo, hi = max(lo, xl-w), min(hi, xl+w)
	}
	if lo > hi {
		return
	}
	x0 := max(int(math.Floor((lo-g.x0)/g.cell)), 0)
	x1 := min(int(math.Ceil((hi-g.x0)/g.cell)), g.nx-1)
	for x := x0; x <= x1; x++ {
		if row[x] != occFree && onSegment(a, b, g.centre(x, y)) {
			row[x] = occFree
			g.free++
		}
	}
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

// block marks the cells under furniture. Door leaves, columns and stairs
// leave the floor walkable here, as in the reference: a leaf's sweep is
// swung through, and a room's own swing never seals it.
func (g *occGrid) block(furn []ir.Furniture) {
	for _, f := range furn {
		r := f.Rect
		x0, x1 := g.span(r.Min.X, r.Max.X, g.x0, g.nx)
		y0, y1 := g.span(r.Min.Y, r.Max.Y, g.y0, g.ny)
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				if g.cells[y*g.nx+x] == occFree {
					g.cells[y*g.nx+x] = occBlocked
					g.free--
				}
			}
		}
	}
}

// walk floods the free cells from every opening's start and returns how
// many it reaches, stopping once it has reached enough (the count is then
// at least enough). Reached cells are marked occReached.
func (g *occGrid) walk(ways []doorFrame, enough int) int {
	queue := make([]int, 0, enough+4)
	for _, w := range ways {
		if k, ok := g.start(w); ok && g.cells[k] == occFree {
			g.cells[k] = occReached
			queue = append(queue, k)
		}
	}
	for h := 0; h < len(queue) && len(queue) < enough; h++ {
		k := queue[h]
		x, y := k%g.nx, k/g.nx
		for _, nb := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
			if nb[0] < 0 || nb[1] < 0 || nb[0] >= g.nx || nb[1] >= g.ny {
				continue
			}
			if j := nb[1]*g.nx + nb[0]; g.cells[j] == occFree {
				g.cells[j] = occReached
				queue = append(queue, j)
			}
		}
	}
	return len(queue)
}

// start is where a walk through opening w begins: in a wall along an axis,
// the first cell in the room and free met going straight in from the
// opening's midpoint (the cell that holds the midpoint, then the next one
// inward, and so on), false when that line meets no free cell; in an
// oblique wall, whose line of cells the reference does not follow, the
// free cell nearest the midpoint.
func (g *occGrid) start(w doorFrame) (int, bool) {
	n := w.n
	mid := w.a.Add(w.b).Mul(0.5)
	if math.Abs(w.d.X) > geom.Eps && math.Abs(w.d.Y) > geom.Eps {
		return g.nearestFree(mid)
	}
	if !g.inRoom(mid.Add(n.Mul(g.cell))) && g.inRoom(mid.Sub(n.Mul(g.cell))) {
		n = n.Mul(-1)
	}
	steps := g.nx + g.ny
	for i := range steps {
		x, y, ok := g.at(mid.Add(n.Mul((float64(i) + 0.5) * g.cell)))
		if !ok {
			continue
		}
		if k := y*g.nx + x; g.cells[k] == occFree {
			return k, true
		}
	}
	return 0, false
}

// nearestFree is the free cell whose centre is nearest p (the first in
// row order on a tie); false when no cell is free.
//
// A cell's distance is no less than either of its offsets along the axes
// (math.Hypot scales the larger by a factor of at least 1), so a row, or
// a cell, whose offset is already as far as the nearest so far less the
// tie margin cannot be nearer, and is passed without measuring it.
func (g *occGrid) nearestFree(p geom.Point) (int, bool) {
	best, bestD := -1, math.Inf(1)
	for y := range g.ny {
		if math.Abs(g.centre(0, y).Y-p.Y) >= bestD-1e-9 {
			continue
		}
		row := g.cells[y*g.nx : (y+1)*g.nx]
		for x, st := range row {
			if st != occFree {
				continue
			}
			c := g.centre(x, y)
			if math.Abs(c.X-p.X) >= bestD-1e-9 {
				continue
			}
			if d := c.Sub(p).Len(); d < bestD-1e-9 {
				best, bestD = y*g.nx+x, d
			}
		}
	}
	return best, best >= 0
}

// at is the cell holding p (a point on a boundary goes to the cell past
// it); false when p is off the grid.
func (g *occGrid) at(p geom.Point) (int, int, bool) {
	x := int(math.Floor((p.X-g.x0)/g.cell + 0.5 + 1e-9))
	y := int(math.Floor((p.Y-g.y0)/g.cell + 0.5 + 1e-9))
	return x, y, x >= 0 && y >= 0 && x < g.nx && y < g.ny
}

// inRoom reports whether p falls in a cell of the room.
func (g *occGrid) inRoom(p geom.Point) bool {
	x := int(math.Floor((p.X-g.x0)/g.cell + 0.5))
	y := int(math.Floor((p.Y-g.y0)/g.cell + 0.5))
	return x >= 0 && y >= 0 && x < g.nx && y < g.ny && g.cells[y*g.nx+x] != occOut
}
