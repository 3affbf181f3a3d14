package raster

import (
	"image"
	"math"
	"slices"
)

// The shapes are filled by a scanline converter that samples coverage on a
// 4×4 grid in every pixel, the way resvg's rasteriser (tiny-skia, after
// Skia) does: each sub-row is sampled at its centre, a span's ends are
// rounded to whole sub-pixels, and a pixel's opacity is its count of
// covered samples. Drawing alike matters: an edge's anti-aliased pixels
// then get the same shade in both renderings, which is what a
// pixel-by-pixel comparison sees. Winding is non-zero, so overlapping
// pieces of a stroke (wound alike) cover a sample once.
const (
	subShift = 2
	subScale = 1 << subShift // sub-samples per pixel, each way
)

// edge is a polygon side in sub-sample units, top row inclusive, bottom
// row exclusive.
type edge struct {
	top, bot int
	x0, y0   float64 // a point on the edge
	dxdy     float64
	dir      int
}

type crossing struct {
	x    int
	dir  int
	edge int // the edge's index in scanner.edges
}

// scanner is the reusable state of the converter.
type scanner struct {
	// spend, when set, is charged the work of each fill before it is
	// done (see MaxWork); a fill it refuses is not drawn.
	spend  func(n int64) bool
	edges  []edge
	active []int
	xs     []crossing
	counts []int32 // covered samples per pixel of the current row
	alpha  []uint8
}

// fill computes the coverage of the union of polys (device pixels) within
// clip and hands it over one pixel row at a time: paint(y, x0, alpha) for
// the pixels x0, x0+1, … of row y (alpha 0–255).
func (s *scanner) fill(polys [][]pt, clip image.Rectangle, paint func(y, x0 int, alpha []uint8)) {
	s.edges = s.edges[:0]
	for _, p := range polys {
		for i := range p {
			a, b := p[i], p[(i+1)%len(p)]
			s.addEdge(a, b)
		}
	}
	if len(s.edges) == 0 || clip.Empty() {
		return
	}
	if s.spend != nil && !s.spend(s.work(clip)) {
		return
	}
	slices.SortFunc(s.edges, func(a, b edge) int { return a.top - b.top })
	top := max(s.edges[0].top, clip.Min.Y*subScale)
	bot := clip.Min.Y * subScale
	for _, e := range s.edges {
		bot = max(bot, e.bot)
	}
	bot = min(bot, clip.Max.Y*subScale)
	if top >= bot {
		return
	}
	w := clip.Dx()
	if cap(s.counts) < w {
		s.counts = make([]int32, w)
		s.alpha = make([]uint8, w)
	}
	counts, alpha := s.counts[:w], s.alpha[:w]
	minX, maxX := clip.Min.X*subScale, clip.Max.X*subScale
	s.active = s.active[:0]
	next := 0
	lo, hi := w, -1 // the touched columns of the current pixel row
	flush := func(py int) {
		if hi < lo {
			return
		}
		for x := lo; x <= hi; x++ {
			c := counts[x] << (8 - 2*subShift)
			alpha[x] = uint8(min(c, 255))
			counts[x] = 0
		}
		paint(py, clip.Min.X+lo, alpha[lo:hi+1])
		lo, hi = w, -1
	}
	for j := top; j < bot; j++ {
		if j%subScale == 0 && j != top {
			flush(j/subScale - 1)
		}
		added := 0
		for next < len(s.edges) && s.edges[next].top <= j {
			s.active = append(s.active, next)
			next++
			added++
		}
		k := 0
		for _, e := range s.active {
			if s.edges[e].bot > j {
				s.active[k] = e
				k++
			}
		}
		s.active = s.active[:k]
		if k == 0 {
			if next >= len(s.edges) {
				break
			}
			continue
		}
		s.xs = s.xs[:0]
		yc := float64(j) + 0.5
		for _, ei := range s.active {
			e := &s.edges[ei]
			x := e.x0 + (yc-e.y0)*e.dxdy
			s.xs = append(s.xs, crossing{x: int(math.Floor(x + 0.5)), dir: e.dir, edge: ei})
		}
		// The active edges are kept in the order of their last crossings,
		// which one sub-row down is nearly the order of the new ones: an
		// insertion sort then costs little more than a pass, where a plan
		// of hundreds of crossing walls made a full sort of every sub-row
		// the rasteriser's largest cost. Crossings at one x may come in
		// either order: the spans between them are empty. Many edges
		// joining at once get a general sort (maxInserted).
		if added > maxInserted {
			slices.SortFunc(s.xs, func(a, b crossing) int { return a.x - b.x })
		} else {
			sortCrossings(s.xs)
		}
		for i, c := range s.xs {
			s.active[i] = c.edge
		}
		// Spans run from where the winding leaves zero to where it
		// comes back.
		wind := 0
		start := 0
		for _, c := range s.xs {
			if wind == 0 {
				start = c.x
			}
			wind += c.dir
			if wind == 0 {
				l, r := max(start, minX), min(c.x, maxX)
				if l < r {
					s.span(l-minX, r-minX, counts, &lo, &hi)
				}
			}
		}
	}
	flush((bot - 1) / subScale)
}

// work is what filling the edges within clip costs, in the units of
// MaxWork: every sub-row each edge crosses (each is a crossing found and
// sorted), every pixel of every sub-row (where spans are counted) and of
// every row (handed over), and a sort's share for each edge.
func (s *scanner) work(clip image.Rectangle) int64 {
	var n int64
	top, bot := clip.Max.Y*subScale, clip.Min.Y*subScale
	for _, e := range s.edges {
		n += int64(min(e.bot, clip.Max.Y*subScale) - max(e.top, clip.Min.Y*subScale))
		top, bot = min(top, e.top), max(bot, e.bot)
	}
	rows := (min(bot, clip.Max.Y*subScale) - max(top, clip.Min.Y*subScale)) / subScale
	return max(n, 0) + (subScale+1)*int64(max(rows, 0))*int64(clip.Dx()) + int64(len(s.edges))*edgeSortWork
}

// edgeSortWork is the work units an edge's share of the sort by top row
// counts for.
const edgeSortWork = 16

// maxInserted is the most edges joining the active list at one sub-row
// that the insertion sort takes in; past it, each of them could move the
// whole list, and a general sort is used for that sub-row.
const maxInserted = 32

// sortCrossings sorts xs by x, by insertion: fast on the nearly sorted
// lists the scanner keeps.
func sortCrossings(xs []crossing) {
	for i := 1; i < len(xs); i++ {
		c := xs[i]
		j := i
		for j > 0 && xs[j-1].x > c.x {
			xs[j] = xs[j-1]
			j--
		}
		xs[j] = c
	}
}

// span adds the sub-samples [l, r) (sub-sample columns from the clip's
// left) to the row's counts.
func (s *scanner) span(l, r int, counts []int32, lo, hi *int) {
	pl, pr := l>>subShift, (r-1)>>subShift
	*lo, *hi = min(*lo, pl), max(*hi, pr)
	if pl == pr {
		counts[pl] += int32(r - l)
		return
	}
	counts[pl] += int32(subScale - l&(subScale-1))
	for x := pl + 1; x < pr; x++ {
		counts[x] += subScale
	}
	counts[pr] += int32(r - pr<<subShift)
}

// addEdge records side a→b (device pixels), rounded to sub-sample rows as
// Skia rounds them; a side that spans no row centre is dropped.
func (s *scanner) addEdge(a, b pt) {
	ay, by := a.Y*subScale, b.Y*subScale
	ax, bx := a.X*subScale, b.X*subScale
	if math.IsNaN(ay+by+ax+bx) || math.IsInf(ay+by+ax+bx, 0) {
		return
	}
	dir := 1
	if ay > by {
		ax, ay, bx, by = bx, by, ax, ay
		dir = -1
	}
	top, bot := int(math.Floor(ay+0.5)), int(math.Floor(by+0.5))
	if top >= bot {
		return
	}
	s.edges = append(s.edges, edge{top: top, bot: bot, x0: ax, y0: ay, dxdy: (bx - ax) / (by - ay), dir: dir})
}
