// Package resolve turns an expanded (script-free) plan into an ir.Plan: every
// coordinate in millimetres and grid-snapped, every id assigned, every
// reference (hosting walls, rooms, relational anchors) resolved and every
// default applied. Problems are diagnostics, never panics; the returned plan
// is as complete as the errors allow.
//
// Diagnostics follow the reference compiler's stage order, not source
// order: syntax errors merged by position with the findings about plan
// settings (the reference raises those while parsing), then the scripting
// findings, then duplicate ids, then each element kind in turn (walls,
// rooms, doors, windows, openings, furniture, dims, columns, vertical
// circulation), then relational room layout, room overlaps, furniture
// ownership, an empty plan and the sheet fit. A plan of levels resolves each
// storey on its own, in ascending order, and tags its findings with the
// level number.
//
// Placed instances (`place … as name`) resolve as closed worlds in their
// component's own frame and are then carried into the plan by their rigid
// transform, their ids namespaced as name.id.
package resolve

import (
	"slices"
	"sort"
	"strconv"
	"unsafe"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// Input is what Resolve works on.
type Input struct {
	// File is the source the spans point into.
	File *source.File
	// Syntax is the parsed file; it is used only to re-print statements in
	// the text of fix edits and may be nil.
	Syntax *syntax.File
	// Expanded is the script-free plan.
	Expanded *expand.Result
	// ParseDiags are the syntax errors, in source order. Resolve merges its
	// findings about plan settings into them by position, as the reference
	// raises those while parsing.
	ParseDiags diag.List
	// ExpandDiags are the expansion's own findings. Resolve places them in
	// the reference's order: first for a single-storey plan; for a plan of
	// levels, repeated for every storey (the plan-level scripting) or given
	// to the storey whose block raised them, tagged with its number.
	ExpandDiags diag.List
}

// Resolve builds the plan. It never returns a nil plan.
func Resolve(in Input) (*ir.Plan, diag.List) {
	r := &resolver{
		maxT:     -1,
		expDiags: in.ExpandDiags,
		file:     in.File,
		syntax:   in.Syntax,
	}
	r.ownStmts.file = in.Syntax
	r.stmts = &r.ownStmts
	for _, d := range in.ParseDiags {
		if d.Code == diag.ErrAccPlacement {
			if r.misplacedAcc == nil {
				r.misplacedAcc = map[int]bool{}
			}
			r.misplacedAcc[d.Span.Start] = true
		}
	}
	plan := &ir.Plan{Settings: ir.Settings{Units: "mm", North: "up", Orientation: "landscape"}}
	r.plan = plan
	if in.Expanded == nil {
		return plan, append(append(diag.List(nil), in.ParseDiags...), in.ExpandDiags...)
	}
	x := in.Expanded
	plan.Name = x.Name
	plan.Span = x.Span
	r.run(x.Items)
	setZones(plan, zoneDecls(r.syntax))
	return plan, append(mergeByPosition(in.ParseDiags, r.setDiags), r.diags...)
}

// mergeStripDiags places each strip's layout findings among the
// scripting findings: before the first placed finding written after the
// strip. Unplaced findings keep their place.
func mergeStripDiags(exp diag.List, strips []*expand.Strip, per []diag.List) diag.List {
	var out diag.List
	i := 0
	for _, d := range exp {
		if !d.Unplaced && d.Span != (source.Span{}) && d.File == "" {
			for i < len(strips) && strips[i].Span.End <= d.Span.Start {
				out = append(out, per[i]...)
				i++
			}
		}
		out = append(out, d)
	}
	for ; i < len(strips); i++ {
		out = append(out, per[i]...)
	}
	return out
}

// mergeByPosition merges two position-ordered lists by span start, keeping
// each list's own order; on a tie the first list's finding comes first.
func mergeByPosition(a, b diag.List) diag.List {
	out := make(diag.List, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if b[j].Span.Start < a[i].Span.Start {
			out = append(out, b[j])
			j++
		} else {
			out = append(out, a[i])
			i++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// resolver holds the state of one Resolve call.
type resolver struct {
	expDiags diag.List
	setDiags diag.List
	// misplacedAcc holds the span starts of the accTitle/accDescr
	// statements the parser reported as misplaced (E_ACC_PLACEMENT).
	misplacedAcc map[int]bool
	// axesDiags are the evaluation errors of the axes blocks, reported
	// after the element checks and the empty-plan check (per storey in a
	// plan of levels), as in the reference.
	axesDiags diag.List
	// syntax is the parsed file (nil when the caller gave none).
	syntax *syntax.File
	file   *source.File
	stmts  *stmtIndex
	// ownStmts is the index stmts points at in the top resolver.
	ownStmts stmtIndex
	plan     *ir.Plan
	diags    diag.List
	grid     float64

	// element lists, in source order
	walls     []*wallEl
	rooms     []*roomEl
	openings  []*openingEl
	furniture []*furnEl
	dims      []*dimEl
	boxes     []*boxEl
	strips    []*expand.Strip

	roomIdx map[string]int // room id → index in rooms
	// instDup and instRest hold the findings of the placed instances: their
	// duplicate ids come before this plan's, the rest after them and before
	// this plan's own element findings, as in the reference.
	instDup, instRest diag.List
	// stripPos holds the strip rooms laid out ahead of the elements (nil:
	// lay them out with the rooms).
	stripPos map[*expand.StripRoom]geom.Rect
	// furnOrphans are ownership findings of instance pieces that failed
	// to resolve in an instance that carried no piece at all.
	furnOrphans diag.List
	// useBuf is the unused rest of the array rooms' use lists are cut
	// from.
	useBuf []string
	// countersArr holds the first counters.
	countersArr [8]idCounter
	// corners is the unused rest of the array rectangular rooms' polygons
	// are cut from.
	corners []geom.Point
	// paths are the arrays the walls' paths are cut from.
	paths pathArena
	// wallIdx indexes the walls for nearest searches (nil on small plans).
	wallIdx      *wallIndex
	wallIdxBuilt bool
	okList       []int                  // positions of the resolved walls, nil until listed
	maxT         float64                // thickest wall, -1 until computed
	edgeMemo     map[edgeKey]edgeResult // edgeWall answers by room edge
	// wallRefs maps each id and category to the walls it names.
	wallRefs map[string]int32
	// wallRefEnts and wallRefAll place each name's lists (see wallRef).
	wallRefEnts []wallRef
	wallRefAll  []int
	// used holds every id assigned so far.
	used map[string]bool
	// dupIDs are the explicit ids an earlier element held, in order.
	dupIDs []dupID
	// scaleSpan is the span of the `scale` setting.
	scaleSpan source.Span
	// seq counts the items collected: each element's at is its place in
	// that order, the order E_DUP_ID follows.
	seq int
	// counters count the elements of each kind, for generated ids.
	counters []idCounter
	// idBuf is the unused rest of the array generated ids are written to.
	idBuf []byte
}

type wallEl struct {
	src *expand.Wall
	id  string
	at  int // place in collection order
	ok  bool
	w   ir.Wall
	p   wallPath
	// planIdx is the wall's index in Plan.Walls, -1 when it was dropped.
	planIdx int
}

type roomEl struct {
	src   *expand.Room // nil for strip rooms
	strip *expand.StripRoom
	meta  *expand.Meta
	id    string
	at    int // place in collection order
	// abs reports a room whose position is known before layout (at,
	// polygon, circle, strip).
	abs  bool
	ok   bool
	room ir.Room
	rect geom.Rect
	// layout state
	placed, visiting bool
	// pre marks a room already resolved inside a placed instance.
	pre bool
	// bad marks a room of non-positive size or radius: it can still be
	// named, but it borders no door.
	bad bool
	// dropped marks a room the reference discards (a strip room without a
	// cross-axis size): it does not count towards a non-empty plan.
	dropped bool
}

type openingEl struct {
	src *expand.Opening
	id  string
	at  int // place in collection order
	// cl emits the evaluation errors of its clauses as they are read.
	cl clauseDiags
	// pre is an opening already resolved inside a placed instance; preHost
	// is its host wall (nil when none).
	pre     *ir.Opening
	preHost *wallEl
}

type furnEl struct {
	src *expand.Furniture
	id  string
	at  int // place in collection order
	// cl emits the evaluation errors of its clauses as they are read.
	cl  clauseDiags
	ok  bool
	pre *ir.Furniture
	// roomDiags is its ownership finding (E_FURN_ROOM), if any.
	roomDiags diag.List
}

type boxEl struct {
	src    *expand.Box
	id     string
	at     int // place in collection order
	preCol *ir.Column
	preVer *ir.Vertical
}

// dimEl is a dimension, or one already resolved inside an instance.
type dimEl struct {
	src *expand.Dim
	pre *ir.Dim
	// cl emits the evaluation errors of its clauses as they are read.
	cl clauseDiags
}

// addOpening adds a resolved opening to the plan, whose list is made at
// the first with room for every opening.
func (r *resolver) addOpening(op ir.Opening) {
	if r.plan.Openings == nil {
		r.plan.Openings = make([]ir.Opening, 0, len(r.openings))
	}
	r.plan.Openings = append(r.plan.Openings, op)
}

// addFurniture adds a placed piece to the plan, whose list is made at the
// first with room for every piece.
func (r *resolver) addFurniture(fu ir.Furniture) {
	if r.plan.Furniture == nil {
		r.plan.Furniture = make([]ir.Furniture, 0, len(r.furniture))
	}
	r.plan.Furniture = append(r.plan.Furniture, fu)
}

func (r *resolver) add(d diag.Diagnostic) { r.diags = append(r.diags, d) }

func (r *resolver) addAll(l diag.List) { r.diags = append(r.diags, l...) }

// nextID returns the generated id "<prefix>_<n>", counting every element
// of the given kind counter.
//
// A generated id that an earlier element already holds gets an underscore
// appended until it is free (room_2 → room_2_), as in the reference.
//
// The elements are named in collection order, so an explicit id already
// used is one an earlier element holds: it is recorded, with the span of
// its statement, for checkDupIDs.
func (r *resolver) nextID(counter, prefix string, explicit string, sp source.Span) string {
	n := r.count(counter)
	if r.used == nil {
		r.used = map[string]bool{}
	}
	if explicit != "" {
		if r.used[explicit] {
			r.dupIDs = append(r.dupIDs, dupID{explicit, sp})
		}
		r.used[explicit] = true
		return explicit
	}
	id := r.genID(prefix, n)
	for r.used[id] {
		id += "_"
	}
	r.used[id] = true
	return id
}

// idCounter counts the elements of one kind.
type idCounter struct {
	kind string
	n    int
}

// count adds one to the count of kind and returns it.
func (r *resolver) count(kind string) int {
	if r.counters == nil {
		r.counters = r.countersArr[:0]
	}
	for i := range r.counters {
		if r.counters[i].kind == kind {
			r.counters[i].n++
			return r.counters[i].n
		}
	}
	r.counters = append(r.counters, idCounter{kind, 1})
	return 1
}

// genID is "<prefix>_<n>", written to the resolver's id array: the ids
// of a plan share a few allocations. The bytes written are never
// written again.
func (r *resolver) genID(prefix string, n int) string {
	start := r.roomForID(len(prefix) + 1 + 20)
	r.idBuf = append(r.idBuf, prefix...)
	r.idBuf = append(r.idBuf, '_')
	r.idBuf = strconv.AppendInt(r.idBuf, int64(n), 10)
	return r.idFrom(start)
}

// joinID is a + "." + b, written to the resolver's id array.
func (r *resolver) joinID(a, b string) string {
	start := r.roomForID(len(a) + 1 + len(b))
	r.idBuf = append(r.idBuf, a...)
	r.idBuf = append(r.idBuf, '.')
	r.idBuf = append(r.idBuf, b...)
	return r.idFrom(start)
}

// roomForID makes room for need more bytes in the id array and returns
// where the next id starts.
func (r *resolver) roomForID(need int) int {
	if cap(r.idBuf)-len(r.idBuf) < need {
		r.idBuf = make([]byte, 0, max(need, min(2*cap(r.idBuf), 4096), 256))
	}
	return len(r.idBuf)
}

// idFrom is the id written to the id array from start.
func (r *resolver) idFrom(start int) string {
	b := r.idBuf[start:]
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

func (r *resolver) run(items []expand.Item) {
	var levels []*expand.Level
	for _, it := range items {
		if lv, ok := it.(*expand.Level); ok {
			levels = append(levels, lv)
		}
	}
	// The items outside the levels: all of them in a plan of one storey.
	top := items
	if len(levels) > 0 {
		top = make([]expand.Item, 0, len(items)-len(levels))
		for _, it := range items {
			if _, ok := it.(*expand.Level); !ok {
				top = append(top, it)
			}
		}
	}
	if len(levels) > 0 {
		r.settings(top)
		r.storeys(top, levels)
		return
	}
	r.settings(top)
	settingDiags := r.diags
	r.diags = nil
	// The reference lays out the strips (plan-level sugar) while it
	// expands, so their findings join the scripting findings in order.
	var strips []*expand.Strip
	for _, it := range top {
		if st, ok := it.(*expand.Strip); ok {
			strips = append(strips, st)
		}
	}
	pos, stripDiags := r.layoutStrips(strips)
	r.stripPos = pos
	r.diags = append(mergeStripDiags(r.expDiags, strips, stripDiags), settingDiags...)
	r.collect(top)
	r.elements()
	r.checkOverlaps()
	r.checkFurnitureRooms()
	r.checkEmpty()
	r.addAll(r.axesDiags)
	r.checkScale([]*ir.Plan{r.plan})
}

// storeys resolves a multi-storey plan: each level on its own (ids are
// unique within a storey), in ascending order, its findings tagged with
// its number. The plan's own elements are the lowest storey's.
func (r *resolver) storeys(top []expand.Item, levels []*expand.Level) {
	seen := map[int]bool{}
	var uniq []*expand.Level
	for _, lv := range levels {
		n := int(lv.Number)
		if seen[n] {
			r.add(diag.New(diag.ErrLevelDup, lv.Span, "Level %d is declared more than once; each storey number appears once", n))
			continue
		}
		seen[n] = true
		uniq = append(uniq, lv)
	}
	var mixed []expand.Item
	mixSpans := r.levelMixSpans()
	for _, it := range top {
		switch it.(type) {
		case *expand.Wall, *expand.Room, *expand.Strip, *expand.Opening, *expand.Furniture, *expand.Dim, *expand.Box, *expand.Instance:
			if r.syntax == nil {
				mixSpans = append(mixSpans, it.Info().Span)
			}
			mixed = append(mixed, it)
		}
	}
	for _, sp := range mixSpans {
		r.add(diag.New(diag.ErrLevelMix, sp, "This plan is made of `level` blocks, so a drawable statement cannot sit at plan level; move it into the storey it belongs to"))
	}
	sort.SliceStable(uniq, func(i, j int) bool { return uniq[i].Number < uniq[j].Number })
	// Scripting findings: those raised inside a level block belong to it;
	// the rest come from the plan-level prelude every storey runs.
	var prelude diag.List
	own := map[*expand.Level]diag.List{}
	for _, d := range r.expDiags {
		var in *expand.Level
		for _, lv := range levels {
			if d.Span.Start >= lv.Span.Start && d.Span.Start < lv.Span.End {
				in = lv
				break
			}
		}
		if in == nil {
			prelude = append(prelude, d)
		} else {
			own[in] = append(own[in], d)
		}
	}
	var storeyDiags diag.List
	for _, lv := range uniq {
		c := &resolver{maxT: -1, file: r.file, stmts: r.stmts, grid: r.grid}
		c.plan = &ir.Plan{Name: r.plan.Name, Settings: r.plan.Settings, Title: r.plan.Title, Span: r.plan.Span}
		// Drawables written beside the levels belong to no storey; the
		// reference resolves them with every storey.
		items := append(append([]expand.Item{}, mixed...), lv.Items...)
		c.collect(items)
		c.elements()
		c.checkOverlaps()
		c.checkFurnitureRooms()
		c.checkEmpty() // each storey must draw something
		c.addAll(r.axesDiags)
		n := int(lv.Number)
		all := append(append(append(diag.List{}, prelude...), own[lv]...), c.diags...)
		for _, d := range all {
			d.Level = &n
			storeyDiags = append(storeyDiags, d)
		}
		c.plan.Level = &ir.Level{Number: num(lv.Number), Name: lv.Name.V}
		r.plan.Pages = append(r.plan.Pages, c.plan)
	}
	r.checkScale(r.plan.Pages)
	r.addAll(storeyDiags)
	if len(r.plan.Pages) > 0 {
		first := *r.plan.Pages[0]
		first.Pages = r.plan.Pages
		*r.plan = first
	}
}

// levelMixSpans returns the spans of the plan-level statements that a plan
// of levels refuses (E_LEVEL_MIX): as in the reference, every element
// statement and every statement that could make one (a loop, a branch, a
// call, a placed instance, a zone), whatever it turns out to hold, once
// each as written. Nil without a syntax tree.
func (r *resolver) levelMixSpans() []source.Span {
	if r.syntax == nil || r.syntax.Plan == nil {
		return nil
	}
	var out []source.Span
	for _, st := range r.syntax.Plan.Body {
		switch st.(type) {
		case *syntax.ForStmt, *syntax.IfStmt, *syntax.WhileStmt, *syntax.CallStmt, *syntax.PlaceStmt, *syntax.ZoneStmt,
			*syntax.WallStmt, *syntax.RoomStmt, *syntax.OpeningStmt, *syntax.FurnitureStmt, *syntax.DimStmt, *syntax.BoxStmt, *syntax.StripStmt:
			out = append(out, st.Span())
		}
	}
	return out
}

// elements runs the per-kind passes and the relational layout, in the
// reference's order.
func (r *resolver) elements() {
	r.addAll(r.instDup)
	r.checkDupIDs()
	r.addAll(r.instRest)
	r.elementPasses()
}

// elementPasses runs the per-kind passes and the relational layout.
func (r *resolver) elementPasses() {
	r.resolveWalls()
	r.resolveRooms()
	r.resolveOpenings(syntax.DoorKind)
	r.resolveOpenings(syntax.WindowKind)
	r.resolveOpenings(syntax.CasedKind)
	r.resolveFurniture()
	r.resolveDims()
	r.resolveBoxes()
	r.layout()
	r.finishRooms()
}

// collect sorts the element items into their kind lists and assigns ids,
// counting each kind in source order.
func (r *resolver) collect(items []expand.Item) {
	skip := r.dupInstances(items)
	// The elements of each kind are allocated together, one array per
	// kind, counted first.
	var nw, nr, no, nf, nd, nb int
	for _, it := range items {
		switch n := it.(type) {
		case *expand.Wall:
			nw++
		case *expand.Room:
			nr++
		case *expand.Strip:
			nr += len(n.Rooms)
		case *expand.Opening:
			no++
		case *expand.Furniture:
			nf++
		case *expand.Dim:
			nd++
		case *expand.Box:
			nb++
		}
	}
	if r.used == nil {
		// Sized for the elements named here (those of placed instances
		// are named in their own worlds).
		r.used = make(map[string]bool, nw+nr+no+nf+nb)
	}
	walls, rooms, openings := make([]wallEl, 0, nw), make([]roomEl, 0, nr), make([]openingEl, 0, no)
	furniture, dims, boxes := make([]furnEl, 0, nf), make([]dimEl, 0, nd), make([]boxEl, 0, nb)
	r.walls = slices.Grow(r.walls, nw)
	r.rooms = slices.Grow(r.rooms, nr)
	r.openings = slices.Grow(r.openings, no)
	r.furniture = slices.Grow(r.furniture, nf)
	r.dims = slices.Grow(r.dims, nd)
	r.boxes = slices.Grow(r.boxes, nb)
	for _, it := range items {
		// Each item (a strip, then its rooms) takes the next place in
		// collection order.
		at := r.seq
		r.seq++
		if st, ok := it.(*expand.Strip); ok {
			r.seq += len(st.Rooms)
		}
		switch n := it.(type) {
		case *expand.Wall:
			cat := n.Category.V
			if cat == "" {
				cat = "wall"
			}
			walls = append(walls, wallEl{src: n, id: r.nextID("wall", cat, n.ID.V, n.Span), at: at})
			r.walls = append(r.walls, &walls[len(walls)-1])
		case *expand.Room:
			rooms = append(rooms, roomEl{src: n, meta: &n.Meta, id: r.nextID("room", "room", n.ID.V, n.Span), at: at})
			r.rooms = append(r.rooms, &rooms[len(rooms)-1])
		case *expand.Strip:
			r.strips = append(r.strips, n)
			for i := range n.Rooms {
				sr := &n.Rooms[i]
				rooms = append(rooms, roomEl{strip: sr, meta: &sr.Meta, id: r.nextID("room", "room", sr.ID.V, sr.Span), at: at + 1 + i})
				r.rooms = append(r.rooms, &rooms[len(rooms)-1])
			}
		case *expand.Opening:
			var c string
			switch n.Kind {
			case syntax.DoorKind:
				c = "door"
			case syntax.WindowKind:
				c = "window"
			default:
				c = "opening"
			}
			openings = append(openings, openingEl{src: n, id: r.nextID(c, c, n.ID.V, n.Span), at: at})
			r.openings = append(r.openings, &openings[len(openings)-1])
		case *expand.Furniture:
			cat := n.Category.V
			if cat == "" {
				cat = "furniture"
			}
			furniture = append(furniture, furnEl{src: n, id: r.nextID("furniture", cat, n.ID.V, n.Span), at: at})
			r.furniture = append(r.furniture, &furniture[len(furniture)-1])
		case *expand.Dim:
			dims = append(dims, dimEl{src: n})
			r.dims = append(r.dims, &dims[len(dims)-1])
		case *expand.Instance:
			if !skip[n] {
				r.instance(n)
			}
		case *expand.Box:
			c := boxName[n.Kind]
			boxes = append(boxes, boxEl{src: n, id: r.nextID(c, c, n.ID.V, n.Span), at: at})
			r.boxes = append(r.boxes, &boxes[len(boxes)-1])
		}
	}
}

var boxName = map[syntax.BoxKind]string{
	syntax.ColumnBox: "column", syntax.StairBox: "stair", syntax.ElevatorBox: "elevator", syntax.EscalatorBox: "escalator",
}

// checkDupIDs reports every explicit id an earlier element (explicit or
// generated) already holds, in collection order.
func (r *resolver) checkDupIDs() {
	for _, d := range r.dupIDs {
		r.add(diag.New(diag.ErrDupID, d.span, "The id %q is already used by another element", d.id))
	}
}

// dupID is an explicit id an earlier element holds, and where it is
// written again.
type dupID struct {
	id   string
	span source.Span
}

func (r *resolver) checkEmpty() {
	rooms := 0
	for _, rm := range r.rooms {
		if !rm.dropped {
			rooms++
		}
	}
	if len(r.walls) == 0 && rooms == 0 && len(r.furniture) == 0 && len(r.boxes) == 0 {
		d := diag.New(diag.WarnEmptyPlan, source.Span{}, "The plan has no walls, rooms or furniture, so there is nothing to draw")
		d.Unplaced = true
		r.add(d)
	}
}

// fileName is the name of the imported module an element was written in,
// or "" for the main file (f nil).
func fileName(f *source.File) string {
	if f == nil {
		return ""
	}
	return f.Name
}
