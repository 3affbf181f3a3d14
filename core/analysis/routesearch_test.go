package analysis

import (
	"slices"
)

// The functional routes as they were measured before routeWidthsAll: a
// search per route, or one reverse search per shared destination. The
// tests hold routeWidthsAll to these answers (SetSearchRoutes).

// sharedLegs is how many legs to one destination justify a reverse search
// over the whole grid instead of one bounded search per leg: two already
// do on the examples, where a leg's search often covers most of the
// floor before its narrow door (a variable so the tests can force either
// way).
var sharedLegs = 2

// maxSharedSearches bounds the reverse searches of the whole grid one
// describe makes for the functional routes.
const maxSharedSearches = 2

// routeWidths fills each leg's widest-route width: from anywhere in the
// room it sets out from to anywhere in the room it goes to, neither
// squeezing it. A destination many legs share gets one reverse search from
// its floor, read off each leg's room; a leg to a destination of its own
// gets a forward search from its room that stops at the destination.
func (g *navGrid) routeWidthsSearched(legs []routeLeg) {
	count := map[int]int{}
	for _, l := range legs {
		count[l.to]++
	}
	// The destinations with the most legs (the lower index on a tie) get
	// a reverse search of the whole grid, at most maxSharedSearches of
	// them, so the work stays linear in the grid however many rooms the
	// plan has; every other leg gets its own bounded search.
	var dests []int
	for to, c := range count {
		if c >= sharedLegs {
			dests = append(dests, to)
		}
	}
	slices.SortFunc(dests, func(a, b int) int {
		if count[a] != count[b] {
			return count[b] - count[a]
		}
		return a - b
	})
	shared := map[int]bool{}
	for _, to := range dests[:min(len(dests), maxSharedSearches)] {
		shared[to] = true
	}
	// Legs to one destination are taken together, so one reverse search
	// at a time is enough.
	order := make([]int, len(legs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return legs[a].to - legs[b].to })
	var point, rs *routeSearch
	for _, i := range order {
		l := &legs[i]
		if !shared[l.to] {
			if point == nil {
				point = g.newRouteSearch(false, -1, -1)
			}
			l.wide = point.roomToRoom(l.from, l.to)
			point.rollback()
			continue
		}
		if rs == nil || rs.skipRoom != l.to {
			if rs == nil {
				rs = g.newRouteSearch(true, l.to, -1)
			} else {
				// A new destination: the same labels, searched afresh.
				rs.reset()
				rs.skipRoom = l.to
			}
			rs.full(g.roomCells(l.to), g.rInf)
		}
		l.wide = rs.outOf(l.from)
	}
}

// routeSearch is a maximin search that may run from a set of cells
// backwards (reverse), spare two rooms, and record the labels it changes
// for rollback: the searches a route was measured by, one per route or
// one per shared destination.
type routeSearch struct {
	g *navGrid
	// reverse labels each cell with the widest path from it to the
	// search's start cells instead of from them to it.
	reverse            bool
	skipRoom, skipFrom int
	best               []rank
	// undo records every label a bounded search changed, with its old
	// value.
	undo      []undoEntry
	recording bool
	// buckets are the per-rank stacks of a bounded search (roomToRoom),
	// kept for the next one.
	buckets [][]int32
}

type undoEntry struct {
	k   int32
	old rank
}

func (g *navGrid) newRouteSearch(reverse bool, skipRoom, skipFrom int) *routeSearch {
	s := &routeSearch{g: g, reverse: reverse, skipRoom: skipRoom, skipFrom: skipFrom, best: g.mem.int32s(len(g.free))}
	if g.rZero != 0 {
		for k := range s.best {
			s.best[k] = g.rZero
		}
	}
	return s
}

// reset labels every cell unreached again.
func (s *routeSearch) reset() {
	for k := range s.best {
		s.best[k] = s.g.rZero
	}
}

// width is the clear width a label stands for.
func (s *routeSearch) width(r rank) float64 { return s.g.vals[r] }

func (s *routeSearch) set(k int, v rank) {
	if s.recording {
		s.undo = append(s.undo, undoEntry{int32(k), s.best[k]})
	}
	s.best[k] = v
}

// rollback restores every label changed since recording began.
func (s *routeSearch) rollback() {
	for i := len(s.undo) - 1; i >= 0; i-- {
		s.best[s.undo[i].k] = s.undo[i].old
	}
	s.undo = s.undo[:0]
	s.recording = false
}

// full labels every cell from the start cells, each labelled top, each
// cell settled once, widest first.
func (s *routeSearch) full(starts []int32, top rank) {
	g := s.g
	buckets := make([][]int32, top+1)
	for _, k := range starts {
		if g.free[k] {
			s.best[k] = top
			buckets[top] = append(buckets[top], k)
		}
	}
	for r := top; r > s.g.rZero; r-- {
		for len(buckets[r]) > 0 {
			b := buckets[r]
			k := int(b[len(b)-1])
			buckets[r] = b[:len(b)-1]
			if s.best[k] != r {
				continue // raised since it was queued
			}
			l := g.links[k]
			for d, st := range g.stride {
				if l&(1<<d) == 0 {
					continue
				}
				n := k + st
				if s.best[n] >= r {
					continue // no label through k can beat n's
				}
				var c rank
				if s.reverse {
					c = g.stepCost(n, k, s.skipRoom, s.skipFrom)
				} else {
					c = g.stepCost(k, n, s.skipRoom, s.skipFrom)
				}
				if v := min(r, c); v > s.best[n] {
					s.best[n] = v
					buckets[v] = append(buckets[v], int32(n))
				}
			}
		}
	}
}

// outOf is the width of the widest route out of room r, read from a
// reverse search from the floor of the room the route goes to (spared):
// the best, over the steps out of the room to a cell outside it, of the
// step's cost and that cell's label.
func (s *routeSearch) outOf(r int) float64 {
	g := s.g
	best := g.rZero
	for _, c32 := range g.roomCells(r) {
		c := int(c32)
		if !g.free[c] {
			continue
		}
		l := g.links[c]
		for d, st := range g.stride {
			if l&(1<<d) == 0 {
				continue
			}
			k := c + st
			if int(g.room[k]) == r || s.best[k] <= best {
				continue
			}
			best = max(best, min(s.best[k], g.stepCost(c, k, s.skipRoom, r)))
		}
	}
	return s.width(best)
}

// roomToRoom is a forward search from every cell of room from (sparing it
// and room to) that stops at the first cell of room to it settles, and
// returns the width of that cell's label: the widest route from anywhere
// in the one room into the other. Cells are settled from a bucket per
// rank, widest first, so the first cell of room to settled has its final
// label. It leaves every label it touched recorded for rollback.
func (s *routeSearch) roomToRoom(from, to int) float64 {
	g := s.g
	s.recording = true
	s.skipRoom, s.skipFrom = to, from
	if len(s.buckets) < len(g.vals) {
		s.buckets = make([][]int32, len(g.vals))
	}
	buckets := s.buckets[:len(g.vals)]
	defer func() {
		for r := range buckets {
			buckets[r] = buckets[r][:0]
		}
	}()
	top := g.rInf
	for _, c := range g.roomCells(from) {
		if g.free[c] && s.best[c] < top {
			s.set(int(c), top)
			buckets[top] = append(buckets[top], c)
		}
	}
	for r := top; r > g.rZero; r-- {
		for len(buckets[r]) > 0 {
			b := buckets[r]
			k := int(b[len(b)-1])
			buckets[r] = b[:len(b)-1]
			if s.best[k] != r {
				continue // raised since it was queued
			}
			if int(g.room[k]) == to {
				return s.width(r)
			}
			l := g.links[k]
			for d, st := range g.stride {
				if l&(1<<d) == 0 {
					continue
				}
				n := k + st
				if s.best[n] >= r {
					continue
				}
				if v := min(r, g.stepCost(k, n, to, from)); v > s.best[n] {
					s.set(n, v)
					buckets[v] = append(buckets[v], int32(n))
				}
			}
		}
	}
	return s.width(g.rZero)
}
