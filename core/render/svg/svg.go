// Package svg draws a resolved plan (core/ir) as an SVG floor plan in the
// reference's CAD layering: A-FLOR rooms, A-FURN furniture and fixture
// symbols, A-WALL poché with the unioned wall outline, A-DOOR, A-GLAZ,
// A-ANNO-TEXT room names and areas, A-ANNO-DIMS dimensions, then the north
// arrow, scale bar and title block.
//
// Every size in the drawing is a fixed fraction of the plan's reference
// dimension (the larger side of the drawing's extent: walls' outer faces,
// rooms, furniture, columns, stairs, lifts and the measured points of the
// dimensions), so a drawing looks the same at any zoom. Output is deterministic: elements come in source
// order, numbers are rounded to two decimals before formatting, and all text
// is escaped.
//
// A `for` loop makes element counts independent of source size, so the cost
// of a drawing is kept near-linear in its elements: openings are indexed by
// host segment, wall faces and curved-wall flags are computed once, and room
// labels are placed against a grid index of obstacles. Two budgets bound the
// rest: the wall union's grid (maxGridCells, maxGridWork; past them every
// wall segment is outlined on its own) and label nudging (maxLabelTests;
// past it the remaining labels stay at their rooms' centroids).
package svg

import (
	"bytes"
	"cmp"
	"math"
	"slices"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/internal/freelist"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// Options tune a drawing. The zero value is the default drawing.
type Options struct {
	// Accessible adds role="img", a <title> (the plan's AccTitle, else its
	// name) and a <desc> (AccDescr, else Caption) to the root element.
	Accessible bool
	// Caption is the accessible description used when the plan states no
	// AccDescr (the host passes the describe() caption). Optional.
	Caption string
	// Overlay, when set, is drawn on top of the plan in the annotation
	// layer (see overlay.go).
	Overlay *Overlay
}

// Layer names, as in the CAD layer convention the reference follows.
const (
	layerFloor     = "A-FLOR"
	layerFurniture = "A-FURN"
	layerWall      = "A-WALL"
	layerDoor      = "A-DOOR"
	layerGlazing   = "A-GLAZ"
	layerText      = "A-ANNO-TEXT"
	layerDims      = "A-ANNO-DIMS"
)

// Colours of the default theme.
const (
	colPaper      = "#ffffff"
	colRoom       = "#fbfaf7"
	colFurnFill   = "#f4f2ee"
	colFurnLine   = "#a8a29a"
	colFurnText   = "#9a948c"
	colPocheFill  = "#e9e4db"
	colPocheLine  = "#b9b1a4"
	colWall       = "#1b1b1b"
	colDoor       = "#555555"
	colGlass      = "#3a6ea5"
	colRoomName   = "#222222"
	colRoomArea   = "#7a7a7a"
	colDim        = "#0E5484"
	colChrome     = "#333333"
	colTitleLabel = "#888888"
)

// Fractions of the reference dimension s that size the drawing.
const (
	fracMargin      = 0.17   // page margin around the walls
	fracPad         = 0.05   // gap between annotations and the page edge or chrome
	fracPen         = 0.0016 // the thin pen: glazing, dimensions, fixtures
	fracHatch       = 0.013  // poché hatch pitch
	fracRoomName    = 0.03   // room name font size
	fracRoomArea    = 0.022  // room area font size
	fracNameDy      = 0.006  // room name sits this far above the label point
	fracAreaDy      = 0.027  // room area sits this far below it
	fracFurnText    = 0.017  // furniture label font size
	fracDimText     = 0.02   // dimension text font size
	fracDimTextOff  = 0.014  // dimension text distance beyond the dimension line
	fracTick        = 0.012  // half length of a dimension tick
	fracArrowInset  = 0.045  // north arrow centre, in from the right wall face
	fracArrowTip    = 0.045
	fracArrowHalfW  = 0.0225
	fracArrowBase   = 0.027
	fracArrowNotch  = 0.01125
	fracArrowLetter = 0.0658
	fracArrowFont   = 0.026
	fracBarH        = 0.014
	fracBarTextDy   = 0.034
	fracBarFont     = 0.02
	fracBarMax      = 0.3 // the scale bar is the longest nice length up to this
	fracTitleW      = 0.34
	fracTitleRow    = 0.046
	fracTitleInset  = 0.017
	fracTitleLabel  = 0.0152
	fracTitleValue  = 0.019
	fracChromeBlock = fracTitleRow // height the scale bar claims in the footer: one title row
)

// arrowRiseOfMargin places the north arrow's centre this share of the page
// margin above the top of the drawing (computed from the margin, in this
// order, so that coordinates round as the reference's do).
const arrowRiseOfMargin = 0.55

// Pen weights relative to the thin pen.
const (
	penWall   = 1.75 // cut wall outline
	penLeaf   = 1.3  // door leaf
	penExt    = 0.7  // dimension extension lines, hatch lines
	penDivide = 0.5  // title block row rules
)

// defaultRef is the reference dimension of a plan with nothing to measure.
const defaultRef = 1000.0

// Render draws p. It never panics: a nil or degenerate plan still yields a
// small valid SVG document.
func Render(p *ir.Plan, opts Options) []byte {
	var out []byte
	renderPooled(p, opts, func(b []byte) { out = bytes.Clone(b) })
	return out
}

// RenderString is Render for callers that keep the drawing as a string: it
// makes the one copy a string needs and no other.
func RenderString(p *ir.Plan, opts Options) string {
	var out string
	renderPooled(p, opts, func(b []byte) { out = string(b) })
	return out
}

// maxPooledBuffer is the largest output buffer kept for the next drawing;
// a rare huge one is left to the collector rather than held.
const maxPooledBuffer = 1 << 20

// minPooledBuffer is the room a fresh output buffer starts with, about
// the size of a small plan's drawing, so growing it to a large one's takes
// few copies.
const minPooledBuffer = 32 << 10

// buffers holds output buffers between drawings, so a drawing is written
// into memory already grown to a drawing's size instead of growing a
// fresh buffer through every doubling; each comes with room for the
// drawing's number memo (see numMemos).
var buffers = freelist.New[drawBuf](keptBuffers)

// keptBuffers is how many output buffers are kept between drawings: as
// many as draw at once on a busy server.
const keptBuffers = 8

// drawBuf is a pooled output buffer, its number memo and the working
// memory of the drawings made with it (see scratch).
type drawBuf struct {
	buf  []byte
	memo numMemos
	sc   scratch
	// r is the drawing's renderer, cleared once it is done.
	r renderer
}

// renderPooled draws p into a pooled buffer and hands the bytes to keep,
// which must copy what it wants: the buffer is reused once keep returns.
func renderPooled(p *ir.Plan, opts Options, keep func([]byte)) {
	if p == nil {
		p = &ir.Plan{}
	}
	db := buffers.Get()
	r := &db.r
	r.init(p, opts, &db.sc)
	if cap(db.buf) < minPooledBuffer {
		db.buf = make([]byte, 0, minPooledBuffer)
	}
	// The memo starts empty for each drawing, so a drawing costs the
	// same whatever was drawn before it.
	clear(db.memo[:])
	r.b.buf, r.b.memo = db.buf[:cap(db.buf)], &db.memo
	out := r.render()
	keep(out)
	r.handBack()
	*r = renderer{} // holds on to nothing of the plan
	db.buf = nil
	if cap(out) <= maxPooledBuffer {
		db.buf = out[:0]
	}
	db.sc.release()
	buffers.Put(db)
}

// renderer holds the derived measures of one drawing.
type renderer struct {
	p    *ir.Plan
	opts Options
	b    w
	// sc is the working memory the drawing reuses (see scratch).
	sc  *scratch
	pal palette
	z   sizes
	// sheet is the paper in plan mm when the plan declares one.
	sheet *sheet
	// looseWall[wi]: wall wi is drawn segment by segment, its openings
	// masked rather than cut: it has a curved edge, or a wall of its
	// hatch has a straight segment that is neither horizontal nor
	// vertical (the walls of other hatches are still joined).
	looseWall []bool
	// anyAngled: some straight wall is slanted; every door's reveal is
	// then masked, even in a wall that is joined and cut.
	anyAngled bool

	bounds geom.Rect // the drawing's extent (see extent)
	// treads counts the tread and chevron lines drawn so far
	// (MaxDrawnTreads).
	treads int
	s      float64   // reference dimension
	pen    float64   // thin pen width
	segs   []wallSeg // every wall segment, in wall order
	rooms  []roomLabel
	dims   []dimGeom

	// Indexes built once so that no stage rescans every wall or opening
	// per element: curvedWall[wi] says wall wi has an arc edge, segOpen[i]
	// lists the on-wall openings hosted by segment i (in plan order).
	curvedWall []bool
	segOpen    [][]int
	// hosts[oi] is r.hostIndex of opening oi; frames memoises frameAt.
	hosts    []int
	frames   []frameMemo
	facesBox *geom.Rect // faces(), computed on first use
	// wallFacesBox is faces() before the rooms widen it (set with it).
	wallFacesBox geom.Rect

	// laidOut is set once the dimensions and labels are placed; from then
	// on the layout queries the sheet fit asks again and again (the
	// annotation boxes, the table rows) are computed once and kept.
	laidOut bool
	// strokes[:nStrokes] memoise the stroke attributes (see strokeAttr).
	strokes  [maxStrokeMemos]strokeMemo
	nStrokes int
	// joins[:nJoins] memoise joined attribute strings (see join),
	// dashMemo the dash pattern (see dash).
	joins    [maxJoinMemos]joinMemo
	nJoins   int
	dashMemo string
	// pts is room for the outline of the shape being drawn (see poly).
	pts []geom.Point
	// solids[i] is segment i\'s solid once asked for (see solid).
	solids [][]geom.Point
	// kinds are the walls' pattern ids, groupsMemo the hatch groups of
	// every segment (see wallKinds, allGroups).
	kinds      *hatchKinds
	groupsMemo []hatchGroup
	// layersMemo is room for the object layers (see objectLayers).
	layersMemo [4]objectLayer
	// piece holds the furniture's attributes once the first piece is
	// drawn.
	piece      pieceAttrs
	annoMemo   []geom.Rect
	titleMemo  *[]ir.TitleField
	pageMemo   *geom.Rect
	sheetMemo  *geom.Rect
	schedMemo  []schedRow
	legendMemo []legendRow
}

// newRenderer readies a drawing of p with working memory of its own.
func newRenderer(p *ir.Plan, opts Options) *renderer {
	return newRendererIn(p, opts, new(scratch))
}

// newRendererIn readies a drawing of p that works in sc.
func newRendererIn(p *ir.Plan, opts Options, sc *scratch) *renderer {
	r := new(renderer)
	r.init(p, opts, sc)
	return r
}

// init readies r for a drawing of p that works in sc.
func (r *renderer) init(p *ir.Plan, opts Options, sc *scratch) {
	*r = renderer{p: p, opts: opts, sc: sc}
	r.segs = wallSegments(p)
	nw, ns, no := len(p.Walls), len(r.segs), len(p.Openings)
	flags := reuse(sc.flags, 2*nw)
	sc.flags = flags
	r.curvedWall, r.looseWall = flags[:nw:nw], flags[nw:]
	var angled []bool // angled[k]: pattern k has a slanted straight segment
	for _, sg := range r.segs {
		if sg.Arc == nil && !sg.Axis() {
			hk := r.wallKinds()
			if angled == nil {
				angled = make([]bool, len(hk.ids))
			}
			angled[hk.kindOf[sg.Wall]] = true
		}
		if sg.Arc != nil {
			r.curvedWall[sg.Wall] = true
		}
	}
	r.anyAngled = angled != nil
	for wi := range r.looseWall {
		r.looseWall[wi] = r.curvedWall[wi] || (angled != nil && angled[r.kinds.kindOf[wi]])
	}
	// The openings' hosts, then each segment's list cut from one array.
	r.segOpen = reuse(sc.segOpen, ns)
	sc.segOpen = r.segOpen
	// r.hosts keeps every opening's host, kept off the wall or not; hosts
	// those on it. They, the counts and the lists share one array.
	ints := reuse(sc.ints, 3*no+ns)
	sc.ints = ints
	r.hosts, ints = ints[:no:no], ints[no:]
	hosts, ints := ints[:no:no], ints[no:]
	counts, ints := ints[:ns:ns], ints[ns:]
	hosted := 0
	for oi, o := range p.Openings {
		r.hosts[oi], hosts[oi] = r.hostIndex(o), -1
		if i := r.hosts[oi]; i >= 0 && !o.OffWall {
			hosts[oi] = i
			hosted++
			counts[i]++
		}
	}
	flat := ints[:hosted]
	for i, n := range counts {
		if n > 0 {
			r.segOpen[i], flat = flat[:0:n], flat[n:]
		}
	}
	for oi, i := range hosts {
		if i >= 0 {
			r.segOpen[i] = append(r.segOpen[i], oi)
		}
	}
	b, ok := r.extent()
	if !ok {
		b = geom.Rect{Max: geom.Point{X: defaultRef, Y: defaultRef}}
	}
	r.bounds = b
	r.s = math.Max(b.W(), b.H())
	if !(r.s > 0) || math.IsInf(r.s, 0) {
		r.s = defaultRef
	}
	r.pal = themeOf(p.Settings)
	r.z = selfSimilar(r.s, r.pal.weight)
	if w, h, d, ok := r.sheetOf(p.Settings); ok {
		r.sheet = &sheet{w: w * d, h: h * d, denom: d}
		r.z = onSheet(d, r.pal.weight)
	}
	r.pen = r.z.pen
}

// handBack returns to the scratch the lists the drawing kept to its end.
func (r *renderer) handBack() {
	r.sc.dims, r.sc.rooms, r.sc.anno = r.dims[:0], r.rooms[:0], r.annoMemo[:0]
}

// solid is segment i's solid outline (wallseg.Seg.Solid), worked out once
// per drawing. A straight segment's four corners are kept in one array
// the drawing reuses.
func (r *renderer) solid(i int) []geom.Point {
	if r.solids == nil {
		r.solids = reuse(r.sc.solids, len(r.segs))
		r.sc.solids = r.solids
		r.sc.quads = reuse(r.sc.quads, 4*len(r.segs))
	}
	if r.solids[i] == nil {
		sg := &r.segs[i]
		if sg.Arc != nil {
			r.solids[i] = sg.Solid()
		} else {
			r.solids[i] = sg.AppendStraightSolid(r.sc.quads[4*i : 4*i : 4*i+4])
		}
	}
	return r.solids[i]
}

// wallBounds is the extent of the walls' outer faces.
func (r *renderer) wallBounds() (geom.Rect, bool) {
	var b geom.Rect
	ok := false
	for i := range r.segs {
		pts := r.solid(i)
		if r.segs[i].Arc != nil {
			pts = arcFaceExtremes(r.segs[i])
		}
		for _, q := range pts {
			if !finite(q) {
				continue
			}
			if !ok {
				b, ok = geom.Rect{Min: q, Max: q}, true
			}
			b = b.Union(geom.Rect{Min: q, Max: q})
		}
	}
	return b, ok
}

// arcFaceExtremes are the points that bound a curved segment's two faces:
// their ends, and wherever a face reaches farthest left, right, up or down
// within the sweep. The reference sizes the drawing by these, so the end
// caps of a curved wall (which the fill draws) do not count, and the
// bulge counts in full rather than as the fill's straight pieces.
func arcFaceExtremes(sg wallSeg) []geom.Point {
	a := sg.Arc
	lo, hi := a.StartAngle, a.StartAngle+a.Sweep
	if hi < lo {
		lo, hi = hi, lo
	}
	pts := make([]geom.Point, 0, 12)
	for _, rad := range []float64{a.Radius + sg.H, a.Radius - sg.H} {
		pts = append(pts, sg.ArcAt(0, rad), sg.ArcAt(1, rad))
		// Every quarter turn inside the sweep.
		for k := math.Ceil(lo / (math.Pi / 2)); k*math.Pi/2 <= hi; k++ {
			t := k * math.Pi / 2
			pts = append(pts, a.Center.Add(geom.Point{X: math.Cos(t), Y: math.Sin(t)}.Mul(rad)))
		}
	}
	return pts
}

// buildingBounds covers the walls' outer faces and the rooms; it is empty
// (the zero Rect) when the plan has neither.
func (r *renderer) buildingBounds() geom.Rect {
	b, ok := r.wallBounds()
	for _, rm := range r.p.Rooms {
		for _, q := range rm.Polygon {
			if !finite(q) {
				continue
			}
			if !ok {
				b, ok = geom.Rect{Min: q, Max: q}, true
			}
			b = b.Union(geom.Rect{Min: q, Max: q})
		}
	}
	return b
}

// extent is the drawing's extent, which sets the page and the reference
// dimension: the walls' outer faces, the rooms' floors, furniture, columns,
// stairs and lifts, and the measured points of the written dimensions.
// Openings, pinned labels, dimension lines set off from their points and
// axes do not count.
func (r *renderer) extent() (geom.Rect, bool) {
	var b geom.Rect
	ok := false
	add := func(q geom.Point) {
		if !finite(q) {
			return
		}
		if !ok {
			b, ok = geom.Rect{Min: q, Max: q}, true
		}
		b = b.Union(geom.Rect{Min: q, Max: q})
	}
	if wb, wok := r.wallBounds(); wok {
		add(wb.Min)
		add(wb.Max)
	}
	for _, rm := range r.p.Rooms {
		for _, q := range rm.Polygon {
			add(q)
		}
	}
	for _, f := range r.p.Furniture {
		add(f.Rect.Min)
		add(f.Rect.Max)
	}
	for _, c := range r.p.Columns {
		add(c.Rect.Min)
		add(c.Rect.Max)
	}
	for _, v := range r.p.Vertical {
		add(v.Rect.Min)
		add(v.Rect.Max)
	}
	for _, d := range r.p.Dims {
		add(d.From)
		add(d.To)
	}
	return b, ok
}

func finite(p geom.Point) bool {
	return !math.IsNaN(p.X) && !math.IsNaN(p.Y) && !math.IsInf(p.X, 0) && !math.IsInf(p.Y, 0) &&
		math.Abs(p.X) < maxCoord && math.Abs(p.Y) < maxCoord
}

// maxCoord bounds the coordinates the renderer draws; anything further out is
// treated as degenerate input and skipped.
const maxCoord = 1e12

func (r *renderer) render() []byte {
	r.layoutDims()
	r.layoutLabels()
	r.laidOut = true
	vb := r.viewBox()

	b := &r.b
	b.s(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" `)
	if r.sheet != nil {
		b.WriteString(`width="`)
		b.num(vb.W() / r.sheet.denom)
		b.WriteString(`mm" height="`)
		b.num(vb.H() / r.sheet.denom)
		b.WriteString(`mm"`)
	}
	b.WriteString(` viewBox="`)
	b.num(vb.Min.X)
	b.byte(' ')
	b.num(vb.Min.Y)
	b.byte(' ')
	b.num(vb.W())
	b.byte(' ')
	b.num(vb.H())
	b.s(`" font-family="`, esc(r.pal.font), `"`)
	if r.opts.Accessible {
		b.s(` role="img" aria-labelledby="arch-title arch-desc">`, "\n")
		title := r.p.Settings.AccTitle
		if title == "" {
			title = r.p.Name
		}
		desc := r.p.Settings.AccDescr
		if desc == "" {
			desc = r.opts.Caption
		}
		b.s(`<title id="arch-title">`, esc(title), "</title>\n")
		b.s(`<desc id="arch-desc">`, esc(desc), "</desc>\n")
	} else {
		b.s(">\n")
	}
	b.WriteString("<defs>")
	r.patterns()
	b.WriteString("</defs>\n")
	b.two(`<rect x="`, vb.Min.X, `" y="`, vb.Min.Y)
	b.two(`" width="`, vb.W(), `" height="`, vb.H())
	b.s(`" fill="`, r.pal.bg, `"/>`, "\n")

	r.layer(layerFloor, len(r.p.Rooms) > 0, r.drawRooms)
	r.layer(layerGrid, len(r.axisMarks()) > 0, r.drawAxes)
	for _, l := range r.objectLayers() {
		r.layerOf(l.name, r.drawObjects)
	}
	r.layer(layerWall, len(r.segs) > 0, r.drawWalls)
	r.layer(layerDoor, r.hasOpenings(false), r.drawDoors)
	r.layer(layerGlazing, r.hasOpenings(true), r.drawWindows)
	r.layer(layerText, len(r.rooms) > 0, r.drawRoomLabels)
	r.layer(layerDims, len(r.dims) > 0, r.drawDims)
	r.layer(layerAnno, r.hasTables() || r.hasOverlay(), r.drawAnnoLayer)
	r.drawNorth()
	r.drawScaleBar()
	r.drawTitle()
	b.s("</svg>")
	return b.Bytes()
}

// objectLayer is one of the layers of placed objects: stairs, lifts,
// columns and furniture.
type objectLayer struct {
	name  string
	first int // source offset of its first element
}

// objectLayers are the non-empty object layers in the order their first
// elements appear in the source, as the reference layers them.
func (r *renderer) objectLayers() []objectLayer {
	const none = math.MaxInt
	stairs, lifts, cols, furn := none, none, none, none
	for _, v := range r.p.Vertical {
		if !finite(v.Rect.Min) || !finite(v.Rect.Max) {
			continue
		}
		if v.Kind == ir.Elevator {
			lifts = min(lifts, v.Span.Start)
		} else {
			stairs = min(stairs, v.Span.Start)
		}
	}
	for _, c := range r.p.Columns {
		cols = min(cols, c.Span.Start)
	}
	for _, f := range r.p.Furniture {
		furn = min(furn, f.Span.Start)
	}
	all := [...]objectLayer{
		{layerStairs, stairs}, {layerLifts, lifts},
		{layerColumns, cols}, {layerFurniture, furn},
	}
	out := r.layersMemo[:0]
	for _, l := range all {
		if l.first != none {
			out = append(out, l)
		}
	}
	slices.SortStableFunc(out, func(a, b objectLayer) int { return cmp.Compare(a.first, b.first) })
	return out
}

// drawObjects draws the elements of object layer name.
func (r *renderer) drawObjects(name string) {
	switch name {
	case layerStairs:
		r.drawStairs()
	case layerLifts:
		r.drawLifts()
	case layerColumns:
		r.drawColumns()
	case layerFurniture:
		r.drawFurniture()
	}
}

// layer wraps draw in a named CAD layer group; empty layers are left out.
func (r *renderer) layer(name string, nonEmpty bool, draw func()) {
	if !nonEmpty {
		return
	}
	r.b.s(`<g id="`, name, `" inkscape:groupmode="layer" inkscape:label="`, name, `">`, "\n")
	draw()
	r.b.s("</g>\n")
}

// layerOf is layer for a drawing function that takes the layer's name.
func (r *renderer) layerOf(name string, draw func(name string)) {
	r.b.s(`<g id="`, name, `" inkscape:groupmode="layer" inkscape:label="`, name, `">`, "\n")
	draw(name)
	r.b.s("</g>\n")
}

func (r *renderer) hasOpenings(windows bool) bool {
	for oi, o := range r.p.Openings {
		if (o.Kind == ir.Window) == windows && r.hostAt(oi) != nil {
			return true
		}
	}
	return false
}

// viewBox is the sheet when the plan declares paper, else the page box.
func (r *renderer) viewBox() geom.Rect {
	if r.sheet != nil {
		return r.sheetBox()
	}
	return r.pageBox()
}

// pageBox is the drawing's extent plus the page margin, grown to take in
// the dimensions, the footer chrome and the tables.
func (r *renderer) pageBox() geom.Rect { return laidOutMemo(r, &r.pageMemo, r.pageBoxOf) }

// laidOutMemo returns the value kept in *slot, or works it out; once the
// layout is done (r.laidOut) a value worked out is kept there, as nothing
// it depends on changes any more.
func laidOutMemo[T any](r *renderer, slot **T, work func() T) T {
	if *slot != nil {
		return **slot
	}
	v := work()
	if r.laidOut {
		*slot = &v
	}
	return v
}

// pageBoxOf works out pageBox.
func (r *renderer) pageBoxOf() geom.Rect {
	b := r.bounds
	m := r.z.margin
	vb := geom.Rect{
		Min: geom.Point{X: b.Min.X - m, Y: b.Min.Y - m},
		Max: geom.Point{X: b.Max.X + m, Y: b.Max.Y + m},
	}
	pad := r.z.pad
	for _, e := range r.annoExtents() {
		vb = vb.Union(geom.Rect{Min: e.Min.Sub(geom.Point{X: pad, Y: pad}), Max: e.Max.Add(geom.Point{X: pad, Y: pad})})
	}
	vb.Max.Y = math.Max(vb.Max.Y, r.footerTop()+r.footerHeight()+pad)
	if r.hasTables() {
		vb.Max.Y = math.Max(vb.Max.Y, r.underTablesTop()+r.tablesHeight()+pad)
		vb.Max.X = math.Max(vb.Max.X, r.bounds.Min.X+r.tablesWidth()+pad)
	}
	return vb
}

// footerTop is where the scale bar and the title block start.
func (r *renderer) footerTop() float64 {
	y := r.bounds.Max.Y
	for _, e := range r.annoExtents() {
		y = math.Max(y, e.Max.Y)
	}
	return y + r.z.pad
}

func (r *renderer) footerHeight() float64 {
	h := fracChromeBlock * r.z.chrome
	if n := len(r.titleRows()); n > 0 {
		h = float64(n) * fracTitleRow * r.z.chrome
	}
	return h
}

// annoExtents are the boxes of annotation outside the walls: dimension
// text and axis bubbles.
func (r *renderer) annoExtents() []geom.Rect {
	if r.laidOut && r.annoMemo != nil {
		return r.annoMemo
	}
	out := slices.Grow(r.sc.anno[:0], len(r.dims))
	for _, d := range r.dims {
		out = append(out, d.textExtent())
	}
	out = append(out, r.axisExtents()...)
	if out == nil {
		out = []geom.Rect{} // kept as the memo all the same
	}
	if r.laidOut {
		r.annoMemo = out
	}
	return out
}
