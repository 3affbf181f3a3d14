package analysis

import (
	"math"
	"strconv"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/internal/numfmt"
	"github.com/archlang-go/caddy-archlang/core/internal/vocab"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// Tolerances in mm.
const (
	// TouchTolerance is how far an opening's centre may be from a room's
	// edge, and how far apart two parallel room edges may be, for the
	// opening to belong to the room or the rooms to be adjacent.
	TouchTolerance = 200
	// DoorLeafLoss is what a door's leaf and stop take off its clear width.
	DoorLeafLoss = 60
	// CaptionRooms and CaptionEntrances bound the lists the caption names.
	CaptionRooms     = 8
	CaptionEntrances = 2
	// geomEps absorbs floating-point noise in geometric comparisons.
	geomEps = 1e-6
)

// Exterior is the name describe gives the outside in a connector's
// between list.
const Exterior = "exterior"

// Options narrow what Describe reports: display filters, so OK and the
// diagnostics always weigh the whole plan. The zero value describes the
// whole plan. Top-level key selection is SelectKeys, applied to the
// encoded answer.
type Options struct {
	// Level reports this storey of a multi-storey plan as the top-level
	// facts (0 = no level filter).
	Level int
	// Zones keeps only the rooms declared in these zone paths (nested zones
	// included) and what touches them.
	Zones []string
	// Rooms keeps only these rooms and the doors, windows, openings and
	// furniture that touch them (within the zones, when both are given).
	Rooms []string
}

// Empty returns the facts of a plan that did not compile: every list
// empty, every count zero.
func Empty() *Facts {
	f := &Facts{Summary: Summary{Units: "mm"}}
	f.fillEmpty()
	return f
}

func (f *Facts) fillEmpty() {
	s := &f.Summary
	if s.Rooms == nil {
		s.Rooms = []Room{}
	}
	if s.Doors == nil {
		s.Doors = []Door{}
	}
	if s.Windows == nil {
		s.Windows = []Window{}
	}
	if s.Openings == nil {
		s.Openings = []Door{}
	}
	if s.Furniture == nil {
		s.Furniture = []Piece{}
	}
	if s.Access.Entrances == nil {
		s.Access.Entrances = []string{}
	}
	if s.Access.Edges == nil {
		s.Access.Edges = []AccessEdge{}
	}
	if s.Access.Rooms == nil {
		s.Access.Rooms = []AccessRoom{}
	}
	if s.InputGraph == nil {
		s.InputGraph = Graph{}
	}
	if s.Freedom.Elements == nil {
		s.Freedom.Elements = []FreedomElement{}
	}
}

// Describe computes the facts of a resolved plan. p must be the result of
// a compile without errors; a nil p gives Empty(). Diagnostics are left for
// the caller to fill.
func Describe(p *ir.Plan, opts Options) *Facts {
	if p == nil {
		return Empty()
	}
	f := &Facts{OK: true}
	f.Summary = *Summarize(p)
	if len(p.Pages) > 0 {
		for i, pg := range p.Pages {
			lf := LevelFacts{}
			if pg.Level != nil {
				lf.Level, _ = strconv.Atoi(pg.Level.Number)
				lf.Name = pg.Level.Name
			}
			if i == 0 {
				lf.Summary = f.Summary
			} else {
				lf.Summary = *Summarize(pg)
			}
			f.Levels = append(f.Levels, lf)
		}
		f.Vertical = verticalGraph(p.Pages, f.Levels)
	}
	f.applyFilters(opts)
	f.fillEmpty()
	return f
}

// Summarize computes one storey's facts.
func Summarize(p *ir.Plan) *Summary { return summarize(p, true) }

// IntentFacts is describe's answer without the circulation walk (its
// Circulation is nil, and there are no per-storey entries): all that
// measuring a plan against a brief reads (rooms, windows, access, site,
// the input graph), for callers that use nothing else (score). The facts
// it does give are exactly Describe's.
func IntentFacts(p *ir.Plan) *Facts {
	if p == nil {
		return Empty()
	}
	f := &Facts{OK: true}
	f.Summary = *summarize(p, false)
	f.fillEmpty()
	return f
}

// summarize is Summarize, with the circulation walk only when walks is
// set.
func summarize(p *ir.Plan, walks bool) *Summary {
	m := NewModel(p)
	s := &Summary{Plan: p.Name, Units: unitsOf(p)}
	st := p.Settings
	if st.AccTitle != "" {
		t := st.AccTitle
		s.AccTitle = &t
	}
	if st.AccDescr != "" {
		d := st.AccDescr
		s.AccDescr = &d
	}
	if c, ok := extentRect(p); ok {
		s.BBox = Size{W: z(c.W()), H: z(c.H())}
	}
	outer, found := outerRect(p)
	if found {
		s.BBoxOuter = Size{W: z(outer.W()), H: z(outer.H())}
	}
	s.Scale, s.Sheet = sheetFacts(p, outer, found)
	s.Site = siteFacts(st)
	s.Axes = axesFacts(st)
	s.Instances = instanceFacts(p)
	s.Rooms = m.roomFacts()
	s.Doors, s.Windows, s.Openings = m.openingFacts()
	s.Furniture = furnitureFacts(p)
	s.Verticals = verticalFacts(p)
	s.Access = m.access()
	if walks {
		s.Circulation = m.circulation(s.Access, m.Edges())
	}
	s.Totals = Totals{Rooms: len(s.Rooms), Doors: len(s.Doors), Windows: len(s.Windows)}
	total := 0.0
	for _, r := range s.Rooms {
		total += r.AreaM2
	}
	s.Totals.FloorAreaM2 = Round2(total)
	s.InputGraph = m.inputGraph()
	s.Freedom = freedom(p)
	s.Schedule = m.scheduleFacts(s.Rooms)
	var level *int
	if p.Level != nil && len(p.Zones) > 0 {
		if n, err := strconv.Atoi(p.Level.Number); err == nil {
			level = &n
		}
	}
	s.Zones = m.zoneFacts(level)
	s.Caption = caption(s)
	s.Truncated = m.Truncated
	return s
}

func unitsOf(p *ir.Plan) string {
	if p.Settings.Units == "" {
		return "mm"
	}
	return p.Settings.Units
}

// Model is the plan with the derived geometry describe's facts share: room
// areas, which rooms each opening touches, and the connector graph. Lint
// and intent build on it rather than recomputing.
type Model struct {
	Plan *ir.Plan
	// area is each room's exact floor area in mm².
	area []float64
	// Touch lists, for each opening, the indexes of the rooms whose
	// boundary its centre lies within TouchTolerance of, in room order.
	Touch [][]int
	// Truncated says which lists a budget cut, and how (see MaxRoomPairs).
	Truncated []string
	// index finds the rooms near a point (built on first use).
	index *geom.RectIndex
	// edges are the rooms' ring edges as adjacent reads them (each
	// built on first use).
	edges [][]edge
	// uses are the rooms' uses as RoomUses gives them (each read on
	// first use; shared, so read-only).
	uses [][]string
}

// roomUses is room i's uses, as RoomUses gives them, read once per model.
func (m *Model) roomUses(i int) []string {
	if m.uses == nil {
		m.uses = make([][]string, len(m.Plan.Rooms))
	}
	if m.uses[i] == nil {
		r := &m.Plan.Rooms[i]
		m.uses[i] = RoomUses(r.Uses, r.Label, r.ID)
	}
	return m.uses[i]
}

// NewModel derives the shared geometry of p.
func NewModel(p *ir.Plan) *Model {
	m := &Model{Plan: p, area: make([]float64, len(p.Rooms)), Touch: make([][]int, len(p.Openings))}
	for i := range p.Rooms {
		m.area[i] = RoomArea(&p.Rooms[i])
	}
	for i := range p.Openings {
		m.Touch[i] = m.openingRooms(&p.Openings[i])
	}
	return m
}

// RoomArea is a room's exact floor area in mm²: πR² for a circle, the
// shoelace area of the ring otherwise.
func RoomArea(r *ir.Room) float64 {
	if r.Shape == ir.RoomCircle {
		return math.Pi * r.Radius * r.Radius
	}
	a := r.Polygon.Area()
	if math.IsNaN(a) && r.Shape == ir.RoomRect {
		// Coordinates so large that the shoelace sum overflows both
		// ways: a rectangle's area is still its width times its height
		// (infinite, as the reference has it).
		b := r.Polygon.Bounds()
		return b.W() * b.H()
	}
	return a
}

// RoomAreaM2 is a room's floor area in m², rounded to two decimals as
// describe reports it.
func RoomAreaM2(r *ir.Room) float64 { return Round2(RoomArea(r) / 1e6) }

// Round2 rounds half up to two decimals as floor(x·100 + 0.5)/100
// (numfmt.FloorHalfTo), as the reference does; never negative zero.
func Round2(x float64) float64 { return numfmt.FloorHalfTo(x, 2) }

// z turns a negative zero into zero (JSON prints it as 0, as the reference).
func z(x float64) float64 { return numfmt.NoNegZero(x) }

// num prints a number the way the reference's JSON and text do: the
// shortest digits without an exponent, "0" for negative zero, and
// JavaScript's "Infinity" and "NaN" for the numbers JSON has no digits for
// (numfmt.Plain).
func num(x float64) string { return numfmt.Plain(x) }

// DistToRoom is the distance from q to a room's boundary: its ring's edges,
// or its circle.
func DistToRoom(r *ir.Room, q geom.Point) float64 {
	if r.Shape == ir.RoomCircle {
		return math.Abs(q.Sub(r.Center).Len() - r.Radius)
	}
	best := math.Inf(1)
	n := len(r.Polygon)
	for i := 0; i < n; i++ {
		d := distToSegment(q, r.Polygon[i], r.Polygon[(i+1)%n])
		if d < best {
			best = d
		}
	}
	return best
}

func distToSegment(q, a, b geom.Point) float64 {
	ab := b.Sub(a)
	l2 := ab.Dot(ab)
	if l2 == 0 {
		return q.Sub(a).Len()
	}
	t := q.Sub(a).Dot(ab) / l2
	t = max(0, min(1, t)) // as math.Max and math.Min, NaN and zeros alike
	return q.Sub(a.Add(ab.Mul(t))).Len()
}

// OpeningRooms returns the indexes of the rooms op belongs to: those whose
// boundary its centre lies within TouchTolerance of, in room order.
func OpeningRooms(p *ir.Plan, op *ir.Opening) []int {
	var out []int
	for i := range p.Rooms {
		if DistToRoom(&p.Rooms[i], op.Center) <= TouchTolerance+geomEps {
			out = append(out, i)
		}
	}
	return out
}

// HostCategory is the category of an opening's host wall ("" when none).
func HostCategory(p *ir.Plan, op *ir.Opening) string {
	if op.Wall < 0 || op.Wall >= len(p.Walls) {
		return ""
	}
	return string(p.Walls[op.Wall].Kind)
}

// Between returns the spaces a door or cased opening joins, as describe's
// doors[].between. An opening that touches two or more rooms joins the
// first two, whatever its host wall (a door in the shell between a room
// and an annexe outside it is an inner door); ambiguous reports a third.
// One that touches fewer joins "exterior" first when its host wall is
// exterior, then the room it touches.
func (m *Model) Between(i int) (between []string, ambiguous bool) {
	op := &m.Plan.Openings[i]
	rooms := m.Touch[i]
	if len(rooms) >= 2 {
		return []string{m.Plan.Rooms[rooms[0]].ID, m.Plan.Rooms[rooms[1]].ID}, len(rooms) > 2
	}
	cand := []string{}
	if HostCategory(m.Plan, op) == Exterior {
		cand = append(cand, Exterior)
	}
	for _, r := range rooms {
		cand = append(cand, m.Plan.Rooms[r].ID)
	}
	return cand, false
}

// WindowRoom is the room a window lights (its first touching room), or -1.
func (m *Model) WindowRoom(i int) int {
	if len(m.Touch[i]) == 0 {
		return -1
	}
	return m.Touch[i][0]
}

func (m *Model) roomFacts() []Room {
	p := m.Plan
	adj := m.adjacency()
	out := make([]Room, 0, len(p.Rooms))
	for i := range p.Rooms {
		r := &p.Rooms[i]
		uses := m.roomUses(i)
		f := Room{ID: r.ID, Label: r.Label, Uses: uses, RoomType: RoomType(uses), AreaM2: Round2(m.area[i] / 1e6), FloorPolygon: []XY{}, Instance: r.Instance, Component: r.Component}
		b := roomBounds(r)
		f.BBox = Box{X: z(b.Min.X), Y: z(b.Min.Y), W: z(b.W()), H: z(b.H())}
		if r.Shape == ir.RoomCircle {
			f.FloorCircle = &Circle{CX: z(r.Center.X), CY: z(r.Center.Y), R: z(r.Radius)}
		} else {
			for _, q := range r.Polygon {
				f.FloorPolygon = append(f.FloorPolygon, XY{z(q.X), z(q.Y)})
			}
		}
		f.Adjacent = []string{}
		for _, j := range adj[i] {
			f.Adjacent = append(f.Adjacent, p.Rooms[j].ID)
		}
		out = append(out, f)
	}
	return out
}

// roomBounds is a room's vertex extent (the circle's square for a circle).
func roomBounds(r *ir.Room) geom.Rect {
	if r.Shape == ir.RoomCircle {
		return geom.Rect{Min: geom.Point{X: r.Center.X - r.Radius, Y: r.Center.Y - r.Radius}, Max: geom.Point{X: r.Center.X + r.Radius, Y: r.Center.Y + r.Radius}}
	}
	return r.Polygon.Bounds()
}

// edge is one edge of a room's ring, with what adjacent measures of it.
type edge struct {
	a, b geom.Point // its ends
	d    geom.Point // b - a
	l    float64    // its length
	u    geom.Point // d scaled to unit length (when l > 0)
}

// ringEdges lists the edges of a ring, the last closing it.
func ringEdges(pg geom.Polygon) []edge {
	out := make([]edge, len(pg))
	for i := range pg {
		e := edge{a: pg[i], b: pg[(i+1)%len(pg)]}
		e.d = e.b.Sub(e.a)
		e.l = e.d.Len()
		if e.l != 0 {
			e.u = e.d.Mul(1 / e.l)
		}
		out[i] = e
	}
	return out
}

// edgesAdjacent is adjacent on two rings' edges: an edge of ea and one of
// eb parallel, at most TouchTolerance apart, overlapping along the first.
func edgesAdjacent(ea, eb []edge) bool {
	for _, x := range ea {
		if x.l == 0 {
			continue
		}
		for _, y := range eb {
			if y.l == 0 || math.Abs(x.u.Cross(y.d))/y.l > 1e-9 {
				continue
			}
			w := y.a.Sub(x.a)
			if math.Abs(w.Cross(x.u)) > TouchTolerance+geomEps {
				continue
			}
			s0, s1 := w.Dot(x.u), y.b.Sub(x.a).Dot(x.u)
			lo, hi := math.Max(0, math.Min(s0, s1)), math.Min(x.l, math.Max(s0, s1))
			if hi-lo > geomEps {
				return true
			}
		}
	}
	return false
}

// adjacent reports whether rooms i and j of the model's plan share a
// boundary run of positive length: an edge of each, parallel, at most
// TouchTolerance apart and overlapping along the first's direction.
// Circular rooms have no runs. Two rectangles count only facing sides
// (one's right against the other's left, one's bottom against the other's
// top), as the reference does: rectangles stacked on one another share
// their top and bottom lines but are not neighbours. Each ring's edges are
// read once for every pair.
func (m *Model) adjacent(i, j int) bool {
	a, b := &m.Plan.Rooms[i], &m.Plan.Rooms[j]
	if a.Shape == ir.RoomCircle || b.Shape == ir.RoomCircle {
		return false
	}
	if a.Shape == ir.RoomRect && b.Shape == ir.RoomRect {
		return rectsAdjacent(a.Polygon.Bounds(), b.Polygon.Bounds())
	}
	if m.edges == nil {
		m.edges = make([][]edge, len(m.Plan.Rooms))
	}
	for _, k := range [2]int{i, j} {
		if m.edges[k] == nil {
			m.edges[k] = ringEdges(m.Plan.Rooms[k].Polygon)
		}
	}
	return edgesAdjacent(m.edges[i], m.edges[j])
}

// rectsAdjacent is adjacent for two rectangles: a side of one within
// TouchTolerance of the facing side of the other, the two overlapping
// along it.
func rectsAdjacent(a, b geom.Rect) bool {
	near := func(x, y float64) bool { return math.Abs(x-y) <= TouchTolerance+geomEps }
	overlap := func(a0, a1, b0, b1 float64) bool { return math.Min(a1, b1)-math.Max(a0, b0) > geomEps }
	return (near(a.Max.X, b.Min.X) || near(b.Max.X, a.Min.X)) && overlap(a.Min.Y, a.Max.Y, b.Min.Y, b.Max.Y) ||
		(near(a.Max.Y, b.Min.Y) || near(b.Max.Y, a.Min.Y)) && overlap(a.Min.X, a.Max.X, b.Min.X, b.Max.X)
}

func (m *Model) openingFacts() (doors []Door, windows []Window, openings []Door) {
	p := m.Plan
	doors, windows, openings = []Door{}, []Window{}, []Door{}
	for i := range p.Openings {
		op := &p.Openings[i]
		switch op.Kind {
		case ir.Door, ir.Cased:
			b, _ := m.Between(i)
			d := Door{ID: op.ID, Between: b, Width: z(op.Width)}
			if op.Kind == ir.Door {
				d.Instance = op.Instance // the reference tags doors only
				if op.DoorKind != "" && op.DoorKind != vocab.Hinged {
					d.Kind = string(op.DoorKind)
				}
				doors = append(doors, d)
			} else {
				openings = append(openings, d)
			}
		case ir.Window:
			w := Window{ID: op.ID, Width: z(op.Width)}
			if r := m.WindowRoom(i); r >= 0 {
				id := p.Rooms[r].ID
				w.Room = &id
			}
			w.Facing, w.FacingPage = m.Facing(i)
			windows = append(windows, w)
		}
	}
	return
}

// Facing returns the compass direction an opening's wall faces, read
// against the plan's north, and the page direction when north changes it
// ("" otherwise).
func (m *Model) Facing(i int) (facing, page string) {
	p := m.Plan
	n, ok := m.outward(i)
	if !ok {
		n = geom.Point{X: 0, Y: -1}
	}
	ang := math.Atan2(n.X, -n.Y) * 180 / math.Pi
	page = PageCardinal(ang)
	facing = Compass(ang, p.Settings.NorthAngle)
	if facing == page {
		return facing, ""
	}
	return facing, page
}

var cardinals = [4]string{"N", "E", "S", "W"}

// pageQuarter is the quarter of the sheet a bearing in degrees (clockwise
// from the top of the sheet) points to, 0 (up) to 3 (left); a bearing
// exactly between two quarters goes to the vertical one.
func pageQuarter(deg float64) int {
	r := math.Mod(deg/90, 4)
	if r < 0 {
		r += 4
	}
	k := int(math.Floor(r + 0.5))
	if math.Abs(r-math.Floor(r)-0.5) < 1e-9 && k%2 == 1 {
		k-- // a tie between up/down and a side: up or down
	}
	return k % 4
}

// PageCardinal snaps a bearing in degrees (clockwise from the top of the
// sheet) to N, E, S or W as the sheet is read (up is N); a bearing exactly
// between two goes to N or S.
func PageCardinal(deg float64) string { return cardinals[pageQuarter(deg)] }

// Compass is the compass side a bearing on the sheet looks to under a
// north arrow turned north degrees clockwise: the sheet's side turned back
// by the arrow's nearest whole quarter turn (half a quarter rounding up),
// as the reference reads it.
func Compass(deg, north float64) string {
	q := int(math.Floor(north/90+0.5)) % 4
	return cardinals[((pageQuarter(deg)-q)%4+4)%4]
}

// outward is the unit normal of an opening's host segment (its chord, for
// an arc) on the side no room occupies: a probe one wall thickness off each
// face decides. When both sides or neither are floor it is the segment's
// right-hand normal (outward on a ring drawn clockwise on the sheet); an
// opening off every wall faces away from the plan's centre.
func (m *Model) outward(i int) (geom.Point, bool) {
	p := m.Plan
	op := &p.Openings[i]
	if op.Wall < 0 || op.Wall >= len(p.Walls) {
		return geom.Point{}, false
	}
	w := &p.Walls[op.Wall]
	segs := w.Segments()
	if op.Segment < 0 || op.Segment >= len(segs) {
		return geom.Point{}, false
	}
	s := segs[op.Segment]
	d := s.B.Sub(s.A)
	if d.Len() == 0 {
		return geom.Point{}, false
	}
	d = d.Unit()
	n := geom.Point{X: d.Y, Y: -d.X}
	t := w.Thickness
	front := m.roomAt(op.Center.Add(n.Mul(t))) >= 0
	back := m.roomAt(op.Center.Sub(n.Mul(t))) >= 0
	switch {
	case op.OffWall:
		// Off every wall: face away from the plan's centre.
		if ext, ok := extentRect(p); ok && op.Center.Sub(ext.Center()).Dot(n) < 0 {
			n = n.Mul(-1)
		}
	case front && !back:
		n = n.Mul(-1)
	}
	return n, true
}

func furnitureFacts(p *ir.Plan) []Piece {
	out := make([]Piece, 0, len(p.Furniture))
	for _, fu := range p.Furniture {
		out = append(out, Piece{ID: fu.ID, Category: fu.Type, Label: fu.Label, Room: fu.Room, Rotate: z(fu.Rotate), Instance: fu.Instance, Component: fu.Component})
	}
	return out
}

// Analyze describes the whole of p with no narrowing: Describe(p, Options{}).
func Analyze(p *ir.Plan) *Facts { return Describe(p, Options{}) }
