package raster

import (
	"math"
	"strconv"
	"strings"
)

// pt is a point in whatever space the caller is working in.
type pt struct{ X, Y float64 }

func (p pt) sub(q pt) pt        { return pt{p.X - q.X, p.Y - q.Y} }
func (p pt) add(q pt) pt        { return pt{p.X + q.X, p.Y + q.Y} }
func (p pt) mul(k float64) pt   { return pt{p.X * k, p.Y * k} }
func (p pt) len() float64       { return math.Hypot(p.X, p.Y) }
func (p pt) dot(q pt) float64   { return p.X*q.X + p.Y*q.Y }
func (p pt) cross(q pt) float64 { return p.X*q.Y - p.Y*q.X }

// matrix is an affine transform in SVG's order: x' = A·x + C·y + E,
// y' = B·x + D·y + F.
type matrix struct{ A, B, C, D, E, F float64 }

var identity = matrix{A: 1, D: 1}

// then returns the transform that applies m first, then n.
func (m matrix) then(n matrix) matrix {
	return matrix{
		A: n.A*m.A + n.C*m.B,
		B: n.B*m.A + n.D*m.B,
		C: n.A*m.C + n.C*m.D,
		D: n.B*m.C + n.D*m.D,
		E: n.A*m.E + n.C*m.F + n.E,
		F: n.B*m.E + n.D*m.F + n.F,
	}
}

func (m matrix) apply(p pt) pt {
	return pt{m.A*p.X + m.C*p.Y + m.E, m.B*p.X + m.D*p.Y + m.F}
}

// scale is the mean length a unit vector takes under m.
func (m matrix) scale() float64 {
	return math.Sqrt(math.Abs(m.A*m.D - m.B*m.C))
}

func (m matrix) invert() (matrix, bool) {
	det := m.A*m.D - m.B*m.C
	if det == 0 || math.IsNaN(det) || math.IsInf(det, 0) {
		return matrix{}, false
	}
	return matrix{
		A: m.D / det, B: -m.B / det, C: -m.C / det, D: m.A / det,
		E: (m.C*m.F - m.D*m.E) / det, F: (m.B*m.E - m.A*m.F) / det,
	}, true
}

func translate(x, y float64) matrix { return matrix{A: 1, D: 1, E: x, F: y} }

func rotate(deg float64) matrix {
	s, c := math.Sincos(deg * math.Pi / 180)
	return matrix{A: c, B: s, C: -s, D: c}
}

// parseTransform reads an SVG transform list (matrix, translate, scale,
// rotate with an optional centre); an unreadable one is the identity.
// The result maps the element's space into its parent's.
func parseTransform(s string) matrix {
	m := identity
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimLeft(s, " ,\t\n") {
		open := strings.IndexByte(s, '(')
		end := strings.IndexByte(s, ')')
		if open < 0 || end < open {
			return identity
		}
		name := strings.TrimSpace(s[:open])
		args := numbers(s[open+1 : end])
		s = s[end+1:]
		var t matrix
		switch {
		case name == "matrix" && len(args) == 6:
			t = matrix{args[0], args[1], args[2], args[3], args[4], args[5]}
		case name == "translate" && len(args) == 1:
			t = translate(args[0], 0)
		case name == "translate" && len(args) == 2:
			t = translate(args[0], args[1])
		case name == "scale" && len(args) == 1:
			t = matrix{A: args[0], D: args[0]}
		case name == "scale" && len(args) == 2:
			t = matrix{A: args[0], D: args[1]}
		case name == "rotate" && len(args) == 1:
			t = rotate(args[0])
		case name == "rotate" && len(args) == 3:
			t = translate(-args[1], -args[2]).then(rotate(args[0])).then(translate(args[1], args[2]))
		default:
			return identity
		}
		// In a list, the rightmost transform applies first.
		m = t.then(m)
	}
	return m
}

// numbers splits a list of numbers separated by commas and/or spaces.
func numbers(s string) []float64 {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' })
	out := make([]float64, 0, len(f))
	for _, x := range f {
		v, err := strconv.ParseFloat(x, 64)
		if err != nil {
			return out
		}
		out = append(out, v)
	}
	return out
}

// number reads one length; units other than none are ignored (the writer
// uses only mm on the root, which sets the proportions, never a scale).
func number(s string, def float64) float64 {
	s = strings.TrimSpace(s)
	s = strings.TrimRight(s, "abcdefghijklmnopqrstuvwxyz%")
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return def
	}
	return v
}

// path is a list of subpaths, each a polyline; closed marks those ended
// by Z (or a closed shape).
type path struct {
	subs   [][]pt
	closed []bool
}

func (p *path) begin(q pt) {
	p.subs = append(p.subs, []pt{q})
	p.closed = append(p.closed, false)
}

func (p *path) lineTo(q pt) {
	if len(p.subs) == 0 {
		p.begin(q)
		return
	}
	i := len(p.subs) - 1
	p.subs[i] = append(p.subs[i], q)
}

func (p *path) close() {
	if len(p.closed) > 0 {
		p.closed[len(p.closed)-1] = true
	}
}

// arcSteps is how many chords flatten an arc of the given sweep (radians)
// and radius (device pixels) to within arcTolerance.
func arcSteps(sweep, r float64) int {
	const arcTolerance = 0.05 // device pixels
	if r <= arcTolerance {
		return 1
	}
	step := 2 * math.Acos(1-arcTolerance/r)
	n := int(math.Ceil(math.Abs(sweep) / step))
	return min(max(n, 1), 1024)
}

// arcTo appends an SVG elliptical arc from the pen to q (endpoint
// parameterisation, SVG 1.1 appendix F.6), flattened for a device scale.
func (p *path) arcTo(rx, ry, rotDeg float64, large, sweep bool, q pt, devScale float64) {
	if len(p.subs) == 0 {
		p.begin(q)
		return
	}
	cur := p.subs[len(p.subs)-1]
	p0 := cur[len(cur)-1]
	rx, ry = math.Abs(rx), math.Abs(ry)
	if rx == 0 || ry == 0 || p0 == q {
		p.lineTo(q)
		return
	}
	sphi, cphi := math.Sincos(rotDeg * math.Pi / 180)
	dx, dy := (p0.X-q.X)/2, (p0.Y-q.Y)/2
	x1 := cphi*dx + sphi*dy
	y1 := -sphi*dx + cphi*dy
	if l := x1*x1/(rx*rx) + y1*y1/(ry*ry); l > 1 {
		l = math.Sqrt(l)
		rx, ry = rx*l, ry*l
	}
	num := rx*rx*ry*ry - rx*rx*y1*y1 - ry*ry*x1*x1
	den := rx*rx*y1*y1 + ry*ry*x1*x1
	co := 0.0
	if den > 0 && num > 0 {
		co = math.Sqrt(num / den)
	}
	if large == sweep {
		co = -co
	}
	cxp, cyp := co*rx*y1/ry, -co*ry*x1/rx
	cx := cphi*cxp - sphi*cyp + (p0.X+q.X)/2
	cy := sphi*cxp + cphi*cyp + (p0.Y+q.Y)/2
	ang := func(ux, uy, vx, vy float64) float64 { return math.Atan2(ux*vy-uy*vx, ux*vx+uy*vy) }
	t1 := ang(1, 0, (x1-cxp)/rx, (y1-cyp)/ry)
	dt := ang((x1-cxp)/rx, (y1-cyp)/ry, (-x1-cxp)/rx, (-y1-cyp)/ry)
	if !sweep && dt > 0 {
		dt -= 2 * math.Pi
	} else if sweep && dt < 0 {
		dt += 2 * math.Pi
	}
	n := arcSteps(dt, math.Max(rx, ry)*devScale)
	for i := 1; i < n; i++ {
		t := t1 + dt*float64(i)/float64(n)
		st, ct := math.Sincos(t)
		p.lineTo(pt{cx + rx*ct*cphi - ry*st*sphi, cy + rx*ct*sphi + ry*st*cphi})
	}
	p.lineTo(q)
}

// circle returns a closed polygon approximating a circle.
func circle(c pt, r, devScale float64) []pt {
	n := max(arcSteps(2*math.Pi, r*devScale), 8)
	out := make([]pt, n)
	for i := range out {
		s, co := math.Sincos(2 * math.Pi * float64(i) / float64(n))
		out[i] = pt{c.X + r*co, c.Y + r*s}
	}
	return out
}

// parsePathData reads the path commands the writer uses (M, L, H, V, A, Z
// and their relative forms). Reading stops at anything else.
func parsePathData(d string, devScale float64) path {
	var p path
	var cmd byte
	var pen, start pt
	i := 0
	next := func() (float64, bool) {
		for i < len(d) && (d[i] == ' ' || d[i] == ',' || d[i] == '\t' || d[i] == '\n' || d[i] == '\r') {
			i++
		}
		j := i
		if j < len(d) && (d[j] == '-' || d[j] == '+') {
			j++
		}
		dot := false
		for j < len(d) && ((d[j] >= '0' && d[j] <= '9') || (d[j] == '.' && !dot) || d[j] == 'e' || d[j] == 'E' ||
			((d[j] == '-' || d[j] == '+') && (d[j-1] == 'e' || d[j-1] == 'E'))) {
			if d[j] == '.' {
				dot = true
			}
			j++
		}
		if j == i {
			return 0, false
		}
		v, err := strconv.ParseFloat(d[i:j], 64)
		if err != nil {
			return 0, false
		}
		i = j
		return v, true
	}
	nums := func(k int) ([]float64, bool) {
		out := make([]float64, k)
		for n := range out {
			v, ok := next()
			if !ok {
				return nil, false
			}
			out[n] = v
		}
		return out, true
	}
	for {
		for i < len(d) && (d[i] == ' ' || d[i] == ',' || d[i] == '\t' || d[i] == '\n' || d[i] == '\r') {
			i++
		}
		if i >= len(d) {
			return p
		}
		c := d[i]
		if (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') {
			cmd = c
			i++
		} else if cmd == 0 {
			return p
		}
		rel := cmd >= 'a'
		off := pt{}
		if rel {
			off = pen
		}
		switch cmd | 0x20 {
		case 'm':
			a, ok := nums(2)
			if !ok {
				return p
			}
			pen = pt{a[0], a[1]}.add(off)
			start = pen
			p.begin(pen)
			if rel {
				cmd = 'l'
			} else {
				cmd = 'L'
			}
		case 'l':
			a, ok := nums(2)
			if !ok {
				return p
			}
			pen = pt{a[0], a[1]}.add(off)
			p.lineTo(pen)
		case 'h':
			a, ok := nums(1)
			if !ok {
				return p
			}
			pen = pt{a[0] + off.X, pen.Y}
			p.lineTo(pen)
		case 'v':
			a, ok := nums(1)
			if !ok {
				return p
			}
			pen = pt{pen.X, a[0] + off.Y}
			p.lineTo(pen)
		case 'a':
			a, ok := nums(7)
			if !ok {
				return p
			}
			q := pt{a[5], a[6]}.add(off)
			p.arcTo(a[0], a[1], a[2], a[3] != 0, a[4] != 0, q, devScale)
			pen = q
		case 'z':
			p.close()
			pen = start
			cmd = 0 // Z takes no numbers: a number after it ends the data
			// A command after Z starts a new subpath at the start point.
			if i < len(d) {
				p.begin(pen)
				p.subs[len(p.subs)-1] = p.subs[len(p.subs)-1][:1]
			}
		default:
			return p
		}
	}
}
