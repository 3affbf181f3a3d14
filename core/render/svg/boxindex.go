package svg

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/geom"
)

// Label placement tests candidate boxes against every obstacle and every
// label already placed. A uniform grid keeps that near-linear: a query only
// looks at the items in the cells it covers.
const (
	// maxIndexCells caps the cells of one grid.
	maxIndexCells = 1 << 18
	// maxItemCells is the most cells one item is filed under; a larger
	// item goes on the index's short list of big items, which every query
	// checks.
	maxItemCells = 64
	// maxLabelTests bounds the box-against-box tests of label placement in
	// one drawing. Past it the remaining labels are not nudged: each stays
	// at its room's centroid. Only pathological plans (tens of thousands of
	// overlapping obstacles) reach it.
	maxLabelTests = 1 << 24
)

// boxIndex files boxes in a uniform grid for overlap queries.
type boxIndex struct {
	min    geom.Point
	cw, ch float64 // cell size
	nx, ny int
	cells  [][]int32
	boxes  []geom.Rect
	// spans[id] is the cells box id covers (cellRange, worked out once).
	spans []cellSpan
	big   []int32
	// flat and start are addAll's: the cells' shared array, and its
	// counts and offsets.
	flat, start []int32
}

// newBoxIndex lays a grid of about n cells over extent.
func newBoxIndex(extent geom.Rect, n int) *boxIndex {
	g := new(boxIndex)
	g.reset(extent, n)
	return g
}

// reset empties g and lays a grid of about n cells over extent, reusing
// g's memory.
func (g *boxIndex) reset(extent geom.Rect, n int) {
	n = max(1, min(n, maxIndexCells))
	w, h := extent.W(), extent.H()
	if !(w > 0) || math.IsInf(w, 0) {
		w = 0
	}
	if !(h > 0) || math.IsInf(h, 0) {
		h = 0
	}
	g.min, g.nx, g.ny = extent.Min, 1, 1
	g.boxes, g.spans, g.big = g.boxes[:0], g.spans[:0], g.big[:0]
	if !finite(g.min) {
		g.min = geom.Point{}
	}
	switch {
	case w > 0 && h > 0:
		cs := math.Sqrt(w * h / float64(n))
		g.nx = int(math.Min(math.Ceil(w/cs), float64(n)))
		g.ny = int(math.Min(math.Ceil(h/cs), float64(n)))
		for g.nx*g.ny > maxIndexCells {
			g.nx, g.ny = max(1, g.nx/2), max(1, g.ny/2)
		}
	case w > 0:
		g.nx = n
	case h > 0:
		g.ny = n
	}
	g.cw, g.ch = 1, 1
	if w > 0 {
		g.cw = w / float64(g.nx)
	}
	if h > 0 {
		g.ch = h / float64(g.ny)
	}
	// A cell keeps its room: an added box's cell its own array, an addAll
	// cell its stretch of the shared one (no other cell's, and addAll
	// files them all anew).
	if nc := g.nx * g.ny; cap(g.cells) >= nc {
		g.cells = g.cells[:nc]
		for c := range g.cells {
			g.cells[c] = g.cells[c][:0]
		}
	} else {
		g.cells = make([][]int32, nc)
	}
}

// bytes is about the memory g holds (a cell's own room not counted).
func (g *boxIndex) bytes() int {
	return sizeOf(g.cells) + sizeOf(g.boxes) + sizeOf(g.spans) + sizeOf(g.big) + sizeOf(g.flat) + sizeOf(g.start)
}

// gridCell is the grid column (or row) holding coordinate v, clamped to the
// grid so that boxes outside it land in the border cells.
func gridCell(v, lo, size float64, n int) int {
	f := (v - lo) / size
	if !(f > 0) {
		return 0
	}
	if f >= float64(n-1) {
		return n - 1
	}
	return int(f)
}

// cellRange is the range of cells box b covers.
func (g *boxIndex) cellRange(b geom.Rect) (i0, i1, j0, j1 int) {
	return gridCell(b.Min.X, g.min.X, g.cw, g.nx), gridCell(b.Max.X, g.min.X, g.cw, g.nx),
		gridCell(b.Min.Y, g.min.Y, g.ch, g.ny), gridCell(b.Max.Y, g.min.Y, g.ch, g.ny)
}

// span is the cells b covers, and whether it is filed under them: a box
// with a NaN coordinate overlaps nothing and is filed nowhere, one over
// more than maxItemCells is filed on the big list.
func (g *boxIndex) span(b geom.Rect) (c cellSpan, filed bool) {
	if hasNaN(b) {
		return cellSpan{}, false
	}
	c.i0, c.i1, c.j0, c.j1 = g.cellRange(b)
	return c, (c.i1-c.i0+1)*(c.j1-c.j0+1) <= maxItemCells
}

// add files b under the id it returns. A box with a NaN coordinate overlaps
// nothing and is not filed.
func (g *boxIndex) add(b geom.Rect) {
	id := int32(len(g.boxes))
	g.boxes = append(g.boxes, b)
	c, filed := g.span(b)
	g.spans = append(g.spans, c)
	if !filed {
		if !hasNaN(b) {
			g.big = append(g.big, id)
		}
		return
	}
	for j := c.j0; j <= c.j1; j++ {
		for i := c.i0; i <= c.i1; i++ {
			g.cells[j*g.nx+i] = append(g.cells[j*g.nx+i], id)
		}
	}
}

// addAll files every box of bs, in order, as add would one by one, on an
// index with nothing filed yet. The cells share one array, sized by a
// counting pass, instead of each growing its own (a later add to a cell
// copies that cell out first).
func (g *boxIndex) addAll(bs []geom.Rect) {
	if len(g.boxes) > 0 {
		for _, b := range bs {
			g.add(b)
		}
		return
	}
	g.boxes = append(g.boxes, bs...)
	// start[c] counts, then marks, then (after the fill) ends cell c.
	start := reuse(g.start, len(g.cells))
	g.start = start
	for _, b := range bs {
		c, filed := g.span(b)
		if !filed {
			// Its span is never read (a box on the big list or with a
			// NaN coordinate is found through no cell); marked so the
			// fill tells it apart.
			c.i1 = -1
		}
		g.spans = append(g.spans, c)
		for j := c.j0; j <= c.j1; j++ {
			for i := c.i0; i <= c.i1; i++ {
				start[j*g.nx+i]++
			}
		}
	}
	total := int32(0)
	for c, n := range start {
		start[c] = total
		total += n
	}
	flat := reuse(g.flat, int(total))
	g.flat = flat
	for k, b := range bs {
		sp := g.spans[k]
		if sp.i1 < 0 {
			if !hasNaN(b) {
				g.big = append(g.big, int32(k))
			}
			continue
		}
		for j := sp.j0; j <= sp.j1; j++ {
			for i := sp.i0; i <= sp.i1; i++ {
				c := j*g.nx + i
				flat[start[c]] = int32(k)
				start[c]++
			}
		}
	}
	lo := int32(0)
	for c, hi := range start {
		g.cells[c] = flat[lo:hi:hi]
		lo = hi
	}
}

// any reports whether some filed box overlaps b (open intervals, as
// overlaps) and passes ok (nil accepts all). Each box test is charged to
// *budget; when it runs out, any reports false.
func (g *boxIndex) any(b geom.Rect, ok func(id int) bool, budget *int) bool {
	if hasNaN(b) {
		return false
	}
	test := func(id int32) bool {
		*budget--
		return overlaps(b, g.boxes[id]) && (ok == nil || ok(int(id)))
	}
	for _, id := range g.big {
		if *budget <= 0 {
			return false
		}
		if test(id) {
			return true
		}
	}
	i0, i1, j0, j1 := g.cellRange(b)
	for j := j0; j <= j1; j++ {
		for i := i0; i <= i1; i++ {
			for _, id := range g.cells[j*g.nx+i] {
				if *budget <= 0 {
					return false
				}
				if test(id) {
					return true
				}
			}
		}
	}
	return false
}

// overlaps reports whether the open boxes a and b share an interior point.
func overlaps(a, b geom.Rect) bool {
	return a.Min.X < b.Max.X && b.Min.X < a.Max.X && a.Min.Y < b.Max.Y && b.Min.Y < a.Max.Y
}

func hasNaN(b geom.Rect) bool {
	return math.IsNaN(b.Min.X) || math.IsNaN(b.Min.Y) || math.IsNaN(b.Max.X) || math.IsNaN(b.Max.Y)
}
