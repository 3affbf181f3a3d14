package resolve

import (
	"math"
	"sort"

	"github.com/archlang-go/caddy-archlang/core/geom"
)

// wallIndexMinWalls is the wall count from which nearest-wall searches use
// the grid index; below it a plain scan is cheaper.
const wallIndexMinWalls = 64

// wallIndex buckets the resolved walls' vertex boxes into a uniform grid so
// that nearest-wall searches visit the walls near the query first.
type wallIndex struct {
	walls      []*wallEl
	origin     geom.Point
	cell       float64
	cols, rows int
	cells      [][]int // wall positions in r.walls, ascending
	// stamp marks the walls a query has already seen (stamp[i] == gen).
	stamp []int
	gen   int
	buf   []int // reused result buffer
}

func newWallIndex(walls []*wallEl) *wallIndex {
	var ext geom.Rect
	n := 0
	for _, w := range walls {
		if !w.ok || len(w.p.segs) == 0 {
			continue
		}
		if n == 0 {
			ext = w.p.box
		} else {
			ext = ext.Union(w.p.box)
		}
		n++
	}
	if n < wallIndexMinWalls || math.IsInf(ext.W(), 0) || math.IsInf(ext.H(), 0) || math.IsNaN(ext.W()+ext.H()) {
		return nil
	}
	side := math.Max(ext.W(), ext.H())
	cells := int(math.Ceil(math.Sqrt(float64(n))))
	cell := side / float64(cells)
	if !(cell > 0) {
		return nil
	}
	ix := &wallIndex{walls: walls, origin: ext.Min, cell: cell, stamp: make([]int, len(walls))}
	ix.cols = int(math.Ceil(ext.W()/cell)) + 1
	ix.rows = int(math.Ceil(ext.H()/cell)) + 1
	ix.cells = make([][]int, ix.cols*ix.rows)
	for i, w := range walls {
		if !w.ok || len(w.p.segs) == 0 {
			continue
		}
		c0, r0 := ix.coords(w.p.box.Min)
		c1, r1 := ix.coords(w.p.box.Max)
		for rr := r0; rr <= r1; rr++ {
			for cc := c0; cc <= c1; cc++ {
				ix.cells[rr*ix.cols+cc] = append(ix.cells[rr*ix.cols+cc], i)
			}
		}
	}
	return ix
}

func (ix *wallIndex) coords(p geom.Point) (int, int) {
	c := int(math.Floor((p.X - ix.origin.X) / ix.cell))
	r := int(math.Floor((p.Y - ix.origin.Y) / ix.cell))
	return clampInt(c, 0, ix.cols-1), clampInt(r, 0, ix.rows-1)
}

func clampInt(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// candidates returns, in ascending order, every wall position that may be
// nearest to q among those keep accepts: the search grows ring by ring
// until no unvisited cell can hold anything nearer than the best box
// distance seen, plus a margin so that near-ties are kept.
func (ix *wallIndex) candidates(q geom.Point, keep func(int) bool) []int {
	qc, qr := ix.coords(q)
	best := math.Inf(1)
	ix.gen++
	found := ix.buf[:0]
	maxRing := ix.cols + ix.rows
	for ring := 0; ring <= maxRing; ring++ {
		// Cells in this ring are at least (ring-1)*cell away (q may sit
		// anywhere in its own cell, or outside the grid).
		if lb := float64(ring-1)*ix.cell - outsideGrid(ix, q); ring > 0 && lb > best+1e-6 {
			break
		}
		for rr := qr - ring; rr <= qr+ring; rr++ {
			for cc := qc - ring; cc <= qc+ring; cc++ {
				if rr < 0 || cc < 0 || rr >= ix.rows || cc >= ix.cols {
					continue
				}
				if max(abs(rr-qr), abs(cc-qc)) != ring {
					continue
				}
				for _, i := range ix.cells[rr*ix.cols+cc] {
					if ix.stamp[i] == ix.gen || !keep(i) {
						continue
					}
					ix.stamp[i] = ix.gen
					found = append(found, i)
					// Upper bound on this wall's distance: the farthest
					// corner of its box bounds the nearest chord point.
					if d := farBoxDist(ix.walls[i].p.box, q); d < best {
						best = d
					}
				}
			}
		}
	}
	// Keep every wall whose box could hold a point within reach of the
	// best; the caller scans them in source order.
	out := found[:0]
	for _, i := range found {
		if ix.walls[i].p.boxDist(q) <= best+1e-6 {
			out = append(out, i)
		}
	}
	sort.Ints(out)
	ix.buf = out
	// The caller only scans the result before the next query.
	return out
}

// outsideGrid is how far q lies outside the indexed extent (0 inside); it
// loosens the ring bound for queries off the grid.
func outsideGrid(ix *wallIndex, q geom.Point) float64 {
	maxX := ix.origin.X + float64(ix.cols)*ix.cell
	maxY := ix.origin.Y + float64(ix.rows)*ix.cell
	dx := math.Max(math.Max(ix.origin.X-q.X, 0), q.X-maxX)
	dy := math.Max(math.Max(ix.origin.Y-q.Y, 0), q.Y-maxY)
	return math.Hypot(dx, dy)
}

// farBoxDist is the distance from q to the farthest corner of box: no point
// of the box is farther.
func farBoxDist(b geom.Rect, q geom.Point) float64 {
	dx := math.Max(math.Abs(q.X-b.Min.X), math.Abs(q.X-b.Max.X))
	dy := math.Max(math.Abs(q.Y-b.Min.Y), math.Abs(q.Y-b.Max.Y))
	return math.Hypot(dx, dy)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// inBox returns, ascending, the walls whose vertex box meets rc grown by
// margin on every side.
func (ix *wallIndex) inBox(rc geom.Rect, margin float64) []int {
	lo := geom.Point{X: rc.Min.X - margin, Y: rc.Min.Y - margin}
	hi := geom.Point{X: rc.Max.X + margin, Y: rc.Max.Y + margin}
	c0, r0 := ix.coords(lo)
	c1, r1 := ix.coords(hi)
	ix.gen++
	found := ix.buf[:0]
	for rr := r0; rr <= r1; rr++ {
		for cc := c0; cc <= c1; cc++ {
			for _, i := range ix.cells[rr*ix.cols+cc] {
				if ix.stamp[i] == ix.gen {
					continue
				}
				ix.stamp[i] = ix.gen
				b := ix.walls[i].p.box
				if b.Max.X >= lo.X && b.Min.X <= hi.X && b.Max.Y >= lo.Y && b.Min.Y <= hi.Y {
					found = append(found, i)
				}
			}
		}
	}
	sort.Ints(found)
	ix.buf = found
	return found
}
