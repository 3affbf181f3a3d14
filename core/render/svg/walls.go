package svg

import (
	"math"
	"sort"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/render/wallseg"
)

// axisEps is the tolerance for calling a segment axis-aligned, in mm.
const axisEps = wallseg.AxisEps

// maxGridCells caps the union grid, and maxGridWork the cells its boxes
// cover in total; a plan needing more falls back to the per-segment outline
// rather than spend unbounded time and memory.
const (
	maxGridCells = 1 << 20
	maxGridWork  = 16 << 20
)

// wallSeg is one leg of a wall (see package wallseg).
type wallSeg = wallseg.Seg

func wallSegments(p *ir.Plan) []wallSeg { return wallseg.Segments(p, maxCoord) }

// span is an interval along a segment, in mm from its start. For an
// opening's cut, off is how far the opening's centre sits from the
// segment's centreline along its left normal.
type span struct{ lo, hi, off float64 }

// cuts returns the intervals of segment i that openings void, sorted.
func (r *renderer) cuts(i int) []span {
	sg := r.segs[i]
	if r.looseWall[sg.Wall] {
		// Walls drawn segment by segment (those of a hatch with a slanted
		// wall, and every wall with a curved edge) stay whole: their
		// openings are masked over.
		return nil
	}
	if len(r.segOpen[i]) == 0 {
		return nil
	}
	out := make([]span, 0, len(r.segOpen[i]))
	for _, oi := range r.segOpen[i] {
		o := r.p.Openings[oi]
		if sg.Arc != nil {
			c := sg.ArcParam(o.Center)
			hw := o.Width / 2 / sg.Arc.Radius / math.Abs(sg.Arc.Sweep)
			out = append(out, span{lo: c - hw, hi: c + hw})
			continue
		}
		c, _ := geom.Segment{A: sg.A, B: sg.B}.Project(o.Center)
		off := 0.0
		if finite(o.Center) {
			off = o.Center.Sub(sg.A).Dot(sg.Normal())
		}
		out = append(out, span{c - o.Width/2, c + o.Width/2, off})
	}
	if len(out) > 1 {
		sort.Slice(out, func(i, j int) bool { return out[i].lo < out[j].lo })
	}
	return out
}

// host returns the wall segment an opening sits on, or nil.
func (r *renderer) host(o ir.Opening) *wallSeg {
	if i := r.hostIndex(o); i >= 0 {
		return &r.segs[i]
	}
	return nil
}

// hostAt is host of opening oi of the plan, found once per drawing.
func (r *renderer) hostAt(oi int) *wallSeg {
	if i := r.hosts[oi]; i >= 0 {
		return &r.segs[i]
	}
	return nil
}

// hostIndex is the index in r.segs of the segment an opening sits on, or
// -1.
func (r *renderer) hostIndex(o ir.Opening) int { return wallseg.HostIndex(r.segs, o, maxCoord) }

func (r *renderer) drawWalls() {
	// Without a general polygon engine only axis-aligned walls are unioned:
	// one angled straight segment sends every wall of its hatch to the
	// per-segment outline (probed: a slanted plain partition leaves a
	// brick one joined), and a wall with a curved edge is always drawn per
	// segment.
	// Loose pieces come straight walls first, then curved walls, each in
	// plan order (the reference's order).
	var joined, loose, curved []int
	for i, sg := range r.segs {
		switch {
		case r.curvedWall[sg.Wall]:
			curved = append(curved, i)
		case r.looseWall[sg.Wall]:
			loose = append(loose, i)
		default:
			joined = append(joined, i)
		}
	}
	groups := r.hatchGroups(joined)
	// Every group's path data goes into one writer, each path a stretch
	// of it.
	var paths [][2]int
	data := w{buf: r.sc.path[:cap(r.sc.path)], memo: r.b.memo}
	if n := pathBytesPerSeg * len(joined); len(data.buf) < n {
		data.buf = make([]byte, n)
	}
	defer func() { r.sc.path = data.buf[:0] }()
	for _, g := range groups {
		start := data.Len()
		if !r.unionPath(g.segs, &data) {
			paths, loose = nil, joined
			break
		}
		paths = append(paths, [2]int{start, data.Len()})
	}
	loose = append(loose, curved...)
	pieces := r.pieces(loose)
	// Hatch by hatch, in group order: the joined walls' fill, then the
	// loose pieces' fills; then, in the same order, the joined walls'
	// outline and the pieces' faces (probed: a brick shell with a curved
	// edge is filled and outlined before a plain partition's union, a
	// plain curved wall after the plain shell's union).
	order := r.hatchGroups(allSegs(len(r.segs)))
	of := func(id string) []piece {
		var out []piece
		for _, pc := range pieces {
			if r.hatchOf(pc.sg.Wall).id() == id {
				out = append(out, pc)
			}
		}
		return out
	}
	if len(order) == 1 {
		of = func(string) []piece { return pieces }
	}
	// joinedPaths writes hatch id's joined outlines, each closed by tail.
	joinedPaths := func(id string, tail ...string) {
		for i, d := range paths {
			if groups[i].id == id {
				r.b.WriteString(`<path d="`)
				r.b.Write(data.buf[d[0]:d[1]])
				r.b.s(tail...)
			}
		}
	}
	for _, g := range order {
		joinedPaths(g.id, `" fill="url(#`, g.id, `)" fill-rule="nonzero"/>`, "\n")
		r.pieceFills(of(g.id))
	}
	for _, g := range order {
		joinedPaths(g.id, `" fill="none"`, r.strokeOpt(r.pal.wallOutline, r.z.wallPen), ` stroke-linejoin="miter" stroke-miterlimit="4"/>`, "\n")
		r.pieceFaces(of(g.id))
	}
}

func allSegs(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// piece is a solid stretch of one segment between openings.
type piece struct {
	sg     wallSeg
	lo, hi float64 // along the segment, from a
	capLo  bool    // piece starts at the segment's own end (extended)
	capHi  bool
}

func (r *renderer) pieces(idx []int) []piece {
	var out []piece
	for _, i := range idx {
		sg := r.segs[i]
		l := sg.B.Sub(sg.A).Len()
		if sg.Arc != nil {
			l = 1 // arcs are cut in fractions of their sweep
		}
		for _, sp := range solidSpans(l, r.cuts(i)) {
			out = append(out, piece{sg, sp.lo, sp.hi, sp.lo <= 0, sp.hi >= l})
		}
	}
	return out
}

// pieceFills hatches each loose piece on its own.
func (r *renderer) pieceFills(pieces []piece) {
	for _, pc := range pieces {
		fill := r.hatchOf(pc.sg.Wall).id()
		var pts []geom.Point
		if pc.sg.Arc != nil {
			pts = pc.sg.ArcPiece(pc.lo, pc.hi, pc.capLo, pc.capHi)
		} else {
			d, n := pc.sg.Dir(), pc.sg.Normal().Mul(pc.sg.H)
			lo, hi := pc.lo, pc.hi
			if pc.capLo {
				lo -= pc.sg.H
			}
			if pc.capHi {
				hi += pc.sg.H
			}
			a, b := pc.sg.A.Add(d.Mul(lo)), pc.sg.A.Add(d.Mul(hi))
			pts = []geom.Point{a.Add(n), b.Add(n), b.Sub(n), a.Sub(n)}
		}
		r.b.s(`<path d="`, ringPath(pts), `" fill="url(#`, fill, `)" fill-rule="nonzero"/>`, "\n")
	}
}

// pieceFaces draws each loose piece's two faces: lines, or true arcs.
func (r *renderer) pieceFaces(pieces []piece) {
	for _, pc := range pieces {
		if pc.sg.Arc != nil {
			r.arcFaces(pc.sg, pc.lo, pc.hi)
			continue
		}
		d, n := pc.sg.Dir(), pc.sg.Normal().Mul(pc.sg.H)
		a, b := pc.sg.A.Add(d.Mul(pc.lo)), pc.sg.A.Add(d.Mul(pc.hi))
		at := r.stroke(r.pal.wallOutline, r.z.wallPen) + ` stroke-linecap="square"`
		r.b.line(a.Add(n), b.Add(n), at)
		r.b.line(a.Sub(n), b.Sub(n), at)
	}
}

// arcFaces draws a curved segment's faces as SVG arcs, at most a third of
// a turn each, in equal pieces (probed: a 119.99° arc is one piece a face,
// a 120.38° one two, a 276° one three).
func (r *renderer) arcFaces(sg wallSeg, t0, t1 float64) {
	n := int(math.Ceil(math.Abs(sg.Arc.Sweep*(t1-t0))/(2*math.Pi/3) - 1e-9))
	if n < 1 {
		n = 1
	}
	flag := "0"
	if sg.Arc.Sweep > 0 {
		flag = "1"
	}
	for _, rad := range []float64{sg.Arc.Radius + sg.H, sg.Arc.Radius - sg.H} {
		for k := 0; k < n; k++ {
			p := sg.ArcAt(t0+(t1-t0)*float64(k)/float64(n), rad)
			q := sg.ArcAt(t0+(t1-t0)*float64(k+1)/float64(n), rad)
			r.b.s(`<path d="M `, num(p.X), ",", num(p.Y), " A ", num(rad), " ", num(rad), " 0 0 ", flag, " ", num(q.X), ",", num(q.Y),
				`" fill="none" `, r.stroke(r.pal.wallOutline, r.z.wallPen), "/>\n")
		}
	}
}

// solidSpans is [0,l] minus the cuts.
func solidSpans(l float64, cuts []span) []span {
	var out []span
	at := 0.0
	for _, c := range cuts {
		if c.lo > at {
			out = append(out, span{lo: at, hi: math.Min(c.lo, l)})
		}
		at = math.Max(at, c.hi)
		if at >= l {
			break
		}
	}
	if at < l {
		out = append(out, span{lo: at, hi: l})
	}
	return out
}

func ringPath(pts []geom.Point) string {
	var b w
	b.ring(pts)
	return b.String()
}

// ring writes the closed path "M x,y L x,y … Z" through pts.
func (b *w) ring(pts []geom.Point) {
	for i, p := range pts {
		if i == 0 {
			b.WriteString("M ")
		} else {
			b.WriteString(" L ")
		}
		b.pair(p)
	}
	b.WriteString(" Z")
}

// pathBytesPerSeg is the room the wall union's path data starts with per
// joined segment, about what the examples' paths take.
const pathBytesPerSeg = 64

// unionPath unions the axis-aligned wall solids, voids the openings, and
// traces the result as closed rings (filled area on the left of travel, so
// holes run the other way and fill with the nonzero rule).
func (r *renderer) unionPath(only []int, into *w) bool {
	u := &r.sc.union
	solids, voids := u.solids[:0], u.voids[:0]
	defer func() { u.solids, u.voids = solids[:0], voids[:0] }()
	for _, i := range only {
		sg := r.segs[i]
		solids = append(solids, boxOf(r.solid(i)))
		for _, c := range r.cuts(i) {
			// An opening voids its own rectangle: the wall's thickness
			// across, centred on the opening rather than on the wall, so an
			// opening written off the centreline leaves a sliver of wall on
			// the side it moved away from (and one a whole thickness off
			// does not cut the wall at all).
			d, nn := sg.Dir(), sg.Normal()
			n := nn.Mul(sg.H)
			a := sg.A.Add(d.Mul(c.lo)).Add(nn.Mul(c.off))
			b := sg.A.Add(d.Mul(c.hi)).Add(nn.Mul(c.off))
			q := [4]geom.Point{a.Sub(n), a.Add(n), b.Add(n), b.Sub(n)}
			voids = append(voids, boxOf(q[:]))
		}
	}
	xs, ys := u.xs[:0], u.ys[:0]
	defer func() { u.xs, u.ys = xs[:0], ys[:0] }()
	for _, bxs := range [2][]box{solids, voids} {
		for _, bx := range bxs {
			xs = append(xs, bx.x0, bx.x1)
			ys = append(ys, bx.y0, bx.y1)
		}
	}
	xs, ys = uniq(xs), uniq(ys)
	nx, ny := len(xs)-1, len(ys)-1
	if nx <= 0 || ny <= 0 {
		return false
	}
	if nx*ny > maxGridCells {
		return false
	}
	work := 0
	for _, bxs := range [2][]box{solids, voids} {
		for _, bx := range bxs {
			work += (idx(xs, bx.x1) - idx(xs, bx.x0)) * (idx(ys, bx.y1) - idx(ys, bx.y0))
			if work > maxGridWork {
				return false
			}
		}
	}
	// The cells, with a border of empty ones all round so a neighbour
	// test needs no bounds check: cell (i,j) is at (j+1)*(nx+2)+i+1.
	pw := nx + 2
	cell := reuse(u.cell, pw*(ny+2))
	u.cell = cell
	mark := func(bx box, v int8) {
		i0, i1 := idx(xs, bx.x0), idx(xs, bx.x1)
		j0, j1 := idx(ys, bx.y0), idx(ys, bx.y1)
		for j := j0; j < j1; j++ {
			row := cell[(j+1)*pw+1:]
			for i := i0; i < i1; i++ {
				if v == 1 && row[i] == -1 {
					continue
				}
				row[i] = v
			}
		}
	}
	for _, v := range voids {
		mark(v, -1)
	}
	for _, s := range solids {
		mark(s, 1)
	}
	u.traceRings(nx, ny, cell, xs, ys, into)
	return true
}

// unionScratch is the working memory of unionPath and traceRings.
type unionScratch struct {
	solids, voids []box
	xs, ys        []float64
	cell          []int8
	out           [][2]int32
	cnt           []uint8
	used          [][2]bool
	edges         []uint8
	ring, simple  []gridPt
	gp            []geom.Point
}

// bytes is about the memory u holds.
func (u *unionScratch) bytes() int {
	return sizeOf(u.solids) + sizeOf(u.voids) + sizeOf(u.xs) + sizeOf(u.ys) + sizeOf(u.cell) +
		sizeOf(u.out) + sizeOf(u.cnt) + sizeOf(u.used) + sizeOf(u.edges) +
		sizeOf(u.ring) + sizeOf(u.simple) + sizeOf(u.gp)
}

// box is an axis-aligned rectangle of the union grid.
type box struct{ x0, y0, x1, y1 float64 }

// boxOf is the bounding box of q (q is never empty).
func boxOf(q []geom.Point) box {
	b := box{q[0].X, q[0].Y, q[0].X, q[0].Y}
	for _, p := range q[1:] {
		b.x0, b.y0 = math.Min(b.x0, p.X), math.Min(b.y0, p.Y)
		b.x1, b.y1 = math.Max(b.x1, p.X), math.Max(b.y1, p.Y)
	}
	return b
}

// uniq sorts vs and merges values closer than axisEps.
func uniq(vs []float64) []float64 {
	sort.Float64s(vs)
	out := vs[:0] // written behind the reading
	for _, v := range vs {
		if len(out) == 0 || v-out[len(out)-1] > axisEps {
			out = append(out, v)
		}
	}
	return out
}

// idx is the index of the grid line nearest v.
func idx(lines []float64, v float64) int {
	i := sort.SearchFloat64s(lines, v-axisEps)
	if i >= len(lines) {
		i = len(lines) - 1
	}
	return i
}

// gridPt is a vertex of the union grid.
type gridPt struct{ i, j int }

// traceRings walks the boundary between filled and empty cells. Each
// boundary edge is directed with its filled cell on the left (y down:
// left of travel (dx,dy) is (dy,-dx)); rings are then followed, turning
// left first at pinch vertices so touching rings stay separate. cell holds
// the nx×ny cells inside a border of empty ones (cell (i,j) at
// (j+1)*(nx+2)+i+1); a cell is filled when it holds 1. The path data is
// appended to into.
func (u *unionScratch) traceRings(nx, ny int, cell []int8, xs, ys []float64, into *w) {
	sb := into // the path data
	first := sb.Len()
	gp := u.gp[:0]
	pw := nx + 2
	cols := nx + 1
	// Every grid vertex has at most two outgoing boundary edges.
	out := reuse(u.out, cols*(ny+1))
	cnt := reuse(u.cnt, cols*(ny+1))
	used := reuse(u.used, cols*(ny+1))
	// edges[j*nx+i] has a bit for each side of cell (i,j) on the boundary.
	const north, west, south, east = 1, 2, 4, 8
	edges := reuse(u.edges, nx*ny)
	u.out, u.cnt, u.used, u.edges = out, cnt, used, edges
	total := 0 // boundary edges recorded
	add := func(ai, aj, bi, bj int) {
		v := aj*cols + ai
		if cnt[v] < 2 {
			out[v][cnt[v]] = int32(bj*cols + bi)
			cnt[v]++
			total++
		}
	}
	for j := 0; j < ny; j++ {
		// Row j with its border cells (row[i+1] is cell (i,j)), and the
		// rows above and below it (up[i], down[i]).
		row := cell[(j+1)*pw : (j+2)*pw]
		up, down := cell[j*pw+1:(j+1)*pw], cell[(j+2)*pw+1:(j+3)*pw]
		for i := 0; i < nx; i++ {
			if row[i+1] != 1 {
				continue
			}
			var e uint8
			// Filled cell (i,j) spans vertices (i,j)-(i+1,j+1).
			if row[i] != 1 { // west edge, travel down
				add(i, j, i, j+1)
				e |= west
			}
			if down[i] != 1 { // south edge, travel east
				add(i, j+1, i+1, j+1)
				e |= south
			}
			if row[i+2] != 1 { // east edge, travel up
				add(i+1, j+1, i+1, j)
				e |= east
			}
			if up[i] != 1 { // north edge, travel west
				add(i+1, j, i, j)
				e |= north
			}
			edges[j*nx+i] = e
		}
	}
	pt := func(v int) gridPt { return gridPt{v % cols, v / cols} }
	ring, simple := u.ring[:0], u.simple[:0]
	defer func() { u.ring, u.simple, u.gp = ring[:0], simple[:0], gp[:0] }()
	// Cells are visited column by column, top to bottom, and each cell's
	// boundary edges in the order north, west, south, east; a ring starts
	// with the first unused edge met, as the reference traces them. The
	// walk stops once every edge is used.
	done := 0
	for i := 0; i < nx && done < total; i++ {
		for j := 0; j < ny && done < total; j++ {
			e := edges[j*nx+i]
			if e == 0 {
				continue
			}
			var starts [4][2]int
			n := 0
			if e&north != 0 { // north edge, travel west
				starts[n] = [2]int{j*cols + i + 1, j*cols + i}
				n++
			}
			if e&west != 0 { // west edge, travel down
				starts[n] = [2]int{j*cols + i, (j+1)*cols + i}
				n++
			}
			if e&south != 0 { // south edge, travel east
				starts[n] = [2]int{(j+1)*cols + i, (j+1)*cols + i + 1}
				n++
			}
			if e&east != 0 { // east edge, travel up
				starts[n] = [2]int{(j+1)*cols + i + 1, j*cols + i + 1}
				n++
			}
			for _, e := range starts[:n] {
				st := e[0]
				k := -1
				for q := 0; q < int(cnt[st]); q++ {
					if int(out[st][q]) == e[1] && !used[st][q] {
						k = q
						break
					}
				}
				if k < 0 {
					continue
				}
				used[st][k] = true
				done++
				ring = append(ring[:0], pt(st))
				prev, cur := st, int(out[st][k])
				for cur != st && len(ring) <= len(out) {
					ring = append(ring, pt(cur))
					slot, ok := pickNext(pt(prev), pt(cur), out[cur], int(cnt[cur]), used[cur], pt)
					if !ok {
						break
					}
					used[cur][slot] = true
					done++
					prev, cur = cur, int(out[cur][slot])
				}
				simple = simplify(simple[:0], ring)
				if len(simple) < 3 {
					continue
				}
				if sb.Len() > first {
					sb.byte(' ')
				}
				gp = gp[:0]
				for _, v := range simple {
					gp = append(gp, geom.Point{X: xs[v.i], Y: ys[v.j]})
				}
				sb.ring(gp)
			}
		}
	}
}

// pickNext chooses the unused outgoing edge at cur, preferring a left turn
// (relative to the incoming direction), then straight, then right.
func pickNext(prev, cur gridPt, outs [2]int32, n int, used [2]bool, pt func(int) gridPt) (int, bool) {
	din := gridPt{sign(cur.i - prev.i), sign(cur.j - prev.j)}
	best, bestRank := 0, 99
	for k := 0; k < n; k++ {
		if used[k] {
			continue
		}
		o := pt(int(outs[k]))
		dout := gridPt{sign(o.i - cur.i), sign(o.j - cur.j)}
		// y down: a left turn from (dx,dy) is (dy,-dx).
		rank := 3
		switch dout {
		case gridPt{din.j, -din.i}:
			rank = 0
		case din:
			rank = 1
		case gridPt{-din.j, din.i}:
			rank = 2
		}
		if rank < bestRank {
			best, bestRank = k, rank
		}
	}
	return best, bestRank < 99
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// simplify appends to out the vertices of ring where it does not run
// straight on.
func simplify(out, ring []gridPt) []gridPt {
	n := len(ring)
	for k := 0; k < n; k++ {
		p, c, q := ring[(k+n-1)%n], ring[k], ring[(k+1)%n]
		d1 := gridPt{sign(c.i - p.i), sign(c.j - p.j)}
		d2 := gridPt{sign(q.i - c.i), sign(q.j - c.j)}
		if d1 == d2 {
			continue
		}
		out = append(out, c)
	}
	return out
}
