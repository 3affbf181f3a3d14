package analysis

import "slices"

// The functional routes' widths, all at once. A route from room A to room
// B is the widest path from anywhere on A's floor to anywhere on B's, the
// floors of A and B squeezing nothing (see stepCost). Such a path can be
// taken to leave A for the last time, cross cells of neither floor, and
// enter B for the first time: any other path is no wider than its part
// from the last cell of A on. The cells it crosses then cost what they
// cost on every route, a step onto a cell its width (its clearance, or a
// connector's width): so the width of the route is the largest w for
// which, among the cells of width at least w, one that can be stepped on
// from A's floor and one from which B's floor can be stepped onto are
// joined. Lowering w cell by cell, from the widest down, and joining the
// cells into sets as they come in (a union-find), answers every route at
// the width where its two rooms first meet in one set: one pass over the
// grid, whatever the number of routes, where a search per route floods
// most of the grid each time.
//
// The steps in and out are the room's own: a step from A's floor onto a
// cell costs that cell's width; a step onto B's floor costs nothing from a
// connector's corridor, and the width of the cell of B it lands on from
// another room's floor over an open boundary (no connector). A step
// straight from A's floor onto B's, over an open boundary between them,
// is a route of its own, as wide as the cell it lands on.

// routeSets is the union-find over the grid's free cells, with, for each
// set, the rooms whose floor one of its cells can be stepped on from
// (from) and the rooms whose floor can be stepped onto from one of them
// (to).
type routeSets struct {
	// uf is the forest, a number per cell: 0 for a cell not in any set
	// yet, 1 + its parent for a cell under another, and minus the size of
	// its set for a root.
	uf []int32
	// set is, per root, 1 + the index in sets of its tags (0: none yet);
	// few sets ever carry a tag, those with a cell at a room's edge.
	set  []int32
	sets []roomTags
	// legs of each room, as a route's start and as its end.
	legsFrom, legsTo map[int32][]int
	legs             []routeLeg
	answer           []rank
	answered         []bool
	// left counts the routes not answered yet.
	left int
}

// roomTags are the rooms a set's cells can be stepped onto from (from)
// and whose floor one of them can step onto (to).
type roomTags struct{ from, to []int32 }

// tagsOf is root's tags, made when asked for and absent.
func (u *routeSets) tagsOf(root int32) *roomTags {
	if u.set[root] == 0 {
		u.sets = append(u.sets, roomTags{})
		u.set[root] = int32(len(u.sets))
	}
	return &u.sets[u.set[root]-1]
}

// find is the root of v's set (v in one), halving the path to it.
func (u *routeSets) find(v int32) int32 {
	uf := u.uf
	for {
		p := uf[v]
		if p < 0 {
			return v
		}
		pp := uf[p-1]
		if pp < 0 {
			return p - 1
		}
		uf[v] = pp
		v = pp - 1
	}
}

func contains32(set []int32, r int32) bool {
	for _, x := range set {
		if x == r {
			return true
		}
	}
	return false
}

// meet answers, at width r, the unanswered routes from room a to a room
// in the to list, or (reverse) from a room in the from list to room a.
func (u *routeSets) meet(a int32, other []int32, reverse bool, r rank) {
	legs := u.legsFrom[a]
	if reverse {
		legs = u.legsTo[a]
	}
	for _, i := range legs {
		if u.answered[i] {
			continue
		}
		want := int32(u.legs[i].to)
		if reverse {
			want = int32(u.legs[i].from)
		}
		if contains32(other, want) {
			u.answer[i], u.answered[i] = max(u.answer[i], r), true
			u.left--
		}
	}
}

// tag marks the set of cell v as one a route from room a can step onto
// (to false) or one from which room a's floor can be stepped onto (to
// true), answering at width r the routes the mark completes.
func (u *routeSets) tag(v, a int32, to bool, r rank) {
	u.add(u.tagsOf(u.find(v)), a, to, r)
}

// add puts room a in t's from list (to false) or its to list unless it is
// there, answering at width r the routes it completes against the other.
func (u *routeSets) add(t *roomTags, a int32, to bool, r rank) {
	mine, other := &t.from, t.to
	if to {
		mine, other = &t.to, t.from
	}
	if contains32(*mine, a) {
		return
	}
	u.meet(a, other, to, r)
	*mine = append(*mine, a)
}

// join joins the set of root a with the set of cell y (in one) at width
// r, the smaller's tags moving to the larger's root and answering the
// routes they complete there, and returns the joined set's root.
func (u *routeSets) join(a, y int32, r rank) int32 {
	b := u.find(y)
	if a == b {
		return a
	}
	if u.uf[a] > u.uf[b] { // a's set is the smaller (sizes are negated)
		a, b = b, a
	}
	u.uf[a] += u.uf[b]
	u.uf[b] = a + 1
	if u.set[b] == 0 {
		return a // nothing to move
	}
	tb := u.sets[u.set[b]-1]
	ta := u.tagsOf(a)
	for _, f := range tb.from {
		u.add(ta, f, false, r)
	}
	for _, t := range tb.to {
		u.add(ta, t, true, r)
	}
	u.set[b] = 0
	return a
}

// routeWidthsAll fills every leg's widest-route width in one pass over the
// grid (see above).
func (g *navGrid) routeWidthsAll(legs []routeLeg) { g.routeWidths(legs, -1, 0) }

// walkFrom is the room number the walks from the entrance set out from
// among the legs routeWidths measures.
const walkFrom = -2

// seedJoins reports whether the walks from seed, labelled top, can be
// measured with the routes (routeAndWalkWidths): the seed is on the floor
// and no narrower than top, so the set of cells it is in at any width up
// to top is the set a walk from it reaches at that width.
func (g *navGrid) seedJoins(seed int, top rank) bool {
	return seed >= 0 && g.free[seed] && top > g.rZero && top <= g.cost[seed]&^corrBit
}

// routeAndWalkWidths fills the legs' widths and returns the width of the
// widest walk from seed (labelled top; seedJoins) into each room of want,
// as walkInto measures it, in the same pass: a walk into room R is a leg
// from walkFrom, which tags the seed's set from width top down. The seed's
// own room's walk is top; the width of a room not wanted is zero.
func (g *navGrid) routeAndWalkWidths(legs []routeLeg, seed int, top rank, want []bool) []float64 {
	all := slices.Clone(legs)
	for r, w := range want {
		if w {
			all = append(all, routeLeg{from: walkFrom, to: r})
		}
	}
	g.routeWidths(all, seed, top)
	copy(legs, all[:len(legs)])
	into := make([]float64, len(g.cells))
	for r := range into {
		into[r] = g.vals[g.rZero]
	}
	for _, l := range all[len(legs):] {
		into[l.to] = l.wide
	}
	if r := g.room[seed]; r >= 0 {
		into[r] = g.vals[top]
	}
	return into
}

// routeWidths is routeWidthsAll, and, when seed is not -1, the legs from
// walkFrom are the walks from seed, labelled top.
func (g *navGrid) routeWidths(legs []routeLeg, seed int, top rank) {
	if len(legs) == 0 {
		return
	}
	n := len(g.free)
	cost, free, room, links := g.cost, g.free, g.room, g.links
	width := func(v int) rank { return cost[v] &^ corrBit }
	u := &routeSets{
		uf: g.mem.int32s(n), set: g.mem.int32s(n),
		legsFrom: map[int32][]int{}, legsTo: map[int32][]int{},
		legs: legs, answer: make([]rank, len(legs)), answered: make([]bool, len(legs)),
		left: len(legs),
	}
	for i, l := range legs {
		u.legsFrom[int32(l.from)] = append(u.legsFrom[int32(l.from)], i)
		u.legsTo[int32(l.to)] = append(u.legsTo[int32(l.to)], i)
		u.answer[i] = g.rZero
	}
	// The free cells by width: a list per rank threaded through one
	// array (the order within a rank changes no answer: every join and
	// tag of a rank answers at that rank).
	nr := len(g.vals)
	head := make([]int32, nr)
	for r := range head {
		head[r] = -1
	}
	next := g.mem.int32sFilled(n)
	for v := range n {
		if free[v] {
			r := width(v)
			next[v] = head[r]
			head[r] = int32(v)
		}
	}
	// A step from v onto w, v outside w's room, as the route into that
	// room takes it: stepCost with the room spared.
	into := func(v, w int) rank { return g.stepCost(v, w, int(room[w]), -1) }
	// A route whose rooms touch: a step straight from one onto the other,
	// each pair of free neighbours in different rooms taken once, both
	// ways (the steps right and down from every free cell).
	direct := func(v, w int) {
		for _, i := range u.legsFrom[room[v]] {
			if int32(legs[i].to) == room[w] {
				u.answer[i] = max(u.answer[i], into(v, w))
			}
		}
	}
	pair := func(v int) {
		l := links[v]
		if !free[v] || l&(16|64) == 0 {
			return
		}
		if l&16 != 0 {
			direct(v, v+1)
			direct(v+1, v)
		}
		if l&64 != 0 {
			direct(v, v+g.nx)
			direct(v+g.nx, v)
		}
	}
	// Eight cells at a time, skipping those with no step right or down
	// into another room.
	v := 0
	for ; v+8 <= n; v += 8 {
		if le.Uint64(links[v:])&0x5050505050505050 != 0 {
			for i := v; i < v+8; i++ {
				pair(i)
			}
		}
	}
	for ; v < n; v++ {
		pair(v)
	}
	// late holds the to-tags that hold only below a cell's own width: a
	// step from a floor cell over an open boundary onto a narrower cell of
	// the next room's floor.
	type tag struct{ v, room int32 }
	late := map[rank][]tag{}
	uf, nx := u.uf, int32(g.nx)
	for r := nr - 1; r > int(g.rZero) && u.left > 0; r-- {
		rk := rank(r)
		for v := head[r]; v >= 0; v = next[v] {
			// v comes in, joined with its neighbours already in.
			uf[v] = -1
			root := v
			l := links[v]
			if l&1 != 0 && uf[v+1] != 0 {
				root = u.join(root, v+1, rk)
			}
			if l&2 != 0 && uf[v-1] != 0 {
				root = u.join(root, v-1, rk)
			}
			if l&4 != 0 && uf[v+nx] != 0 {
				root = u.join(root, v+nx, rk)
			}
			if l&8 != 0 && uf[v-nx] != 0 {
				u.join(root, v-nx, rk)
			}
			if l < 16 {
				continue // no step into another room
			}
			for d, st := range g.stride {
				if l&(16<<d) == 0 {
					continue // the same room: no step in or out of it
				}
				w := int(v) + st
				b := room[w]
				// From b's floor or corridor onto v, as wide as v.
				u.tag(v, b, false, rk)
				// From v into b, the narrower of v and the step.
				if c := into(int(v), w); c >= rk {
					u.tag(v, b, true, rk)
				} else {
					late[c] = append(late[c], tag{v, b})
				}
			}
		}
		for _, t := range late[rk] {
			u.tag(t.v, t.room, true, rk)
		}
		if seed >= 0 && rk == top {
			// The walks set out: the seed is in (no narrower than top).
			u.tag(int32(seed), walkFrom, false, rk)
		}
		delete(late, rk)
	}
	for i := range legs {
		legs[i].wide = g.vals[u.answer[i]]
	}
}
