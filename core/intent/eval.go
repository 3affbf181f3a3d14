package intent

import (
	"fmt"
	"math"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/internal/numfmt"
)

// Report is an intent measured against a plan, in the wire shape of
// validate's intent block (without feedback).
type Report struct {
	// OK is true when the plan compiled and every gating predicate holds.
	OK         bool        `json:"ok"`
	Satisfied  int         `json:"satisfied"`
	Total      int         `json:"total"`
	Subscores  Subscores   `json:"subscores"`
	Violations []Violation `json:"violations"`
	// Results pairs each predicate with its outcome, in order.
	Results []Result `json:"-"`
}

// Subscores grade the four dimensions: the share of each dimension's
// predicates that hold. rooms grades the count's distance (1 exact, 0.5 one
// off, else 0) and is 1 when no count is asserted; labels is 1 with nothing
// asserted; area and adjacency are null when the intent asserts none.
type Subscores struct {
	Rooms     float64  `json:"rooms"`
	Labels    float64  `json:"labels"`
	Area      *float64 `json:"area"`
	Adjacency *float64 `json:"adjacency"`
}

// Violation is one failed predicate.
type Violation struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Gate is false for an advisory miss (adjacency, reachability).
	Gate bool `json:"gate"`
}

// Result is one predicate and whether it held.
type Result struct {
	Predicate
	Pass bool
}

// Score is the satisfied share rounded to four decimals (1 when nothing is
// asserted).
func (r Report) Score() float64 {
	if r.Total == 0 {
		return 1
	}
	return numfmt.HalfUp(float64(r.Satisfied)/float64(r.Total)*10000) / 10000
}

// state is the evaluation of one intent against one plan's facts.
type state struct {
	in      *Intent
	facts   *analysis.Summary
	claimed [][]int // per roomsInclude entry: the room indices it was credited with
}

// Evaluate measures an intent against a plan's facts (the lowest storey's,
// for a multi-storey plan; analysis.Empty() for a plan that did not
// compile, which is then never ok). Each roomsInclude concept claims, in
// order, every still-unclaimed room that matches it; its presence, area
// and window checks read only those rooms.
func Evaluate(in *Intent, plan *analysis.Facts) Report {
	facts := &plan.Summary
	st := &state{in: in, facts: facts}
	st.claim()
	rep := Report{OK: plan.OK, Violations: []Violation{}}
	var pass, count [4]int
	for _, p := range Lower(in) {
		c, msg, ok := st.check(p)
		rep.Results = append(rep.Results, Result{Predicate: p, Pass: ok})
		rep.Total++
		count[p.Dim]++
		if ok {
			rep.Satisfied++
			pass[p.Dim]++
			continue
		}
		if p.Gate {
			rep.OK = false
		}
		rep.Violations = append(rep.Violations, Violation{Code: c, Message: "intent " + p.Path + ": " + msg, Gate: p.Gate})
	}
	rep.Subscores = Subscores{Rooms: 1, Labels: 1}
	if in.Rooms != nil {
		switch math.Abs(float64(len(facts.Rooms)) - *in.Rooms) {
		case 0:
			rep.Subscores.Rooms = 1
		case 1:
			rep.Subscores.Rooms = 0.5
		default:
			rep.Subscores.Rooms = 0
		}
	}
	share := func(d Dimension) *float64 {
		if count[d] == 0 {
			return nil
		}
		s := float64(pass[d]) / float64(count[d])
		return &s
	}
	if s := share(DimLabels); s != nil {
		rep.Subscores.Labels = *s
	}
	rep.Subscores.Area = share(DimArea)
	rep.Subscores.Adjacency = share(DimAdjacency)
	return rep
}

func codeOf(p Predicate) string {
	switch p.Kind {
	case KindRoomCount:
		return CodeRoomCount
	case KindPresence:
		return CodeRoomMissing
	case KindRoomArea:
		return CodeRoomArea
	case KindWindows:
		return CodeNoWindow
	case KindTotalArea:
		return CodeTotalArea
	case KindAdjacent:
		return CodeNotAdjacent
	}
	return CodeUnreachable
}

// claim credits each roomsInclude concept with its matching rooms, greedily
// in document order.
func (st *state) claim() {
	taken := make([]bool, len(st.facts.Rooms))
	st.claimed = make([][]int, len(st.in.RoomsInclude))
	for i, q := range st.in.RoomsInclude {
		m := newMatcher(q.Concept)
		for j := range st.facts.Rooms {
			if !taken[j] && m.matches(&st.facts.Rooms[j]) {
				taken[j] = true
				st.claimed[i] = append(st.claimed[i], j)
			}
		}
	}
}

// minOf is a band's minimum with the default of one.
func minOf(r *Range) float64 {
	if r == nil || r.Min == nil {
		return 1
	}
	return *r.Min
}

// inRange checks n against a band whose minimum defaults to one.
func inRange(n float64, r *Range) bool {
	if n < minOf(r) {
		return false
	}
	return r == nil || r.Max == nil || n <= *r.Max
}

// needed writes a band as the brief asks for it: "2", or "1–3" when capped.
func needed(r *Range) string {
	s := numfmt.JS(minOf(r))
	if r != nil && r.Max != nil {
		s += "–" + numfmt.JS(*r.Max)
	}
	return s
}

// bandText writes an area band as "[min, max]", open ends as 0 and ∞.
func bandText(b *Band) string {
	lo, hi := "0", "∞"
	if b.Min != nil {
		lo = numfmt.JS(*b.Min)
	}
	if b.Max != nil {
		hi = numfmt.JS(*b.Max)
	}
	return "[" + lo + ", " + hi + "]"
}

func inBand(x float64, b *Band) bool {
	return (b.Min == nil || x >= *b.Min) && (b.Max == nil || x <= *b.Max)
}

// cite appends the brief's phrase, when there is one.
func cite(src string) string {
	if src == "" {
		return ""
	}
	return " (" + src + ")"
}

// check evaluates one predicate; on a miss it also gives the code and says
// why.
func (st *state) check(p Predicate) (code, msg string, ok bool) {
	msg, ok = st.measure(p)
	code = codeOf(p)
	switch {
	case ok:
	case p.Kind == KindWindows && st.siteMissing(p.Req.Windows):
		code = CodeNoSite
	case p.Kind == KindReachable && !st.facts.Access.HasEntrance:
		code = CodeNoDoor
	}
	return code, msg, ok
}

// siteMissing reports a symbolic facing the plan cannot resolve.
func (st *state) siteMissing(w *WindowReq) bool {
	return w.Facing != "" && !isLetter(w.Facing) && st.facts.Site == nil
}

// measure evaluates one predicate; on a miss it also says why.
func (st *state) measure(p Predicate) (string, bool) {
	f := st.facts
	switch p.Kind {
	case KindRoomCount:
		return st.checkCount()
	case KindPresence:
		n := len(st.claimed[p.Index])
		if inRange(float64(n), p.Req.Count) {
			return "", true
		}
		return fmt.Sprintf("concept %s needs %s room(s), and %d room(s) of the plan match it", quote(p.Req.Concept), needed(p.Req.Count), n), false
	case KindRoomArea:
		in := 0
		for _, j := range st.claimed[p.Index] {
			if inBand(f.Rooms[j].AreaM2, p.Req.Area) {
				in++
			}
		}
		if float64(in) >= minOf(p.Req.Count) {
			return "", true
		}
		return fmt.Sprintf("%d room(s) of concept %s measure within %s m², the brief needs %s%s",
			in, quote(p.Req.Concept), bandText(p.Req.Area), numfmt.JS(minOf(p.Req.Count)), cite(p.Req.Area.Source)), false
	case KindWindows:
		return st.checkWindows(p)
	case KindTotalArea:
		b := st.in.TotalArea
		if inBand(f.Totals.FloorAreaM2, b) {
			return "", true
		}
		return fmt.Sprintf("the plan's total floor area is %s m², outside %s%s", numfmt.JS(f.Totals.FloorAreaM2), bandText(b), cite(b.Source)), false
	case KindAdjacent:
		if st.joined(p.Edge) {
			return "", true
		}
		return fmt.Sprintf("no interior door or opening joins a %s room to a %s room%s", quote(p.Edge.From), quote(p.Edge.To), cite(p.Source)), false
	}
	if !f.Access.HasEntrance {
		return "the plan has no entrance door from the exterior, so no room can be reached", false
	}
	var cut []string
	for _, r := range f.Access.Rooms {
		if !r.Reachable {
			cut = append(cut, r.ID)
		}
	}
	if len(cut) == 0 {
		return "", true
	}
	return "no chain of doors from an entrance reaches " + strings.Join(cut, ", "), false
}

// checkCount applies policy B: the count must match, or be one over when
// the plan has more circulation rooms (hall or corridor) than the brief's
// own hall and corridor entries ask for.
func (st *state) checkCount() (string, bool) {
	want := *st.in.Rooms
	got := float64(len(st.facts.Rooms))
	if got == want {
		return "", true
	}
	if got == want+1 {
		if float64(st.circulationRooms()) > st.namedCirculation() {
			return "", true
		}
		return fmt.Sprintf("the brief lists %s room(s) and the plan has %s; the one extra room is not a hall or corridor", numfmt.JS(want), numfmt.JS(got)), false
	}
	return fmt.Sprintf("the brief lists %s room(s) and the plan has %s", numfmt.JS(want), numfmt.JS(got)), false
}

// circulationRooms counts the plan's rooms that are a hall or a corridor.
func (st *state) circulationRooms() int {
	hall, corr := newMatcher(ConceptHall), newMatcher(ConceptCorridor)
	n := 0
	for i := range st.facts.Rooms {
		if r := &st.facts.Rooms[i]; hall.matches(r) || corr.matches(r) {
			n++
		}
	}
	return n
}

// namedCirculation is how many hall and corridor rooms the brief itself
// asks for.
func (st *state) namedCirculation() float64 {
	n := 0.0
	for i := range st.in.RoomsInclude {
		q := &st.in.RoomsInclude[i]
		if q.Concept == ConceptHall || q.Concept == ConceptCorridor {
			n += minOf(q.Count)
		}
	}
	return n
}

func (st *state) checkWindows(p Predicate) (string, bool) {
	w := p.Req.Windows
	letter, facing := w.Facing, ""
	if st.siteMissing(w) {
		return fmt.Sprintf("facing %s is a site direction, but the plan declares no site block to resolve it", quote(w.Facing)), false
	}
	if w.Facing != "" && !isLetter(w.Facing) {
		letter = siteLetter(st.facts.Site, w.Facing)
		facing = " facing " + w.Facing + " (" + letter + ")"
	} else if w.Facing != "" {
		facing = " facing " + w.Facing
	}
	mine := map[string]bool{}
	for _, j := range st.claimed[p.Index] {
		mine[st.facts.Rooms[j].ID] = true
	}
	n := 0
	for _, win := range st.facts.Windows {
		if win.Room != nil && mine[*win.Room] && (letter == "" || win.Facing == letter) {
			n++
		}
	}
	if inRange(float64(n), &w.Range) {
		return "", true
	}
	return fmt.Sprintf("the rooms of concept %s have %d window(s)%s, the brief needs %s", quote(p.Req.Concept), n, facing, needed(&w.Range)), false
}

// siteLetter resolves a site direction name through the plan's site.
func siteLetter(s *analysis.Site, name string) string {
	switch name {
	case "street":
		return s.Street
	case "back":
		return s.Back
	case "equator_side":
		return s.EquatorSide
	case "sunrise_side":
		return s.SunriseSide
	}
	return s.SunsetSide
}

// joined reports whether an interior door or cased opening joins a room of
// one concept to a different room of the other.
func (st *state) joined(e Edge) bool {
	a, b := newMatcher(e.From), newMatcher(e.To)
	idx := make(map[string]int, len(st.facts.Rooms))
	for i := len(st.facts.Rooms) - 1; i >= 0; i-- {
		idx[st.facts.Rooms[i].ID] = i
	}
	for _, n := range st.facts.InputGraph {
		i, ok := idx[n.Room]
		if !ok {
			continue
		}
		ra := &st.facts.Rooms[i]
		for _, nb := range n.Neighbors {
			j, ok := idx[nb]
			if !ok || j == i {
				continue
			}
			rb := &st.facts.Rooms[j]
			if (a.matches(ra) && b.matches(rb)) || (b.matches(ra) && a.matches(rb)) {
				return true
			}
		}
	}
	return false
}
