package resolve

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// checkScale warns when a plan with paper and an authored scale does not
// fit its sheet: the building's outer-face extent against the sheet less
// its margins, dimension bands and bottom chrome.
func (r *resolver) checkScale(plans []*ir.Plan) {
	st := r.plan.Settings
	w, h, orient, ok := st.SheetSize()
	if !ok || !st.ScaleSet || !(st.ScaleDenom > 0) {
		return
	}
	var all geom.Bounds
	for _, p := range plans {
		if e, ok := outerExtent(p); ok {
			all.AddRect(e)
		}
	}
	if !all.OK {
		return
	}
	ext := all.Rect
	if !(st.ScaleNum > 0) {
		return // no finite scale to hold the drawing to
	}
	d := st.ScaleDenom / st.ScaleNum
	bw, bh := clean(ext.W()), clean(ext.H())
	if ir.FitsAuthored(w, h, bw, bh, d, st.DimsAuto != "", r.plan.TitleRows()) {
		return
	}
	d0 := diag.New(diag.WarnScaleOverflow, r.scaleSpan, "At 1:%s the building (%s×%s mm over its outer faces) does not fit %s %s; the page grows past the sheet to hold it. Choose a coarser scale or a larger sheet, or drop `scale` to auto-fit",
		num(round3(d)), num(bw), num(bh), st.Paper, orient)
	r.add(d0)
}

// outerExtent is the bounding box of a plan's walls over their faces (with
// square ends) and of its rooms.
func outerExtent(p *ir.Plan) (geom.Rect, bool) {
	var box geom.Bounds
	add := box.Add
	var paths pathArena
	ns := 0
	for i := range p.Walls {
		ns += p.Walls[i].NumSegments()
	}
	paths.reserve(ns)
	for i := range p.Walls {
		w := &p.Walls[i]
		half := w.Thickness / 2
		path := newWallPathIn(w, &paths)
		for j, s := range path.segs {
			if path.isArc(j) {
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
	if box.OK && (math.IsInf(box.Rect.W(), 0) || math.IsNaN(box.Rect.W())) {
		return box.Rect, false
	}
	return box.Rect, box.OK
}
