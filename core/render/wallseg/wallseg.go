// Package wallseg cuts a resolved plan's walls into the legs the renderers
// draw, straight or circular, and gives each leg's solid outline, the
// stretch an opening removes from it, and the arc geometry. The SVG and the
// text renderers share it, so both draw the same walls.
package wallseg

import (
	"math"
	"sort"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// ArcStep is the tessellation step of a curved leg, in radians.
const ArcStep = math.Pi / 24

// AxisEps is the tolerance for calling a leg axis-aligned, in mm.
const AxisEps = 1e-6

// Seg is one leg of a wall: straight, or a circular arc.
type Seg struct {
	A, B  geom.Point
	H     float64 // half thickness
	Wall  int     // index into Plan.Walls
	Index int     // index into that wall's Segments()
	Arc   *ir.WallArc
}

// Segments cuts every wall of p into its legs, in (wall, leg) order.
// Walls and legs that cannot be drawn are left out: a thickness that is
// not positive or over maxCoord, a leg with non-finite or coincident ends.
// An arc leg keeps its arc only when the arc is drawable (a radius over
// half the thickness and under maxCoord, a finite centre, a sweep of at
// most a full turn); otherwise it is drawn as its chord.
func Segments(p *ir.Plan, maxCoord float64) []Seg {
	var out []Seg
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
			ws := Seg{A: sg.A, B: sg.B, H: h, Wall: wi, Index: si}
			if len(wl.Arcs) == len(segs) && wl.Arcs[si].Arc {
				a := wl.Arcs[si]
				if a.Radius > h && a.Radius < maxCoord && finite(a.Center) && !math.IsNaN(a.Sweep) && math.Abs(a.Sweep) <= 2*math.Pi {
					ws.Arc = &a
				}
			}
			out = append(out, ws)
		}
	}
	return out
}

// Axis reports whether the segment is horizontal or vertical.
func (s Seg) Axis() bool {
	return math.Abs(s.A.X-s.B.X) <= AxisEps || math.Abs(s.A.Y-s.B.Y) <= AxisEps
}

// Dir is the unit direction A→B.
func (s Seg) Dir() geom.Point { return s.B.Sub(s.A).Unit() }

// Normal is the left normal of the direction of travel (y down): (-dy, dx).
func (s Seg) Normal() geom.Point { d := s.Dir(); return geom.Point{X: -d.Y, Y: d.X} }

// Solid is the segment's floor polygon, extended by half the thickness
// past each end so that corners close square.
func (s Seg) Solid() []geom.Point {
	if s.Arc != nil {
		return s.ArcPiece(0, 1, true, true)
	}
	return s.AppendStraightSolid(make([]geom.Point, 0, 4))
}

// AppendStraightSolid appends the four corners of a straight segment's
// Solid to dst, for callers that keep the corners in memory of their own.
func (s Seg) AppendStraightSolid(dst []geom.Point) []geom.Point {
	d := s.Dir()
	dd, n := d.Mul(s.H), geom.Point{X: -d.Y, Y: d.X}.Mul(s.H) // n: Normal, d worked out once
	a, b := s.A.Sub(dd), s.B.Add(dd)
	return append(dst, a.Sub(n), b.Sub(n), b.Add(n), a.Add(n))
}

// Void is the stretch lo..hi (mm from a; fractions of the sweep on an arc)
// that an opening removes.
func (s Seg) Void(lo, hi float64) []geom.Point {
	if s.Arc != nil {
		return s.ArcPiece(lo, hi, false, false)
	}
	d, n := s.Dir(), s.Normal().Mul(s.H)
	a, b := s.A.Add(d.Mul(lo)), s.A.Add(d.Mul(hi))
	return []geom.Point{a.Sub(n), b.Sub(n), b.Add(n), a.Add(n)}
}

// ArcAt is the point at fraction t of the arc, at radius rad.
func (s Seg) ArcAt(t, rad float64) geom.Point {
	a := s.Arc.StartAngle + s.Arc.Sweep*t
	return s.Arc.Center.Add(geom.Point{X: math.Cos(a), Y: math.Sin(a)}.Mul(rad))
}

// ArcTangent is the unit direction of travel at fraction t of the arc.
func (s Seg) ArcTangent(t float64) geom.Point {
	a := s.Arc.StartAngle + s.Arc.Sweep*t
	d := geom.Point{X: -math.Sin(a), Y: math.Cos(a)}
	if s.Arc.Sweep < 0 {
		d = d.Mul(-1)
	}
	return d
}

// ArcParam is the fraction along the arc nearest p (by angle).
func (s Seg) ArcParam(p geom.Point) float64 {
	if s.Arc.Sweep == 0 {
		return 0
	}
	a := math.Atan2(p.Y-s.Arc.Center.Y, p.X-s.Arc.Center.X) - s.Arc.StartAngle
	if s.Arc.Sweep > 0 {
		a = math.Mod(math.Mod(a, 2*math.Pi)+2*math.Pi, 2*math.Pi)
	} else {
		a = -math.Mod(math.Mod(-a, 2*math.Pi)+2*math.Pi, 2*math.Pi)
	}
	return a / s.Arc.Sweep
}

// ArcPiece tessellates the stretch t0..t1 of a curved segment as a ring; a
// capped end is a true end of the wall and is extended along its tangent.
func (s Seg) ArcPiece(t0, t1 float64, cap0, cap1 bool) []geom.Point {
	n := int(math.Ceil(math.Abs(s.Arc.Sweep*(t1-t0))/ArcStep - 1e-9))
	if n < 1 {
		n = 1
	}
	at := func(k int) float64 { return t0 + (t1-t0)*float64(k)/float64(n) }
	ext := func(on bool) float64 {
		if on {
			return s.H
		}
		return 0
	}
	ro, ri := s.Arc.Radius+s.H, s.Arc.Radius-s.H
	k0, k1 := 0, n
	if cap0 {
		k0 = 1
	}
	if cap1 {
		k1 = n - 1
	}
	var pts []geom.Point
	pts = append(pts, s.ArcAt(t0, ro).Sub(s.ArcTangent(t0).Mul(ext(cap0))))
	for k := k0; k <= k1; k++ {
		pts = append(pts, s.ArcAt(at(k), ro))
	}
	pts = append(pts, s.ArcAt(t1, ro).Add(s.ArcTangent(t1).Mul(ext(cap1))), s.ArcAt(t1, ri).Add(s.ArcTangent(t1).Mul(ext(cap1))))
	for k := k1; k >= k0; k-- {
		pts = append(pts, s.ArcAt(at(k), ri))
	}
	return append(pts, s.ArcAt(t0, ri).Sub(s.ArcTangent(t0).Mul(ext(cap0))))
}

// HostIndex is the index in segs (as Segments returns them) of the leg
// opening o sits on, or -1. The legs are in (wall, leg) order, so this is
// a binary search.
func HostIndex(segs []Seg, o ir.Opening, maxCoord float64) int {
	if !(o.Width > 0) || o.Width > maxCoord || !finite(o.Center) {
		return -1
	}
	i := sort.Search(len(segs), func(i int) bool {
		sg := segs[i]
		return sg.Wall > o.Wall || (sg.Wall == o.Wall && sg.Index >= o.Segment)
	})
	if i < len(segs) && segs[i].Wall == o.Wall && segs[i].Index == o.Segment {
		return i
	}
	return -1
}

// finite reports whether both coordinates of p are finite numbers.
func finite(p geom.Point) bool {
	return !math.IsNaN(p.X) && !math.IsInf(p.X, 0) && !math.IsNaN(p.Y) && !math.IsInf(p.Y, 0)
}
