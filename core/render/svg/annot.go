package svg

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/internal/numfmt"
	"github.com/archlang-go/caddy-archlang/core/internal/vocab"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// Label placement: a room name is tried at these fractions of the room's
// width and height from its centre (every pairing whose label box stays
// within the room's bounds), nearest first, ties in the order listed with
// rows before columns.
var nudgeSteps = []float64{0, -0.15, 0.15, -0.3, 0.3, -0.4, 0.4}

// How much of a label may be covered. The obstacles' overlaps with the
// label's box are summed. The centre is kept while the sum is at most
// maxLabelCover of the box's area; otherwise every spot is scored by its
// sum plus labelDistCost of the box's area for each room diagonal it lies
// from the centre, and the lowest score wins. Every obstacle first grows by
// labelPadOfName room-name font sizes on every side, with or without a
// sheet. The box spans the name's top to the area's bottom and is as wide
// as the wider line, at labelGlyph font sizes a character.
const (
	maxLabelCover  = 0.02
	labelPadOfName = 0.15
	labelGlyph     = 0.62
	arcPieces      = 16 // a curved wall counts as this many straight pieces
	labelDistCost  = 0.016
)

// fracLabelPad sets sizes.labelPad, which label placement no longer reads
// (it grows obstacles by labelPadOfName instead).
const fracLabelPad = 0.0045

// glyphWidth is the assumed advance of one character, in font sizes; the
// renderer has no font metrics.
const glyphWidth = 0.6

// mm2 is square millimetres per square metre.
const mm2 = 1e6

// roomLabel is a placed room name and area. A room with no label still
// gets its area, alone and centred on the label point.
type roomLabel struct {
	at         geom.Point
	name, area string
}

// dimGeom is a laid-out dimension.
type dimGeom struct {
	from, to geom.Point // measured points
	p1, p2   geom.Point // dimension line ends
	dir, n   geom.Point
	offset   float64 // as written (0 for a radius or diameter)
	text     string
	// measured is set when the text is the measured length, kept as the
	// number (num writes it) rather than formatted ahead.
	measured bool
	length   float64
	textAt   geom.Point
	tickVec  geom.Point // half a tick: the tick runs p±tickVec
	angle    float64
	fs       float64
}

// textWidth is textWidth of the dimension's text.
func (d dimGeom) textWidth() float64 {
	if d.measured {
		return float64(numLen(d.length)) * glyphWidth * d.fs
	}
	return textWidth(d.text, d.fs)
}

// textExtent is the box the dimension claims: its text (cross-wise only)
// and the ends of its ticks.
func (d dimGeom) textExtent() geom.Rect {
	e := geom.Point{X: math.Abs(d.n.X) * d.fs, Y: math.Abs(d.n.Y) * d.fs}
	b := geom.Rect{Min: d.textAt.Sub(e), Max: d.textAt.Add(e)}
	for _, p := range []geom.Point{d.p1, d.p2} {
		for _, q := range []geom.Point{p.Add(d.tickVec), p.Sub(d.tickVec)} {
			b = b.Union(geom.Rect{Min: q, Max: q})
		}
	}
	return b
}

func (r *renderer) layoutDims() {
	fs := r.z.dimText
	auto, feet := r.autoDims()
	n := len(r.p.Dims) + len(auto)
	r.dims = slices.Grow(r.sc.dims[:0], n)
	if auto != nil {
		defer func() { r.sc.auto, r.sc.feet = auto[:0], feet[:0] }()
	}
	for k := range n {
		// The written dimensions, then the automatic ones.
		var d ir.Dim
		if k < len(r.p.Dims) {
			d = r.p.Dims[k]
		} else {
			d = auto[k-len(r.p.Dims)]
		}
		if !finite(d.From) || !finite(d.To) || math.IsNaN(d.Offset) || math.Abs(d.Offset) > maxCoord {
			continue
		}
		switch d.Mode {
		case "radius", "diameter":
			// Curve call-outs sit on the element itself: no offset, and the
			// text carries the R or φ prefix.
			d.Offset = 0
			if d.Text == "" {
				pre := "R"
				if d.Mode == "diameter" {
					pre = "φ"
				}
				d.Text = pre + numfmt.Fixed(numfmt.HalfAwayTo(d.To.Sub(d.From).Len(), 0), -1)
			}
		}
		dir := d.To.Sub(d.From).Unit()
		n := geom.Point{X: -dir.Y, Y: dir.X}
		g := dimGeom{from: d.From, to: d.To, dir: dir, n: n, fs: fs, offset: d.Offset,
			p1: d.From.Add(n.Mul(d.Offset)), p2: d.To.Add(n.Mul(d.Offset))}
		flip := false
		if j := k - len(r.p.Dims); j >= 0 && feet[j].ok {
			g.from, g.to, flip = feet[j].from, feet[j].to, feet[j].flip
		}
		g.text = d.Text
		if g.text == "" {
			// The measured length, to two decimals like every number.
			g.measured, g.length = true, d.To.Sub(d.From).Len()
		}
		mid := g.p1.Add(g.p2).Mul(0.5)
		g.textAt = mid.Add(n.Mul(r.z.dimTextOff))
		if flip {
			g.textAt = mid.Sub(n.Mul(r.z.dimTextOff))
		}
		t := r.z.tick / math.Sqrt2
		g.tickVec = geom.Point{X: (dir.X - dir.Y) * t, Y: (dir.X + dir.Y) * t}
		a := math.Atan2(dir.Y, dir.X) * 180 / math.Pi
		if a > quarterTurn+1e-9 {
			a -= 2 * quarterTurn
		} else if a < -quarterTurn-1e-9 {
			a += 2 * quarterTurn
		}
		g.angle = numfmt.HalfAwayTo(a, 2)
		r.dims = append(r.dims, g)
	}
}

func (r *renderer) drawDims() {
	ext := r.stroke(r.pal.dim, penExt*r.pen)
	ln := r.stroke(r.pal.dim, r.pen)
	for _, d := range r.dims {
		// A dimension of no length has no direction, so its ends sit on
		// the measured point whatever the offset; the extension lines are
		// still drawn (of no length) when an offset was asked for.
		if !d.from.ApproxEqual(d.p1) || (d.dir == (geom.Point{}) && d.offset != 0) {
			r.b.line(d.from, d.p1, ext)
			r.b.line(d.to, d.p2, ext)
		}
		r.b.line(d.p1, d.p2, ln)
		// Ticks lean 45° clockwise from the dimension's direction.
		k := d.tickVec
		r.b.line(d.p1.Add(k), d.p1.Sub(k), ln)
		r.b.line(d.p2.Add(k), d.p2.Sub(k), ln)
		// The text element as b.text writes it, its attributes written
		// in place.
		b := &r.b
		b.two(`<text x="`, d.textAt.X, `" y="`, d.textAt.Y)
		b.WriteString(`" font-size="`)
		b.num(d.fs)
		b.s(`" fill="`, r.pal.dim, `" text-anchor="middle" dominant-baseline="central" transform="rotate(`)
		b.num(d.angle)
		b.byte(' ')
		b.num(d.textAt.X)
		b.byte(' ')
		b.num(d.textAt.Y)
		b.WriteString(`)">`)
		if d.measured {
			b.num(d.length)
		} else {
			b.WriteString(esc(d.text))
		}
		b.WriteString("</text>\n")
	}
}

// area formats a floor area in square metres with one decimal, rounded as
// floor(x·10 + 0.5)/10 (numfmt.FloorHalfTo); the decimal stays even when
// it is zero ("12.0 m²").
func area(mm float64) string {
	return strconv.FormatFloat(numfmt.FloorHalfTo(mm/mm2, 1), 'f', 1, 64) + " m²"
}

// textWidth estimates a string's drawn width at font size fs.
func textWidth(s string, fs float64) float64 {
	return float64(utf8.RuneCountInString(s)) * glyphWidth * fs
}

func (r *renderer) layoutLabels() {
	obst := r.obstacles()
	ix := r.newLabelIndex(obst)
	nameFS, areaFS := r.z.name, r.z.area
	type cand struct {
		p geom.Point
		d float64
	}
	cands := make([]cand, 0, len(nudgeSteps)*len(nudgeSteps))
	r.rooms = slices.Grow(r.sc.rooms[:0], len(r.p.Rooms))
	for _, rm := range r.p.Rooms {
		if len(rm.Polygon) < 3 {
			continue
		}
		ok := true
		for _, q := range rm.Polygon {
			ok = ok && finite(q)
		}
		if !ok {
			continue
		}
		a := rm.Polygon.Area()
		if rm.Shape == ir.RoomCircle && rm.Radius > 0 {
			a = math.Pi * rm.Radius * rm.Radius
		}
		lb := roomLabel{name: rm.Label, area: area(a)}
		if at, ok := pinnedLabel(rm); ok {
			lb.at = at
			r.rooms = append(r.rooms, lb)
			continue
		}
		c := rm.Polygon.Centroid()
		bb := rm.Polygon.Bounds()
		// One box for both lines: from the name's top to the area's
		// bottom, as wide as the wider line.
		hw := labelGlyph * math.Max(float64(utf8.RuneCountInString(lb.name))*nameFS, float64(utf8.RuneCountInString(lb.area))*areaFS) / 2
		top, bottom := -r.z.nameDy-nameFS/2, r.z.areaDy+areaFS/2
		if lb.name == "" {
			top, bottom = -areaFS/2, areaFS/2
		}
		box := func(p geom.Point) geom.Rect {
			return geom.Rect{Min: geom.Point{X: p.X - hw, Y: p.Y + top}, Max: geom.Point{X: p.X + hw, Y: p.Y + bottom}}
		}
		limit := maxLabelCover * 2 * hw * (bottom - top)
		// A spot whose box leaves the room's bounds is not tried.
		outside := func(b geom.Rect) bool {
			return b.Min.X < bb.Min.X || b.Min.Y < bb.Min.Y || b.Max.X > bb.Max.X || b.Max.Y > bb.Max.Y
		}
		// The centre stays when it is a spot (every spot at distance 0 is
		// the centre) and is covered little enough; only then are the
		// other spots needed, nearest first (the earliest of equals).
		lb.at = c
		if outside(box(c)) || ix.cover(box(c), limit) > limit {
			cands = cands[:0]
			for _, fy := range nudgeSteps {
				for _, fx := range nudgeSteps {
					off := geom.Point{X: fx * bb.W(), Y: fy * bb.H()}
					if outside(box(c.Add(off))) {
						continue
					}
					cands = append(cands, cand{c.Add(off), off.Len()})
				}
			}
			slices.SortStableFunc(cands, func(a, b cand) int {
				switch {
				case a.d < b.d:
					return -1
				case b.d < a.d:
					return 1
				}
				return 0
			})
			// The least covered spot wins, each paying for its distance
			// from the centre (the earliest of equals).
			perMM := 0.0 // the cost of a millimetre from the centre
			if diag := math.Hypot(bb.W(), bb.H()); diag > 0 {
				perMM = labelDistCost * 2 * hw * (bottom - top) / diag
			}
			best := math.Inf(1)
			for _, cd := range cands {
				// Covers past the best so far are not counted to the end.
				if v := ix.cover(box(cd.p), best) + perMM*cd.d; v < best {
					lb.at, best = cd.p, v
				}
			}
		}
		if ix.budget <= 0 {
			lb.at = c // out of budget: the search was cut short
		}
		r.rooms = append(r.rooms, lb)
		ix.placed.add(box(lb.at))
	}
	r.sc.obst = obst[:0]
}

// labelIndex holds what room labels must avoid: the obstacles (grown by
// the label pad), and the labels already placed.
type labelIndex struct {
	obst   *boxIndex
	placed *boxIndex
	budget int // box tests left (maxLabelTests)
}

// newLabelIndex grows the obstacles by the label pad and files them in a
// grid spanning them and the rooms.
func (r *renderer) newLabelIndex(obst []geom.Rect) *labelIndex {
	pad := labelPadOfName * r.z.name
	e := geom.Point{X: pad, Y: pad}
	var ext geom.Rect
	have := false
	grow := func(b geom.Rect) {
		if !finite(b.Min) || !finite(b.Max) {
			return
		}
		if !have {
			ext, have = b, true
		}
		ext = ext.Union(b)
	}
	for i := range obst {
		obst[i] = geom.Rect{Min: obst[i].Min.Sub(e), Max: obst[i].Max.Add(e)}
		grow(obst[i])
	}
	labels := 0
	for _, rm := range r.p.Rooms {
		if len(rm.Polygon) >= 3 {
			labels++
			grow(rm.Polygon.Bounds())
		}
	}
	ix := &labelIndex{budget: maxLabelTests, obst: &r.sc.obstIx, placed: &r.sc.placed}
	ix.obst.reset(ext, len(obst)+1)
	ix.placed.reset(ext, 2*labels+1)
	ix.obst.addAll(obst)
	return ix
}

// cover sums the areas by which the label box b overlaps the labels
// already placed and the obstacles. It stops counting once the sum passes
// limit.
func (ix *labelIndex) cover(b geom.Rect, limit float64) float64 {
	sum := ix.placed.overlapSum(b, limit, &ix.budget)
	if sum > limit {
		return sum
	}
	return sum + ix.obst.overlapSum(b, limit-sum, &ix.budget)
}

// obstacles lists what a room label avoids: furniture (and the names
// written on plain pieces), stairs, lifts, columns, windows, door swings,
// walls and dimension text.
func (r *renderer) obstacles() []geom.Rect {
	arcs := 0
	for _, sg := range r.segs {
		if sg.Arc != nil {
			arcs++
		}
	}
	out := slices.Grow(r.sc.obst[:0], 2*len(r.p.Furniture)+len(r.p.Vertical)+len(r.p.Columns)+len(r.p.Openings)+
		len(r.segs)+(arcPieces-1)*arcs+len(r.dims))
	for _, f := range r.p.Furniture {
		if !finite(f.Rect.Min) || !finite(f.Rect.Max) {
			continue
		}
		out = append(out, f.Rect)
		if f.Label != "" && fixtureKinds[f.Type] == "" {
			// A piece drawn as a labelled box: its name, which may be
			// wider than the piece.
			c := f.Rect.Center()
			e := geom.Point{X: float64(utf8.RuneCountInString(f.Label)) * labelGlyph * r.z.furnText / 2, Y: r.z.furnText / 2}
			out = append(out, geom.Rect{Min: c.Sub(e), Max: c.Add(e)})
		}
	}
	for _, v := range r.p.Vertical {
		if finite(v.Rect.Min) && finite(v.Rect.Max) {
			out = append(out, v.Rect)
		}
	}
	for _, c := range r.p.Columns {
		if finite(c.Rect.Min) && finite(c.Rect.Max) {
			out = append(out, c.Rect)
		}
	}
	for oi, o := range r.p.Openings {
		f, ok := r.frameAt(oi)
		if !ok {
			continue
		}
		var quad [4]geom.Point
		var pts []geom.Point
		switch {
		case o.Kind == ir.Window:
			m := f.h + glazeExtra*r.z.wallPen
			pts = f.rect(quad[:0], 0, f.w, m, -m)
		case o.Kind == ir.Door && (o.DoorKind == "" || o.DoorKind == vocab.Hinged):
			// The square the leaf sweeps and the opening behind it,
			// whichever room it opens into.
			pts = f.rect(quad[:0], 0, f.w, -side(o)*f.h, side(o)*f.w)
		case o.Kind == ir.Door && o.DoorKind == vocab.Bifold:
			reach := math.Sin(openness(o)*quarterTurn*math.Pi/180) * f.w / 2
			pts = f.rect(quad[:0], 0, f.w, 0, side(o)*reach)
		}
		if len(pts) > 0 {
			out = append(out, geom.Polygon(pts).Bounds())
		}
	}
	// Every wall leg, as the box around its ends grown by half its
	// thickness; a curved leg in arcPieces straight pieces.
	for _, sg := range r.segs {
		e := geom.Point{X: sg.H, Y: sg.H}
		piece := func(a, b geom.Point) {
			bx := geom.Rect{Min: a, Max: a}.Union(geom.Rect{Min: b, Max: b})
			out = append(out, geom.Rect{Min: bx.Min.Sub(e), Max: bx.Max.Add(e)})
		}
		if sg.Arc == nil {
			piece(sg.A, sg.B)
			continue
		}
		prev := sg.A
		for k := 1; k < arcPieces; k++ {
			q := sg.ArcAt(float64(k)/arcPieces, sg.Arc.Radius)
			piece(prev, q)
			prev = q
		}
		piece(prev, sg.B)
	}
	for _, d := range r.dims {
		hw := d.textWidth() / 2
		e := geom.Point{X: math.Abs(d.dir.X)*hw + math.Abs(d.n.X)*d.fs/2, Y: math.Abs(d.dir.Y)*hw + math.Abs(d.n.Y)*d.fs/2}
		out = append(out, geom.Rect{Min: d.textAt.Sub(e), Max: d.textAt.Add(e)})
	}
	return out
}

func (r *renderer) drawRoomLabels() {
	nameFS, areaFS := r.z.name, r.z.area
	for _, lb := range r.rooms {
		if lb.name == "" {
			r.b.textFS(lb.at, areaFS, r.pal.areaLabel, ` text-anchor="middle" dominant-baseline="central"`, lb.area)
			r.b.s("\n")
			continue
		}
		r.b.textFS(geom.Point{X: lb.at.X, Y: lb.at.Y - r.z.nameDy},
			nameFS, r.pal.roomLabel, ` text-anchor="middle" dominant-baseline="central" font-weight="600"`, lb.name)
		r.b.s("\n")
		r.b.textFS(geom.Point{X: lb.at.X, Y: lb.at.Y + r.z.areaDy},
			areaFS, r.pal.areaLabel, ` text-anchor="middle" dominant-baseline="central"`, lb.area)
		r.b.s("\n")
	}
}

func (r *renderer) drawRooms() {
	for _, rm := range r.p.Rooms {
		if rm.Shape == ir.RoomCircle && rm.Radius > 0 && rm.Radius < maxCoord && finite(rm.Center) {
			r.b.circle(rm.Center, rm.Radius, `" fill="`, r.pal.room, `"/>`, "\n")
			continue
		}
		if len(rm.Polygon) < 3 {
			continue
		}
		pts := r.pts[:0]
		for _, q := range rm.Polygon {
			if finite(q) {
				pts = append(pts, q)
			}
		}
		r.poly(pts, r.join(`fill="`, r.pal.room, `"`))
	}
}

func (r *renderer) drawNorth() {
	s := r.z.chrome
	c := geom.Point{X: r.bounds.Max.X - fracArrowInset*s, Y: r.bounds.Min.Y - r.z.arrowRise}
	ang := r.p.Settings.NorthAngle
	if math.IsNaN(ang) || math.IsInf(ang, 0) {
		ang = 0
	}
	pts := []geom.Point{
		{X: c.X, Y: c.Y - fracArrowTip*s},
		{X: c.X - fracArrowHalfW*s, Y: c.Y + fracArrowBase*s},
		{X: c.X, Y: c.Y + fracArrowNotch*s},
		{X: c.X + fracArrowHalfW*s, Y: c.Y + fracArrowBase*s},
	}
	rad := ang * math.Pi / 180
	letter := c.Add(geom.Point{X: math.Sin(rad), Y: -math.Cos(rad)}.Mul(fracArrowLetter * s))
	b := &r.b
	b.WriteString(`<g><polygon points="`)
	b.points(pts)
	b.s(`" fill="`, r.pal.chrome, `" transform="rotate(`)
	b.num(ang)
	b.byte(' ')
	b.num(c.X)
	b.byte(' ')
	b.num(c.Y)
	b.WriteString(`)"/>`)
	b.textFS(letter, fracArrowFont*s, r.pal.chrome, ` text-anchor="middle" dominant-baseline="central"`, "N")
	b.WriteString("</g>\n")
}

// barLength is the scale bar's length: the longest of 0.5, 1, 2, 5, 10 …
// metres that fits within fracBarMax of the drawing (0.5 m at the least).
func barLength(s float64) float64 {
	limit := fracBarMax * s
	best := minBar
	for p := 1000.0; p <= limit && p < maxCoord; p *= 10 {
		for _, k := range []float64{1, 2, 5} {
			if k*p <= limit {
				best = k * p
			}
		}
	}
	return best
}

// minBar is the shortest scale bar, in mm.
const minBar = 500.0

func barLabel(l float64) string {
	return numfmt.Fixed(l/1000, -1) + " m"
}

func (r *renderer) drawScaleBar() {
	s := r.z.chrome
	l := barLength(s)
	x, _, y := r.footer()
	h := fracBarH * s
	fs := fracBarFont * s
	b := &r.b
	rect := func(x0 float64, attrs ...string) {
		b.two(`<rect x="`, x0, `" y="`, y)
		b.two(`" width="`, l/2, `" height="`, h)
		b.s(attrs...)
	}
	b.WriteString(`<g>`)
	rect(x, `" fill="`, r.pal.chrome, `"/>`)
	rect(x+l/2, `" fill="none" `, r.stroke(r.pal.chrome, r.pen), `/>`)
	ty := y + fracBarTextDy*s
	b.textFS(geom.Point{X: x, Y: ty}, fs, r.pal.chrome, ` text-anchor="start" dominant-baseline="central"`, "0")
	b.textFS(geom.Point{X: x + l, Y: ty}, fs, r.pal.chrome, ` text-anchor="middle" dominant-baseline="central"`, barLabel(l))
	b.WriteString("</g>\n")
}

// titleRows are the title block's rows: the title fields in order, then the
// scale when the plan states one.
func (r *renderer) titleRows() []ir.TitleField {
	return laidOutMemo(r, &r.titleMemo, r.titleRowsOf)
}

// titleRowsOf works out titleRows.
func (r *renderer) titleRowsOf() []ir.TitleField {
	var rows []ir.TitleField
	if r.p.Title != nil {
		for _, f := range r.p.Title.Fields {
			rows = append(rows, ir.TitleField{Key: strings.ToUpper(strings.ReplaceAll(f.Key, "_", " ")), Value: f.Value})
		}
	}
	d := r.p.Settings.ScaleDenom
	if r.sheet != nil {
		d = r.sheet.denom
	}
	if d > 0 && d < maxCoord {
		rows = append(rows, ir.TitleField{Key: "SCALE", Value: "1:" + num(d)})
	}
	if lv := r.p.Level; lv != nil {
		v := lv.Number
		if lv.Name != "" {
			v += " — " + lv.Name
		}
		rows = append(rows, ir.TitleField{Key: "LEVEL", Value: v})
	}
	return rows
}

func (r *renderer) drawTitle() {
	rows := r.titleRows()
	if len(rows) == 0 {
		return
	}
	s := r.z.chrome
	wd, rh := fracTitleW*s, fracTitleRow*s
	_, right, y := r.footer()
	x := right - wd
	b := &r.b
	b.two(`<g><rect x="`, x, `" y="`, y)
	b.two(`" width="`, wd, `" height="`, float64(len(rows))*rh)
	b.s(`" fill="none" `, r.stroke(r.pal.chrome, r.pen), `/>`)
	for i, row := range rows {
		top := y + float64(i)*rh
		ty := top + rh/2
		r.b.textFS(geom.Point{X: x + fracTitleInset*s, Y: ty}, fracTitleLabel*s, r.pal.chromeLabel, ` dominant-baseline="central"`, row.Key)
		r.b.textFS(geom.Point{X: x + wd - fracTitleInset*s, Y: ty}, fracTitleValue*s, r.pal.chrome, ` text-anchor="end" dominant-baseline="central"`, row.Value)
		if i > 0 {
			r.b.line(geom.Point{X: x, Y: top}, geom.Point{X: x + wd, Y: top}, r.stroke(r.pal.chrome, penDivide*r.pen))
			// line() ends with a newline; the reference keeps the group on one line.
			r.b.Truncate(r.b.Len() - 1)
		}
	}
	r.b.s("</g>\n")
}
