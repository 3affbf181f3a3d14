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
	if g.corr[n] {
		return g.rWidth[n]
	}
	rk, rn := g.room[k], g.room[n]
	if rk != rn && rk >= 0 && rn >= 0 && !g.corr[k] {
		return g.rClear[n]
	}
	if r := int(rn); r == skipRoom || r == skipFrom {
		return g.rInf
	}
	return g.rClear[n]
}

// oddCells is the width of 2m-1 cells: a cell m steps from the nearest
// halo cell has m-1 free cells on each side of it before the halo.
func (g *navGrid) oddCells(m int32) float64 { return float64(2*m-1) * g.cell }

// costTables numbers every width a step on the grid can cost, together
// with the extra labels the searches start from, and fills the per-cell
// tables stepCost reads: which cells are corridors, each corridor's width,
// and each cell's clear width: its clearance (openClearance) read as a
// width, or no limit for the first cell past a doorway on its +x or +y
// side (the cell whose left or lower neighbour is a corridor cell).
func (g *navGrid) costTables(extra ...float64) {
	n := len(g.free)
	g.corr = g.mem.boolsFilled(n)
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
		v := g.oddCells(m)
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
	g.rWidth = g.mem.int32sFilled(n)
	g.rClear = g.mem.int32sFilled(n)
	rOpen := g.rankOf(float64(g.nx+g.ny) * g.cell)
	rWidth, rClear := g.rWidth[:n], g.rClear[:n]
	corrs, clears := g.corr[:n], g.openClearance()[:n]
	widths := g.width[:n]
	for k := range n {
		corr := !math.IsInf(widths[k], 1)
		corrs[k] = corr
		rWidth[k] = g.rInf
		if corr {
			rWidth[k] = g.rankOf(widths[k])
		}
		switch c := clears[k]; {
		case c == noObstacle:
			rClear[k] = rOpen
		case c > maxM:
			// A clearance measured round walls can exceed the grid's
			// span; it is wider than any connector all the same.
			rClear[k] = rankOfM[maxM]
		default:
			rClear[k] = rankOfM[c]
		}
	}
	links, nx := g.links[:n], g.nx
	for k := range n {
		if corrs[k] {
			continue
		}
		if l := links[k]; (l&2 != 0 && corrs[k-1]) || (l&8 != 0 && corrs[k-nx]) {
			rClear[k] = g.rInf
		}
	}
}

// openClearance is each cell's 4-connected step distance to the nearest
// obstacle halo cell (the cells g.clear marks 0) over the whole grid,
// walls and doorways alike: furniture beyond a wall narrows the floor on
// this side of it as much as furniture in the room. noObstacle where the
// plan has no halo cell at all. Two raster passes give the exact city-block
// distance, as nothing blocks a step.
func (g *navGrid) openClearance() []int32 {
	n := len(g.free)
	nx, ny := g.nx, g.ny
	dist := g.mem.int32sFilled(n)
	// far exceeds any distance on the grid.
	far := int32(nx + ny + 1)
	halo := false
	for k, c := range g.clear[:n] {
		if c == 0 {
			dist[k] = 0
			halo = true
		} else {
			dist[k] = far
		}
	}
	if !halo {
		for k := range dist {
			dist[k] = noObstacle
		}
		return dist
	}
	// Forward: each row takes the row before it, then sweeps left to
	// right; backward: the row after it, then right to left. Each pass is
	// the raster-order recurrence, split so the inner loops carry no
	// bounds checks.
	for j := 0; j < ny; j++ {
		row := dist[j*nx : j*nx+nx]
		if j > 0 {
			prev := dist[(j-1)*nx : j*nx]
			prev = prev[:len(row)]
			for i, u := range prev {
				if u+1 < row[i] {
					row[i] = u + 1
				}
			}
		}
		for i := 1; i < len(row); i++ {
			if v := row[i-1] + 1; v < row[i] {
				row[i] = v
			}
		}
	}
	for j := ny - 1; j >= 0; j-- {
		row := dist[j*nx : j*nx+nx]
		if j+1 < ny {
			next := dist[(j+1)*nx : (j+2)*nx]
			next = next[:len(row)]
			for i, u := range next {
				if u+1 < row[i] {
					row[i] = u + 1
				}
			}
		}
		for i := len(row) - 2; i >= 0; i-- {
			if v := row[i+1] + 1; v < row[i] {
				row[i] = v
			}
		}
	}
	return dist
}

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
	heap      maxHeap
	// goal is the cell a bounded search heads for: among equal labels the
	// cell nearest it is taken first, which changes no answer but how much
	// of the grid is visited before it stops.
	goal int
	// goalI and goalJ are the goal's column and row.
	goalI, goalJ int
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
	s.heap = s.heap[:0]
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

// into is, per room (by index, of rooms), the width (as a rank) of the
// widest walk into it, read from a forward search from seed that spares no
// room: the best, over the steps into the room from a cell outside it, of
// that cell's label and the step's cost with the room spared; the seed's
// own label for the room it lies in. One pass over the grid's neighbouring
// pairs of free cells answers every room.
func (s *widestSearch) into(rooms, seed int) []rank {
	g := s.g
	out := make([]rank, rooms)
	for i := range out {
		out[i] = g.rZero
	}
	// enter offers the step from k into n, a cell of another room.
	enter := func(k, n int) {
		r := g.room[n]
		if r < 0 || int(r) >= rooms || s.best[k] <= out[r] {
			return
		}
		out[r] = max(out[r], min(s.best[k], g.stepCost(k, n, int(r), -1)))
	}
	nx := g.nx
	for k, l := range g.links[:len(g.free)] {
		if l&(1|4) == 0 || !g.free[k] {
			continue
		}
		rk := g.room[k]
		if n := k + 1; l&1 != 0 && g.room[n] != rk {
			enter(k, n)
			enter(n, k)
		}
		if n := k + nx; l&4 != 0 && g.room[n] != rk {
			enter(k, n)
			enter(n, k)
		}
	}
	if seed >= 0 {
		if r := g.room[seed]; r >= 0 && int(r) < rooms {
			out[r] = max(out[r], s.best[seed])
		}
	}
	return out
}

// outOf is the width of the widest route out of room r, read from a
// reverse search from the floor of the room the route goes to (spared):
// the best, over the steps out of the room to a cell outside it, of the
// step's cost and that cell's label.
func (s *widestSearch) outOf(r int) float64 {
	g := s.g
	best := g.rZero
	for _, c32 := range g.cells[r] {
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

// offer raises n's label to v if that is an improvement, and queues it.
func (s *widestSearch) offer(n int, v rank) {
	if v > s.best[n] {
		s.set(n, v)
		s.heap.push(heapItem{v, int32(n), s.stepsToGoal(n)})
	}
}

// setGoal makes t the cell the search heads for.
func (s *widestSearch) setGoal(t int) {
	s.goal = t
	s.goalJ = t / s.g.nx
	s.goalI = t - s.goalJ*s.g.nx
}

// stepsToGoal is the grid (city-block) distance from cell a to the goal.
func (s *widestSearch) stepsToGoal(a int) int32 {
	j := a / s.g.nx
	di, dj := a-j*s.g.nx-s.goalI, j-s.goalJ
	if di < 0 {
		di = -di
	}
	if dj < 0 {
		dj = -dj
	}
	return int32(di + dj)
}

// roomToRoom is a forward search from every cell of room from (sparing it
// and room to) that stops at the first cell of room to it takes, and
// returns the width of that cell's label: the widest route from anywhere
// in the one room into the other. goal is a cell of room to, to head for.
// It leaves every label it touched recorded for rollback.
func (s *widestSearch) roomToRoom(from, to, goal int) float64 {
	g := s.g
	s.recording = true
	s.skipRoom, s.skipFrom = to, from
	s.setGoal(goal)
	for _, c := range g.cells[from] {
		if g.free[c] {
			s.offer(int(c), g.rInf)
		}
	}
	for len(s.heap) > 0 {
		top := s.heap.pop()
		k := int(top.k)
		if top.v < s.best[k] {
			continue
		}
		if int(g.room[k]) == to {
			return s.width(top.v)
		}
		l := g.links[k]
		for d, st := range g.stride {
			if l&(1<<d) == 0 {
				continue
			}
			n := k + st
			if s.best[n] >= top.v {
				continue
			}
			s.offer(n, min(top.v, g.stepCost(k, n, to, from)))
		}
	}
	return s.width(g.rZero)
}

// heapItem is a cell waiting in a maximin search with its label and its
// distance to the search's goal.
type heapItem struct {
	v    rank
	k    int32
	goal int32
}

// heapEntry is a heapItem as the heap orders it: key puts the wider label
// first, then the cell nearer the goal, so one comparison orders two
// entries.
type heapEntry struct {
	key  uint64
	k    int32
	goal int32
}

func entryOf(it heapItem) heapEntry {
	return heapEntry{key: uint64(uint32(math.MaxInt32-it.v))<<32 | uint64(uint32(it.goal)), k: it.k, goal: it.goal}
}

func (e heapEntry) item() heapItem {
	return heapItem{v: rank(math.MaxInt32 - int64(e.key>>32)), k: e.k, goal: e.goal}
}

// maxHeap is a 4-ary heap of cells, widest label first (then nearest the
// goal).
type maxHeap []heapEntry

func (h *maxHeap) push(it heapItem) {
	e := entryOf(it)
	*h = append(*h, e)
	a := *h
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 4
		if a[p].key <= e.key {
			break
		}
		a[i] = a[p]
		i = p
	}
	a[i] = e
}

func (h *maxHeap) pop() heapItem {
	a := *h
	top := a[0]
	last := len(a) - 1
	e := a[last]
	a = a[:last]
	n := len(a)
	i := 0
	for {
		c := 4*i + 1
		if c >= n {
			break
		}
		m := c
		for j := c + 1; j < c+4 && j < n; j++ {
			if a[j].key < a[m].key {
				m = j
			}
		}
		if a[m].key >= e.key {
			break
		}
		a[i] = a[m]
		i = m
	}
	if n > 0 {
		a[i] = e
	}
	*h = a
	return top.item()
}
