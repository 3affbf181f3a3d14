package svg

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// Stair and escalator symbol proportions. The flight runs along the
// footprint's longer side; w is the shorter side, step the tread going.
const (
	treadGoing   = 280.0 // mm per tread, to count the treads
	breakReach   = 0.06  // break line overshoot past each side, in w
	breakRise    = 0.25  // break line rise either side of its centre, in w
	arrowTail    = 1.2   // arrow starts this many steps in from the foot
	arrowTip     = 0.4   // and ends this many steps short of the head
	arrowHeadW   = 0.168 // arrow head half width, in w
	arrowHeadL   = 0.28  // arrow head length, in w
	labelAt      = 0.5   // label sits this many steps in from the foot
	chevronDepth = 0.8   // escalator chevron depth, in steps
	colColumn    = "#4a4a4a"
	layerStairs  = "A-FLOR-STRS"
	layerLifts   = "A-FLOR-EVTR"
	layerColumns = "A-COLS"
)

// flight maps (t along the flight from the foot, u across it) to the plan.
type flight struct {
	r        geom.Rect
	vertical bool // the flight runs along y
	up       bool
	l, w     float64
}

func newFlight(v ir.Vertical) flight {
	f := flight{r: v.Rect, vertical: v.Rect.H() >= v.Rect.W(), up: v.Dir != "down"}
	f.l, f.w = v.Rect.W(), v.Rect.H()
	if f.vertical {
		f.l, f.w = f.w, f.l
	}
	return f
}

// pt: t runs from the far end (max) toward min, u across from min.
func (f flight) pt(t, u float64) geom.Point {
	if f.vertical {
		return geom.Point{X: f.r.Min.X + u, Y: f.r.Max.Y - t}
	}
	return geom.Point{X: f.r.Max.X - t, Y: f.r.Min.Y + u}
}

func (r *renderer) hasVertical(lifts bool) bool {
	for _, v := range r.p.Vertical {
		if (v.Kind == ir.Elevator) == lifts && finite(v.Rect.Min) && finite(v.Rect.Max) {
			return true
		}
	}
	return false
}

func (r *renderer) drawStairs() {
	body := `fill="` + r.pal.furnFill + `" ` + r.stroke(r.pal.furnLine, r.pen)
	ln := r.stroke(r.pal.furnLine, r.pen)
	for _, v := range r.p.Vertical {
		if v.Kind == ir.Elevator || !finite(v.Rect.Min) || !finite(v.Rect.Max) {
			continue
		}
		f := newFlight(v)
		r.b.polygon([]geom.Point{v.Rect.Min, {X: v.Rect.Max.X, Y: v.Rect.Min.Y}, v.Rect.Max, {X: v.Rect.Min.X, Y: v.Rect.Max.Y}}, body)
		n := math.Round(f.l / treadGoing)
		if !(n >= 2) || n > maxTreads || float64(r.treads)+n > MaxDrawnTreads {
			continue
		}
		r.treads += int(n)
		step := f.l / n
		if v.Kind == ir.Escalator {
			dir := 1.0 // chevrons point toward the head
			if !f.up {
				dir = -1
			}
			for i := 1.0; i < n; i++ {
				k, u0, u1 := i, 0.0, f.w
				if !f.up {
					k, u0, u1 = n-i, f.w, 0
				}
				t := k * step
				if !f.vertical {
					t = f.l - t
				}
				apex := f.pt(t+dir*chevronDepth*step, f.w/2)
				r.b.line(f.pt(t, u0), apex, ln)
				r.b.line(f.pt(t, u1), apex, ln)
			}
		} else {
			c := f.l / 2
			for _, t := range []float64{c - step/2, c + step/2} {
				r.b.line(f.pt(t-breakRise*f.w, -breakReach*f.w), f.pt(t+breakRise*f.w, f.w+breakReach*f.w), ln)
			}
			for k := 1.0; k < n; k++ {
				t := k * step
				if math.Abs(t-c) <= step+geom.Eps {
					continue
				}
				r.b.line(f.pt(t, 0), f.pt(t, f.w), ln)
			}
		}
		r.stairArrow(f, step)
	}
}

// maxTreads bounds the treads drawn on one flight.
const maxTreads = 2000

// MaxDrawnTreads bounds the tread (and escalator chevron) lines of one
// drawing: a flight whose treads would pass it is drawn as its outline
// and arrow only, as a flight of more than maxTreads is. Without it, a
// short loop of long stairs drew 2000 lines per flight, tens of megabytes
// from a few hundred bytes. The largest example draws fewer than 100.
const MaxDrawnTreads = 20_000

func (r *renderer) stairArrow(f flight, step float64) {
	at := r.stroke(r.pal.chrome, r.pen)
	foot, head := arrowTail*step, f.l-arrowTip*step
	label, word := labelAt*step, "UP"
	if !f.up {
		foot, head = f.l-arrowTail*step, arrowTip*step
		label, word = f.l-labelAt*step, "DN"
	}
	mid := f.w / 2
	tip := f.pt(head, mid)
	r.b.line(f.pt(foot, mid), tip, at)
	back := -arrowHeadL * f.w
	if !f.up {
		back = -back
	}
	r.b.line(tip, f.pt(head+back, mid+arrowHeadW*f.w), at)
	r.b.line(tip, f.pt(head+back, mid-arrowHeadW*f.w), at)
	r.b.text(f.pt(label, mid), `font-size="`+num(r.z.furnText)+`" fill="`+r.pal.chrome+`" text-anchor="middle" dominant-baseline="central"`, word)
	r.b.s("\n")
}

func (r *renderer) drawLifts() {
	body := `fill="` + r.pal.furnFill + `" ` + r.stroke(r.pal.furnLine, r.pen)
	ln := r.stroke(r.pal.furnLine, r.pen)
	for _, v := range r.p.Vertical {
		if v.Kind != ir.Elevator || !finite(v.Rect.Min) || !finite(v.Rect.Max) {
			continue
		}
		a, c := v.Rect.Min, v.Rect.Max
		b, d := geom.Point{X: c.X, Y: a.Y}, geom.Point{X: a.X, Y: c.Y}
		r.b.polygon([]geom.Point{a, b, c, d}, body)
		r.b.line(a, c, ln)
		r.b.line(b, d, ln)
	}
}

func (r *renderer) drawColumns() {
	at := `fill="` + colColumn + `" ` + r.stroke(r.pal.wall, r.pen)
	for _, c := range r.p.Columns {
		if !finite(c.Rect.Min) || !finite(c.Rect.Max) {
			continue
		}
		a, e := c.Rect.Min, c.Rect.Max
		r.b.polygon([]geom.Point{a, {X: e.X, Y: a.Y}, e, {X: a.X, Y: e.Y}}, at)
	}
}
