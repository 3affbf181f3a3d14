package analysis

import (
	"math"
	"slices"
)

// The circulation walk reads, for each room and each functional route, the
// widest path's narrowest clear width: the largest, over all paths, of the
// smallest step cost on the path (a maximin, or bottleneck, path). A walk
// ends as soon as it is inside the room it goes to, and a route may set out
// from anywhere in its room: their floors squeeze nothing. A step costs the
// clear width of the cell it lands on, so sparing a room only changes the
// steps into it, and one search labels the grid for every query:
//
//   - the walks from the entrance take one forward search that spares no
//     room; a room's width is then the best, over the steps into it from
//     outside, of the label before the step and the step's cost with the
//     room spared (into);
//   - the routes to one room take one reverse search from its floor; a
//     room's route is then the best, over the steps out of it, of the step's
//     cost and the label after it (outOf). A route to a room few routes
//     share gets a forward search from its room's floor instead, which stops
//     at the first cell of the room it goes to (roomToRoom).
//
// The best over a room's boundary is the answer of a search that spares the
// room: a path from the spared search leaves (or enters) the room for the
// last (or first) time at one of those steps, and the rest of it squeezes
// the same either way.
//
// A maximin search only ever takes minimums and compares, so it runs on
// ranks: every width a step can cost is numbered in increasing order once
// per grid (the widths are few: corridor widths, and odd multiples of the
// cell), and labels are those numbers. The full searches then settle each
// cell once from a bucket per rank, widest first.

// dirs are the four grid steps: right, left, down, up.
var dirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// rank numbers a width among all the widths a grid's steps can cost.
type rank = int32

// freeNeighbour returns the free cell one step d from k, or -1 when the
// step leaves the grid or lands on a blocked cell.
func (g *navGrid) freeNeighbour(k, d int) int {
	if g.links[k]&(1<<d) == 0 {
		return -1
	}
	return k + g.stride[d]
}

// stepCost is the clear width (as a rank) of the step from k to its
// neighbour n, for a walk that sets out from room skipFrom and ends in room
// skipRoom (-1: none): the width of the cell it lands on.
//
// A corridor cell carries its connector's width. Any other cell's width is
// its clearance read as a width (see oddCells, costTables): a walk is
// squeezed by the furniture near the cells it steps on, not by walls; the
// first cell past a doorway on its +x or +y side is not squeezed at all,
// whichever way the walk crosses. Cells in the rooms a walk starts and ends
// in are not squeezed, except where it steps over an open boundary between
// two rooms (no connector).
func (g *navGrid) stepCost(k, n, skipRoom, skipFrom int) rank {
	cn := g.cost[n]
	if cn&corrBit != 0 {
		return cn &^ corrBit
	}
	rk, rn := g.room[k], g.room[n]
	if rk != rn && rk >= 0 && rn >= 0 && g.cost[k]&corrBit == 0 {
		return cn
	}
	if r := int(rn); r == skipRoom || r == skipFrom {
		return g.rInf
	}
	return cn
}

// oddCells is the width of 2m-1 cells: a cell m steps from the nearest
// halo cell has m-1 free cells on each side of it before the halo.
func (g *navGrid) oddCells(m int32) float64 { return float64(2*m-1) * g.cell }

// costTables numbers every width a step on the grid can cost, together
// with the extra labels the searches start from, and fills g.cost, the
// per-cell table stepCost reads: a corridor cell's connector width,
// flagged by corrBit, or any other cell's clear width: its clearance
// (see clearance) read as a width, or no limit for the first cell past a
// doorway on its +x or +y side (the cell whose left or lower neighbour is
// a corridor cell).
func (g *navGrid) costTables(extra ...float64) {
	n := len(g.free)
	// The widths in odd multiples of the cell, by multiple: 0 up to the
	// grid's span (longer clearances are read as that). Every other
	// width: corridors, the open plan's crossing, the start labels,
	// nothing (0) and no limit (+Inf).
	maxM := int32(g.nx + g.ny)
	other := append([]float64{0, math.Inf(1), float64(g.nx+g.ny) * g.cell}, extra...)
	other = append(other, g.corrWidths...)
	other = slices.DeleteFunc(other, math.IsNaN)
	slices.Sort(other)
	other = slices.Compact(other)
	// Merge the two increasing lists into one, equal widths sharing a rank.
	g.vals = g.vals[:0]
	rankOfM := make([]rank, maxM+1)
	oi := 0
	push := func(v float64) rank {
		if len(g.vals) == 0 || g.vals[len(g.vals)-1] != v {
			g.vals = append(g.vals, v)
		}
		return rank(len(g.vals) - 1)
	}
	for m := int32(0); m <= maxM; m++ {
		// A clearance of 0 is a halo cell, which no step lands on but
		// through a corridor (and a corridor cell costs its connector's
		// width): it is numbered as nothing, so that unless a connector is
		// narrower than nothing, nothing is rank 0 and a search's labels
		// start as zeroed memory.
		v := max(g.oddCells(m), 0)
		for oi < len(other) && other[oi] < v {
			push(other[oi])
			oi++
		}
		rankOfM[m] = push(v)
	}
	for ; oi < len(other); oi++ {
		push(other[oi])
	}
	g.rInf = g.rankOf(math.Inf(1))
	g.rZero = g.rankOf(0)
	g.cost = g.mem.int32sFilled(n)
	rOpen := g.rankOf(float64(g.nx+g.ny) * g.cell)
	cost, clears := g.cost[:n], g.clear[:n]
	for k := range n {
		switch c := clears[k]; {
		case c == noObstacle:
			cost[k] = rOpen
		case c > maxM:
			// Past the grid's span a clearance is wider than any
			// connector all the same.
			cost[k] = rankOfM[maxM]
		default:
			cost[k] = rankOfM[c]
		}
	}
	for k, w := range g.corridor {
		cost[k] = g.rankOf(w) | corrBit
	}
	// The first cell past a doorway on its +x or +y side: the free cell
	// right of or below a corridor cell, not a corridor cell itself.
	links, nx := g.links[:n], g.nx
	for c := range g.corridor {
		k := int(c)
		if links[k]&1 != 0 && cost[k+1]&corrBit == 0 {
			cost[k+1] = g.rInf
		}
		if links[k]&4 != 0 && cost[k+nx]&corrBit == 0 {
			cost[k+nx] = g.rInf
		}
	}
}

// corrBit flags a corridor cell in g.cost. Ranks stay far below it: a
// grid has at most MaxGridCells cells, so its rows and columns number a
// few million at most, and the other widths are one per connector.
const corrBit = 1 << 30

// rankOf is the rank of a width costTables numbered (the nearest rank
// below for one it did not).
func (g *navGrid) rankOf(v float64) rank {
	i, found := slices.BinarySearch(g.vals, v)
	if !found && i > 0 {
		i--
	}
	return rank(i)
}

// widestSearch holds the labels of one maximin search and the scratch
// space of its bounded searches. Labels are the rank of 0 where nothing
// reaches.
type widestSearch struct {
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

func (g *navGrid) newWidestSearch(reverse bool, skipRoom, skipFrom int) *widestSearch {
	s := &widestSearch{g: g, reverse: reverse, skipRoom: skipRoom, skipFrom: skipFrom, best: g.mem.int32s(len(g.free))}
	if g.rZero != 0 {
		for k := range s.best {
			s.best[k] = g.rZero
		}
	}
	return s
}

// reset labels every cell unreached again.
func (s *widestSearch) reset() {
	for k := range s.best {
		s.best[k] = s.g.rZero
	}
}

// width is the clear width a label stands for.
func (s *widestSearch) width(r rank) float64 { return s.g.vals[r] }

func (s *widestSearch) set(k int, v rank) {
	if s.recording {
		s.undo = append(s.undo, undoEntry{int32(k), s.best[k]})
	}
	s.best[k] = v
}

// rollback restores every label changed since recording began.
func (s *widestSearch) rollback() {
	for i := len(s.undo) - 1; i >= 0; i-- {
		s.best[s.undo[i].k] = s.undo[i].old
	}
	s.undo = s.undo[:0]
	s.recording = false
}

// full labels every cell from the start cells, each labelled top, each
// cell settled once, widest first.
func (s *widestSearch) full(starts []int32, top rank) {
	g := s.g
	buckets := make([][]int32, top+1)
	for _, k := range starts {
		if g.free[k] {
			s.best[k] = top
			buckets[top] = append(buckets[top], k)
		}
	}
	if !s.reverse && s.skipRoom < 0 && s.skipFrom < 0 {
		s.fullPlain(top, buckets)
		return
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

// fullPlain is full for a forward search that spares no room, from the
// labels queued in buckets down from top: with no room to spare, a step
// costs the cell it lands on, read straight from g.cost.
func (s *widestSearch) fullPlain(top rank, buckets [][]int32) {
	g := s.g
	best, cost, links := s.best, g.cost, g.links
	nx := g.nx
	for r := top; r > g.rZero; r-- {
		// The cells at label r, as a stack: a cell labelled r while
		// they are settled joins it.
		b := buckets[r]
		buckets[r] = nil
		for len(b) > 0 {
			k := int(b[len(b)-1])
			b = b[:len(b)-1]
			if best[k] != r {
				continue // raised since it was queued
			}
			visit := func(n int) {
				bn := best[n]
				if bn >= r {
					return // no label through k can beat n's
				}
				v := min(r, cost[n]&^corrBit)
				if v <= bn {
					return
				}
				best[n] = v
				if v == r {
					b = append(b, int32(n))
				} else {
					buckets[v] = append(buckets[v], int32(n))
				}
			}
			l := links[k]
			if l&1 != 0 {
				visit(k + 1)
			}
			if l&2 != 0 {
				visit(k - 1)
			}
			if l&4 != 0 {
				visit(k + nx)
			}
			if l&8 != 0 {
				visit(k - nx)
			}
		}
	}
}

// intoRooms is, for each room, the width of the widest walk into it, read
// from a forward search that spares no room: the best, over the steps into
// the room from a cell outside it, of that cell's label and the step's
// cost with the room spared; the seed's own label when the seed lies in the
// room. One pass over the grid reads every room's steps in.
func (s *widestSearch) intoRooms(seed int) []float64 {
	g := s.g
	best := make([]rank, len(g.cells))
	for r := range best {
		best[r] = g.rZero
	}
	if seed >= 0 && g.room[seed] >= 0 {
		best[g.room[seed]] = s.best[seed]
	}
	labels, room, cost, links, free := s.best, g.room, g.cost, g.links, g.free
	nx := g.nx
	// step reads the step from k into c, with c's room spared (see
	// stepCost).
	step := func(k, c int) {
		r := room[c]
		if r < 0 || labels[k] <= best[r] {
			return
		}
		v, cc := labels[k], cost[c]
		switch {
		case cc&corrBit != 0:
			v = min(v, cc&^corrBit)
		case room[k] >= 0 && cost[k]&corrBit == 0:
			v = min(v, cc)
		}
		best[r] = max(best[r], v)
	}
	// Each pair of free neighbours in different rooms once, both ways:
	// the steps right and down from every free cell.
	for k, l := range links {
		if !free[k] {
			continue
		}
		if l&1 != 0 && room[k] != room[k+1] {
			step(k, k+1)
			step(k+1, k)
		}
		if l&4 != 0 && room[k] != room[k+nx] {
			step(k, k+nx)
			step(k+nx, k)
		}
	}
	widths := make([]float64, len(best))
	for r, b := range best {
		widths[r] = s.width(b)
	}
	return widths
}

// outOf is the width of the widest route out of room r, read from a
// reverse search from the floor of the room the route goes to (spared):
// the best, over the steps out of the room to a cell outside it, of the
// step's cost and that cell's label.
func (s *widestSearch) outOf(r int) float64 {
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
// label. It leaves every label it touched recorded for rollback. Each cell
// it settles is paid for from budget; ok is false when the budget ran out
// before the search arrived.
func (s *widestSearch) roomToRoom(from, to int, budget *int) (w float64, ok bool) {
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
				return s.width(r), true
			}
			if *budget--; *budget < 0 {
				return 0, false
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
	return s.width(g.rZero), true
}
