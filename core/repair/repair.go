// Package repair is ArchLang's explicit geometric corrector: it reads a
// resolved plan and rewrites the source so furniture stands clear of wall
// solids, of a doorway's approach and of a hinged leaf's sweep, reporting
// every move in a change log. It never adds, removes or moves a door or a
// window — topology is the author's choice — and it never runs inside a
// compile: its output is new source for the author to review.
//
// A piece is moved only when its statement places it with a literal
// `at (x, y)`; the move rewrites that point. Pieces written any other way
// (room anchors, `against wall`, expressions, statements that place more
// than one piece) are left as written and reported as unresolved when a
// pass would have moved them. Moves run perpendicular to the wall or door
// in question, by the least distance that clears it, rounded outward to the
// plan's grid; the door-swing pass needs a grid to step on and is skipped
// without one.
//
// The passes run in rounds over a whole storey: each round takes every
// piece, in placing order, at most one step (the first pass that moves
// it), so a piece meets the earlier pieces where their own rounds have
// taken them so far. A fault (a tie, a straddled wall, a held-back step, a
// step back to where the piece stood) stops a piece for good, and the
// faults are listed round by round.
//
// When something moved, the whole program is reprinted in canonical layout
// (see format); otherwise the source is returned byte for byte.
package repair

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/internal/numfmt"
	"github.com/archlang-go/caddy-archlang/core/internal/vocab"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// Clearances, in mm.
const (
	// WallSlack is how deep a piece may sink into a wall's solid before it
	// is pushed out (the lint rule's tolerance).
	WallSlack = 30
	// LandingDepth is the approach kept clear on each side of a doorway,
	// from the wall's centreline.
	LandingDepth = 300
	// OverlapMin is how far two pieces must overlap on both axes before
	// the later one is moved off the earlier.
	OverlapMin = 1
)

// Faults a change or an unresolved entry gives as its reason, joined with
// "; " when a piece meets more than one.
const (
	reasonWall      = "stood in the solid of wall %q"
	reasonLanding   = "stood in a doorway's approach"
	reasonSwing     = "stood in a door leaf's sweep"
	reasonSnap      = "a fixture standing clear of every wall, set back against the nearest one"
	reasonOverlap   = "overlapped a piece placed before it"
	reasonHome      = "kept on the floor of the room it is declared in"
	reasonConflict  = "still meets a wall or another piece after the moves: find it a place by hand"
	reasonCentredOn = "stands centred on %q, so there is no side to move it off by: separate the two by hand"
	reasonAbsolute  = "its room anchor cannot say where it now stands, so the statement now places it with an absolute `at`"
	reasonInset     = "its room anchor now says `inset %s` (it said %w)"
	reasonDoorTie   = "stands in a doorway's approach as far from leaving it along the wall as across it: move it aside by hand"
	reasonWallTie   = "a fixture standing clear of every wall, as near to one wall as to another: set it against one by hand"
	reasonTooFar    = "a fixture standing clear of every wall, too far from all of them to be set against one: place it by hand"
	reasonSwingTie  = "stands in a door leaf's sweep with two ways out of the same length: move it aside by hand"
	reasonCentred   = "straddles the middle of a wall, so neither side is the obvious one: move it to one side and repair again"
)

// Unresolved reasons.
const (
	// NoParse is the reason for a source that does not parse.
	NoParse = "the source has syntax errors; correct them (see compile) before repairing"
	// NoResolve is the reason for a plan that does not resolve.
	NoResolve  = "the plan has errors; correct them (see validate) before repairing"
	notLiteral = "placed other than by a literal `at (x, y)`, so its statement was left as written: move it by hand"
)

// Point is a position on the wire.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Span is a statement's byte range on the wire.
type Span struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// Change is one rewritten piece.
type Change struct {
	ID       string `json:"id"`
	Category string `json:"category"`
	Kind     string `json:"kind"`
	From     Point  `json:"from"`
	To       Point  `json:"to"`
	Via      string `json:"via"`
	Span     Span   `json:"span"`
	// FromRotate and ToRotate are the turn of a "rotated" change.
	FromRotate *int `json:"fromRotate,omitempty"`
	ToRotate   *int `json:"toRotate,omitempty"`
	// Level is the storey the piece stands on, for a multi-storey plan.
	Level  *int   `json:"level,omitempty"`
	Reason string `json:"reason"`
}

// Unresolved is a fault repair did not correct.
type Unresolved struct {
	ID     string `json:"id"`
	Reason string `json:"reason"`
	Span   *Span  `json:"span,omitempty"`
	// Level is the storey the piece stands on, for a multi-storey plan.
	Level *int `json:"level,omitempty"`
}

// Result is the repair tool's answer.
type Result struct {
	OK         bool         `json:"ok"`
	Changed    bool         `json:"changed"`
	Changes    []Change     `json:"changes"`
	Unresolved []Unresolved `json:"unresolved"`
	Source     string       `json:"source"`
}

// Refused is the answer for a source that could not be read as a plan:
// unchanged, with one unresolved entry saying why.
func Refused(src []byte, reason string) Result {
	return Result{OK: true, Changes: []Change{}, Unresolved: []Unresolved{{ID: "plan", Reason: reason}}, Source: string(src)}
}

// Run repairs a resolved plan. f is its source and tree the parse it was
// resolved from. It takes no guard: see RunGuarded.
func Run(f *source.File, tree *syntax.File, p *ir.Plan) Result { return RunGuarded(f, tree, p, nil) }

// RunGuarded is Run with a guard on the walks: a step of a piece's repair
// that would take the walk from the entrance to a room, or a key route,
// from at least WalkMin of clear width to less (or cut it off), as measure
// reads the storey with the piece moved, is not taken; the piece stays
// where the step found it and is reported. A nil measure guards nothing.
func RunGuarded(f *source.File, tree *syntax.File, p *ir.Plan, measure Measure) Result {
	src := f.Src
	res := Result{OK: true, Changes: []Change{}, Unresolved: []Unresolved{}, Source: string(src)}
	if p == nil || tree == nil || tree.Plan == nil {
		return res
	}
	stmts := map[source.Span]*syntax.FurnitureStmt{}
	furnitureStmts(tree.Plan.Body, stmts)
	// A piece without an authored id is numbered by its statement's
	// place among the statements that name none, in source order.
	order := make([]source.Span, 0, len(stmts))
	for sp, st := range stmts {
		if st.ID == nil {
			order = append(order, sp)
		}
	}
	slices.SortFunc(order, func(a, b source.Span) int { return a.Start - b.Start })
	number := map[source.Span]int{}
	for k, sp := range order {
		number[sp] = k
	}
	grid := p.Settings.Grid
	var edits []rewrite
	// The statements rewritten whole (to an absolute `at`): their edit,
	// and where they now place the piece.
	type wholeEdit struct {
		edit int
		at   Point
	}
	whole := map[*syntax.FurnitureStmt]wholeEdit{}
	pages := p.Pages
	if len(pages) == 0 {
		pages = []*ir.Plan{p}
	}
	// Wall bands and door frames are derived once per storey for the
	// whole run, not once per piece.
	for _, pg := range pages {
		derivedPlans.Store(pg, &derived{})
		defer derivedPlans.Delete(pg)
	}
	base := 0
	for _, pg := range pages {
		var level *int
		if pg.Level != nil {
			if n, err := strconv.Atoi(pg.Level.Number); err == nil {
				level = &n
			}
		}
		var faults []fault
		var unwritten []Unresolved
		var conflicts, turns []Unresolved // the final check's entries, the orientation pass's
		u0 := len(res.Unresolved)
		guard := newWalkGuard(pg, measure)
		// How many pieces each statement placed.
		placedBy := make(map[source.Span]int, len(pg.Furniture))
		for i := range pg.Furniture {
			placedBy[pg.Furniture[i].Span]++
		}
		movers := make([]mover, len(pg.Furniture))
		current := newPlacedSet()
		for i := range pg.Furniture {
			fu := &pg.Furniture[i]
			movers[i] = newMover(pg, i, rewritable(stmts[fu.Span], placedBy[fu.Span] == 1))
			current.add(fu.Rect, fu.ID)
		}
		// The rounds run over every piece in placing order (a piece is
		// separated from the earlier ones where their own rounds have
		// taken them so far) until a round moves nothing, or MaxRounds
		// have run: a piece still moving then stays where the last
		// round put it, and is not reported.
		for round := 0; round < MaxRounds; round++ {
			moved := false
			for i := range movers {
				m := &movers[i]
				// A piece the last round left idle only moves again once
				// an earlier piece moves on or off it.
				if m.done || m.idle && !m.dirty {
					continue
				}
				from := m.r
				m.dirty = false
				m.idle = !m.advance(pg, round, grid, current, guard)
				if m.r == from {
					continue
				}
				moved = true
				for _, r := range [2]geom.Rect{from, m.r} {
					current.each(r, func(j int) bool {
						if j > i {
							movers[j].dirty = true
						}
						return true
					})
				}
				current.move(i, m.r)
			}
			if !moved {
				break
			}
		}
		for i := range pg.Furniture {
			k, known := number[pg.Furniture[i].Span]
			if !known {
				k = base + i
			}
			m := &movers[i]
			fl := m.fl
			fl.capped = m.last == MaxRounds-1
			final, ch, un, e, ok := outcome(src, pg, m, k, stmts)
			if fl.centredOn != "" {
				// Centred on an earlier piece: no side to move it off by.
				fu := &pg.Furniture[i]
				sp := Span{Start: fu.Span.Start, End: fu.Span.End}
				faults = append(faults, fault{fl.round, Unresolved{ID: pieceID(fu, k, authored(stmts[fu.Span])),
					Reason: strings.Replace(reasonCentredOn, "%q", strconv.Quote(fl.centredOn), 1), Span: &sp}})
			} else if ok && un == nil && fl.stuck {
				// Its next step would have undone an earlier one.
				sp := ch.Span
				faults = append(faults, fault{fl.round, Unresolved{ID: ch.ID, Reason: reasonConflict, Span: &sp}})
			} else if ok && un == nil && !fl.doorTie && !fl.swingTie && !fl.straddles && fl.pinch == "" && !fl.capped {
				// A moved piece that still meets a wall or a piece is
				// reported as well as logged.
				_, _, centred, hit := clearWalls(pg, final)
				sp := ch.Span
				switch {
				case centred:
					faults = append(faults, fault{fl.round, Unresolved{ID: ch.ID, Reason: reasonCentred, Span: &sp}})
				case hit:
					conflicts = append(conflicts, Unresolved{ID: ch.ID, Reason: reasonConflict, Span: &sp})
				case current.overlapsAny(final, i):
					conflicts = append(conflicts, overlapEntry(current, final, i, ch.ID, sp))
				case stillBlocks(pg, final, grid):
					conflicts = append(conflicts, Unresolved{ID: ch.ID, Reason: reasonConflict, Span: &sp})
				}
			}
			if ok {
				if un != nil && !m.fixed && !m.centred {
					// A statement left as written is listed after the
					// rounds' faults.
					unwritten = append(unwritten, *un)
					continue
				}
				if un != nil {
					faults = append(faults, fault{fl.round, *un})
					if !m.centred {
						// A statement left as written is not turned
						// either; a piece left straddling a wall is.
						continue
					}
				} else {
					ch.Level = level
					res.Changes = append(res.Changes, ch)
					if ch.Via == "placement" {
						whole[stmts[pg.Furniture[i].Span]] = wholeEdit{len(edits), ch.To}
					}
					edits = append(edits, e)
				}
			}
			if fl.pinch != "" {
				fu := &pg.Furniture[i]
				sp := Span{Start: fu.Span.Start, End: fu.Span.End}
				faults = append(faults, fault{fl.round, Unresolved{ID: pieceID(fu, k, authored(stmts[fu.Span])), Reason: strings.Replace(reasonPinch, "%q", strconv.Quote(fl.pinch), 1), Span: &sp}})
			}
			if fl.doorTie || fl.wallTie || fl.swingTie || fl.straddles || fl.tooFar {
				fu := &pg.Furniture[i]
				sp := Span{Start: fu.Span.Start, End: fu.Span.End}
				u := Unresolved{ID: pieceID(fu, k, authored(stmts[fu.Span])), Reason: reasonDoorTie, Span: &sp}
				switch {
				case fl.wallTie:
					u.Reason = reasonWallTie
				case fl.swingTie:
					u.Reason = reasonSwingTie
				case fl.straddles:
					u.Reason = reasonCentred
				case fl.tooFar:
					u.Reason = reasonTooFar
				}
				faults = append(faults, fault{fl.round, u})
			}
			// Then the fixture is turned to back onto its wall.
			fu := &pg.Furniture[i]
			o := orient(pg, fu, final)
			if !o.turn && !o.stuck {
				continue
			}
			st := stmts[fu.Span]
			id := pieceID(fu, k, authored(st))
			sp := Span{Start: fu.Span.Start, End: fu.Span.End}
			switch {
			case o.stuck:
				turns = append(turns, Unresolved{ID: id, Reason: strings.Replace(reasonNoBack, "%s", o.sides, 1), Span: &sp})
			case st == nil || placedBy[fu.Span] > 1 || (st.Rotate != nil && !literal(st.Rotate)):
				turns = append(turns, Unresolved{ID: fu.ID, Reason: strings.Replace(reasonTurned, "%s", o.sides, 1) + ", but it is " + notLiteral, Span: &sp})
			default:
				at := Point{X: final.Min.X, Y: final.Min.Y}
				from, to := int(math.Round(fu.Rotate)), o.rot
				res.Changes = append(res.Changes, Change{ID: id, Category: fu.Type, Kind: "rotated", From: at, To: at, FromRotate: &from, ToRotate: &to,
					Via: "rotate", Span: sp, Level: level, Reason: strings.Replace(reasonTurned, "%s", o.sides, 1)})
				if w, ok := whole[st]; ok {
					// Its statement is rewritten whole already: the turn
					// goes into that rewrite.
					edits[w.edit].text = absoluteTurned(src, st, w.at, float64(to), true)
				} else {
					edits = append(edits, rotateEdit(st, to))
				}
			}
		}
		// The faults the passes met are listed round by round (those of
		// a piece's first round, for every piece, before any of a second
		// round), in placing order within a round.
		slices.SortStableFunc(faults, func(a, b fault) int { return a.round - b.round })
		// Storey by storey: the faults the moves met, then the moved
		// pieces still in conflict, then the orientation pass's entries.
		for _, f := range faults {
			res.Unresolved = append(res.Unresolved, f.u)
		}
		res.Unresolved = append(append(append(res.Unresolved, conflicts...), turns...), unwritten...)
		for k := range res.Unresolved[u0:] {
			res.Unresolved[u0+k].Level = level
		}
		base += len(pg.Furniture)
	}
	if len(edits) == 0 {
		return res
	}
	slices.SortFunc(edits, func(a, b rewrite) int { return a.sp.Start - b.sp.Start })
	var b strings.Builder
	last := 0
	for _, e := range edits {
		b.Write(src[last:e.sp.Start])
		b.WriteString(e.text)
		last = e.sp.End
	}
	b.Write(src[last:])
	out := b.String()
	res.Changed = true
	res.Source = out
	nf := source.NewFile(f.Name, []byte(out))
	if tree2, ds := syntax.Parse(nf); !ds.HasErrors() {
		if s, ok := format([]byte(out), tree2); ok {
			res.Source = s
		}
	}
	return res
}

// overlapEntry reports a piece at r still overlapping the pieces placed
// before piece number before: centred on the one it overlaps most, or
// simply in conflict.
func overlapEntry(placed *placedSet, r geom.Rect, before int, id string, sp Span) Unresolved {
	if on := placed.centredOn(r, before); on != "" {
		return Unresolved{ID: id, Reason: strings.Replace(reasonCentredOn, "%q", strconv.Quote(on), 1), Span: &sp}
	}
	return Unresolved{ID: id, Reason: reasonConflict, Span: &sp}
}

// stillBlocks reports whether a moved piece still stands in a doorway's
// approach or a leaf's sweep.
func stillBlocks(p *ir.Plan, r geom.Rect, grid float64) bool {
	if _, ok, _ := clearLandings(p, r, grid); ok {
		return true
	}
	if grid > 0 {
		if _, ok, _ := clearSwings(p, r, grid); ok {
			return true
		}
	}
	return false
}

// pushOut pushes r out of the wall solid it sinks deepest into, of any
// wall (see pushes), adding the reason: one push a round, the next round
// asks the walls again. centred reports a piece straddling the middle of
// a wall, which does not push it (another wall still does, first).
func pushOut(p *ir.Plan, fu *ir.Furniture, r geom.Rect, grid float64, reasons *[]string, seen func(geom.Rect) bool) (out geom.Rect, pushed, centred bool) {
	r2, alt, w, mid, ok := pushes(p, r)
	if !ok {
		return r, false, mid
	}
	*reasons = addReason(*reasons, strings.Replace(reasonWall, "%q", strconv.Quote(w), 1))
	near, far := snapMove(r, r2, grid), snapMove(r, alt, grid)
	// The far face when the near one would leave the piece on no room's
	// floor and the far one puts it on the floor of the room it is
	// declared in, unless that is a place it has stood.
	if home := roomIndex(p, fu.Room); home >= 0 && roomAt(p, r2.Center()) < 0 && inRoom(p, home, alt.Center()) && (!seen(far) || seen(near)) {
		*reasons = addReason(*reasons, reasonHome)
		return far, true, false
	}
	return near, true, false
}

// fault is an unresolved entry with the round of its piece's passes
// that met it.
type fault struct {
	round int
	u     Unresolved
}

// flags are what a piece's repair reports besides the move: the faults
// that stopped it where it is (reported), and the round that met them.
type flags struct {
	doorTie, wallTie, swingTie, straddles bool
	// tooFar is set for a fixture standing further than MaxSetBack from
	// every wall.
	tooFar bool
	// centredOn names an earlier piece the piece could not be moved off,
	// their centres lining up on the axis of the move.
	centredOn string
	// round is the round of passes the piece's repair ended in.
	round int
	// capped is set when the piece was still moving after MaxRounds,
	// stuck when its next step would have taken it back to a place it
	// stood (it stays, and is reported in conflict).
	capped, stuck bool
	// pinch names the walk a step of the piece's repair would have
	// narrowed below WalkMin; the piece stopped where that step found it.
	pinch string
}

// rewrite is one replacement of source text.
type rewrite struct {
	sp   source.Span
	text string
}

// mover is one piece's repair in progress: where the rounds have taken
// it, why, and how it stopped.
type mover struct {
	i       int
	fu      *ir.Furniture
	r       geom.Rect
	reasons []string
	// visited are the places the piece has stood, besides its own.
	visited []geom.Point
	// fixture: a wall fixture.
	fixture bool
	// fixed is false for a statement the repair cannot rewrite: its
	// first step stops it where it was written, reported.
	fixed bool
	// done is set once a fault stops the piece for good; centred when
	// the fault is a wall's middle straddled before any step.
	done, centred bool
	// last is the round of its last step (-1: none).
	last int
	// idle is set when its last round moved nothing, dirty when an
	// earlier piece has moved on or off it since.
	idle, dirty bool
	fl          flags
}

func newMover(p *ir.Plan, i int, fixed bool) mover {
	fu := &p.Furniture[i]
	_, fixture := ir.WallFixtures[fu.Type]
	return mover{i: i, fu: fu, r: fu.Rect, fixture: fixture, fixed: fixed, last: -1}
}

// seen reports whether r2 is a place the piece stood before the one it
// stands in now.
func (m *mover) seen(r2 geom.Rect) bool {
	return r2.Min != m.r.Min && (r2.Min == m.fu.Rect.Min || slices.Contains(m.visited, r2.Min))
}

// stop ends the piece's repair with a fault of the given round.
func (m *mover) stop(round int) bool {
	m.done, m.fl.round = true, round
	return false
}

// step takes a pass's move to r2 for why, and reports whether the piece
// moved. A piece whose statement cannot be rewritten stops instead; so
// does one the move would take back to a place it stood (stuck: it
// would only undo an earlier step), and one whose move the guard holds
// back (pinch).
func (m *mover) step(r2 geom.Rect, why string, round int, guard *walkGuard) bool {
	if !m.fixed {
		m.reasons = addReason(m.reasons, why)
		return m.stop(round)
	}
	if m.seen(r2) {
		m.fl.stuck = true
		return m.stop(round)
	}
	m.visited = append(m.visited, r2.Min)
	if w := guard.pinch(m.i, m.r, r2); w != "" {
		m.fl.pinch = w
		return m.stop(round)
	}
	m.r = r2
	m.reasons = addReason(m.reasons, why)
	m.last = round
	guard.place(m.i, r2)
	return true
}

// advance runs one round of the passes on the piece: walls, earlier
// pieces, doorway approach, leaf sweep, a fixture's wall. The first pass
// that moves it ends the round; it reports whether the piece moved.
//
// fl.doorTie is set when the piece stands in a doorway's approach with no
// obvious side to leave it by (see clearLandings), fl.wallTie when a
// fixture clear of every wall is as near to one as to another (see
// backFixture), fl.swingTie when a piece has two ways out of a leaf's
// sweep of the same length (see clearSwings), fl.straddles when a piece
// pushed off one wall straddles the middle of the next.
func (m *mover) advance(p *ir.Plan, round int, grid float64, earlier *placedSet, guard *walkGuard) bool {
	fl := &m.fl
	fl.round = round
	{
		var why []string
		r2, pushed, centred := pushOut(p, m.fu, m.r, grid, &why, m.seen)
		if pushed {
			moved := m.step(r2, why[0], round, guard)
			if moved {
				for _, w := range why[1:] {
					m.reasons = addReason(m.reasons, w)
				}
			}
			return moved
		}
		if centred {
			// Straddling a wall's middle with no other wall to push it:
			// reported, moved or not.
			m.centred = len(m.reasons) == 0
			fl.straddles = !m.centred
			return m.stop(round)
		}
	}
	if home := roomIndex(p, m.fu.Room); home >= 0 && p.Rooms[home].Shape == ir.RoomRect && !inRoom(p, home, m.r.Center()) {
		// Declared in a room it does not stand in: moved the least way
		// onto that room's floor.
		return m.step(intoRoom(m.r, p.Rooms[home].Polygon.Bounds()), reasonHome, round, guard)
	}
	{
		r2, ok, on := separate(m.r, earlier, m.i, grid)
		if on != "" {
			if !m.fixed {
				// A statement the repair cannot rewrite is reported as
				// overlapping, centred or not.
				return m.step(m.r, reasonOverlap, round, guard)
			}
			fl.centredOn = on
			return m.stop(round)
		}
		if ok {
			return m.step(r2, reasonOverlap, round, guard)
		}
	}
	{
		r2, ok, tied := clearLandings(p, m.r, grid)
		if tied {
			// The piece stays where the earlier passes left it, and is
			// reported.
			fl.doorTie = true
			return m.stop(round)
		}
		if ok {
			return m.step(r2, reasonLanding, round, guard)
		}
	}
	if grid > 0 {
		r2, ok, tied := clearSwings(p, m.r, grid)
		if tied {
			fl.swingTie = true
			return m.stop(round)
		}
		if ok {
			return m.step(r2, reasonSwing, round, guard)
		}
	}
	if m.fixture {
		r2, ok, tied, far := backFixture(p, m.r, grid)
		switch {
		case far:
			fl.tooFar = true
			return m.stop(round)
		case tied:
			fl.wallTie = true
			return m.stop(round)
		case ok:
			return m.step(r2, reasonSnap, round, guard)
		}
	}
	return false
}

// MaxRounds is how many rounds of passes a piece gets: each round takes
// one step at most, and a piece still moving after the last is left
// where that put it, not reported.
const MaxRounds = 64

// addReason appends why to reasons unless it is there already.
func addReason(reasons []string, why string) []string {
	if slices.Contains(reasons, why) {
		return reasons
	}
	return append(reasons, why)
}

// insetFor is the inset that has statement st's room anchor place its
// piece, written at r0, at r instead, and the inset it has now: ok when r
// stands as far from each edge the anchor names (the room's, or for a
// flush anchor the wall face) as the inset says, where the anchor centres
// it along any other edge, and st is not centred.
func insetFor(p *ir.Plan, st *syntax.FurnitureStmt, r0, r geom.Rect) (inset, was float64, ok bool) {
	if st.Placement != syntax.FurnAnchor || st.Anchor == nil || st.Room == nil {
		return 0, 0, false
	}
	room := roomIndex(p, st.Room.Name)
	if room < 0 || p.Rooms[room].Shape != ir.RoomRect {
		return 0, 0, false
	}
	rc := p.Rooms[room].Polygon.Bounds()
	if st.Inset != nil {
		if v, ok := number(st.Inset); ok {
			was = v
		}
	}
	if st.Flush {
		// A flush anchor measures its inset from the wall face the piece
		// stood against, where it stood less its old inset.
		rc = geom.Rect{Min: geom.Point{X: r0.Min.X - was, Y: r0.Min.Y - was}, Max: geom.Point{X: r0.Max.X + was, Y: r0.Max.Y + was}}
	}
	var ds []float64 // the piece's distance from each anchored edge
	var hx, vy bool  // an edge anchors x, y
	a := st.Anchor.Text
	switch {
	case strings.HasSuffix(a, "left"):
		ds, hx = append(ds, r.Min.X-rc.Min.X), true
	case strings.HasSuffix(a, "right"):
		ds, hx = append(ds, rc.Max.X-r.Max.X), true
	}
	switch {
	case strings.HasPrefix(a, "top"):
		ds, vy = append(ds, r.Min.Y-rc.Min.Y), true
	case strings.HasPrefix(a, "bottom"):
		ds, vy = append(ds, rc.Max.Y-r.Max.Y), true
	}
	if len(ds) == 0 || ds[0] < -1e-9 || len(ds) == 2 && math.Abs(ds[0]-ds[1]) > 1e-6 {
		return 0, 0, false
	}
	// Along an edge the anchor does not name, it centres the piece: the
	// piece must not have moved that way.
	if !hx && math.Abs(r.Min.X-r0.Min.X) > 1e-6 || !vy && math.Abs(r.Min.Y-r0.Min.Y) > 1e-6 {
		return 0, 0, false
	}
	return ds[0], was, true
}

// number is the value of a number literal, a leading minus allowed.
func number(e syntax.Expr) (float64, bool) {
	neg := false
	if u, ok := e.(*syntax.UnaryExpr); ok && u.Op == "-" {
		e, neg = u.X, true
	}
	n, ok := e.(*syntax.NumLit)
	if !ok {
		return 0, false
	}
	v := n.Value
	if neg {
		v = -v
	}
	return v, true
}

// rewritable reports whether the repair can rewrite statement st: a
// literal `at` or a room anchor, placing one piece alone.
func rewritable(st *syntax.FurnitureStmt, alone bool) bool {
	if st == nil || !alone {
		return false
	}
	if st.Room != nil && (st.Placement == syntax.FurnAnchor || st.Placement == syntax.FurnCentered) && (st.Inset == nil || literal(st.Inset)) {
		return true
	}
	return st.At != nil && literalPoint(st.At)
}

// outcome turns a piece's repair into a change and its rewrite, or says
// why its statement was left alone; ok is false when it needs no move.
func outcome(src []byte, p *ir.Plan, m *mover, n int, stmts map[source.Span]*syntax.FurnitureStmt) (final geom.Rect, ch Change, un *Unresolved, e rewrite, ok bool) {
	fu, r, reasons := m.fu, m.r, m.reasons
	sp := Span{Start: fu.Span.Start, End: fu.Span.End}
	st := stmts[fu.Span]
	if m.centred {
		return fu.Rect, Change{}, &Unresolved{ID: pieceID(fu, n, authored(st)), Reason: reasonCentred, Span: &sp}, rewrite{}, true
	}
	if len(reasons) == 0 {
		return r, Change{}, nil, rewrite{}, false
	}
	if !m.fixed {
		// Unresolved entries name the piece by its resolved id.
		return fu.Rect, Change{}, &Unresolved{ID: fu.ID, Reason: strings.Join(reasons, "; ") + ", but it is " + notLiteral, Span: &sp}, rewrite{}, true
	}
	from := Point{X: fu.Rect.Min.X, Y: fu.Rect.Min.Y}
	if st.At == nil || !literalPoint(st.At) {
		to := Point{X: r.Min.X, Y: r.Min.Y}
		if inset, was, ok := insetFor(p, st, fu.Rect, r); ok {
			// The anchor still says where it stands, with a new inset.
			reasons = append(reasons, strings.NewReplacer("%s", num(inset), "%w", num(was)).Replace(reasonInset))
			ch := Change{ID: pieceID(fu, n, authored(st)), Category: fu.Type, Kind: "moved", From: from, To: to, Via: "inset", Span: sp,
				Reason: strings.Join(reasons, "; ")}
			at := st.Anchor.Sp.End
			for _, c := range st.Clauses {
				if c.Key == "flush" {
					// `inset` follows `flush`.
					at = c.Sp.End
				}
			}
			e := rewrite{sp: source.Span{Start: at, End: at}, text: " inset " + num(inset)}
			if st.Inset != nil {
				e = rewrite{sp: st.Inset.Span(), text: num(inset)}
			}
			return r, ch, nil, e, true
		}
		reasons = append(reasons, reasonAbsolute)
		ch := Change{ID: pieceID(fu, n, authored(st)), Category: fu.Type, Kind: "moved", From: from, To: to, Via: "placement", Span: sp,
			Reason: strings.Join(reasons, "; ")}
		return r, ch, nil, rewrite{sp: st.Sp, text: absolute(src, st, fu, to)}, true
	}
	// The log reports the resolved position (after grid snapping).
	to := Point{X: from.X + r.Min.X - fu.Rect.Min.X, Y: from.Y + r.Min.Y - fu.Rect.Min.Y}
	ch = Change{ID: pieceID(fu, n, authored(st)), Category: fu.Type, Kind: "moved", From: from, To: to, Via: "at", Span: sp,
		Reason: strings.Join(reasons, "; ")}
	return r, ch, nil, rewrite{sp: st.At.Sp, text: "(" + num(to.X) + ", " + num(to.Y) + ")"}, true
}

var (
	roomPlacement = regexp.MustCompile(`\s*\bin [A-Za-z_][A-Za-z0-9_.]* (?:anchor [a-z-]+(?: flush)?(?: inset -?[0-9.]+)?|centered)`)
	furnitureHead = regexp.MustCompile(`^furniture (?:id=\S+ )?\S+`)
	rotateClause  = regexp.MustCompile(`\brotate\b`)
	rotateNumber  = regexp.MustCompile(`(\brotate )-?[0-9.]+`)
)

// absolute rewrites a room-anchored furniture statement to place the piece
// at `to`, keeping its other clauses, the rotate its anchor derived, and
// its room as a trailing `in <room>`.
func absolute(src []byte, st *syntax.FurnitureStmt, fu *ir.Furniture, to Point) string {
	return absoluteTurned(src, st, to, fu.Rotate, false)
}

// absoluteTurned is absolute with the piece turned to rot: a rotate
// clause written in the statement says rot when turn is set, and one is
// added when it has none (and rot is not 0).
func absoluteTurned(src []byte, st *syntax.FurnitureStmt, to Point, rot float64, turn bool) string {
	text := canonical(string(src[st.Sp.Start:st.Sp.End]))
	text = roomPlacement.ReplaceAllString(text, "")
	head := furnitureHead.FindString(text)
	rest := text[len(head):]
	if turn {
		rest = rotateNumber.ReplaceAllString(rest, "${1}"+num(rot))
	}
	out := head + " at (" + num(to.X) + ", " + num(to.Y) + ")" + rest
	if rot != 0 && !rotateClause.MatchString(rest) {
		out += " rotate " + num(rot)
	}
	return out + " in " + st.Room.Name
}

// authored reports whether a statement names its piece.
func authored(st *syntax.FurnitureStmt) bool { return st != nil && st.ID != nil }

// furnitureStmts indexes the furniture statements of a body, and of every
// block in it (storeys, zones, loops, branches, components), by span.
func furnitureStmts(body []syntax.Stmt, out map[source.Span]*syntax.FurnitureStmt) {
	for _, st := range body {
		if n, ok := st.(*syntax.FurnitureStmt); ok {
			out[n.Sp] = n
			continue
		}
		if b := block(st); b != nil {
			furnitureStmts(b.Stmts, out)
		}
		if n, ok := st.(*syntax.IfStmt); ok && n.Else != nil {
			furnitureStmts(n.Else.Stmts, out)
		}
	}
}

// pieceID names a piece in the log: its authored id, else its category
// and n+1, its statement's place among those naming no id.
func pieceID(f *ir.Furniture, n int, authored bool) string {
	if authored {
		return f.ID
	}
	return f.Type + "#" + strconv.Itoa(n+1)
}

// literalPoint reports whether both coordinates are number literals
// (a leading minus allowed).
func literalPoint(pt *syntax.Point) bool { return literal(pt.X) && literal(pt.Y) }

func literal(e syntax.Expr) bool {
	if u, ok := e.(*syntax.UnaryExpr); ok && u.Op == "-" {
		e = u.X
	}
	_, ok := e.(*syntax.NumLit)
	return ok
}

// band is a straight wall segment's solid, squared off half a thickness
// past each end.
type band struct {
	wall  string
	solid geom.Rect
	axis  int // 0 along x, 1 along y
	// lo, hi is the segment's own extent along its axis (the solid's
	// less the half thickness at either end).
	lo, hi float64
}

func bands(p *ir.Plan) []band {
	if d := derivedOf(p); d != nil {
		d.bandsOnce.Do(func() { d.bands = wallBands(p) })
		return d.bands
	}
	return wallBands(p)
}

// wallBands computes bands.
func wallBands(p *ir.Plan) []band {
	var out []band
	for _, w := range p.Walls {
		h := w.Thickness / 2
		for k, s := range w.Segments() {
			if k < len(w.Arcs) && w.Arcs[k].Arc || w.Thickness <= 0 {
				continue
			}
			lo := geom.Point{X: math.Min(s.A.X, s.B.X), Y: math.Min(s.A.Y, s.B.Y)}
			hi := geom.Point{X: math.Max(s.A.X, s.B.X), Y: math.Max(s.A.Y, s.B.Y)}
			solid := geom.Rect{Min: geom.Point{X: lo.X - h, Y: lo.Y - h}, Max: geom.Point{X: hi.X + h, Y: hi.Y + h}}
			switch {
			case math.Abs(s.A.Y-s.B.Y) < 1e-9:
				out = append(out, band{wall: w.GenID, axis: 0, solid: solid, lo: lo.X, hi: hi.X})
			case math.Abs(s.A.X-s.B.X) < 1e-9:
				out = append(out, band{wall: w.GenID, axis: 1, solid: solid, lo: lo.Y, hi: hi.Y})
			}
		}
	}
	return out
}

func overlap1(a0, a1, b0, b1 float64) float64 { return min(a1, b1) - max(a0, b0) }

// clearWalls pushes r out of the wall solid it sinks deepest into,
// deeper than WallSlack, across the wall, to whichever face is nearer;
// centred reports a piece as far from one face as from the other.
func clearWalls(p *ir.Plan, r geom.Rect) (moved geom.Rect, wall string, centred, ok bool) {
	moved, _, wall, centred, ok = pushes(p, r)
	return
}

// pushes is clearWalls with the push to the farther face as well. Of the
// wall segments r sinks into, of every wall, the one it sinks deepest
// into (the lesser of its two overlaps) is taken, the earlier on a tie; a
// segment whose middle it straddles is passed over, and centred reports
// one when no other segment pushes.
func pushes(p *ir.Plan, r geom.Rect) (near, far geom.Rect, wall string, centred, ok bool) {
	deepest, cwall := 0.0, ""
	all := bands(p)
	if d := derivedOf(p); d != nil {
		// Only a band the piece meets can take it in deeper than the
		// slack.
		d.indexOnce.Do(func() { d.index(p) })
		near := d.bandIx.Query(r)
		sub := make([]band, len(near))
		for k, i := range near {
			sub[k] = all[i]
		}
		all = sub
	}
	for _, b := range all {
		// Along the wall only the segment's own length counts, not its
		// squared-off ends.
		ox := overlap1(r.Min.X, r.Max.X, b.solid.Min.X, b.solid.Max.X)
		oy := overlap1(r.Min.Y, r.Max.Y, b.solid.Min.Y, b.solid.Max.Y)
		if b.axis == 0 {
			ox = overlap1(r.Min.X, r.Max.X, b.lo, b.hi)
		} else {
			oy = overlap1(r.Min.Y, r.Max.Y, b.lo, b.hi)
		}
		if math.Min(ox, oy) <= WallSlack {
			continue
		}
		neg, pos := b.solid.Min.Y-r.Max.Y, b.solid.Max.Y-r.Min.Y
		if b.axis == 1 {
			neg, pos = b.solid.Min.X-r.Max.X, b.solid.Max.X-r.Min.X
		}
		d, e := pos, neg
		if -neg < pos {
			d, e = neg, pos
		}
		if math.Abs(-neg-pos) < 1e-9 {
			// Straddling this segment's middle: no side to push to.
			if !centred {
				centred, cwall = true, b.wall
			}
			continue
		}
		if depth := math.Min(ox, oy); !ok || depth > deepest+1e-9 {
			deepest, wall, ok = depth, b.wall, true
			if b.axis == 1 {
				near, far = shift(r, d, 0), shift(r, e, 0)
			} else {
				near, far = shift(r, 0, d), shift(r, 0, e)
			}
		}
	}
	if ok {
		return near, far, wall, false, true
	}
	if centred {
		return r, r, cwall, true, false
	}
	return r, r, "", false, false
}

// BackReach is the largest gap between a fixture's edge and a wall's
// centreline for the wall to count as backing it, in mm.
const BackReach = 300

// backFixture sets a fixture that no wall backs against the face of the
// nearest wall running along one of its sides: the one needing the least
// move once the move is rounded to the half grid (see snapShort). tied
// reports two walls that need moves of the same length in different
// directions, far a least move longer than MaxSetBack; the fixture then
// stays where it is.
func backFixture(p *ir.Plan, r geom.Rect, grid float64) (moved geom.Rect, ok, tied, far bool) {
	if d := derivedOf(p); d != nil {
		d.indexOnce.Do(func() { d.index(p) })
		// Backed already by a wall in reach: only bands near the piece
		// can say so, and then nothing moves.
		reach := BackReach + d.maxHalf + 1
		q := geom.Rect{Min: geom.Point{X: r.Min.X - reach, Y: r.Min.Y - reach}, Max: geom.Point{X: r.Max.X + reach, Y: r.Max.Y + reach}}
		near := d.bandIx.Query(q)
		if backed(r, d.bands, near) {
			return r, false, false, false
		}
	}
	type cand struct {
		cost   float64
		dx, dy float64
	}
	best := cand{cost: math.Inf(1)}
	for _, b := range bands(p) {
		gap, dx, dy, ok := bandGap(r, b)
		if !ok || gap < -1e-9 {
			continue
		}
		if gap <= BackReach+1e-9 && covers(b, r) {
			return r, false, false, false // already backed
		}
		dx, dy = halfStep(dx, r.Min.X, grid), halfStep(dy, r.Min.Y, grid)
		c := cand{math.Abs(dx) + math.Abs(dy), dx, dy}
		switch {
		case c.cost < best.cost-1e-9:
			best, tied = c, false
		case c.cost <= best.cost+1e-9 && (math.Abs(c.dx-best.dx) > 1e-9 || math.Abs(c.dy-best.dy) > 1e-9):
			tied = true
		}
	}
	if math.IsInf(best.cost, 1) || best.cost < 1e-9 {
		return r, false, false, false
	}
	if best.cost > MaxSetBack+1e-9 {
		return r, true, false, true
	}
	if tied {
		return r, true, true, false
	}
	return shift(r, best.dx, best.dy), true, false, false
}

// MaxSetBack is the longest move (mm) that sets a fixture against a wall:
// one standing further from every wall is reported instead.
const MaxSetBack = 1200

func shift(r geom.Rect, dx, dy float64) geom.Rect {
	return geom.Rect{Min: geom.Point{X: r.Min.X + dx, Y: r.Min.Y + dy}, Max: geom.Point{X: r.Max.X + dx, Y: r.Max.Y + dy}}
}

// snapMove rounds the move from r0 to r1 outward to the grid.
func snapMove(r0, r1 geom.Rect, grid float64) geom.Rect {
	dx, dy := r1.Min.X-r0.Min.X, r1.Min.Y-r0.Min.Y
	return shift(r0, away(dx, r0.Min.X, grid), away(dy, r0.Min.Y, grid))
}

// snapShort rounds the move from r0 to r1 that sets a fixture against a
// wall to the nearest half grid step, a tie going to the stop short of the
// wall's face.
func snapShort(r0, r1 geom.Rect, grid float64) geom.Rect {
	dx, dy := r1.Min.X-r0.Min.X, r1.Min.Y-r0.Min.Y
	return shift(r0, halfStep(dx, r0.Min.X, grid), halfStep(dy, r0.Min.Y, grid))
}

// halfStep returns a move d from position x rounded so x+d lands on the
// nearest multiple of half the grid, a tie going to the shorter move.
func halfStep(d, x, grid float64) float64 {
	if grid <= 0 || d == 0 {
		return d
	}
	step := grid / 2
	t := x + d
	lo, hi := math.Floor(t/step+1e-9)*step, math.Ceil(t/step-1e-9)*step
	near, far := lo, hi
	if d < 0 {
		near, far = hi, lo
	}
	if math.Abs(far-t) < math.Abs(near-t)-1e-9 {
		return far - x
	}
	return near - x
}

// away returns a move d from position x rounded so x+d lands on the grid,
// never short of d.
func away(d, x, grid float64) float64 {
	if grid <= 0 || d == 0 {
		return d
	}
	t := x + d
	if d > 0 {
		return math.Ceil(t/grid-1e-9)*grid - x
	}
	return math.Floor(t/grid+1e-9)*grid - x
}

// doorFrame is a door on an axis-aligned straight segment.
type doorFrame struct {
	a      geom.Point // jamb toward the segment's start
	d, n   geom.Point // along the wall, left normal
	width  float64
	side   float64 // +1 when the leaf opens toward n
	hinge  vocab.Hand
	hinged bool
	wall   int // the index of the wall it stands in
	seg    int // and of the wall's segment
}

func doors(p *ir.Plan) []doorFrame {
	if d := derivedOf(p); d != nil {
		d.doorsOnce.Do(func() { d.doors = doorFrames(p) })
		return d.doors
	}
	return doorFrames(p)
}

// doorFrames computes doors.
func doorFrames(p *ir.Plan) []doorFrame {
	var out []doorFrame
	for _, op := range p.Openings {
		if op.Kind != ir.Door || op.Wall < 0 || op.Wall >= len(p.Walls) {
			continue
		}
		w := p.Walls[op.Wall]
		segs := w.Segments()
		if op.Segment < 0 || op.Segment >= len(segs) || op.Segment < len(w.Arcs) && w.Arcs[op.Segment].Arc {
			continue
		}
		s := segs[op.Segment]
		if s.Len() <= 1e-9 {
			continue
		}
		d := s.B.Sub(s.A).Unit()
		if math.Abs(d.X) > 1e-9 && math.Abs(d.Y) > 1e-9 {
			continue
		}
		f := doorFrame{a: op.Center.Sub(d.Mul(op.Width / 2)), d: d, n: geom.Point{X: -d.Y, Y: d.X}, width: op.Width, side: 1,
			hinge: op.Hinge, hinged: op.DoorKind == vocab.Hinged, wall: op.Wall, seg: op.Segment}
		if op.Swing == vocab.Out {
			f.side = -1
		}
		out = append(out, f)
	}
	return out
}

// local returns r's extent along the door (from jamb a) and across it.
func (f doorFrame) local(r geom.Rect) (u0, u1, v0, v1 float64) {
	u0, v0 = math.Inf(1), math.Inf(1)
	u1, v1 = math.Inf(-1), math.Inf(-1)
	for _, c := range []geom.Point{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}} {
		q := c.Sub(f.a)
		u, v := q.Dot(f.d), q.Dot(f.n)
		u0, u1 = math.Min(u0, u), math.Max(u1, u)
		v0, v1 = math.Min(v0, v), math.Max(v1, v)
	}
	return
}

// clearLandings moves r out of the doorways' approaches it stands in:
// for each, across the wall until it stands LandingDepth from the wall's
// centreline on the near side or through the doorway on the far side
// (either clear of the walls), or along the wall off either end of the
// opening when that fits; of all those moves, the least.
//
// tied reports two of those moves of exactly the same length (across one
// doorway and along it, or across two): no side is the obvious one, so
// the piece is not moved.
func clearLandings(p *ir.Plan, r geom.Rect, grid float64) (moved geom.Rect, ok, tied bool) {
	best, bestLen := r, math.Inf(1)
	// The move across the first doorway to its near side: taken when no
	// way out fits (the wall pass then pushes the piece back).
	var nearest *geom.Rect
	for _, f := range doorsNear(p, r) {
		u0, u1, v0, v1 := f.local(r)
		if overlap1(u0, u1, 0, f.width) <= 1e-9 || overlap1(v0, v1, -LandingDepth, LandingDepth) <= 1e-9 {
			continue
		}
		ok = true
		// Across, to the near side of the doorway, or through it to the
		// far side.
		near, far := f.n, f.n.Mul(-1)
		toNear, toFar := LandingDepth-v0, v1+LandingDepth
		if v0+v1 < 0 {
			near, far = far, near
			toNear, toFar = toFar, toNear
		}
		if nearest == nil {
			m := moveAcross(r, near, toNear, grid, false)
			nearest = &m
		}
		take := func(m geom.Rect, d float64) {
			switch {
			case d < bestLen-1e-9:
				best, bestLen, tied = m, d, false
			case d <= bestLen+1e-9 && m.Min != best.Min:
				tied = true
			}
		}
		for _, a := range [...]struct {
			n geom.Point
			d float64
		}{{near, toNear}, {far, toFar}} {
			if m := moveAcross(r, a.n, a.d, grid, false); clearOfWalls(p, m) {
				take(m, a.d)
			}
		}
		if back := u1; back < bestLen+1e-9 {
			if m := moveAcross(r, f.d.Mul(-1), back, grid, false); fits(p, r, m) {
				take(m, back)
			}
		}
		if fwd := f.width - u0; fwd < bestLen+1e-9 {
			if m := moveAcross(r, f.d, fwd, grid, false); fits(p, r, m) {
				take(m, fwd)
			}
		}
	}
	if tied {
		return r, true, true
	}
	if nearest != nil && math.IsInf(bestLen, 1) {
		return *nearest, true, false
	}
	return best, ok, false
}

// clearOfWalls reports whether r stands clear of every wall's solid.
func clearOfWalls(p *ir.Plan, r geom.Rect) bool {
	_, _, centred, hit := clearWalls(p, r)
	return !centred && !hit
}

// intoRoom moves r the least way that puts it within room rectangle rc
// (centred on it along an axis where it is the larger).
func intoRoom(r, rc geom.Rect) geom.Rect {
	d := func(lo, hi, rlo, rhi float64) float64 {
		switch {
		case hi-lo > rhi-rlo:
			return (rlo+rhi)/2 - (lo+hi)/2
		case lo < rlo:
			return rlo - lo
		case hi > rhi:
			return rhi - hi
		}
		return 0
	}
	return shift(r, d(r.Min.X, r.Max.X, rc.Min.X, rc.Max.X), d(r.Min.Y, r.Max.Y, rc.Min.Y, rc.Max.Y))
}

// fits reports whether a piece moved from r0 to r1 along a wall stays
// clear of every wall's solid and on the floor of the room it stood in.
func fits(p *ir.Plan, r0, r1 geom.Rect) bool {
	if _, _, centred, hit := clearWalls(p, r1); centred || hit {
		return false
	}
	return roomAt(p, r0.Center()) == roomAt(p, r1.Center())
}

// roomIndex is the index of the room with the given id, -1 when none.
func roomIndex(p *ir.Plan, id string) int {
	if id == "" {
		return -1
	}
	for i, rm := range p.Rooms {
		if rm.ID == id {
			return i
		}
	}
	return -1
}

// inRoom reports whether q lies on the bounding box of room i's floor.
func inRoom(p *ir.Plan, i int, q geom.Point) bool {
	b := p.Rooms[i].Polygon.Bounds()
	return q.X >= b.Min.X && q.X <= b.Max.X && q.Y >= b.Min.Y && q.Y <= b.Max.Y
}

// roomAt is the index of the first rectangular room whose floor holds q,
// -1 when none.
func roomAt(p *ir.Plan, q geom.Point) int {
	for i := range p.Rooms {
		if inRoom(p, i, q) {
			return i
		}
	}
	return -1
}

// overlapsAny reports whether r overlaps one of the pieces placed before
// piece number before.
func (ps *placedSet) overlapsAny(r geom.Rect, before int) bool {
	found := false
	ps.each(r, func(i int) bool {
		found = i < before && overlaps(r, ps.rects[i])
		return !found
	})
	return found
}

// separate moves r off one earlier piece: of those it overlaps, the one
// sharing the largest area with it, the earlier placed on a tie. The
// move runs along the axis of the shallower overlap (on a tie, x unless
// the centres line up on x), away from that piece's centre, by the overlap's depth on that axis (which leaves a
// piece reaching past both sides of the other still on it). When the two
// centres line up on that axis there is no side to move to: nothing
// moves, and centred names the piece.
func separate(r geom.Rect, earlier *placedSet, before int, grid float64) (moved geom.Rect, ok bool, centred string) {
	o, ok := earlier.largest(r, before)
	if !ok {
		return r, false, ""
	}
	ox := overlap1(r.Min.X, r.Max.X, o.rect.Min.X, o.rect.Max.X)
	oy := overlap1(r.Min.Y, r.Max.Y, o.rect.Min.Y, o.rect.Max.Y)
	c, oc := r.Center(), o.rect.Center()
	if ox < oy || ox == oy && math.Abs(c.X-oc.X) >= 1e-9 {
		switch {
		case math.Abs(c.X-oc.X) < 1e-9:
			return r, false, o.id
		case c.X > oc.X:
			return moveAcross(r, geom.Point{X: 1}, ox, grid, false), true, ""
		}
		return moveAcross(r, geom.Point{X: -1}, ox, grid, false), true, ""
	}
	switch {
	case math.Abs(c.Y-oc.Y) < 1e-9:
		return r, false, o.id
	case c.Y > oc.Y:
		return moveAcross(r, geom.Point{Y: 1}, oy, grid, false), true, ""
	}
	return moveAcross(r, geom.Point{Y: -1}, oy, grid, false), true, ""
}

// overlaps reports whether two pieces overlap by OverlapMin on both axes.
func overlaps(r, o geom.Rect) bool {
	return overlap1(r.Min.X, r.Max.X, o.Min.X, o.Max.X) >= OverlapMin && overlap1(r.Min.Y, r.Max.Y, o.Min.Y, o.Max.Y) >= OverlapMin
}

// placedPiece is an earlier piece as separate and the final check see it.
type placedPiece struct {
	rect geom.Rect
	id   string
}

// largest is the piece placed before piece number before that overlaps r
// with the largest shared area, the earliest placed on a tie.
func (ps *placedSet) largest(r geom.Rect, before int) (placedPiece, bool) {
	best, bestArea, found := placedPiece{}, 0.0, false
	// The overlapping pieces, in placing order: ties go to the earlier.
	ps.hits = ps.hits[:0]
	ps.each(r, func(i int) bool {
		if i < before && overlaps(r, ps.rects[i]) {
			ps.hits = append(ps.hits, i)
		}
		return true
	})
	slices.Sort(ps.hits)
	for _, i := range ps.hits {
		o := ps.rects[i]
		a := overlap1(r.Min.X, r.Max.X, o.Min.X, o.Max.X) * overlap1(r.Min.Y, r.Max.Y, o.Min.Y, o.Max.Y)
		if !found || a > bestArea+1e-9 {
			best, bestArea, found = placedPiece{rect: o, id: ps.ids[i]}, a, true
		}
	}
	return best, found
}

// centredOn is the id of the piece placed before piece number before
// that r overlaps most when their centres line up on the axis a
// separation would take ("" otherwise).
func (ps *placedSet) centredOn(r geom.Rect, before int) string {
	o, ok := ps.largest(r, before)
	if !ok {
		return ""
	}
	ox := overlap1(r.Min.X, r.Max.X, o.rect.Min.X, o.rect.Max.X)
	oy := overlap1(r.Min.Y, r.Max.Y, o.rect.Min.Y, o.rect.Max.Y)
	c, oc := r.Center(), o.rect.Center()
	if x := ox < oy || ox == oy && math.Abs(c.X-oc.X) >= 1e-9; x && math.Abs(c.X-oc.X) < 1e-9 || !x && math.Abs(c.Y-oc.Y) < 1e-9 {
		return o.id
	}
	return ""
}

// clearSwings moves r out of the hinged leaves' sweeps it stands in:
// for each such leaf, across the wall until the hinge is out of reach, or
// along the wall past the hinge or past the leaf's far edge; of all those
// moves, the least.
func clearSwings(p *ir.Plan, r geom.Rect, grid float64) (moved geom.Rect, ok, tied bool) {
	var in []doorFrame
	for _, f := range doorsNear(p, r) {
		if _, _, _, ok := f.sweep(r); ok {
			in = append(in, f)
		}
	}
	if len(in) == 0 {
		return r, false, false
	}
	// The least move (rounded to the grid) that lands clear of the walls
	// and of the sweeps the piece stood in, and of the other leaves in
	// their wall segments (another door's sweep does not count: a later
	// round moves the piece out of that one); when none does, the least
	// move (the wall pass then pushes the piece back out). Two clear
	// moves of the same rounded length leave no obvious way out: the
	// piece stays (tied).
	blocked := func(m geom.Rect) bool {
		for _, f := range doorsNear(p, m) {
			if _, _, _, ok := f.sweep(m); !ok {
				continue
			}
			for _, g := range in {
				if f.wall == g.wall && f.seg == g.seg {
					return true
				}
			}
		}
		return false
	}
	type option struct {
		axis geom.Point
		d    float64
	}
	best, bestClear, bestLen := r, false, math.Inf(1)
	for _, f := range in {
		hinge, u, v, _ := f.sweep(r)
		u0, u1, v0, _ := extent(r, hinge, u, v)
		rad := f.width
		du := math.Max(0, u0)
		dv := math.Max(0, v0)
		opts := [...]option{
			{v, math.Max(0, math.Sqrt(math.Max(0, rad*rad-du*du))-v0)}, // across, out of reach
			{u.Mul(-1), math.Max(0, u1)},                               // along, behind the hinge
			{u, math.Max(0, math.Sqrt(math.Max(0, rad*rad-dv*dv))-u0)}, // along, past the leaf
		}
		for _, o := range opts {
			m := moveAcross(r, o.axis, o.d, grid, true)
			ok := fits(p, r, m) && !blocked(m)
			n := math.Abs(m.Min.X-r.Min.X) + math.Abs(m.Min.Y-r.Min.Y)
			switch {
			case (ok && !bestClear) || (ok == bestClear && n < bestLen-1e-9):
				best, bestClear, bestLen, tied = m, ok, n, false
			case ok && bestClear && n <= bestLen+1e-9 && m.Min != best.Min:
				tied = true
			}
		}
	}
	if tied {
		return r, true, true
	}
	return best, true, false
}

// inSweepOn reports whether r stands in the sweep of a hinged leaf in
// segment seg of wall w.
func inSweepOn(p *ir.Plan, r geom.Rect, w, seg int) bool {
	for _, f := range doorsNear(p, r) {
		if _, _, _, in := f.sweep(r); in && f.wall == w && f.seg == seg {
			return true
		}
	}
	return false
}

// sweep reports whether r stands in f's leaf sweep (touching counts),
// with the sweep's frame: the hinge, u toward the other jamb and v along
// the open leaf.
func (f doorFrame) sweep(r geom.Rect) (hinge, u, v geom.Point, in bool) {
	if !f.hinged {
		return
	}
	hinge, u = f.a, f.d
	if f.hinge == vocab.Right {
		hinge, u = f.a.Add(f.d.Mul(f.width)), f.d.Mul(-1)
	}
	v = f.n.Mul(f.side)
	u0, u1, v0, v1 := extent(r, hinge, u, v)
	rad := f.width
	if u1 < -1e-9 || u0 > rad+1e-9 || v1 < -1e-9 || v0 > rad+1e-9 {
		return hinge, u, v, false
	}
	return hinge, u, v, math.Hypot(math.Max(0, u0), math.Max(0, v0)) <= rad+1e-9
}

// extent returns r's extent in the frame at origin o with unit axes u, v.
func extent(r geom.Rect, o, u, v geom.Point) (u0, u1, v0, v1 float64) {
	u0, v0 = math.Inf(1), math.Inf(1)
	u1, v1 = math.Inf(-1), math.Inf(-1)
	for _, c := range []geom.Point{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}} {
		q := c.Sub(o)
		a, b := q.Dot(u), q.Dot(v)
		u0, u1 = math.Min(u0, a), math.Max(u1, a)
		v0, v1 = math.Min(v0, b), math.Max(v1, b)
	}
	return
}

// moveAcross shifts r by d ≥ 0 along the unit axis n, rounded outward to
// the grid. A strict move is a whole number of grid steps always longer
// than d (a step more when d is one already), so it ends past the exact
// target even where the piece stands off the grid; any other move lands
// on the grid.
func moveAcross(r geom.Rect, n geom.Point, d float64, grid float64, strict bool) geom.Rect {
	if strict && grid > 0 {
		d = (math.Floor(d/grid+1e-9) + 1) * grid
		return shift(r, n.X*d, n.Y*d)
	}
	dx := outward(n.X, d, r.Min.X, grid)
	dy := outward(n.Y, d, r.Min.Y, grid)
	return shift(r, dx, dy)
}

// outward returns the component along one plan axis (c is the axis
// direction's component) of a move by d from position x.
func outward(c, d, x, grid float64) float64 {
	if math.Abs(c) < 1e-9 {
		return 0
	}
	if grid <= 0 {
		return c * d
	}
	t := x + c*d
	if c > 0 {
		return math.Ceil(t/grid-1e-9)*grid - x
	}
	return math.Floor(t/grid+1e-9)*grid - x
}

// num prints a coordinate: whole numbers plainly, others to three decimals.
func num(v float64) string { return numfmt.Fixed(numfmt.HalfAwayTo(v, 3), -1) }

// derived holds what a run derives from one storey's plan once: its wall
// bands and its door frames.
type derived struct {
	bandsOnce sync.Once
	bands     []band
	doorsOnce sync.Once
	doors     []doorFrame

	// The indexes: the boxes of each band and of each door's reach (its
	// landing and its leaf's sweep); maxHalf is the thickest band's half.
	indexOnce sync.Once
	bandIx    *geom.RectIndex
	maxHalf   float64
	doorIx    *geom.RectIndex
}

// index builds d's indexes of p.
func (d *derived) index(p *ir.Plan) {
	all := bands(p)
	bb := make([]geom.Rect, len(all))
	for i, b := range all {
		bb[i] = b.solid
		if b.axis == 0 {
			d.maxHalf = max(d.maxHalf, (b.solid.Max.Y-b.solid.Min.Y)/2)
		} else {
			d.maxHalf = max(d.maxHalf, (b.solid.Max.X-b.solid.Min.X)/2)
		}
	}
	d.bandIx = geom.NewRectIndex(bb)
	ds := doors(p)
	db := make([]geom.Rect, len(ds))
	for i, f := range ds {
		// Landing: the opening's width along the wall, LandingDepth each
		// side; sweep: the leaf's width round either jamb. A square of
		// twice the width plus the landing round the opening's centre
		// holds both.
		c := f.a.Add(f.d.Mul(f.width / 2))
		h := 2*f.width + LandingDepth + 1
		db[i] = geom.Rect{Min: geom.Point{X: c.X - h, Y: c.Y - h}, Max: geom.Point{X: c.X + h, Y: c.Y + h}}
	}
	d.doorIx = geom.NewRectIndex(db)
}

// doorsNear is doors(p), less the doors whose landing and sweep cannot
// reach r, in the same order.
func doorsNear(p *ir.Plan, r geom.Rect) []doorFrame {
	all := doors(p)
	d := derivedOf(p)
	if d == nil {
		return all
	}
	d.indexOnce.Do(func() { d.index(p) })
	near := d.doorIx.Query(r)
	out := make([]doorFrame, len(near))
	for k, i := range near {
		out[k] = all[i]
	}
	return out
}

// backed reports whether a band among near (indexes into bands) runs
// along a side of r with its centreline within BackReach, as backFixture
// tests each band.
func backed(r geom.Rect, bands []band, near []int) bool {
	for _, i := range near {
		if gap, _, _, ok := bandGap(r, bands[i]); ok && gap >= -1e-9 && gap <= BackReach+1e-9 && covers(bands[i], r) {
			return true
		}
	}
	return false
}

// covers reports whether band b's segment runs past the middle of r's
// side that faces it (ends included): only then does it back the piece.
func covers(b band, r geom.Rect) bool {
	c := r.Center().X
	if b.axis == 1 {
		c = r.Center().Y
	}
	return c >= b.lo-1e-9 && c <= b.hi+1e-9
}

// bandGap measures band b against a piece r it runs alongside (ok when
// they share some of the segment's own length): the gap from the piece's
// facing side to the band's centreline, and the move (dx, dy) that sets
// the piece against the band's face.
func bandGap(r geom.Rect, b band) (gap, dx, dy float64, ok bool) {
	c := r.Center()
	if b.axis == 0 {
		if overlap1(r.Min.X, r.Max.X, b.lo, b.hi) <= 1e-9 {
			return 0, 0, 0, false
		}
		mid := b.solid.Min.Y + (b.solid.Max.Y-b.solid.Min.Y)/2
		if mid <= c.Y {
			return r.Min.Y - mid, 0, b.solid.Max.Y - r.Min.Y, true
		}
		return mid - r.Max.Y, 0, b.solid.Min.Y - r.Max.Y, true
	}
	if overlap1(r.Min.Y, r.Max.Y, b.lo, b.hi) <= 1e-9 {
		return 0, 0, 0, false
	}
	mid := b.solid.Min.X + (b.solid.Max.X-b.solid.Min.X)/2
	if mid <= c.X {
		return r.Min.X - mid, b.solid.Max.X - r.Min.X, 0, true
	}
	return mid - r.Max.X, b.solid.Min.X - r.Max.X, 0, true
}

// derivedPlans are the storeys of the runs in progress.
var derivedPlans sync.Map // *ir.Plan → *derived

// derivedOf is p's derived geometry while a run is working on it, or nil
// (callers then compute afresh).
func derivedOf(p *ir.Plan) *derived {
	if v, ok := derivedPlans.Load(p); ok {
		return v.(*derived)
	}
	return nil
}

// placedSet holds the pieces a storey has placed so far, in order, with a
// grid of PlacedCell-sized cells to find the ones near a box.
type placedSet struct {
	rects []geom.Rect
	ids   []string // each piece's resolved id
	cells map[[2]int][]int
	big   []int // pieces too large (or not finite) for the grid
	// seen[i] == visit when each has passed piece i in the current
	// visit: a piece filed under several cells is passed once.
	seen  []uint32
	visit uint32
	// hits is largest's scratch list.
	hits []int
}

// PlacedCell is the side of a placedSet's grid cell, in mm: about a
// piece of furniture.
const PlacedCell = 1000

// maxPlacedCells is the most cells one piece is filed under.
const maxPlacedCells = 64

func newPlacedSet() *placedSet { return &placedSet{cells: map[[2]int][]int{}} }

// span is the cells r covers, and whether it fits the grid.
func placedSpan(r geom.Rect) (c0, r0, c1, r1 int, ok bool) {
	x0, y0 := math.Floor(r.Min.X/PlacedCell), math.Floor(r.Min.Y/PlacedCell)
	x1, y1 := math.Floor(r.Max.X/PlacedCell), math.Floor(r.Max.Y/PlacedCell)
	if !(x0 <= x1 && y0 <= y1) || math.Abs(x0) > 1<<40 || math.Abs(x1) > 1<<40 || math.Abs(y0) > 1<<40 || math.Abs(y1) > 1<<40 ||
		(x1-x0+1)*(y1-y0+1) > maxPlacedCells {
		return 0, 0, 0, 0, false
	}
	return int(x0), int(y0), int(x1), int(y1), true
}

func (ps *placedSet) add(r geom.Rect, id string) {
	i := len(ps.rects)
	ps.rects = append(ps.rects, r)
	ps.ids = append(ps.ids, id)
	ps.file(i, r)
}

// move puts piece i at r.
func (ps *placedSet) move(i int, r geom.Rect) {
	if c0, r0, c1, r1, ok := placedSpan(ps.rects[i]); ok {
		for c := c0; c <= c1; c++ {
			for rr := r0; rr <= r1; rr++ {
				k := [2]int{c, rr}
				ps.cells[k] = slices.DeleteFunc(ps.cells[k], func(j int) bool { return j == i })
			}
		}
	} else {
		ps.big = slices.DeleteFunc(ps.big, func(j int) bool { return j == i })
	}
	ps.rects[i] = r
	ps.file(i, r)
}

// file files piece i, at r, under the cells r covers.
func (ps *placedSet) file(i int, r geom.Rect) {
	c0, r0, c1, r1, ok := placedSpan(r)
	if !ok {
		ps.big = append(ps.big, i)
		return
	}
	for c := c0; c <= c1; c++ {
		for rr := r0; rr <= r1; rr++ {
			ps.cells[[2]int{c, rr}] = append(ps.cells[[2]int{c, rr}], i)
		}
	}
}

// each calls f once for every piece whose cells r's cells meet (every
// piece when r is too large for the grid): all that can overlap r. The
// order is not the placing order. It stops when f returns false; f must
// not add or move pieces.
func (ps *placedSet) each(r geom.Rect, f func(i int) bool) {
	c0, r0, c1, r1, ok := placedSpan(r)
	if !ok {
		for i := range ps.rects {
			if !f(i) {
				return
			}
		}
		return
	}
	for _, i := range ps.big {
		if !f(i) {
			return
		}
	}
	if c0 == c1 && r0 == r1 {
		for _, i := range ps.cells[[2]int{c0, r0}] {
			if !f(i) {
				return
			}
		}
		return
	}
	if len(ps.seen) < len(ps.rects) {
		ps.seen = append(ps.seen, make([]uint32, len(ps.rects)-len(ps.seen))...)
	}
	ps.visit++
	if ps.visit == 0 {
		clear(ps.seen)
		ps.visit = 1
	}
	for c := c0; c <= c1; c++ {
		for rr := r0; rr <= r1; rr++ {
			for _, i := range ps.cells[[2]int{c, rr}] {
				if ps.seen[i] == ps.visit {
					continue
				}
				ps.seen[i] = ps.visit
				if !f(i) {
					return
				}
			}
		}
	}
}
