package analysis

import (
	"math"
	"slices"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// Nav-grid constants.
const (
	// BodyRadiusMm is the radius free cells are eroded by: a route passes
	// only where a person fits.
	BodyRadiusMm = 300
	// MaxGridCells caps the nav grid of an extreme extent (a long sliver
	// the cell budget does not bound); past it circulation is null.
	MaxGridCells = 4 * CellBudget
	// MinCellMm is the finest nav-grid cell.
	MinCellMm = 100
	// CellBudget bounds the nav grid's cell count.
	CellBudget = 250000
	// MaxCorridorMm bounds how far a connector's corridor is cut through
	// walls and furniture on each side (and how deep a doorway seed is
	// looked for).
	MaxCorridorMm = 2000
	// seedEps nudges a doorway seed off a cell boundary, into the room.
	seedEps = 1e-6
)

// navGrid is the occupancy raster circulation walks.
type navGrid struct {
	origin geom.Point
	cell   float64
	nx, ny int
	room   []int32   // room index of each cell, -1 outside every room
	free   []bool    // walkable after erosion
	open   []bool    // walkable before the connector corridors were cut
	width  []float64 // clear width of a connector's corridor cell (+Inf elsewhere)
	// hrun and vrun are the lengths of the free runs through each cell
	// along the rows and the columns.
	hrun, vrun []int32
	// clear is each cell's 4-connected step distance to the nearest
	// obstacle halo cell (walls are not obstacles here); noObstacle where
	// the plan has none.
	clear []int32
	// moved marks the corridor cells of a connector whose corridor was
	// moved off its centre by furniture: no approach squeeze there.
	moved []bool
	// cells lists each room's cells in raster order.
	cells [][]int32
	// mem lends the per-cell arrays; release gives them back.
	mem *scratch
	// The tables the step costs read (see costTables): which cells are
	// corridors, every width a step can cost in increasing order (a
	// rank indexes it), and per cell the ranks of its corridor width, of
	// the width of stepping over its boundary, and of the squeeze across
	// a horizontal and a vertical step into it.
	corr        []bool
	vals        []float64
	rInf, rZero rank
	rWidth      []rank
	rCross      []rank
	rSqueeze    [2][]rank
}

// noObstacle marks a clearance with no obstacle anywhere on the grid.
const noObstacle = math.MaxInt32

func (g *navGrid) idx(i, j int) int { return j*g.nx + i }

// release returns the grid's arrays to the pool; the grid is unusable
// afterwards.
func (g *navGrid) release() {
	putScratch(g.mem)
	g.mem = nil
}

func (g *navGrid) centre(k int) geom.Point {
	i, j := k%g.nx, k/g.nx
	return geom.Point{X: g.origin.X + (float64(i)+0.5)*g.cell, Y: g.origin.Y + (float64(j)+0.5)*g.cell}
}

func (g *navGrid) cellOf(q geom.Point) (int, bool) {
	i := int(math.Floor((q.X - g.origin.X) / g.cell))
	j := int(math.Floor((q.Y - g.origin.Y) / g.cell))
	if i < 0 || j < 0 || i >= g.nx || j >= g.ny {
		return 0, false
	}
	return g.idx(i, j), true
}

// CellSize is the nav-grid cell for a plan extent of w×h mm.
func CellSize(w, h float64) float64 {
	c := math.Ceil(math.Sqrt(w * h / CellBudget))
	if !(c > MinCellMm) {
		return MinCellMm
	}
	return c
}

// buildGrid rasterises the plan: room cells, wall and obstacle cells, then
// erosion by the body radius.
func (m *Model) buildGrid() *navGrid {
	p := m.Plan
	ext, ok := extentRect(p)
	if !ok {
		return nil
	}
	g := &navGrid{origin: ext.Min, cell: CellSize(ext.W(), ext.H()), mem: getScratch()}
	fx, fy := math.Ceil(ext.W()/g.cell), math.Ceil(ext.H()/g.cell)
	// A degenerate or absurd extent (a sliver, a coordinate near the float
	// limits) gets no grid rather than an unbounded one.
	if !(fx >= 1 && fy >= 1 && fx*fy <= MaxGridCells) {
		g.release()
		return nil
	}
	g.nx, g.ny = int(fx), int(fy)
	n := g.nx * g.ny
	g.room = g.mem.int32sFilled(n)
	solid := g.mem.boolSlice(n)
	for k := range g.room {
		g.room[k] = -1
	}
	// Each cell belongs to the first room, in source order, whose floor
	// holds its centre: rooms are rasterised in order over their bounds,
	// and a cell already taken stays with the earlier room.
	for r := range p.Rooms {
		room := &p.Rooms[r]
		b := room.Polygon.Bounds()
		if room.Shape == ir.RoomRect {
			g.each(b.Min, b.Max, func(k int, c geom.Point) {
				if g.room[k] < 0 && c.X >= b.Min.X && c.X <= b.Max.X && c.Y >= b.Min.Y && c.Y <= b.Max.Y {
					g.room[k] = int32(r)
				}
			})
		} else {
			g.rasterRing(room.Polygon, b, int32(r))
		}
	}
	g.listCells(len(p.Rooms))
	// Walls (less their doors and openings), furniture, columns and
	// vertical runs, each inflated by the body radius: a cell whose centre
	// falls inside is blocked.
	const rad = BodyRadiusMm
	for wi := range p.Walls {
		w := &p.Walls[wi]
		h := w.Thickness / 2
		for _, s := range w.Segments() {
			// A curved wall is gridded along its chord.
			l := s.Len()
			if l == 0 {
				continue
			}
			u := s.B.Sub(s.A).Mul(1 / l)
			lo := geom.Point{X: min(s.A.X, s.B.X) - h, Y: min(s.A.Y, s.B.Y) - h}
			hi := geom.Point{X: max(s.A.X, s.B.X) + h, Y: max(s.A.Y, s.B.Y) + h}
			g.each(lo, hi, func(k int, c geom.Point) {
				v := c.Sub(s.A)
				along, off := v.Dot(u), math.Abs(v.Cross(u))
				if along >= -geomEps && along <= l+geomEps && off <= h+geomEps {
					solid[k] = true
				}
			})
		}
	}
	halo := g.mem.boolSlice(n)
	rect := func(r geom.Rect) {
		lo := geom.Point{X: r.Min.X - rad, Y: r.Min.Y - rad}
		hi := geom.Point{X: r.Max.X + rad, Y: r.Max.Y + rad}
		g.each(lo, hi, func(k int, c geom.Point) {
			dx := max(max(r.Min.X-c.X, c.X-r.Max.X), 0)
			dy := max(max(r.Min.Y-c.Y, c.Y-r.Max.Y), 0)
			if math.Hypot(dx, dy) <= rad+geomEps {
				halo[k] = true
			}
		})
	}
	for _, f := range p.Furniture {
		rect(f.Rect)
	}
	for _, c := range p.Columns {
		rect(c.Rect)
	}
	for _, v := range p.Vertical {
		m.verticalHalo(g, v, halo)
	}
	g.free = g.mem.boolsFilled(n)
	for k := 0; k < n; k++ {
		g.free[k] = g.room[k] >= 0 && !solid[k] && !halo[k]
	}
	g.open = g.mem.boolsFilled(n)
	copy(g.open, g.free)
	// Each door and cased opening is a one-cell corridor through its wall,
	// on the line through its centre, reaching past the eroded band on
	// both sides. It carries the connector's clear width.
	g.width = g.mem.float64sFilled(n)
	g.moved = g.mem.boolSlice(n)
	for k := range g.width {
		g.width[k] = math.Inf(1)
	}
	for i := range p.Openings {
		op := &p.Openings[i]
		if op.Kind == ir.Window || op.OffWall || op.Wall < 0 || op.Wall >= len(p.Walls) {
			continue
		}
		if _, amb := m.Between(i); amb {
			continue // a connector with more than two candidates joins nothing
		}
		w := &p.Walls[op.Wall]
		segs := w.Segments()
		if op.Segment < 0 || op.Segment >= len(segs) {
			continue
		}
		sg := segs[op.Segment]
		var nrm geom.Point
		if op.Segment < len(w.Arcs) && w.Arcs[op.Segment].Arc {
			continue
		} else {
			d := sg.B.Sub(sg.A)
			if d.Len() == 0 {
				continue
			}
			d = d.Unit()
			nrm = geom.Point{X: -d.Y, Y: d.X}
		}
		clear := op.Width
		if op.Kind == ir.Door {
			clear -= DoorLeafLoss
		}
		shifted := false
		mark := func(k int) {
			if !g.open[k] {
				g.free[k] = true
				g.width[k] = min(g.width[k], clear)
				g.moved[k] = g.moved[k] || shifted
			}
		}
		// Walk the line out from the centre on each side, cell by cell,
		// through wall, halo and furniture cells until the first open cell
		// (at most MaxCorridorMm; the edge of the floor stops it). A
		// diagonal step also takes the cell beside it, so the corridor
		// stays 4-connected.
		// The corridor runs through the centre of the doorway, or, when
		// furniture crowds the floor there, through the nearest line
		// within the clear width that reaches open floor on both sides.
		ctr := op.Center
		dw := geom.Point{X: -nrm.Y, Y: nrm.X}
		found := false
		for i := 0; float64(i)*g.cell <= clear/2-g.cell/2+geomEps; i++ {
			q1, q2 := op.Center.Add(dw.Mul(float64(i)*g.cell)), op.Center.Sub(dw.Mul(float64(i)*g.cell))
			if !g.crowded(q1, nrm, solid, halo) && true {
				ctr, shifted, found = q1, i > 0, true
				break
			}
			if !g.crowded(q2, nrm, solid, halo) && true {
				ctr, shifted, found = q2, true, true
				break
			}
		}
		if !found && true {
			continue
		}
		c0, ok := g.cellOf(ctr)
		if !ok {
			continue
		}
		if g.room[c0] >= 0 {
			mark(c0)
		}
		maxSt := int(math.Ceil(MaxCorridorMm / g.cell * 4))
		for _, dir := range []float64{1, -1} {
			prev := c0
			for st := 1; st <= maxSt; st++ {
				k, ok := g.cellOf(ctr.Add(nrm.Mul(dir * float64(st) * g.cell / 4)))
				if !ok {
					break
				}
				if k == prev {
					continue
				}
				if g.room[k] < 0 {
					break
				}
				if prev%g.nx != k%g.nx && prev/g.nx != k/g.nx {
					if side := g.idx(k%g.nx, prev/g.nx); g.room[side] >= 0 {
						mark(side)
					}
				}
				if g.open[k] {
					break
				}
				mark(k)
				prev = k
			}
		}
	}
	g.pinches()
	g.clearance(halo)
	return g
}

// clearance fills g.clear: a two-pass city-block distance transform from
// the halo cells.
func (g *navGrid) clearance(halo []bool) {
	n := len(halo)
	g.clear = g.mem.int32sFilled(n)
	inf := int32(g.nx + g.ny)
	any := false
	for k := range halo {
		if halo[k] {
			any = true
			g.clear[k] = 0
		} else {
			g.clear[k] = inf
		}
	}
	if !any {
		for k := range g.clear {
			g.clear[k] = noObstacle
		}
		return
	}
	nx := g.nx
	// Forward: from the left and from above, row by row.
	for j := 0; j < g.ny; j++ {
		row := g.clear[j*nx : (j+1)*nx]
		if j > 0 {
			above := g.clear[(j-1)*nx : j*nx]
			for i := range row {
				row[i] = min(row[i], above[i]+1)
			}
		}
		for i := 1; i < len(row); i++ {
			row[i] = min(row[i], row[i-1]+1)
		}
	}
	// Backward: from the right and from below.
	for j := g.ny - 1; j >= 0; j-- {
		row := g.clear[j*nx : (j+1)*nx]
		if j < g.ny-1 {
			below := g.clear[(j+1)*nx : (j+2)*nx]
			for i := range row {
				row[i] = min(row[i], below[i]+1)
			}
		}
		for i := len(row) - 2; i >= 0; i-- {
			row[i] = min(row[i], row[i+1]+1)
		}
	}
}

// crossWidth is the clear width a walk has where it steps over an open
// room boundary into cell k: twice its clearance less one cell, or the
// whole grid's span when nothing obstructs the plan.
func (g *navGrid) crossWidth(k int) float64 {
	if g.clear[k] == noObstacle {
		return float64(g.nx+g.ny) * g.cell
	}
	return float64(2*g.clear[k]-1) * g.cell
}

// pinches measures the free runs through each cell along its row and its
// column. A step into an open cell is squeezed by the run across it: n
// cells read as a clear width of (2n-1) cells. Corridor cells carry their
// connector's width instead.
func (g *navGrid) pinches() {
	n := len(g.free)
	nx := g.nx
	hrun := g.mem.int32sFilled(n)
	vrun := g.mem.int32sFilled(n)
	g.hrun, g.vrun = hrun, vrun
	free := g.free[:n]
	for j := 0; j < g.ny; j++ {
		row, runs := free[j*nx:(j+1)*nx], hrun[j*nx:(j+1)*nx]
		for i := 0; i < nx; {
			if !row[i] {
				runs[i] = 0
				i++
				continue
			}
			e := i
			for e < nx && row[e] {
				e++
			}
			for a := i; a < e; a++ {
				runs[a] = int32(e - i)
			}
			i = e
		}
	}
	// Down the columns a row at a time (the memory order): first each
	// free cell's count of free cells from the top of its run down to it,
	// then, from the bottom row up, the count at the run's last cell
	// copied back up the run.
	for j := 0; j < g.ny; j++ {
		row, runs := free[j*nx:(j+1)*nx], vrun[j*nx:(j+1)*nx]
		if j == 0 {
			for i := range row {
				runs[i] = b2i(row[i])
			}
			continue
		}
		above := vrun[(j-1)*nx : j*nx]
		for i := range row {
			if row[i] {
				runs[i] = above[i] + 1
			} else {
				runs[i] = 0
			}
		}
	}
	for j := g.ny - 2; j >= 0; j-- {
		runs, below := vrun[j*nx:(j+1)*nx], vrun[(j+1)*nx:(j+2)*nx]
		for i := range runs {
			if runs[i] != 0 && below[i] != 0 {
				runs[i] = below[i]
			}
		}
	}
}

// b2i is 1 for true and 0 for false.
func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// rasterRing gives room r the free-of-owner cells whose centre lies on
// the ring's floor as RoomContains decides it for a polygon (within
// geomEps of an edge, or inside by the even-odd rule), row by row. On each
// row the even-odd test becomes a sweep over the row's edge crossings
// (sorted once), and the distance test is only made at the few columns
// each edge comes near.
func (g *navGrid) rasterRing(ring geom.Polygon, b geom.Rect, r int32) {
	n := len(ring)
	var xs []float64
	g.eachRow(b.Min, b.Max, func(j int, y float64) {
		i0, i1, ok := g.rowSpan(b.Min.X, b.Max.X)
		if !ok {
			return
		}
		xs = xs[:0]
		for e := 0; e < n; e++ {
			p, q := ring[e], ring[(e+1)%n]
			// An edge whose span in y misses the row by more than twice
			// the tolerance is neither near a centre on it nor crossed.
			if y < min(p.Y, q.Y)-2*geomEps || y > max(p.Y, q.Y)+2*geomEps {
				continue
			}
			// Centres within the tolerance of the edge: only the columns
			// under the part of the edge within the tolerance of the row.
			if lo, hi, near := bandX(p, q, y, 2*geomEps); near {
				a0 := max(i0, int(math.Floor((lo-nearSlackMm-g.origin.X)/g.cell-0.5)))
				a1 := min(i1, int(math.Ceil((hi+nearSlackMm-g.origin.X)/g.cell-0.5)))
				for i := a0; i <= a1; i++ {
					k := g.idx(i, j)
					if g.room[k] < 0 && distToSegment(g.centre(k), p, q) <= geomEps {
						g.room[k] = r
					}
				}
			}
			// The even-odd test of RoomContains pairs the edge as (i, i-1).
			p, q = q, p
			if (p.Y > y) != (q.Y > y) {
				xs = append(xs, (q.X-p.X)*(y-p.Y)/(q.Y-p.Y)+p.X)
			}
		}
		slices.Sort(xs)
		// A centre is inside when an odd number of crossings lie strictly
		// to its right.
		right := 0
		for i := i0; i <= i1; i++ {
			k := g.idx(i, j)
			cx := g.centre(k).X
			for right < len(xs) && xs[right] <= cx {
				right++
			}
			if g.room[k] < 0 && (len(xs)-right)%2 == 1 {
				g.room[k] = r
			}
		}
	})
}

// nearSlackMm widens the columns an edge's distance test visits, far
// beyond any rounding in the band's ends.
const nearSlackMm = 1

// bandX is the x extent of the part of segment pq within tol of the
// horizontal line at y, and whether any part is.
func bandX(p, q geom.Point, y, tol float64) (lo, hi float64, ok bool) {
	if p.Y == q.Y {
		if math.Abs(p.Y-y) > tol {
			return 0, 0, false
		}
		return min(p.X, q.X), max(p.X, q.X), true
	}
	t0 := (y - tol - p.Y) / (q.Y - p.Y)
	t1 := (y + tol - p.Y) / (q.Y - p.Y)
	if t0 > t1 {
		t0, t1 = t1, t0
	}
	t0, t1 = max(t0, 0), min(t1, 1)
	if t0 > t1 {
		return 0, 0, false
	}
	x0, x1 := p.X+t0*(q.X-p.X), p.X+t1*(q.X-p.X)
	return min(x0, x1), max(x0, x1), true
}

// eachRow calls f for every row whose centres could lie in [lo, hi] (the
// rows each visits), with the centre line's y.
func (g *navGrid) eachRow(lo, hi geom.Point, f func(j int, y float64)) {
	fj0 := math.Floor((lo.Y-g.origin.Y)/g.cell) - 1
	fj1 := math.Ceil((hi.Y-g.origin.Y)/g.cell) + 1
	if !(fj0 <= fj1) || math.IsNaN(lo.X) || math.IsNaN(hi.X) {
		return
	}
	j0, j1 := int(max(fj0, 0)), int(min(fj1, float64(g.ny-1)))
	for j := j0; j <= j1; j++ {
		f(j, g.origin.Y+(float64(j)+0.5)*g.cell)
	}
}

// eachInRow calls f for the cells of row j whose centres could lie in
// [x0, x1] (the columns each visits).
func (g *navGrid) eachInRow(j int, x0, x1 float64, f func(k int, c geom.Point)) {
	i0, i1, ok := g.rowSpan(x0, x1)
	if !ok {
		return
	}
	for i := i0; i <= i1; i++ {
		k := g.idx(i, j)
		f(k, g.centre(k))
	}
}

// rowSpan is the columns whose centres could lie in [x0, x1], widened by
// a cell and clamped to the grid; ok is false when there are none.
func (g *navGrid) rowSpan(x0, x1 float64) (i0, i1 int, ok bool) {
	fi0 := math.Floor((x0-g.origin.X)/g.cell) - 1
	fi1 := math.Ceil((x1-g.origin.X)/g.cell) + 1
	if !(fi0 <= fi1) {
		return 0, 0, false
	}
	i0, i1 = int(max(fi0, 0)), int(min(fi1, float64(g.nx-1)))
	return i0, i1, i0 <= i1
}

// listCells fills g.cells from g.room.
func (g *navGrid) listCells(rooms int) {
	count := make([]int, rooms)
	for _, r := range g.room {
		if r >= 0 {
			count[r]++
		}
	}
	all := g.mem.int32sFilled(len(g.room))[:0]
	g.cells = make([][]int32, rooms)
	for r, c := range count {
		g.cells[r] = all[len(all) : len(all)+c : len(all)+c]
		all = all[:len(all)+c]
	}
	next := make([]int32, rooms) // where each room's next cell goes
	at := int32(0)
	for r, c := range count {
		next[r] = at
		at += int32(c)
	}
	all = all[:at]
	for k, r := range g.room {
		if r >= 0 {
			all[next[r]] = int32(k)
			next[r]++
		}
	}
}

// each calls f for every cell whose centre lies in [lo, hi] (widened by a
// cell), row by row. Bounds off the grid, infinite or NaN visit nothing
// beyond it.
func (g *navGrid) each(lo, hi geom.Point, f func(k int, c geom.Point)) {
	g.eachRow(lo, hi, func(j int, _ float64) { g.eachInRow(j, lo.X, hi.X, f) })
}

// bfs returns the 4-connected step distance of every free cell from seed
// (-1 where unreachable).
func (g *navGrid) bfs(seed int) []int32 {
	dist := g.mem.int32sFilled(len(g.free))
	for k := range dist {
		dist[k] = -1
	}
	dist[seed] = 0
	q := g.mem.int32sFilled(len(g.free))[:1]
	q[0] = int32(seed)
	nx, ny := g.nx, g.ny
	for h := 0; h < len(q); h++ {
		k := int(q[h])
		i, j := k%nx, k/nx
		next := dist[k] + 1
		visit := func(n int) {
			if g.free[n] && dist[n] < 0 {
				dist[n] = next
				q = append(q, int32(n))
			}
		}
		if i+1 < nx {
			visit(k + 1)
		}
		if i > 0 {
			visit(k - 1)
		}
		if j+1 < ny {
			visit(k + nx)
		}
		if j > 0 {
			visit(k - nx)
		}
	}
	return dist
}

// seedCell is a connector's doorway cell on the side of room r: its centre
// stepped into the room by half the wall and half a cell.
func (m *Model) seedCell(g *navGrid, opIdx, r int) int {
	p := m.Plan
	op := &p.Openings[opIdx]
	room := &p.Rooms[r]
	if op.Wall >= 0 && op.Wall < len(p.Walls) && room.Shape == ir.RoomRect {
		w := &p.Walls[op.Wall]
		segs := w.Segments()
		if op.Segment >= 0 && op.Segment < len(segs) {
			s := segs[op.Segment]
			d := s.B.Sub(s.A)
			if d.Len() > 0 {
				d = d.Unit()
				n := geom.Point{X: -d.Y, Y: d.X}
				if !RoomContains(room, op.Center.Add(n.Mul(w.Thickness))) {
					n = n.Mul(-1)
				}
				// The first open cell inward, past any furniture in the
				// doorway.
				for off := w.Thickness/2 + g.cell/2 + seedEps; off <= MaxCorridorMm; off += g.cell {
					k, ok := g.cellOf(op.Center.Add(n.Mul(off)))
					if !ok {
						break
					}
					if g.open[k] {
						return k
					}
				}
			}
		}
	}
	return g.nearestOpen(op.Center, r)
}

// nearestOpen is the room cell nearest q that is walkable on its own (not
// only through a connector's corridor); -1 when none.
func (g *navGrid) nearestOpen(q geom.Point, room int) int {
	best, bd := -1, math.Inf(1)
	if room < 0 || room >= len(g.cells) {
		return -1
	}
	if len(g.cells[room]) > ringSearchCells {
		if k, ok := g.nearestOpenRings(q, room); ok {
			return k
		}
	}
	for _, k32 := range g.cells[room] {
		k := int(k32)
		if !g.open[k] {
			continue
		}
		d := g.centre(k).Sub(q).Len()
		if d < bd {
			best, bd = k, d
		}
	}
	return best
}

// ringSearchCells is the room size (in cells) past which nearestOpen looks
// outward from q ring by ring instead of measuring every cell.
const ringSearchCells = 256

// nearestOpenRings is nearestOpen by rings of cells round q's cell, out to
// where no cell can be nearer than the best found; ok is false when q is
// not a finite point (the caller then measures every cell). Ties go to the
// first cell in raster order, as in the full scan.
func (g *navGrid) nearestOpenRings(q geom.Point, room int) (int, bool) {
	fi, fj := math.Floor((q.X-g.origin.X)/g.cell), math.Floor((q.Y-g.origin.Y)/g.cell)
	if math.IsNaN(fi) || math.IsNaN(fj) || math.IsInf(fi, 0) || math.IsInf(fj, 0) {
		return -1, false
	}
	ci, cj := int(max(0, min(fi, float64(g.nx-1)))), int(max(0, min(fj, float64(g.ny-1))))
	// slack is how far q lies outside its (clamped) cell: a cell r rings
	// out has its centre at least (r-0.5) cells from that cell's box.
	box := geom.Rect{Min: geom.Point{X: g.origin.X + float64(ci)*g.cell, Y: g.origin.Y + float64(cj)*g.cell}}
	box.Max = geom.Point{X: box.Min.X + g.cell, Y: box.Min.Y + g.cell}
	dx := max(box.Min.X-q.X, q.X-box.Max.X, 0)
	dy := max(box.Min.Y-q.Y, q.Y-box.Max.Y, 0)
	slack := math.Hypot(dx, dy)
	best, bd := -1, math.Inf(1)
	try := func(i, j int) {
		if i < 0 || j < 0 || i >= g.nx || j >= g.ny {
			return
		}
		k := g.idx(i, j)
		if !g.open[k] || int(g.room[k]) != room {
			return
		}
		if d := g.centre(k).Sub(q).Len(); d < bd || (d == bd && k < best) {
			best, bd = k, d
		}
	}
	for r := 0; r <= g.nx+g.ny; r++ {
		if best >= 0 && (float64(r)-0.5)*g.cell-slack > bd+geomEps {
			break
		}
		if r == 0 {
			try(ci, cj)
			continue
		}
		for i := ci - r; i <= ci+r; i++ {
			try(i, cj-r)
			try(i, cj+r)
		}
		for j := cj - r + 1; j <= cj+r-1; j++ {
			try(ci-r, j)
			try(ci+r, j)
		}
	}
	return best, true
}

// roomTarget is the cell a walk to room r ends at: the open cell of the
// room (not a connector's corridor) nearest its centre.
func (m *Model) roomTarget(g *navGrid, r int) int {
	room := &m.Plan.Rooms[r]
	var c geom.Point
	switch room.Shape {
	case ir.RoomCircle:
		// The centroid of the 48-gon as the reference rings it: its
		// rounding decides between the cells equally near the centre.
		c = ringCentroid(room.Center, room.Radius)
	case ir.RoomPoly:
		// The area centroid, or, when it falls off the floor (a U round a
		// courtyard), the point deepest inside the ring.
		c = room.Polygon.Centroid()
		if !RoomContains(room, c) {
			c = pole(g, room, r)
		}
	default:
		c = room.Polygon.Bounds().Center()
	}
	if room.Shape == ir.RoomCircle {
		// The ring centroid's rounding decides between cells equally
		// near the centre: distances are compared exactly, and an exact
		// tie goes to the later cell in raster order.
		best, bd := -1, math.Inf(1)
		for _, k32 := range g.cells[r] {
			k := int(k32)
			if !g.open[k] {
				continue
			}
			if d := g.centre(k).Sub(c).Len(); d <= bd {
				best, bd = k, d
			}
		}
		if best >= 0 {
			return best
		}
	}
	return g.nearestOpen(c, r)
}

// circulation measures the walk from the first entrance to every room.
func (m *Model) circulation(acc Access, edges []Edge) *Circulation {
	if !acc.HasEntrance {
		return nil
	}
	var ent *Edge
	for i := range edges {
		if edges[i].IsEntrance() && (ent == nil || edges[i].Opening < ent.Opening) {
			ent = &edges[i]
		}
	}
	g := m.buildGrid()
	if g == nil {
		return nil
	}
	defer g.release()
	if ent == nil {
		return nil
	}
	g.costTables(ent.EstimatedClearWidth)
	c := &Circulation{EntranceID: ent.DoorID, CellSizeMm: g.cell, BodyRadiusMm: BodyRadiusMm, Rooms: []WalkRoom{}, Routes: []WalkRoute{}}
	r0 := -1
	for i := range m.Plan.Rooms {
		if m.Plan.Rooms[i].ID == ent.Between[1] {
			r0 = i
			break
		}
	}
	seed := -1
	if r0 >= 0 {
		seed = m.seedCell(g, ent.Opening, r0)
	}
	var dist []int32
	if seed >= 0 {
		dist = g.bfs(seed)
	}
	targets := make([]int, len(m.Plan.Rooms))
	for i := range m.Plan.Rooms {
		targets[i] = m.roomTarget(g, i)
	}
	// One search from the entrance labels the whole grid with no room
	// spared its squeeze; each room's walk then corrects the labels its
	// own floor changes (a walk is not squeezed inside the room it ends in).
	var ws *widestSearch
	for i := range m.Plan.Rooms {
		t := targets[i]
		if seed < 0 || t < 0 || dist[t] < 0 {
			continue // an unreachable room has no walk
		}
		if ws == nil {
			ws = g.newWidestSearch(false, -1, -1)
			ws.full(seed, min(ent.EstimatedClearWidth, g.width[seed]))
		}
		ws.skipRoom = i
		wide := ws.correct(i, t, true)
		ws.rollback()
		ws.skipRoom = -1
		wr := WalkRoom{RoomID: m.Plan.Rooms[i].ID}
		wr.WalkDistanceMm, wr.BottleneckClearWidthMm, wr.DetourRatio = g.walk(seed, t, dist[t], wide)
		c.Rooms = append(c.Rooms, wr)
	}
	c.Routes = m.routes(g, targets)
	return c
}

// walk reads the metrics of a walk from seed to t: steps is its length in
// cells, wide its widest path's narrowest width (+Inf when it crosses no
// connector).
func (g *navGrid) walk(seed, t int, steps int32, wide float64) (w, b, d *float64) {
	wv := float64(steps) * g.cell
	w = &wv
	if bv := wide; !math.IsInf(bv, 1) {
		b = &bv
	}
	if straight := g.centre(t).Sub(g.centre(seed)).Len(); straight > 0 {
		dv := Round2(wv / straight)
		d = &dv
	} else {
		dv := 1.0
		d = &dv
	}
	return
}

// routes measures the key functional routes: each kitchen to its nearest
// living or dining room, then each bedroom to its nearest bath or WC
// (nearest by walk).
func (m *Model) routes(g *navGrid, targets []int) []WalkRoute {
	p := m.Plan
	uses := make([][]string, len(p.Rooms))
	for i := range p.Rooms {
		uses[i] = RoomUses(p.Rooms[i].Uses, p.Rooms[i].Label, p.Rooms[i].ID)
	}
	has := func(i int, want ...string) bool {
		for _, u := range uses[i] {
			for _, w := range want {
				if u == w {
					return true
				}
			}
		}
		// Living and dining are read from the label (or id) too: the
		// label classifier does not infer them as uses.
		name := strings.ToLower(p.Rooms[i].Label)
		if name == "" {
			name = strings.ToLower(p.Rooms[i].ID)
		}
		for _, w := range want {
			if w == "living" || w == "dining" {
				if _, ok := matchTerm(name, w); ok {
					return true
				}
			}
		}
		return false
	}
	out := []WalkRoute{}
	for _, rule := range [][2][]string{{{"kitchen"}, {"living", "dining"}}, {{"bedroom"}, {"bath", "wc"}}} {
		var from, to []int
		for i := range p.Rooms {
			if targets[i] < 0 {
				continue
			}
			if has(i, rule[0]...) {
				from = append(from, i)
			}
			if has(i, rule[1]...) {
				to = append(to, i)
			}
		}
		if len(from) == 0 || len(to) == 0 {
			continue
		}
		// The nearest room of the second kind by walk (the first in source
		// order on a tie), other than the room itself: the two nearest
		// of every cell, from one search.
		near := g.nearestTwo(targets, to)
		var legs []routeLeg
		for _, i := range from {
			for _, l := range near[targets[i]] {
				if l.room >= 0 && int(l.room) != i {
					legs = append(legs, routeLeg{from: i, to: int(l.room), steps: l.steps})
					break
				}
			}
		}
		g.routeWidths(targets, legs)
		for _, l := range legs {
			r := WalkRoute{FromRoomID: p.Rooms[l.from].ID, ToRoomID: p.Rooms[l.to].ID}
			r.WalkDistanceMm, r.BottleneckClearWidthMm, r.DetourRatio = g.walk(targets[l.from], targets[l.to], l.steps, l.wide)
			out = append(out, r)
		}
	}
	return out
}

// routeLeg is one functional route: its rooms, its length in cells and its
// widest path's narrowest width.
type routeLeg struct {
	from, to int
	steps    int32
	wide     float64
}

// nearLabel is a room a cell is near: its index (-1: none) and the walk
// from the cell to its target, in cells.
type nearLabel struct {
	room  int32
	steps int32
}

// nearestTwo labels every free cell with the two nearest of the given
// rooms by walk to their targets (fewest steps first, then the lower room
// index), in one breadth-first search from all the targets at once: the
// second one answers a room that is itself the nearest. The lists are
// sparse: only cells that were reached have an entry.
func (g *navGrid) nearestTwo(targets, rooms []int) map[int][2]nearLabel {
	n := len(g.free)
	// Per cell, four numbers: the nearest room plus one (0: none) and its
	// steps, then the second's.
	lab := g.mem.int32s(4 * n)
	type entry struct{ k, room int32 }
	var front []entry
	for _, r := range rooms {
		t := targets[r]
		lab[4*t] = int32(r) + 1
		front = append(front, entry{int32(t), int32(r)})
	}
	var next []entry
	var touched []int32
	mark := g.mem.boolSlice(n)
	for step := int32(1); len(front) > 0; step++ {
		touched = touched[:0]
		for _, e := range front {
			c := e.room + 1
			for d := range dirs {
				m := g.neighbour(int(e.k), d)
				if m < 0 || !g.free[m] {
					continue
				}
				l := lab[4*m : 4*m+4 : 4*m+4]
				// (steps, room) orders the labels; every label here was set
				// at this step or before, so a new one only loses to an
				// earlier step or to a lower room at the same step.
				switch {
				case l[0] == c || l[2] == c:
					continue
				case l[0] == 0:
					l[0], l[1] = c, step
				case l[1] > step || (l[1] == step && l[0] > c):
					l[2], l[3] = l[0], l[1]
					l[0], l[1] = c, step
				case l[2] == 0 || l[3] > step || (l[3] == step && l[2] > c):
					l[2], l[3] = c, step
				default:
					continue
				}
				if !mark[m] {
					mark[m] = true
					touched = append(touched, int32(m))
				}
			}
		}
		next = next[:0]
		for _, m := range touched {
			mark[m] = false
			l := lab[4*m : 4*m+4]
			for h := 0; h < 4; h += 2 {
				if l[h] != 0 && l[h+1] == step {
					next = append(next, entry{m, l[h] - 1})
				}
			}
		}
		front, next = next, front
	}
	out := make(map[int][2]nearLabel, len(targets))
	for _, t := range targets {
		if t >= 0 {
			l := lab[4*t : 4*t+4]
			out[t] = [2]nearLabel{{l[0] - 1, l[1]}, {l[2] - 1, l[3]}}
		}
	}
	return out
}

// sharedLegs is how many legs to one destination justify a reverse search
// over the whole grid (a variable so the tests can force either way).
var sharedLegs = 8

// routeWidths fills each leg's widest-path width. A destination many legs
// share gets one reverse search from it, corrected per leg; a leg to a
// destination of its own gets a forward search that stops at it.
func (g *navGrid) routeWidths(targets []int, legs []routeLeg) {
	count := map[int]int{}
	for _, l := range legs {
		count[l.to]++
	}
	// Legs to one destination are taken together, so one reverse search
	// at a time is enough.
	order := make([]int, len(legs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return legs[a].to - legs[b].to })
	var point, rs *widestSearch
	for _, i := range order {
		l := &legs[i]
		s, t := targets[l.from], targets[l.to]
		if count[l.to] < sharedLegs {
			if point == nil {
				point = g.newWidestSearch(false, -1, -1)
			}
			point.skipRoom, point.skipFrom = l.to, l.from
			l.wide = point.pointToPoint(s, g.width[s], t)
			point.rollback()
			continue
		}
		if rs == nil {
			rs = g.newWidestSearch(true, l.to, -1)
			rs.full(t, math.Inf(1))
		} else if rs.skipRoom != l.to {
			// A new destination: the same labels, searched afresh.
			rs.reset()
			rs.skipRoom = l.to
			rs.full(t, math.Inf(1))
		}
		rs.skipFrom = l.from
		l.wide = min(g.width[s], rs.correct(l.from, s, false))
		rs.rollback()
		rs.skipFrom = -1
	}
}

// pole is the room's cell centre farthest inside its ring (distance to the
// nearest edge); on a tie the lowest row on the sheet, then the leftmost.
func pole(g *navGrid, room *ir.Room, r int) geom.Point {
	best, bd := room.Polygon.Centroid(), -1.0
	cells := g.cells[r]
	// Rows from the bottom of the sheet up, each left to right.
	for end := len(cells); end > 0; {
		row := int(cells[end-1]) / g.nx
		start := end - 1
		for start > 0 && int(cells[start-1])/g.nx == row {
			start--
		}
		for _, k := range cells[start:end] {
			c := g.centre(int(k))
			if d := DistToRoom(room, c); d > bd+geomEps {
				best, bd = c, d
			}
		}
		end = start
	}
	return best
}

// ringSides is the number of chords a circular room's floor is gridded
// with.
const ringSides = 48

// ringCentroid is the area centroid of the inscribed ring of a circle,
// its vertices at angles i/48 of a turn, summed in that order (the
// floating-point rounding picks a side in exact ties).
func ringCentroid(c geom.Point, r float64) geom.Point {
	pts := make([]geom.Point, ringSides)
	for i := range pts {
		a := float64(i) / ringSides * 2 * math.Pi
		pts[i] = geom.Point{X: c.X + r*math.Cos(a), Y: c.Y + r*math.Sin(a)}
	}
	var area, cx, cy float64
	for i := range pts {
		j := (i + 1) % len(pts)
		cr := pts[i].X*pts[j].Y - pts[j].X*pts[i].Y
		area += cr
		cx += (pts[i].X + pts[j].X) * cr
		cy += (pts[i].Y + pts[j].Y) * cr
	}
	area /= 2
	if area == 0 {
		return c
	}
	return geom.Point{X: cx / (6 * area), Y: cy / (6 * area)}
}

// entrySides are the edges of a vertical run a person steps on from:
// a stair's arrow tail (the foot of a `dir up` flight, the head of a `dir
// down` one), both narrow ends of an escalator, a lift car's south edge.
// Sides are 0 left (min x), 1 right (max x), 2 top (min y), 3 bottom (max y).
func entrySides(v ir.Vertical) []int {
	r := v.Rect
	if v.Kind == ir.Elevator {
		return []int{3}
	}
	vertical := r.H() >= r.W()
	lo, hi := 0, 1 // the flight's ends along its axis
	if vertical {
		lo, hi = 2, 3
	}
	if v.Kind == ir.Escalator {
		return []int{lo, hi}
	}
	if v.Dir == "down" {
		return []int{lo}
	}
	return []int{hi}
}

// verticalHalo marks the body-radius halo of a vertical run, lifted
// outside its entry edges so the landing stays walkable.
func (m *Model) verticalHalo(g *navGrid, v ir.Vertical, halo []bool) {
	const rad = BodyRadiusMm
	r := v.Rect
	sides := entrySides(v)
	lo := geom.Point{X: r.Min.X - rad, Y: r.Min.Y - rad}
	hi := geom.Point{X: r.Max.X + rad, Y: r.Max.Y + rad}
	g.each(lo, hi, func(k int, c geom.Point) {
		dx := max(max(r.Min.X-c.X, c.X-r.Max.X), 0)
		dy := max(max(r.Min.Y-c.Y, c.Y-r.Max.Y), 0)
		if math.Hypot(dx, dy) > rad+geomEps {
			return
		}
		for _, sd := range sides {
			switch {
			case sd == 0 && c.X < r.Min.X, sd == 1 && c.X > r.Max.X,
				sd == 2 && c.Y < r.Min.Y, sd == 3 && c.Y > r.Max.Y:
				return
			}
		}
		halo[k] = true
	})
}

// crowded reports whether the first floor cell past the wall on either side
// of a doorway line through q (along nrm) lies in an obstacle's halo.
func (g *navGrid) crowded(q, nrm geom.Point, solid, halo []bool) bool {
	maxSt := int(math.Ceil(MaxCorridorMm / g.cell * 4))
	for _, dir := range []float64{1, -1} {
		for st := 0; st <= maxSt; st++ {
			k, ok := g.cellOf(q.Add(nrm.Mul(dir * float64(st) * g.cell / 4)))
			if !ok || g.room[k] < 0 {
				break
			}
			if solid[k] {
				continue
			}
			if halo[k] {
				return true
			}
			break
		}
	}
	return false
}
