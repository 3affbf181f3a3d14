package analysis

import (
	"bytes"
	"encoding/binary"
	"math"
	"slices"
	"unsafe"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// navGrid is the occupancy raster circulation walks.
type navGrid struct {
	origin geom.Point
	cell   float64
	nx, ny int
	room   []int32 // room index of each cell, -1 outside every room
	free   []bool  // walkable after erosion
	open   []bool  // walkable before the connector corridors were cut
	// corridor holds the clear width of each connector's corridor cell
	// (see widthAt): few cells, so a map rather than a grid-sized array.
	corridor map[int32]float64
	// clear is each cell's 4-connected step distance to the nearest
	// obstacle halo cell over the whole grid, walls and doorways alike
	// (furniture beyond a wall narrows the floor on this side of it as much
	// as furniture in the room); noObstacle where the plan has no halo cell
	// at all.
	clear []int32
	// links has bit d set for each step d (see dirs) from the cell that
	// lands on a free cell of the grid, and bit 4+d too when that cell is
	// in another room (see roomSteps); stride is each step's index offset.
	// The searches read them instead of dividing a cell's index into its
	// column and row.
	links  []uint8
	stride [4]int
	// corrWidths holds the clear width of every connector a corridor may
	// be cut for (the widths corridor cells can carry).
	corrWidths []float64
	// cells lists each room's cells in raster order, for the rooms
	// roomCells was asked about; box is each room's raster box (see
	// rasterBox), where its cells lie.
	cells [][]int32
	box   []cellBox
	// mem lends the per-cell arrays; release gives them back.
	mem *scratch
	// The tables the step costs read (see costTables): every width a step
	// can cost in increasing order (a rank indexes it), and per cell the
	// rank a step onto it costs when no room is spared: a corridor cell's
	// connector width, flagged by corrBit, or any other cell's clear width.
	vals        []float64
	rInf, rZero rank
	cost        []rank
}

// noObstacle marks a clearance with no obstacle anywhere on the grid.
const noObstacle = math.MaxInt32

func (g *navGrid) idx(i, j int) int { return j*g.nx + i }

// widthAt is the clear width of a connector's corridor at cell k, +Inf
// off every corridor.
func (g *navGrid) widthAt(k int) float64 {
	if w, ok := g.corridor[int32(k)]; ok {
		return w
	}
	return math.Inf(1)
}

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

// gridShape is the nav grid laid over p: its origin, its cell size and its
// columns and rows. ok is false when p gets no grid: no extent, or a
// degenerate or absurd one (a sliver, a coordinate near the float limits)
// that would need more than MaxGridCells.
func gridShape(p *ir.Plan) (origin geom.Point, cell float64, nx, ny int, ok bool) {
	ext, ok := extentRect(p)
	if !ok {
		return geom.Point{}, 0, 0, 0, false
	}
	cell = CellSize(ext.W(), ext.H())
	fx, fy := math.Ceil(ext.W()/cell), math.Ceil(ext.H()/cell)
	if !(fx >= 1 && fy >= 1 && fx*fy <= MaxGridCells) {
		return geom.Point{}, 0, 0, 0, false
	}
	return ext.Min, cell, int(fx), int(fy), true
}

// buildGrid rasterises the plan in phases: the rooms' cells, the walls,
// the obstacles' halos (erosion by the body radius), the doorways cut back
// through the walls, then the clearance the walks' widths read.
func (m *Model) buildGrid() *navGrid {
	p := m.Plan
	origin, cell, nx, ny, ok := gridShape(p)
	if !ok {
		return nil
	}
	g := &navGrid{origin: origin, cell: cell, nx: nx, ny: ny, mem: getScratch()}
	n := g.nx * g.ny
	g.room = g.mem.int32sFilled(n)
	g.rasterRooms(p)
	solid := g.walls(p)
	halo := m.obstacleHalo(g)
	g.free = g.mem.boolsFilled(n)
	room, free := g.room[:n], g.free[:n]
	solid, halo = solid[:n], halo[:n]
	// Walkable: on a room's floor, off the walls and out of every halo;
	// the last two eight cells at a time (a bool is a byte, 0 or 1).
	for k := range free {
		free[k] = room[k] >= 0
	}
	fb, sb, hb := boolBytes(free), boolBytes(solid), boolBytes(halo)
	k := 0
	for ; k+8 <= n; k += 8 {
		le.PutUint64(fb[k:], le.Uint64(fb[k:])&^(le.Uint64(sb[k:])|le.Uint64(hb[k:])))
	}
	for ; k < n; k++ {
		fb[k] &^= sb[k] | hb[k]
	}
	g.open = g.mem.boolsFilled(n)
	copy(g.open, g.free)
	m.cutDoorways(g, solid, halo)
	g.link()
	g.clearance(halo)
	return g
}

// rasterRooms gives each cell the first room, in source order, whose floor
// holds its centre: rooms are rasterised in order over their bounds, and a
// cell already taken stays with the earlier room.
func (g *navGrid) rasterRooms(p *ir.Plan) {
	fillInt32(g.room, -1)
	g.cells = make([][]int32, len(p.Rooms))
	g.box = make([]cellBox, len(p.Rooms))
	for r := range p.Rooms {
		room := &p.Rooms[r]
		b := room.Polygon.Bounds()
		g.box[r] = g.rasterBox(b)
		if room.Shape == ir.RoomRect {
			g.fillRect(b, int32(r))
		} else {
			g.rasterRing(room.Polygon, b, int32(r))
		}
	}
}

// cellBox is a block of the grid's columns i0..i1 and rows j0..j1 (empty
// when i0 > i1 or j0 > j1).
type cellBox struct{ i0, i1, j0, j1 int }

// cells is how many cells the box holds.
func (c cellBox) cells() int {
	if c.i0 > c.i1 || c.j0 > c.j1 {
		return 0
	}
	return (c.i1 - c.i0 + 1) * (c.j1 - c.j0 + 1)
}

// rasterBox is the block of cells rasterising a room with bounds b can
// give it: the rows and columns fillRect and rasterRing visit.
func (g *navGrid) rasterBox(b geom.Rect) cellBox {
	j0, j1, okj := g.rowRange(b.Min, b.Max)
	i0, i1, oki := g.columnRange(b.Min.X, b.Max.X)
	if !okj || !oki {
		return cellBox{i0: 1, i1: 0}
	}
	return cellBox{i0, i1, j0, j1}
}

// roomCells lists room r's cells in raster order, read from its raster box
// the first time it is asked for.
func (g *navGrid) roomCells(r int) []int32 {
	if g.cells[r] != nil {
		return g.cells[r]
	}
	b := g.box[r]
	cells := []int32{}
	if b.cells() > 0 {
		// Counted first, so the list is made once at its size.
		c := 0
		for j := b.j0; j <= b.j1; j++ {
			for _, x := range g.room[j*g.nx+b.i0 : j*g.nx+b.i1+1] {
				if int(x) == r {
					c++
				}
			}
		}
		cells = make([]int32, 0, c)
		for j := b.j0; j <= b.j1; j++ {
			for k := j*g.nx + b.i0; k <= j*g.nx+b.i1; k++ {
				if int(g.room[k]) == r {
					cells = append(cells, int32(k))
				}
			}
		}
	}
	g.cells[r] = cells
	return cells
}

// fillRect gives room r the cells not yet taken whose centre lies in b
// (edges included): the columns and rows whose centres fall inside are
// found once, then filled a row at a time.
func (g *navGrid) fillRect(b geom.Rect, r int32) {
	j0, j1, ok := g.rowRange(b.Min, b.Max)
	if !ok {
		return
	}
	i0, i1, ok := g.columnRange(b.Min.X, b.Max.X)
	if !ok {
		return
	}
	in := func(v, lo, hi float64) bool { return v >= lo && v <= hi }
	cx := func(i int) float64 { return g.origin.X + (float64(i)+0.5)*g.cell }
	cy := func(j int) float64 { return g.origin.Y + (float64(j)+0.5)*g.cell }
	for i0 <= i1 && !in(cx(i0), b.Min.X, b.Max.X) {
		i0++
	}
	for i1 >= i0 && !in(cx(i1), b.Min.X, b.Max.X) {
		i1--
	}
	for j0 <= j1 && !in(cy(j0), b.Min.Y, b.Max.Y) {
		j0++
	}
	for j1 >= j0 && !in(cy(j1), b.Min.Y, b.Max.Y) {
		j1--
	}
	for j := j0; j <= j1; j++ {
		row := g.room[j*g.nx+i0 : j*g.nx+i1+1]
		for k := range row {
			if row[k] < 0 {
				row[k] = r
			}
		}
	}
}

// rowRange is the rows eachRow visits for [lo, hi]; ok is false when there
// are none.
func (g *navGrid) rowRange(lo, hi geom.Point) (j0, j1 int, ok bool) {
	fj0 := math.Floor((lo.Y-g.origin.Y)/g.cell) - 1
	fj1 := math.Ceil((hi.Y-g.origin.Y)/g.cell) + 1
	if !(fj0 <= fj1) || math.IsNaN(lo.X) || math.IsNaN(hi.X) {
		return 0, 0, false
	}
	j0, j1 = int(max(fj0, 0)), int(min(fj1, float64(g.ny-1)))
	return j0, j1, j0 <= j1
}

// walls marks the cells whose centre lies within half a wall's thickness
// of one of its segments (a curved wall is gridded along its chords); the
// doorways are cut back through them later.
func (g *navGrid) walls(p *ir.Plan) []bool {
	solid := g.mem.boolSlice(len(g.room))
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
			if u.X == 0 || u.Y == 0 {
				g.axisWall(solid, s.A, u, l, h, lo, hi)
				continue
			}
			g.each(lo, hi, func(k int, c geom.Point) {
				v := c.Sub(s.A)
				along, off := v.Dot(u), math.Abs(v.Cross(u))
				if along >= -geomEps && along <= l+geomEps && off <= h+geomEps {
					solid[k] = true
				}
			})
		}
	}
	return solid
}

// axisWall marks the cells of box [lo, hi] (widened as each does) whose
// centre lies within h of the segment from a along the unit u, of length
// l, u being along an axis: as walls measures it, but with one of the
// terms of u's dot and cross products zero, the distance along the
// segment depends on the column alone (or the row) and the distance off
// it on the row alone (or the column), so each is measured once per
// column and once per row instead of once per cell.
func (g *navGrid) axisWall(solid []bool, a, u geom.Point, l, h float64, lo, hi geom.Point) {
	j0, j1, ok := g.rowRange(lo, hi)
	if !ok {
		return
	}
	i0, i1, ok := g.columnRange(lo.X, hi.X)
	if !ok {
		return
	}
	// Along x, u.Y being 0: v·u is v.X·u.X, |v×u| is |v.Y·u.X|; along y,
	// u.X being 0: v·u is v.Y·u.Y, |v×u| is |v.X·u.Y| (an added or
	// subtracted zero changes no comparison).
	alongOK := func(d float64) bool { return d >= -geomEps && d <= l+geomEps }
	offOK := func(d float64) bool { return d <= h+geomEps }
	cols := make([]bool, i1-i0+1)
	for i := i0; i <= i1; i++ {
		vx := g.origin.X + (float64(i)+0.5)*g.cell - a.X
		if u.Y == 0 {
			cols[i-i0] = alongOK(vx * u.X)
		} else {
			cols[i-i0] = offOK(math.Abs(vx * u.Y))
		}
	}
	for j := j0; j <= j1; j++ {
		vy := g.origin.Y + (float64(j)+0.5)*g.cell - a.Y
		if u.Y == 0 && !offOK(math.Abs(vy*u.X)) || u.Y != 0 && !alongOK(vy*u.Y) {
			continue
		}
		row := solid[j*g.nx+i0 : j*g.nx+i1+1]
		for i, in := range cols {
			if in {
				row[i] = true
			}
		}
	}
}

// obstacleHalo marks the cells whose centre lies within the body radius of
// a piece of furniture, a column or a vertical run: where no body fits.
func (m *Model) obstacleHalo(g *navGrid) []bool {
	const rad = BodyRadiusMm
	p := m.Plan
	halo := g.mem.boolSlice(len(g.room))
	// rect marks the cells each visits around r whose centre is within
	// the radius of it (haloRow), a row at a time: a row's dy is the same
	// for all its cells.
	rect := func(r geom.Rect) {
		lo := geom.Point{X: r.Min.X - rad, Y: r.Min.Y - rad}
		hi := geom.Point{X: r.Max.X + rad, Y: r.Max.Y + rad}
		j0, j1, ok := g.rowRange(lo, hi)
		if !ok {
			return
		}
		i0, i1, ok := g.columnRange(lo.X, hi.X)
		if !ok {
			return
		}
		for j := j0; j <= j1; j++ {
			cy := g.origin.Y + (float64(j)+0.5)*g.cell
			dy := max(max(r.Min.Y-cy, cy-r.Max.Y), 0)
			g.haloRow(halo[j*g.nx:j*g.nx+g.nx], i0, i1, r, dy, rad+geomEps)
		}
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
	return halo
}

// cutDoorways cuts a one-cell corridor through the wall at each door and
// cased opening that joins two rooms, along the line across the centre of
// the doorway, or, when furniture crowds the floor there, along every
// line within the clear width that reaches floor a body fits on at both
// sides (a connector with no such line joins nothing). Its cells carry
// the connector's clear width.
func (m *Model) cutDoorways(g *navGrid, solid, halo []bool) {
	p := m.Plan
	g.corridor = map[int32]float64{}
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
		g.corrWidths = append(g.corrWidths, clear)
		mark := func(k int) {
			if !g.open[k] {
				g.free[k] = true
				if w, ok := g.corridor[int32(k)]; ok {
					g.corridor[int32(k)] = min(w, clear)
				} else {
					g.corridor[int32(k)] = clear
				}
			}
		}
		// The corridor runs through the centre of the doorway, or, when
		// furniture crowds the floor there, through every line within the
		// clear width that reaches open floor on both sides (a walk then
		// takes whichever suits it).
		dw := geom.Point{X: -nrm.Y, Y: nrm.X}
		if !g.crowded(op.Center, nrm, solid, halo) {
			g.cutLine(op.Center, nrm, mark)
			continue
		}
		for i := 1; float64(i)*g.cell <= clear/2-g.cell/2+geomEps; i++ {
			for _, q := range [2]geom.Point{op.Center.Add(dw.Mul(float64(i) * g.cell)), op.Center.Sub(dw.Mul(float64(i) * g.cell))} {
				if !g.crowded(q, nrm, solid, halo) {
					g.cutLine(q, nrm, mark)
				}
			}
		}
	}
}

// cutLine cuts one line of a doorway's corridor through ctr along nrm:
// out from the centre on each side, cell by cell, through wall, halo and
// furniture cells until the first open cell (at most MaxCorridorMm; the
// edge of the floor stops it). A diagonal step also takes the cell beside
// it, so the corridor stays 4-connected.
func (g *navGrid) cutLine(ctr, nrm geom.Point, mark func(int)) {
	c0, ok := g.cellOf(ctr)
	if !ok {
		return
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
		i0, i1, ok := g.columnRange(b.Min.X, b.Max.X)
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
	j0, j1, ok := g.rowRange(lo, hi)
	if !ok {
		return
	}
	for j := j0; j <= j1; j++ {
		f(j, g.origin.Y+(float64(j)+0.5)*g.cell)
	}
}

// eachInRow calls f for the cells of row j whose centres could lie in
// [x0, x1] (the columns each visits).
func (g *navGrid) eachInRow(j int, x0, x1 float64, f func(k int, c geom.Point)) {
	i0, i1, ok := g.columnRange(x0, x1)
	if !ok {
		return
	}
	// The centres as centre reads them, without dividing k back into
	// its column and row.
	y := g.origin.Y + (float64(j)+0.5)*g.cell
	for i := i0; i <= i1; i++ {
		f(g.idx(i, j), geom.Point{X: g.origin.X + (float64(i)+0.5)*g.cell, Y: y})
	}
}

// columnRange is the columns whose centres could lie in [x0, x1], widened by
// a cell and clamped to the grid; ok is false when there are none.
func (g *navGrid) columnRange(x0, x1 float64) (i0, i1 int, ok bool) {
	fi0 := math.Floor((x0-g.origin.X)/g.cell) - 1
	fi1 := math.Ceil((x1-g.origin.X)/g.cell) + 1
	if !(fi0 <= fi1) {
		return 0, 0, false
	}
	i0, i1 = int(max(fi0, 0)), int(min(fi1, float64(g.nx-1)))
	return i0, i1, i0 <= i1
}

// each calls f for every cell whose centre lies in [lo, hi] (widened by a
// cell), row by row. Bounds off the grid, infinite or NaN visit nothing
// beyond it.
func (g *navGrid) each(lo, hi geom.Point, f func(k int, c geom.Point)) {
	g.eachRow(lo, hi, func(j int, _ float64) { g.eachInRow(j, lo.X, hi.X, f) })
}

// haloRow marks the cells i0..i1 of row whose centre is within lim of r,
// the row being dy from it: withinHypot(dx, dy, lim), dx the centre's
// distance from r along x. No cell is when dy is not within lim (a
// hypotenuse is no shorter than either side). Otherwise every cell whose
// centre lies within r's span in x (dx zero) is, and those are the cells
// between the first and the last such (centres grow with the column): only
// the few on either side are measured one by one.
func (g *navGrid) haloRow(row []bool, i0, i1 int, r geom.Rect, dy, lim float64) {
	if !(dy <= lim) {
		return
	}
	// dx of column i, and whether it is zero.
	dx := func(i int) (float64, bool) {
		cx := g.origin.X + (float64(i)+0.5)*g.cell
		a, b := r.Min.X-cx, cx-r.Max.X
		return max(max(a, b), 0), a <= 0 && b <= 0
	}
	i := i0
	for ; i <= i1; i++ {
		d, in := dx(i)
		if in {
			break
		}
		if withinHypot(d, dy, lim) {
			row[i] = true
		}
	}
	if i > i1 {
		return
	}
	k := i1
	for ; k > i; k-- {
		d, in := dx(k)
		if in {
			break
		}
		if withinHypot(d, dy, lim) {
			row[k] = true
		}
	}
	for c := i; c <= k; c++ {
		row[c] = true
	}
}

// withinHypot is math.Hypot(dx, dy) <= lim for dx, dy >= 0 (or NaN):
// when one of them is 0 the hypotenuse is exactly the other, so only the
// cells off a rectangle's corners pay for the square root.
func withinHypot(dx, dy, lim float64) bool {
	if dx == 0 || dy == 0 {
		return dx+dy <= lim
	}
	return math.Hypot(dx, dy) <= lim
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
		if !withinHypot(dx, dy, rad+geomEps) {
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

// link fills g.links and g.stride from g.free, a row at a time.
func (g *navGrid) link() {
	g.stride = [4]int{1, -1, g.nx, -g.nx}
	g.links = g.mem.bytes(len(g.free))
	copy(g.links, boolBytes(g.free))
	stepMasks(g.links, g.nx, g.ny)
	roomSteps(g.links, g.room, g.nx, g.ny)
}

// roomSteps sets, in the step masks of an nx×ny grid, bit 4+d beside each
// step d's bit where the step lands on a cell of another room (or of none):
// the steps into and out of rooms that the searches read. Neighbours are
// compared four at a time as two words of two rooms each; rooms differ
// rarely, and only then are the cells compared one by one.
func roomSteps(links []uint8, room []int32, nx, ny int) {
	n := nx * ny
	links, room = links[:n], room[:n]
	rb := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(room))), 4*n)
	// across marks the step right from k and the step left back onto it
	// when the two cells' rooms differ.
	across := func(k int) {
		if room[k] != room[k+1] {
			links[k] |= (links[k] & 1) << 4
			links[k+1] |= (links[k+1] & 2) << 4
		}
	}
	for j := range ny {
		k, end := j*nx, j*nx+nx-1 // the pairs (k, k+1) of the row
		for ; k+4 <= end; k += 4 {
			b := rb[4*k : 4*k+20]
			if le.Uint64(b)^le.Uint64(b[4:]) != 0 || le.Uint64(b[8:])^le.Uint64(b[12:]) != 0 {
				across(k)
				across(k + 1)
				across(k + 2)
				across(k + 3)
			}
		}
		for ; k < end; k++ {
			across(k)
		}
	}
	// down marks the step down from k and the step up back onto it.
	down := func(k int) {
		if room[k] != room[k+nx] {
			links[k] |= (links[k] & 4) << 4
			links[k+nx] |= (links[k+nx] & 8) << 4
		}
	}
	k, end := 0, n-nx // the pairs (k, k+nx)
	for ; k+4 <= end; k += 4 {
		a, b := rb[4*k:4*k+16], rb[4*(k+nx):4*(k+nx)+16]
		if le.Uint64(a)^le.Uint64(b) != 0 || le.Uint64(a[8:])^le.Uint64(b[8:]) != 0 {
			down(k)
			down(k + 1)
			down(k + 2)
			down(k + 3)
		}
	}
	for ; k < end; k++ {
		down(k)
	}
}

// stepMasks turns mask, which holds for every cell of an nx×ny grid 1
// where a step may land and 0 elsewhere, into each cell's step mask: bit d
// set for each step d (see dirs) from the cell that stays on the grid and
// lands where a step may.
func stepMasks(mask []uint8, nx, ny int) {
	on := mask[:nx*ny]
	// Rows are filled from the last to the first, reading the row above
	// from on (still untouched) and the row below from a copy of its bits
	// saved before that row was overwritten. Off the grid reads zeros.
	zeros := make([]uint8, nx)
	below := make([]uint8, nx)
	cur := make([]uint8, nx+2) // the row's bits with a zero each side
	for j := ny - 1; j >= 0; j-- {
		row := on[j*nx : j*nx+nx]
		copy(cur[1:], row)
		up := zeros
		if j > 0 {
			up = on[(j-1)*nx : j*nx]
		}
		dn := zeros
		if j+1 < ny {
			dn = below
		}
		up, dn = up[:nx], dn[:nx]
		right, left := cur[2:nx+2], cur[:nx]
		// Eight cells at a time: each byte holds 0 or 1, so shifting a
		// word shifts every byte alike with no carry between them.
		i := 0
		for ; i+8 <= nx; i += 8 {
			w := le.Uint64(right[i:]) | le.Uint64(left[i:])<<1 | le.Uint64(dn[i:])<<2 | le.Uint64(up[i:])<<3
			le.PutUint64(row[i:], w)
		}
		for ; i < nx; i++ {
			row[i] = right[i] | left[i]<<1 | dn[i]<<2 | up[i]<<3
		}
		copy(below, cur[1:nx+1])
	}
}

// boolBytes is bs read as bytes: a bool is stored as one byte, 0 or 1.
func boolBytes(bs []bool) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(bs))), len(bs))
}

// fillInt32 sets every element of s to v, doubling a filled prefix.
func fillInt32(s []int32, v int32) {
	if len(s) == 0 {
		return
	}
	s[0] = v
	for i := 1; i < len(s); i *= 2 {
		copy(s[i:], s[:i])
	}
}

// le reads and writes eight bytes of cells as one word.
var le = binary.LittleEndian

// b2u is 1 for true and 0 for false.
func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// clearance fills g.clear: each cell's city-block distance to the nearest
// halo cell. Nothing blocks a step (walls narrow nothing, and furniture
// beyond a wall narrows the floor on this side of it), so two raster
// passes, down and right then up and left, give the exact distance.
func (g *navGrid) clearance(halo []bool) {
	n := len(halo)
	nx, ny := g.nx, g.ny
	dist := g.mem.int32sFilled(n)
	g.clear = dist
	if bytes.IndexByte(boolBytes(halo), 1) < 0 {
		for k := range dist {
			dist[k] = noObstacle
		}
		return
	}
	// far exceeds any distance on the grid. The first pass reads the
	// halo as it goes: a halo cell is 0, any other starts far.
	far := int32(nx + ny + 1)
	hb := boolBytes(halo)
	// start is 0 for a halo byte of 1, far for 0.
	start := func(h uint8) int32 { return far & (int32(h) - 1) }
	for j := 0; j < ny; j++ {
		row, hrow := dist[j*nx:j*nx+nx], hb[j*nx:j*nx+nx]
		var up []int32
		if j > 0 {
			up = dist[(j-1)*nx : j*nx]
		} else {
			up = row // read before written: far, so no change
			for i := range row {
				row[i] = far
			}
		}
		// The three rows cut to one length, so the loop needs no bounds
		// checks.
		hrow, up = hrow[:len(row)], up[:len(row)]
		v := min(start(hrow[0]), up[0]+1)
		row[0] = v
		for i := 1; i < len(row); i++ {
			v = min(start(hrow[i]), v+1, up[i]+1)
			row[i] = v
		}
	}
	for j := ny - 1; j >= 0; j-- {
		row := dist[j*nx : j*nx+nx]
		down := row
		if j+1 < ny {
			down = dist[(j+1)*nx : (j+2)*nx]
		}
		down = down[:len(row)]
		v := min(row[nx-1], down[nx-1]+1)
		row[nx-1] = v
		for i := len(row) - 2; i >= 0; i-- {
			v = min(row[i], v+1, down[i]+1)
			row[i] = v
		}
	}
}
