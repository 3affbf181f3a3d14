package analysis

import (
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// WalkPath is one circulation walk laid out on the plan, for drawing: the
// corners of a shortest grid path (cell centres, start first; a single
// point when the walk starts where it ends) and, for a walk from the
// entrance, the cell where it is narrowest.
type WalkPath struct {
	// From and To are the rooms a key route joins; To alone names the
	// room an entrance walk reaches.
	From, To string
	Points   []geom.Point
	// Pinch is where the walk is narrowest (on the widest path the
	// reference's search takes, which need not be the drawn one), and
	// Width that width in mm (describe's bottleneck clear width);
	// HasPinch is false for key routes, which carry no marker.
	Pinch    geom.Point
	Width    float64
	HasPinch bool
}

// WalkPaths is the circulation of one storey laid out as paths: the walk
// from the entrance to each reachable room (in room order), then the key
// functional routes, in describe's order.
type WalkPaths struct {
	Walks  []WalkPath
	Routes []WalkPath
}

// Paths lays out the walks describe's circulation measures for p (nil
// when p has no modelled entrance or no nav grid). Each path is the
// shortest 4-connected path over the nav grid, chosen among equal ones by
// stepping from the start in the order right, left, up, down whenever the
// step brings it closer to its end; a walk's pinch is found by
// widestPinch.
func Paths(p *ir.Plan) *WalkPaths {
	m := NewModel(p)
	edges := m.Edges()
	ent := firstEntrance(edges)
	if ent == nil {
		return nil
	}
	g := m.buildGrid()
	if g == nil {
		return nil
	}
	defer g.release()
	g.costTables(ent.EstimatedClearWidth)
	out := &WalkPaths{}
	seed := m.entranceSeed(g, ent)
	if seed < 0 {
		return out
	}
	targets := m.roomTargets(g)
	from := g.stepsTo(seed, targets)
	buf := &pathBuf{dist: make([]int32, len(g.free)), queue: make([]int32, 0, 64)}
	ps := newPinchSearch(len(g.free))
	start := g.rankOf(min(ent.EstimatedClearWidth, g.widthAt(seed)))
	// Every path and every pinch is a search over the grid: the budget
	// keeps a plan of hundreds of rooms from costing one per room.
	budget := MaxPathCells
	afford := func(searches int) bool {
		if budget < searches*len(g.free) {
			return false
		}
		budget -= searches * len(g.free)
		return true
	}
	for i := range p.Rooms {
		t := targets[i]
		if from[i] < 0 {
			continue
		}
		if !afford(2) {
			break
		}
		cells := g.shortestPath(seed, t, buf)
		wp := WalkPath{To: p.Rooms[i].ID, Points: g.corners(cells), HasPinch: true}
		at, w := g.widestPinch(ps, seed, start, i)
		wp.Pinch, wp.Width = g.centre(at), g.vals[w]
		out.Walks = append(out.Walks, wp)
	}
	index := map[string]int{}
	for i := len(p.Rooms) - 1; i >= 0; i-- {
		index[p.Rooms[i].ID] = i
	}
	for _, r := range m.routes(g, targets) {
		a, b := targets[index[r.FromRoomID]], targets[index[r.ToRoomID]]
		if a < 0 || b < 0 {
			continue
		}
		if !afford(1) {
			break
		}
		cells := g.shortestPath(a, b, buf)
		if cells == nil {
			continue
		}
		out.Routes = append(out.Routes, WalkPath{From: r.FromRoomID, To: r.ToRoomID, Points: g.corners(cells)})
	}
	return out
}

// MaxPathCells bounds the grid cells Paths may search for one plan: forty
// searches of a grid at the cell budget, enough for every walk and route
// of a plan of twenty rooms (the largest examples have fourteen). A path
// and a pinch each search the grid, so on a plan of hundreds of rooms the
// walks and routes past the budget are left out rather than drawn at a
// cost that grows with the square of the plan.
const MaxPathCells = 40 * CellBudget

// pathOrder is the order a path tries its turns in (indexes into dirs):
// right, left, up, down.
var pathOrder = [4]int{0, 1, 3, 2}

// pathBuf is the scratch space of shortestPath, reused path after path.
type pathBuf struct {
	dist, queue []int32
}

// shortestPath is a shortest path of cells from a to b (nil when b is out
// of reach): from a, each step takes the first direction in dirs order
// that lands one step nearer b. The search from b stops once a is reached.
func (g *navGrid) shortestPath(a, b int, buf *pathBuf) []int {
	dist := buf.dist
	for k := range dist {
		dist[k] = -1
	}
	dist[b] = 0
	q := append(buf.queue[:0], int32(b))
	for h := 0; h < len(q) && dist[a] < 0; h++ {
		k := int(q[h])
		l := g.links[k]
		for d, st := range g.stride {
			if l&(1<<d) != 0 {
				if n := k + st; dist[n] < 0 {
					dist[n] = dist[k] + 1
					q = append(q, int32(n))
				}
			}
		}
	}
	buf.queue = q
	if dist[a] < 0 {
		return nil
	}
	cells := make([]int, 0, dist[a]+1)
	k := a
	cells = append(cells, k)
	for dist[k] > 0 {
		next := -1
		for _, d := range pathOrder {
			if n := g.freeNeighbour(k, d); n >= 0 && dist[n] == dist[k]-1 {
				next = n
				break
			}
		}
		if next < 0 {
			break
		}
		k = next
		cells = append(cells, k)
	}
	return cells
}

// pinchCell is the cell a walk is marked at when its step from k to n is
// its narrowest: n, whose width sets the step's cost, except that a step
// into a corridor is marked on whichever of the two cells comes later in
// raster order (the reference's marker sits on the corridor's first cell
// when the walk heads right or down, and on the cell before it when the
// walk heads left or up).
func (g *navGrid) pinchCell(k, n int) int {
	if g.cost[n]&corrBit == 0 {
		return n
	}
	return max(k, n)
}

// corners reduces a path of cells to the centres of its first cell, every
// cell where it turns, and its last cell.
func (g *navGrid) corners(cells []int) []geom.Point {
	if len(cells) == 0 {
		return nil
	}
	pts := []geom.Point{g.centre(cells[0])}
	for s := 1; s < len(cells)-1; s++ {
		if cells[s]-cells[s-1] != cells[s+1]-cells[s] {
			pts = append(pts, g.centre(cells[s]))
		}
	}
	if len(cells) > 1 {
		pts = append(pts, g.centre(cells[len(cells)-1]))
	}
	return pts
}

// pinchSearch is the scratch space of widestPinch, reused walk after walk.
type pinchSearch struct {
	best []rank
	loc  []int32
	done []bool
	heap []pinchItem
}

type pinchItem struct {
	v rank
	k int32
}

func newPinchSearch(n int) *pinchSearch {
	return &pinchSearch{best: make([]rank, n), loc: make([]int32, n), done: make([]bool, n)}
}

// widestPinch finds where the walk from seed (labelled start) into room r
// is narrowest, the way the reference marks it: a maximin search over the
// walk's step costs from a binary max-heap keyed on the label alone
// (neighbours offered right, left, up, down), stopping when the first cell
// of the room is taken (the walk has arrived). Each cell carries the cell
// its label was last lowered at (see pinchCell), inherited along steps
// that do not lower it; the arrival cell's is the marker, its label the
// width. Among widest paths the one this search
// happens to take decides which of several equally narrow spots is
// marked, which is why the heap's exact discipline matters.
func (g *navGrid) widestPinch(ps *pinchSearch, seed int, start rank, r int) (int, rank) {
	best, loc, done := ps.best, ps.loc, ps.done
	for k := range best {
		best[k] = -1
	}
	clear(done)
	best[seed], loc[seed] = start, int32(seed)
	h := heapPush(ps.heap[:0], pinchItem{start, int32(seed)})
	end := -1
	for len(h) > 0 {
		var it pinchItem
		it, h = heapPop(h)
		k := int(it.k)
		if done[k] || it.v != best[k] {
			continue
		}
		done[k] = true
		if int(g.room[k]) == r {
			end = k
			break
		}
		l := g.links[k]
		for _, d := range pathOrder {
			if l&(1<<d) == 0 {
				continue
			}
			m := k + g.stride[d]
			if done[m] {
				continue
			}
			c := g.stepCost(k, m, r, -1)
			if w := min(it.v, c); w > best[m] {
				best[m] = w
				if c < it.v {
					loc[m] = int32(g.pinchCell(k, m))
				} else {
					loc[m] = loc[k]
				}
				h = heapPush(h, pinchItem{w, int32(m)})
			}
		}
	}
	ps.heap = h
	if end < 0 {
		return seed, start
	}
	return int(loc[end]), best[end]
}

// heapPush adds it to the max-heap h, sifting it up past smaller labels.
func heapPush(h []pinchItem, it pinchItem) []pinchItem {
	h = append(h, it)
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if h[p].v >= h[i].v {
			break
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
	return h
}

// heapPop takes the top of h: the last item moves to the root and sinks
// towards the larger child (the left one on a tie) while one is larger.
func heapPop(h []pinchItem) (pinchItem, []pinchItem) {
	top := h[0]
	last := h[len(h)-1]
	h = h[:len(h)-1]
	if len(h) == 0 {
		return top, h
	}
	h[0] = last
	i := 0
	for {
		l, r := 2*i+1, 2*i+2
		m := i
		if l < len(h) && h[l].v > h[m].v {
			m = l
		}
		if r < len(h) && h[r].v > h[m].v {
			m = r
		}
		if m == i {
			return top, h
		}
		h[m], h[i] = h[i], h[m]
		i = m
	}
}
