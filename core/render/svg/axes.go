package svg

import (
	"sort"
	"strconv"

	"github.com/archlang-go/caddy-archlang/core/geom"
)

// Positioning-axis drawing sizes, in sheet mm (scaled like the title
// block), and the dash-dot pattern in pens.
const (
	axisOvershoot = 3     // past the near wall face
	axisReach     = 21.75 // past the far wall face, to the bubble
	axisBubble    = 2.25  // bubble radius and label size
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
	u := r.unit()
	b := r.bounds
	rad := axisBubble * u
	var out []axisMark
	xs := append([]float64(nil), st.AxesX...)
	sort.Float64s(xs)
	for i, x := range xs {
		if !finite(geom.Point{X: x}) {
			continue
		}
		end := b.Max.Y + axisReach*u
		out = append(out, axisMark{
			from: geom.Point{X: x, Y: b.Min.Y - axisOvershoot*u}, to: geom.Point{X: x, Y: end},
			bubble: geom.Point{X: x, Y: end + rad}, label: strconv.Itoa(i + 1),
		})
	}
	ys := append([]float64(nil), st.AxesY...)
	sort.Sort(sort.Reverse(sort.Float64Slice(ys)))
	for i, y := range ys {
		if !finite(geom.Point{Y: y}) {
			continue
		}
		end := b.Min.X - axisReach*u
		out = append(out, axisMark{
			from: geom.Point{X: b.Max.X + axisOvershoot*u, Y: y}, to: geom.Point{X: end, Y: y},
			bubble: geom.Point{X: end - rad, Y: y}, label: letters(i),
		})
	}
	return out
}

// letters names the i-th horizontal axis: A…Z, then AA, AB, ….
func letters(i int) string {
	s := ""
	for i >= 0 {
		s = string(rune('A'+i%26)) + s
		i = i/26 - 1
	}
	return s
}

// axisExtents are the bubbles' boxes.
func (r *renderer) axisExtents() []geom.Rect {
	rad := axisBubble * r.unit()
	var out []geom.Rect
	for _, m := range r.axisMarks() {
		e := geom.Point{X: rad, Y: rad}
		out = append(out, geom.Rect{Min: m.bubble.Sub(e), Max: m.bubble.Add(e)})
	}
	return out
}

func (r *renderer) drawAxes() {
	rad := axisBubble * r.unit()
	at := stroke(r.pal.dim, r.pen)
	dash := ` stroke-dasharray="` + num(axisDash[0]*r.pen) + " " + num(axisDash[1]*r.pen) + " " + num(axisDash[2]*r.pen) + " " + num(axisDash[3]*r.pen) + `"`
	for _, m := range r.axisMarks() {
		r.b.line(m.from, m.to, at+dash)
		r.b.s(`<circle cx="`, num(m.bubble.X), `" cy="`, num(m.bubble.Y), `" r="`, num(rad), `" fill="none" `, at, "/>\n")
		r.b.text(m.bubble, `font-size="`+num(rad)+`" fill="`+r.pal.dim+`" text-anchor="middle" dominant-baseline="central"`, m.label)
		r.b.s("\n")
	}
}
