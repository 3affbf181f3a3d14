package txt

import (
	"math"
	"sort"
	"strconv"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/render/wallseg"
)

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

// wallSeg is one leg of a wall (see package wallseg).
type wallSeg = wallseg.Seg

func wallSegments(p *ir.Plan) []wallSeg { return wallseg.Segments(p, maxCoord) }

// hostIndex is the index in segs of the leg opening o sits on, or -1.
func hostIndex(segs []wallSeg, o ir.Opening) int { return wallseg.HostIndex(segs, o, maxCoord) }

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
	fallback := legByLeg(segs)
	curved := make([]bool, len(p.Walls))
	for _, sg := range segs {
		if sg.Arc != nil {
			curved[sg.Wall] = true
		}
	}
	var groups []*group
	byKey := map[string]*group{}
	for i, sg := range segs {
		if fallback || curved[sg.Wall] {
			continue
		}
		k := hatchKey(p.Walls[sg.Wall])
		gr := byKey[k]
		if gr == nil {
			gr = &group{key: k}
			byKey[k] = gr
			groups = append(groups, gr)
		}
		gr.solids = append(gr.solids, sg.Solid())
		for _, oi := range open[i] {
			o := p.Openings[oi]
			if sg.Arc != nil {
				c := sg.ArcParam(o.Center)
				hw := o.Width / 2 / sg.Arc.Radius / math.Abs(sg.Arc.Sweep)
				gr.voids = append(gr.voids, sg.Void(c-hw, c+hw))
				continue
			}
			c, _ := geom.Segment{A: sg.A, B: sg.B}.Project(o.Center)
			gr.voids = append(gr.voids, sg.Void(c-o.Width/2, c+o.Width/2))
		}
	}
	var loose []edge
	for _, sg := range segs {
		if fallback || curved[sg.Wall] {
			loose = append(loose, legOutline(sg)...)
		}
	}
	for _, gr := range groups {
		for _, e := range gr.outline() {
			g.line(e.a, e.b, 0)
		}
	}
	for _, e := range loose {
		g.line(e.a, e.b, 0)
	}
}

// legByLeg reports whether the walls are drawn leg by leg rather than as
// a union: when any straight leg runs off the axes.
func legByLeg(segs []wallSeg) bool {
	for _, sg := range segs {
		if sg.Arc == nil && !sg.Axis() {
			return true
		}
	}
	return false
}

// legOutline is what a leg drawn on its own contributes: the ring round
// its solid (solidRing), then its two faces once more, each walked from
// the leg's start to its end. The second pass does not end where the ring
// does (a straight leg's faces stop square at its end points, the ring
// reaches half the thickness past them; an arc's face vertices are placed
// by slightly different arithmetic), so where the two passes round to
// different cells, both are marked.
func legOutline(sg wallSeg) []edge {
	out := ringEdges(solidRing(sg))
	if sg.Arc != nil {
		n := arcSteps(sg)
		for _, rad := range []float64{sg.Arc.Radius + sg.H, sg.Arc.Radius - sg.H} {
			prev := sg.ArcAt(fromEnd(0, n), rad)
			for k := 1; k <= n; k++ {
				q := sg.ArcAt(fromEnd(k, n), rad)
				out = append(out, edge{prev, q})
				prev = q
			}
		}
		return out
	}
	n := sg.Normal().Mul(sg.H)
	return append(out, edge{sg.A.Add(n), sg.B.Add(n)}, edge{sg.A.Sub(n), sg.B.Sub(n)})
}

// solidRing is a leg's solid as the leg-by-leg outline walks it: along the
// left face (the side Normal points to) from start to end, across the end,
// back along the right face and across the start. Both kinds of leg reach
// half the thickness past their ends (a curved one along its tangent).
func solidRing(sg wallSeg) []geom.Point {
	s := sg.Solid()
	if sg.Arc != nil {
		return s
	}
	// Solid lists a straight leg's corners the other way round.
	return []geom.Point{s[3], s[2], s[1], s[0]}
}

// footprint is the part of a leg the extent holds: a straight leg's whole
// solid, but a curved leg only between its end points, without the
// overhang along its tangents.
func footprint(sg wallSeg) []geom.Point {
	if sg.Arc != nil {
		return sg.ArcPiece(0, 1, false, false)
	}
	return sg.Solid()
}

// arcSteps is how many chords tessellate a curved leg (as ArcPiece does).
func arcSteps(sg wallSeg) int {
	return max(1, int(math.Ceil(math.Abs(sg.Arc.Sweep)/wallseg.ArcStep-1e-9)))
}

// fromEnd is the fraction of the k-th of n vertices counted back from the
// arc's end, 1-(n-k)/n: the same point as k/n in exact arithmetic, but not
// always the same float.
func fromEnd(k, n int) float64 { return 1 - float64(n-k)/float64(n) }

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
		ts := []cut{{0, e.a}, {1, e.b}}
		for j, f := range all {
			if j == i || !overlaps(boxes[i], boxes[j]) {
				continue
			}
			ts = append(ts, crossings(e, f)...)
		}
		sort.SliceStable(ts, func(a, b int) bool { return ts[a].t < ts[b].t })
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
			t0, t1 := ts[k].t, ts[k+1].t
			if t1-t0 < 1e-12 {
				continue
			}
			m := e.a.Add(d.Mul((t0 + t1) / 2))
			if gr.filled(m.Add(n)) == gr.filled(m.Sub(n)) {
				flush()
				continue
			}
			if run != nil {
				run.b = ts[k+1].p
			} else {
				run = &edge{ts[k].p, ts[k+1].p}
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

// cut is a point where an outline edge is split: its parameter along the
// edge (0..1) and the point itself.
type cut struct {
	t float64
	p geom.Point
}

// crossings returns the points along e where f crosses or touches it,
// including where a collinear f begins and ends. A coordinate an
// axis-parallel e or f fixes is taken exactly, not interpolated, so a
// junction lands on the cell its walls do.
func crossings(e, f edge) []cut {
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
		var out []cut
		for _, q := range []geom.Point{f.a, f.b} {
			t := q.Sub(e.a).Dot(r) / rr
			if t > 0 && t < 1 {
				out = append(out, cut{t, snap(e.a.Add(r.Mul(t)), e, f)})
			}
		}
		return out
	}
	t := qp.Cross(s) / den
	u := qp.Cross(r) / den
	const tol = 1e-9
	if t > tol && t < 1-tol && u >= -tol && u <= 1+tol {
		return []cut{{t, snap(e.a.Add(r.Mul(t)), e, f)}}
	}
	return nil
}

// snap replaces the coordinates of q that a vertical or horizontal e or f
// fixes with their exact values.
func snap(q geom.Point, e, f edge) geom.Point {
	for _, x := range []edge{f, e} {
		if x.a.X == x.b.X {
			q.X = x.a.X
		}
		if x.a.Y == x.b.Y {
			q.Y = x.a.Y
		}
	}
	return q
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
