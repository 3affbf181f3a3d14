package analysis

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// SetSearchRoutes makes describe measure each route by its own searches
// (true) or all routes at once (false), and returns a function that
// restores the old way.
func SetSearchRoutes(on bool) (restore func()) {
	old, oldWalks := measureRoutes, walksWithRoutes
	if on {
		measureRoutes, walksWithRoutes = (*navGrid).routeWidthsSearched, false
	} else {
		measureRoutes, walksWithRoutes = (*navGrid).routeWidthsAll, true
	}
	return func() { measureRoutes, walksWithRoutes = old, oldWalks }
}

// SetSharedLegs sets how many routes to one destination share a reverse
// search, and returns a function that restores the old value.
func SetSharedLegs(n int) (restore func()) {
	old := sharedLegs
	sharedLegs = n
	return func() { sharedLegs = old }
}

// NearestOpenBothWays answers nearestOpen for room r of p's nav grid at q
// by rings and by measuring every cell (-1, -1 when p has no grid).
func NearestOpenBothWays(p *ir.Plan, q geom.Point, r int) (rings, scan int) {
	g := NewModel(p).buildGrid()
	if g == nil {
		return -1, -1
	}
	defer g.release()
	rings, ok := g.nearestOpenRings(q, r)
	if !ok {
		rings = -2
	}
	scan = -1
	bd := math.Inf(1)
	for _, k32 := range g.roomCells(r) {
		k := int(k32)
		if !g.open[k] {
			continue
		}
		if d := g.centre(k).Sub(q).Len(); d < bd {
			scan, bd = k, d
		}
	}
	return rings, scan
}

// RasterRingBothWays rasterises ring on a grid of the given cell over
// bounds by the row sweep (rasterRing) and by testing every cell against
// every edge as RoomContains does, and returns both room rasters.
func RasterRingBothWays(ring geom.Polygon, bounds geom.Rect, cell float64) (sweep, each []int32) {
	nx := int(math.Ceil(bounds.W()/cell)) + 2
	ny := int(math.Ceil(bounds.H()/cell)) + 2
	origin := bounds.Min.Sub(geom.Point{X: cell, Y: cell})
	mk := func() *navGrid {
		g := &navGrid{origin: origin, cell: cell, nx: nx, ny: ny, room: make([]int32, nx*ny)}
		for k := range g.room {
			g.room[k] = -1
		}
		return g
	}
	a, b := mk(), mk()
	a.rasterRing(ring, ring.Bounds(), 0)
	n := len(ring)
	for k := range b.room {
		c := b.centre(k)
		in := false
		for e := range n {
			if distToSegment(c, ring[e], ring[(e+1)%n]) <= geomEps {
				in = true
				break
			}
		}
		if !in {
			for e := range n {
				p, q := ring[(e+1)%n], ring[e]
				if (p.Y > c.Y) != (q.Y > c.Y) && c.X < (q.X-p.X)*(c.Y-p.Y)/(q.Y-p.Y)+p.X {
					in = !in
				}
			}
		}
		if in {
			b.room[k] = 0
		}
	}
	return a.room, b.room
}

// IntoRoomsBothWays measures the widest walk into every room of p's nav
// grid from its first entrance, by walkInto's reading during its search and
// by scanning each room's own cells (nil, nil when p has no walk).
func IntoRoomsBothWays(p *ir.Plan) (pass, scan []float64) {
	_, g, ent, seed, ok := entranceGrid(p)
	if !ok {
		return nil, nil
	}
	defer g.release()
	ws := g.newWidestSearch()
	pass = ws.walkInto(seed, g.rankOf(min(ent.EstimatedClearWidth, g.widthAt(seed))), nil)
	for r := range p.Rooms {
		best := g.rZero
		if int(g.room[seed]) == r {
			best = ws.label(seed)
		}
		for _, c32 := range g.roomCells(r) {
			c := int(c32)
			if !g.free[c] {
				continue
			}
			for d := range dirs {
				k := g.freeNeighbour(c, d)
				if k < 0 || int(g.room[k]) == r {
					continue
				}
				best = max(best, min(ws.label(k), g.stepCost(k, c, r, -1)))
			}
		}
		scan = append(scan, ws.width(best))
	}
	return pass, scan
}

// NearestBothWays draws trials random pairs of room lists (from, to) of
// p's rooms that have a target in its nav grid, and finds each from room's
// nearest to room other than itself by nearestRooms and by the two-label
// search it replaced (nearestTwo). It returns how many from rooms found
// one, and a description of the first disagreement ("" when none).
func NearestBothWays(p *ir.Plan, seed uint64, trials int) (found int, diff string) {
	m := NewModel(p)
	g := m.buildGrid()
	if g == nil {
		return 0, ""
	}
	defer g.release()
	targets := m.roomTargets(g)
	var rooms []int
	for i, t := range targets {
		if t >= 0 {
			rooms = append(rooms, i)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	for trial := range trials {
		var from, to []int
		for _, r := range rooms {
			// Each room is a from room, a to room, both or neither.
			switch rng.IntN(4) {
			case 1:
				from = append(from, r)
			case 2:
				to = append(to, r)
			case 3:
				from, to = append(from, r), append(to, r)
			}
		}
		if len(from) == 0 || len(to) == 0 {
			continue
		}
		fast := g.nearestRooms(targets, from, to)
		near := g.nearestTwo(targets, from, to)
		for k, r := range from {
			want := nearLabel{room: -1}
			for _, l := range near[targets[r]] {
				if l.room >= 0 && int(l.room) != r {
					want = l
					break
				}
			}
			if fast[k] != want {
				return found, fmt.Sprintf("trial %d, from %v to %v: room %d's nearest is %v, the two-label search says %v", trial, from, to, r, fast[k], want)
			}
			if want.room >= 0 {
				found++
			}
		}
	}
	return found, ""
}

// PoleBothWays finds the pole of every polygon room of p's nav grid by
// pole and by measuring every cell's distance to every edge, as pole did
// before it stopped at the first edge no farther than the best so far
// (nil, nil when p has no grid).
func PoleBothWays(p *ir.Plan) (fast, scan []geom.Point) {
	g := NewModel(p).buildGrid()
	if g == nil {
		return nil, nil
	}
	defer g.release()
	for r := range p.Rooms {
		room := &p.Rooms[r]
		if room.Shape != ir.RoomPoly {
			continue
		}
		fast = append(fast, pole(g, room, r))
		best, bd := room.Polygon.Centroid(), -1.0
		cells := g.roomCells(r)
		for end := len(cells); end > 0; {
			row := int(cells[end-1]) / g.nx
			start := end - 1
			for start > 0 && int(cells[start-1])/g.nx == row {
				start--
			}
			for _, k := range cells[start:end] {
				c := g.centre(int(k))
				if d := DistToRoom(room, c); d > bd+geomEps {
					best, bd = c, d
				}
			}
			end = start
		}
		scan = append(scan, best)
	}
	return fast, scan
}

// HaloBothWays marks the obstacle halo of p's nav grid by obstacleHalo and
// by measuring every cell round each piece of furniture and column, as
// obstacleHalo did before it filled the cells within a piece's span a row
// at a time (nil, nil when p has no grid).
func HaloBothWays(p *ir.Plan) (fast, scan []bool) {
	m := NewModel(p)
	g := m.buildGrid()
	if g == nil {
		return nil, nil
	}
	defer g.release()
	fast = slices.Clone(m.obstacleHalo(g))
	const rad = BodyRadiusMm
	scan = make([]bool, len(g.room))
	rect := func(r geom.Rect) {
		lo := geom.Point{X: r.Min.X - rad, Y: r.Min.Y - rad}
		hi := geom.Point{X: r.Max.X + rad, Y: r.Max.Y + rad}
		g.each(lo, hi, func(k int, c geom.Point) {
			dx := max(max(r.Min.X-c.X, c.X-r.Max.X), 0)
			dy := max(max(r.Min.Y-c.Y, c.Y-r.Max.Y), 0)
			if withinHypot(dx, dy, rad+geomEps) {
				scan[k] = true
			}
		})
	}
	for _, f := range p.Furniture {
		rect(f.Rect)
	}
	for _, c := range p.Columns {
		rect(c.Rect)
	}
	for _, v := range p.Vertical {
		m.verticalHalo(g, v, scan)
	}
	return fast, scan
}

// IntoRoomsEarly measures the widest walk into every room of p's nav grid
// from its first entrance by a search to the end and, for each of trials
// random sets of rooms, by a search that stops once those rooms are
// settled. It returns how many wanted rooms were compared, and a
// description of the first that differs ("" when none).
func IntoRoomsEarly(p *ir.Plan, seed uint64, trials int) (compared int, diff string) {
	m, g, ent, start, ok := entranceGrid(p)
	if !ok {
		return 0, ""
	}
	defer g.release()
	top := g.rankOf(min(ent.EstimatedClearWidth, g.widthAt(start)))
	full := g.newWidestSearch().walkInto(start, top, nil)
	rng := rand.New(rand.NewPCG(seed, 7))
	for trial := range trials {
		want := make([]bool, len(p.Rooms))
		for i := range want {
			want[i] = rng.IntN(2) == 0
		}
		if trial == 0 {
			// The rooms describe reads.
			want = walked(g.stepsTo(start, m.roomTargets(g)), int(g.room[start]))
		}
		early := g.newWidestSearch().walkInto(start, top, want)
		for i, w := range want {
			if !w {
				continue
			}
			compared++
			if early[i] != full[i] {
				return compared, fmt.Sprintf("trial %d: room %d is %v wide, %v when searched to the end", trial, i, early[i], full[i])
			}
		}
	}
	return compared, ""
}

// WallsBothWays marks the wall cells of p's nav grid by walls and by
// measuring every cell round every segment, as walls did before it
// measured a segment along an axis once per row and column (nil, nil when
// p has no grid).
func WallsBothWays(p *ir.Plan) (fast, scan []bool) {
	g := NewModel(p).buildGrid()
	if g == nil {
		return nil, nil
	}
	defer g.release()
	fast = slices.Clone(g.walls(p))
	scan = make([]bool, len(g.room))
	for wi := range p.Walls {
		w := &p.Walls[wi]
		h := w.Thickness / 2
		for _, s := range w.Segments() {
			l := s.Len()
			if l == 0 {
				continue
			}
			u := s.B.Sub(s.A).Mul(1 / l)
			lo := geom.Point{X: min(s.A.X, s.B.X) - h, Y: min(s.A.Y, s.B.Y) - h}
			hi := geom.Point{X: max(s.A.X, s.B.X) + h, Y: max(s.A.Y, s.B.Y) + h}
			g.each(lo, hi, func(k int, c geom.Point) {
				v := c.Sub(s.A)
				along, off := v.Dot(u), math.Abs(v.Cross(u))
				if along >= -geomEps && along <= l+geomEps && off <= h+geomEps {
					scan[k] = true
				}
			})
		}
	}
	return fast, scan
}

// WalksWithRoutes measures the widest walk from p's first entrance into
// each of trials random sets of rooms by walkInto and in the pass that
// measures the routes (routeAndWalkWidths, with the plan's own route legs,
// or none), when the seed joins it. It returns how many walks were
// compared, and a description of the first that differs ("" when none).
func WalksWithRoutes(p *ir.Plan, seed uint64, trials int) (compared int, diff string) {
	m := NewModel(p)
	ent := firstEntrance(m.Edges())
	g := m.buildGrid()
	if g == nil || ent == nil {
		return 0, ""
	}
	defer g.release()
	g.costTables(ent.EstimatedClearWidth)
	start := m.entranceSeed(g, ent)
	top := g.rankOf(min(ent.EstimatedClearWidth, g.widthAt(start)))
	if !g.seedJoins(start, top) {
		return 0, ""
	}
	targets := m.roomTargets(g)
	full := g.newWidestSearch().walkInto(start, top, nil)
	rng := rand.New(rand.NewPCG(seed, 9))
	for trial := range trials {
		want := make([]bool, len(p.Rooms))
		for i := range want {
			want[i] = rng.IntN(2) == 0
		}
		legs := m.routeLegs(g, targets)
		if trial%2 == 1 {
			legs = nil
		}
		into := g.routeAndWalkWidths(legs, start, top, want)
		for i, w := range want {
			if !w && i != int(g.room[start]) {
				continue
			}
			compared++
			if into[i] != full[i] {
				return compared, fmt.Sprintf("trial %d: the walk into room %d is %v wide with the routes, %v by walkInto", trial, i, into[i], full[i])
			}
		}
	}
	return compared, ""
}

// WalkIntoPlain compares walkInto with walkIntoPlain, the search it
// replaced, on p's nav grid: from the first entrance and from random free
// cells with random top labels, for every room, for the rooms describe
// reads and for random sets of rooms. It compares the widths into the
// rooms and every cell's label, and returns how many searches it compared
// and a description of the first difference ("" when none).
func WalkIntoPlain(p *ir.Plan, seed uint64, trials int) (compared int, diff string) {
	m, g, ent, start, ok := entranceGrid(p)
	if !ok {
		return 0, ""
	}
	defer g.release()
	rng := rand.New(rand.NewPCG(seed, 11))
	for trial := range trials {
		from := start
		top := g.rankOf(min(ent.EstimatedClearWidth, g.widthAt(start)))
		var want []bool
		switch {
		case trial == 1:
			want = walked(g.stepsTo(start, m.roomTargets(g)), int(g.room[start]))
		case trial >= 2:
			from = rng.IntN(len(g.free))
			top = rank(rng.IntN(len(g.vals)))
			if trial%2 == 0 {
				want = make([]bool, len(p.Rooms))
				for i := range want {
					want[i] = rng.IntN(2) == 0
				}
			}
		}
		plain := g.newWidestSearch()
		plainInto := plain.walkIntoPlain(from, top, want)
		packed := g.newWidestSearch()
		packedInto := packed.walkInto(from, top, want)
		compared++
		if !slices.Equal(plainInto, packedInto) {
			return compared, fmt.Sprintf("trial %d: into the rooms %v, %v before", trial, packedInto, plainInto)
		}
		for k := range plain.best {
			if plain.best[k] != packed.label(k) {
				return compared, fmt.Sprintf("trial %d: cell %d is labelled %d, %d before", trial, k, packed.label(k), plain.best[k])
			}
		}
	}
	return compared, ""
}

// entranceGrid builds p's model and nav grid, with the step costs for its
// first entrance's clear width, and finds the entrance's seed cell. ok is
// false when p has no grid, no entrance or no seed cell; otherwise the
// caller releases g.
func entranceGrid(p *ir.Plan) (m *Model, g *navGrid, ent *Edge, start int, ok bool) {
	m = NewModel(p)
	ent = firstEntrance(m.Edges())
	g = m.buildGrid()
	if g == nil || ent == nil {
		return nil, nil, nil, -1, false
	}
	g.costTables(ent.EstimatedClearWidth)
	if start = m.entranceSeed(g, ent); start < 0 {
		g.release()
		return nil, nil, nil, -1, false
	}
	return m, g, ent, start, true
}
