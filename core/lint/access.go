package lint

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// accessGraph builds the connector graph of the storey from describe's
// connectors; every room a shaft arrives in on an upper storey is joined
// to the exterior.
func (c *checker) accessGraph() *analysis.RoomGraph {
	g := analysis.NewRoomGraph(c.p.Rooms)
	for _, e := range c.m.Edges() {
		g.JoinIDs(e.Between[0], e.Between[1])
	}
	for _, r := range c.arrivals {
		g.Join(analysis.Outside, r)
	}
	return g
}

// hasEntrance reports whether a door or cased opening is hosted on an
// exterior wall, or a shaft arrives on this storey.
func (c *checker) hasEntrance() bool {
	if len(c.arrivals) > 0 {
		return true
	}
	for i := range c.p.Openings {
		op := &c.p.Openings[i]
		if op.Kind != ir.Window && analysis.HostCategory(c.p, op) == analysis.Exterior {
			return true
		}
	}
	return false
}

// accessRules reports, room by room, rooms that no path reaches from the
// entrance and bathrooms that every path reaches through a bedroom.
func (c *checker) accessRules() {
	g := c.accessGraph()
	if !g.Entered() {
		return
	}
	reached := g.Reach(nil)
	var avoiding []bool
	for i, r := range c.p.Rooms {
		if !c.hasConnector(i) {
			continue // W_ROOM_DISCONNECTED already says so
		}
		name := roomName(r)
		if !reached[i] {
			d := diag.New(diag.WarnRoomUnreachable, r.Span, "No route of doors and openings leads from the entrance to room %s.", quote(name))
			d.Hints = []string{"Join it by a door or a cased `opening` to a space on the way in, directly or through a hall."}
			c.addIn(r.File, d)
			continue
		}
		if !c.isBath(i) {
			continue
		}
		if avoiding == nil {
			avoiding = g.Reach(c.isBedroom)
		}
		if !avoiding[i] {
			d := diag.New(diag.WarnBathViaBedroom, r.Span, "Every way into bathroom %s passes through a bedroom.", quote(name))
			d.Hints = []string{"Give it a door from a hall or living space; if it is an en-suite, the home needs a second bathroom off the circulation."}
			c.addIn(r.File, d)
		}
	}
}

// hasConnector reports whether a door or cased opening lies on room i's
// perimeter.
func (c *checker) hasConnector(i int) bool {
	if !c.spend(len(c.roomOps[i])) {
		return false
	}
	for _, k := range c.roomOps[i] {
		if c.p.Openings[k].Kind != ir.Window {
			return true
		}
	}
	return false
}

// noEntrance reports a storey with rooms and an exterior wall but no way
// in: no door or opening on an exterior wall and no shaft arriving.
func (c *checker) noEntrance() {
	if len(c.p.Rooms) == 0 || c.hasEntrance() {
		return
	}
	ext := false
	for _, w := range c.p.Walls {
		ext = ext || string(w.Kind) == analysis.Exterior
	}
	if !ext {
		return
	}
	d := diag.New(diag.WarnNoEntrance, source.Span{}, "No door or opening is set in an exterior wall, so the building cannot be entered.")
	d.Unplaced = true
	d.Hints = []string{"Put a `door` (or a cased `opening`) in an `exterior` wall."}
	c.add(d)
}

// equatorFacing reports habitable rooms whose windows all miss the
// equator side, in a plan that declares its site.
func (c *checker) equatorFacing() {
	st := c.p.Settings
	if st.SiteStreet == "" {
		return
	}
	equator, hemi := "S", "northern"
	if st.SiteHemisphere == "south" {
		equator, hemi = "N", "southern"
	}
	for i, r := range c.p.Rooms {
		if !c.isHabitable(i) {
			continue
		}
		if !c.spend(len(c.roomOps[i])) {
			return
		}
		var faces []string
		n, hit := 0, false
		for _, k := range c.roomOps[i] {
			if c.p.Openings[k].Kind != ir.Window {
				continue
			}
			n++
			f := c.facingFrom(k, i)
			hit = hit || f == equator
			if !slices.Contains(faces, f) {
				faces = append(faces, f)
			}
		}
		if n == 0 || hit {
			continue
		}
		d := diag.New(diag.WarnRoomNotEquatorFacing, r.Span, "Room %s has %d window(s) and none faces %s, the equator side in the %s hemisphere; they face %s.",
			quote(roomName(r)), n, equator, hemi, strings.Join(faces, ", "))
		d.Hints = []string{"This reads the aspect only, not the daylight. Put a window on the " + equator + " side, or keep the plan as it is."}
		c.addIn(r.File, d)
	}
}

// habitableWords are the label words that make a room without authored
// uses habitable (a bedroom, living or dining space) for the aspect rule.
var habitableWords = []string{"bed", "bedroom", "living", "lounge", "sitting", "family", "dining"}

// isHabitable reports a bedroom, living or dining room: by its authored
// uses, else by a word of its label (or id).
func (c *checker) isHabitable(i int) bool {
	r := c.p.Rooms[i]
	if len(r.Uses) > 0 {
		for _, u := range r.Uses {
			if u == "bedroom" || u == "living" || u == "dining" {
				return true
			}
		}
		return false
	}
	text := r.Label
	if text == "" {
		text = r.ID
	}
	for _, w := range labelWords(text) {
		if slices.Contains(habitableWords, w) {
			return true
		}
	}
	return false
}

// labelWords splits a label into lower-case words as the reference reads
// them: only ' ', '-', '_' and '/' separate words (other punctuation stays
// part of the word), and trailing digits are dropped ("Bed2" reads "bed").
func labelWords(s string) []string {
	fields := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return r == ' ' || r == '-' || r == '_' || r == '/'
	})
	for i, f := range fields {
		fields[i] = strings.TrimRight(f, "0123456789")
	}
	return fields
}

// facingFrom is the compass side of room i that window k looks out of: the
// host wall's normal turned away from the room, read against north.
func (c *checker) facingFrom(k, i int) string {
	op := &c.p.Openings[k]
	n := geom.Point{X: 0, Y: -1}
	if f, ok := c.frame(k); ok {
		n = f.n
		in := c.p.Rooms[i].Polygon
		probe := op.Center.Add(n.Mul(c.p.Walls[op.Wall].Thickness))
		if inPolygon(in, probe) {
			n = n.Mul(-1)
		}
	}
	ang := math.Atan2(n.X, -n.Y) * 180 / math.Pi
	return analysis.Compass(ang, c.p.Settings.NorthAngle)
}

// circulationRules read describe's circulation model (the walk on the nav
// grid from the first entrance): routes that squeeze below the profile's
// clear width, then rooms reached only by a long detour.
func (c *checker) circulationRules() {
	circ := c.circ
	if !c.circKnown {
		circ = analysis.Summarize(c.p).Circulation
	}
	if circ == nil {
		return
	}
	type at struct {
		span source.Span
		file string
	}
	span := func(id string) (at, string, bool) {
		i := c.roomIndex(id)
		if i < 0 {
			return at{}, "", false
		}
		r := c.p.Rooms[i]
		return at{r.Span, r.File}, roomName(r), true
	}
	narrow := func(sp at, what string, w float64) {
		min := c.prof.MinWalkClear
		d := diag.New(diag.WarnPathTooNarrow, sp.span, "%s narrows to %s mm of clear width, %s mm under the %s mm minimum.", what, mm(w), mm(min-w), mm(min))
		d.Hints = []string{
			"Widen the narrowest door or opening on the way to at least " + mm(min) + " mm.",
			"Or move the furniture that pinches the route, so " + mm(min) + " mm of clear width remains.",
			"Or give the room a second way in (another door or a leafless `opening`) so the pinch can be avoided.",
		}
		c.addIn(sp.file, d)
	}
	flagged := map[string]bool{}
	for _, r := range circ.Rooms {
		if w := r.BottleneckClearWidthMm; w != nil && *w < c.prof.MinWalkClear {
			if sp, name, ok := span(r.RoomID); ok {
				narrow(sp, "The walk from the entrance to "+quote(name), *w)
				flagged[r.RoomID] = true
			}
		}
	}
	// A route is reported at its first room, unless that room's own walk
	// was already reported.
	for _, rt := range circ.Routes {
		if w := rt.BottleneckClearWidthMm; w != nil && *w < c.prof.MinWalkClear && !flagged[rt.FromRoomID] {
			sp, from, ok := span(rt.FromRoomID)
			_, to, ok2 := span(rt.ToRoomID)
			if ok && ok2 {
				flagged[rt.FromRoomID] = true
				narrow(sp, "The route from "+quote(from)+" to "+quote(to), *w)
			}
		}
	}
	for _, r := range circ.Rooms {
		if q := r.DetourRatio; q != nil && *q > c.prof.MaxDetour {
			if sp, name, ok := span(r.RoomID); ok {
				d := diag.New(diag.WarnCircuitousPath, sp.span, "The walk from the entrance to %s is %s times the straight-line distance (more than %s).",
					quote(name), strconv.FormatFloat(*q, 'f', -1, 64), strconv.FormatFloat(c.prof.MaxDetour, 'f', -1, 64))
				d.Hints = []string{"Add a more direct door or hall so the room is not reached the long way round."}
				c.addIn(sp.file, d)
			}
		}
	}
}
