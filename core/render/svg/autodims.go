package svg

import (
	"math"
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

// autoDims synthesises the dimension chains the plan asks for with
// Settings.DimsAuto ("overall", "rooms", "walls" or "all").
func (r *renderer) autoDims() []ir.Dim {
	mode := r.p.Settings.DimsAuto
	if mode == "" || len(r.segs) == 0 {
		return nil
	}
	all := mode == "all"
	var out []ir.Dim
	for _, f := range []facade{facadeBottom, facadeLeft, facadeTop, facadeRight} {
		open := r.facadeOpenings(f)
		if f >= facadeTop && (!all || len(open) == 0) {
			continue
		}
		lo, hi := r.facadeSpan(f)
		if all && len(open) > 0 {
			out = append(out, r.chain(f, append(append([]float64{lo}, open...), hi), r.z.chainOpen)...)
		}
		if all || mode == "rooms" {
			out = append(out, r.chain(f, r.axisTicks(f), r.z.chainAxis)...)
		}
		if all || mode == "overall" {
			out = append(out, r.chain(f, []float64{lo, hi}, r.z.chainAll)...)
		}
	}
	if all || mode == "walls" {
		out = append(out, r.thicknessCallouts()...)
	}
	return append(out, r.curveDims()...)
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
	f := r.vertexBounds()
	var hx, vx bool
	for _, sg := range r.segs {
		if sg.Arc != nil || !sg.Axis() {
			continue
		}
		if math.Abs(sg.A.Y-sg.B.Y) <= axisEps {
			if !hx {
				f.Min.Y, f.Max.Y, hx = sg.A.Y-sg.H, sg.A.Y+sg.H, true
			}
			f.Min.Y, f.Max.Y = math.Min(f.Min.Y, sg.A.Y-sg.H), math.Max(f.Max.Y, sg.A.Y+sg.H)
		} else {
			if !vx {
				f.Min.X, f.Max.X, vx = sg.A.X-sg.H, sg.A.X+sg.H, true
			}
			f.Min.X, f.Max.X = math.Min(f.Min.X, sg.A.X-sg.H), math.Max(f.Max.X, sg.A.X+sg.H)
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

// facadeOpenings returns the jamb positions of openings in walls whose
// outer face is on facade f.
func (r *renderer) facadeOpenings(f facade) []float64 {
	var ticks []float64
	b := r.faces()
	for _, o := range r.p.Openings {
		sg := r.host(o)
		if sg == nil || !sg.Axis() || o.OffWall {
			continue
		}
		fr, _ := r.frame(o)
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
		if horiz {
			ticks = append(ticks, fr.a.X, fr.b.X)
		} else {
			ticks = append(ticks, fr.a.Y, fr.b.Y)
		}
	}
	return ticks
}

// axisTicks are the declared axes for the facade's direction, else the
// sorted room-boundary coordinates.
func (r *renderer) axisTicks(f facade) []float64 {
	horiz := f == facadeBottom || f == facadeTop
	if horiz && len(r.p.Settings.AxesX) > 0 {
		return append([]float64(nil), r.p.Settings.AxesX...)
	}
	if !horiz && len(r.p.Settings.AxesY) > 0 {
		return append([]float64(nil), r.p.Settings.AxesY...)
	}
	var ticks []float64
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

// chain lays one dimension per gap between consecutive distinct ticks,
// measured from the facade's outer face at the given offset.
func (r *renderer) chain(f facade, ticks []float64, off float64) []ir.Dim {
	sort.Float64s(ticks)
	var u []float64
	for _, t := range ticks {
		if !math.IsNaN(t) && (len(u) == 0 || t-u[len(u)-1] > tickEps) {
			u = append(u, t)
		}
	}
	if len(u) < 2 {
		return nil
	}
	b := r.faces()
	var out []ir.Dim
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
	}
	return out
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
