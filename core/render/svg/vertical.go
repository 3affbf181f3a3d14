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
	arrowHeadMax = 0.25  // but at most this share of the shaft
	labelAt      = 0.5   // label sits this many steps in from the foot
	chevronDepth = 0.8   // escalator chevron depth, in steps
	colColumn    = "#4a4a4a"
	layerStairs  = "A-FLOR-STRS"
	layerLifts   = "A-FLOR-EVTR"
	layerColumns = "A-COLS"
)

// flight maps (t along the flight from its foot, u across it) to the plan.
// The flight runs along the footprint's longer side (along y for a square
// one). An up flight climbs toward the smaller coordinate, so its foot is
// at the larger end; a down flight is the same drawing turned half a turn,
// its foot at the smaller end. u runs a quarter turn clockwise (on the
// sheet) from the direction of travel, across the walked band of width w:
// the stair's flight width, centred in the footprint, or the whole cross
// extent.
type flight struct {
	o, a, c geom.Point // origin (foot, u = 0), unit along, unit across
	l, w    float64
	band    bool // the flight is narrower than its footprint
}

func newFlight(v ir.Vertical) flight {
	rc := v.Rect
	vertical := rc.H() >= rc.W()
	f := flight{l: rc.W()}
	cross := rc.H()
	if vertical {
		f.l, cross = cross, f.l
	}
	f.w = cross
	if v.Kind == ir.Stair && v.Width > 0 && v.Width < cross-geom.Eps {
		f.w, f.band = v.Width, true
	}
	inset := (cross - f.w) / 2
	switch up := v.Dir != "down"; {
	case vertical && up:
		f.o, f.a, f.c = geom.Point{X: rc.Min.X + inset, Y: rc.Max.Y}, geom.Point{Y: -1}, geom.Point{X: 1}
	case vertical:
		f.o, f.a, f.c = geom.Point{X: rc.Max.X - inset, Y: rc.Min.Y}, geom.Point{Y: 1}, geom.Point{X: -1}
	case up:
		f.o, f.a, f.c = geom.Point{X: rc.Max.X, Y: rc.Max.Y - inset}, geom.Point{X: -1}, geom.Point{Y: -1}
	default:
		f.o, f.a, f.c = geom.Point{X: rc.Min.X, Y: rc.Min.Y + inset}, geom.Point{X: 1}, geom.Point{Y: 1}
	}
	return f
}

func (f flight) pt(t, u float64) geom.Point {
	return geom.Point{X: f.o.X + f.a.X*t + f.c.X*u, Y: f.o.Y + f.a.Y*t + f.c.Y*u}
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
			// Chevrons point up the flight, one per inner tread.
			for i := 1.0; i < n; i++ {
				t := i * step
				apex := f.pt(t+chevronDepth*step, f.w/2)
				r.b.line(f.pt(t, 0), apex, ln)
				r.b.line(f.pt(t, f.w), apex, ln)
			}
		} else {
			// Two break lines straddle the middle tread; the treads they
			// would cross are left out.
			c := f.l / 2
			for _, t := range []float64{c - step/2, c + step/2} {
				r.b.line(f.pt(t-breakRise*f.w, -breakReach*f.w), f.pt(t+breakRise*f.w, f.w+breakReach*f.w), ln)
			}
			for k := 1.0; k < n; k++ {
				t := k * step
				if math.Abs(t-c) <= step/2+breakRise*f.w+geom.Eps {
					continue
				}
				r.b.line(f.pt(t, 0), f.pt(t, f.w), ln)
			}
			if f.band {
				// The walked band's edges, foot to head.
				r.b.line(f.pt(0, 0), f.pt(f.l, 0), ln)
				r.b.line(f.pt(0, f.w), f.pt(f.l, f.w), ln)
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
	word := "UP"
	if f.a.X+f.a.Y > 0 {
		word = "DN"
	}
	mid := f.w / 2
	tip := f.pt(head, mid)
	r.b.line(f.pt(foot, mid), tip, at)
	// The head is arrowHeadL flight widths long, but at most a quarter of
	// the shaft; its half width keeps the same proportion to its length.
	hl := math.Min(arrowHeadL*f.w, arrowHeadMax*(head-foot))
	hw := hl * arrowHeadW / arrowHeadL
	r.b.line(tip, f.pt(head-hl, mid+hw), at)
	r.b.line(tip, f.pt(head-hl, mid-hw), at)
	r.b.text(f.pt(labelAt*step, mid), `font-size="`+num(r.z.furnText)+`" fill="`+r.pal.chrome+`" text-anchor="middle" dominant-baseline="central"`, word)
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
