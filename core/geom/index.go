package geom

import (
	"math"
	"slices"
	"sort"
)

// RectIndex answers "which of these boxes meet this one" without scanning
// every box: a uniform grid with cells about the size of a typical box. A
// box spanning more than maxIndexCells cells is kept aside and tested on
// every query. Answers come back in index order, so a caller that walks
// them sees what a scan over all boxes would, only fewer.
type RectIndex struct {
	boxes  []Rect
	origin Point
	cell   float64
	cells  map[[2]int][]int
	big    []int
	// linear: no usable grid (few boxes, or non-finite extents); every
	// box is a candidate.
	linear bool
}

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
	ix.cells = make(map[[2]int][]int, 4*n)
	for i, b := range boxes {
		c0, r0 := ix.at(b.Min)
		c1, r1 := ix.at(b.Max)
		if (c1-c0+1)*(r1-r0+1) > maxIndexCells {
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
		c0, r0 = ix.at(r.Min)
		c1, r1 = ix.at(r.Max)
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
	var lists [][]int
	for c := c0; c <= c1; c++ {
		for rr := r0; rr <= r1; rr++ {
			start := len(out)
			for _, i := range ix.cells[[2]int{c, rr}] {
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
