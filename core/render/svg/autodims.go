package svg

import (
	"math"
	"slices"
	"sort"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// Automatic dimension chains (`dims auto …`) step outward from the outer
// wall faces: openings innermost, then the axis chain, then the overall
// span. Offsets are fractions of the reference dimension.
const (
	fracChainOpenings = 0.024
	fracChainAxis     = 0.068
	fracChainOverall  = 0.112
	tickEps           = 0.5 // ticks closer than this (mm) are one tick
)

// facade is one side of the walls' outer extent.
type facade int

const (
	facadeBottom facade = iota
	facadeLeft
	facadeTop
	facadeRight
)

// dimFeet are where a chain dimension's two extension lines start; ok is
// false for a dimension whose extension lines start at its ends.
type dimFeet struct {
	from, to geom.Point
	ok       bool
	flip     bool // the text goes on the dimension line's inner side
}

// autoDims synthesises the dimension chains the plan asks for with
// Settings.DimsAuto ("overall", "rooms", "walls" or "all"), with the feet
// of each one's extension lines (feet[i] goes with out[i]).
func (r *renderer) autoDims() (out []ir.Dim, feet []dimFeet) {
	mode := r.p.Settings.DimsAuto
	if mode == "" || len(r.segs) == 0 {
		return nil, nil
	}
	all := mode == "all"
	out, feet = r.sc.auto[:0], r.sc.feet[:0]
	for _, f := range []facade{facadeBottom, facadeLeft, facadeTop, facadeRight} {
		open := r.facadeOpenings(r.sc.open[:0], f)
		r.sc.open = open[:0]
		if f >= facadeTop && (!all || len(open) == 0) {
			continue
		}
		lo, hi := r.facadeSpan(f)
		if all && len(open) > 0 {
			ticks := append(append(append(r.sc.ticks[:0], lo), open...), hi)
			r.sc.ticks = ticks[:0]
			out, feet = r.chain(out, feet, f, ticks, r.z.chainOpen)
		}
		if all || mode == "rooms" {
			ticks := r.axisTicks(r.sc.ticks[:0], f)
			r.sc.ticks = ticks[:0]
			out, feet = r.chain(out, feet, f, ticks, r.z.chainAxis)
		}
		if all || mode == "overall" {
			out, feet = r.chain(out, feet, f, []float64{lo, hi}, r.z.chainAll)
		}
	}
	if all || mode == "walls" {
		out = append(out, r.thicknessCallouts()...)
	}
	out = append(out, r.curveDims()...)
	for len(feet) < len(out) {
		feet = append(feet, dimFeet{})
	}
	return out, feet
}

// faces is the outermost wall face on each side: the extreme face of the
// walls running along that side (the walls' extent when there are none).
func (r *renderer) faces() geom.Rect {
	if r.facesBox == nil {
		f := r.computeFaces()
		r.facesBox = &f
	}
	return *r.facesBox
}

func (r *renderer) computeFaces() geom.Rect {
	// The centreline vertices' extent, pushed out by the faces of the
	// straight axis-aligned segments: an outermost vertex that only a
	// slanted or curved wall reaches stays the facade there (probed: a
	// hexagon whose only vertical wall is on its right keeps its left
	// corner's vertex as the left end of the bottom chains).
	//
	// Here a segment is axis-aligned only when its ends share a
	// coordinate exactly (probed: a wall whose ends differ by 1e-6 mm
	// across leaves the facade on its centreline vertex).
	f := r.vertexBounds()
	for _, sg := range r.segs {
		if sg.Arc != nil {
			continue
		}
		switch {
		case sg.A.Y == sg.B.Y:
			f.Min.Y, f.Max.Y = math.Min(f.Min.Y, sg.A.Y-sg.H), math.Max(f.Max.Y, sg.A.Y+sg.H)
		case sg.A.X == sg.B.X:
			f.Min.X, f.Max.X = math.Min(f.Min.X, sg.A.X-sg.H), math.Max(f.Max.X, sg.A.X+sg.H)
		}
	}
	r.wallFacesBox = f
	// A room reaching past the walls carries the facade out to its own
	// edge (probed: a room beside the shell, left, right or below it,
	// moves that side's chains out and stretches the overall span to the
	// room's edge; a room just inside the wall's face leaves it). An
	// extension line over no wall still starts at the walls' own face.
	for _, rm := range r.p.Rooms {
		if len(rm.Polygon) < 3 {
			continue
		}
		for _, q := range rm.Polygon {
			if finite(q) {
				f = f.Union(geom.Rect{Min: q, Max: q})
			}
		}
	}
	return f
}

// vertexBounds is the extent of the wall centreline vertices (the walls'
// extent when there are none).
func (r *renderer) vertexBounds() geom.Rect {
	ok := false
	var b geom.Rect
	for _, sg := range r.segs {
		for _, p := range []geom.Point{sg.A, sg.B} {
			if !ok {
				b, ok = geom.Rect{Min: p, Max: p}, true
			}
			b = b.Union(geom.Rect{Min: p, Max: p})
		}
	}
	if !ok {
		return r.bounds
	}
	return b
}

// curveDims are the call-outs of round things: one R leader from centre to
// midpoint per distinct arc, one φ across each circular room.
func (r *renderer) curveDims() []ir.Dim {
	var out []ir.Dim
	type key struct{ cx, cy, rad float64 }
	seen := map[key]bool{}
	for _, sg := range r.segs {
		if sg.Arc == nil {
			continue
		}
		k := key{math.Round(sg.Arc.Center.X), math.Round(sg.Arc.Center.Y), math.Round(sg.Arc.Radius)}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, ir.Dim{From: sg.Arc.Center, To: sg.ArcAt(0.5, sg.Arc.Radius), Text: "R" + num(sg.Arc.Radius)})
	}
	for _, rm := range r.p.Rooms {
		if rm.Shape != ir.RoomCircle || !(rm.Radius > 0) || rm.Radius > maxCoord || !finite(rm.Center) {
			continue
		}
		c := rm.Center
		out = append(out, ir.Dim{From: geom.Point{X: c.X - rm.Radius, Y: c.Y}, To: geom.Point{X: c.X + rm.Radius, Y: c.Y}, Text: "φ" + num(2*rm.Radius)})
	}
	return out
}

// facadeSpan is the facade's extent along its own axis.
func (r *renderer) facadeSpan(f facade) (lo, hi float64) {
	b := r.faces()
	if f == facadeBottom || f == facadeTop {
		return b.Min.X, b.Max.X
	}
	return b.Min.Y, b.Max.Y
}

// facadeOpenings appends to ticks the jamb positions of openings in walls
// whose outer face is on facade f.
func (r *renderer) facadeOpenings(ticks []float64, f facade) []float64 {
	b := r.faces()
	for oi, o := range r.p.Openings {
		sg := r.hostAt(oi)
		if sg == nil || !sg.Axis() || o.OffWall {
			continue
		}
		horiz := math.Abs(sg.A.Y-sg.B.Y) <= axisEps
		var on bool
		switch f {
		case facadeBottom:
			on = horiz && math.Abs(sg.A.Y+sg.H-b.Max.Y) <= tickEps
		case facadeTop:
			on = horiz && math.Abs(sg.A.Y-sg.H-b.Min.Y) <= tickEps
		case facadeLeft:
			on = !horiz && math.Abs(sg.A.X-sg.H-b.Min.X) <= tickEps
		case facadeRight:
			on = !horiz && math.Abs(sg.A.X+sg.H-b.Max.X) <= tickEps
		}
		if !on {
			continue
		}
		fr, _ := r.frameAt(oi)
		if horiz {
			ticks = append(ticks, fr.a.X, fr.b.X)
		} else {
			ticks = append(ticks, fr.a.Y, fr.b.Y)
		}
	}
	return ticks
}

// axisTicks appends to ticks the declared axes for the facade's
// direction, else the room-boundary coordinates.
func (r *renderer) axisTicks(ticks []float64, f facade) []float64 {
	horiz := f == facadeBottom || f == facadeTop
	if horiz && len(r.p.Settings.AxesX) > 0 {
		return append(ticks, r.p.Settings.AxesX...)
	}
	if !horiz && len(r.p.Settings.AxesY) > 0 {
		return append(ticks, r.p.Settings.AxesY...)
	}
	for _, rm := range r.p.Rooms {
		if len(rm.Polygon) < 3 {
			continue
		}
		for _, q := range rm.Polygon {
			if !finite(q) {
				continue
			}
			if horiz {
				ticks = append(ticks, q.X)
			} else {
				ticks = append(ticks, q.Y)
			}
		}
	}
	return ticks
}

// chain appends one dimension per gap between consecutive distinct ticks,
// measured from the facade's outer face at the given offset, to out, and
// their extension lines' feet to feet.
func (r *renderer) chain(out []ir.Dim, feet []dimFeet, f facade, ticks []float64, off float64) ([]ir.Dim, []dimFeet) {
	sort.Float64s(ticks)
	u := r.sc.u[:0]
	defer func() { r.sc.u = u[:0] }()
	for _, t := range ticks {
		if !math.IsNaN(t) && (len(u) == 0 || t-u[len(u)-1] > tickEps) {
			u = append(u, t)
		}
	}
	if len(u) < 2 {
		return out, feet
	}
	b := r.faces()
	at := r.footings(f, u)
	// When two neighbouring texts of the chain would touch, each counted
	// half a glyph wider on either side, every second text (the second,
	// fourth, …) goes to the line's inner side. (Probed on a bottom chain
	// at a 204 mm font: a 360 mm gap between two windows, its text "360"
	// beside "600", flips it; a 380 mm gap, 0.4 mm clear, does not. The
	// examples agree: courtyard-house's left chain and transit-hall's
	// right chain flip, bungalow's 200 and 300 mm gaps, far enough from
	// their neighbours' texts, do not.)
	crowded := false
	fs := r.z.dimText
	half := func(i int) float64 { return (float64(numLen(u[i+1]-u[i]))*glyphWidth*fs + glyphWidth*fs) / 2 }
	for i := 0; i+2 < len(u); i++ {
		if (u[i+2]-u[i])/2 < half(i)+half(i+1) {
			crowded = true
			break
		}
	}
	out, feet = slices.Grow(out, len(u)-1), slices.Grow(feet, len(u)-1)
	for i := 0; i+1 < len(u); i++ {
		p, q := u[i], u[i+1]
		var d ir.Dim
		switch f {
		case facadeBottom:
			d = ir.Dim{From: geom.Point{X: p, Y: b.Max.Y}, To: geom.Point{X: q, Y: b.Max.Y}}
		case facadeLeft:
			d = ir.Dim{From: geom.Point{X: b.Min.X, Y: p}, To: geom.Point{X: b.Min.X, Y: q}}
		case facadeTop:
			d = ir.Dim{From: geom.Point{X: q, Y: b.Min.Y}, To: geom.Point{X: p, Y: b.Min.Y}}
		case facadeRight:
			d = ir.Dim{From: geom.Point{X: b.Max.X, Y: q}, To: geom.Point{X: b.Max.X, Y: p}}
		}
		d.Offset = off
		out = append(out, d)
		fe := dimFeet{from: footAt(f, p, at[i]), to: footAt(f, q, at[i+1]), ok: true, flip: crowded && i%2 == 1}
		if f == facadeTop || f == facadeRight {
			fe.from, fe.to = fe.to, fe.from
		}
		feet = append(feet, fe)
	}
	return out, feet
}

// footAt is the point of facade f at along-position t and across-position
// c.
func footAt(f facade, t, c float64) geom.Point {
	if f == facadeBottom || f == facadeTop {
		return geom.Point{X: t, Y: c}
	}
	return geom.Point{X: c, Y: t}
}

// maxFootWork caps ticks × wall segments looked at for extension-line
// feet; past it every foot stays on the facade's outer face.
const maxFootWork = 1 << 22

// footings gives, for each tick of a chain on facade f, the across
// coordinate its extension line starts at. The reference starts it at a
// wall under the tick rather than at the facade's outer face: of the
// straight segments whose solid (capped by half its thickness at each end)
// spans the tick, and which do not run along the extension line, it takes
// the one whose centreline crosses the tick farthest out, and among those
// crossing there alike the one whose facade-side face crosses it least far
// out; the foot is where that face crosses the tick (the face's line, even
// where the segment's end cap is what spans it). A tick over no such
// segment starts at the facade's outer face. (Probed with a spoke meeting a
// hexagon's corner, thinner and thicker than the hexagon's wall, and
// tilted either way, and with an L plan's recessed corner.)
func (r *renderer) footings(f facade, ticks []float64) []float64 {
	r.faces()
	b := r.wallFacesBox
	horiz := f == facadeBottom || f == facadeTop
	out := 1.0 // +1 when outward is toward larger coordinates
	face := b.Max.Y
	switch f {
	case facadeLeft:
		out, face = -1, b.Min.X
	case facadeTop:
		out, face = -1, b.Min.Y
	case facadeRight:
		face = b.Max.X
	}
	n := len(ticks)
	fl := reuse(r.sc.foot, 2*n)
	flags := reuse(r.sc.footFlags, 2*n)
	r.sc.foot, r.sc.footFlags = fl, flags
	at := fl[:n:n]
	for i := range at {
		at[i] = face
	}
	if n*len(r.segs) > maxFootWork {
		return at
	}
	best := fl[n:]       // the chosen centreline crossing, outward
	found := flags[:n:n] // some crossing is chosen
	curved := flags[n:]  // the chosen crossing is a curved wall's
	uv := func(p geom.Point) geom.Point {
		if !horiz {
			p = geom.Point{X: p.Y, Y: p.X}
		}
		return geom.Point{X: p.X, Y: p.Y * out}
	}
	for si, sg := range r.segs {
		if sg.Arc != nil {
			// A curved wall spanning a tick counts as crossing it at its
			// solid's outermost reach; when that is the farthest out, the
			// foot stays on the facade's outer face (probed: an arc corner
			// holds the foot there against a straight wall across the
			// plan; the aquarium example holds it there against a
			// partition that crosses nearer the facade than the arc's
			// centreline does there, though not than the arc's far end).
			lo, hi, far := math.Inf(1), math.Inf(-1), math.Inf(-1)
			for _, p := range r.solid(si) {
				q := uv(p)
				lo, hi, far = math.Min(lo, q.X), math.Max(hi, q.X), math.Max(far, q.Y)
			}
			k := sort.SearchFloat64s(ticks, lo-geom.Eps)
			for ; k < len(ticks) && ticks[k] <= hi+geom.Eps; k++ {
				if !found[k] || far > best[k]+tickEps {
					best[k], at[k], found[k], curved[k] = far, face, true, true
				}
			}
			continue
		}
		// u runs along the chain, v across it, outward positive.
		a, e := uv(sg.A), uv(sg.B)
		du, dv := e.X-a.X, e.Y-a.Y
		if math.Abs(du) <= axisEps {
			continue // runs along the extension lines
		}
		l := math.Hypot(du, dv)
		// The solid's extent along u: the centreline capped by H at each
		// end, widened by the faces' slant.
		ext := sg.H*math.Abs(du)/l + sg.H*math.Abs(dv)/l
		lo, hi := math.Min(a.X, e.X)-ext, math.Max(a.X, e.X)+ext
		slope := dv / du
		rise := sg.H * l / math.Abs(du) // the face's offset from the centreline, across
		k := sort.SearchFloat64s(ticks, lo-geom.Eps)
		for ; k < len(ticks) && ticks[k] <= hi+geom.Eps; k++ {
			c := a.Y + (ticks[k]-a.X)*slope
			fv := c + rise
			switch {
			case !found[k] || c > best[k]+tickEps:
				best[k], at[k], found[k], curved[k] = c, fv*out, true, false
			case c >= best[k]-tickEps && !curved[k] && fv < at[k]*out:
				at[k] = fv * out
			}
		}
	}
	return at
}

// thicknessCallouts dimension each distinct wall thickness once, across
// the longest straight segment of that thickness, at its midpoint.
func (r *renderer) thicknessCallouts() []ir.Dim {
	best := map[float64]int{}
	var ths []float64
	for i, sg := range r.segs {
		t := 2 * sg.H
		j, ok := best[t]
		if !ok {
			ths = append(ths, t)
			best[t] = i
			continue
		}
		if sg.B.Sub(sg.A).Len() > r.segs[j].B.Sub(r.segs[j].A).Len()+geom.Eps {
			best[t] = i
		}
	}
	sort.Float64s(ths)
	var out []ir.Dim
	for _, t := range ths {
		sg := r.segs[best[t]]
		mid := sg.A.Add(sg.B).Mul(0.5)
		n := sg.Normal().Mul(sg.H)
		out = append(out, ir.Dim{From: mid.Add(n), To: mid.Sub(n)})
	}
	return out
}
