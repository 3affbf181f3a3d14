package analysis

import (
	"math"
	"slices"
)

// The circulation walk reads, for each room and each functional route, the
// widest path's narrowest clear width: the largest, over all paths, of the
// smallest step cost on the path (a maximin, or bottleneck, path). A step's
// cost depends on the two rooms a query names (the room a route sets out
// from and the room it ends in are not squeezed), so every query has its
// own costs. Searching the whole grid once per query costs rooms × cells;
// instead one search per distinct cost function covers the grid, and each
// query only corrects the labels its own rooms change, then undoes the
// corrections. The answers are exactly those of one full search per query:
// the corrections start from values every path still achieves and run to
// the same fixpoint at the cell that is read.
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
// neighbour n along direction d, for a walk that sets out from room
// skipFrom and ends in room skipRoom (-1: none). It never exceeds the
// corridor width of n.
//
// A cell's clear width is its clearance read as a width (see oddCells):
// a walk is squeezed by the furniture near the cells it steps on, not by
// walls. Corridor cells carry their connector's width; the cell a walk
// steps into a corridor from is squeezed by its own clearance (unless it
// lies in the room a route sets out from), while the first cell past a
// doorway is not squeezed at all. Cells in the rooms a walk starts and
// ends in are not squeezed, except where it steps over an open boundary
// between two rooms (no connector).
func (g *navGrid) stepCost(k, n, d, skipRoom, skipFrom int) rank {
	ik, in := g.into[k], g.into[n]
	if in&corrBit != 0 {
		v := in &^ corrBit
		if ik&corrBit == 0 && int(g.room[k]) != skipFrom {
			v = min(v, ik)
		}
		return v
	}
	if ik&corrBit != 0 {
		return g.rInf
	}
	rk, rn := g.room[k], g.room[n]
	if rk != rn && rk >= 0 && rn >= 0 {
		return in
	}
	if r := int(rn); r != skipRoom && r != skipFrom {
		return in
	}
	return g.rInf
}

// oddCells is the width of 2m-1 cells: a cell m steps from the nearest
// halo cell has m-1 free cells on each side of it before the halo.
func (g *navGrid) oddCells(m int32) float64 { return float64(2*m-1) * g.cell }

// costTables numbers every width a step on the grid can cost, together
// with the extra labels the searches start from, and fills g.into, the
// per-cell table stepCost reads: a corridor cell's width, flagged, or a
// floor cell's clear width.
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
	g.into = g.mem.int32sFilled(n)
	rOpen := g.rankOf(float64(g.nx+g.ny) * g.cell)
	into, clears := g.into[:n], g.clear[:n]
	for k := range n {
		switch c := clears[k]; {
		case c == noObstacle:
			into[k] = rOpen
		case c > maxM:
			// A clearance measured round walls can exceed the grid's
			// span; it is wider than any connector all the same.
			into[k] = rankOfM[maxM]
		default:
			into[k] = rankOfM[c]
		}
	}
	for k, w := range g.corridor {
		into[k] = g.rankOf(w) | corrBit
	}
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
// space of its corrections. Labels are the rank of 0 where nothing
// reaches.
type widestSearch struct {
	g *navGrid
	// reverse labels each cell with the widest path from it to the target
	// instead of from the seed to it.
	reverse            bool
	skipRoom, skipFrom int
	best               []rank
	// undo records every label a correction changed, with its old value.
	undo      []undoEntry
	recording bool
	heap      maxHeap
	// goal is the cell a correction or a point-to-point search reads:
	// among equal labels the cell nearest it is taken first, which changes
	// no answer but how much of the grid is visited before it is final.
	goal int
	// goalI and goalJ are the goal's column and row.
	goalI, goalJ int
	// raisable, when set (see listRaisable), lists per room the only cells
	// whose labels a correction that spares that room can raise directly;
	// found holds them as the full search met them.
	raisable [][]int32
	found    []int32
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

// candidate is the label k's neighbour n (one step d from k) would get
// through k: forward the step k → n, reverse the step n → k.
func (s *widestSearch) candidate(k, n, d int) rank {
	var c rank
	if s.reverse {
		c = s.g.stepCost(n, k, d^1, s.skipRoom, s.skipFrom)
	} else {
		c = s.g.stepCost(k, n, d, s.skipRoom, s.skipFrom)
	}
	return min(s.best[k], c)
}

// full labels every cell from one start cell with the given label, each
// cell settled once, widest first.
func (s *widestSearch) full(start int, label float64) {
	g := s.g
	top := g.rankOf(label)
	buckets := make([][]int32, top+1)
	s.best[start] = top
	buckets[top] = append(buckets[top], int32(start))
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
					c = g.stepCost(n, k, d^1, s.skipRoom, s.skipFrom)
				} else {
					c = g.stepCost(k, n, d, s.skipRoom, s.skipFrom)
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
// labels queued in buckets down from top. Its costs are stepCost's with no
// room to spare, read from g.into: a step into a floor cell costs that
// cell's clear width (nothing when it comes out of a corridor), a step
// into a corridor cell the corridor's width (and the clear width of the
// floor cell it comes from).
//
// It also fills s.found with the cells listRaisable groups: each floor
// cell with a floor neighbour in its room labelled wider. That neighbour
// was settled before the cell, so when the cell is settled both labels
// are final.
func (s *widestSearch) fullPlain(top rank, buckets [][]int32) {
	g := s.g
	best, into, links, room := s.best, g.into, g.links, g.room
	nx := g.nx
	found := g.mem.int32sFilled(len(best))[:0]
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
			ik, rk := into[k], room[k]
			kCorr := ik&corrBit != 0
			// What k passes on to a corridor cell, before the corridor's
			// width.
			toCorr := r
			if !kCorr {
				toCorr = min(r, ik)
			}
			raisable := false
			visit := func(n int) {
				in, bn := into[n], best[n]
				if bn >= r {
					// No label through k can beat n's; but n's may raise
					// k's when k's room is spared.
					raisable = raisable || (bn > r && !kCorr && in&corrBit == 0 && room[n] == rk)
					return
				}
				v := r
				switch {
				case in&corrBit != 0:
					v = min(toCorr, in&^corrBit)
				case !kCorr:
					v = min(r, in)
				}
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
			if raisable {
				found = append(found, int32(k))
			}
		}
	}
	s.found = found
}

// corrBit flags a corridor cell in g.into. Ranks stay far below it: a
// grid has at most MaxGridCells cells, so its rows and columns number a
// few million at most, and the other widths are one per connector.
const corrBit = 1 << 30

// offer raises n's label to v if that is an improvement, and queues it.
func (s *widestSearch) offer(n int, v rank) {
	if v > s.best[n] {
		s.set(n, v)
		s.heap.push(heapItem{v, int32(n), s.stepsToGoal(n)})
	}
}

// setGoal makes t the cell the search reads.
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

// settle propagates the queued corrections, widest first, until none can
// raise the label of cell t any further.
func (s *widestSearch) settle(t int) {
	g := s.g
	for len(s.heap) > 0 {
		top := s.heap.peek()
		if top.v <= s.best[t] {
			return
		}
		s.heap.pop()
		k := int(top.k)
		if top.v < s.best[k] {
			continue // a stale entry
		}
		for d := range dirs {
			n := g.freeNeighbour(k, d)
			if n < 0 || s.best[n] >= s.best[k] {
				continue
			}
			s.offer(n, s.candidate(k, n, d))
		}
	}
}

// correct re-labels around the cells of room r after the query's skip
// rooms changed the costs of the steps into and out of them, and returns
// the width t's label stands for once no correction can raise it. Only the
// steps into the room can have changed when the search is forward and the
// query spares only the room it ends in (into).
func (s *widestSearch) correct(r, t int, into bool) float64 {
	g := s.g
	s.recording = true
	s.setGoal(t)
	var cells []int32
	if into && s.raisable != nil {
		cells = s.raisable[r]
	} else {
		cells = g.roomCells(r)
	}
	for _, c32 := range cells {
		c := int(c32)
		if !g.free[c] {
			continue
		}
		for d := range dirs {
			n := g.freeNeighbour(c, d)
			if n < 0 {
				continue
			}
			// The label of c through n; and, unless only the steps into
			// the room changed, the label of n through c. A label can
			// only be raised through a wider one.
			if s.best[n] > s.best[c] {
				s.offer(c, s.candidate(n, c, d^1))
			}
			if !into && s.best[c] > s.best[n] {
				s.offer(n, s.candidate(c, n, d))
			}
		}
	}
	s.settle(t)
	return s.width(s.best[t])
}

// listRaisable fills s.raisable after a full forward search that spared
// no room. Sparing room r makes free only the steps between two floor
// cells of r (see stepCost), so the labels a correction for r can raise
// directly are those of r's floor cells with a floor neighbour in r
// labelled wider; every other label it raises, it raises through them.
// The search found them as it settled them (see stepPlain); here they are
// grouped by room, so each room's correction starts from its own few
// cells instead of scanning all of them.
func (s *widestSearch) listRaisable() {
	g := s.g
	count := make([]int, len(g.cells))
	for _, k := range s.found {
		count[g.room[k]]++
	}
	byRoom := g.mem.int32sFilled(len(s.found))
	s.raisable = make([][]int32, len(g.cells))
	at := 0
	for r, c := range count {
		s.raisable[r] = byRoom[at : at : at+c]
		at += c
	}
	for _, k := range s.found {
		r := g.room[k]
		s.raisable[r] = append(s.raisable[r], k)
	}
}

// pointToPoint is a forward search from seed that stops as soon as the
// label of t is final, and returns the width it stands for; it leaves
// every label it touched recorded for rollback.
func (s *widestSearch) pointToPoint(seed int, label float64, t int) float64 {
	s.recording = true
	s.setGoal(t)
	r := s.g.rankOf(label)
	s.set(seed, r)
	s.heap.push(heapItem{r, int32(seed), 0})
	g := s.g
	for len(s.heap) > 0 {
		top := s.heap.pop()
		k := int(top.k)
		if top.v < s.best[k] {
			continue
		}
		if k == t {
			break
		}
		for d := range dirs {
			n := g.freeNeighbour(k, d)
			if n < 0 || s.best[n] >= s.best[k] {
				continue
			}
			s.offer(n, s.candidate(k, n, d))
		}
	}
	return s.width(s.best[t])
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

// peek is the first cell, without taking it.
func (h maxHeap) peek() heapItem { return h[0].item() }

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
