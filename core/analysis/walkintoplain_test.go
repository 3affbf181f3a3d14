package analysis

// walkIntoPlain is walkInto as it was before it packed the cells' costs
// into its labels: labels start at the rank of 0 and each step reads the
// cost from g.cost. It leaves plain labels in s.best (set to the rank of 0
// before the search), and is kept to pin walkInto to it.
func (s *widestSearch) walkIntoPlain(seed int, top rank, want []bool) []float64 {
	g := s.g
	for k := range s.best {
		s.best[k] = s.g.rZero
	}
	into := make([]rank, len(g.cells))
	for r := range into {
		into[r] = g.rZero
	}
	s.below = s.track(want, into, top)
	best, cost, links, room := s.best, g.cost, g.links, g.room
	nx := g.nx
	var order []int32
	if seed >= 0 && g.free[seed] {
		// head[r] is the first cell waiting at label r (-1: none).
		head := make([]int32, top+1)
		for r := range head {
			head[r] = -1
		}
		next := g.mem.int32sFilled(len(g.free))
		order = g.mem.int32sFilled(len(g.free))
		best[seed] = top
		head[top], next[seed] = int32(seed), -1
		tail := 0
		for r := top; r > g.rZero; r-- {
			if s.waiting != nil && s.settled(r) {
				break // every room wanted is as wide as it gets
			}
			h := tail
			for c := head[r]; c >= 0; c = next[c] {
				order[tail] = c
				tail++
			}
			for ; h < tail; h++ {
				k := int(order[h])
				visit := func(n int) {
					bn := best[n]
					if bn >= r {
						return // no label through k can beat n's
					}
					v := min(r, cost[n]&^corrBit)
					if v <= bn {
						return
					}
					best[n] = v
					if v == r {
						order[tail] = int32(n)
						tail++
					} else {
						next[n] = head[v]
						head[v] = int32(n)
					}
				}
				l := links[k]
				if l >= 16 {
					// A step into another room's floor.
					for d, st := range g.stride {
						if l&(16<<d) != 0 {
							s.stepInto(into, k, k+st, r)
						}
					}
				}
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
		order = order[:tail]
	}
	if seed >= 0 && room[seed] >= 0 {
		into[room[seed]] = max(into[room[seed]], best[seed])
	}
	widths := make([]float64, len(into))
	for r, b := range into {
		widths[r] = s.width(b)
	}
	return widths
}
