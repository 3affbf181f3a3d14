// Package suggest proposes door and window statements for the topology
// faults a plan's facts reveal: a building nobody can enter, rooms no route
// reaches, a bathroom reached only through a bedroom and a bedroom without a
// window. It is advisory data: every candidate is the text of one statement
// the author may paste in, and nothing is ever applied to the plan.
//
// A candidate names its host wall by a reference that survives edits to the
// rest of the plan — the wall's authored id, or its category when exactly
// one wall has it — and otherwise spells out absolute coordinates; it never
// uses a generated positional id. Candidates sit at the middle of the
// longest stretch of a room's edge that is free of other openings (and, for
// a door, of furniture standing in front of it), longest stretch first.
//
// Output is deterministic: problems follow the plan's room order and
// candidates a fixed ranking with source order breaking ties.
package suggest

import (
	"cmp"
	"math"
	"slices"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/internal/numfmt"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// Limits and proposal sizes.
const (
	// MaxCandidates is the most candidates one problem lists.
	MaxCandidates = 3
	// DoorWidth is the clear width of a proposed door, in mm.
	DoorWidth = 900
	// WindowWidth is the width of a proposed window, in mm.
	WindowWidth = 1200
	// OpeningGap is the wall kept clear on each side of an existing
	// opening, in mm.
	OpeningGap = 100
	// EdgeTolerance is how far a room edge may sit from a wall's centreline
	// and still count as lying on it, in mm.
	EdgeTolerance = 1
	// DoorLanding is how deep in front of a proposed door furniture blocks
	// it, in mm.
	DoorLanding = 900
)

// Problem codes a suggestion answers.
const (
	CodeNoEntrance   = diag.WarnNoEntrance
	CodeUnreachable  = diag.WarnRoomUnreachable
	CodeBathVia      = diag.WarnBathViaBedroom
	CodeNoWindowBed  = diag.WarnBedroomNoWindow
	exteriorCategory = "exterior"
)

// Codes are the lint findings suggestions are made from: a caller that
// lints only for Suggest may keep just these.
var Codes = []string{CodeNoEntrance, CodeUnreachable, CodeBathVia, CodeNoWindowBed}

// NeedsFindings reports whether lint findings can change what Suggest
// answers for p: whether lint could raise either finding Suggest reads,
// a bedroom without a window or a bathroom every way into which crosses
// a bedroom. When it cannot, a caller may pass no findings instead of
// linting for them.
//
// Both findings need a bedroom on the storey of the room they flag. On a
// plan of one storey the rules' own conditions are read too, from the
// model lint builds (analysis.NewModel): a bedroom no window touches, or
// a bathroom the connector graph reaches from outside only through a
// bedroom. A plan of levels needs the findings whenever a storey has a
// bedroom (its shafts join storeys' graphs).
func NeedsFindings(p *ir.Plan) bool {
	if p == nil {
		return false
	}
	return needsFindings(p, func() *analysis.Model { return analysis.NewModel(p) })
}

// NeedsFindingsOf is NeedsFindings of m's plan, reading m where it needs
// the model, for a caller that has built it already.
func NeedsFindingsOf(m *analysis.Model) bool {
	return needsFindings(m.Plan, func() *analysis.Model { return m })
}

// needsFindings is NeedsFindings with the model built, or lent, by model,
// which it calls only when the quick tests leave the answer open.
func needsFindings(p *ir.Plan, model func() *analysis.Model) bool {
	if len(p.Pages) > 0 {
		for _, pg := range p.Pages {
			if slices.ContainsFunc(roomUses(pg), isBedroomUse) {
				return true
			}
		}
		return false
	}
	uses := roomUses(p)
	if !slices.ContainsFunc(uses, isBedroomUse) {
		return false
	}
	if windowlessBedroom(p, uses) {
		return true // without building the model
	}
	m := model()
	return bedroomWithoutWindow(m, uses) || bathThroughBedroom(m, uses)
}

// roomUses is each room's uses, as lint classifies it.
func roomUses(p *ir.Plan) [][]string {
	out := make([][]string, len(p.Rooms))
	for i := range p.Rooms {
		r := &p.Rooms[i]
		out[i] = analysis.RoomUses(r.Uses, r.Label, r.ID)
	}
	return out
}

func isBedroomUse(uses []string) bool { return slices.Contains(uses, "bedroom") }

func isBathUse(uses []string) bool {
	return slices.Contains(uses, "bath") || slices.Contains(uses, "wc")
}

// maxQuickPairs bounds the bedroom-window pairs windowlessBedroom tests.
const maxQuickPairs = 1 << 20

// windowlessBedroom reports a bedroom no window's centre comes near: no
// window can touch it (an opening touches the rooms whose boundary its
// centre lies within analysis.TouchTolerance of), so lint flags it. It is
// a quick test that spares building the model; false says nothing.
func windowlessBedroom(p *ir.Plan, uses [][]string) bool {
	var windows []geom.Point
	for i := range p.Openings {
		if p.Openings[i].Kind == ir.Window {
			windows = append(windows, p.Openings[i].Center)
		}
	}
	bedrooms := 0
	for _, u := range uses {
		if isBedroomUse(u) {
			bedrooms++
		}
	}
	if bedrooms*len(windows) > maxQuickPairs {
		return false
	}
	const pad = analysis.TouchTolerance + 1
	for i, u := range uses {
		if !isBedroomUse(u) {
			continue
		}
		b := roomBox(&p.Rooms[i])
		near := func(q geom.Point) bool {
			return q.X >= b.Min.X-pad && q.X <= b.Max.X+pad && q.Y >= b.Min.Y-pad && q.Y <= b.Max.Y+pad
		}
		if !slices.ContainsFunc(windows, near) {
			return true
		}
	}
	return false
}

// roomBox is the box of a room's boundary: its circle's for a round room,
// else its ring's.
func roomBox(r *ir.Room) geom.Rect {
	if r.Shape == ir.RoomCircle {
		return geom.Rect{Min: geom.Point{X: r.Center.X - r.Radius, Y: r.Center.Y - r.Radius}, Max: geom.Point{X: r.Center.X + r.Radius, Y: r.Center.Y + r.Radius}}
	}
	return r.Polygon.Bounds()
}

// bedroomWithoutWindow reports whether some bedroom has no window among
// the openings touching it (m.Touch), which W_BEDROOM_NO_WINDOW flags.
func bedroomWithoutWindow(m *analysis.Model, uses [][]string) bool {
	windowed := make([]bool, len(uses))
	for k, rooms := range m.Touch {
		if m.Plan.Openings[k].Kind != ir.Window {
			continue
		}
		for _, i := range rooms {
			if i >= 0 && i < len(windowed) {
				windowed[i] = true
			}
		}
	}
	for i, u := range uses {
		if isBedroomUse(u) && !windowed[i] {
			return true
		}
	}
	return false
}

// bathThroughBedroom reports whether some bathroom is reached from
// outside, but not without crossing a bedroom, over every connector
// (m.Edges), which W_BATH_VIA_BEDROOM flags.
func bathThroughBedroom(m *analysis.Model, uses [][]string) bool {
	g := analysis.NewRoomGraph(m.Plan.Rooms)
	for _, e := range m.Edges() {
		g.JoinIDs(e.Between[0], e.Between[1])
	}
	if !g.Entered() {
		return false
	}
	reached := g.Reach(nil)
	avoiding := g.Reach(func(j int) bool { return isBedroomUse(uses[j]) })
	for i, u := range uses {
		if reached[i] && !avoiding[i] && isBathUse(u) {
			return true
		}
	}
	return false
}

// Candidate is one ready-to-paste statement and why it helps.
type Candidate struct {
	InsertText string `json:"insertText"`
	Rationale  string `json:"rationale"`
}

// Suggestion is one problem of the plan with the statements that would
// resolve it, best first.
type Suggestion struct {
	Problem    string      `json:"problem"`
	Code       string      `json:"code"`
	RoomID     string      `json:"roomId"`
	Candidates []Candidate `json:"candidates"`
}

// Suggest lists the suggestions for a resolved plan. facts are the plan's
// describe facts and findings its lint warnings (used for the bedroom and
// bathroom rules). The result is never nil.
func Suggest(p *ir.Plan, facts *analysis.Facts, findings diag.List) []Suggestion {
	out := []Suggestion{}
	if p == nil || facts == nil {
		return out
	}
	s := newSuggester(p, facts, findings)
	if !facts.Access.HasEntrance {
		if sg, ok := s.noEntrance(); ok {
			out = append(out, sg)
		}
	}
	// Room by room the unreachable rooms and the windowless bedrooms,
	// then the bathrooms entered through a bedroom.
	for i := range p.Rooms {
		if facts.Access.HasEntrance && !s.reachable[i] {
			out = append(out, s.unreachable(i, CodeUnreachable))
		}
		if s.flagged(i, CodeNoWindowBed) {
			out = append(out, s.window(i))
		}
	}
	for i := range p.Rooms {
		if (!facts.Access.HasEntrance || s.reachable[i]) && s.flagged(i, CodeBathVia) {
			out = append(out, s.unreachable(i, CodeBathVia))
		}
	}
	// A problem no statement can resolve is not listed.
	return slices.DeleteFunc(out, func(sg Suggestion) bool { return len(sg.Candidates) == 0 })
}

// suggester holds the derived facts the rules share. reachable and flags
// are read first, to find the problems; the rest (uses and onward) only
// serves proposing statements, and is derived by prepare when the plan
// has a problem at all.
type suggester struct {
	p         *ir.Plan
	reachable []bool
	// prepared reports that prepare has run.
	prepared bool
	uses     [][]string
	segs     []wallSeg
	// bounds is each room's bounding box; roomIx indexes them, and openIx
	// the reach of each opening's block (see freeStretch).
	bounds         []geom.Rect
	roomIx, openIx *geom.RectIndex
	// segIx indexes the boxes of segs.
	segIx *geom.RectIndex
	// flags holds the span of every finding, by code.
	flags map[string]map[any]bool
	// furnIx indexes the furniture's boxes.
	furnIx *geom.RectIndex
	// edges are the plan's connectors, for the walks that avoid rooms;
	// graph is read off them on first use.
	edges []analysis.AccessEdge
	graph *analysis.RoomGraph
}

// wallSeg is one straight segment of a wall with its offset along the wall.
type wallSeg struct {
	wall  int
	seg   geom.Segment
	start float64 // distance along the wall where the segment starts
}

// newSuggester reads which rooms the entrance reaches and which rooms lint
// flagged.
func newSuggester(p *ir.Plan, facts *analysis.Facts, findings diag.List) *suggester {
	s := &suggester{p: p, edges: facts.Access.Edges}
	s.reachable = make([]bool, len(p.Rooms))
	// The first access entry of each id answers for it.
	reach := make(map[string]bool, len(facts.Access.Rooms))
	for _, ar := range facts.Access.Rooms {
		if _, seen := reach[ar.ID]; !seen {
			reach[ar.ID] = ar.Reachable
		}
	}
	for i, r := range p.Rooms {
		s.reachable[i] = reach[r.ID]
	}
	s.flags = map[string]map[any]bool{}
	for _, d := range findings {
		if s.flags[d.Code] == nil {
			s.flags[d.Code] = map[any]bool{}
		}
		s.flags[d.Code][d.Span] = true
	}
	return s
}

// prepare derives what proposing statements reads: the rooms' uses, the
// boxes and indexes of rooms, openings and furniture, and the straight
// wall segments. It runs once, before the first proposal.
func (s *suggester) prepare() {
	if s.prepared {
		return
	}
	s.prepared = true
	p := s.p
	for _, r := range p.Rooms {
		s.bounds = append(s.bounds, r.Polygon.Bounds())
	}
	s.roomIx = geom.NewRectIndex(s.bounds)
	boxes := make([]geom.Rect, len(p.Openings))
	for i, op := range p.Openings {
		// An opening blocks a stretch its width and OpeningGap to each
		// side, from a centre within the tolerance of the wall's line.
		h := op.Width/2 + OpeningGap + EdgeTolerance + 2
		boxes[i] = geom.Rect{Min: geom.Point{X: op.Center.X - h, Y: op.Center.Y - h}, Max: geom.Point{X: op.Center.X + h, Y: op.Center.Y + h}}
	}
	s.openIx = geom.NewRectIndex(boxes)
	fb := make([]geom.Rect, len(p.Furniture))
	for i, f := range p.Furniture {
		fb[i] = f.Rect
	}
	s.furnIx = geom.NewRectIndex(fb)
	for _, r := range p.Rooms {
		s.uses = append(s.uses, analysis.RoomUses(r.Uses, r.Label, r.ID))
	}
	for wi, w := range p.Walls {
		along := 0.0
		for k, sg := range w.Segments() {
			if k < len(w.Arcs) && w.Arcs[k].Arc {
				along += sg.Len()
				continue // no candidate on a curve
			}
			s.segs = append(s.segs, wallSeg{wall: wi, seg: sg, start: along})
			along += sg.Len()
		}
	}
	sb := make([]geom.Rect, len(s.segs))
	for k, ws := range s.segs {
		a, b := ws.seg.A, ws.seg.B
		sb[k] = geom.Rect{Min: geom.Point{X: min(a.X, b.X), Y: min(a.Y, b.Y)}, Max: geom.Point{X: max(a.X, b.X), Y: max(a.Y, b.Y)}}
	}
	s.segIx = geom.NewRectIndex(sb)
}

func (s *suggester) is(i int, use ...string) bool {
	for _, u := range use {
		if slices.Contains(s.uses[i], u) {
			return true
		}
	}
	return false
}

func (s *suggester) bedroom(i int) bool { return s.is(i, "bedroom") }
func (s *suggester) bath(i int) bool    { return s.is(i, "bath", "wc") }

// flagged reports whether lint raised code on room i.
func (s *suggester) flagged(i int, code string) bool {
	return s.flags[code][s.p.Rooms[i].Span]
}

func name(r ir.Room) string {
	if r.Label != "" {
		return r.Label
	}
	return r.ID
}

// interval is a stretch [a, b] along a wall segment.
type interval struct{ a, b float64 }

// spot is one candidate position: the middle of a free stretch of room
// edge lying on a wall segment.
type spot struct {
	room  int
	ws    int     // index into segs
	at    float64 // distance along the segment
	free  float64 // length of the free stretch
	edge  int     // which edge of the room's ring the stretch lies on
	order int     // enumeration order
}

// spots lists, for room i, the best free stretch of each of its edges that
// lies on a wall accepted by keep, for an opening of the given width.
func (s *suggester) spots(i int, width float64, door bool, keep func(w int) bool) []spot {
	r := &s.p.Rooms[i]
	if r.Shape != ir.RoomRect {
		return nil
	}
	ring := r.Polygon
	var out []spot
	// Only a segment whose box comes within the tolerance of the room's
	// can carry one of its edges.
	rb := s.bounds[i]
	near := geom.Rect{Min: geom.Point{X: rb.Min.X - 2*EdgeTolerance, Y: rb.Min.Y - 2*EdgeTolerance}, Max: geom.Point{X: rb.Max.X + 2*EdgeTolerance, Y: rb.Max.Y + 2*EdgeTolerance}}
	for _, k := range s.segIx.Query(near) {
		ws := s.segs[k]
		if !keep(ws.wall) {
			continue
		}
		for e := range ring {
			a, b := ring[e], ring[(e+1)%len(ring)]
			lo, hi, ok := overlap(ws.seg, a, b)
			if !ok {
				continue
			}
			at, free, ok := s.freeStretch(i, k, lo, hi, width, door)
			if !ok {
				continue
			}
			out = append(out, spot{room: i, ws: k, at: at, free: free, edge: e})
		}
	}
	return out
}

// overlap returns the stretch [lo, hi] of segment sg (distances along it)
// that the room edge a→b covers, when the edge lies on the segment.
func overlap(sg geom.Segment, a, b geom.Point) (lo, hi float64, ok bool) {
	l := sg.Len()
	if l == 0 {
		return 0, 0, false
	}
	ta, oa := sg.Project(a)
	tb, ob := sg.Project(b)
	if math.Abs(oa) > EdgeTolerance || math.Abs(ob) > EdgeTolerance {
		return 0, 0, false
	}
	lo, hi = math.Max(0, math.Min(ta, tb)), math.Min(l, math.Max(ta, tb))
	if hi-lo <= EdgeTolerance {
		return 0, 0, false
	}
	return lo, hi, true
}

// freeStretch finds the longest stretch of [lo, hi] on segment k clear of
// existing openings (and, for a door, of furniture in front of it), and
// returns its middle when an opening of width fits.
func (s *suggester) freeStretch(room, k int, lo, hi, width float64, door bool) (at, free float64, ok bool) {
	ws := s.segs[k]
	var blocks []interval
	// Only what meets the stretch [lo, hi] can block it: the openings and
	// rooms near it come from box indexes, in plan order.
	stretch := stretchBox(ws.seg, lo, hi, 2*EdgeTolerance+1)
	for _, oi := range s.openIx.Query(stretch) {
		op := &s.p.Openings[oi]
		if op.Wall != ws.wall {
			continue
		}
		t, off := ws.seg.Project(op.Center)
		if math.Abs(off) > EdgeTolerance+1 {
			continue
		}
		blocks = append(blocks, interval{t - op.Width/2 - OpeningGap, t + op.Width/2 + OpeningGap})
	}
	if door {
		blocks = append(blocks, s.furnitureBlocks(room, ws.seg)...)
	}
	if s.exterior(ws.wall) {
		blocks = append(blocks, s.neighbourBlocks(room, ws.seg, stretch)...)
	}
	slices.SortFunc(blocks, func(x, y interval) int { return cmp.Compare(x.a, y.a) })
	best := interval{-1, -1}
	cur := lo
	// Of two equally long stretches the one nearer the low end of the
	// plan's axes wins (the smaller x, then the smaller y), whichever way
	// the segment runs.
	try := func(a, b float64) {
		d := (b - a) - (best.b - best.a)
		if d > 1e-9 || (d > -1e-9 && before(ws.seg.At(a), ws.seg.At(best.a))) {
			best = interval{a, b}
		}
	}
	for _, bl := range blocks {
		if bl.b <= cur || bl.a >= hi {
			continue
		}
		if bl.a > cur {
			try(cur, bl.a)
		}
		cur = math.Max(cur, bl.b)
	}
	if cur < hi {
		try(cur, hi)
	}
	if best.a < 0 || best.b-best.a < width-1e-9 {
		return 0, 0, false
	}
	return (best.a + best.b) / 2, best.b - best.a, true
}

// furnitureBlocks returns the stretches of sg that furniture covers where
// it stands in front of a door on room's side of the wall: any piece (in
// this room or straddling into it) that reaches into the strip DoorLanding
// deep along the wall on the room's side.
func (s *suggester) furnitureBlocks(room int, sg geom.Segment) []interval {
	var out []interval
	side := 1.0
	switch c := signedOff(sg, s.p.Rooms[room].Polygon.Bounds().Center()); {
	case c < 0:
		side = -1
	case c == 0:
		return nil
	}
	a, b := sg.A, sg.B
	reach := geom.Rect{Min: geom.Point{X: min(a.X, b.X) - DoorLanding, Y: min(a.Y, b.Y) - DoorLanding}, Max: geom.Point{X: max(a.X, b.X) + DoorLanding, Y: max(a.Y, b.Y) + DoorLanding}}
	for _, fi := range s.furnIx.Query(reach) {
		f := &s.p.Furniture[fi]
		corners := []geom.Point{f.Rect.Min, {X: f.Rect.Max.X, Y: f.Rect.Min.Y}, f.Rect.Max, {X: f.Rect.Min.X, Y: f.Rect.Max.Y}}
		lo, hi := math.Inf(1), math.Inf(-1)
		near, far := math.Inf(1), math.Inf(-1)
		for _, q := range corners {
			t, _ := sg.Project(q)
			lo, hi = math.Min(lo, t), math.Max(hi, t)
			off := signedOff(sg, q) * side
			near, far = math.Min(near, off), math.Max(far, off)
		}
		if far <= 0 || near >= DoorLanding {
			continue
		}
		out = append(out, interval{lo, hi})
	}
	return out
}

// signedOff is p's distance from sg's line, positive on the left of A→B.
func signedOff(sg geom.Segment, p geom.Point) float64 {
	u := sg.B.Sub(sg.A).Unit()
	return u.Cross(p.Sub(sg.A))
}

// before orders points by x, then y.
func before(p, q geom.Point) bool {
	if math.Abs(p.X-q.X) > 1e-9 {
		return p.X < q.X
	}
	return p.Y < q.Y-1e-9
}

// rank orders spots by free length, longest first, enumeration breaking ties.
func rank(sp []spot) {
	for i := range sp {
		sp[i].order = i
	}
	slices.SortStableFunc(sp, func(a, b spot) int {
		if c := cmp.Compare(b.free, a.free); c != 0 {
			return c
		}
		return cmp.Compare(a.order, b.order)
	})
}

func (s *suggester) exterior(w int) bool {
	return string(s.p.Walls[w].Kind) == exteriorCategory
}

// noEntrance proposes an entrance door into a room that is neither a
// bedroom nor a bathroom.
func (s *suggester) noEntrance() (Suggestion, bool) {
	s.prepare()
	// Bedrooms and bathrooms are passed over while another room can take
	// the door; a building of nothing else gets one anyway.
	var all []spot
	for _, private := range []bool{false, true} {
		for i := range s.p.Rooms {
			if (s.bedroom(i) || s.bath(i)) != private {
				continue
			}
			all = append(all, s.spots(i, DoorWidth, true, s.exterior)...)
		}
		if len(all) > 0 {
			break
		}
	}
	sortByWall(s, all)
	rank(all)
	if len(all) == 0 {
		return Suggestion{}, false
	}
	sg := Suggestion{
		Problem:    "Nobody can get into the building: no door or opening sits in an exterior wall.",
		Code:       CodeNoEntrance,
		RoomID:     s.p.Rooms[all[0].room].ID,
		Candidates: []Candidate{},
	}
	for _, sp := range all[:min(len(all), MaxCandidates)] {
		w := s.p.Walls[s.segs[sp.ws].wall]
		sg.Candidates = append(sg.Candidates, Candidate{
			InsertText: s.statement("door", sp, DoorWidth),
			Rationale:  "An entrance door in exterior wall " + quote(w.GenID) + " would let people into " + quote(name(s.p.Rooms[sp.room])) + " from outside.",
		})
	}
	return sg, true
}

// sortByWall orders spots by wall, then by segment, then by position.
func sortByWall(s *suggester, sp []spot) {
	slices.SortStableFunc(sp, func(a, b spot) int {
		if c := cmp.Compare(a.ws, b.ws); c != 0 {
			return c
		}
		return cmp.Compare(a.at, b.at)
	})
}

// unreachable proposes doors for room i: to the outside, or through a
// shared wall to a room that reaches the entrance (never a bedroom for a
// bathroom's problem).
func (s *suggester) unreachable(i int, code string) Suggestion {
	s.prepare()
	r := s.p.Rooms[i]
	sg := Suggestion{Code: code, RoomID: r.ID, Candidates: []Candidate{}}
	if code == CodeBathVia {
		sg.Problem = "Bathroom " + quote(name(r)) + " can only be reached by walking through a bedroom."
	} else {
		sg.Problem = "No route leads from the entrance to room " + quote(name(r)) + "."
	}
	var ext []spot
	ext = s.spots(i, DoorWidth, true, s.exterior)
	var inner []struct {
		sp spot
		to int
	}
	// Each interior spot joins the rooms whose boundary it lies on: found
	// through the room index, then listed edge by edge of the room's ring
	// (as the reference goes round it), and room by room, spot by spot
	// along one edge.
	type join struct{ room, spot int }
	var joins []join
	own := s.spots(i, DoorWidth, true, func(w int) bool { return !s.exterior(w) })
	// A bathroom's new neighbour must be reached without crossing a
	// bedroom (or the bathroom itself): otherwise the door changes nothing.
	reached := s.reachable
	if code == CodeBathVia {
		reached = s.reachAvoiding(func(j int) bool { return j == i || s.bedroom(j) })
	}
	for k, sp := range own {
		q := s.segs[sp.ws].seg.At(sp.at)
		pad := float64(EdgeTolerance + 1)
		for _, j := range s.roomIx.Query(geom.Rect{Min: geom.Point{X: q.X - pad, Y: q.Y - pad}, Max: geom.Point{X: q.X + pad, Y: q.Y + pad}}) {
			if j == i || !reached[j] || !s.sharedEdge(j, sp) {
				continue
			}
			joins = append(joins, join{j, k})
		}
	}
	slices.SortFunc(joins, func(a, b join) int {
		if c := cmp.Compare(own[a.spot].edge, own[b.spot].edge); c != 0 {
			return c
		}
		if a.room != b.room {
			return a.room - b.room
		}
		return a.spot - b.spot
	})
	for _, jn := range joins {
		inner = append(inner, struct {
			sp spot
			to int
		}{own[jn.spot], jn.room})
	}
	var all []spot
	all = append(all, ext...)
	to := make([]int, len(ext))
	for k := range to {
		to[k] = -1
	}
	for _, in := range inner {
		all = append(all, in.sp)
		to = append(to, in.to)
	}
	for k := range all {
		all[k].order = k
	}
	idx := make([]int, len(all))
	for k := range idx {
		idx[k] = k
	}
	// A bedroom or bathroom is better entered from inside than from outside.
	interiorFirst := s.bedroom(i) || s.bath(i)
	slices.SortStableFunc(idx, func(a, b int) int {
		if interiorFirst {
			ia, ib := to[a] >= 0, to[b] >= 0
			if ia != ib {
				if ia {
					return -1
				}
				return 1
			}
		}
		return cmp.Compare(all[b].free, all[a].free)
	})
	for _, k := range idx[:min(len(idx), MaxCandidates)] {
		sp := all[k]
		w := s.p.Walls[s.segs[sp.ws].wall]
		var why string
		switch {
		case to[k] >= 0:
			why = "A door in wall " + quote(w.GenID) + " would join " + quote(name(r)) + " to " + quote(s.p.Rooms[to[k]].ID) + ", which the entrance already reaches."
		case code == CodeBathVia:
			why = "A door in exterior wall " + quote(w.GenID) + " would open " + quote(name(r)) + " straight to the outside, so nobody has to cross the bedroom."
		default:
			why = "A door in wall " + quote(w.GenID) + " would give " + quote(name(r)) + " its own way in from outside."
		}
		sg.Candidates = append(sg.Candidates, Candidate{InsertText: s.statement("door", sp, DoorWidth), Rationale: why})
	}
	return sg
}

// reachAvoiding walks the connectors from the exterior, never entering a
// room avoid accepts, and reports per room whether the walk reached it.
func (s *suggester) reachAvoiding(avoid func(j int) bool) []bool {
	if s.graph == nil {
		s.graph = s.connectorGraph()
	}
	return s.graph.Reach(avoid)
}

// connectorGraph is the plan's unambiguous connectors as a room graph.
func (s *suggester) connectorGraph() *analysis.RoomGraph {
	g := analysis.NewRoomGraph(s.p.Rooms)
	for _, e := range s.edges {
		if !e.Ambiguous {
			g.JoinIDs(e.Between[0], e.Between[1])
		}
	}
	return g
}

// neighbourBlocks returns the stretches of sg where another room's edge
// runs along it: an exterior wall there faces a neighbour, not the
// outside.
func (s *suggester) neighbourBlocks(room int, sg geom.Segment, near geom.Rect) []interval {
	var out []interval
	// Only a room whose box meets near (the stretch of sg in question,
	// grown by the tolerance) can have an edge along it there.
	for _, j := range s.roomIx.Query(near) {
		if j == room {
			continue
		}
		ring := s.p.Rooms[j].Polygon
		for e := range ring {
			if lo, hi, ok := overlap(sg, ring[e], ring[(e+1)%len(ring)]); ok {
				out = append(out, interval{lo, hi})
			}
		}
	}
	return out
}

// sharedEdge reports whether the spot's position also lies on room j's
// boundary (the wall separates room i from room j there).
func (s *suggester) sharedEdge(j int, sp spot) bool {
	q := s.segs[sp.ws].seg.At(sp.at)
	return analysis.DistToRoom(&s.p.Rooms[j], q) <= EdgeTolerance
}

// window proposes windows in bedroom i's exterior walls.
func (s *suggester) window(i int) Suggestion {
	s.prepare()
	r := s.p.Rooms[i]
	sg := Suggestion{
		Problem:    "Bedroom " + quote(name(r)) + " has no window.",
		Code:       CodeNoWindowBed,
		RoomID:     r.ID,
		Candidates: []Candidate{},
	}
	sp := s.spots(i, WindowWidth, false, s.exterior)
	rank(sp)
	for _, c := range sp[:min(len(sp), MaxCandidates)] {
		w := s.p.Walls[s.segs[c.ws].wall]
		sg.Candidates = append(sg.Candidates, Candidate{
			InsertText: s.statement("window", c, WindowWidth),
			Rationale:  "A window in exterior wall " + quote(w.GenID) + " would bring daylight into " + quote(name(r)) + " and give it an emergency way out.",
		})
	}
	return sg
}

// statement prints the proposal: `<kind> on <ref> at <p>% width <w>` with a
// stable wall reference, else `<kind> at (x, y) width <w>`.
func (s *suggester) statement(kind string, sp spot, width float64) string {
	ws := s.segs[sp.ws]
	w := s.p.Walls[ws.wall]
	ref := w.ID
	if ref == "" {
		n := 0
		for _, o := range s.p.Walls {
			if o.Kind == w.Kind {
				n++
			}
		}
		if n == 1 {
			ref = string(w.Kind)
		}
	}
	if ref == "" {
		q := ws.seg.At(sp.at)
		return kind + " at (" + num(q.X) + ", " + num(q.Y) + ") width " + num(width)
	}
	total := 0.0
	for _, sg := range w.Segments() {
		total += sg.Len()
	}
	pct := (ws.start + sp.at) / total * 100
	return kind + " on " + ref + " at " + fixed(pct, 3) + "% width " + num(width)
}

func quote(s string) string { return `"` + s + `"` }

// num prints a length in mm: whole numbers plainly, others to a tenth
// (fixed(v, 1)).
func num(v float64) string { return fixed(v, 1) }

// fixed prints v rounded to d decimals with ties away from zero
// (numfmt.HalfAwayTo), trailing zeros dropped (numfmt.Fixed).
func fixed(v float64, d int) string { return numfmt.Fixed(numfmt.HalfAwayTo(v, d), d) }

// stretchBox is the box of the stretch [lo, hi] of sg, grown by pad.
func stretchBox(sg geom.Segment, lo, hi, pad float64) geom.Rect {
	a, b := sg.At(lo), sg.At(hi)
	return geom.Rect{Min: geom.Point{X: min(a.X, b.X) - pad, Y: min(a.Y, b.Y) - pad}, Max: geom.Point{X: max(a.X, b.X) + pad, Y: max(a.Y, b.Y) + pad}}
}
