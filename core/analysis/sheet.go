package analysis

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// sheetFacts returns the operative scale text and the sheet block.
func sheetFacts(p *ir.Plan, outer geom.Rect, found bool) (string, *Sheet) {
	st := p.Settings
	scale := ""
	if st.ScaleSet && st.ScaleDenom > 0 {
		scale = num(st.ScaleNum) + ":" + num(st.ScaleDenom)
	}
	w, h, orient, ok := st.SheetSize()
	if !ok {
		return scale, nil
	}
	bw, bh := outer.W(), outer.H()
	if !found {
		bw, bh = 0, 0
	}
	sh := &Sheet{Paper: st.Paper, Orientation: orient}
	if st.ScaleSet && st.ScaleDenom > 0 {
		sh.ScaleDenominator = st.ScaleDenom
		d := st.ScaleDenom
		if st.ScaleNum > 0 {
			d = st.ScaleDenom / st.ScaleNum
		}
		sh.Fits = ir.FitsAuthored(w, h, bw, bh, d, st.DimsAuto != "", p.TitleRows())
		return scale, sh
	}
	sh.ScaleAuto = true
	sh.ScaleDenominator, sh.Fits = ir.AutoScale(w, h, bw, bh, st.DimsAuto != "")
	return "1:" + num(sh.ScaleDenominator), sh
}

// outerRect is the plan's extent over the walls' outer faces (square
// ends, exact arc extremes) and the rooms.
func outerRect(p *ir.Plan) (geom.Rect, bool) {
	var box geom.Bounds
	box.Rect, box.OK = extentRect(p)
	add := box.Add
	for i := range p.Walls {
		w := &p.Walls[i]
		h := w.Thickness / 2
		for j, s := range w.Segments() {
			if j < len(w.Arcs) && curved(w.Arcs[j]) {
				a := w.Arcs[j]
				for _, q := range []geom.Point{s.A, s.B} {
					n := q.Sub(a.Center).Unit()
					add(q.Add(n.Mul(h)))
					add(q.Sub(n.Mul(h)))
				}
				for k := 0; k < 4; k++ {
					t := float64(k) * math.Pi / 2
					if angleIn(t, a.StartAngle, a.Sweep) {
						n := geom.Point{X: math.Cos(t), Y: math.Sin(t)}
						add(a.Center.Add(n.Mul(a.Radius + h)))
					}
				}
				continue
			}
			d := s.B.Sub(s.A)
			if d.Len() == 0 {
				add(geom.Point{X: s.A.X - h, Y: s.A.Y - h})
				add(geom.Point{X: s.A.X + h, Y: s.A.Y + h})
				continue
			}
			u := d.Unit()
			n := geom.Point{X: -u.Y, Y: u.X}
			a, b := s.A.Sub(u.Mul(h)), s.B.Add(u.Mul(h))
			for _, q := range []geom.Point{a.Add(n.Mul(h)), a.Sub(n.Mul(h)), b.Add(n.Mul(h)), b.Sub(n.Mul(h))} {
				add(q)
			}
		}
		if len(w.Points) == 1 {
			q := w.Points[0]
			add(geom.Point{X: q.X - h, Y: q.Y - h})
			add(geom.Point{X: q.X + h, Y: q.Y + h})
		}
	}
	return box.Rect, box.OK
}
