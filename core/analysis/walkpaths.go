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
	// Pinch is the first cell along the path whose clear width is the
	// path's narrowest, and Width that width in mm; HasPinch is false for
	// key routes, which carry no marker.
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
// stepping from the start in the order right, left, down, up whenever the
// step brings it closer to its end.
func Paths(p *ir.Plan) *WalkPaths {
	m := NewModel(p)
	edges := m.Edges()
	// The walks' bottleneck widths, as describe reports them.
	wide := map[string]float64{}
	if c := Walks(p); c != nil {
		for _, r := range c.Rooms {
			if _, seen := wide[r.RoomID]; !seen && r.BottleneckClearWidthMm != nil {
				wide[r.RoomID] = *r.BottleneckClearWidthMm
			}
		}
	}
	var ent *Edge
	for i := range edges {
		if edges[i].IsEntrance() && (ent == nil || edges[i].Opening < ent.Opening) {
			ent = &edges[i]
		}
	}
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
	r0 := -1
	for i := range p.Rooms {
		if p.Rooms[i].ID == ent.Between[1] {
			r0 = i
			break
		}
	}
	seed := -1
	if r0 >= 0 {
		seed = m.seedCell(g, ent.Opening, r0)
	}
	if seed < 0 {
		return out
	}
	targets := make([]int, len(p.Rooms))
	for i := range p.Rooms {
		targets[i] = m.roomTarget(g, i)
	}
	from := g.bfs(seed)
	buf := &pathBuf{dist: make([]int32, len(g.free)), queue: make([]int32, 0, 64)}
	start := g.rankOf(min(ent.EstimatedClearWidth, g.width[seed]))
	for i := range p.Rooms {
		t := targets[i]
		if t < 0 || from[t] < 0 {
			continue
		}
		cells := g.shortestPath(seed, t, buf)
		wp := WalkPath{To: p.Rooms[i].ID, Points: g.corners(cells), HasPinch: true}
		// The marker goes where the drawn path first steps at the walk's
		// bottleneck width (its widest path's narrowest), else where the
		// drawn path itself is narrowest.
		want, hasWant := rank(-1), false
		if b, ok := wide[p.Rooms[i].ID]; ok {
			want, hasWant = g.rankOf(b), true
		}
		at, w := cells[0], start
		found := hasWant && start == want
		for s := 1; s < len(cells) && !found; s++ {
			k, n := cells[s-1], cells[s]
			c := g.stepCost(k, n, stepDir(g, k, n), i, -1)
			if hasWant && c == want {
				at, w, found = g.pinchCell(k, n), c, true
			} else if c < w {
				at, w = g.pinchCell(k, n), c
			}
		}
		if !found {
			at = cells[0]
			w = start
			for s := 1; s < len(cells); s++ {
				k, n := cells[s-1], cells[s]
				if c := g.stepCost(k, n, stepDir(g, k, n), i, -1); c < w {
					at, w = g.pinchCell(k, n), c
				}
			}
		}
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
		cells := g.shortestPath(a, b, buf)
		if cells == nil {
			continue
		}
		out.Routes = append(out.Routes, WalkPath{From: r.FromRoomID, To: r.ToRoomID, Points: g.corners(cells)})
	}
	return out
}

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

// pinchCell is the cell a walk is marked at when its step from
// k to n is its narrowest: the cell whose clearance sets the step's width,
// and for a step into a corridor at its connector's width, whichever of
// the two cells comes later in raster order (the reference's marker sits
// on the corridor's first cell when the walk heads right or down, and on
// the cell before it when the walk heads left or up).
func (g *navGrid) pinchCell(k, n int) int {
	if !g.corr[n] {
		return n
	}
	if !g.corr[k] && g.rClear[k] < g.rWidth[n] {
		return k
	}
	return max(k, n)
}

// stepDir is the direction of the step from k to its neighbour n.
func stepDir(g *navGrid, k, n int) int {
	for d, st := range g.stride {
		if k+st == n {
			return d
		}
	}
	return 0
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
