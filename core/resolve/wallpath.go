package resolve

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// onWallReach is how far, in wall thicknesses, a free-placed opening's
// point (or a faces/clear dimension's endpoint) may sit from a wall's
// centreline and still be on that wall: 300 mm for a 200 mm wall.
const onWallReach = 1.5

// wallPath is a wall's centreline walked by run length.
type wallPath struct {
	segs  []geom.Segment
	arcs  []ir.WallArc // parallel to segs (Arc false for straight edges), or nil without arcs: see arc
	lens  []float64
	start []float64 // run length at the start of each segment
	total float64
	// chords are the straight lengths of the segments; box bounds every
	// vertex (an arc's bulge aside), for pruning nearest-wall searches.
	chords []float64
	box    geom.Rect
}

func newWallPath(w *ir.Wall) wallPath { return newWallPathIn(w, nil) }

// pathArena holds the backing arrays the paths of one resolve are cut
// from: a plan's walls take two allocations together, not three each.
type pathArena struct {
	segs []geom.Segment
	runs []float64
}

// reserve makes room in a for paths of n segments in all.
func (a *pathArena) reserve(n int) {
	if len(a.segs) < n {
		a.segs = make([]geom.Segment, n)
		a.runs = make([]float64, 3*n)
	}
}

// newWallPathIn is newWallPath with its tables cut from a (nil: allocated
// on their own). A wall's arcs are shared with it, not copied; a wall
// without arcs has none.
func newWallPathIn(w *ir.Wall, a *pathArena) wallPath {
	n := w.NumSegments()
	if n == 0 {
		return wallPath{}
	}
	var segs []geom.Segment
	var runs []float64
	if a != nil && len(a.segs) >= n {
		segs, a.segs = a.segs[:0:n], a.segs[n:]
		runs, a.runs = a.runs[:3*n:3*n], a.runs[3*n:]
	} else {
		segs, runs = make([]geom.Segment, 0, n), make([]float64, 3*n)
	}
	segs = w.AppendSegments(segs)
	var arcs []ir.WallArc
	switch {
	case len(w.Arcs) >= n:
		arcs = w.Arcs[:n:n]
	case len(w.Arcs) > 0:
		arcs = make([]ir.WallArc, n)
		copy(arcs, w.Arcs)
	}
	// One backing array for the three per-segment run tables.
	p := wallPath{
		segs:   segs,
		arcs:   arcs,
		chords: runs[0:0:n],
		lens:   runs[n : n : 2*n],
		start:  runs[2*n : 2*n : 3*n],
	}
	for i, s := range segs {
		a := p.arc(i)
		l := segLen(s)
		if a.Arc {
			l = a.Radius * math.Abs(a.Sweep)
		}
		if i == 0 {
			p.box = geom.Rect{Min: s.A, Max: s.A}
		}
		p.box = p.box.Union(geom.Rect{Min: s.B, Max: s.B}).Union(geom.Rect{Min: s.A, Max: s.A})
		p.chords = append(p.chords, s.Len())
		p.lens = append(p.lens, l)
		p.start = append(p.start, p.total)
		p.total += l
	}
	return p
}

// arc is segment i's arc (Arc false for a straight edge).
func (p wallPath) arc(i int) ir.WallArc {
	if i < len(p.arcs) {
		return p.arcs[i]
	}
	return ir.WallArc{}
}

// isArc reports whether segment i is an arc.
func (p wallPath) isArc(i int) bool { return i < len(p.arcs) && p.arcs[i].Arc }

// segLen is a straight segment's length as the reference measures a run:
// the square root of the summed squares, which can differ from math.Hypot
// in the last place, and so move a snapped opening by a grid step (75% of
// (3500,0)→(3400,3500) is y=2625 exactly, not 2624.9999…).
func segLen(s geom.Segment) float64 {
	d := s.B.Sub(s.A)
	return math.Sqrt(d.X*d.X + d.Y*d.Y)
}

// arcPoint is the point of arc a at arc length t from its start.
func arcPoint(a ir.WallArc, t float64) geom.Point {
	ang := a.StartAngle
	if a.Radius > 0 {
		if a.Sweep >= 0 {
			ang += t / a.Radius
		} else {
			ang -= t / a.Radius
		}
	}
	return geom.Point{X: a.Center.X + a.Radius*math.Cos(ang), Y: a.Center.Y + a.Radius*math.Sin(ang)}
}

// arcNearest returns the arc length of the point of arc a nearest q, and
// that point.
func arcNearest(a ir.WallArc, s geom.Segment, q geom.Point) (float64, geom.Point) {
	ang := math.Atan2(q.Y-a.Center.Y, q.X-a.Center.X)
	d := ang - a.StartAngle
	if a.Sweep < 0 {
		d = -d
	}
	d = math.Mod(math.Mod(d, 2*math.Pi)+2*math.Pi, 2*math.Pi)
	sweep := math.Abs(a.Sweep)
	if d <= sweep {
		t := d * a.Radius
		return t, arcPoint(a, t)
	}
	// Outside the arc's span: the nearer endpoint.
	if q.Sub(s.A).Len() <= q.Sub(s.B).Len() {
		return 0, s.A
	}
	return sweep * a.Radius, s.B
}

// at returns the point at run length d along the path and the index of the
// segment holding it (the first segment whose end reaches d).
func (p wallPath) at(d float64) (geom.Point, int) {
	if len(p.segs) == 0 {
		return geom.Point{}, -1
	}
	for i, s := range p.segs {
		l := p.lens[i]
		if d <= p.start[i]+l+geom.Eps || i == len(p.segs)-1 {
			t := d - p.start[i]
			if p.isArc(i) {
				return arcPoint(p.arcs[i], t), i
			}
			sl := segLen(s)
			if sl == 0 {
				return s.A, i
			}
			return s.A.Add(s.B.Sub(s.A).Mul(t / sl)), i
		}
	}
	return p.segs[0].A, 0
}

// nearest finds the segment closest to q (ties go to the earlier segment)
// and returns its index, the run length of the foot of the perpendicular
// (clamped to the segment) and the distance from q to that foot.
func (p wallPath) nearest(q geom.Point) (seg int, run, dist float64) {
	seg, dist = -1, math.Inf(1)
	for i, s := range p.segs {
		var t float64
		var foot geom.Point
		if p.isArc(i) {
			t, foot = arcNearest(p.arcs[i], s, q)
		} else {
			t, foot = clampProject(s, q)
		}
		d := q.Sub(foot).Len()
		if d < dist-1e-9 {
			seg, dist, run = i, d, p.start[i]+t
		}
	}
	return seg, run, dist
}

// clampProject returns the distance along s of the point of s nearest q and
// that point.
func clampProject(s geom.Segment, q geom.Point) (float64, geom.Point) {
	d := s.B.Sub(s.A)
	l := d.Len()
	if l == 0 {
		return 0, s.A
	}
	t := q.Sub(s.A).Dot(d) / l
	if t < 0 {
		t = 0
	}
	if t > l {
		t = l
	}
	return t, s.A.Add(d.Mul(t / l))
}

// clampProjectLen is clampProject with the segment's length known.
func clampProjectLen(s geom.Segment, q geom.Point, l float64) (float64, geom.Point) {
	if l == 0 {
		return 0, s.A
	}
	d := s.B.Sub(s.A)
	t := q.Sub(s.A).Dot(d) / l
	if t < 0 {
		t = 0
	}
	if t > l {
		t = l
	}
	return t, s.A.Add(d.Mul(t / l))
}

// segDist is the distance from q to segment s.
func segDist(s geom.Segment, q geom.Point) float64 {
	_, f := clampProject(s, q)
	return q.Sub(f).Len()
}

// nearestChord is nearest with every edge taken as its straight chord,
// run lengths included: the reference hosts free-placed openings (and
// words its off-wall fix) on the polyline through the wall's vertices.
func (p wallPath) nearestChord(q geom.Point) (seg int, run, dist float64) {
	seg, dist = -1, math.Inf(1)
	start := 0.0
	for i, s := range p.segs {
		t, foot := clampProjectLen(s, q, p.chords[i])
		d := q.Sub(foot).Len()
		if d < dist-1e-9 {
			seg, dist, run = i, d, start+t
		}
		start += p.chords[i]
	}
	return seg, run, dist
}

// boxDist is a lower bound of the distance from q to any chord of the
// wall: the distance to the bounding box of its vertices.
func (p wallPath) boxDist(q geom.Point) float64 {
	if len(p.segs) == 0 {
		return math.Inf(1)
	}
	dx := math.Max(math.Max(p.box.Min.X-q.X, 0), q.X-p.box.Max.X)
	dy := math.Max(math.Max(p.box.Min.Y-q.Y, 0), q.Y-p.box.Max.Y)
	return math.Sqrt(dx*dx + dy*dy)
}

// chordTotal is the length of the polyline through the wall's vertices.
func (p wallPath) chordTotal() float64 {
	t := 0.0
	for _, l := range p.chords {
		t += l
	}
	return t
}

// direction is the unit direction of travel of segment i at point q: the
// chord direction of a straight edge, the tangent of an arc.
func (p wallPath) direction(i int, q geom.Point) geom.Point {
	if i < 0 || i >= len(p.segs) {
		return geom.Point{X: 1}
	}
	if a := p.arc(i); a.Arc {
		r := q.Sub(a.Center)
		t := geom.Point{X: -r.Y, Y: r.X} // clockwise on the sheet
		if a.Sweep < 0 {
			t = t.Mul(-1)
		}
		return t.Unit()
	}
	s := p.segs[i]
	return s.B.Sub(s.A).Unit()
}
