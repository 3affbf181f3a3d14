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
// steps into it:
//
//   - the walks from the entrance take one forward search that spares no
//     room; a room's width is then the best, over the steps into it from
//     outside, of the label before the step and the step's cost with the
//     room spared (intoRooms). The best over a room's boundary is the
//     answer of a search that spares the room: a path from the spared
//     search enters the room for the first time at one of those steps, and
//     the rest of it squeezes the same either way.
//   - the routes between rooms are all answered by one pass that joins the
//     cells into sets from the widest down (routesets.go).
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

// widestSearch holds the labels of one maximin search. Labels are the
// rank of 0 where nothing reaches.
type widestSearch struct {
	g    *navGrid
	best []rank
}

// newWidestSearch is a search of g with every cell unreached.
func (g *navGrid) newWidestSearch() *widestSearch {
	s := &widestSearch{g: g, best: g.mem.int32s(len(g.free))}
	if g.rZero != 0 {
		for k := range s.best {
			s.best[k] = g.rZero
		}
	}
	return s
}

// width is the clear width a label stands for.
func (s *widestSearch) width(r rank) float64 { return s.g.vals[r] }

// full labels every cell from the start cells, each labelled top, by a
// forward search that spares no room (fullPlain).
func (s *widestSearch) full(starts []int32, top rank) {
	g := s.g
	buckets := make([][]int32, top+1)
	for _, k := range starts {
		if g.free[k] {
			s.best[k] = top
			buckets[top] = append(buckets[top], k)
		}
	}
	s.fullPlain(top, buckets)
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
	labels, room, links, free := s.best, g.room, g.links, g.free
	nx := g.nx
	// step reads the step from k into c, with c's room spared.
	step := func(k, c int) {
		r := room[c]
		if r < 0 || labels[k] <= best[r] {
			return
		}
		best[r] = max(best[r], min(labels[k], g.stepCost(k, c, int(r), -1)))
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
