package resolve

import (
	"cmp"
	"math"
	"slices"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// circleSides is the number of sides of the ring a circular room is
// approximated by for overlap and hosting.
const circleSides = 48

// alignEdges lists the cross-axis edges valid after each relational
// direction; alignOther maps an edge of the other axis to its counterpart.
var (
	horizontalAlign = map[string]bool{"top": true, "middle": true, "center": true, "bottom": true}
	verticalAlign   = map[string]bool{"left": true, "center": true, "middle": true, "right": true}
	alignOther      = map[string]string{"top": "left", "bottom": "right", "left": "top", "right": "bottom"}
)

// resolveRooms resolves every room whose floor does not depend on another
// room, validates the relational ones and lays out the strips.
func (r *resolver) resolveRooms() {
	stripPos := r.stripPos
	if stripPos == nil {
		stripPos = r.stripRects()
	}
	for _, rm := range r.rooms {
		if rm.pre {
			continue
		}
		rm.room = ir.Room{ID: rm.id, Span: rm.meta.Span, File: fileName(rm.meta.File), Zone: rm.meta.Zone, Placement: "absolute"}
		if rm.strip != nil {
			rm.room.Placement = "strip"
			// The strip layout read the size; the label is read once the
			// room is drawn (never for a dropped room).
			cl := r.clauses(rm.meta, rm.strip.Size.Diags(), rm.strip.Label.Diags())
			rm.room.Label = rm.strip.Label.V
			rm.room.Uses = r.words(rm.strip.Uses)
			rect, ok := stripPos[rm.strip]
			if !ok {
				// E_STRIP_SIZE: the reference draws no such room.
				rm.dropped = true
				continue
			}
			if !(rect.W() > 0 && rect.H() > 0) {
				r.add(diag.New(diag.ErrRoomSize, rm.meta.Span, "Room %q has size %s×%s; both sides must be positive", rm.id, num(rect.W()), num(rect.H())))
				rm.bad = true
			}
			cl.emit(rm.strip.Label.Diags())
			rm.abs, rm.ok = true, true
			r.setRect(rm, rect)
			continue
		}
		src := rm.src
		rm.room.Label = src.Label.V
		rm.room.Uses = r.words(src.Uses)
		// The reference reads a room's clauses lazily: its placement and
		// size (then the size check), then the label anchor and the label;
		// a polygon or circle reads its label, is checked, and then reads
		// the label anchor.
		known := []diag.List{src.At.Diags(), src.Gap.Diags(), src.Size.Diags(), src.Radius.Diags(), src.LabelAt.Diags(), src.Label.Diags()}
		for _, p := range src.Polygon {
			known = append(known, p.Diags())
		}
		cl := r.clauses(&src.Meta, known...)
		switch src.Form {
		case syntax.RoomAt, syntax.RoomRelative:
			if src.Form == syntax.RoomRelative {
				rm.room.Placement = "relational"
				r.checkAlign(rm)
			}
			cl.emit(src.At.Diags(), src.Gap.Diags(), src.Size.Diags())
			w, h := snap(src.Size.W, r.grid), snap(src.Size.H, r.grid)
			if !(w > 0 && h > 0) {
				// Reported, but the room stays for the statements that name it.
				r.add(diag.New(diag.ErrRoomSize, src.Span, "Room %q has size %s×%s; both sides must be positive", rm.id, num(w), num(h)))
				rm.bad = true
			}
			cl.emit(src.LabelAt.Diags(), src.Label.Diags())
			rm.ok = true
			if src.Form == syntax.RoomAt {
				rm.abs = true
				x, y := snap(src.At.X, r.grid), snap(src.At.Y, r.grid)
				r.setRect(rm, geom.RectXYWH(x, y, w, h))
			} else {
				// Placed by layout(); the size is known now.
				rm.rect = geom.RectXYWH(0, 0, w, h)
			}
		case syntax.RoomPolygon:
			var pg geom.Polygon
			if n := len(src.Polygon); n > 0 {
				pg = make(geom.Polygon, 0, n)
			}
			for _, p := range src.Polygon {
				cl.emit(p.Diags())
				pg = append(pg, geom.Point{X: snap(p.X, r.grid), Y: snap(p.Y, r.grid)})
			}
			cl.emit(src.Label.Diags())
			// A bad ring is reported but the room is kept, as the reference
			// does (it still takes part in the overlap check).
			r.checkPolygon(rm, pg)
			rm.abs, rm.ok = true, true
			rm.room.Shape = ir.RoomPoly
			rm.room.Polygon = pg
			rm.rect = pg.Bounds()
			cl.emit(src.LabelAt.Diags())
		case syntax.RoomCircle:
			cl.emit(src.At.Diags(), src.Radius.Diags(), src.Label.Diags())
			c := geom.Point{X: snap(src.At.X, r.grid), Y: snap(src.At.Y, r.grid)}
			rad := snap(src.Radius.V, r.grid)
			if !(rad > 0) {
				r.add(diag.New(diag.ErrRoomRadius, src.Span, "Room %q has radius %s; a circular room needs a positive radius", rm.id, num(rad)))
				rm.bad = true
			}
			rm.abs, rm.ok = true, true
			rm.room.Shape = ir.RoomCircle
			rm.room.Center, rm.room.Radius = c, rad
			rm.room.Polygon = circleRing(c, rad)
			rm.rect = geom.Rect{Min: geom.Point{X: c.X - rad, Y: c.Y - rad}, Max: geom.Point{X: c.X + rad, Y: c.Y + rad}}
			cl.emit(src.LabelAt.Diags())
		}
		if rm.ok && rm.abs && !rm.bad && src.LabelAt.Set() {
			r.labelAt(rm)
		}
	}
	if r.roomIdx == nil {
		// Made here, at its size.
		r.roomIdx = make(map[string]int, len(r.rooms))
	}
	for i, rm := range r.rooms {
		if rm.ok {
			if _, dup := r.roomIdx[rm.id]; !dup {
				r.roomIdx[rm.id] = i
			}
		}
	}
}

func (r *resolver) setRect(rm *roomEl, rc geom.Rect) {
	rm.rect = rc
	rm.room.Shape = ir.RoomRect
	// A new polygon each time (an earlier one may be shared), its corners
	// cut from the resolver's array.
	if len(r.corners) < 4 {
		r.corners = make([]geom.Point, 4*min(max(len(r.rooms), 1), 256))
	}
	pg := geom.Polygon(r.corners[:4:4])
	r.corners = r.corners[4:]
	pg[0], pg[1], pg[2], pg[3] = rc.Min, geom.Point{X: rc.Max.X, Y: rc.Min.Y}, rc.Max, geom.Point{X: rc.Min.X, Y: rc.Max.Y}
	rm.room.Polygon = pg
}

// labelAt records a pinned label anchor and warns when it is off the floor.
func (r *resolver) labelAt(rm *roomEl) {
	p := geom.Point{X: rm.src.LabelAt.X, Y: rm.src.LabelAt.Y}
	rm.room.LabelAt = &p
	if rm.contains(p) {
		return
	}
	sp := rm.src.LabelAt.Span
	sp.Start = keywordBefore(r.file, sp.Start, "at")
	r.add(diag.New(diag.WarnRoomLabelOutside, sp, "Room %q pins its label at (%s, %s), which is not on the room's floor", rm.id, num(p.X), num(p.Y)))
}

// contains reports whether p is on the room's floor (boundary included).
func (rm *roomEl) contains(p geom.Point) bool {
	switch rm.room.Shape {
	case ir.RoomCircle:
		return p.Sub(rm.room.Center).Len() <= rm.room.Radius+geom.Eps
	case ir.RoomPoly:
		return pointInPolygon(rm.room.Polygon, p)
	}
	return p.X >= rm.rect.Min.X-geom.Eps && p.X <= rm.rect.Max.X+geom.Eps && p.Y >= rm.rect.Min.Y-geom.Eps && p.Y <= rm.rect.Max.Y+geom.Eps
}

// checkAlign validates a relational room's `align` edge. A bad edge is
// reported and the room falls back to the default (leading) edge.
func (r *resolver) checkAlign(rm *roomEl) bool {
	a := rm.src.Align
	if !a.Set() {
		return true
	}
	horiz := rm.src.RelDir.V == "right-of" || rm.src.RelDir.V == "left-of"
	valid := verticalAlign
	if horiz {
		valid = horizontalAlign
	}
	if valid[a.V] {
		return true
	}
	if other, ok := alignOther[a.V]; ok {
		d := diag.New(diag.ErrRoomAlignAxis, a.Span, "Room %q is placed `%s …`, where `align %s` names an edge of the other axis; the matching edge is %q",
			rm.id, rm.src.RelDir.V, a.V, other)
		d.Fixes = []diag.Fix{{Title: "align on `" + other + "`", Applicability: "machine-applicable", FixID: "room-align-axis",
			Edits: []diag.Edit{{Span: a.Span, NewText: other}}}}
		r.add(d)
		return false
	}
	r.add(diag.New(diag.ErrRoomAlign, a.Span, "Room %q has `align %s`, which is not an edge to align on", rm.id, a.V))
	return false
}

// stripRects lays every strip's rooms end to end.
func (r *resolver) stripRects() map[*expand.StripRoom]geom.Rect {
	out, per := r.layoutStrips(r.strips)
	for _, l := range per {
		r.addAll(l)
	}
	return out
}

// noStripRects is the layout of no strips (most plans): empty, and never
// written to.
var noStripRects = map[*expand.StripRoom]geom.Rect{}

// layoutStrips lays out the given strips and returns, per strip, the
// findings of its layout (its clauses, room sizes, E_STRIP_SIZE).
func (r *resolver) layoutStrips(strips []*expand.Strip) (map[*expand.StripRoom]geom.Rect, []diag.List) {
	out := noStripRects
	if len(strips) > 0 {
		out = map[*expand.StripRoom]geom.Rect{}
	}
	per := make([]diag.List, len(strips))
	saved := r.diags
	defer func() { r.diags = saved }()
	for si, st := range strips {
		r.diags = nil
		// The strip reads its position, gap and cross extent, then each
		// room's size as it lays the room; the rooms' other clauses are
		// read when the rooms are resolved.
		known := []diag.List{st.At.Diags(), st.Gap.Diags(), st.Cross.Diags()}
		for i := range st.Rooms {
			known = append(known, st.Rooms[i].Diags(), st.Rooms[i].Size.Diags(), st.Rooms[i].Label.Diags())
		}
		cl := r.clauses(&st.Meta, known...)
		cl.emit(st.At.Diags(), st.Gap.Diags(), st.Cross.Diags())
		x, y := snap(st.At.X, r.grid), snap(st.At.Y, r.grid)
		gap := snap(st.Gap.V, r.grid)
		cross := 0.0
		if st.Cross.Set() {
			cross = snap(st.Cross.V, r.grid)
		}
		run := 0.0
		for i := range st.Rooms {
			sr := &st.Rooms[i]
			r.addAll(sr.Size.Diags())
			main := snap(sr.Size.W, r.grid)
			c := cross
			if sr.Size.HasH {
				c = snap(sr.Size.H, r.grid)
			}
			if !st.Cross.Set() && !sr.Size.HasH {
				id := sr.ID.V
				if id == "" {
					id = "room"
				}
				r.add(diag.New(diag.ErrStripSize, sr.Span, "Room %q in this strip has no cross-axis size: give the strip a `%s` or the room `size <main>x<cross>`", id, crossWord(st.Dir.V)))
				run += main + gap
				continue
			}
			var rc geom.Rect
			switch st.Dir.V {
			case "left":
				rc = geom.RectXYWH(x-run-main, y, main, c)
			case "down":
				rc = geom.RectXYWH(x, y+run, c, main)
			case "up":
				rc = geom.RectXYWH(x, y-run-main, c, main)
			default:
				rc = geom.RectXYWH(x+run, y, main, c)
			}
			run += main + gap
			out[sr] = rc
		}
		per[si] = r.diags
	}
	return out, per
}

func crossWord(dir string) string {
	if dir == "down" || dir == "up" {
		return "width"
	}
	return "height"
}

// layout places the relational rooms in dependency order. As in the
// reference, a relational reference resolves to the LAST room holding that
// id, and an id's findings are reported once (for its first room).
func (r *resolver) layout() {
	last := map[string]int{}
	for i, rm := range r.rooms {
		if rm.ok {
			last[rm.id] = i
		}
	}
	isRel := func(rm *roomEl) bool { return rm.ok && !rm.abs && rm.src != nil && !rm.pre }
	reported := map[string]bool{}
	for _, rm := range r.rooms {
		if !isRel(rm) {
			continue
		}
		first := !reported[rm.id]
		reported[rm.id] = true
		ref := rm.src.RelRef.V
		j, ok := last[ref]
		switch {
		case !ok:
			if first {
				r.add(diag.New(diag.ErrLayoutRef, rm.src.Span, "Room %q is placed relative to %q, but no room has that id", rm.id, ref))
			}
			rm.placed = true
			r.setRect(rm, rm.rect)
		case r.rooms[j].room.Shape == ir.RoomPoly || r.rooms[j].room.Shape == ir.RoomCircle:
			if first {
				r.add(diag.New(diag.ErrPlacePoly, rm.src.Span, "Room %q is placed `%s %s`, but %q is not a rectangle; place this room with `at (x,y)`",
					rm.id, rm.src.RelDir.V, ref, ref))
			}
			rm.placed = true
			r.setRect(rm, rm.rect)
		}
	}
	// Cycles, followed id to id through the last room of each id.
	cyc := map[string]bool{}
	for _, rm := range r.rooms {
		if !isRel(rm) || rm.placed {
			continue
		}
		var chain []string
		seen := map[string]int{}
		cur := rm
		for cur != nil && isRel(cur) && !cur.placed {
			if k, again := seen[cur.id]; again {
				for _, id := range chain[k:] {
					cyc[id] = true
				}
				break
			}
			seen[cur.id] = len(chain)
			chain = append(chain, cur.id)
			j, ok := last[cur.src.RelRef.V]
			if !ok {
				break
			}
			cur = r.rooms[j]
		}
	}
	for _, rm := range r.rooms {
		if isRel(rm) && !rm.placed {
			r.place(rm, cyc, last)
		}
	}
	for _, rm := range r.rooms {
		if isRel(rm) && cyc[rm.id] {
			r.add(diag.New(diag.ErrLayoutCycle, rm.src.Span, "Room %q is part of a cycle of relational placements", rm.id))
		}
	}
}

// place resolves rm after the room it refers to; a room of a cycle keeps
// its fallback position at the origin.
func (r *resolver) place(rm *roomEl, cyc map[string]bool, last map[string]int) {
	if rm.placed || rm.abs || rm.visiting {
		return
	}
	if cyc[rm.id] {
		rm.placed = true
		r.setRect(rm, geom.RectXYWH(0, 0, rm.rect.W(), rm.rect.H()))
		return
	}
	rm.visiting = true
	ref := r.rooms[last[rm.src.RelRef.V]]
	r.place(ref, cyc, last)
	rm.visiting = false
	rm.placed = true
	align := rm.src.Align.V
	if valid := map[bool]map[string]bool{true: horizontalAlign, false: verticalAlign}[rm.src.RelDir.V == "right-of" || rm.src.RelDir.V == "left-of"]; !valid[align] {
		align = ""
	}
	r.setRect(rm, relRect(ref.rect, rm.rect.W(), rm.rect.H(), rm.src.RelDir.V, align, snap(rm.src.Gap.V, r.grid)))
}

// relRect is the rectangle of a w×h room placed dir of ref.
func relRect(ref geom.Rect, w, h float64, dir, align string, gap float64) geom.Rect {
	var x, y float64
	switch dir {
	case "right-of", "left-of":
		if dir == "right-of" {
			x = ref.Max.X + gap
		} else {
			x = ref.Min.X - gap - w
		}
		switch align {
		case "middle", "center":
			y = ref.Min.Y + (ref.H()-h)/2
		case "bottom":
			y = ref.Max.Y - h
		default:
			y = ref.Min.Y
		}
	default:
		if dir == "below" {
			y = ref.Max.Y + gap
		} else {
			y = ref.Min.Y - gap - h
		}
		switch align {
		case "center", "middle":
			x = ref.Min.X + (ref.W()-w)/2
		case "right":
			x = ref.Max.X - w
		default:
			x = ref.Min.X
		}
	}
	return geom.RectXYWH(x, y, w, h)
}

// finishRooms copies the resolved rooms into the plan, in source order.
func (r *resolver) finishRooms() {
	n := 0
	for _, rm := range r.rooms {
		if rm.ok {
			n++
		}
	}
	if n > 0 {
		r.plan.Rooms = slices.Grow(r.plan.Rooms, n)
	}
	for _, rm := range r.rooms {
		if !rm.ok {
			continue
		}
		if !rm.pre && !rm.bad && rm.src != nil && rm.src.Form == syntax.RoomRelative && rm.src.LabelAt.Set() {
			r.labelAt(rm)
		}
		r.plan.Rooms = append(r.plan.Rooms, rm.room)
	}
}

// maxOverlapPairs bounds the room pairs checkOverlaps collects, so a plan
// of thousands of stacked rooms stays cheap; past it the remaining pairs
// are not reported.
const maxOverlapPairs = 20000

// MaxOverlapWork bounds the polygon overlap tests checkOverlaps makes
// (pairs of rooms, not both rectangles, whose boxes meet), counted as the
// product of the two rings' vertex counts, the cost of one test: thousands
// of polygon or circle rooms on one spot that do not overlap (identical
// rings do not) would otherwise take a test per pair, minutes for a loop
// of circles. Past it the remaining pairs are not reported.
const MaxOverlapWork = 2_000_000

// checkOverlaps warns about every pair of rooms whose floors overlap, in
// the reference's order: by the first room, then the second, in source
// order. A sweep over the x extents finds the candidate pairs.
func (r *resolver) checkOverlaps() {
	ok := make([]*roomEl, 0, len(r.rooms))
	for _, rm := range r.rooms {
		// A room of refused size or radius has no floor to overlap, even
		// once an instance transform has normalised its rectangle.
		if rm.ok && !rm.bad {
			ok = append(ok, rm)
		}
	}
	order := make([]int, len(ok))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		// (As a less function: rooms whose x neither precedes the other
		// are equal, as sort.SliceStable would have them.)
		switch xa, xb := ok[a].rect.Min.X, ok[b].rect.Min.X; {
		case xa < xb:
			return -1
		case xb < xa:
			return 1
		}
		return 0
	})
	type pair struct{ i, j int }
	var pairs []pair
	// A sweep along x: room j meets the rooms before it in x order whose
	// right edge is still past its left edge (the active rooms, in x
	// order). An index of the rooms' boxes finds them without walking
	// every active room, which a column of rooms would make all of them.
	rank := make([]int, len(ok))
	boxes := make([]geom.Rect, len(ok))
	for k, i := range order {
		rank[i] = k
		boxes[i] = ok[i].rect
	}
	ix := geom.NewRectIndex(boxes)
	var near, active []int
	work := 0
sweep:
	for _, j := range order {
		cur := ok[j].rect
		near = ix.AppendQuery(near, cur)
		active = active[:0]
		for _, i := range near {
			if rank[i] < rank[j] && ok[i].rect.Max.X-cur.Min.X > geom.Eps {
				active = append(active, i)
			}
		}
		slices.SortFunc(active, func(x, y int) int { return rank[x] - rank[y] })
		for _, i := range active {
			a, b := i, j
			if a > b {
				a, b = b, a
			}
			if !bothRects(ok[a], ok[b]) {
				// Two rooms that are not both rectangles take a polygon
				// test, whose cost grows with the product of their vertex
				// counts: at most MaxOverlapWork of it in all.
				if work += len(ok[a].room.Polygon) * len(ok[b].room.Polygon); work > MaxOverlapWork {
					break sweep
				}
			}
			if roomsOverlap(ok[a], ok[b]) {
				if len(pairs) >= maxOverlapPairs {
					break sweep
				}
				pairs = append(pairs, pair{a, b})
			}
		}
	}
	slices.SortFunc(pairs, func(x, y pair) int {
		if c := cmp.Compare(x.i, y.i); c != 0 {
			return c
		}
		return cmp.Compare(x.j, y.j)
	})
	for _, p := range pairs {
		r.add(diag.New(diag.WarnRoomOverlap, ok[p.j].meta.Span, "Rooms %q and %q overlap", ok[p.i].id, ok[p.j].id))
	}
}

// bothRects reports whether two rooms are both rectangles, whose overlap
// test is a comparison of their boxes.
func bothRects(a, b *roomEl) bool {
	return a.room.Shape == ir.RoomRect && b.room.Shape == ir.RoomRect
}

func roomsOverlap(a, b *roomEl) bool {
	ra, rb := a.rect, b.rect
	if math.Min(ra.Max.X, rb.Max.X)-math.Max(ra.Min.X, rb.Min.X) <= geom.Eps ||
		math.Min(ra.Max.Y, rb.Max.Y)-math.Max(ra.Min.Y, rb.Min.Y) <= geom.Eps {
		return false
	}
	if bothRects(a, b) {
		return true
	}
	return polygonsOverlap(a.room.Polygon, b.room.Polygon)
}

func (r *resolver) words(ws []expand.Word) []string {
	if len(ws) == 0 {
		return nil
	}
	// Cut from the resolver's array of use lists.
	if len(r.useBuf) < len(ws) {
		r.useBuf = make([]string, max(len(ws), 4*min(max(len(r.rooms), 1), 256)))
	}
	out := r.useBuf[:0:len(ws)]
	r.useBuf = r.useBuf[len(ws):]
	for _, w := range ws {
		out = append(out, w.V)
	}
	return out
}

// keywordBefore returns the offset of kw when it is the last word before
// off in the source (skipping blanks), else off.
func keywordBefore(f *source.File, off int, kw string) int {
	if f == nil {
		return off
	}
	i := off
	for i > 0 && (f.Src[i-1] == ' ' || f.Src[i-1] == '\t') {
		i--
	}
	if i >= len(kw) && string(f.Src[i-len(kw):i]) == kw {
		return i - len(kw)
	}
	return off
}

func circleRing(c geom.Point, rad float64) geom.Polygon {
	pg := make(geom.Polygon, circleSides)
	for i := range pg {
		pg[i] = geom.Point{X: c.X + rad*ringCos[i], Y: c.Y + rad*ringSin[i]}
	}
	return pg
}

// ringCos and ringSin are the cosines and sines of a circle ring's
// angles, 2π·i/circleSides, worked out once.
var ringCos, ringSin = func() (c, s [circleSides]float64) {
	for i := range circleSides {
		a := 2 * math.Pi * float64(i) / circleSides
		c[i], s[i] = math.Cos(a), math.Sin(a)
	}
	return c, s
}()
