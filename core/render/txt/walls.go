package txt

import (
	"math"
	"sort"
	"strconv"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// arcStep is the tessellation step of a curved wall, in radians.
const arcStep = math.Pi / 24

// maxUnionEdges caps the polygon edges one wall group's union examines
// (the work grows with their square); a larger group draws every solid's
// own outline instead.
const maxUnionEdges = 4000

// sideEps is how far either side of an outline edge the union is sampled,
// as a fraction of the edge's length (and at least minSideEps mm).
const (
	sideEps    = 1e-6
	minSideEps = 1e-4
)

// wallSeg is one leg of a wall: straight, or a circular arc.
type wallSeg struct {
	a, b  geom.Point
	h     float64 // half thickness
	wall  int     // index into Plan.Walls
	index int     // index into that wall's Segments()
	arc   *ir.WallArc
}

func wallSegments(p *ir.Plan) []wallSeg {
	var out []wallSeg
	for wi, wl := range p.Walls {
		h := wl.Thickness / 2
		if !(h > 0) || h > maxCoord {
			continue
		}
		segs := wl.Segments()
		for si, sg := range segs {
			if !finite(sg.A) || !finite(sg.B) || sg.A.ApproxEqual(sg.B) {
				continue
			}
			ws := wallSeg{a: sg.A, b: sg.B, h: h, wall: wi, index: si}
			if len(wl.Arcs) == len(segs) && wl.Arcs[si].Arc {
				a := wl.Arcs[si]
				if a.Radius > h && a.Radius < maxCoord && finite(a.Center) && !math.IsNaN(a.Sweep) && math.Abs(a.Sweep) <= 2*math.Pi {
					ws.arc = &a
				}
			}
			out = append(out, ws)
		}
	}
	return out
}

// axisEps is the tolerance for calling a segment axis-aligned, in mm.
const axisEps = 1e-6

// axis reports whether the segment is horizontal or vertical.
func (s wallSeg) axis() bool {
	return math.Abs(s.a.X-s.b.X) <= axisEps || math.Abs(s.a.Y-s.b.Y) <= axisEps
}

func (s wallSeg) dir() geom.Point    { return s.b.Sub(s.a).Unit() }
func (s wallSeg) normal() geom.Point { d := s.dir(); return geom.Point{X: -d.Y, Y: d.X} }

// solid is the segment's floor polygon, extended by half the thickness
// past each end so that corners close square.
func (s wallSeg) solid() []geom.Point {
	if s.arc != nil {
		return s.arcPiece(0, 1, true, true)
	}
	d, n := s.dir().Mul(s.h), s.normal().Mul(s.h)
	a, b := s.a.Sub(d), s.b.Add(d)
	return []geom.Point{a.Sub(n), b.Sub(n), b.Add(n), a.Add(n)}
}

// void is the stretch lo..hi (mm from a; fractions of the sweep on an arc)
// that an opening removes.
func (s wallSeg) void(lo, hi float64) []geom.Point {
	if s.arc != nil {
		return s.arcPiece(lo, hi, false, false)
	}
	d, n := s.dir(), s.normal().Mul(s.h)
	a, b := s.a.Add(d.Mul(lo)), s.a.Add(d.Mul(hi))
	return []geom.Point{a.Sub(n), b.Sub(n), b.Add(n), a.Add(n)}
}

func (s wallSeg) arcAt(t, rad float64) geom.Point {
	a := s.arc.StartAngle + s.arc.Sweep*t
	return s.arc.Center.Add(geom.Point{X: math.Cos(a), Y: math.Sin(a)}.Mul(rad))
}

func (s wallSeg) arcTangent(t float64) geom.Point {
	a := s.arc.StartAngle + s.arc.Sweep*t
	d := geom.Point{X: -math.Sin(a), Y: math.Cos(a)}
	if s.arc.Sweep < 0 {
		d = d.Mul(-1)
	}
	return d
}

// arcParam is the fraction along the arc nearest p (by angle).
func (s wallSeg) arcParam(p geom.Point) float64 {
	if s.arc.Sweep == 0 {
		return 0
	}
	a := math.Atan2(p.Y-s.arc.Center.Y, p.X-s.arc.Center.X) - s.arc.StartAngle
	if s.arc.Sweep > 0 {
		a = math.Mod(math.Mod(a, 2*math.Pi)+2*math.Pi, 2*math.Pi)
	} else {
		a = -math.Mod(math.Mod(-a, 2*math.Pi)+2*math.Pi, 2*math.Pi)
	}
	return a / s.arc.Sweep
}

// arcPiece tessellates the stretch t0..t1 of a curved segment as a ring; a
// capped end is a true end of the wall and is extended along its tangent.
func (s wallSeg) arcPiece(t0, t1 float64, cap0, cap1 bool) []geom.Point {
	n := int(math.Ceil(math.Abs(s.arc.Sweep*(t1-t0))/arcStep - 1e-9))
	if n < 1 {
		n = 1
	}
	at := func(k int) float64 { return t0 + (t1-t0)*float64(k)/float64(n) }
	ext := func(on bool) float64 {
		if on {
			return s.h
		}
		return 0
	}
	ro, ri := s.arc.Radius+s.h, s.arc.Radius-s.h
	k0, k1 := 0, n
	if cap0 {
		k0 = 1
	}
	if cap1 {
		k1 = n - 1
	}
	var pts []geom.Point
	pts = append(pts, s.arcAt(t0, ro).Sub(s.arcTangent(t0).Mul(ext(cap0))))
	for k := k0; k <= k1; k++ {
		pts = append(pts, s.arcAt(at(k), ro))
	}
	pts = append(pts, s.arcAt(t1, ro).Add(s.arcTangent(t1).Mul(ext(cap1))), s.arcAt(t1, ri).Add(s.arcTangent(t1).Mul(ext(cap1))))
	for k := k1; k >= k0; k-- {
		pts = append(pts, s.arcAt(at(k), ri))
	}
	return append(pts, s.arcAt(t0, ri).Sub(s.arcTangent(t0).Mul(ext(cap0))))
}

// hostIndex is the index in segs of the segment opening o sits on, or -1.
func hostIndex(segs []wallSeg, o ir.Opening) int {
	if !(o.Width > 0) || o.Width > maxCoord || !finite(o.Center) {
		return -1
	}
	i := sort.Search(len(segs), func(i int) bool {
		sg := segs[i]
		return sg.wall > o.Wall || (sg.wall == o.Wall && sg.index >= o.Segment)
	})
	if i < len(segs) && segs[i].wall == o.Wall && segs[i].index == o.Segment {
		return i
	}
	return -1
}

// hatchKey is the wall's hatch: walls union only with walls of the same
// material, scale and angle.
func hatchKey(w ir.Wall) string {
	m := "poche"
	switch w.Material {
	case "poche", "concrete", "brick", "insulation", "tile", "none":
		m = w.Material
	}
	sc := 1.0
	if w.MaterialScale > 0 && w.MaterialScale < 1000 {
		sc = w.MaterialScale
	}
	an := 0.0
	if !math.IsNaN(w.MaterialAngle) && math.Abs(w.MaterialAngle) < maxCoord {
		an = w.MaterialAngle
	}
	return m + "|" + strconv.FormatFloat(sc, 'g', -1, 64) + "|" + strconv.FormatFloat(an, 'g', -1, 64)
}

// group is the solids and voids of walls that share one hatch.
type group struct {
	key            string
	solids, voids  [][]geom.Point
	solidBB, voidB []geom.Rect
}

// drawWalls draws the outline of the walls: per hatch, the union of the
// wall solids less the openings.
func drawWalls(g *grid, p *ir.Plan, segs []wallSeg) {
	open := make([][]int, len(segs))
	for oi, o := range p.Openings {
		if i := hostIndex(segs, o); i >= 0 && !o.OffWall {
			open[i] = append(open[i], oi)
		}
	}
	// One angled straight segment sends every wall to per-segment
	// outlines, and a wall with a curved edge is always drawn segment by
	// segment; their openings leave the outline whole.
	fallback := false
	curved := make([]bool, len(p.Walls))
	for _, sg := range segs {
		if sg.arc != nil {
			curved[sg.wall] = true
		} else if !sg.axis() {
			fallback = true
		}
	}
	var loose [][]geom.Point
	var groups []*group
	byKey := map[string]*group{}
	for i, sg := range segs {
		if fallback || curved[sg.wall] {
			continue
		}
		k := hatchKey(p.Walls[sg.wall])
		gr := byKey[k]
		if gr == nil {
			gr = &group{key: k}
			byKey[k] = gr
			groups = append(groups, gr)
		}
		gr.solids = append(gr.solids, sg.solid())
		for _, oi := range open[i] {
			o := p.Openings[oi]
			if sg.arc != nil {
				c := sg.arcParam(o.Center)
				hw := o.Width / 2 / sg.arc.Radius / math.Abs(sg.arc.Sweep)
				gr.voids = append(gr.voids, sg.void(c-hw, c+hw))
				continue
			}
			c, _ := geom.Segment{A: sg.a, B: sg.b}.Project(o.Center)
			gr.voids = append(gr.voids, sg.void(c-o.Width/2, c+o.Width/2))
		}
	}
	for _, sg := range segs {
		if !fallback && curved[sg.wall] {
			loose = append(loose, sg.solid())
		}
	}
	if fallback {
		for _, sg := range segs {
			if sg.arc == nil {
				loose = append(loose, sg.solid())
			}
		}
		for _, sg := range segs {
			if sg.arc != nil {
				loose = append(loose, sg.solid())
			}
		}
	}
	for _, gr := range groups {
		for _, e := range gr.outline() {
			g.line(e.a, e.b, 0)
		}
	}
	for _, s := range loose {
		for _, e := range ringEdges(s) {
			g.line(e.a, e.b, 0)
		}
	}
}

// edge is a straight piece of outline.
type edge struct{ a, b geom.Point }

func ringEdges(pg []geom.Point) []edge {
	out := make([]edge, 0, len(pg))
	for i := range pg {
		a, b := pg[i], pg[(i+1)%len(pg)]
		if a.ApproxEqual(b) {
			continue
		}
		out = append(out, edge{a, b})
	}
	return out
}

// filled reports whether q is inside the group's union: in some solid and
// in no void.
func (gr *group) filled(q geom.Point) bool {
	for i, v := range gr.voids {
		if inBox(q, gr.voidB[i]) && inside(q, v) {
			return false
		}
	}
	for i, s := range gr.solids {
		if inBox(q, gr.solidBB[i]) && inside(q, s) {
			return true
		}
	}
	return false
}

func inBox(q geom.Point, b geom.Rect) bool {
	return q.X >= b.Min.X && q.X <= b.Max.X && q.Y >= b.Min.Y && q.Y <= b.Max.Y
}

// outline returns the boundary of the group's union: every solid and void
// edge, split where other edges cross it, keeping the pieces with the
// union on exactly one side.
func (gr *group) outline() []edge {
	var all []edge
	for _, s := range gr.solids {
		gr.solidBB = append(gr.solidBB, geom.Polygon(s).Bounds())
		all = append(all, ringEdges(s)...)
	}
	for _, v := range gr.voids {
		gr.voidB = append(gr.voidB, geom.Polygon(v).Bounds())
		all = append(all, ringEdges(v)...)
	}
	if len(all) > maxUnionEdges {
		var out []edge
		for _, s := range gr.solids {
			out = append(out, ringEdges(s)...)
		}
		return out
	}
	boxes := make([]geom.Rect, len(all))
	for i, e := range all {
		boxes[i] = geom.Rect{Min: e.a, Max: e.a}.Union(geom.Rect{Min: e.b, Max: e.b})
	}
	var out []edge
	for i, e := range all {
		d := e.b.Sub(e.a)
		l := d.Len()
		ts := []float64{0, 1}
		for j, f := range all {
			if j == i || !overlaps(boxes[i], boxes[j]) {
				continue
			}
			ts = append(ts, crossings(e, f)...)
		}
		sort.Float64s(ts)
		eps := math.Max(sideEps*l, minSideEps)
		n := geom.Point{X: -d.Y / l, Y: d.X / l}.Mul(eps)
		var run *edge
		flush := func() {
			if run != nil {
				out = append(out, *run)
				run = nil
			}
		}
		for k := 0; k+1 < len(ts); k++ {
			t0, t1 := ts[k], ts[k+1]
			if t1-t0 < 1e-12 {
				continue
			}
			m := e.a.Add(d.Mul((t0 + t1) / 2))
			if gr.filled(m.Add(n)) == gr.filled(m.Sub(n)) {
				flush()
				continue
			}
			p0, p1 := e.a.Add(d.Mul(t0)), e.a.Add(d.Mul(t1))
			if run != nil {
				run.b = p1
			} else {
				run = &edge{p0, p1}
			}
		}
		flush()
	}
	return out
}

func overlaps(a, b geom.Rect) bool {
	const tol = 1e-6
	return a.Min.X <= b.Max.X+tol && b.Min.X <= a.Max.X+tol && a.Min.Y <= b.Max.Y+tol && b.Min.Y <= a.Max.Y+tol
}

// crossings returns the parameters along e (0..1) where f crosses or
// touches it, including where a collinear f begins and ends.
func crossings(e, f edge) []float64 {
	r := e.b.Sub(e.a)
	s := f.b.Sub(f.a)
	den := r.Cross(s)
	qp := f.a.Sub(e.a)
	rr := r.Dot(r)
	if rr == 0 {
		return nil
	}
	scale := math.Sqrt(rr) * math.Sqrt(s.Dot(s))
	if math.Abs(den) <= 1e-12*scale {
		// Parallel: only collinear overlaps matter.
		if math.Abs(qp.Cross(r)) > 1e-9*rr {
			return nil
		}
		var out []float64
		for _, q := range []geom.Point{f.a, f.b} {
			t := q.Sub(e.a).Dot(r) / rr
			if t > 0 && t < 1 {
				out = append(out, t)
			}
		}
		return out
	}
	t := qp.Cross(s) / den
	u := qp.Cross(r) / den
	const tol = 1e-9
	if t > tol && t < 1-tol && u >= -tol && u <= 1+tol {
		return []float64{t}
	}
	return nil
}

// inside reports whether q lies inside polygon pg (even-odd rule).
func inside(q geom.Point, pg []geom.Point) bool {
	in := false
	for i := range pg {
		a, b := pg[i], pg[(i+1)%len(pg)]
		if (a.Y > q.Y) != (b.Y > q.Y) && q.X < a.X+(q.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y) {
			in = !in
		}
	}
	return in
}
