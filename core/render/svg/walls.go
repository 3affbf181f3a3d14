package svg

import (
	"cmp"
	"math"
	"slices"
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

// cuts appends to dst the intervals of segment i that openings void,
// sorted.
func (r *renderer) cuts(dst []span, i int) []span {
	sg := r.segs[i]
	if r.looseWall[sg.Wall] {
		// Walls drawn segment by segment (those of a hatch with a slanted
		// wall, and every wall with a curved edge) stay whole: their
		// openings are masked over.
		return dst
	}
	out := dst
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
		slices.SortFunc(out, func(a, b span) int { return cmp.Compare(a.lo, b.lo) })
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
	order := r.allGroups()
	of := func(id string) []piece {
		var out []piece
		for _, pc := range pieces {
			if r.hatchID(pc.sg.Wall) == id {
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
		cs := r.cuts(r.sc.cuts[:0], i)
		r.sc.cuts = cs[:0]
		for _, sp := range solidSpans(l, cs) {
			out = append(out, piece{sg, sp.lo, sp.hi, sp.lo <= 0, sp.hi >= l})
		}
	}
	return out
}

// pieceFills hatches each loose piece on its own.
func (r *renderer) pieceFills(pieces []piece) {
	for _, pc := range pieces {
		fill := r.hatchID(pc.sg.Wall)
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
			b := &r.b
			b.WriteString(`<path d="M `)
			b.pair(p)
			b.WriteString(" A ")
			b.num(rad)
			b.byte(' ')
			b.num(rad)
			b.s(" 0 0 ", flag, " ")
			b.pair(q)
			b.s(`" fill="none" `, r.stroke(r.pal.wallOutline, r.z.wallPen), "/>\n")
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
		cs := r.cuts(r.sc.cuts[:0], i)
		r.sc.cuts = cs[:0]
		for _, c := range cs {
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
	// Every box's cells, looked up once: the voids', then the solids'.
	spans := u.spans[:0]
	defer func() { u.spans = spans[:0] }()
	work := 0
	for _, bxs := range [2][]box{voids, solids} {
		for _, bx := range bxs {
			c := cellSpan{idx(xs, bx.x0), idx(xs, bx.x1), idx(ys, bx.y0), idx(ys, bx.y1)}
			work += (c.i1 - c.i0) * (c.j1 - c.j0)
			if work > maxGridWork {
				return false
			}
			spans = append(spans, c)
		}
	}
	// The cells, column by column, with a border of empty ones all round
	// so a neighbour test needs no bounds check: cell (i,j) is at
	// (i+1)*(ny+2)+j+1. A void's cells hold -1, a solid's 1 (a void wins).
	ph := ny + 2
	cell := reuse(u.cell, (nx+2)*ph)
	u.cell = cell
	for k, c := range spans {
		v := int8(1)
		if k < len(voids) {
			v = -1
		}
		for i := c.i0; i < c.i1; i++ {
			col := cell[(i+1)*ph+1+c.j0 : (i+1)*ph+1+c.j1]
			for j := range col {
				if v == 1 && col[j] == -1 {
					continue
				}
				col[j] = v
			}
		}
	}
	u.traceRings(nx, ny, cell, xs, ys, into)
	return true
}

// cellSpan is the cells [i0,i1) × [j0,j1) of the union grid a box covers.
type cellSpan struct{ i0, i1, j0, j1 int }

// unionScratch is the working memory of unionPath and traceRings.
type unionScratch struct {
	solids, voids []box
	xs, ys        []float64
	spans         []cellSpan
	cell          []int8
	verts         []gridVertex
	edges         []uint8
	ring          []ringStep
	simple        []int32
}

// bytes is about the memory u holds.
func (u *unionScratch) bytes() int {
	return sizeOf(u.solids) + sizeOf(u.voids) + sizeOf(u.xs) + sizeOf(u.ys) + sizeOf(u.spans) +
		sizeOf(u.cell) + sizeOf(u.verts) + sizeOf(u.edges) + sizeOf(u.ring) + sizeOf(u.simple)
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

// The directions of travel along the union grid's lines (y down), in
// turning order: each is a left turn from the one before it.
const (
	east = iota
	north
	west
	south
)

// stepOf is each direction's step, as signs of x and y.
var stepOf = [4][2]int{east: {1, 0}, north: {0, -1}, west: {-1, 0}, south: {0, 1}}

// turnRank ranks a direction of travel out of a vertex by its turn from
// the direction in, indexed by (out - in) mod 4: left first, then
// straight on, then right, then back.
var turnRank = [4]uint8{1, 0, 3, 2}

// gridVertex is a vertex of the union grid: the directions of its
// outgoing boundary edges (at most two), and which of them a ring has
// used.
type gridVertex struct {
	dir  [2]uint8
	n    uint8
	used uint8 // bit k: edge dir[k] is used
}

// ringStep is a vertex of a ring and the direction (its code, or for the
// step that closes a ring cut short, a code past the four) it was reached
// by.
type ringStep struct {
	v   int32
	dir uint8
}

// traceRings walks the boundary between filled and empty cells. Each
// boundary edge is directed with its filled cell on the left (y down:
// left of travel (dx,dy) is (dy,-dx)); rings are then followed, turning
// left first at pinch vertices so touching rings stay separate. cell holds
// the nx×ny cells, column by column, inside a border of empty ones (cell
// (i,j) at (i+1)*(ny+2)+j+1); a cell is filled when it holds 1. The path
// data is appended to into.
func (u *unionScratch) traceRings(nx, ny int, cell []int8, xs, ys []float64, into *w) {
	first := into.Len()
	rows := ny + 1 // vertex (i,j) is vs[i*rows+j]
	ph := ny + 2
	vs := reuse(u.verts, (nx+1)*rows)
	// edges[i*ny+j] has a bit for each side of cell (i,j) on the boundary.
	const northSide, westSide, southSide, eastSide = 1, 2, 4, 8
	edges := reuse(u.edges, nx*ny)
	u.verts, u.edges = vs, edges
	delta := [4]int{east: rows, north: -1, west: -rows, south: 1}
	total := 0 // boundary edges recorded
	add := func(v int, d uint8) {
		if x := &vs[v]; x.n < 2 {
			x.dir[x.n] = d
			x.n++
			total++
		}
	}
	for i := 0; i < nx; i++ {
		// Column i with its border cells (col[j+1] is cell (i,j)), and the
		// columns left and right of it (left[j], right[j]).
		col := cell[(i+1)*ph : (i+2)*ph]
		left, right := cell[i*ph+1:(i+1)*ph], cell[(i+2)*ph+1:(i+3)*ph]
		for j := 0; j < ny; j++ {
			if col[j+1] != 1 {
				continue
			}
			// Filled cell (i,j) spans vertices (i,j)-(i+1,j+1).
			v := i*rows + j
			var e uint8
			if left[j] != 1 { // west side, travel down
				add(v, south)
				e |= westSide
			}
			if col[j+2] != 1 { // south side, travel east
				add(v+1, east)
				e |= southSide
			}
			if right[j] != 1 { // east side, travel up
				add(v+rows+1, north)
				e |= eastSide
			}
			if col[j] != 1 { // north side, travel west
				add(v+rows, west)
				e |= northSide
			}
			edges[i*ny+j] = e
		}
	}
	ring, simple := u.ring[:0], u.simple[:0]
	defer func() { u.ring, u.simple = ring[:0], simple[:0] }()
	// take marks vertex v's unused edge going d used; ok is false when it
	// has none.
	take := func(v int, d uint8) bool {
		x := &vs[v]
		for k := range x.n {
			if x.dir[k] == d && x.used&(1<<k) == 0 {
				x.used |= 1 << k
				return true
			}
		}
		return false
	}
	// Cells are visited column by column, top to bottom, and each cell's
	// boundary edges in the order north, west, south, east; a ring starts
	// with the first unused edge met, as the reference traces them. The
	// walk stops once every edge is used.
	done := 0
	for i := 0; i < nx && done < total; i++ {
		for j := 0; j < ny && done < total; j++ {
			e := edges[i*ny+j]
			if e == 0 {
				continue
			}
			v := i*rows + j
			var starts [4]struct {
				v int
				d uint8
			}
			n := 0
			if e&northSide != 0 { // north side, travel west
				starts[n].v, starts[n].d = v+rows, west
				n++
			}
			if e&westSide != 0 { // west side, travel down
				starts[n].v, starts[n].d = v, south
				n++
			}
			if e&southSide != 0 { // south side, travel east
				starts[n].v, starts[n].d = v+1, east
				n++
			}
			if e&eastSide != 0 { // east side, travel up
				starts[n].v, starts[n].d = v+rows+1, north
				n++
			}
			for _, s := range starts[:n] {
				st := s.v
				if !take(st, s.d) {
					continue
				}
				done++
				// The ring's vertices, each with the direction it was
				// reached by (the first's is set once the ring closes).
				ring = append(ring[:0], ringStep{int32(st), 0})
				d := s.d
				cur := st + delta[d]
				for cur != st && len(ring) <= len(vs) {
					ring = append(ring, ringStep{int32(cur), d})
					// The unused edge out of cur turning least right.
					x := &vs[cur]
					best, bestRank := -1, uint8(99)
					for k := range x.n {
						if x.used&(1<<k) != 0 {
							continue
						}
						if rk := turnRank[(x.dir[k]-d)&3]; rk < bestRank {
							best, bestRank = int(k), rk
						}
					}
					if best < 0 {
						break
					}
					x.used |= 1 << best
					done++
					d = x.dir[best]
					cur += delta[d]
				}
				simple = simplify(simple[:0], ring, rows)
				if len(simple) < 3 {
					continue
				}
				if into.Len() > first {
					into.byte(' ')
				}
				for k, v := range simple {
					if k == 0 {
						into.WriteString("M ")
					} else {
						into.WriteString(" L ")
					}
					into.num(xs[int(v)/rows])
					into.byte(',')
					into.num(ys[int(v)%rows])
				}
				into.WriteString(" Z")
			}
		}
	}
}

// simplify appends to out the vertices of ring (vertex numbers of a grid
// with rows vertices a column) where it does not run straight on, taking
// the ring as closed: its first vertex is reached from its last.
func simplify(out []int32, ring []ringStep, rows int) []int32 {
	n := len(ring)
	// The direction from the last vertex to the first: the last edge's
	// when the ring closed, else (a ring cut short) the signs of the jump.
	v0, vl := int(ring[0].v), int(ring[n-1].v)
	dx, dy := sign(v0/rows-vl/rows), sign(v0%rows-vl%rows)
	wrap := uint8(4 + 3*(dx+1) + dy + 1) // no direction's code
	for d, st := range stepOf {
		if st == [2]int{dx, dy} {
			wrap = uint8(d)
		}
	}
	ring[0].dir = wrap
	for k := range n {
		out1 := wrap
		if k+1 < n {
			out1 = ring[k+1].dir
		}
		if ring[k].dir != out1 {
			out = append(out, ring[k].v)
		}
	}
	return out
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
