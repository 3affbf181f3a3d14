package geom

import (
	"cmp"
	"math"
	"slices"
	"sort"
)

// RectIndex answers "which of these boxes meet this one" without scanning
// every box: a uniform grid with cells about the size of a typical box. A
// box spanning more than maxIndexCells cells is kept aside and tested on
// every query. Answers come back in index order, so a caller that walks
// them sees what a scan over all boxes would, only fewer.
//
// The grid's cells are one array of (cell, box) pairs sorted by cell, then
// box, found by binary search: for tens of thousands of boxes it is filed
// and read several times faster than a map from cell to list.
type RectIndex struct {
	boxes      []Rect
	origin     Point
	cell       float64
	cols, rows int // the cells are [0, cols) × [0, rows)
	filed      []filedBox
	big        []int
	// linear: no usable grid (few boxes, or non-finite extents); every
	// box is a candidate.
	linear bool
}

// filedBox is box filed under the cell key (column, then row).
type filedBox struct {
	key uint64
	box int
}

// cellKey packs a cell's column and row (both ≥ 0) into one sort key.
func cellKey(c, r int) uint64 { return uint64(c)<<32 | uint64(r) }

// maxIndexCells is the most grid cells a box is filed under.
const maxIndexCells = 64

// NewRectIndex indexes boxes (closed rectangles; Min ≤ Max).
func NewRectIndex(boxes []Rect) *RectIndex {
	n := len(boxes)
	ix := &RectIndex{boxes: boxes}
	if n < 32 {
		ix.linear = true // a scan is as quick
		return ix
	}
	var ext Rect
	sizes := make([]float64, 0, n)
	for i, b := range boxes {
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
	c1, r1 := ix.at(ext.Max)
	ix.cols, ix.rows = c1+1, r1+1
	ix.filed = make([]filedBox, 0, 4*n)
	for i, b := range boxes {
		c0, r0 := ix.at(b.Min)
		c1, r1 := ix.at(b.Max)
		if (c1-c0+1)*(r1-r0+1) > maxIndexCells {
			ix.big = append(ix.big, i)
			continue
		}
		for c := c0; c <= c1; c++ {
			for r := r0; r <= r1; r++ {
				ix.filed = append(ix.filed, filedBox{cellKey(c, r), i})
			}
		}
	}
	// Each cell's boxes stay in index order: no box is filed twice under
	// one cell, so sorting by (cell, box) is the stable sort by cell, at
	// n log n rather than a stable sort's n log² n.
	slices.SortFunc(ix.filed, func(a, b filedBox) int {
		if c := cmp.Compare(a.key, b.key); c != 0 {
			return c
		}
		return cmp.Compare(a.box, b.box)
	})
	return ix
}

func finiteRect(r Rect) bool {
	for _, x := range []float64{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y} {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// at is the grid cell of q.
func (ix *RectIndex) at(q Point) (int, int) {
	return int(math.Floor((q.X - ix.origin.X) / ix.cell)), int(math.Floor((q.Y - ix.origin.Y) / ix.cell))
}

// Query returns, in index order, the boxes that meet r (edges included).
// A query box that is not finite, or spans more cells than the grid has
// boxes, is answered by a scan.
func (ix *RectIndex) Query(r Rect) []int { return ix.AppendQuery(nil, r) }

// AppendQuery is Query appending to dst[:0], so a caller can reuse one
// buffer for many queries.
func (ix *RectIndex) AppendQuery(dst []int, r Rect) []int {
	out := dst[:0]
	meets := func(b Rect) bool {
		return r.Min.X <= b.Max.X && b.Min.X <= r.Max.X && r.Min.Y <= b.Max.Y && b.Min.Y <= r.Max.Y
	}
	scan := ix.linear || !finiteRect(r)
	var c0, r0, c1, r1 int
	if !scan {
		// Cells outside the grid hold nothing: the query keeps to it.
		c0, r0 = ix.at(r.Min)
		c1, r1 = ix.at(r.Max)
		c0, r0 = max(c0, 0), max(r0, 0)
		c1, r1 = min(c1, ix.cols-1), min(r1, ix.rows-1)
		scan = float64(c1-c0+1)*float64(r1-r0+1) > float64(len(ix.boxes))
	}
	if scan {
		for i, b := range ix.boxes {
			if meets(b) {
				out = append(out, i)
			}
		}
		return out
	}
	// Each box is taken from the first cell of the query it is filed
	// under, so no box comes twice; each cell's list, and the big list,
	// is in index order, and the lists are merged.
	// A column's cells are one run of the sorted array: one search finds
	// its first queried cell, and the run is read to its last.
	var lists [][]int
	for c := c0; c <= c1; c++ {
		k0, k1 := cellKey(c, r0), cellKey(c, r1)
		at, _ := slices.BinarySearchFunc(ix.filed, k0, func(f filedBox, k uint64) int { return cmp.Compare(f.key, k) })
		for at < len(ix.filed) && ix.filed[at].key <= k1 {
			k, rr := ix.filed[at].key, int(ix.filed[at].key&0xffffffff)
			start := len(out)
			for ; at < len(ix.filed) && ix.filed[at].key == k; at++ {
				i := ix.filed[at].box
				b := ix.boxes[i]
				if !meets(b) {
					continue
				}
				bc, br := ix.at(b.Min)
				if max(bc, c0) == c && max(br, r0) == rr {
					out = append(out, i)
				}
			}
			if len(out) > start {
				lists = append(lists, out[start:len(out):len(out)])
			}
		}
	}
	start := len(out)
	for _, i := range ix.big {
		if meets(ix.boxes[i]) {
			out = append(out, i)
		}
	}
	if len(out) > start {
		lists = append(lists, out[start:len(out):len(out)])
	}
	if len(lists) <= 1 {
		return out
	}
	if len(lists) > 8 {
		slices.Sort(out)
		return out
	}
	merged := make([]int, 0, len(out))
	for {
		best := -1
		for k, l := range lists {
			if len(l) > 0 && (best < 0 || l[0] < lists[best][0]) {
				best = k
			}
		}
		if best < 0 {
			break
		}
		merged = append(merged, lists[best][0])
		lists[best] = lists[best][1:]
	}
	return append(out[:0], merged...)
}

// Box returns the i-th indexed box.
func (ix *RectIndex) Box(i int) Rect { return ix.boxes[i] }

// Len is the number of indexed boxes.
func (ix *RectIndex) Len() int { return len(ix.boxes) }
