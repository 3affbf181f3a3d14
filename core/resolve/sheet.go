package resolve

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// Sheet-fit constants in sheet millimetres, as the reference measures an
// authored scale against its paper.
const (
	sheetMargin   = 15    // page margin, each side
	sheetDimsBand = 18.25 // dimension-chain band, each side, with `dims auto`
	sheetChrome   = 10    // bottom chrome band, before the title block rows
	sheetTitleRow = 4.6   // one title block row (the SCALE row included)
)

// isoPaper holds the ISO 216 sheet sizes in mm, portrait.
var isoPaper = map[string][2]float64{
	"A4": {210, 297}, "A3": {297, 420}, "A2": {420, 594}, "A1": {594, 841}, "A0": {841, 1189},
}

// checkScale warns when a plan with paper and an authored scale does not
// fit its sheet: the building's outer-face extent against the sheet less
// its margins, dimension bands and bottom chrome.
func (r *resolver) checkScale(plans []*ir.Plan) {
	st := r.plan.Settings
	sz, ok := isoPaper[st.Paper]
	if !ok || !st.ScaleSet || !(st.ScaleDenom > 0) {
		return
	}
	w, h := sz[0], sz[1]
	orient := "portrait"
	if st.Orientation != "portrait" {
		w, h = h, w
		orient = "landscape"
	}
	var ext geom.Rect
	found := false
	for _, p := range plans {
		if e, ok := outerExtent(p); ok {
			if found {
				ext = ext.Union(e)
			} else {
				ext, found = e, true
			}
		}
	}
	if !found {
		return
	}
	band := 0.0
	if st.DimsAuto != "" {
		band = 2 * sheetDimsBand
	}
	rows := 1.0
	if r.plan.Title != nil {
		rows += float64(len(r.plan.Title.Fields))
	}
	chrome := sheetChrome + sheetTitleRow*rows
	if !(st.ScaleNum > 0) {
		return // no finite scale to hold the drawing to
	}
	d := st.ScaleDenom / st.ScaleNum
	bw, bh := clean(ext.W()), clean(ext.H())
	if bw/d <= w-2*sheetMargin-band+1e-9 && bh/d <= h-2*sheetMargin-band-chrome+1e-9 {
		return
	}
	d0 := diag.New("W_SCALE_OVERFLOW", r.scaleSpan, "At 1:%s the building (%s×%s mm over its outer faces) does not fit %s %s; the page grows past the sheet to hold it. Choose a coarser scale or a larger sheet, or drop `scale` to auto-fit",
		num(round3(d)), num(bw), num(bh), st.Paper, orient)
	r.add(d0)
}

// outerExtent is the bounding box of a plan's walls over their faces (with
// square ends) and of its rooms.
func outerExtent(p *ir.Plan) (geom.Rect, bool) {
	var ext geom.Rect
	found := false
	add := func(q geom.Point) {
		rc := geom.Rect{Min: q, Max: q}
		if found {
			ext = ext.Union(rc)
		} else {
			ext, found = rc, true
		}
	}
	for i := range p.Walls {
		w := &p.Walls[i]
		half := w.Thickness / 2
		path := newWallPath(w)
		for j, s := range path.segs {
			if path.arcs[j].Arc {
				a := path.arcs[j]
				const steps = 48
				for k := 0; k <= steps; k++ {
					q := arcPoint(a, path.lens[j]*float64(k)/steps)
					n := q.Sub(a.Center).Unit()
					add(q.Add(n.Mul(half)))
					add(q.Sub(n.Mul(half)))
				}
				continue
			}
			u := s.B.Sub(s.A).Unit()
			n := geom.Point{X: -u.Y, Y: u.X}
			a, b := s.A.Sub(u.Mul(half)), s.B.Add(u.Mul(half))
			for _, q := range []geom.Point{a.Add(n.Mul(half)), a.Sub(n.Mul(half)), b.Add(n.Mul(half)), b.Sub(n.Mul(half))} {
				add(q)
			}
		}
	}
	for _, rm := range p.Rooms {
		for _, q := range rm.Polygon {
			add(q)
		}
	}
	if found && (math.IsInf(ext.W(), 0) || math.IsNaN(ext.W())) {
		return ext, false
	}
	return ext, found
}
