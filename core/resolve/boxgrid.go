package resolve

import (
	"cmp"
	"math"
	"slices"
	"sort"

	"github.com/archlang-go/caddy-archlang/core/geom"
)

// boxGrid answers "which of these boxes meet this one" for checkOverlaps,
// as geom.RectIndex does, with its grid cells kept in one sorted array
// rather than a map: a plan of tens of thousands of rooms files each
// under a few cells, and filing and finding them by binary search costs
// a fraction of hashing cell coordinates. Its answers are exact (every
// box meeting the query, edges included, once each), in no set order.
type boxGrid struct {
	boxes  []geom.Rect
	origin geom.Point
	cell   float64
	cols   int // cells are in [0, cols) × [0, rows)
	rows   int
	// filed lists (cell, box) pairs by cell, then box.
	filed []filedBox
	// big are the boxes spanning too many cells to file.
	big []int
	// linear: no usable grid (few boxes, or non-finite extents); every
	// box is a candidate.
	linear bool
}

// filedBox is a box filed under a cell (key: column, then row).
type filedBox struct {
	key uint64
	box int
}

// maxGridCells is the most grid cells a box is filed under.
const maxGridCells = 64

func newBoxGrid(boxes []geom.Rect) *boxGrid {
	n := len(boxes)
	g := &boxGrid{boxes: boxes}
	if n < 32 {
		g.linear = true // a scan is as quick
		return g
	}
	var ext geom.Rect
	sizes := make([]float64, 0, n)
	for i, b := range boxes {
		if !finiteBox(b) {
			g.linear = true
			return g
		}
		if i == 0 {
			ext = b
		} else {
			ext = ext.Union(b)
		}
		sizes = append(sizes, math.Max(b.W(), b.H()))
	}
	sort.Float64s(sizes)
	g.cell = sizes[len(sizes)/2]
	// At most about 4n cells over the extent.
	if a := ext.W() * ext.H() / float64(4*n); g.cell*g.cell < a {
		g.cell = math.Sqrt(a)
	}
	if !(g.cell > 0) || math.IsInf(g.cell, 0) || ext.W()/g.cell > 1<<30 || ext.H()/g.cell > 1<<30 {
		g.linear = true
		return g
	}
	g.origin = ext.Min
	c1, r1 := g.at(ext.Max)
	g.cols, g.rows = c1+1, r1+1
	g.filed = make([]filedBox, 0, 4*n)
	for i, b := range boxes {
		c0, r0 := g.at(b.Min)
		c1, r1 := g.at(b.Max)
		if (c1-c0+1)*(r1-r0+1) > maxGridCells {
			g.big = append(g.big, i)
			continue
		}
		for c := c0; c <= c1; c++ {
			for r := r0; r <= r1; r++ {
				g.filed = append(g.filed, filedBox{cellKey(c, r), i})
			}
		}
	}
	slices.SortFunc(g.filed, func(a, b filedBox) int {
		if c := cmp.Compare(a.key, b.key); c != 0 {
			return c
		}
		return cmp.Compare(a.box, b.box)
	})
	return g
}

func cellKey(c, r int) uint64 { return uint64(c)<<32 | uint64(r) }

func finiteBox(r geom.Rect) bool {
	for _, x := range [...]float64{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y} {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// at is the grid cell of q.
func (g *boxGrid) at(q geom.Point) (int, int) {
	return int(math.Floor((q.X - g.origin.X) / g.cell)), int(math.Floor((q.Y - g.origin.Y) / g.cell))
}

// appendMeeting appends to dst[:0] the boxes that meet r (edges
// included), each once.
func (g *boxGrid) appendMeeting(dst []int, r geom.Rect) []int {
	out := dst[:0]
	meets := func(b geom.Rect) bool {
		return r.Min.X <= b.Max.X && b.Min.X <= r.Max.X && r.Min.Y <= b.Max.Y && b.Min.Y <= r.Max.Y
	}
	scan := g.linear || !finiteBox(r)
	var c0, r0, c1, r1 int
	if !scan {
		// Cells outside the grid hold nothing: the query keeps to it.
		c0, r0 = g.at(r.Min)
		c1, r1 = g.at(r.Max)
		c0, r0 = max(c0, 0), max(r0, 0)
		c1, r1 = min(c1, g.cols-1), min(r1, g.rows-1)
		scan = float64(c1-c0+1)*float64(r1-r0+1) > float64(len(g.boxes))
	}
	if scan {
		for i, b := range g.boxes {
			if meets(b) {
				out = append(out, i)
			}
		}
		return out
	}
	// Each box is taken from the first cell of the query it is filed
	// under, so no box comes twice.
	for c := c0; c <= c1; c++ {
		for rr := r0; rr <= r1; rr++ {
			k := cellKey(c, rr)
			at, _ := slices.BinarySearchFunc(g.filed, k, func(f filedBox, k uint64) int { return cmp.Compare(f.key, k) })
			for ; at < len(g.filed) && g.filed[at].key == k; at++ {
				i := g.filed[at].box
				b := g.boxes[i]
				if !meets(b) {
					continue
				}
				bc, br := g.at(b.Min)
				if max(bc, c0) == c && max(br, r0) == rr {
					out = append(out, i)
				}
			}
		}
	}
	for _, i := range g.big {
		if meets(g.boxes[i]) {
			out = append(out, i)
		}
	}
	return out
}
