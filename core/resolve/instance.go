package resolve

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/internal/vocab"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// frame is the rigid transform of a placed instance: mirror first, then
// rotate clockwise on the sheet by quarter turns, then translate.
type frame struct {
	at     geom.Point
	quarts int // clockwise quarter turns, 0…3
	mx, my bool
}

func (f frame) point(p geom.Point) geom.Point {
	if f.mx {
		p.X = -p.X
	}
	if f.my {
		p.Y = -p.Y
	}
	for i := 0; i < f.quarts; i++ {
		p = geom.Point{X: -p.Y, Y: p.X}
	}
	return geom.Point{X: clean(p.X + f.at.X), Y: clean(p.Y + f.at.Y)}
}

// mirrored reports an odd number of reflections, which flips handedness.
func (f frame) mirrored() bool { return f.mx != f.my }

func (f frame) rect(rc geom.Rect) geom.Rect {
	a, b := f.point(rc.Min), f.point(rc.Max)
	return geom.Rect{
		Min: geom.Point{X: math.Min(a.X, b.X), Y: math.Min(a.Y, b.Y)},
		Max: geom.Point{X: math.Max(a.X, b.X), Y: math.Max(a.Y, b.Y)},
	}
}

func (f frame) polygon(pg geom.Polygon) geom.Polygon {
	out := make(geom.Polygon, len(pg))
	for i, p := range pg {
		out[i] = f.point(p)
	}
	return out
}

// quarter returns a symbol's quarter-turn after the transform.
func (f frame) quarter(q float64) float64 {
	if f.mx {
		q = 360 - q
	}
	if f.my {
		q = 540 - q
	}
	q += float64(90 * f.quarts)
	return math.Mod(math.Mod(q, 360)+360, 360)
}

// dupInstances reports every `place … as <name>` whose name an earlier
// instance already took, and returns those instances, which are skipped.
func (r *resolver) dupInstances(items []expand.Item) map[*expand.Instance]bool {
	// Both maps are made on the first instance: most plans place none.
	var seen map[string]bool
	var skip map[*expand.Instance]bool
	for _, it := range items {
		in, ok := it.(*expand.Instance)
		if !ok {
			continue
		}
		if seen == nil {
			seen = map[string]bool{}
		}
		if seen[in.Name.V] {
			sp := in.Name.Span
			if sp.End <= sp.Start {
				sp = in.Span
			}
			r.add(diag.New(diag.ErrDupInstance, sp, "An instance named %q is already placed; each `place … as <name>` needs its own name", in.Name.V))
			if skip == nil {
				skip = map[*expand.Instance]bool{}
			}
			skip[in] = true
			continue
		}
		seen[in.Name.V] = true
	}
	return skip
}

// instance resolves a placed component in its own frame, as a closed
// world, then carries the result into this plan under the instance's
// namespace.
func (r *resolver) instance(in *expand.Instance) {
	c := r.resolveComponent(in)
	t := r.newCarrier(in)
	walls := t.carryWalls(r, c)
	t.carryRooms(r, c)
	t.carryOpenings(r, c, walls)
	t.carryFurniture(r, c)
	t.carryAnnotations(r, c)
}

// resolveComponent resolves an instance's own items in a world of their
// own (a child resolver), and files its findings where the reference
// reports them.
func (r *resolver) resolveComponent(in *expand.Instance) *resolver {
	r.instDup = append(r.instDup, in.Diags()...)
	c := &resolver{maxT: -1, file: r.file, stmts: r.stmts, grid: r.grid}
	c.plan = &ir.Plan{}
	c.collect(in.Items)
	c.diags = nil
	c.checkDupIDs()
	r.instDup = append(append(r.instDup, c.instDup...), c.diags...)
	c.diags = nil
	c.elementPasses()
	// Within an instance's world its own element findings come before
	// those of the instances placed inside it, as in the reference.
	r.instRest = append(append(r.instRest, c.diags...), c.instRest...)
	// The ownership findings (E_FURN_ROOM) stay with their pieces: the
	// reference reports them in the plan's own ownership pass, in order.
	c.diags = nil
	c.furnitureRoomDiags()
	return c
}

// carrier moves a resolved component's elements into the plan: placed by
// the instance's frame, their ids under its name, its rooms in its zone.
type carrier struct {
	r                *resolver // the plan carried into
	f                frame
	name, comp, zone string
}

// newCarrier records the instance in the plan and returns its carrier.
func (r *resolver) newCarrier(in *expand.Instance) *carrier {
	name := in.Name.V
	f := frame{at: geom.Point{X: snap(in.At.X, r.grid), Y: snap(in.At.Y, r.grid)}, mx: in.Mirror.V == "x", my: in.Mirror.V == "y"}
	f.quarts = int(math.Mod(math.Mod(math.Round(in.Rotate.V/90), 4)+4, 4))
	r.plan.Instances = append(r.plan.Instances, ir.Instance{Name: name, Component: in.Component.V, At: f.at, Rotate: in.Rotate.V, Mirror: in.Mirror.V})
	zone := name
	if in.Zone != "" {
		zone = in.Zone + "." + name
	}
	return &carrier{r: r, f: f, name: name, comp: in.Component.V, zone: zone}
}

// ns puts an element id under the instance's name ("" stays "").
func (t *carrier) ns(id string) string {
	if id == "" {
		return ""
	}
	return t.r.joinID(t.name, id)
}

// carryWalls places the component's walls and returns each one's copy in
// the plan, by the component's element.
func (t *carrier) carryWalls(r, c *resolver) map[*wallEl]*wallEl {
	ns, n := 0, 0
	for _, w := range c.walls {
		if w.ok {
			ns += w.w.NumSegments()
			n++
		}
	}
	walls := make(map[*wallEl]*wallEl, n)
	r.paths.reserve(ns)
	// The copies are allocated together.
	els := make([]wallEl, n)
	for _, w := range c.walls {
		if !w.ok {
			continue
		}
		nw := &els[0]
		els = els[1:]
		*nw = wallEl{id: t.ns(w.id), ok: true, w: w.w}
		nw.w.ID = t.ns(w.w.ID)
		nw.w.GenID = t.ns(w.w.GenID)
		nw.w.Points = t.f.polygon(w.w.Points)
		if w.w.Arcs != nil {
			nw.w.Arcs = make([]ir.WallArc, len(w.w.Arcs))
			for i, a := range w.w.Arcs {
				if !a.Arc {
					continue
				}
				na := a
				na.Center = t.f.point(a.Center)
				p0 := nw.w.Points[i]
				na.StartAngle = math.Atan2(p0.Y-na.Center.Y, p0.X-na.Center.X)
				if t.f.mirrored() {
					na.Sweep, na.CW = -a.Sweep, !a.CW
				}
				nw.w.Arcs[i] = na
			}
		}
		nw.p = newWallPathIn(&nw.w, &r.paths)
		walls[w] = nw
		r.walls = append(r.walls, nw)
	}
	return walls
}

// carryRooms places the component's rooms, in the instance's zone.
func (t *carrier) carryRooms(r, c *resolver) {
	n := 0
	for _, rm := range c.rooms {
		if rm.ok {
			n++
		}
	}
	// The copies are allocated together.
	els := make([]roomEl, n)
	for _, rm := range c.rooms {
		if !rm.ok {
			continue
		}
		nr := &els[0]
		els = els[1:]
		*nr = roomEl{src: rm.src, strip: rm.strip, meta: rm.meta, id: t.ns(rm.id), abs: true, ok: true, pre: true, placed: true, room: rm.room, bad: rm.bad}
		nr.room.ID = nr.id
		nr.room.Zone = t.zone
		if rm.room.Zone != "" {
			nr.room.Zone = t.zone + "." + rm.room.Zone
		}
		if nr.room.Instance == "" {
			nr.room.Instance, nr.room.Component = t.name, t.comp
		}
		nr.rect = t.f.rect(rm.rect)
		switch rm.room.Shape {
		case ir.RoomRect:
			r.setRect(nr, nr.rect)
		default:
			nr.room.Polygon = t.f.polygon(rm.room.Polygon)
			nr.room.Center = t.f.point(rm.room.Center)
		}
		if rm.room.LabelAt != nil {
			p := t.f.point(*rm.room.LabelAt)
			nr.room.LabelAt = &p
		}
		r.rooms = append(r.rooms, nr)
	}
}

// carryOpenings places the component's openings on their walls' copies.
func (t *carrier) carryOpenings(r, c *resolver, walls map[*wallEl]*wallEl) {
	// c.plan.Openings holds the resolved openings in kind order; pair them
	// back with their elements by id. (The map holds indexes: an opening
	// is too large a value to be held in place.)
	byID := idIndex(c.plan.Openings, func(op *ir.Opening) string { return op.ID })
	// The carried openings and their elements are allocated together.
	// (An id two openings share pairs both with one opening.)
	n := countKnown(c.openings, func(o *openingEl) string { return o.id }, byID)
	els, pres := make([]openingEl, n), make([]ir.Opening, n)
	for _, o := range c.openings {
		i, ok := byID[o.id]
		if !ok {
			continue
		}
		op := c.plan.Openings[i]
		no := &els[0]
		els = els[1:]
		*no = openingEl{src: o.src, id: t.ns(o.id)}
		op.ID = no.id
		op.Center = t.f.point(op.Center)
		if op.Instance == "" {
			op.Instance = t.name
		}
		if op.Wall >= 0 {
			for _, w := range c.walls {
				if w.ok && w.planIdx == op.Wall {
					no.preHost = walls[w]
				}
			}
		}
		if t.f.mirrored() && op.Kind == ir.Door {
			if op.Swing == vocab.In {
				op.Swing = vocab.Out
			} else if op.Swing == vocab.Out {
				op.Swing = vocab.In
			}
		}
		pres[0] = op
		no.pre, pres = &pres[0], pres[1:]
		r.openings = append(r.openings, no)
	}
}

// carryFurniture places the component's furniture; a piece that failed to
// resolve is not carried, and its ownership finding rides with the next
// piece that is (or with the plan's orphans).
func (t *carrier) carryFurniture(r, c *resolver) {
	// (The map holds indexes: a piece is too large a value to be held in
	// place.)
	furn := idIndex(c.plan.Furniture, func(fu *ir.Furniture) string { return fu.ID })
	// The carried pieces and their elements are allocated together.
	n := countKnown(c.furniture, func(fe *furnEl) string { return fe.id }, furn)
	els, pres := make([]furnEl, n), make([]ir.Furniture, n)
	pending := append(diag.List(nil), c.furnOrphans...)
	var last *furnEl
	defer func() {
		if len(pending) == 0 {
			return
		}
		if last != nil {
			last.roomDiags = append(last.roomDiags, pending...)
		} else {
			r.furnOrphans = append(r.furnOrphans, pending...)
		}
	}()
	for _, fe := range c.furniture {
		i, ok := furn[fe.id]
		if !ok {
			// A piece that failed to resolve is not carried; its
			// ownership finding rides with the next piece that is.
			pending = append(pending, fe.roomDiags...)
			continue
		}
		fu := c.plan.Furniture[i]
		fu.ID = t.ns(fu.ID)
		fu.Room = t.ns(fu.Room)
		if fu.Instance == "" {
			fu.Instance, fu.Component = t.name, t.comp
		}
		fu.Rect = t.f.rect(fu.Rect)
		fu.Rotate = t.f.quarter(fu.Rotate)
		pres[0] = fu
		carried := &els[0]
		*carried = furnEl{src: fe.src, id: fu.ID, ok: true, pre: &pres[0], roomDiags: append(pending, fe.roomDiags...)}
		els, pres = els[1:], pres[1:]
		pending = nil
		r.furniture = append(r.furniture, carried)
		last = carried
	}
}

// carryAnnotations places the component's dimensions, columns and
// vertical runs.
func (t *carrier) carryAnnotations(r, c *resolver) {
	for _, d := range c.plan.Dims {
		d := d
		d.From, d.To = t.f.point(d.From), t.f.point(d.To)
		if t.f.mirrored() {
			d.Offset = -d.Offset
		}
		r.dims = append(r.dims, &dimEl{pre: &d})
	}
	for _, col := range c.plan.Columns {
		col := col
		col.ID = t.ns(col.ID)
		col.Rect = t.f.rect(col.Rect)
		r.boxes = append(r.boxes, &boxEl{id: col.ID, preCol: &col})
	}
	for _, v := range c.plan.Vertical {
		v := v
		v.ID = t.ns(v.ID)
		v.Rect = t.f.rect(v.Rect)
		r.boxes = append(r.boxes, &boxEl{id: v.ID, preVer: &v})
	}
}

// idIndex maps each item's id to its index (the last item's, when items
// share an id), reading items in place: a resolved item is too large a
// value to copy for its id.
func idIndex[T any](items []T, id func(*T) string) map[string]int {
	m := make(map[string]int, len(items))
	for i := range items {
		m[id(&items[i])] = i
	}
	return m
}

// countKnown counts the elements whose id byID holds.
func countKnown[E any](els []*E, id func(*E) string, byID map[string]int) int {
	n := 0
	for _, e := range els {
		if _, ok := byID[id(e)]; ok {
			n++
		}
	}
	return n
}
