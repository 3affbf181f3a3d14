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
// sheet's bottom corners: when the plan has no room schedule or legend and
// the corners leave a pad of clear paper under the content. Otherwise they
// stay under the drawing (with the tables below).
func (r *renderer) cornerChrome() bool {
	if r.sheet == nil || r.p.Settings.Schedule || r.p.Settings.Legend {
		return false
	}
	return r.cornerTop() >= r.content().Max.Y+r.z.pad
}

// cornerTop is the top of the chrome in the sheet's bottom corners.
func (r *renderer) cornerTop() float64 {
	return r.sheetBox().Max.Y - r.z.margin - r.footerHeight()
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

// sheetBox places the drawing on the sheet (grown when the drawing overflows
// it): centred across on the content;
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
	vb := geom.Rect{Min: geom.Point{X: x, Y: y}, Max: geom.Point{X: x + sh.w, Y: y + sh.h}}
	// A drawing too big for the sheet at its scale grows the page, in the
	// direction it overflows, to the page it would have without paper.
	pg := r.pageBox()
	if pg.W() > sh.w {
		vb.Min.X, vb.Max.X = pg.Min.X, pg.Max.X
	}
	if pg.H() > sh.h {
		vb.Min.Y, vb.Max.Y = pg.Min.Y, pg.Max.Y
	}
	return vb
}

// footer returns the left end of the scale bar, the right edge of the
// title block and the top of both.
func (r *renderer) footer() (left, right, top float64) {
	if r.cornerChrome() {
		vb := r.sheetBox()
		m := r.z.margin
		return vb.Min.X + m, vb.Max.X - m, r.cornerTop()
	}
	return r.bounds.Min.X, r.bounds.Max.X, r.footerTop()
}
