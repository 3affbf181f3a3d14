package analysis

import (
	"math"
)

// Nav-grid constants.
const (
	// BodyRadiusMm is the radius free cells are eroded by: a route passes
	// only where a person fits.
	BodyRadiusMm = 300
	// MaxGridCells caps the nav grid of an extreme extent (a long sliver
	// the cell budget does not bound); past it circulation is null.
	MaxGridCells = 4 * CellBudget
	// MinCellMm is the finest nav-grid cell.
	MinCellMm = 100
	// CellBudget bounds the nav grid's cell count.
	CellBudget = 250000
	// MaxCorridorMm bounds how far a connector's corridor is cut through
	// walls and furniture on each side.
	MaxCorridorMm = 2000
	// seedEps nudges a doorway seed off a cell boundary, into the room.
	seedEps = 1e-6
)

// stepsTo returns, for each of the target cells, its 4-connected step
// distance from seed over free cells (-1 when it is unreachable or -1
// itself). The breadth-first search goes a layer of cells at a time, so it
// keeps a byte per cell rather than a distance, and stops once every
// target is reached.
func (g *navGrid) stepsTo(seed int, targets []int) []int32 {
	steps := make([]int32, len(targets))
	for i := range steps {
		steps[i] = -1
	}
	if seed < 0 {
		return steps
	}
	const (
		unseen  = 0
		seen    = 1
		pending = 2 // a target not yet reached
	)
	mark := g.mem.bytes(len(g.free))
	clear(mark)
	left := 0
	for _, t := range targets {
		if t >= 0 && mark[t] == unseen {
			mark[t] = pending
			left++
		}
	}
	// reached records the step count of the cells of targets that are
	// reached, by cell.
	reached := map[int]int32{}
	if mark[seed] == pending {
		reached[seed] = 0
		left--
	}
	mark[seed] = seen
	// A cell is queued once, so the queue never outgrows the grid and is
	// filled by index.
	q := g.mem.int32sFilled(len(g.free))
	q[0] = int32(seed)
	tail := 1
	nx, links := g.nx, g.links
	var layer int32
	visit := func(n int) {
		switch mark[n] {
		case seen:
			return
		case pending:
			reached[n] = layer
			left--
		}
		mark[n] = seen
		q[tail] = int32(n)
		tail++
	}
	for h := 0; h < tail && left > 0; {
		// The cells of one layer are q[h:end]; their neighbours are
		// one step further.
		layer++
		for end := tail; h < end; h++ {
			k := int(q[h])
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
	for i, t := range targets {
		if d, ok := reached[t]; ok {
			steps[i] = d
		}
	}
	return steps
}

// firstEntrance is the entrance the walks set out from: of the edges that
// are entrances, the one whose opening comes first; nil when none is.
func firstEntrance(edges []Edge) *Edge {
	var ent *Edge
	for i := range edges {
		if edges[i].IsEntrance() && (ent == nil || edges[i].Opening < ent.Opening) {
			ent = &edges[i]
		}
	}
	return ent
}

// entranceSeed is the cell of g the walks from entrance ent start at,
// inside the room it opens into; -1 when there is none.
func (m *Model) entranceSeed(g *navGrid, ent *Edge) int {
	for i := range m.Plan.Rooms {
		if m.Plan.Rooms[i].ID == ent.Between[1] {
			return m.seedCell(g, ent.Opening, i)
		}
	}
	return -1
}

// roomTargets is each room's target cell in g (-1 for a room with none).
func (m *Model) roomTargets(g *navGrid) []int {
	targets := make([]int, len(m.Plan.Rooms))
	for i := range m.Plan.Rooms {
		targets[i] = m.roomTarget(g, i)
	}
	return targets
}

// circulation measures the walk from the first entrance to every room.
func (m *Model) circulation(acc Access, edges []Edge) *Circulation {
	if !acc.HasEntrance {
		return nil
	}
	ent := firstEntrance(edges)
	g := m.buildGrid()
	if g == nil {
		return nil
	}
	defer g.release()
	if ent == nil {
		return nil
	}
	g.costTables(ent.EstimatedClearWidth)
	c := &Circulation{EntranceID: ent.DoorID, CellSizeMm: g.cell, BodyRadiusMm: BodyRadiusMm, Rooms: []WalkRoom{}, Routes: []WalkRoute{}}
	seed := m.entranceSeed(g, ent)
	targets := m.roomTargets(g)
	steps := g.stepsTo(seed, targets)
	var legs []routeLeg
	if seed >= 0 {
		legs = m.routeLegs(g, targets)
	}
	top := g.rankOf(min(ent.EstimatedClearWidth, g.widthAt(seed)))
	// Each room's walk is read off the widest walks into it (a walk ends
	// as soon as it is inside the room it goes to): from the pass that
	// measures the routes when there are any and the walks can join it
	// (seedJoins), else from one search from the entrance.
	var into []float64
	measured := false
	for i := range m.Plan.Rooms {
		t := targets[i]
		if steps[i] < 0 {
			continue // an unreachable room has no walk
		}
		if into == nil {
			want := walked(steps, int(g.room[seed]))
			if len(legs) > 0 && walksWithRoutes && g.seedJoins(seed, top) {
				into = g.routeAndWalkWidths(legs, seed, top, want)
				measured = true
			} else {
				into = g.newWidestSearch().walkInto(seed, top, want)
			}
		}
		wide := into[i]
		wr := WalkRoom{RoomID: m.Plan.Rooms[i].ID}
		wr.WalkDistanceMm, wr.BottleneckClearWidthMm, wr.DetourRatio = g.walk(seed, t, steps[i], wide)
		c.Rooms = append(c.Rooms, wr)
	}
	if seed >= 0 {
		if !measured {
			measureRoutes(g, legs)
		}
		c.Routes = m.routeFacts(g, targets, legs)
	}
	return c
}

// walked names the rooms whose walks are read: those the steps reach,
// but for the seed's own room (seedRoom), whose walk is the seed's label.
func walked(steps []int32, seedRoom int) []bool {
	want := make([]bool, len(steps))
	for i, st := range steps {
		want[i] = st >= 0 && i != seedRoom
	}
	return want
}

// walk reads the metrics of a walk from seed to t: steps is its length in
// cells, wide its widest path's narrowest width (+Inf when it crosses no
// connector).
func (g *navGrid) walk(seed, t int, steps int32, wide float64) (w, b, d *float64) {
	wv := float64(steps) * g.cell
	w = &wv
	if bv := wide; !math.IsInf(bv, 1) {
		b = &bv
	}
	if straight := g.centre(t).Sub(g.centre(seed)).Len(); straight > 0 {
		dv := Round2(wv / straight)
		d = &dv
	} else {
		dv := 1.0
		d = &dv
	}
	return
}
