package resolve

import (
	"iter"
	"math"
	"slices"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// defaultDimOffset is the offset (mm) of a dimension line that states none.
const defaultDimOffset = 300

// resolveDims resolves every dimension; faces/clear endpoints are pushed
// onto the wall faces the measurement runs into.
func (r *resolver) resolveDims() {
	if len(r.dims) > 0 {
		r.plan.Dims = slices.Grow(r.plan.Dims, len(r.dims))
	}
	for _, de := range r.dims {
		if de.pre != nil {
			r.plan.Dims = append(r.plan.Dims, *de.pre)
			continue
		}
		d := de.src
		// The reference reads the end points, resolves the form (a radius
		// dimension reads its segment only once the wall has arcs), and
		// then reads the offset and the text, even after a failed form.
		cl := r.clauses(&d.Meta, d.From.Diags(), d.To.Diags(), d.Segment.Diags(), d.Offset.Diags(), d.Text.Diags())
		de.cl = cl
		dm := ir.Dim{Offset: defaultDimOffset, Text: d.Text.V, Span: d.Span}
		if d.Offset.Set() {
			dm.Offset = d.Offset.V
		}
		rest := func() { cl.emit(d.Offset.Diags(), d.Text.Diags()) }
		switch d.Mode {
		case syntax.DimRadius:
			if !r.radiusDim(de, &dm) {
				rest()
				continue
			}
		case syntax.DimDiameter:
			if !r.diameterDim(d, &dm) {
				rest()
				continue
			}
		default:
			cl.emit(d.From.Diags(), d.To.Diags())
			dm.From = geom.Point{X: d.From.X, Y: d.From.Y}
			dm.To = geom.Point{X: d.To.X, Y: d.To.Y}
			if d.Mode == syntax.DimFaces || d.Mode == syntax.DimClear {
				dm.Mode = "faces"
				if d.Mode == syntax.DimClear {
					dm.Mode = "clear"
				}
				a, okA := r.faceProject(dm.From, dm.To, d.Mode == syntax.DimClear)
				b, okB := r.faceProject(dm.To, dm.From, d.Mode == syntax.DimClear)
				dm.From, dm.To = a, b
				if !okA || !okB {
					dm.NoWall = true
					which := "Both endpoints"
					switch {
					case okA:
						which = "The end point"
					case okB:
						which = "The start point"
					}
					r.add(diag.New(diag.WarnDimNoWall, d.Span, "%s of this `dim %s` found no wall across the measurement axis, so the written coordinates are measured as they are", which, dm.Mode))
				}
			}
		}
		rest()
		r.plan.Dims = append(r.plan.Dims, dm)
	}
}

// faceProject moves p along the axis from q to p onto the outer face (or,
// for clear, the inner face) of the wall segment perpendicular to that axis
// that p sits on. It reports false, leaving p unchanged, when no wall is
// found.
func (r *resolver) faceProject(p, q geom.Point, clear bool) (geom.Point, bool) {
	d := p.Sub(q)
	if d.Len() == 0 {
		// No measurement axis: the point stays, and counts as on a wall
		// when it lies within reach of a straight wall segment.
		return p, r.nearStraightWall(p)
	}
	u := d.Unit()
	best, bestDist, bestT := false, math.Inf(1), 0.0
	for s, half := range r.straightSegsNear(p) {
		v := s.B.Sub(s.A)
		l := v.Len()
		if math.Abs(v.Unit().Dot(u)) > 1e-9 {
			continue
		}
		dist := p.Sub(s.A).Dot(u) // signed, along the outward axis
		if math.Abs(dist) > onWallReach*2*half+geom.Eps {
			continue
		}
		along := p.Sub(s.A).Dot(v.Unit())
		if along < -half-geom.Eps || along > l+half+geom.Eps {
			continue
		}
		if math.Abs(dist) < bestDist {
			best, bestDist, bestT = true, math.Abs(dist), dist
			if clear {
				bestT = -(half + dist)
			} else {
				bestT = half - dist
			}
		}
	}
	if !best {
		return p, false
	}
	np := p.Add(u.Mul(bestT))
	return geom.Point{X: clean(np.X), Y: clean(np.Y)}, true
}

// nearStraightWall reports whether p lies across a straight wall segment
// within onWallReach thicknesses of its centreline (and within half a
// thickness of its run).
func (r *resolver) nearStraightWall(p geom.Point) bool {
	for s, half := range r.straightSegsNear(p) {
		u := s.B.Sub(s.A).Unit()
		along := p.Sub(s.A).Dot(u)
		if along < -half-geom.Eps || along > s.Len()+half+geom.Eps {
			continue
		}
		if math.Abs(p.Sub(s.A).Cross(u)) <= onWallReach*2*half+geom.Eps {
			return true
		}
	}
	return false
}

// straightSegsNear yields every straight, non-degenerate wall segment of a
// wall within reach of p, with half that wall's thickness.
func (r *resolver) straightSegsNear(p geom.Point) iter.Seq2[geom.Segment, float64] {
	return func(yield func(geom.Segment, float64) bool) {
		for _, wi := range r.wallsNear(geom.Rect{Min: p, Max: p}, onWallReach*r.maxThickness()+1) {
			w := r.walls[wi]
			for i, s := range w.p.segs {
				if w.w.Arcs != nil && i < len(w.w.Arcs) && w.w.Arcs[i].Arc || s.Len() == 0 {
					continue
				}
				if !yield(s, w.w.Thickness/2) {
					return
				}
			}
		}
	}
}

// curveRefSpan is the span of a `radius <wall>` / `diameter <room>` clause.
func (r *resolver) curveRefSpan(d *expand.Dim) source.Span {
	sp := d.Span
	if r.file != nil {
		i := sp.Start + len("dim")
		for i < len(r.file.Src) && (r.file.Src[i] == ' ' || r.file.Src[i] == '\t') {
			i++
		}
		sp.Start = i
	}
	if d.Ref.Span.End > sp.Start {
		sp.End = d.Ref.Span.End
	}
	// A written `segment <n>` belongs to the clause.
	if d.Segment.Set() && d.Segment.Span.End > sp.End {
		sp.End = d.Segment.Span.End
	}
	return sp
}

// radiusDim resolves `dim radius <wall> [segment n]`.
func (r *resolver) radiusDim(de *dimEl, dm *ir.Dim) bool {
	d := de.src
	ws := r.findWalls(d.Ref.V)
	var arcs []ir.WallArc
	if len(ws) == 1 {
		for _, a := range r.walls[ws[0]].w.Arcs {
			if a.Arc {
				arcs = append(arcs, a)
			}
		}
	}
	var arc ir.WallArc
	switch {
	case len(arcs) == 0:
		r.add(diag.New(diag.ErrDimCurveRef, r.curveRefSpan(d), "`dim radius %s` needs a wall with an arc edge", d.Ref.V))
		return false
	case d.Segment.Set():
		de.cl.emit(d.Segment.Diags())
		w := r.walls[ws[0]].w
		i := int(d.Segment.V)
		if i < 0 || i >= len(w.Arcs) || !w.Arcs[i].Arc {
			r.add(diag.New(diag.ErrDimCurveRef, r.curveRefSpan(d), "Segment %s of wall %q is not an arc", num(d.Segment.V), d.Ref.V))
			return false
		}
		arc = w.Arcs[i]
	case len(arcs) > 1:
		r.add(diag.New(diag.ErrDimCurveRef, r.curveRefSpan(d), "Wall %q has %d arcs; say which with `segment <n>`", d.Ref.V, len(arcs)))
		return false
	default:
		arc = arcs[0]
	}
	mid := arc.StartAngle + arc.Sweep/2
	dm.Mode = "radius"
	dm.From = arc.Center
	dm.To = geom.Point{X: clean(arc.Center.X + arc.Radius*math.Cos(mid)), Y: clean(arc.Center.Y + arc.Radius*math.Sin(mid))}
	return true
}

// diameterDim resolves `dim diameter <room>`.
func (r *resolver) diameterDim(d *expand.Dim, dm *ir.Dim) bool {
	j, ok := r.roomIdx[d.Ref.V]
	if !ok || r.rooms[j].room.Shape != ir.RoomCircle {
		r.add(diag.New(diag.ErrDimCurveRef, r.curveRefSpan(d), "`dim diameter %s` needs a circular room", d.Ref.V))
		return false
	}
	rm := r.rooms[j].room
	dm.Mode = "diameter"
	dm.From = geom.Point{X: rm.Center.X - rm.Radius, Y: rm.Center.Y}
	dm.To = geom.Point{X: rm.Center.X + rm.Radius, Y: rm.Center.Y}
	return true
}

// resolveBoxes resolves columns, stairs, elevators and escalators.
func (r *resolver) resolveBoxes() {
	for _, kind := range []syntax.BoxKind{syntax.ColumnBox, syntax.StairBox, syntax.ElevatorBox, syntax.EscalatorBox} {
		for _, b := range r.boxes {
			switch {
			case b.preCol != nil:
				if kind == syntax.ColumnBox {
					r.plan.Columns = append(r.plan.Columns, *b.preCol)
				}
			case b.preVer != nil:
				if kind == syntax.StairBox {
					r.plan.Vertical = append(r.plan.Vertical, *b.preVer)
				}
			case b.src.Kind == kind:
				r.resolveBox(b)
			}
		}
	}
}

// stairWidth checks a stair's flight width against the footprint's cross
// extent (E_STAIR_WIDTH).
func (r *resolver) stairWidth(b *boxEl, cross float64) (float64, bool) {
	sw := snap(b.src.Width.V, r.grid)
	if !(sw > 0) || sw > cross+geom.Eps {
		r.add(diag.New(diag.ErrStairWidth, b.src.Span, "Stair %q has flight width %s, but its footprint is %s across the run", b.id, num(sw), num(cross)))
		return 0, false
	}
	return sw, true
}

var boxNoun = map[syntax.BoxKind]string{syntax.ColumnBox: "Column", syntax.StairBox: "Stair", syntax.ElevatorBox: "Elevator", syntax.EscalatorBox: "Escalator"}

func (r *resolver) resolveBox(b *boxEl) {
	src := b.src
	// Position and size are read and checked first; a stair then reads
	// and checks its flight width even when its size was refused.
	cl := r.clauses(&src.Meta, src.At.Diags(), src.Size.Diags(), src.Width.Diags())
	cl.emit(src.At.Diags(), src.Size.Diags())
	x, y := snap(src.At.X, r.grid), snap(src.At.Y, r.grid)
	w, h := snap(src.Size.W, r.grid), snap(src.Size.H, r.grid)
	if !(w > 0 && h > 0) {
		code := diag.ErrVertSize
		if src.Kind == syntax.ColumnBox {
			code = diag.ErrColumnSize
		}
		r.add(diag.New(code, src.Span, "%s %q has size %s×%s; both sides must be positive", boxNoun[src.Kind], b.id, num(w), num(h)))
		if src.Kind == syntax.StairBox {
			cl.emit(src.Width.Diags())
			if src.Width.Set() {
				r.stairWidth(b, math.Min(w, h))
			}
		}
		return
	}
	rc := geom.RectXYWH(x, y, w, h)
	if src.Kind == syntax.ColumnBox {
		r.plan.Columns = append(r.plan.Columns, ir.Column{ID: b.id, Rect: rc, Span: src.Span})
		return
	}
	v := ir.Vertical{ID: b.id, Rect: rc, Dir: src.Dir.V, Span: src.Span}
	switch src.Kind {
	case syntax.StairBox:
		v.Kind = ir.Stair
		cross := math.Min(w, h)
		v.Width = cross
		cl.emit(src.Width.Diags())
		if src.Width.Set() {
			sw, ok := r.stairWidth(b, cross)
			if !ok {
				return
			}
			v.Width = sw
		}
	case syntax.ElevatorBox:
		v.Kind = ir.Elevator
	default:
		v.Kind = ir.Escalator
	}
	r.plan.Vertical = append(r.plan.Vertical, v)
}
