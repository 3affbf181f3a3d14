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
//     room spared (walkInto). The best over a room's boundary is the
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
	rankOfM := make([]rank, maxM+1, maxM+2)
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
	if n > 0 && clears[0] == noObstacle {
		// No halo anywhere: every cell is open (see clearance).
		for k := range cost {
			cost[k] = rOpen
		}
	} else {
		// A clearance is at most maxM+1 (see clearance); past the grid's
		// span it is wider than any connector all the same.
		rankOfM = append(rankOfM, rankOfM[maxM])
		for k, c := range clears {
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

// widestSearch holds the labels of one maximin search, packed with the
// cells' costs while walkInto runs (see unlabel); label reads them.
type widestSearch struct {
	g    *navGrid
	best []rank
	// want names the rooms walkInto may stop once settled (nil: none),
	// and waiting counts them by their width so far.
	want    []bool
	waiting []int32
	// below counts the rooms of want narrower than the level being
	// settled.
	below int
}

// newWidestSearch is a search of g for walkInto, which sets every label
// before it reads any.
func (g *navGrid) newWidestSearch() *widestSearch {
	return &widestSearch{g: g, best: g.mem.int32sFilled(len(g.free))}
}

// width is the clear width a label stands for.
func (s *widestSearch) width(r rank) float64 { return s.g.vals[r] }

// walkInto labels every cell from seed, labelled top, by a forward search
// that spares no room, and returns for each room the width of the widest
// walk into it: the best, over the steps into the room from a cell outside
// it, of that cell's label and the step's cost with the room spared; the
// seed's own label when the seed lies in the room.
//
// With no room to spare, a step costs the cell it lands on, read from
// g.cost into the labels' array before the search (see unlabel). Levels
// are settled from top down, and a cell is labelled when the search first
// reaches it, with the narrower of the level and its cost: a later step onto it comes from a level no higher, so no label is
// ever raised and every cell is queued once. The cells of lower levels
// wait in a list per level threaded through one per-cell array (next);
// the level being settled is a queue in order. The steps from a cell into
// other rooms are read when it is taken off, its label final.
//
// want, when not nil, names the rooms whose widths the caller reads: the
// search stops at the first level no wider than the width found into any
// of them, as no step from a lower level can widen one (the others' widths
// are then lower bounds only). nil reads every room: the search runs to
// the end.
func (s *widestSearch) walkInto(seed int, top rank, want []bool) []float64 {
	g := s.g
	into := make([]rank, len(g.cells))
	for r := range into {
		into[r] = g.rZero
	}
	s.below = s.track(want, into, top)
	best, links, room := s.best, g.links, g.room
	nx, rZero := g.nx, g.rZero
	s.unlabel()
	var order []int32
	if seed >= 0 && g.free[seed] {
		// head[r] is the first cell waiting at label r (-1: none).
		head := make([]int32, top+1)
		for r := range head {
			head[r] = -1
		}
		next := g.mem.int32sFilled(len(g.free))
		order = g.mem.int32sFilled(len(g.free))
		best[seed] = top
		head[top], next[seed] = int32(seed), -1
		tail := 0
		for r := top; r > g.rZero; r-- {
			if s.waiting != nil && s.settled(r) {
				break // every room wanted is as wide as it gets
			}
			h := tail
			for c := head[r]; c >= 0; c = next[c] {
				order[tail] = c
				tail++
			}
			for ; h < tail; h++ {
				k := int(order[h])
				visit := func(n int) {
					bn := best[n]
					if bn >= 0 {
						return // labelled, and no label through k can beat it
					}
					v := min(r, ^bn)
					if v <= rZero {
						return
					}
					best[n] = v
					if v == r {
						order[tail] = int32(n)
						tail++
					} else {
						next[n] = head[v]
						head[v] = int32(n)
					}
				}
				l := links[k]
				if l >= 16 {
					// A step into another room's floor.
					for d, st := range g.stride {
						if l&(16<<d) != 0 {
							s.stepInto(into, k, k+st, r)
						}
					}
				}
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
		order = order[:tail]
	}
	if seed >= 0 && room[seed] >= 0 {
		into[room[seed]] = max(into[room[seed]], s.label(seed))
	}
	widths := make([]float64, len(into))
	for r, b := range into {
		widths[r] = s.width(b)
	}
	return widths
}

// unlabel marks every cell unlabelled for walkInto, which keeps a cell's
// cost (its step cost with no room spared) and its label in one word, so
// that a step reads one per-cell array: an unlabelled cell holds the
// complement of its cost (negative), a labelled one its label. A cell is
// labelled at most once (see walkInto), and a step onto a labelled cell
// never beats its label.
func (s *widestSearch) unlabel() {
	cost := s.g.cost[:len(s.best)]
	for k, c := range cost {
		s.best[k] = ^(c &^ corrBit)
	}
}

// label is cell k's label after walkInto: the rank of 0 when it never
// labelled k.
func (s *widestSearch) label(k int) rank {
	if b := s.best[k]; b >= 0 {
		return b
	}
	return s.g.rZero
}

// stepInto counts the step from k, labelled r, onto n, a free cell of
// another room's floor, towards the widest walk into n's room (and the
// rooms walkInto waits for that it settles at once).
//
//go:noinline
func (s *widestSearch) stepInto(into []rank, k, n int, r rank) {
	rn := s.g.room[n]
	old := into[rn]
	v := max(old, min(r, s.g.stepCost(k, n, int(rn), -1)))
	if v == old {
		return
	}
	into[rn] = v
	if s.want == nil || !s.want[rn] {
		return
	}
	// A wanted room's width moves up to v, at most the level r being
	// settled: it is settled now when v is r, else once the search is
	// down to v.
	s.waiting[old]--
	s.waiting[v]++
	if v >= r {
		s.below--
	}
}

// settled reports, as walkInto comes down to level r, whether every room
// it waits for is as wide as r: those whose width is r are settled from
// here on.
func (s *widestSearch) settled(r rank) bool {
	s.below -= int(s.waiting[r])
	return s.below == 0
}

// track sets walkInto to wait for the rooms of want (nil: none) and
// returns how many there are: their widths so far (into) are all below
// top, the level the search starts at, and waiting counts them by width.
func (s *widestSearch) track(want []bool, into []rank, top rank) int {
	s.want, s.waiting = nil, nil
	if want == nil || top <= s.g.rZero {
		return 0
	}
	s.want = want
	s.waiting = make([]int32, top+1)
	n := 0
	for r, w := range want {
		if w && r < len(into) {
			n++
		}
	}
	s.waiting[s.g.rZero] = int32(n)
	return n
}
