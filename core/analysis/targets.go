package analysis

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// seedCell is a connector's doorway cell on the side of room r: its centre
// stepped into the room by half the wall and half a cell, or past the
// furniture in the doorway to the first open cell straight in (-1 when
// the room's floor ends first).
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
				// At most a step per row and column of the grid: far
				// from the origin a step can be lost to rounding.
				steps := g.nx + g.ny
				for off := w.Thickness/2 + g.cell/2 + seedEps; steps > 0; off, steps = off+g.cell, steps-1 {
					k, ok := g.cellOf(op.Center.Add(n.Mul(off)))
					if !ok || int(g.room[k]) != r {
						break
					}
					if g.open[k] {
						return k
					}
				}
				// Furniture fills the floor straight in from the
				// doorway: the walk has nowhere to start.
				if atCorner(s, op.Center) {
					return g.nearestOpen(op.Center, r)
				}
				return -1
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
	// Both ways give the same cell; the rings are quicker when the room
	// may be large.
	if g.box[room].cells() > ringSearchCells {
		if k, ok := g.nearestOpenRings(q, room); ok {
			return k
		}
	}
	for _, k32 := range g.roomCells(room) {
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

// ringSearchCells is the room size (in cells of its raster box) past
// which nearestOpen looks outward from q ring by ring instead of
// measuring every cell.
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
		for _, k32 := range g.roomCells(r) {
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

// pole is the room's cell centre farthest inside its ring (distance to the
// nearest edge, as DistToRoom measures it); on a tie the lowest row on the
// sheet, then the leftmost.
func pole(g *navGrid, room *ir.Room, r int) geom.Point {
	best, bd := room.Polygon.Centroid(), -1.0
	cells := g.roomCells(r)
	hint := 0
	// Rows from the bottom of the sheet up, each left to right.
	for end := len(cells); end > 0; {
		row := int(cells[end-1]) / g.nx
		start := end - 1
		for start > 0 && int(cells[start-1])/g.nx == row {
			start--
		}
		for _, k := range cells[start:end] {
			c := g.centre(int(k))
			if d, ok := deeperThan(room.Polygon, c, bd+geomEps, &hint); ok {
				best, bd = c, d
			}
		}
		end = start
	}
	return best
}

// deeperThan reports whether q's distance to the nearest edge of ring (its
// DistToRoom) exceeds lim, and the distance when it does. It measures the
// edges from *hint round, and stops at the first as near as lim: the
// nearest edge of one cell is mostly the nearest of the next, so a cell
// that is no deeper is mostly settled by one edge. *hint is left at the
// nearest edge measured.
func deeperThan(ring geom.Polygon, q geom.Point, lim float64, hint *int) (float64, bool) {
	n := len(ring)
	best := math.Inf(1)
	if n == 0 {
		return best, best > lim
	}
	h := *hint % n
	for j := range n {
		i := h + j
		if i >= n {
			i -= n
		}
		d := distToSegment(q, ring[i], ring[(i+1)%n])
		if d < best {
			best = d
			*hint = i
			if best <= lim {
				return best, false
			}
		}
	}
	return best, best > lim
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

// atCorner reports whether q is an end of segment s.
func atCorner(s geom.Segment, q geom.Point) bool {
	return q.Sub(s.A).Len() <= geomEps || q.Sub(s.B).Len() <= geomEps
}
