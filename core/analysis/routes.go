package analysis

import (
	"strings"

	"github.com/archlang-go/caddy-archlang/core/ir"
)

// routes measures the key functional routes (see routeLegs).
func (m *Model) routes(g *navGrid, targets []int) []WalkRoute {
	legs := m.routeLegs(g, targets)
	measureRoutes(g, legs)
	return m.routeFacts(g, targets, legs)
}

// routeLegs finds the key functional routes: each kitchen to its nearest
// living or dining room, then each bedroom to its nearest bath or WC
// (nearest by walk). Their widths are left to measure.
func (m *Model) routeLegs(g *navGrid, targets []int) []routeLeg {
	p := m.Plan
	has := func(i int, want ...string) bool {
		for _, u := range m.roomUses(i) {
			for _, w := range want {
				if u == w {
					return true
				}
			}
		}
		// Living and dining are read from the label (or id) too: the
		// label classifier does not infer them as uses.
		for _, w := range want {
			if w == "living" || w == "dining" {
				if _, ok := matchTerm(lowerName(&p.Rooms[i]), w); ok {
					return true
				}
			}
		}
		return false
	}
	// The legs of both rules, measured in one pass.
	var legs []routeLeg
	for _, rule := range [][2][]string{{{"kitchen"}, {"living", "dining"}}, {{"bedroom"}, {"bath", "wc"}}} {
		var from, to []int
		for i := range p.Rooms {
			if targets[i] < 0 {
				continue
			}
			if has(i, rule[0]...) {
				from = append(from, i)
			}
			if has(i, rule[1]...) {
				to = append(to, i)
			}
		}
		if len(from) == 0 || len(to) == 0 {
			continue
		}
		// The nearest room of the second kind by walk (the first in source
		// order on a tie), other than the room itself.
		for k, l := range g.nearestRooms(targets, from, to) {
			if l.room >= 0 {
				legs = append(legs, routeLeg{from: from[k], to: int(l.room), steps: l.steps})
			}
		}
	}
	return legs
}

// routeFacts reads the routes off their measured legs.
func (m *Model) routeFacts(g *navGrid, targets []int, legs []routeLeg) []WalkRoute {
	p := m.Plan
	out := make([]WalkRoute, 0, len(legs))
	for _, l := range legs {
		r := WalkRoute{FromRoomID: p.Rooms[l.from].ID, ToRoomID: p.Rooms[l.to].ID}
		r.WalkDistanceMm, r.BottleneckClearWidthMm, r.DetourRatio = g.walk(targets[l.from], targets[l.to], l.steps, l.wide)
		out = append(out, r)
	}
	return out
}

// lowerName is a room's label in lower case, or its id's when it has no
// label.
func lowerName(r *ir.Room) string {
	if r.Label != "" {
		return strings.ToLower(r.Label)
	}
	return strings.ToLower(r.ID)
}

// routeLeg is one functional route: its rooms, its length in cells and its
// widest path's narrowest width.
type routeLeg struct {
	from, to int
	steps    int32
	wide     float64
}

// measureRoutes fills the legs' widths: all at once (routeWidthsAll); the
// tests swap in a search per leg to hold the two to the same answers, and
// then measure the walks from the entrance apart (walksWithRoutes false).
var (
	measureRoutes   = (*navGrid).routeWidthsAll
	walksWithRoutes = true
)

// nearLabel is a room a cell is near: its index (-1: none) and the walk
// from the cell to its target, in cells.
type nearLabel struct {
	room  int32
	steps int32
}

// nearestRooms finds, for each of the from rooms, the nearest of the to
// rooms other than itself by walk between their targets: fewest steps
// first, then the lower room index (room -1: none is reachable). Walks are
// 4-connected steps over free cells, the same both ways, so a from room
// that is not a to room reads its answer off one breadth-first search from
// every to room's target at once (nearestSources); one that is reads it
// off a search of its own that spares it (nearestOther).
func (g *navGrid) nearestRooms(targets, from, to []int) []nearLabel {
	out := make([]nearLabel, len(from))
	var others []int // the from rooms that are to rooms too
	isTo := make(map[int]bool, len(to))
	for _, r := range to {
		isTo[r] = true
	}
	for i, r := range from {
		out[i] = nearLabel{room: -1}
		if isTo[r] {
			others = append(others, i)
		}
	}
	if len(others) < len(from) {
		g.nearestSources(targets, from, to, isTo, out)
	}
	if len(others) == 0 || len(to) == 1 {
		// A from room that is the only to room has none other to reach.
		return out
	}
	// A search from a room that reaches no other to room covers all the
	// floor joined to it; with more than one such room, the floors that
	// hold one are told apart first (sharedFloors), and a room with no
	// other to room on its floor is not searched from.
	var alone []bool
	if len(others) > 1 {
		alone = g.sharedFloors(targets, from, to, others)
	}
	// One mark array and one queue serve every such search: the to
	// rooms' targets are marked once, and each search unmarks the cells
	// it reached.
	mark, q := g.mem.bytes(len(g.free)), g.mem.int32sFilled(len(g.free))
	clear(mark)
	for _, x := range to {
		mark[targets[x]] = goal
	}
	for j, i := range others {
		if alone == nil || !alone[j] {
			out[i] = g.nearestOther(targets[from[i]], mark, q)
		}
	}
	return out
}

// sharedFloors reports, for each of others (indexes in from of rooms
// that are to rooms too), whether its target's floor (the free cells
// joined to it by steps) holds no other to room's target. Each floor with
// such a target is filled once, a run of cells along a row at a time,
// which costs far less per cell than a breadth-first search.
func (g *navGrid) sharedFloors(targets, from, to, others []int) []bool {
	n := len(g.free)
	floor := g.mem.int32s(n) // 1 + the floor's number; 0: not filled
	var stack []int32
	nf := int32(0)
	for _, i := range others {
		if t := targets[from[i]]; floor[t] == 0 {
			nf++
			stack = g.fillFloor(t, nf, floor, stack)
		}
	}
	// The to rooms' targets on each filled floor.
	count := make([]int, nf+1)
	for _, x := range to {
		count[floor[targets[x]]]++
	}
	alone := make([]bool, len(others))
	for j, i := range others {
		// The room's own target is one of the count.
		alone[j] = count[floor[targets[from[i]]]] == 1
	}
	return alone
}

// fillFloor labels id every free cell joined by steps to seed, and the seed,
// in floor: a run of unlabelled cells along the row at a time, the cells
// above and below each run taken up from a stack (returned for reuse).
func (g *navGrid) fillFloor(seed int, id int32, floor []int32, stack []int32) []int32 {
	links, nx := g.links, g.nx
	floor[seed] = id
	stack = append(stack[:0], int32(seed))
	for len(stack) > 0 {
		c := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		// The run through c: every step left or right lands on a free
		// cell not labelled yet (or labelled by this fill already).
		l, r := c, c
		for links[l]&2 != 0 && floor[l-1] == 0 {
			l--
			floor[l] = id
		}
		for links[r]&1 != 0 && floor[r+1] == 0 {
			r++
			floor[r] = id
		}
		for k := l; k <= r; k++ {
			if links[k]&8 != 0 && floor[k-nx] == 0 {
				floor[k-nx] = id
				stack = append(stack, int32(k-nx))
			}
			if links[k]&4 != 0 && floor[k+nx] == 0 {
				floor[k+nx] = id
				stack = append(stack, int32(k+nx))
			}
		}
	}
	return stack
}

// nearestSources labels the free cells with their nearest to room by one
// breadth-first search from all the to rooms' targets at once, until the
// target of every from room that is not a to room is labelled, and writes
// those labels into out. The targets are queued in room order, so each
// layer of the search is queued in the order of its cells' labels: a cell
// is labelled when first reached, by the lowest room among the cells of
// the layer before that step onto it, and its label is final at once.
func (g *navGrid) nearestSources(targets, from, to []int, isTo map[int]bool, out []nearLabel) {
	const (
		unseen  = 0
		seen    = 1
		pending = 2 // a from room's target not reached yet
	)
	n := len(g.free)
	mark := g.mem.bytes(n)
	clear(mark)
	want := map[int32]int{} // a pending target's index in from
	for i, r := range from {
		if t := targets[r]; !isTo[r] && mark[t] == unseen {
			mark[t] = pending
			want[int32(t)] = i
		}
	}
	left := len(want)
	// A cell is queued once, with the room it is labelled with.
	q := g.mem.int32sFilled(n)
	qr := g.mem.int32sFilled(n)
	tail := 0
	for _, r := range to {
		t := targets[r]
		if mark[t] == seen {
			continue
		}
		mark[t] = seen
		q[tail], qr[tail] = int32(t), int32(r)
		tail++
	}
	links, nx := g.links, g.nx
	var layer int32
	var room int32 // the label of the cell whose steps are taken
	visit := func(m int) {
		switch mark[m] {
		case seen:
			return
		case pending:
			out[want[int32(m)]] = nearLabel{room: room, steps: layer}
			left--
		}
		mark[m] = seen
		q[tail], qr[tail] = int32(m), room
		tail++
	}
	for h := 0; h < tail && left > 0; {
		layer++
		for end := tail; h < end && left > 0; h++ {
			k := int(q[h])
			room = qr[h]
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

// The marks of nearestOther's searches: a cell reached, and a to room's
// target.
const (
	reached = 1
	goal    = 2
)

// nearestOther is the nearest to room from seed, the target of a to room,
// other than that room: a breadth-first search from it that stops after
// the first layer reaching another to room's target, the lowest such room
// on a tie. mark holds goal at every to room's target and nothing else,
// and q an int32 per cell: the search's memory. mark is left as it was
// found: only the cells the search reaches are marked and unmarked, so the
// searches of many such rooms cost what they reach, and each reaches no
// farther than the nearest other to room.
func (g *navGrid) nearestOther(seed int, mark []uint8, q []int32) nearLabel {
	mark[seed] |= reached
	q[0] = int32(seed)
	tail := 1
	links, nx := g.links, g.nx
	best := nearLabel{room: -1}
	var layer int32
	visit := func(m int) {
		v := mark[m]
		if v&reached != 0 {
			return
		}
		if v&goal != 0 {
			// A target is in its own room's floor.
			if rm := g.room[m]; best.room < 0 || rm < best.room {
				best = nearLabel{room: rm, steps: layer}
			}
		}
		mark[m] = v | reached
		q[tail] = int32(m)
		tail++
	}
	for h := 0; h < tail && best.room < 0; {
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
	for _, k := range q[:tail] {
		mark[k] &^= reached
	}
	return best
}
