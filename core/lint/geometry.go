package lint

import (
	"cmp"
	"math"
	"slices"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// band is the solid of one straight wall segment: the rectangle the
// segment's thickness sweeps, squared off half a thickness past each end (as
// walls are joined).
type band struct {
	wall, index int // the wall and the segment's index in its Segments()
	seg         geom.Segment
	d, n        geom.Point // unit direction and left normal
	h           float64    // half thickness
	l           float64    // centreline length
	// lo and hi bound the solid along the centreline, from seg.A: -h and
	// l+h for a whole segment, narrower for a piece between openings.
	lo, hi float64
}

// wallBands collects every straight, non-degenerate wall segment of p.
// Curved segments are left out: no furniture rule measures against an arc.
func wallBands(p *ir.Plan) []band {
	var out []band
	for wi, w := range p.Walls {
		for si, s := range w.Segments() {
			if si < len(w.Arcs) && w.Arcs[si].Arc {
				continue
			}
			l := s.Len()
			if l <= geom.Eps || w.Thickness <= 0 {
				continue
			}
			d := s.B.Sub(s.A).Unit()
			h := w.Thickness / 2
			out = append(out, band{wall: wi, index: si, seg: s, d: d, n: geom.Point{X: -d.Y, Y: d.X}, h: h, l: l, lo: -h, hi: l + h})
		}
	}
	return out
}

// axis reports whether the band runs along x (0), along y (1) or neither (-1).
func (b band) axis() int {
	switch {
	case math.Abs(b.d.Y) <= geom.Eps:
		return 0
	case math.Abs(b.d.X) <= geom.Eps:
		return 1
	}
	return -1
}

// corners returns the band's four corners.
func (b band) corners() [4]geom.Point {
	a := b.seg.A.Add(b.d.Mul(b.lo))
	e := b.seg.A.Add(b.d.Mul(b.hi))
	return [4]geom.Point{a.Add(b.n.Mul(b.h)), e.Add(b.n.Mul(b.h)), e.Sub(b.n.Mul(b.h)), a.Sub(b.n.Mul(b.h))}
}

// solids splits the band into the pieces of wall left between the
// openings (doors, windows, cased openings) hosted on its segment, in order
// along the segment.
//
// Cutting the openings out one by one gives the same pieces whatever their
// order, so they are cut in order of their near edge: every piece but the
// last then ends at or before that edge, and only the last can be cut. The
// work is a sort, not a pass over every piece for every opening (thousands
// of windows on one wall made that quadratic).
func (b band) solids(p *ir.Plan, hosted []int) []band {
	type cut struct{ lo, hi float64 }
	cuts := make([]cut, 0, len(hosted))
	for _, i := range hosted {
		op := &p.Openings[i]
		if op.Wall != b.wall || op.Segment != b.index || op.OffWall {
			continue
		}
		c, _ := b.seg.Project(op.Center)
		cuts = append(cuts, cut{c - op.Width/2, c + op.Width/2})
	}
	slices.SortStableFunc(cuts, func(x, y cut) int { return cmp.Compare(x.lo, y.lo) })
	out := []band{b}
	for _, k := range cuts {
		if len(out) == 0 {
			break
		}
		s := out[len(out)-1]
		if k.hi <= s.lo || k.lo >= s.hi {
			continue
		}
		out = out[:len(out)-1]
		if k.lo > s.lo {
			t := s
			t.hi = k.lo
			out = append(out, t)
		}
		if k.hi < s.hi {
			t := s
			t.lo = k.hi
			out = append(out, t)
		}
	}
	return out
}

// hostedOpenings lists the openings on each wall segment, by wall and
// segment index, in opening order.
func hostedOpenings(p *ir.Plan) map[[2]int][]int {
	out := map[[2]int][]int{}
	for i := range p.Openings {
		op := &p.Openings[i]
		if !op.OffWall {
			k := [2]int{op.Wall, op.Segment}
			out[k] = append(out[k], i)
		}
	}
	return out
}

// rectCorners returns r's corners.
func rectCorners(r geom.Rect) [4]geom.Point {
	return [4]geom.Point{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}}
}

// depth is how far r and the band interpenetrate: the smallest overlap of
// their projections over the separating axes (x, y and the band's own
// axes). Zero or less means they do not overlap.
func (b band) depth(r geom.Rect) float64 {
	bc := b.corners()
	rc := rectCorners(r)
	axes := []geom.Point{{X: 1}, {Y: 1}}
	if b.axis() < 0 {
		axes = append(axes, b.d, b.n)
	}
	best := math.Inf(1)
	for _, ax := range axes {
		a0, a1 := project(bc[:], ax)
		r0, r1 := project(rc[:], ax)
		best = math.Min(best, math.Min(a1, r1)-math.Max(a0, r0))
	}
	return best
}

func project(pts []geom.Point, ax geom.Point) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		v := p.Dot(ax)
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return
}

// walledSides reports, for each side of r, whether an axis-aligned wall
// backs it: a wall parallel to that side whose centreline lies at most
// reach from the side's line, on either side of it, and whose segment
// reaches the middle of the side (an end exactly there counts; openings in
// it do not matter). As in the reference, the wall's thickness does not
// count and neither does which way the piece faces: a shallow
// piece near a wall has both its long sides backed, and a piece pushed
// through a wall stays backed until that side is more than reach past the
// wall's centreline.
func walledSides(bands []band, r geom.Rect, reach float64) [ir.SideCount]bool {
	var out [ir.SideCount]bool
	for _, b := range bands {
		ax := b.axis()
		if ax < 0 {
			continue
		}
		if ax == 0 { // horizontal wall: may back the top or bottom side
			c := b.seg.A.Y
			lo, hi := math.Min(b.seg.A.X, b.seg.B.X), math.Max(b.seg.A.X, b.seg.B.X)
			if mx := r.Center().X; mx < lo-geom.Eps || mx > hi+geom.Eps {
				continue
			}
			if math.Abs(r.Min.Y-c) <= reach+geom.Eps {
				out[ir.SideTop] = true
			}
			if math.Abs(r.Max.Y-c) <= reach+geom.Eps {
				out[ir.SideBottom] = true
			}
			continue
		}
		c := b.seg.A.X
		lo, hi := math.Min(b.seg.A.Y, b.seg.B.Y), math.Max(b.seg.A.Y, b.seg.B.Y)
		if my := r.Center().Y; my < lo-geom.Eps || my > hi+geom.Eps {
			continue
		}
		if math.Abs(r.Min.X-c) <= reach+geom.Eps {
			out[ir.SideLeft] = true
		}
		if math.Abs(r.Max.X-c) <= reach+geom.Eps {
			out[ir.SideRight] = true
		}
	}
	return out
}

// rectDist is the distance from p to the nearest point of r (0 inside).
func rectDist(p geom.Point, r geom.Rect) float64 {
	dx := math.Max(0, math.Max(r.Min.X-p.X, p.X-r.Max.X))
	dy := math.Max(0, math.Max(r.Min.Y-p.Y, p.Y-r.Max.Y))
	return math.Hypot(dx, dy)
}

// overlap1 is the length two intervals share (negative when apart).
func overlap1(a0, a1, b0, b1 float64) float64 {
	return math.Min(a1, b1) - math.Max(a0, b0)
}

// inPolygon reports whether p is inside pg or on its boundary.
func inPolygon(pg geom.Polygon, p geom.Point) bool {
	n := len(pg)
	if n < 3 {
		return false
	}
	in := false
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		a, b := pg[i], pg[j]
		if onSegment(a, b, p) {
			return true
		}
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

func onSegment(a, b, p geom.Point) bool {
	ab, ap := b.Sub(a), p.Sub(a)
	if ab.Len() <= geom.Eps {
		return ap.Len() <= geom.Eps
	}
	if math.Abs(ab.Cross(ap)) > geom.Eps*math.Max(1, ab.Len()) {
		return false
	}
	t := ap.Dot(ab)
	return t >= -geom.Eps && t <= ab.Dot(ab)+geom.Eps
}
