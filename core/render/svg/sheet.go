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

// cornerChrome reports whether the scale bar, the title block and the
// tables sit in the sheet's bottom corners: when the corner stack leaves a
// pad of clear paper above the bottom of the stack the drawing is centred
// with (see sheetBox). Otherwise they stay under the drawing.
func (r *renderer) cornerChrome() bool {
	if r.sheet == nil {
		return false
	}
	top := r.cornerTop()
	if r.hasTables() {
		top -= r.z.pad + r.tablesHeight()
	}
	return top >= r.stackBottom()+r.z.pad
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

// stackBottom is the bottom of the content stretched down to the footer
// stack laid out under the drawing (scale bar and title block, then the
// tables).
func (r *renderer) stackBottom() float64 {
	bottom := r.footerTop() + r.footerHeight()
	if r.hasTables() {
		bottom = r.underTablesTop() + r.tablesHeight()
	}
	return math.Max(bottom, r.content().Max.Y)
}

// sheetBox places the drawing on the sheet (grown when the drawing overflows
// it): across, centred on the content and the tables laid out under the
// drawing; down, centred on the content stretched to the stack bottom, even
// when the chrome then goes to the sheet's corners.
func (r *renderer) sheetBox() geom.Rect { return laidOutMemo(r, &r.sheetMemo, r.sheetBoxOf) }

// sheetBoxOf works out sheetBox.
func (r *renderer) sheetBoxOf() geom.Rect {
	c := r.content()
	sh := r.sheet
	right := c.Max.X
	if r.hasTables() {
		right = math.Max(right, r.bounds.Min.X+r.tablesWidth())
	}
	x := (c.Min.X+right)/2 - sh.w/2
	y := (c.Min.Y+r.stackBottom())/2 - sh.h/2
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
