package svg

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/geom"
)

// sheet is the paper in plan millimetres.
type sheet struct {
	w, h  float64
	denom float64
}

// cornerChrome reports whether the scale bar and title block sit in the
// sheet's bottom corners; a sheet with a room schedule or legend keeps them
// under the drawing, with the tables below.
func (r *renderer) cornerChrome() bool {
	return r.sheet != nil && !r.p.Settings.Schedule && !r.p.Settings.Legend
}

// content is what is centred on a sheet: the drawing's extent with a
// clearance all round, and the dimension text and axis bubbles.
func (r *renderer) content() geom.Rect {
	c := sheetContent * r.sheet.denom
	b := r.bounds
	box := geom.Rect{Min: b.Min.Sub(geom.Point{X: c, Y: c}), Max: b.Max.Add(geom.Point{X: c, Y: c})}
	for _, e := range r.annoExtents() {
		box = box.Union(e)
	}
	return box
}

// sheetBox places the drawing on the sheet: centred across on the content;
// down the sheet centred on the content stretched down to the bottom of the
// footer stack (scale bar and title block under the drawing, or the
// tables), even when the chrome then goes to the sheet's corners.
func (r *renderer) sheetBox() geom.Rect {
	c := r.content()
	sh := r.sheet
	bottom := r.footerTop() + r.footerHeight()
	if r.hasTables() {
		bottom = r.tablesTop() + r.tablesHeight()
	}
	bottom = math.Max(bottom, c.Max.Y)
	x := c.Center().X - sh.w/2
	y := (c.Min.Y+bottom)/2 - sh.h/2
	if math.IsNaN(x) || math.IsNaN(y) {
		x, y = 0, 0
	}
	return geom.Rect{Min: geom.Point{X: x, Y: y}, Max: geom.Point{X: x + sh.w, Y: y + sh.h}}
}

// footer returns the left end of the scale bar, the right edge of the
// title block and the top of both.
func (r *renderer) footer() (left, right, top float64) {
	if r.cornerChrome() {
		vb := r.sheetBox()
		m := r.z.margin
		return vb.Min.X + m, vb.Max.X - m, vb.Max.Y - m - r.footerHeight()
	}
	return r.bounds.Min.X, r.bounds.Max.X, r.footerTop()
}
