package resolve

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/internal/vocab"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

var openingNoun = map[syntax.OpeningKind]string{syntax.DoorKind: "Door", syntax.WindowKind: "Window", syntax.CasedKind: "Opening"}

var openingCode = map[syntax.OpeningKind]struct{ width, off, fix string }{
	syntax.DoorKind:   {diag.ErrDoorWidth, diag.WarnDoorOffWall, "door"},
	syntax.WindowKind: {diag.ErrWindowWidth, diag.WarnWindowOffWall, "window"},
	syntax.CasedKind:  {diag.ErrOpeningWidth, diag.WarnOpeningOffWall, "opening"},
}

// resolveOpenings hosts every opening of one kind on its wall.
func (r *resolver) resolveOpenings(kind syntax.OpeningKind) {
	for _, o := range r.openings {
		if o.src.Kind != kind {
			continue
		}
		if o.pre != nil {
			op := *o.pre
			op.Wall = -1
			if o.preHost != nil {
				op.Wall = o.preHost.planIdx
			}
			r.addOpening(op)
			continue
		}
		r.resolveOpening(o)
	}
}

func (r *resolver) resolveOpening(o *openingEl) {
	src := o.src
	// The reference reads the width (and checks it), then the position,
	// then the door's clauses, its `open` last (see doorClauses).
	cl := r.clauses(&src.Meta, src.Width.Diags(), src.At.Diags(), src.Pos.Diags(), src.Open.Diags())
	o.cl = cl
	codes := openingCode[src.Kind]
	noun := openingNoun[src.Kind]
	cl.emit(src.Width.Diags())
	width := snapSize(src.Width.V, r.grid)
	if !(width > 0) {
		d := diag.New(codes.width, src.Span, "%s %q has width %s; it must be positive", noun, o.id, num(width))
		if stmt := r.stmts.opening(src.Span.Start); stmt != nil {
			d.Fixes = []diag.Fix{{Title: "give the " + codes.fix + " a positive width", Applicability: "has-placeholders", FixID: codes.fix + "-width",
				Edits: []diag.Edit{{Span: src.Span, NewText: printOpening(stmt, openingEdit{widthPlaceholder: true})}}}}
		}
		r.add(d)
	}
	op := ir.Opening{ID: o.id, Width: width, Wall: -1, Segment: -1, Span: src.Span, File: fileName(src.File)}
	switch src.Kind {
	case syntax.DoorKind:
		op.Kind = ir.Door
		op.DoorKind = vocab.Hinged
		if src.DoorKind.Set() {
			op.DoorKind = vocab.DoorKind(src.DoorKind.V)
		}
		op.Hinge, op.Swing, op.Slide, op.Open = vocab.Left, vocab.In, vocab.Left, 0.5
	case syntax.WindowKind:
		op.Kind = ir.Window
	default:
		op.Kind = ir.Cased
	}

	var host *wallEl
	if src.On.Set() {
		op.Attached = true
		h, ok := r.attach(o, &op)
		if !ok {
			if src.Kind == syntax.DoorKind {
				r.doorClauses(o, &op, nil)
			}
			return
		}
		host = h
	} else {
		cl.emit(src.At.Diags())
		op.Center = geom.Point{X: snap(src.At.X, r.grid), Y: snap(src.At.Y, r.grid)}
		var cands []int
		if src.Wall.Set() {
			cands = r.findWalls(src.Wall.V)
		} else {
			cands = r.okWallList()
		}
		cands = r.nearCandidates(op.Center, cands)
		best, seg, dist := -1, -1, math.Inf(1)
		for _, i := range cands {
			if r.walls[i].p.boxDist(op.Center) > dist+1e-9 {
				continue // cannot beat the best so far
			}
			s, _, d := r.walls[i].p.nearestChord(op.Center)
			if s >= 0 && d < dist-1e-9 {
				best, seg, dist = i, s, d
			}
		}
		if best >= 0 {
			op.Wall, op.Segment = r.walls[best].planIdx, seg
		}
		// A curved edge hosts no free-placed opening, as in the reference.
		// The nearest wall hosts the opening when any wall has it within
		// its reach, even a thicker one further off: a thin wall next to a
		// thick one does not push the opening off every wall.
		if best >= 0 && !r.walls[best].p.isArc(seg) && (dist <= onWallReach*r.walls[best].w.Thickness+1e-9 || r.withinSomeReach(op.Center, cands)) {
			host = r.walls[best]
		} else if r.anyWall() {
			op.OffWall = true
			r.offWall(o, op.Center)
		}
	}

	if src.Kind == syntax.DoorKind {
		r.doorClauses(o, &op, host)
	}
	r.addOpening(op)
}

// attach resolves the hosted form `on <wall> at <pos>`.
func (r *resolver) attach(o *openingEl, op *ir.Opening) (*wallEl, bool) {
	src := o.src
	noun := openingNoun[src.Kind]
	clause := source.Span{Start: keywordBefore(r.file, src.On.Span.Start, "on"), End: src.Pos.Span.End}
	if clause.End < clause.Start {
		clause.End = src.On.Span.End
	}
	ws := r.findWalls(src.On.V)
	if len(ws) != 1 {
		if len(ws) == 0 {
			r.add(diag.New(diag.ErrAttachWallRef, clause, "%s %q is attached `on %s`, but no wall has that id or category", noun, o.id, src.On.V))
		} else {
			r.add(diag.New(diag.ErrAttachWallRef, clause, "%s %q is attached `on %s`, but %d walls have that category; name one by its id", noun, o.id, src.On.V, len(ws)))
		}
		return nil, false
	}
	o.cl.emit(src.Pos.Diags())
	w := r.walls[ws[0]]
	total := w.p.total
	var run float64
	switch {
	case src.Pos.Center:
		run = total / 2
	case src.Pos.Percent:
		p := src.Pos.V
		if p < 0 || p > 100 {
			clamp := 100.0
			if p < 0 {
				clamp = 0
			}
			d := diag.New(diag.ErrAttachPosRange, clause, "%s %q is attached at %s%%, outside 0–100%%", noun, o.id, num(p))
			d.Fixes = []diag.Fix{{Title: "clamp the position to " + num(clamp) + "%", Applicability: "machine-applicable", FixID: "attach-pos-range",
				Edits: []diag.Edit{{Span: clause, NewText: "on " + src.On.V + " at " + num(clamp) + "%"}}}}
			r.add(d)
			return nil, false
		}
		run = total * p / 100
	default:
		run = src.Pos.V
		if run < 0 || run > total+geom.Eps {
			clamp := round3(total)
			if run < 0 {
				clamp = 0
			}
			d := diag.New(diag.ErrAttachPosRange, clause, "%s %q is attached %s mm along a wall whose run is 0…%s mm", noun, o.id, num(run), num(round3(total)))
			d.Fixes = []diag.Fix{{Title: "clamp the position to " + num(clamp), Applicability: "machine-applicable", FixID: "attach-pos-range",
				Edits: []diag.Edit{{Span: clause, NewText: "on " + src.On.V + " at " + num(clamp)}}}}
			r.add(d)
			return nil, false
		}
	}
	p, seg := w.p.at(run)
	p = geom.Point{X: clean(snap(p.X, r.grid)), Y: clean(snap(p.Y, r.grid))}
	op.Center, op.Wall, op.Segment = p, w.planIdx, seg
	return w, true
}

// withinSomeReach reports whether any of the candidate walls has q within
// its reach (onWallReach of its own thickness from its centreline chords).
func (r *resolver) withinSomeReach(q geom.Point, cands []int) bool {
	if len(cands) == r.okWalls() {
		cands = r.wallsNear(geom.Rect{Min: q, Max: q}, onWallReach*r.maxThickness()+1)
	}
	for _, i := range cands {
		w := r.walls[i]
		if s, _, d := w.p.nearestChord(q); s >= 0 && d <= onWallReach*w.w.Thickness+1e-9 {
			return true
		}
	}
	return false
}

// offWall reports a free-placed opening no wall hosts, with a fix that
// re-attaches it to the nearest wall at the matching run percentage.
func (r *resolver) offWall(o *openingEl, at geom.Point) {
	src := o.src
	codes := openingCode[src.Kind]
	d := diag.New(codes.off, src.Span, "%s %q is not on any wall", openingNoun[src.Kind], o.id)
	best, run, dist := -1, 0.0, math.Inf(1)
	tie := false
	for _, i := range r.nearCandidates(at, r.okWallList()) {
		w := r.walls[i]
		if w.p.boxDist(at) > dist+1e-9 {
			continue
		}
		s, rr, dd := w.p.nearestChord(at)
		switch {
		case s < 0:
		case dd < dist-1e-9:
			best, run, dist, tie = i, rr, dd, false
		case dd <= dist+1e-9:
			tie = true
		}
	}
	// Two walls equally near make the choice a guess.
	applicability := "machine-applicable"
	if tie {
		applicability = "maybe-incorrect"
	}
	st := r.stmts.opening(src.Span.Start)
	if best >= 0 && st != nil && r.walls[best].p.chordTotal() > 0 {
		w := r.walls[best]
		ref := r.wallRef(w)
		pct := num(round3(run/w.p.chordTotal()*100)) + "%"
		d.Fixes = []diag.Fix{{Title: "attach the " + codes.fix + " to wall \"" + ref + "\" at " + pct, Applicability: applicability,
			FixID: codes.fix + "-off-wall",
			Edits: []diag.Edit{{Span: src.Span, NewText: printOpening(st, openingEdit{onWall: ref, onPos: pct})}}}}
	}
	r.add(d)
}

// wallRef is the name a fix uses for a wall: its resolved id (the
// generated one when it has none), as the reference does.
func (r *resolver) wallRef(w *wallEl) string {
	return w.id
}

// doorClauses applies and checks the door-only clauses: hinge, swing,
// slide and open, by door kind.
func (r *resolver) doorClauses(o *openingEl, op *ir.Opening, host *wallEl) {
	src := o.src
	fromSet := map[string]bool{}
	for _, k := range src.FromSet {
		fromSet[k] = true
	}
	// swing (a `swing into` that borders nothing is reported last)
	swingWarn := false
	if src.Swing.Set() {
		if src.Swing.V == "into" {
			op.Swing, swingWarn = r.swingInto(o, op, host)
		} else {
			op.Swing = vocab.Swing(src.Swing.V)
		}
	}
	defer func() {
		if swingWarn {
			r.add(diag.New(diag.WarnSwingRoomNotAdjacent, o.src.Span, "Door %q swings into %q, which does not border the door's wall; the default swing is used", o.id, o.src.Into.V))
		}
	}()
	// hinge
	switch src.Hinge.V {
	case string(vocab.Left), string(vocab.Right):
		op.Hinge = vocab.Hand(src.Hinge.V)
	case "near start", "near-start":
		op.Hinge = vocab.Left
	case "near end", "near-end":
		op.Hinge = vocab.Right
	}
	if src.Slide.Set() {
		op.Slide = vocab.Hand(src.Slide.V)
	}
	if src.Open.Set() {
		op.Open = src.Open.V
	}
	kind := op.DoorKind
	bad := func(clause string) {
		d := diag.New(diag.ErrDoorKindClause, src.Span, "Door %q is a %q door, which takes no `%s` clause", o.id, kind, clause)
		if st := r.stmts.opening(src.Span.Start); st != nil {
			d.Fixes = []diag.Fix{{Title: "delete the `" + clause + "` clause", Applicability: "machine-applicable", FixID: "door-kind-clause",
				Edits: []diag.Edit{{Span: src.Span, NewText: printOpening(st, openingEdit{drop: map[string]bool{clause: true}})}}}}
		}
		r.add(d)
	}
	if kind != vocab.Hinged && src.Hinge.Set() && !fromSet["hinge"] {
		bad("hinge")
	}
	if (kind == vocab.Sliding || kind == vocab.Pocket) && src.Swing.Set() && !fromSet["swing"] {
		bad("swing")
	}
	if kind == vocab.Hinged && src.Slide.Set() && !fromSet["slide"] {
		bad("slide")
	}
	if kind == vocab.Hinged && src.Open.Set() && !fromSet["open"] {
		bad("open")
	}
	if kind != vocab.Hinged && r.onArc(op) {
		r.add(diag.New(diag.ErrDoorKindCurved, src.Span, "Door %q is a %q door on a curved stretch of wall; a straight panel cannot run on a curve, so use a hinged door or move it to a straight stretch", o.id, kind))
	}
	o.cl.emit(src.Open.Diags())
	if src.Open.Set() && (src.Open.V < 0 || src.Open.V > 1) {
		clamp := "1"
		if src.Open.V < 0 {
			clamp = "0"
		}
		d := diag.New(diag.ErrDoorOpenRange, src.Span, "Door %q has `open %s`; a panel opens between 0 and 1", o.id, num(src.Open.V))
		if st := r.stmts.opening(src.Span.Start); st != nil {
			d.Fixes = []diag.Fix{{Title: "clamp to `open " + clamp + "`", Applicability: "machine-applicable", FixID: "door-open-range",
				Edits: []diag.Edit{{Span: src.Span, NewText: printOpening(st, openingEdit{open: clamp})}}}}
		}
		r.add(d)
	}
}

// swingInto picks the swing side that opens toward the named room; it
// reports false (keep the default, warn) when the room does not border the
// host wall at the doorway.
func (r *resolver) swingInto(o *openingEl, op *ir.Opening, host *wallEl) (vocab.Swing, bool) {
	room := o.src.Into.V
	def := op.Swing
	if def == "into" || def == "" {
		def = vocab.In
	}
	j, ok := r.roomIdx[room]
	// The drawing host counts even for an off-wall door.
	if host == nil {
		host = r.wallAt(op.Wall)
	}
	// A host without length has no direction to swing across. A room of
	// refused size still borders the door through its written corners.
	if ok && host != nil && !zeroLengthSeg(host, op.Segment) {
		rm := r.rooms[j]
		if edgeNearDoor(rm.rect, op.Center, swingIntoReach*host.w.Thickness) {
			u := host.p.direction(op.Segment, op.Center)
			n := geom.Point{X: -u.Y, Y: u.X}
			// A room centred on the wall's line is on neither side.
			switch side := rm.rect.Center().Sub(op.Center).Dot(n); {
			case side > geom.Eps:
				return vocab.In, false
			case side < -geom.Eps:
				return vocab.Out, false
			}
		}
	}
	return def, true
}

// zeroLengthSeg reports whether segment i of w has no length (a wall
// written with coincident vertices).
func zeroLengthSeg(w *wallEl, i int) bool {
	if i < 0 || i >= len(w.p.segs) {
		return len(w.p.segs) == 0
	}
	return w.p.segs[i].Len() == 0
}

// swingIntoReach is how far, in host-wall thicknesses, the room named by
// `swing into` may sit from the doorway and still count as bordering it.
const swingIntoReach = 1.5

// edgeNearDoor reports whether some edge of the room rectangle lies
// within reach of the doorway centre c, measured in the edge's own frame:
// across it and beyond its ends alike. This is how the reference decides
// that a room borders a door.
func edgeNearDoor(rc geom.Rect, c geom.Point, reach float64) bool {
	corners := []geom.Point{rc.Min, {X: rc.Max.X, Y: rc.Min.Y}, rc.Max, {X: rc.Min.X, Y: rc.Max.Y}}
	for i := range corners {
		a, b := corners[i], corners[(i+1)%4]
		e := b.Sub(a)
		l := e.Len()
		if l == 0 {
			continue
		}
		u := e.Mul(1 / l)
		v := c.Sub(a)
		perp := math.Abs(v.Cross(u))
		t := v.Dot(u)
		along := math.Max(math.Max(-t, t-l), 0)
		if perp <= reach+geom.Eps && along <= reach+geom.Eps {
			return true
		}
	}
	return false
}

// wallAt returns the wall element at a plan wall index, nil for none.
func (r *resolver) wallAt(planIdx int) *wallEl {
	if planIdx < 0 {
		return nil
	}
	for _, w := range r.walls {
		if w.ok && w.planIdx == planIdx {
			return w
		}
	}
	return nil
}

// anyWall reports whether the plan has at least one resolved wall; with
// none, a free opening has nothing to be off of and is not reported.
func (r *resolver) anyWall() bool {
	for _, w := range r.walls {
		if w.ok {
			return true
		}
	}
	return false
}

// onArc reports whether an opening's (drawing) host segment is curved.
func (r *resolver) onArc(op *ir.Opening) bool {
	for _, w := range r.walls {
		if w.ok && w.planIdx == op.Wall && w.planIdx >= 0 {
			return op.Segment >= 0 && w.p.isArc(op.Segment)
		}
	}
	return false
}

// nearCandidates narrows cands (ascending wall positions) to those that
// may be nearest to q, using the grid index on large plans. The result is
// ascending, so a scan over it decides exactly as a scan over cands would.
func (r *resolver) nearCandidates(q geom.Point, cands []int) []int {
	if r.index() == nil || len(cands) < wallIndexMinWalls {
		return cands
	}
	if len(cands) == r.okWalls() {
		return r.wallIdx.candidates(q, func(i int) bool { return r.walls[i].ok })
	}
	in := make([]bool, len(r.walls))
	for _, i := range cands {
		in[i] = true
	}
	return r.wallIdx.candidates(q, func(i int) bool { return in[i] })
}

// okWalls counts the resolved walls.
func (r *resolver) okWalls() int { return len(r.okWallList()) }

// okWallList lists the positions of the resolved walls (computed once, after
// the wall pass).
func (r *resolver) okWallList() []int {
	if r.okList == nil {
		r.okList = make([]int, 0, len(r.walls)) // non-nil: listed
		for i, w := range r.walls {
			if w.ok {
				r.okList = append(r.okList, i)
			}
		}
	}
	return r.okList
}

// index returns the wall index, building it on first use (after the wall
// pass); nil on small plans.
func (r *resolver) index() *wallIndex {
	if !r.wallIdxBuilt {
		r.wallIdx = newWallIndex(r.walls)
		r.wallIdxBuilt = true
	}
	return r.wallIdx
}

// wallsNear lists, ascending, the resolved walls whose vertex box meets rc
// grown by margin: every wall on a small plan.
func (r *resolver) wallsNear(rc geom.Rect, margin float64) []int {
	if ix := r.index(); ix != nil {
		return ix.inBox(rc, margin)
	}
	return r.okWallList()
}

// maxThickness is the thickest resolved wall (computed once).
func (r *resolver) maxThickness() float64 {
	if r.maxT < 0 {
		r.maxT = 0
		for _, i := range r.okWallList() {
			r.maxT = math.Max(r.maxT, r.walls[i].w.Thickness)
		}
	}
	return r.maxT
}
