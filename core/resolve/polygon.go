package resolve

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/geom"
)

// checkPolygon validates a polygon room's ring: at least three effective
// vertices, and no crossing edges.
func (r *resolver) checkPolygon(rm *roomEl, pg geom.Polygon) bool {
	if effectiveVertices(pg) < 3 {
		r.add(diag.New(diag.ErrRoomPolyDegenerate, rm.src.Span, "Room %q has fewer than three distinct, non-collinear vertices", rm.id))
		return false
	}
	if selfIntersects(effectiveRing(pg)) {
		r.add(diag.New(diag.ErrRoomPolySelfIntersect, rm.src.Span, "The edges of room %q cross each other; the ring must be simple", rm.id))
		return false
	}
	return true
}

// effectiveVertices counts the vertices left once repeated points and
// points on a straight run are dropped.
func effectiveVertices(pg geom.Polygon) int { return len(effectiveRing(pg)) }

// effectiveRing drops repeated points and points on a straight run.
func effectiveRing(pg geom.Polygon) geom.Polygon {
	if len(pg) == 0 {
		return nil
	}
	pts := make(geom.Polygon, 0, len(pg))
	for _, p := range pg {
		if len(pts) == 0 || !pts[len(pts)-1].ApproxEqual(p) {
			pts = append(pts, p)
		}
	}
	if len(pts) > 1 && pts[0].ApproxEqual(pts[len(pts)-1]) {
		pts = pts[:len(pts)-1]
	}
	out := make(geom.Polygon, 0, len(pts))
	for i := range pts {
		a, b, c := pts[(i+len(pts)-1)%len(pts)], pts[i], pts[(i+1)%len(pts)]
		if math.Abs(b.Sub(a).Cross(c.Sub(b))) > geom.Eps {
			out = append(out, b)
		}
	}
	return out
}

// selfIntersects reports whether two non-adjacent edges of the ring cross.
func selfIntersects(pg geom.Polygon) bool {
	n := len(pg)
	for i := 0; i < n; i++ {
		a1, a2 := pg[i], pg[(i+1)%n]
		for j := i + 1; j < n; j++ {
			if j == i || (j+1)%n == i || (i+1)%n == j {
				continue
			}
			b1, b2 := pg[j], pg[(j+1)%n]
			if segmentsCross(a1, a2, b1, b2) {
				return true
			}
		}
	}
	return false
}

func orient(a, b, c geom.Point) float64 { return b.Sub(a).Cross(c.Sub(a)) }

// segmentsCross reports a proper or touching intersection of ab and cd.
func segmentsCross(a, b, c, d geom.Point) bool {
	d1, d2 := orient(c, d, a), orient(c, d, b)
	d3, d4 := orient(a, b, c), orient(a, b, d)
	if ((d1 > geom.Eps && d2 < -geom.Eps) || (d1 < -geom.Eps && d2 > geom.Eps)) &&
		((d3 > geom.Eps && d4 < -geom.Eps) || (d3 < -geom.Eps && d4 > geom.Eps)) {
		return true
	}
	on := func(p, q, x geom.Point) bool {
		return math.Min(p.X, q.X)-geom.Eps <= x.X && x.X <= math.Max(p.X, q.X)+geom.Eps &&
			math.Min(p.Y, q.Y)-geom.Eps <= x.Y && x.Y <= math.Max(p.Y, q.Y)+geom.Eps
	}
	return (math.Abs(d1) <= geom.Eps && on(c, d, a)) || (math.Abs(d2) <= geom.Eps && on(c, d, b)) ||
		(math.Abs(d3) <= geom.Eps && on(a, b, c)) || (math.Abs(d4) <= geom.Eps && on(a, b, d))
}

// pointInPolygon reports whether p is inside pg or on its boundary.
func pointInPolygon(pg geom.Polygon, p geom.Point) bool {
	n := len(pg)
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

// polygonsOverlap reports whether two rings overlap the way the reference
// decides it: two edges cross properly, or a vertex or edge midpoint of
// one lies strictly inside the other. Rings that only share boundary
// (including identical rings) do not overlap.
func polygonsOverlap(a, b geom.Polygon) bool {
	for i := range a {
		a1, a2 := a[i], a[(i+1)%len(a)]
		for j := range b {
			b1, b2 := b[j], b[(j+1)%len(b)]
			d1, d2 := orient(b1, b2, a1), orient(b1, b2, a2)
			d3, d4 := orient(a1, a2, b1), orient(a1, a2, b2)
			if ((d1 > geom.Eps && d2 < -geom.Eps) || (d1 < -geom.Eps && d2 > geom.Eps)) &&
				((d3 > geom.Eps && d4 < -geom.Eps) || (d3 < -geom.Eps && d4 > geom.Eps)) {
				return true
			}
		}
	}
	return samplesInside(a, b) || samplesInside(b, a)
}

// samplesInside reports whether a vertex or an edge midpoint of a lies
// strictly inside b.
func samplesInside(a, b geom.Polygon) bool {
	for i := range a {
		p, q := a[i], a[(i+1)%len(a)]
		if strictlyInside(b, p) || strictlyInside(b, p.Add(q).Mul(0.5)) {
			return true
		}
	}
	return false
}

func strictlyInside(pg geom.Polygon, p geom.Point) bool {
	// Inside, then not on the boundary: the cheap test first, as most
	// samples are outside.
	if !pointInPolygon(pg, p) {
		return false
	}
	for i := range pg {
		if onSegment(pg[i], pg[(i+1)%len(pg)], p) {
			return false
		}
	}
	return true
}

// onSegment reports whether p lies within geom.Eps of the segment a–b
// (segDist(a–b, p) <= geom.Eps). A point well outside the segment's box,
// as most points a ring's edges are tested against are, is answered from
// the box, without the two square roots of segDist.
func onSegment(a, b, p geom.Point) bool {
	if farFromBox(a.X, b.X, p.X) || farFromBox(a.Y, b.Y, p.Y) {
		return false
	}
	return segDist(geom.Segment{A: a, B: b}, p) <= geom.Eps
}

// Box tests: a coordinate more than boxGap outside [min(a, b), max(a, b)]
// is surely more than geom.Eps from every point of the segment, as
// segDist computes it, while the coordinates stay below boxLimit (their
// rounding errors are then far below boxGap - geom.Eps).
const (
	boxGap   = 1e-3
	boxLimit = 1e9
)

// farFromBox reports whether v lies more than boxGap outside the range of
// a and b, all of them below boxLimit in magnitude (false otherwise, and
// for NaNs).
func farFromBox(a, b, v float64) bool {
	lo, hi := min(a, b), max(a, b)
	if !(-boxLimit < lo && hi < boxLimit && -boxLimit < v && v < boxLimit) {
		return false
	}
	return v-hi > boxGap || lo-v > boxGap
}
