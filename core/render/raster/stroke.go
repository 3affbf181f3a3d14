package raster

import "math"

// Line caps and joins of a stroke.
const (
	capButt = iota
	capSquare
	capRound
)

const (
	joinMiter = iota
	joinBevel
	joinRound
)

// strokeStyle is how a polyline is outlined.
type strokeStyle struct {
	width      float64
	cap        int
	join       int
	miterLimit float64
	dash       []float64
}

// strokePolys outlines a polyline as a set of polygons whose union (with
// every polygon wound the same way, see orient) is the stroke: one quad per
// segment, a wedge per join, a box per square cap. It works in whatever
// space the points are in; callers stroke in user space and transform.
func strokePolys(pts []pt, closed bool, st strokeStyle, emit func([]pt)) {
	pts = dedupe(pts, closed)
	hw := st.width / 2
	if hw <= 0 || len(pts) == 0 {
		return
	}
	if len(pts) == 1 {
		// A zero-length subpath draws a square cap's box, nothing else.
		if st.cap == capSquare && !closed {
			p := pts[0]
			emit([]pt{{p.X - hw, p.Y - hw}, {p.X + hw, p.Y - hw}, {p.X + hw, p.Y + hw}, {p.X - hw, p.Y + hw}})
		}
		return
	}
	n := len(pts)
	segs := n - 1
	if closed {
		segs = n
	}
	for i := 0; i < segs; i++ {
		a, b := pts[i], pts[(i+1)%n]
		d := b.sub(a)
		l := d.len()
		u := d.mul(1 / l)
		nrm := pt{-u.Y * hw, u.X * hw}
		if !closed && st.cap == capSquare {
			if i == 0 {
				a = a.sub(u.mul(hw))
			}
			if i == segs-1 {
				b = b.add(u.mul(hw))
			}
		}
		emit([]pt{a.add(nrm), b.add(nrm), b.sub(nrm), a.sub(nrm)})
	}
	if !closed && st.cap == capRound {
		emit(circle(pts[0], hw, 1))
		emit(circle(pts[n-1], hw, 1))
	}
	// Joins.
	first, last := 1, n-1
	if closed {
		first, last = 0, n
	}
	for i := first; i < last; i++ {
		prev, cur, nxt := pts[(i-1+n)%n], pts[i%n], pts[(i+1)%n]
		join(prev, cur, nxt, hw, st, emit)
	}
}

// join emits the wedge that fills the outside of the corner at cur.
func join(prev, cur, nxt pt, hw float64, st strokeStyle, emit func([]pt)) {
	d0 := cur.sub(prev)
	d1 := nxt.sub(cur)
	l0, l1 := d0.len(), d1.len()
	if l0 == 0 || l1 == 0 {
		return
	}
	u0, u1 := d0.mul(1/l0), d1.mul(1/l1)
	turn := u0.cross(u1)
	if math.Abs(turn) < 1e-12 && u0.dot(u1) > 0 {
		return // straight on
	}
	// The outer side is left of travel for a right turn, and vice versa.
	side := 1.0
	if turn > 0 {
		side = -1
	}
	n0 := pt{-u0.Y * hw * side, u0.X * hw * side}
	n1 := pt{-u1.Y * hw * side, u1.X * hw * side}
	a, b := cur.add(n0), cur.add(n1)
	if st.join == joinRound {
		emit(circle(cur, hw, 1))
		return
	}
	if st.join == joinMiter {
		// The miter's length over the stroke width is 1/sin(θ/2), θ the
		// angle between the segments.
		cosT := -u0.dot(u1)
		sinHalf := math.Sqrt(math.Max(0, (1-cosT)/2))
		limit := st.miterLimit
		if limit < 1 {
			limit = 4
		}
		if sinHalf > 0 && 1/sinHalf <= limit {
			// The tip lies along the bisector of the two outer normals.
			bis := n0.add(n1)
			bl := bis.len()
			if bl > 0 {
				tip := cur.add(bis.mul(hw / sinHalf / bl))
				emit([]pt{cur, a, tip, b})
				return
			}
		}
	}
	emit([]pt{cur, a, b})
}

// dedupe drops repeated points (and, when closed, a last point equal to
// the first).
func dedupe(pts []pt, closed bool) []pt {
	out := pts[:0:0]
	for i, p := range pts {
		if i > 0 && p == out[len(out)-1] {
			continue
		}
		out = append(out, p)
	}
	if closed && len(out) > 1 && out[0] == out[len(out)-1] {
		out = out[:len(out)-1]
	}
	return out
}

// dashes cuts a polyline into the dashes of the pattern (offset 0). An odd
// pattern repeats twice, as SVG says; an unusable one draws solid.
func dashes(pts []pt, closed bool, pattern []float64, emit func([]pt)) {
	if closed && len(pts) > 0 {
		pts = append(append([]pt{}, pts...), pts[0])
	}
	total := 0.0
	for _, d := range pattern {
		if d < 0 || math.IsNaN(d) {
			emit(pts)
			return
		}
		total += d
	}
	if len(pattern) == 0 || total <= 0 {
		emit(pts)
		return
	}
	if len(pattern)%2 == 1 {
		pattern = append(append([]float64{}, pattern...), pattern...)
	}
	const maxDashes = 100000 // a bound on the work one stroke can make
	idx, left, on := 0, pattern[0], true
	var cur []pt
	count := 0
	if on {
		cur = []pt{pts[0]}
	}
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		seg := b.sub(a).len()
		pos := 0.0
		for seg-pos > left {
			pos += left
			p := a.add(b.sub(a).mul(pos / seg))
			if on {
				cur = append(cur, p)
				emit(cur)
				cur = nil
				if count++; count > maxDashes {
					return
				}
			} else {
				cur = []pt{p}
			}
			on = !on
			idx = (idx + 1) % len(pattern)
			left = pattern[idx]
		}
		left -= seg - pos
		if on {
			cur = append(cur, b)
		}
	}
	if on && len(cur) > 1 {
		emit(cur)
	}
}
