package analysis

import (
	"slices"
	"sort"
	"strconv"
)

// Budgets. Describe's room adjacency is a relation over pairs of rooms: a
// few hundred bytes can stack thousands of rooms on one spot, every pair of
// them adjacent, and ask for millions of entries. The room index (a grid
// over the rooms' extents) lets it compare only rooms that come within
// TouchTolerance of each other, at most MaxRoomPairs pairs per storey, and
// the adjacent lists
// carry at most MaxAdjacencies pairs in all (the first ones, by the earlier
// room and then the later). A storey cut by either says so in its
// "truncated" list. The 64 KiB generated grid, the busiest realistic
// plan, lists 511 adjacent pairs (TestAdjacencyBudgetsSpareRealPlans).
const (
	// MaxRoomPairs caps the room pairs one storey's adjacency compares.
	MaxRoomPairs = 2_000_000
	// MaxAdjacencies caps the adjacent room pairs one storey lists.
	MaxAdjacencies = 20_000
)

// adjacency lists, for each room, the rooms adjacent to it (adjacent, in
// both directions, as the reference tests each ordered pair), in room
// order. Only rooms whose extents, grown by TouchTolerance, meet are
// compared (the model's room index).
func (m *Model) adjacency() [][]int {
	p := m.Plan
	n := len(p.Rooms)
	adj := make([][]int, n)
	ix := m.rooms()
	var pairs []pair
	examined, dropped := 0, 0
	// Once MaxAdjacencies pairs are kept, last is the greatest of them.
	full, last := false, pair{}
	cut := false
	var near []int
rooms:
	for j := range p.Rooms {
		near = ix.AppendQuery(near, ix.Box(j))
		for _, i := range near {
			if i >= j {
				break // in order: the earlier rooms come first
			}
			if examined++; examined > MaxRoomPairs {
				cut = true
				break rooms
			}
			if !m.adjacent(i, j) && !m.adjacent(j, i) {
				continue
			}
			if full && !pairLess(pair{i, j}, last) {
				dropped++ // after every pair kept so far
				continue
			}
			if pairs = append(pairs, pair{i, j}); len(pairs) >= 2*MaxAdjacencies {
				// Keep the first MaxAdjacencies, counting the rest.
				sortPairs(pairs)
				dropped += len(pairs) - MaxAdjacencies
				pairs = pairs[:MaxAdjacencies]
				full, last = true, pairs[MaxAdjacencies-1]
			}
		}
	}
	sortPairs(pairs)
	if len(pairs) > MaxAdjacencies {
		dropped += len(pairs) - MaxAdjacencies
		pairs = pairs[:MaxAdjacencies]
	}
	if dropped > 0 {
		m.truncate("adjacent: " + strconv.Itoa(dropped) + " adjacent room pairs left out; at most " + strconv.Itoa(MaxAdjacencies) + " are listed")
	}
	if cut {
		m.truncate("adjacent: rooms compared up to the limit of " + strconv.Itoa(MaxRoomPairs) + " pairs; more rooms may be adjacent")
	}
	for _, pr := range pairs {
		if m.adjacent(pr.i, pr.j) {
			adj[pr.i] = append(adj[pr.i], pr.j)
		}
		if m.adjacent(pr.j, pr.i) {
			adj[pr.j] = append(adj[pr.j], pr.i)
		}
	}
	for i := range adj {
		sort.Ints(adj[i])
	}
	return adj
}

// pair is two room indexes, i < j.
type pair struct{ i, j int }

// pairLess orders pairs by i, then j.
func pairLess(x, y pair) bool { return x.i < y.i || (x.i == y.i && x.j < y.j) }

// sortPairs orders pairs by i, then j.
func sortPairs(ps []pair) {
	slices.SortFunc(ps, func(x, y pair) int {
		if x.i != y.i {
			return x.i - y.i
		}
		return x.j - y.j
	})
}

// truncate records that a list of the storey's facts was cut.
func (m *Model) truncate(note string) { m.Truncated = append(m.Truncated, note) }
