package lint

import (
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/internal/vocab"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// Door thresholds, in mm.
const (
	// landingDepth is the clear approach a doorway needs on each side,
	// measured from the wall's centreline (plus the profile's swing margin).
	landingDepth = 300
	// pocketClearMin and pocketClearShare set a pocket door's end
	// clearance: the larger of a fixed length and a share of its width.
	pocketClearMin   = 50
	pocketClearShare = 0.05
)

// doorFrame is a door's geometry on its host segment, in plan coordinates.
type doorFrame struct {
	op     *ir.Opening
	a, b   geom.Point // jambs on the centreline, a toward the segment start
	d, n   geom.Point // unit direction along the wall and left normal
	side   float64    // +1 when the leaf opens to the left normal
	along  float64    // distance of the centre from the segment start
	seg    geom.Segment
	wallID string
}

// frame places an opening on its straight host segment (an opening off
// every wall is taken square to the nearest one, where it was written);
// false for an opening with no wall at all or on a curve.
func (c *checker) frame(i int) (doorFrame, bool) {
	op := &c.p.Openings[i]
	if op.Wall < 0 || op.Wall >= len(c.p.Walls) {
		return doorFrame{}, false
	}
	w := c.p.Walls[op.Wall]
	segs := w.Segments()
	if op.Segment < 0 || op.Segment >= len(segs) || (op.Segment < len(w.Arcs) && w.Arcs[op.Segment].Arc) {
		return doorFrame{}, false
	}
	s := segs[op.Segment]
	if s.Len() <= geom.Eps {
		return doorFrame{}, false
	}
	d := s.B.Sub(s.A).Unit()
	along, _ := s.Project(op.Center)
	// The opening sits where it was placed, as in the reference: a door
	// written near an oblique wall is not slid onto its centreline.
	mid := op.Center
	f := doorFrame{op: op, a: mid.Sub(d.Mul(op.Width / 2)), b: mid.Add(d.Mul(op.Width / 2)),
		d: d, n: geom.Point{X: -d.Y, Y: d.X}, side: 1, along: along, seg: s, wallID: w.GenID}
	if op.Swing == vocab.Out {
		f.side = -1
	}
	return f, true
}

// swing is a hinged leaf's sweep: the quarter disc about the hinge between
// the open leaf and the closed one.
type swing struct {
	hinge geom.Point
	u, v  geom.Point // unit toward the other jamb, unit along the open leaf
	r     float64    // the leaf's width plus the clearance margin
	pad   float64    // the clearance margin kept around the sweep
}

// swing returns the door's sweep when hung on the given side, grown by the
// profile's clearance margin pad.
func (f doorFrame) swing(hinge vocab.Hand, pad float64) swing {
	s := swing{hinge: f.a, u: f.d, v: f.n.Mul(f.side), r: f.op.Width + pad, pad: pad}
	if hinge == vocab.Right {
		s.hinge, s.u = f.b, f.d.Mul(-1)
	}
	return s
}

// local maps p into the swing's frame (x toward the jamb, y along the leaf).
func (s swing) local(p geom.Point) geom.Point {
	q := p.Sub(s.hinge)
	return geom.Point{X: q.Dot(s.u), Y: q.Dot(s.v)}
}

// rectDistance is the distance from the hinge to r when r meets the
// sweep's quadrant box (grown by the margin on every side; touching
// counts); ok is false when r misses the box.
func (s swing) rectDistance(r geom.Rect) (float64, bool) {
	var poly []geom.Point
	for _, p := range rectCorners(r) {
		poly = append(poly, s.local(p))
	}
	if len(clipBox(poly, -s.pad, s.r, -s.pad, s.r)) == 0 {
		return 0, false
	}
	return rectDist(s.hinge, r), true
}

// contains reports whether the plan point p lies in the swept quarter disc.
func (s swing) contains(p geom.Point) bool {
	q := s.local(p)
	return q.X >= -geom.Eps && q.Y >= -geom.Eps && q.Len() < s.r-geom.Eps
}

// overlaps reports whether two sweeps share floor, by sampling one of them
// on a polar grid.
func (s swing) overlaps(t swing) bool {
	if s.hinge.Sub(t.hinge).Len() >= s.r+t.r {
		return false
	}
	const steps = 24
	for i := 0; i <= steps; i++ {
		for j := 1; j <= steps; j++ {
			ang := math.Pi / 2 * float64(i) / steps
			rad := s.r * float64(j) / steps * (1 - 1e-9)
			p := s.hinge.Add(s.u.Mul(rad * math.Cos(ang))).Add(s.v.Mul(rad * math.Sin(ang)))
			if t.contains(p) {
				return true
			}
		}
	}
	return false
}

// clipBox clips a convex polygon to the box [x0,x1]×[y0,y1].
func clipBox(poly []geom.Point, x0, x1, y0, y1 float64) []geom.Point {
	type plane struct {
		nx, ny, k float64 // keep nx*x + ny*y >= k
	}
	for _, pl := range []plane{{1, 0, x0}, {-1, 0, -x1}, {0, 1, y0}, {0, -1, -y1}} {
		if len(poly) == 0 {
			return nil
		}
		var out []geom.Point
		for i := range poly {
			p, q := poly[i], poly[(i+1)%len(poly)]
			fp := pl.nx*p.X + pl.ny*p.Y - pl.k
			fq := pl.nx*q.X + pl.ny*q.Y - pl.k
			if fp >= 0 {
				out = append(out, p)
			}
			if (fp >= 0) != (fq >= 0) {
				t := fp / (fp - fq)
				out = append(out, p.Add(q.Sub(p).Mul(t)))
			}
		}
		poly = out
	}
	return poly
}

// hingedDoors lists the hinged doors that have a straight host, with their
// frames, in source order.
func (c *checker) hingedDoors() []doorFrame {
	var out []doorFrame
	for i := range c.p.Openings {
		op := &c.p.Openings[i]
		if op.Kind != ir.Door || op.DoorKind != vocab.Hinged {
			continue
		}
		if f, ok := c.frame(i); ok {
			out = append(out, f)
		}
	}
	return out
}

// obstruction is the first thing found in a sweep.
type obstruction struct {
	piece int     // furniture index, or -1
	door  int     // index into the hinged list, or -1
	dist  float64 // hinge to piece, or hinge to hinge
}

// firstObstruction returns the first piece of furniture (source order),
// else the first later door's sweep, that the sweep s of door k runs into
// (each pair of doors is weighed once, at the earlier door).
func (c *checker) firstObstruction(s swing, k int, doors []doorFrame, near *sweepIndex) (obstruction, bool) {
	// Only a piece within the leaf's reach of the hinge can be in the
	// sweep: the index lists those, in furniture order.
	reach := s.r + 1
	pieces := c.pieceIndex().Query(geom.Rect{Min: geom.Point{X: s.hinge.X - reach, Y: s.hinge.Y - reach},
		Max: geom.Point{X: s.hinge.X + reach, Y: s.hinge.Y + reach}})
	if !c.spend(len(pieces)) {
		return obstruction{}, false
	}
	for _, i := range pieces {
		if d, ok := s.rectDistance(c.p.Furniture[i].Rect); ok && d <= s.r+geom.Eps {
			return obstruction{piece: i, door: -1, dist: d}, true
		}
	}
	// Only a later door whose hinge is within reach of both leaves can
	// overlap (swing.overlaps); the index lists those, in door order.
	cand := near.within(s.hinge.X, s.r, k)
	if !c.spend(len(cand)) {
		return obstruction{}, false
	}
	for _, j := range cand {
		o := doors[j]
		t := o.swing(o.op.Hinge, 0)
		if s.overlaps(t) {
			return obstruction{piece: -1, door: j, dist: s.hinge.Sub(t.hinge).Len()}, true
		}
	}
	return obstruction{}, false
}

// sweepIndex orders the hinged doors' own sweeps (hinge as hung, no
// margin) by hinge x, so a sweep finds the doors it may overlap without
// testing every later door.
type sweepIndex struct {
	order []int     // door indexes by hinge x
	xs    []float64 // their hinge x, ascending
	rmax  float64   // the largest leaf
	// all: some hinge or leaf is not finite; every later door is listed.
	all bool
}

func newSweepIndex(doors []doorFrame) *sweepIndex {
	ix := &sweepIndex{order: make([]int, len(doors)), xs: make([]float64, len(doors))}
	hx := make([]float64, len(doors))
	for j, o := range doors {
		t := o.swing(o.op.Hinge, 0)
		hx[j] = t.hinge.X
		ix.order[j] = j
		if math.IsNaN(hx[j]) || math.IsInf(hx[j], 0) || math.IsNaN(t.r) || math.IsInf(t.r, 0) {
			ix.all = true
		}
		if t.r > ix.rmax {
			ix.rmax = t.r
		}
	}
	sort.SliceStable(ix.order, func(a, b int) bool { return hx[ix.order[a]] < hx[ix.order[b]] })
	for i, j := range ix.order {
		ix.xs[i] = hx[j]
	}
	return ix
}

// within lists, in door order, the doors after k whose hinge x is within
// r plus the largest leaf of x: every later door whose sweep can meet a
// sweep of radius r hinged at x. A non-finite x lists every later door.
func (ix *sweepIndex) within(x, r float64, k int) []int {
	var out []int
	reach := r + ix.rmax + 1
	lo, hi := 0, len(ix.xs)
	if !math.IsNaN(x) && !math.IsInf(x, 0) && !math.IsNaN(reach) && !math.IsInf(reach, 0) {
		lo = sort.SearchFloat64s(ix.xs, x-reach)
		hi = sort.Search(len(ix.xs), func(i int) bool { return ix.xs[i] > x+reach })
	}
	if ix.all {
		lo, hi = 0, len(ix.xs)
	}
	for _, j := range ix.order[lo:hi] {
		if j > k {
			out = append(out, j)
		}
	}
	sort.Ints(out)
	return out
}

// doorRules runs the door passes: swings, landings, widths.
func (c *checker) doorRules() {
	c.swingObstructed()
	c.doorwayBlocked()
	c.doorClearance()
}

// swingObstructed reports hinged doors whose sweep runs into furniture or
// into another door's sweep (each pair once, at the earlier door).
func (c *checker) swingObstructed() {
	doors := c.hingedDoors()
	near := newSweepIndex(doors)
	for k, f := range doors {
		pad := c.prof.SwingBuffer
		s := f.swing(f.op.Hinge, pad)
		r := s.r
		ob, hit := c.firstObstruction(s, k, doors, near)
		if !hit {
			continue
		}
		var d diag.Diagnostic
		var narrow float64
		if ob.piece >= 0 {
			name := pieceName(c.p.Furniture[ob.piece])
			d = diag.New(diag.WarnSwingObstructed, f.op.Span, "The door leaf cannot swing fully open: it sweeps a %s mm radius, but %s is %s mm from the hinge (%s mm too close).",
				mm(r), quote(name), mm(ob.dist), mm(r-ob.dist))
			narrow = math.Floor(ob.dist + geom.Eps)
		} else {
			o := doors[ob.door]
			need := r + o.op.Width
			d = diag.New(diag.WarnSwingObstructed, f.op.Span, "The door leaf cannot swing fully open: its sweep overlaps the sweep of door %s; the hinges are %s mm apart where the two leaves need %s mm (%s mm too close).",
				quote(o.op.ID), mm(ob.dist), mm(need), mm(need-ob.dist))
			narrow = math.Floor(ob.dist - o.op.Width - c.prof.SwingBuffer + geom.Eps)
		}
		other := vocab.Right
		if f.op.Hinge == vocab.Right {
			other = vocab.Left
		}
		_, blocked := c.firstObstruction(f.swing(other, pad), k, doors, near)
		flip := "Hang the leaf from the other jamb with `hinge " + string(other) + "`"
		if !blocked {
			flip += "; that swing is clear."
		} else {
			flip += "."
		}
		otherSwing := "out"
		if f.op.Swing == vocab.Out {
			otherSwing = "in"
		}
		hints := []string{flip, "Open it toward the other side of the wall with `swing " + otherSwing + "`.",
			"Slide the door along its wall, or move what is in the way (`arch repair` finds the smallest move)."}
		if narrow >= c.prof.MinWalkClear {
			hints = append(hints, "A leaf of "+mm(narrow)+" mm or less would clear it and still meet the "+mm(c.prof.MinWalkClear)+" mm minimum.")
		} else {
			hints = append(hints, "A narrower leaf is no answer here: it would have to shrink to "+mm(math.Max(0, narrow))+" mm, below the "+mm(c.prof.MinWalkClear)+" mm minimum passable width.")
		}
		hints = append(hints, "Or use a door that sweeps nothing — `sliding`, `pocket` or `barn` — which this check never applies to.",
			"Or, if no leaf is needed, make it a leafless `opening`.")
		d.Hints = hints
		if !blocked {
			if text, ok := c.withHinge(f.op.File, f.op.Span, string(other)); ok {
				d.Fixes = []diag.Fix{{Title: "hinge the leaf on the other jamb (`hinge " + string(other) + "`), where its swing is clear",
					Applicability: "machine-applicable", FixID: "door-swing-obstructed",
					Edits: []diag.Edit{{Span: f.op.Span, NewText: text}}}}
			}
		}
		c.addIn(f.op.File, d)
	}
}

var (
	hingeClause = regexp.MustCompile(`\bhinge\s+(left|right|near[ -]start|near[ -]end)`)
	swingClause = regexp.MustCompile(`\sswing\s`)
	slideWord   = regexp.MustCompile(`\bslide\s+(left|right)\b`)
)

// withHinge returns the door statement at sp rewritten to hang on side h.
func (c *checker) withHinge(file string, sp source.Span, h string) (string, bool) {
	raw, ok := c.stmt(file, sp)
	if !ok {
		return "", false
	}
	text := canonical(string(raw))
	if loc := hingeClause.FindStringIndex(text); loc != nil {
		return text[:loc[0]] + "hinge " + h + text[loc[1]:], true
	}
	if loc := swingClause.FindStringIndex(text); loc != nil {
		return text[:loc[0]] + " hinge " + h + text[loc[0]:], true
	}
	return text + " hinge " + h, true
}

var pointLiteral = regexp.MustCompile(`\(\s*(-?[0-9.]+)\s*,\s*(-?[0-9.]+)\s*\)`)

// canonical writes a statement the way the reference's fix printer does:
// single spaces between words (string literals kept) and points as (x, y).
func canonical(text string) string {
	var b strings.Builder
	inStr, space := false, false
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch {
		case inStr:
			b.WriteByte(ch)
			if ch == '\\' && i+1 < len(text) {
				i++
				b.WriteByte(text[i])
			} else if ch == '"' {
				inStr = false
			}
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
			space = true
		default:
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteByte(ch)
			inStr = ch == '"'
		}
	}
	return pointLiteral.ReplaceAllStringFunc(b.String(), func(m string) string {
		p := pointLiteral.FindStringSubmatch(m)
		x, err1 := strconv.ParseFloat(p[1], 64)
		y, err2 := strconv.ParseFloat(p[2], 64)
		if err1 != nil || err2 != nil {
			return m
		}
		return "(" + strconv.FormatFloat(x, 'f', -1, 64) + ", " + strconv.FormatFloat(y, 'f', -1, 64) + ")"
	})
}

// doorwayBlocked reports doors whose landing (the strip in front of the
// opening, landingDepth deep on each side) holds a piece of furniture.
func (c *checker) doorwayBlocked() {
	for i := range c.p.Openings {
		op := &c.p.Openings[i]
		if op.Kind != ir.Door {
			continue
		}
		f, ok := c.frame(i)
		// As in the reference, only doors in walls along the plan axes
		// have their landings checked.
		if !ok || math.Abs(f.d.X) > geom.Eps && math.Abs(f.d.Y) > geom.Eps {
			continue
		}
		depth := landingDepth + c.prof.SwingBuffer
		// Only a piece meeting the landings' box can intrude on them: the
		// index lists those, in furniture order.
		pieces := c.pieceIndex().Query(f.landingBox(depth))
		if !c.spend(len(pieces)) {
			return
		}
		for _, pi := range pieces {
			fu := c.p.Furniture[pi]
			left, ok := f.landingGap(fu.Rect, depth)
			if !ok {
				continue
			}
			name := pieceName(fu)
			short := depth - left
			d := diag.New(diag.WarnDoorwayBlocked, op.Span, "The doorway's approach is blocked: %s comes within %s mm of the opening, where %s mm must stay clear on each side (%s mm short).",
				quote(name), mm(left), mm(depth), mm(short))
			d.Hints = []string{
				"Move " + quote(name) + " " + mm(short) + " mm away from the opening (`arch repair` finds the smallest move).",
				"Or make it " + mm(short) + " mm smaller on the side facing the door, so it ends " + mm(depth) + " mm from the opening.",
				"Or slide the door along its wall so its landing misses " + quote(name) + ".",
			}
			c.addIn(op.File, d)
			break
		}
	}
}

// landingBox is the plan-space box of both landings (the opening's width
// along the wall, depth to each side of its centreline), a millimetre
// larger all round.
func (f doorFrame) landingBox(depth float64) geom.Rect {
	var b geom.Rect
	for k, uv := range [][2]float64{{0, -depth}, {f.op.Width, -depth}, {f.op.Width, depth}, {0, depth}} {
		p := f.a.Add(f.d.Mul(uv[0])).Add(f.n.Mul(uv[1]))
		if k == 0 {
			b = geom.Rect{Min: p, Max: p}
		} else {
			b = b.Union(geom.Rect{Min: p, Max: p})
		}
	}
	return geom.Rect{Min: geom.Point{X: b.Min.X - 1, Y: b.Min.Y - 1}, Max: geom.Point{X: b.Max.X + 1, Y: b.Max.Y + 1}}
}

// landingGap returns the clear depth r leaves in front of the opening (from
// the wall's centreline) when r intrudes on either landing.
func (f doorFrame) landingGap(r geom.Rect, depth float64) (float64, bool) {
	var poly []geom.Point
	for _, p := range rectCorners(r) {
		q := p.Sub(f.a)
		poly = append(poly, geom.Point{X: q.Dot(f.d), Y: q.Dot(f.n)})
	}
	poly = clipBox(poly, 0, f.op.Width, -depth, depth)
	if len(poly) < 3 {
		return 0, false
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	x0, x1 := math.Inf(1), math.Inf(-1)
	for _, p := range poly {
		lo, hi = math.Min(lo, p.Y), math.Max(hi, p.Y)
		x0, x1 = math.Min(x0, p.X), math.Max(x1, p.X)
	}
	gap := 0.0
	if lo > 0 || hi < 0 {
		gap = math.Min(math.Abs(lo), math.Abs(hi))
	}
	// Like overlapping furniture, an intrusion counts when it is more than
	// overlapMin deep and wide.
	if x1-x0 <= overlapMin || depth-gap <= overlapMin {
		return 0, false
	}
	return gap, true
}

// doorClearance reports doors narrower than the profile's minimum.
func (c *checker) doorClearance() {
	for _, op := range c.p.Openings {
		if op.Kind != ir.Door || op.Width >= c.prof.MinDoorWidth {
			continue
		}
		d := diag.New(diag.WarnDoorClearance, op.Span, "The door is %s mm wide, narrower than the %s mm minimum.", mm(op.Width), mm(c.prof.MinDoorWidth))
		d.Hints = []string{"Make it at least " + mm(c.prof.MinDoorWidth) + " mm wide."}
		c.addIn(op.File, d)
	}
}

// pocketRun reports pocket doors whose wall does not continue far enough
// past the slide-side jamb to hold the panel.
func (c *checker) pocketRun() {
	for i := range c.p.Openings {
		op := &c.p.Openings[i]
		if op.Kind != ir.Door || op.DoorKind != vocab.Pocket {
			continue
		}
		f, ok := c.frame(i)
		if !ok {
			continue
		}
		need := op.Width + math.Max(pocketClearMin, op.Width*pocketClearShare)
		have := c.pocketSpace(f, op.Slide)
		if have >= need-geom.Eps {
			continue
		}
		other := vocab.Left
		if op.Slide == vocab.Left {
			other = vocab.Right
		}
		d := diag.New(diag.WarnPocketRun, op.Span, "The pocket door's panel has no room to slide: it needs %s mm of wall past its %s jamb, and wall %s has %s mm there (%s mm short).",
			mm(need), op.Slide, quote(f.wallID), mm(have), mm(need-have))
		reverseOK := c.pocketSpace(f, other) >= need-geom.Eps
		var hints []string
		if reverseOK {
			hints = append(hints, "Slide it the other way with `slide "+string(other)+"`; the wall on that side is long enough.")
		}
		hints = append(hints, "Or slide the door along its wall until the pocket falls on solid wall.",
			"Or extend the wall past the jamb by the shortfall.",
			"A narrower door is not suggested: it would change the width you asked for just to pass the check, and would run into `W_DOOR_CLEARANCE`.")
		d.Hints = hints
		if reverseOK {
			if e, ok := c.slideEdit(op.File, op.Span, string(other)); ok {
				d.Fixes = []diag.Fix{{Title: "slide the panel the other way (`slide " + string(other) + "`), where the wall is long enough",
					Applicability: "machine-applicable", FixID: "pocket-run", Edits: []diag.Edit{e}}}
			}
		}
		c.addIn(op.File, d)
	}
}

// pocketSpace is the wall run past the jamb on side slide, up to the end of
// the host segment or the near edge of another opening on it.
func (c *checker) pocketSpace(f doorFrame, slide vocab.Hand) float64 {
	l := f.seg.Len()
	lo, hi := f.along-f.op.Width/2, f.along+f.op.Width/2
	var run float64
	if slide == vocab.Right {
		run = l - hi
	} else {
		run = lo
	}
	if !c.spend(len(c.p.Openings)) {
		return math.Inf(1) // not measured: no finding
	}
	for j := range c.p.Openings {
		o := &c.p.Openings[j]
		if o == f.op || o.Wall != f.op.Wall || o.Segment != f.op.Segment || o.OffWall {
			continue
		}
		oc, _ := f.seg.Project(o.Center)
		olo, ohi := oc-o.Width/2, oc+o.Width/2
		if slide == vocab.Right && ohi > hi && olo-hi < run {
			run = math.Max(0, olo-hi)
		}
		if slide == vocab.Left && olo < lo && lo-ohi < run {
			run = math.Max(0, lo-ohi)
		}
	}
	return math.Max(0, run)
}

// slideEdit rewrites the door's slide clause to dir, or appends one.
func (c *checker) slideEdit(file string, sp source.Span, dir string) (diag.Edit, bool) {
	text, ok := c.stmt(file, sp)
	if !ok {
		return diag.Edit{}, false
	}
	if loc := slideWord.FindIndex(text); loc != nil {
		return diag.Edit{Span: source.Span{Start: sp.Start + loc[0], End: sp.Start + loc[1]}, NewText: "slide " + dir}, true
	}
	return diag.Edit{Span: source.Span{Start: sp.End, End: sp.End}, NewText: " slide " + dir}, true
}

// quote writes s in double quotes, as findings name things.
func quote(s string) string { return `"` + s + `"` }
