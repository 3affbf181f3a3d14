package analysis

import "slices"

// The nearest rooms as they were found before nearestRooms: one search
// from every destination's target at once that labels each cell with its
// two nearest. The tests hold nearestRooms to its answers.

// nearestTwo labels free cells with the two nearest of the given rooms
// by walk to their targets (fewest steps first, then the lower room
// index), in one breadth-first search from all the targets at once, and
// returns the labels of the cells the from rooms' targets stand on: the
// second one answers a room that is itself the nearest. The search stops
// once every one of those answers is final (a label is final when the
// layer of its step is done), so rooms near their nearest destination do
// not pay for the whole grid.
func (g *navGrid) nearestTwo(targets, from, rooms []int) map[int][2]nearLabel {
	n := len(g.free)
	// Per cell, four numbers: the nearest room plus one (0: none) and its
	// steps, then the second's. A cell's numbers are cleared when the
	// search first reaches it (seen), not all up front.
	lab := g.mem.int32sFilled(4 * n)
	seen := g.mem.boolSlice(n)
	touch := func(m int) []int32 {
		l := lab[4*m : 4*m+4 : 4*m+4]
		if !seen[m] {
			seen[m] = true
			l[0], l[1], l[2], l[3] = 0, 0, 0, 0
		}
		return l
	}
	type entry struct{ k, room int32 }
	var front []entry
	for _, r := range rooms {
		t := targets[r]
		touch(t)[0] = int32(r) + 1
		front = append(front, entry{int32(t), int32(r)})
	}
	// answered: whether cell t, the target of from room r, has the label
	// the route from r reads (a nearest other than r itself).
	answered := func(r, t int) bool {
		if !seen[t] {
			return false
		}
		l := lab[4*t : 4*t+4]
		return (l[0] != 0 && int(l[0]-1) != r) || l[2] != 0
	}
	links, stride := g.links, g.stride
	pending := slices.Clone(from)
	var next []entry
	var touched []int32
	mark := g.mem.boolSlice(n)
	for step := int32(1); len(front) > 0; step++ {
		// Every label set so far has a step below this one and is final.
		pending = slices.DeleteFunc(pending, func(r int) bool { return answered(r, targets[r]) })
		if len(pending) == 0 {
			break
		}
		touched = touched[:0]
		for _, e := range front {
			c := e.room + 1
			k := int(e.k)
			lk := links[k]
			for d, st := range stride {
				if lk&(1<<d) == 0 {
					continue
				}
				m := k + st
				l := touch(m)
				// (steps, room) orders the labels; every label here was set
				// at this step or before, so a new one only loses to an
				// earlier step or to a lower room at the same step.
				switch {
				case l[0] == c || l[2] == c:
					continue
				case l[0] == 0:
					l[0], l[1] = c, step
				case l[1] > step || (l[1] == step && l[0] > c):
					l[2], l[3] = l[0], l[1]
					l[0], l[1] = c, step
				case l[2] == 0 || l[3] > step || (l[3] == step && l[2] > c):
					l[2], l[3] = c, step
				default:
					continue
				}
				if !mark[m] {
					mark[m] = true
					touched = append(touched, int32(m))
				}
			}
		}
		next = next[:0]
		for _, m := range touched {
			mark[m] = false
			l := lab[4*m : 4*m+4]
			for h := 0; h < 4; h += 2 {
				if l[h] != 0 && l[h+1] == step {
					next = append(next, entry{m, l[h] - 1})
				}
			}
		}
		front, next = next, front
	}
	out := make(map[int][2]nearLabel, len(from))
	for _, r := range from {
		t := targets[r]
		if t < 0 {
			continue
		}
		var l [4]int32
		if seen[t] {
			copy(l[:], lab[4*t:4*t+4])
		}
		out[t] = [2]nearLabel{{l[0] - 1, l[1]}, {l[2] - 1, l[3]}}
	}
	return out
}
