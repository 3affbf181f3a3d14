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

// bfs returns the 4-connected step distance of every free cell from seed
// (-1 where unreachable).
func (g *navGrid) bfs(seed int) []int32 {
	dist := g.mem.int32sFilled(len(g.free))
	for k := range dist {
		dist[k] = -1
	}
	dist[seed] = 0
	q := g.mem.int32sFilled(len(g.free))[:1]
	q[0] = int32(seed)
	for h := 0; h < len(q); h++ {
		k := int(q[h])
		next := dist[k] + 1
		l := g.links[k]
		for d, st := range g.stride {
			if l&(1<<d) == 0 {
				continue
			}
			if n := k + st; dist[n] < 0 {
				dist[n] = next
				q = append(q, int32(n))
			}
		}
	}
	return dist
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
	var dist []int32
	if seed >= 0 {
		dist = g.bfs(seed)
	}
	targets := m.roomTargets(g)
	// One search from the entrance labels the whole grid with no room
	// spared its squeeze; each room's walk is then read off the steps into
	// it (a walk ends as soon as it is inside the room it goes to).
	var ws *widestSearch
	var into []rank
	for i := range m.Plan.Rooms {
		t := targets[i]
		if seed < 0 || t < 0 || dist[t] < 0 {
			continue // an unreachable room has no walk
		}
		if ws == nil {
			ws = g.newWidestSearch(false, -1, -1)
			ws.full([]int32{int32(seed)}, g.rankOf(min(ent.EstimatedClearWidth, g.width[seed])))
			into = ws.into(len(m.Plan.Rooms), seed)
		}
		wide := ws.width(into[i])
		wr := WalkRoom{RoomID: m.Plan.Rooms[i].ID}
		wr.WalkDistanceMm, wr.BottleneckClearWidthMm, wr.DetourRatio = g.walk(seed, t, dist[t], wide)
		c.Rooms = append(c.Rooms, wr)
	}
	if seed >= 0 {
		c.Routes = m.routes(g, targets)
	}
	return c
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
