package analysis

import "math"

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

// dirs are the four grid steps: right, left, down, up.
var dirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// neighbour returns the cell one step d from k, or -1 off the grid.
func (g *navGrid) neighbour(k, d int) int {
	i, j := k%g.nx+dirs[d][0], k/g.nx+dirs[d][1]
	if i < 0 || j < 0 || i >= g.nx || j >= g.ny {
		return -1
	}
	return j*g.nx + i
}

// stepCost is the clear width of the step from k to its neighbour n along
// direction d, for a walk that sets out from room skipFrom and ends in room
// skipRoom (-1: none). It never exceeds the corridor width of n.
func (g *navGrid) stepCost(k, n, d, skipRoom, skipFrom int) float64 {
	if g.corr[n] {
		v := g.width[n]
		if !g.corr[k] && !g.moved[n] && int(g.room[k]) != skipFrom {
			// Stepping into a connector's corridor: the open cell it is
			// approached from is squeezed by the furniture near it (not
			// in the room a route sets out from).
			v = min(v, g.cross[k])
		}
		return v
	}
	v := math.Inf(1)
	rk, rn := g.room[k], g.room[n]
	if !g.corr[k] && rk != rn && rk >= 0 && rn >= 0 {
		// An open boundary between two rooms (no connector).
		v = g.cross[n]
	}
	if r := int(rn); r != skipRoom && r != skipFrom {
		// The squeeze across the direction of the step.
		v = min(v, g.squeeze[d>>1][n])
	}
	return v
}

// costTables fills the per-cell tables stepCost reads: which cells are
// corridors, the clear width of stepping over each open cell's boundary,
// and the squeeze across a horizontal and a vertical step into each cell.
func (g *navGrid) costTables() {
	n := len(g.free)
	g.corr = make([]bool, n)
	g.cross = make([]float64, n)
	g.squeeze[0] = make([]float64, n)
	g.squeeze[1] = make([]float64, n)
	for k := range n {
		g.corr[k] = !math.IsInf(g.width[k], 1)
		g.cross[k] = g.crossWidth(k)
		g.squeeze[0][k] = float64(2*g.vrun[k]-1) * g.cell
		g.squeeze[1][k] = float64(2*g.hrun[k]-1) * g.cell
	}
}

// widestSearch holds the labels of one maximin search and the scratch
// space of its corrections. Labels are 0 where nothing reaches.
type widestSearch struct {
	g *navGrid
	// reverse labels each cell with the widest path from it to the target
	// instead of from the seed to it.
	reverse            bool
	skipRoom, skipFrom int
	best               []float64
	// undo records every label a correction changed, with its old value.
	undo      []undoEntry
	recording bool
	queue     []int32
	queued    []bool
	heap      maxHeap
	// goal is the cell a correction or a point-to-point search reads:
	// among equal labels the cell nearest it is taken first, which changes
	// no answer but how much of the grid is visited before it is final.
	goal int
}

type undoEntry struct {
	k   int32
	old float64
}

func (g *navGrid) newWidestSearch(reverse bool, skipRoom, skipFrom int) *widestSearch {
	return &widestSearch{g: g, reverse: reverse, skipRoom: skipRoom, skipFrom: skipFrom,
		best: make([]float64, len(g.free)), queued: make([]bool, len(g.free))}
}

func (s *widestSearch) set(k int, v float64) {
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

// cost is the step cost between a cell k and its neighbour n in direction
// d, oriented as the search runs: forward from k to n, reverse from n to
// k (d is then the direction from k to n, and the step is n → k).
func (s *widestSearch) edge(k, n, d int) (from, to, dir int) {
	if s.reverse {
		return n, k, d ^ 1
	}
	return k, n, d
}

// candidate is the label k's neighbour n would get through k.
func (s *widestSearch) candidate(k, n, d int) float64 {
	from, to, dir := s.edge(k, n, d)
	return min(s.best[k], s.g.stepCost(from, to, dir, s.skipRoom, s.skipFrom))
}

// run relaxes from the queued cells to the fixpoint (first in, first out).
func (s *widestSearch) run() {
	g := s.g
	nx, ny := g.nx, g.ny
	step := [4]int{1, -1, nx, -nx}
	for h := 0; h < len(s.queue); h++ {
		k := int(s.queue[h])
		s.queued[k] = false
		i, j := k%nx, k/nx
		for d := range step {
			switch d {
			case 0:
				if i+1 >= nx {
					continue
				}
			case 1:
				if i == 0 {
					continue
				}
			case 2:
				if j+1 >= ny {
					continue
				}
			default:
				if j == 0 {
					continue
				}
			}
			n := k + step[d]
			if !g.free[n] {
				continue
			}
			var c float64
			if s.reverse {
				c = g.stepCost(n, k, d^1, s.skipRoom, s.skipFrom)
			} else {
				c = g.stepCost(k, n, d, s.skipRoom, s.skipFrom)
			}
			if v := min(s.best[k], c); v > s.best[n] {
				s.best[n] = v
				if !s.queued[n] {
					s.queued[n] = true
					s.queue = append(s.queue, int32(n))
				}
			}
		}
		if h > 4096 && h*2 > len(s.queue) {
			// Drop the consumed half of the queue.
			s.queue = s.queue[:copy(s.queue, s.queue[h+1:])]
			h = -1
		}
	}
	s.queue = s.queue[:0]
}

// full labels every cell from one start cell with the given label.
func (s *widestSearch) full(start int, label float64) {
	s.best[start] = label
	s.queued[start] = true
	s.queue = append(s.queue[:0], int32(start))
	s.run()
}

// offer raises n's label to v if that is an improvement, and queues it.
func (s *widestSearch) offer(n int, v float64) {
	if v > s.best[n] {
		s.set(n, v)
		s.heap.push(heapItem{v, int32(n), s.g.stepsBetween(n, s.goal)})
	}
}

// stepsBetween is the grid (city-block) distance between two cells.
func (g *navGrid) stepsBetween(a, b int) int32 {
	di, dj := a%g.nx-b%g.nx, a/g.nx-b/g.nx
	if di < 0 {
		di = -di
	}
	if dj < 0 {
		dj = -dj
	}
	return int32(di + dj)
}

// settle propagates the queued corrections, widest first, until none can
// raise the label of cell t any further (t < 0: to the fixpoint).
func (s *widestSearch) settle(t int) {
	g := s.g
	for len(s.heap) > 0 {
		top := s.heap[0]
		if t >= 0 && top.v <= s.best[t] {
			return
		}
		s.heap.pop()
		k := int(top.k)
		if top.v < s.best[k] {
			continue // a stale entry
		}
		for d := range dirs {
			n := g.neighbour(k, d)
			if n < 0 || !g.free[n] {
				continue
			}
			s.offer(n, s.candidate(k, n, d))
		}
	}
}

// correct re-labels around the cells of room r after the query's skip
// rooms changed the costs of the steps into and out of them, and returns
// the label of t once no correction can raise it.
func (s *widestSearch) correct(r, t int) float64 {
	g := s.g
	s.recording = true
	s.goal = t
	for _, c32 := range g.cells[r] {
		c := int(c32)
		if !g.free[c] {
			continue
		}
		for d := range dirs {
			n := g.neighbour(c, d)
			if n < 0 || !g.free[n] {
				continue
			}
			// Both orientations of every step touching the room: from the
			// neighbour into the room and from the room out.
			s.offer(c, s.candidate(n, c, d^1))
			s.offer(n, s.candidate(c, n, d))
		}
	}
	s.settle(t)
	return s.best[t]
}

// pointToPoint is a forward search from seed that stops as soon as the
// label of t is final; it leaves every label it touched recorded for
// rollback.
func (s *widestSearch) pointToPoint(seed int, label float64, t int) float64 {
	s.recording = true
	s.goal = t
	s.set(seed, label)
	s.heap.push(heapItem{label, int32(seed), 0})
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
			n := g.neighbour(k, d)
			if n < 0 || !g.free[n] {
				continue
			}
			s.offer(n, s.candidate(k, n, d))
		}
	}
	return s.best[t]
}

// heapItem is a cell waiting in a maximin search with its label and its
// distance to the search's goal.
type heapItem struct {
	v    float64
	k    int32
	goal int32
}

// before orders the heap: the wider label first, then the cell nearer the
// goal.
func (a heapItem) before(b heapItem) bool {
	return a.v > b.v || (a.v == b.v && a.goal < b.goal)
}

// maxHeap is a binary heap of cells, widest label first.
type maxHeap []heapItem

func (h *maxHeap) push(it heapItem) {
	*h = append(*h, it)
	a := *h
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !a[i].before(a[p]) {
			break
		}
		a[p], a[i] = a[i], a[p]
		i = p
	}
}

func (h *maxHeap) pop() heapItem {
	a := *h
	top := a[0]
	last := len(a) - 1
	a[0] = a[last]
	a = a[:last]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(a) && a[l].before(a[m]) {
			m = l
		}
		if r < len(a) && a[r].before(a[m]) {
			m = r
		}
		if m == i {
			break
		}
		a[m], a[i] = a[i], a[m]
		i = m
	}
	*h = a
	return top
}
