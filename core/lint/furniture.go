package lint

import (
	"math"
	"regexp"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// Furniture thresholds, in mm.
const (
	// overlapMin is how far two pieces must overlap on both axes to collide.
	overlapMin = 1
	// wallPenetrationMax is how deep a piece may sink into a wall's solid
	// before it is reported as passing through it.
	wallPenetrationMax = 30
	// backReach is the largest gap between a fixture's edge and a wall's
	// centreline for the wall to count as backing that edge.
	backReach = 300
)

// pieceName is how findings name a piece: its label, else its type.
func pieceName(f ir.Furniture) string {
	if f.Label != "" {
		return f.Label
	}
	return f.Type
}

// furnitureClearance reports fixtures whose use space (a strip in front of
// them, as wide as the fixture and as deep as its catalogued clearance) is
// intruded on by a free-standing piece; other fixtures do not count.
func (c *checker) furnitureClearance() {
	for _, f := range c.p.Furniture {
		fx, ok := ir.WallFixtures[f.Type]
		if !ok || fx.Clear <= 0 {
			continue
		}
		front := (quarter(f.Rotate) + 2) % ir.SideCount
		near := c.pieceIndex().AppendQuery(c.scratch, stripBox(f.Rect, front, fx.Clear))
		c.scratch = near
		if !c.spend(len(near)) {
			return
		}
		for _, k := range near {
			o := c.p.Furniture[k]
			if _, fixture := ir.WallFixtures[o.Type]; fixture {
				continue
			}
			left, hit := frontGap(f.Rect, front, fx.Clear, o.Rect)
			if !hit {
				continue
			}
			name, other := pieceName(f), pieceName(o)
			short := fx.Clear - left
			d := diag.New(diag.WarnFurnClearance, f.Span, "Fixture %s needs %s mm of free floor in front of it, but %s stands %s mm away (%s mm short).",
				quote(name), mm(fx.Clear), quote(other), mm(left), mm(short))
			d.Hints = []string{
				"Move " + quote(other) + " " + mm(short) + " mm further from the front of " + quote(name) + ".",
				"Or make " + quote(other) + " " + mm(short) + " mm smaller on the side facing " + quote(name) + ".",
				"Or turn " + quote(name) + " (`rotate 0|90|180|270`) to face open floor, keeping its back on a wall.",
				"Or move " + quote(name) + " to a stretch of wall with " + mm(fx.Clear) + " mm of free floor in front.",
			}
			c.addIn(f.File, d)
			break
		}
	}
}

// quarter is the side (0 top … 3 left) a rotation puts a symbol's back on.
func quarter(rot float64) int {
	q := int(math.Round(rot/90)) % ir.SideCount
	if q < 0 {
		q += ir.SideCount
	}
	return q
}

// frontGap measures o against the strip of the given depth in front of side
// front of r: the distance from that side to o, when o intrudes on the strip.
func frontGap(r geom.Rect, front int, depth float64, o geom.Rect) (float64, bool) {
	var along, gap0, gap1 float64
	switch front {
	case ir.SideTop:
		along = overlap1(r.Min.X, r.Max.X, o.Min.X, o.Max.X)
		gap0, gap1 = r.Min.Y-o.Max.Y, r.Min.Y-o.Min.Y
	case ir.SideBottom:
		along = overlap1(r.Min.X, r.Max.X, o.Min.X, o.Max.X)
		gap0, gap1 = o.Min.Y-r.Max.Y, o.Max.Y-r.Max.Y
	case ir.SideLeft:
		along = overlap1(r.Min.Y, r.Max.Y, o.Min.Y, o.Max.Y)
		gap0, gap1 = r.Min.X-o.Max.X, r.Min.X-o.Min.X
	default:
		along = overlap1(r.Min.Y, r.Max.Y, o.Min.Y, o.Max.Y)
		gap0, gap1 = o.Min.X-r.Max.X, o.Max.X-r.Max.X
	}
	// gap0 is the near edge's distance out from the side, gap1 the far
	// edge's; the strip spans (0, depth).
	if along <= overlapMin || gap1 <= overlapMin || depth-gap0 <= overlapMin {
		return 0, false
	}
	return math.Max(0, gap0), true
}

// furnitureOverlap reports every pair of pieces that share floor, at the
// later piece, ordered by the earlier piece and then the later one. Each
// piece is compared only with the earlier pieces its footprint meets (the
// piece index), so pieces spread over a plan are not compared all against
// all; only the first MaxFindingsPerCode pairs in that order are built,
// the rest counted.
func (c *checker) furnitureOverlap() {
	const code = diag.WarnFurnitureOverlap
	fs := c.p.Furniture
	first := pairHeap{max: MaxFindingsPerCode - c.budget.listed[code]}
	ix := c.pieceIndex()
	for j := range fs {
		near := ix.AppendQuery(c.scratch, fs[j].Rect)
		c.scratch = near
		if !c.spend(len(near)) {
			break
		}
		for _, i := range near {
			if i >= j {
				break // in order: the earlier pieces come first
			}
			a, b := fs[i].Rect, fs[j].Rect
			if overlap1(a.Min.X, a.Max.X, b.Min.X, b.Max.X) > overlapMin && overlap1(a.Min.Y, a.Max.Y, b.Min.Y, b.Max.Y) > overlapMin {
				first.push(i, j)
			}
		}
	}
	for range first.dropped {
		c.omit(code)
	}
	for _, pr := range first.sorted() {
		i, j := pr[0], pr[1]
		d := diag.New(code, fs[j].Span, "Furniture %s overlaps %s: the two footprints share floor.", quote(pieceName(fs[j])), quote(pieceName(fs[i])))
		d.Hints = []string{"Move one of the two pieces or make it smaller so their footprints no longer share floor, keeping a walkway between them."}
		c.addIn(fs[j].File, d)
	}
}

// fixturePlacement reports wall-hung fixtures with no wall behind any edge,
// then pieces whose centre is outside the room they are declared in.
func (c *checker) fixturePlacement() {
	for _, f := range c.p.Furniture {
		if _, ok := ir.WallFixtures[f.Type]; !ok {
			continue
		}
		near := c.wallsNear(f.Rect, backReach)
		if !c.spend(len(near)) {
			return
		}
		if s := walledSides(near, f.Rect, backReach); s == [ir.SideCount]bool{} {
			d := diag.New(diag.WarnFixtureFloating, f.Span, "Fixture %s stands clear of every wall; it needs one behind it.", quote(pieceName(f)))
			d.Hints = []string{"Put one of its edges against a wall: the supply, waste and vent pipes run inside it."}
			c.addIn(f.File, d)
		}
	}
	for _, f := range c.p.Furniture {
		if f.Room == "" {
			continue
		}
		ri := c.roomIndex(f.Room)
		if ri < 0 {
			continue
		}
		if !inPolygon(c.p.Rooms[ri].Polygon, f.Rect.Center()) {
			d := diag.New(diag.WarnFixtureWrongRoom, f.Span, "Fixture %s is declared in room %s, but its centre lies outside that room.", quote(pieceName(f)), quote(f.Room))
			d.Hints = []string{"Move the piece into that room, or name the room it really stands in after `in`."}
			c.addIn(f.File, d)
		}
	}
}

// roomIndex returns the index of the first room with id, or -1.
func (c *checker) roomIndex(id string) int {
	if c.roomIDs == nil {
		c.roomIDs = make(map[string]int, len(c.p.Rooms))
		for i := len(c.p.Rooms) - 1; i >= 0; i-- {
			c.roomIDs[c.p.Rooms[i].ID] = i
		}
	}
	if i, ok := c.roomIDs[id]; ok {
		return i
	}
	return -1
}

// wallCollision reports pieces sunk into a wall's solid deeper than the
// tolerance.
func (c *checker) wallCollision() {
	// Only walls along the plan axes are measured, as in the reference,
	// and only their solid: a piece standing in a doorway or a window's
	// opening passes through no wall.
	hosted := hostedOpenings(c.p)
	var solid []band
	for _, b := range c.walls {
		if b.axis() >= 0 {
			h := hosted[[2]int{b.wall, b.index}]
			if !c.spend(len(h)) {
				return
			}
			solid = append(solid, b.solids(c.p, h)...)
		}
	}
	solidIx := bandIndex(solid)
	for _, f := range c.p.Furniture {
		near := solidIx.AppendQuery(c.scratch, f.Rect)
		c.scratch = near
		if !c.spend(len(near)) {
			return
		}
		for _, k := range near {
			b := solid[k]
			if b.depth(f.Rect) > wallPenetrationMax {
				d := diag.New(diag.WarnFurnitureWallCollision, f.Span, "Furniture %s runs into the solid of a wall.", quote(pieceName(f)))
				d.Hints = []string{"Move or shrink the piece so it stops at the wall's face instead of passing into it, or place it with `against wall <id>`."}
				c.addIn(f.File, d)
				break
			}
		}
	}
}

// fixtureBackToRoom reports fixtures that stand against a wall with their
// back (the symbol's top edge, turned by rotate) toward the room. When
// exactly one backed side suits the piece's proportions, the finding carries
// the rotate that turns the back onto it.
func (c *checker) fixtureBackToRoom() {
	for _, f := range c.p.Furniture {
		fx, ok := ir.WallFixtures[f.Type]
		if !ok || !fx.Back {
			continue
		}
		near := c.wallsNear(f.Rect, backReach)
		if !c.spend(len(near)) {
			return
		}
		if c.inPolygonRoom(f) {
			continue
		}
		sides := walledSides(near, f.Rect, backReach)
		back := quarter(f.Rotate)
		if sides == [ir.SideCount]bool{} || sides[back] {
			continue
		}
		var names string
		fit := -1
		nfit := 0
		// Named top and bottom first, then left and right, as the
		// reference lists them.
		for _, s := range [...]int{ir.SideTop, ir.SideBottom, ir.SideLeft, ir.SideRight} {
			if !sides[s] {
				continue
			}
			if names != "" {
				names += "/"
			}
			names += ir.SideNames[s]
			if fx.FitsBack(f.Rect, s) {
				fit, nfit = s, nfit+1
			}
		}
		d := diag.New(diag.WarnFixtureBackToRoom, f.Span, "Fixture %s turns its back to the room: the wall it stands against is on its %s side, not behind it.", quote(pieceName(f)), names)
		if nfit == 1 {
			rot := fit * 90
			d.Hints = []string{"Turn it with `rotate " + itoa(rot) + "` so the back of the symbol meets the wall (rotate 0 puts the back on the north side)."}
			if e, ok := c.rotateEdit(f, rot); ok {
				d.Fixes = []diag.Fix{{
					Title:         "turn \"" + pieceName(f) + "\" to `rotate " + itoa(rot) + "` so its back is against the wall",
					Applicability: "machine-applicable", FixID: "fixture-back-to-room", Edits: []diag.Edit{e},
				}}
			}
		} else {
			d.Hints = []string{"State the rotate for the wall it should back onto, or place it with `against wall <id>` or `in <room> anchor <edge>` so the rotation is worked out for you."}
		}
		c.addIn(f.File, d)
	}
}

// inPolygonRoom reports whether the piece's centre is inside a polygon or
// circular room, where the back rule has no sides to speak of.
func (c *checker) inPolygonRoom(f ir.Furniture) bool {
	near := c.m.RoomsNear(f.Rect.Center())
	if !c.spend(len(near)) {
		return false
	}
	for _, i := range near {
		if r := c.p.Rooms[i]; r.Shape != ir.RoomRect && inPolygon(r.Polygon, f.Rect.Center()) {
			return true
		}
	}
	return false
}

var (
	rotateClause = regexp.MustCompile(`\brotate\s+-?[0-9.]+`)
	sizeClause   = regexp.MustCompile(`\bsize\s+[0-9.]+\s*x\s*[0-9.]+`)
)

// rotateEdit rewrites the piece's rotate clause, or inserts one after its
// size clause, so the piece turns to rot degrees.
func (c *checker) rotateEdit(f ir.Furniture, rot int) (diag.Edit, bool) {
	text, ok := c.stmt(f.File, f.Span)
	if !ok {
		return diag.Edit{}, false
	}
	if loc := rotateClause.FindIndex(text); loc != nil {
		return diag.Edit{Span: source.Span{Start: f.Span.Start + loc[0], End: f.Span.Start + loc[1]}, NewText: "rotate " + itoa(rot)}, true
	}
	if loc := sizeClause.FindIndex(text); loc != nil {
		at := f.Span.Start + loc[1]
		return diag.Edit{Span: source.Span{Start: at, End: at}, NewText: " rotate " + itoa(rot)}, true
	}
	return diag.Edit{}, false
}
