package resolve

import (
	"math"
	"slices"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// resolveWalls snaps every wall and checks its thickness and material.
func (r *resolver) resolveWalls() {
	// The walls' vertices and paths are cut from arrays shared by all of
	// them, sized first.
	var nv, ns int
	for _, w := range r.walls {
		if w.src != nil {
			nv += len(w.src.Vertices)
			ns += len(w.src.Vertices) + 1
		}
	}
	var pts []geom.Point
	if nv > 0 {
		pts = make([]geom.Point, nv)
	}
	r.paths.reserve(ns)
	if len(r.walls) > 0 {
		r.plan.Walls = slices.Grow(r.plan.Walls, len(r.walls))
	}
	for _, w := range r.walls {
		if w.src == nil {
			// resolved inside a placed instance
			r.plan.Walls = append(r.plan.Walls, w.w)
			continue
		}
		src := w.src
		// The reference reads the vertices, then the thickness (and checks
		// it), the material, its scale (checked) and angle, and the arc
		// radii last, as it builds the arcs.
		// (Nothing to tell apart when the statement caught nothing.)
		var known []diag.List
		if len(src.Meta.Diags()) > 0 {
			known = []diag.List{src.Thickness.Diags(), src.MaterialScale.Diags(), src.MaterialAngle.Diags()}
			for _, v := range src.Vertices {
				known = append(known, v.Point.Diags(), v.Radius.Diags())
			}
		}
		cl := r.clauses(&src.Meta, known...)
		for _, v := range src.Vertices {
			cl.emit(v.Point.Diags())
		}
		iw := ir.Wall{
			ID: src.ID.V, GenID: w.id, Kind: ir.WallKind(src.Category.V), Closed: src.Closed,
			Span: src.Span, Material: "poche", MaterialScale: 1,
		}
		cl.emit(src.Thickness.Diags())
		iw.Thickness = snapSize(src.Thickness.V, r.grid)
		if !(iw.Thickness > 0) {
			// Reported, but the wall stays: later statements may still
			// name it, as in the reference.
			r.add(diag.New(diag.ErrWallThickness, src.Span, "Wall %q has a thickness of %s mm; it must be positive", w.id, num(iw.Thickness)))
		}
		if src.Material.Set() {
			m := src.Material.V
			if slices.Contains(knownMaterials, m) {
				iw.Material = m
			} else {
				r.add(diag.New(diag.WarnUnknownMaterial, src.Span, "Wall %q uses the unknown material %q (known: %s); it gets the default hatch",
					w.id, m, strings.Join(knownMaterials, ", ")))
			}
		}
		cl.emit(src.MaterialScale.Diags())
		if src.MaterialScale.Set() {
			if src.MaterialScale.V > 0 {
				iw.MaterialScale = src.MaterialScale.V
			} else {
				r.add(diag.New(diag.WarnHatchScale, src.Span, "Wall %q has a hatch scale of %s; a scale must be positive, so 1 is used", w.id, num(src.MaterialScale.V)))
			}
		}
		cl.emit(src.MaterialAngle.Diags())
		if src.MaterialAngle.Set() {
			iw.MaterialAngle = src.MaterialAngle.V
		}
		hasArc := false
		if n := len(src.Vertices); n > 0 {
			iw.Points, pts = pts[:0:n], pts[n:]
		}
		for _, v := range src.Vertices {
			cl.emit(v.Radius.Diags())
			iw.Points = append(iw.Points, geom.Point{X: snap(v.Point.X, r.grid), Y: snap(v.Point.Y, r.grid)})
			if v.Arc {
				hasArc = true
			}
		}
		if hasArc {
			r.wallArcs(w, &iw)
		}
		w.ok = true
		w.w = iw
		w.p = newWallPathIn(&w.w, &r.paths)
		r.plan.Walls = append(r.plan.Walls, iw)
	}
	// Re-point each wall element at its plan copy so later passes read the
	// final value.
	i := 0
	for _, w := range r.walls {
		if w.ok {
			w.planIdx = i
			i++
		} else {
			w.planIdx = -1
		}
	}
}

// wallArcs fills in the arc geometry of a wall with `arc` vertices. An arc
// whose radius is under half its chord is E_ARC_RADIUS and stays straight.
func (r *resolver) wallArcs(w *wallEl, iw *ir.Wall) {
	src := w.src
	n := len(iw.Points)
	segs := n - 1
	if iw.Closed && n > 2 {
		segs = n
	}
	iw.Arcs = make([]ir.WallArc, segs)
	for i := 1; i < len(src.Vertices) && i < n; i++ {
		v := src.Vertices[i]
		if !v.Arc {
			continue
		}
		a, b := iw.Points[i-1], iw.Points[i]
		rad := v.Radius.V
		chord := b.Sub(a).Len()
		if math.IsInf(rad, 0) || math.IsNaN(rad) || math.IsInf(chord, 0) || math.IsNaN(chord) {
			continue // no finite circle: the edge stays straight
		}
		if chord == 0 || rad <= 0 || rad < chord/2-1e-9 {
			min := math.Ceil(chord/2*1000-1e-6) / 1000
			var d diag.Diagnostic
			if rad <= 0 {
				d = diag.New(diag.ErrArcRadius, v.Span, "Wall %q has an arc whose radius, %s, is not positive", w.id, num(rad))
			} else {
				d = diag.New(diag.ErrArcRadius, v.Span, "Wall %q has an arc of radius %s over a %s mm chord; no circle of that radius reaches both ends (the least is %s)",
					w.id, num(rad), num(round3(chord)), num(min))
			}
			d.Hints = []string{"A radius has to be at least half the chord, here " + num(min) + "."}
			st, ok := r.stmts.get(src.Span.Start).(*syntax.WallStmt)
			if ok && i < len(st.Vertices) && chord > 0 {
				sv := st.Vertices[i]
				txt := "arc " + syntax.PointString(sv.Point) + " radius " + num(min)
				if sv.Dir != nil {
					txt += " " + sv.Dir.Text
				}
				if sv.Major {
					txt += " major"
				}
				d.Fixes = []diag.Fix{{Title: "use the least radius, " + num(min), Applicability: "machine-applicable", FixID: "arc-radius-min",
					Edits: []diag.Edit{{Span: v.Span, NewText: txt}}}}
			}
			r.add(d)
			continue
		}
		cw := v.Dir.V == "cw"
		iw.Arcs[i-1] = arcGeometry(a, b, rad, cw, v.Major)
	}
}

// arcGeometry returns the circle through a and b of radius rad whose arc
// from a to b turns clockwise on the sheet when cw (y points down), taking
// the long way round when major.
func arcGeometry(a, b geom.Point, rad float64, cw, major bool) ir.WallArc {
	mid := a.Add(b).Mul(0.5)
	d := b.Sub(a)
	l := d.Len()
	h := math.Sqrt(math.Max(rad*rad-l*l/4, 0))
	u := d.Mul(1 / l)
	// On a y-down sheet, a clockwise turn has its centre to the right of
	// travel: right of u is (-u.Y, u.X).
	right := geom.Point{X: -u.Y, Y: u.X}
	side := right
	if !cw {
		side = right.Mul(-1)
	}
	if major {
		side = side.Mul(-1)
	}
	c := mid.Add(side.Mul(h))
	sa := math.Atan2(a.Y-c.Y, a.X-c.X)
	ea := math.Atan2(b.Y-c.Y, b.X-c.X)
	sweep := ea - sa
	// Positive sweep is clockwise on the sheet (angles grow clockwise when y
	// points down).
	if cw {
		for sweep <= 0 {
			sweep += 2 * math.Pi
		}
	} else {
		for sweep >= 0 {
			sweep -= 2 * math.Pi
		}
	}
	return ir.WallArc{Arc: true, Center: c, Radius: rad, CW: cw, Major: major, StartAngle: sa, Sweep: sweep}
}

// findWalls returns the positions (in r.walls) of the resolved walls a
// reference names: every wall with that explicit id, else every wall of
// that category, else the wall with that generated id.
func (r *resolver) findWalls(ref string) []int {
	if r.wallRefs == nil {
		r.indexWallRefs()
	}
	if k, ok := r.wallRefs[ref]; ok {
		e := &r.wallRefEnts[k]
		for c := range e.n {
			if e.n[c] > 0 {
				off, n := e.off[c], e.n[c]
				return r.wallRefAll[off : off+n : off+n]
			}
		}
	}
	return nil
}

// wallRef places the lists of the walls a name names in each of its three
// ways (by explicit id, by category, by generated id) in one array.
type wallRef struct {
	off, n [3]int32
}

// wallKindRoom is the room indexWallRefs makes for the entries of wall
// kinds, next to those of the wall ids: more than a plan uses.
const wallKindRoom = 8

// indexWallRefs maps each name to the walls it names (findWalls takes an
// explicit id over a category, a category over a generated id). The
// lists share one array, placed by a first count.
func (r *resolver) indexWallRefs() {
	// An entry per wall id and per wall kind: the list has room for the
	// kinds too, so it does not grow.
	refs := make(map[string]int32, len(r.walls))
	ents := make([]wallRef, 0, len(r.walls)+wallKindRoom)
	keys := func(w *wallEl) (string, int) {
		if w.src == nil || w.src.ID.Set() {
			return w.id, 0
		}
		return w.id, 2
	}
	get := func(k string) *wallRef {
		i, ok := refs[k]
		if !ok {
			i = int32(len(ents))
			ents = append(ents, wallRef{})
			refs[k] = i
		}
		return &ents[i]
	}
	total := int32(0)
	for _, w := range r.walls {
		if !w.ok {
			continue
		}
		k, c := keys(w)
		get(k).n[c]++
		get(string(w.w.Kind)).n[1]++
	}
	for i := range ents {
		e := &ents[i]
		for c, n := range e.n {
			e.off[c], total = total, total+n
			e.n[c] = 0 // counted again as filled
		}
	}
	all := make([]int, total)
	for i, w := range r.walls {
		if !w.ok {
			continue
		}
		k, c := keys(w)
		e := &ents[refs[k]]
		all[e.off[c]+e.n[c]] = i
		e.n[c]++
		e = &ents[refs[string(w.w.Kind)]]
		all[e.off[1]+e.n[1]] = i
		e.n[1]++
	}
	r.wallRefs, r.wallRefEnts, r.wallRefAll = refs, ents, all
}
