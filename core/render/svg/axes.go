package svg

import (
	"sort"
	"strconv"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// Positioning-axis drawing sizes, as multiples of the dimension text size.
const (
	axisOvershoot = 1.2 // past the near face of the drawing
	axisReach     = 1.4 // past the far face or the dimension text beyond it
	axisBubble    = 0.9 // bubble radius and label size
	layerGrid     = "A-GRID"
)

var axisDash = [4]float64{12, 3, 3, 3}

// axisMark is one drawn positioning axis.
type axisMark struct {
	from, to, bubble geom.Point
	label            string
}

func (r *renderer) axisMarks() []axisMark {
	st := r.p.Settings
	if len(st.AxesX) == 0 && len(st.AxesY) == 0 {
		return nil
	}
	dt := r.z.dimText
	b := r.bounds
	rad := axisBubble * dt
	// The bubbles go beyond the dimension text on their side: below for
	// the vertical axes, left for the horizontal ones.
	bottom, left := b.Max.Y, b.Min.X
	for _, d := range r.dims {
		e := d.textExtent()
		bottom, left = max(bottom, e.Max.Y), min(left, e.Min.X)
	}
	var out []axisMark
	xs := append([]float64(nil), st.AxesX...)
	sort.Float64s(xs)
	for i, x := range xs {
		if !finite(geom.Point{X: x}) {
			continue
		}
		end := bottom + axisReach*dt
		out = append(out, axisMark{
			from: geom.Point{X: x, Y: b.Min.Y - axisOvershoot*dt}, to: geom.Point{X: x, Y: end},
			bubble: geom.Point{X: x, Y: end + rad}, label: strconv.Itoa(i + 1),
		})
	}
	ys := append([]float64(nil), st.AxesY...)
	sort.Sort(sort.Reverse(sort.Float64Slice(ys)))
	for i, y := range ys {
		if !finite(geom.Point{Y: y}) {
			continue
		}
		end := left - axisReach*dt
		out = append(out, axisMark{
			from: geom.Point{X: b.Max.X + axisOvershoot*dt, Y: y}, to: geom.Point{X: end, Y: y},
			bubble: geom.Point{X: end - rad, Y: y}, label: ir.AxisLetters(i),
		})
	}
	return out
}

// axisExtents are the bubbles' boxes.
func (r *renderer) axisExtents() []geom.Rect {
	rad := axisBubble * r.z.dimText
	var out []geom.Rect
	for _, m := range r.axisMarks() {
		e := geom.Point{X: rad, Y: rad}
		out = append(out, geom.Rect{Min: m.bubble.Sub(e), Max: m.bubble.Add(e)})
	}
	return out
}

func (r *renderer) drawAxes() {
	rad := axisBubble * r.z.dimText
	at := r.stroke(r.pal.dim, r.pen)
	dash := ` stroke-dasharray="` + num(axisDash[0]*r.pen) + " " + num(axisDash[1]*r.pen) + " " + num(axisDash[2]*r.pen) + " " + num(axisDash[3]*r.pen) + `"`
	for _, m := range r.axisMarks() {
		r.b.line(m.from, m.to, at+dash)
		r.b.circle(m.bubble, rad, `" fill="none" `, at, "/>\n")
		r.b.textFS(m.bubble, rad, r.pal.dim, ` text-anchor="middle" dominant-baseline="central"`, m.label)
		r.b.s("\n")
	}
}
