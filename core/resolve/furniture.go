package resolve

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/internal/numfmt"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// resolveFurniture places every piece of furniture.
func (r *resolver) resolveFurniture() {
	for _, f := range r.furniture {
		if f.pre != nil {
			r.addFurniture(*f.pre)
			continue
		}
		r.placeFurniture(f)
	}
}

func (r *resolver) placeFurniture(f *furnEl) {
	src := f.src
	// The reference reads the clauses lazily: the size (then its check),
	// an against wall's segment and offset as it checks them, the
	// rotation (then its check), the position (`at`, or the inset once the
	// anchoring room is known) and the label last. A clause it never gets
	// to is never evaluated, so its errors are not reported.
	cl := r.clauses(&src.Meta, src.At.Diags(), src.Segment.Diags(), src.Offset.Diags(), src.Inset.Diags(), src.Size.Diags(), src.Label.Diags(), src.Rotate.Diags())
	f.cl = cl
	fu := ir.Furniture{ID: f.id, Type: src.Category.V, Label: src.Label.V, Room: src.Room.V, Span: src.Span, File: fileName(src.File), Placement: "absolute"}
	ok := true

	// size
	cl.emit(src.Size.Diags())
	w, h := snap(src.Size.W, r.grid), snap(src.Size.H, r.grid)
	if !src.Size.Set() {
		if fx, _, known := lookupFixture(src.Category.V); known && src.Placement == syntax.FurnAgainst {
			w, h = snap(fx.Along, r.grid), snap(fx.Depth, r.grid)
		} else {
			r.add(diag.New(diag.ErrFurnSize, src.Span, "Furniture %q needs a `size WxH`: %q has no catalogued footprint", f.id, src.Category.V))
			ok = false
		}
	} else if !(w > 0 && h > 0) {
		r.add(diag.New(diag.ErrFurnSize, src.Span, "Furniture %q has size %s×%s; both sides must be positive", f.id, num(w), num(h)))
		ok = false
	}

	cl.emit(src.Rotate.Diags())
	var against *wallEl
	var seg geom.Segment
	if src.Placement == syntax.FurnAgainst {
		against, seg, ok = r.againstChecks(f, ok)
	}

	// rotate
	rot := 0.0
	if src.Rotate.Set() {
		// Any whole number of quarter turns, either way: -90 and 450
		// are 270 and 90.
		rot = math.Mod(src.Rotate.V, 360)
		if rot < 0 {
			rot += 360
		}
		rot += 0 // -0 is 0
		if rot != 0 && rot != 90 && rot != 180 && rot != 270 {
			r.add(diag.New(diag.ErrFurnRotate, src.Span, "Furniture %q has `rotate %s`: a piece turns by whole quarter turns only (0, 90, 180, 270, or those plus or minus 360)", f.id, num(src.Rotate.V)))
			ok = false
		}
	}

	// the positioning room
	var room *roomEl
	if src.Placement == syntax.FurnCentered || src.Placement == syntax.FurnAnchor {
		j, found := r.roomIdx[src.Room.V]
		switch {
		case !found || !r.rooms[j].abs:
			r.add(diag.New(diag.ErrPlaceRef, src.Span, "Furniture %q is placed `in %s`, but no room with that id has a fixed position", f.id, src.Room.V))
			ok = false
		case r.rooms[j].room.Shape != ir.RoomRect:
			how := "centered"
			if src.Placement == syntax.FurnAnchor {
				how = "anchor " + src.Anchor.V
			}
			r.add(diag.New(diag.ErrPlacePoly, src.Span, "Furniture %q is placed `in %s` with `%s`, but %q is not a rectangle; place it with `at (x,y)` (and `rotate`)",
				f.id, src.Room.V, how, src.Room.V))
			ok = false
		default:
			room = r.rooms[j]
		}
	}
	switch src.Placement {
	case syntax.FurnAgainst, syntax.FurnCentered:
	case syntax.FurnAnchor:
		if room != nil {
			cl.emit(src.Inset.Diags())
		}
	default:
		cl.emit(src.At.Diags())
	}
	if room != nil && src.Flush && (src.Placement == syntax.FurnCentered || (src.Placement == syntax.FurnAnchor && src.Anchor.V == "center")) {
		sp := src.Span
		if c, found := src.Clause("flush"); found {
			sp = c.Span
		}
		word := "centered"
		if src.Placement == syntax.FurnAnchor {
			word = "anchor center"
		}
		r.add(diag.New(diag.ErrFurnFlush, sp, "Furniture %q is `%s`, which touches no edge, so `flush` has no wall face to measure from", f.id, word))
		ok = false
	}

	cl.emit(src.Label.Diags())
	if !ok {
		return
	}

	switch src.Placement {
	case syntax.FurnAgainst:
		fu.Placement = "against"
		fu.Rect, fu.Rotate = r.againstRect(f, against, seg, w, h)
	case syntax.FurnCentered:
		fu.Placement = "anchored"
		rc := room.rect
		x := snap(rc.Min.X+(rc.W()-w)/2, r.grid)
		y := snap(rc.Min.Y+(rc.H()-h)/2, r.grid)
		fu.Rect = geom.RectXYWH(x, y, w, h)
		fu.Rotate = rot
	case syntax.FurnAnchor:
		fu.Placement = "anchored"
		fu.Rect, fu.Rotate = r.anchorRect(f, room, w, h, rot)
	default:
		x, y := snap(src.At.X, r.grid), snap(src.At.Y, r.grid)
		fu.Rect = geom.RectXYWH(x, y, w, h)
		fu.Rotate = rot
	}
	f.ok = true
	r.addFurniture(fu)
}

// againstChecks validates an `against wall` placement and returns its wall
// and segment.
func (r *resolver) againstChecks(f *furnEl, ok bool) (*wallEl, geom.Segment, bool) {
	src := f.src
	if src.Rotate.Set() {
		r.add(diag.New(diag.ErrFurnAgainst, src.Span, "Furniture %q is placed `against` a wall, which sets its rotation; remove `rotate`", f.id))
		ok = false
	}
	ws := r.findWalls(src.AgainstWall.V)
	if len(ws) == 0 {
		r.add(diag.New(diag.ErrFurnAgainst, src.Span, "Furniture %q is placed against wall %q, but no wall has that id or category", f.id, src.AgainstWall.V))
		return nil, geom.Segment{}, false
	}
	if len(ws) > 1 {
		r.add(diag.New(diag.ErrFurnAgainst, src.Span, "Furniture %q is placed against wall %q, but %d walls answer to that name; use a unique wall id", f.id, src.AgainstWall.V, len(ws)))
		return nil, geom.Segment{}, false
	}
	w := r.walls[ws[0]]
	n := len(w.p.segs)
	si := 0
	f.cl.emit(src.Segment.Diags())
	if src.Segment.Set() {
		si = int(src.Segment.V)
		if float64(si) != src.Segment.V || si < 0 || si >= n {
			r.add(diag.New(diag.ErrFurnAgainst, src.Span, "Furniture %q names segment %s of wall %q, which has segments 0…%d", f.id, num(src.Segment.V), w.id, n-1))
			return nil, geom.Segment{}, false
		}
	} else if n > 1 {
		r.add(diag.New(diag.ErrFurnAgainst, src.Span, "Furniture %q: wall %q has %d segments, so say which with `segment <n>`", f.id, w.id, n))
		return nil, geom.Segment{}, false
	}
	if n == 0 {
		return nil, geom.Segment{}, false
	}
	if w.w.Arcs != nil && si < len(w.w.Arcs) && w.w.Arcs[si].Arc {
		r.add(diag.New(diag.ErrFurnAgainst, src.Span, "Furniture %q cannot stand against a curved wall segment; place it with `at (x,y)` and `rotate`", f.id))
		return nil, geom.Segment{}, false
	}
	if sg := w.p.segs[si]; math.Abs(sg.A.X-sg.B.X) > geom.Eps && math.Abs(sg.A.Y-sg.B.Y) > geom.Eps {
		r.add(diag.New(diag.ErrFurnAgainst, src.Span, "Furniture %q: segment %d of wall %q is not horizontal or vertical, and a piece only turns in quarter-turns; place it with `at (x,y)`", f.id, si, w.id))
		return nil, geom.Segment{}, false
	}
	f.cl.emit(src.Offset.Diags())
	// The written offset is checked, before any snapping.
	if src.Offset.Set() {
		if off, l := src.Offset.V, w.p.segs[si].Len(); off < -geom.Eps || off > l+geom.Eps {
			r.add(diag.New(diag.ErrFurnAgainst, src.Span, "Furniture %q has offset %s, past the segment's run of 0…%s mm", f.id, num(off), num(round3(l))))
			return nil, geom.Segment{}, false
		}
	}
	if !src.Side.Set() && !src.Room.Set() {
		r.add(diag.New(diag.ErrFurnAgainst, src.Span, "Furniture %q needs `side left|right` (or `in <room>`) to know which face of the wall it backs onto", f.id))
		return nil, geom.Segment{}, false
	}
	if !src.Side.Set() {
		if _, found := r.inferSide(f, w, w.p.segs[si]); !found {
			r.add(diag.New(diag.ErrFurnAgainst, src.Span, "Furniture %q cannot tell from `in %s` which face of the wall to back onto; add `side left|right`", f.id, src.Room.V))
			return nil, geom.Segment{}, false
		}
	}
	return w, w.p.segs[si], ok
}

// againstRect puts a piece's back on the face of segment s: along×depth,
// centred at the offset (default: the segment's middle).
func (r *resolver) againstRect(f *furnEl, w *wallEl, s geom.Segment, along, depth float64) (geom.Rect, float64) {
	src := f.src
	u := s.B.Sub(s.A).Unit()
	left := geom.Point{X: -u.Y, Y: u.X}
	n := left
	switch src.Side.V {
	case "right":
		n = left.Mul(-1)
	case "left":
	default:
		n, _ = r.inferSide(f, w, s)
	}
	off := r.againstOffset(f, s)
	c := s.A.Add(u.Mul(off)).Add(n.Mul(w.w.Thickness / 2))
	p1 := c.Sub(u.Mul(along / 2))
	p2 := c.Add(u.Mul(along / 2))
	p3 := p2.Add(n.Mul(depth))
	p4 := p1.Add(n.Mul(depth))
	rc := geom.Polygon{p1, p2, p3, p4}.Bounds()
	// The footprint's corner lands on the grid, as every placed piece's
	// does: under an odd grid the face (centreline ± half a snapped
	// thickness) is off the grid, so the back moves to the nearest line.
	x, y := snap(clean(rc.Min.X), r.grid), snap(clean(rc.Min.Y), r.grid)
	return geom.RectXYWH(x, y, clean(rc.W()), clean(rc.H())), facing(n.Mul(-1))
}

// againstOffset is the run distance of a piece's centre along s, as
// written: only the footprint's corner is snapped, afterwards.
func (r *resolver) againstOffset(f *furnEl, s geom.Segment) float64 {
	if f.src.Offset.Set() {
		return f.src.Offset.V
	}
	return s.Len() / 2
}

// inferSide picks the face of s whose side holds the owner room: the
// normal for which the piece's centre, stood on that face, falls inside the
// room. It reports false when neither or both do.
func (r *resolver) inferSide(f *furnEl, w *wallEl, s geom.Segment) (geom.Point, bool) {
	u := s.B.Sub(s.A).Unit()
	left := geom.Point{X: -u.Y, Y: u.X}
	j, ok := r.roomIdx[f.src.Room.V]
	if !ok {
		return left, false
	}
	rm := r.rooms[j]
	depth := snap(f.src.Size.H, r.grid)
	if !f.src.Size.Set() {
		if fx, _, known := lookupFixture(f.src.Category.V); known {
			depth = snap(fx.Depth, r.grid)
		}
	}
	base := s.A.Add(u.Mul(r.againstOffset(f, s)))
	var found []geom.Point
	for _, n := range []geom.Point{left, left.Mul(-1)} {
		c := base.Add(n.Mul(w.w.Thickness/2 + depth/2))
		if rm.contains(c) {
			found = append(found, n)
		}
	}
	if len(found) != 1 {
		return left, false
	}
	return found[0], true
}

// facing is the quarter-turn whose symbol back points along dir: north 0,
// east 90, south 180, west 270.
func facing(dir geom.Point) float64 {
	a := math.Atan2(dir.X, -dir.Y) * 180 / math.Pi
	q := math.Mod(math.Round(a/90)*90+360, 360)
	return q
}

// clean rounds away floating-point noise: six decimals of a millimetre,
// ties away from zero (numfmt.HalfAwayTo), never negative zero.
func clean(v float64) float64 { return numfmt.HalfAwayTo(v, 6) }

// anchorRect places a piece at an anchor of a rectangular room, measuring
// from the backing walls' inner faces on `flush` edges, and derives the
// rotation of a facing fixture when exactly one anchored, walled edge can be
// its back.
func (r *resolver) anchorRect(f *furnEl, room *roomEl, w, h, rot float64) (geom.Rect, float64) {
	src := f.src
	rc := room.rect
	inset := 0.0
	if src.Inset.Set() {
		inset = src.Inset.V // as written: only the corner is snapped
	}
	a := src.Anchor.V
	var hx, vy string // "left"/"right"/"" and "top"/"bottom"/""
	switch a {
	case "top-left":
		hx, vy = "left", "top"
	case "top":
		vy = "top"
	case "top-right":
		hx, vy = "right", "top"
	case "left":
		hx = "left"
	case "right":
		hx = "right"
	case "bottom-left":
		hx, vy = "left", "bottom"
	case "bottom":
		vy = "bottom"
	case "bottom-right":
		hx, vy = "right", "bottom"
	}
	face := func(edge string) float64 {
		if !src.Flush {
			return 0
		}
		if in, ok := r.edgeWall(rc, edge); ok {
			return in
		}
		return 0
	}
	x := rc.Min.X + (rc.W()-w)/2
	switch hx {
	case "left":
		x = rc.Min.X + face("left") + inset
	case "right":
		x = rc.Max.X - face("right") - inset - w
	}
	y := rc.Min.Y + (rc.H()-h)/2
	switch vy {
	case "top":
		y = rc.Min.Y + face("top") + inset
	case "bottom":
		y = rc.Max.Y - face("bottom") - inset - h
	}
	x, y = snap(x, r.grid), snap(y, r.grid)
	if !src.Rotate.Set() && facingFixture(src.Category.V) {
		fx, _, _ := lookupFixture(src.Category.V)
		var cands []string
		for _, e := range []string{vy, hx} {
			if e == "" {
				continue
			}
			if _, walled := r.edgeWall(rc, e); !walled {
				continue
			}
			if aspectAllows(fx, w, h, e == "top" || e == "bottom") {
				cands = append(cands, e)
			}
		}
		if len(cands) == 1 {
			rot = map[string]float64{"top": 0, "right": 90, "bottom": 180, "left": 270}[cands[0]]
		}
	}
	return geom.RectXYWH(x, y, w, h), rot
}

// aspectAllows reports whether a w×h footprint can stand with its back on
// a horizontal (or vertical) edge given the fixture's along×depth shape.
func aspectAllows(fx fixture, w, h float64, horizontal bool) bool {
	along, depth := w, h
	if !horizontal {
		along, depth = h, w
	}
	switch {
	case fx.Along == fx.Depth || along == depth:
		return true
	case fx.Along > fx.Depth:
		return along > depth
	default:
		return along < depth
	}
}

// flushReach is how far (mm) a wall's centreline may stand from a room
// edge, either way, and still back a `flush` piece on that edge: rooms are
// often drawn to a wall's face or a little past it rather than to its
// centreline.
const flushReach = 300

// edgeWall finds the wall backing one edge of a room rectangle and returns
// how far its inner face stands inside the edge (negative when the face is
// outside the room).
func (r *resolver) edgeWall(rc geom.Rect, edge string) (float64, bool) {
	key := edgeKey{rc, edge}
	if res, ok := r.edgeMemo[key]; ok {
		return res.t, res.ok
	}
	t, ok := r.findEdgeWall(rc, edge)
	if r.edgeMemo == nil {
		r.edgeMemo = map[edgeKey]edgeResult{}
	}
	r.edgeMemo[key] = edgeResult{t, ok}
	return t, ok
}

// edgeKey and edgeResult memoise edgeWall: pieces anchored in one room ask
// about the same edges.
type edgeKey struct {
	rc   geom.Rect
	edge string
}

type edgeResult struct {
	t  float64
	ok bool
}

// findEdgeWall looks, in plan order, for the first straight wall segment
// that runs parallel to the edge (exactly along an axis), spans the edge's
// midpoint and has its centreline within flushReach of the edge line.
func (r *resolver) findEdgeWall(rc geom.Rect, edge string) (float64, bool) {
	var line, mid, out float64 // edge coordinate, midpoint along it, outward sign
	vertical := false
	switch edge {
	case "top":
		line, mid, out = rc.Min.Y, (rc.Min.X+rc.Max.X)/2, -1
	case "bottom":
		line, mid, out = rc.Max.Y, (rc.Min.X+rc.Max.X)/2, 1
	case "left":
		line, mid, out, vertical = rc.Min.X, (rc.Min.Y+rc.Max.Y)/2, -1, true
	case "right":
		line, mid, out, vertical = rc.Max.X, (rc.Min.Y+rc.Max.Y)/2, 1, true
	default:
		return 0, false
	}
	m := geom.Point{X: mid, Y: line}
	if vertical {
		m = geom.Point{X: line, Y: mid}
	}
	for _, wi := range r.wallsNear(geom.Rect{Min: m, Max: m}, flushReach) {
		w := r.walls[wi]
		for i, s := range w.p.segs {
			if w.w.Arcs != nil && i < len(w.w.Arcs) && w.w.Arcs[i].Arc {
				continue
			}
			if d, ok := backsEdge(s, vertical, line, mid); ok {
				return w.w.Thickness/2 - d*out, true
			}
		}
	}
	return 0, false
}

// backsEdge reports whether segment s runs along the axis of an edge
// (vertical: x = line), spans the edge midpoint mid and lies within
// flushReach of the line; d is the centreline's offset from the line.
func backsEdge(s geom.Segment, vertical bool, line, mid float64) (float64, bool) {
	a, b := s.A, s.B
	if vertical {
		a, b = geom.Point{X: a.Y, Y: a.X}, geom.Point{X: b.Y, Y: b.X}
	}
	// Now the edge is horizontal: y = line, running in x.
	if math.Abs(a.Y-b.Y) > geom.Eps || a.X == b.X {
		return 0, false
	}
	d := a.Y - line
	if math.Abs(d) > flushReach+geom.Eps {
		return 0, false
	}
	lo, hi := math.Min(a.X, b.X), math.Max(a.X, b.X)
	if mid < lo-geom.Eps || mid > hi+geom.Eps {
		return 0, false
	}
	return d, true
}

// checkFurnitureRooms reports `in <room>` owners that name no room.
// A piece carried in from a placed instance reports the finding its own
// world found, in its place in the plan's furniture order.
func (r *resolver) checkFurnitureRooms() {
	r.furnitureRoomDiags()
	for _, f := range r.furniture {
		r.addAll(f.roomDiags)
	}
	r.addAll(r.furnOrphans)
}

// furnitureRoomDiags records on each piece its ownership finding, if any.
func (r *resolver) furnitureRoomDiags() {
	for _, f := range r.furniture {
		if f.pre != nil {
			continue
		}
		f.roomDiags = nil
		src := f.src
		if !src.Room.Set() || src.Placement == syntax.FurnCentered || src.Placement == syntax.FurnAnchor {
			continue
		}
		if _, ok := r.roomIdx[src.Room.V]; ok {
			continue
		}
		if r.roomExists(src.Room.V) {
			continue
		}
		f.roomDiags = diag.List{diag.New(diag.ErrFurnRoom, src.Span, "Furniture %q is placed `in %s`, but no room has that id", f.id, src.Room.V)}
	}
}

func (r *resolver) roomExists(id string) bool {
	for _, rm := range r.rooms {
		if rm.id == id {
			return true
		}
	}
	return false
}
