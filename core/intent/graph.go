package intent

import (
	"errors"
	"sort"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/analysis"
)

// GraphReport compares a plan's interior-door adjacency with an intended
// room graph. Pairs are room ids, each pair in room order, the lists sorted
// by room order.
type GraphReport struct {
	OK                 bool        `json:"ok"`
	MissingRooms       []string    `json:"missing_rooms"`
	MissingConnections [][2]string `json:"missing_connections"`
	ExtraConnections   [][2]string `json:"extra_connections"`
}

// errGraphShape is returned for an intended graph that is not an object of
// room name → array of room names.
var errGraphShape = errors.New("graph must be an object mapping each room (id or label) to an array of the rooms it opens into, optionally wrapped as {\"input_graph\": {...}}")

// graphRoom is one room of the pooled building graph.
type graphRoom struct{ id, label string }

// CheckGraph checks the plan's door adjacency against an intended graph:
// {room: [room, …]}, each name a room id or (case-insensitively) a label.
// The wrapped form {"input_graph": {...}} that describe prints is accepted
// too. For a multi-storey plan the building's rooms are pooled, lowest
// storey first, and each shaft joins the rooms it lands in on consecutive
// storeys.
func CheckGraph(f *analysis.Facts, raw []byte) (GraphReport, error) {
	v, err := parseValue(raw)
	if err != nil || !v.isObject() {
		return GraphReport{}, errGraphShape
	}
	if inner, ok := v.get("input_graph"); ok && len(v.keys) == 1 && inner.isObject() {
		v = inner
	}
	for _, k := range v.keys {
		nb := v.props[k]
		if nb.kind != kArray {
			return GraphReport{}, errGraphShape
		}
		for _, e := range nb.arr {
			if e.kind != kString {
				return GraphReport{}, errGraphShape
			}
		}
	}
	if !f.OK {
		// A plan that did not compile has no rooms: every room the graph
		// names is missing, and the gate fails.
		rep := GraphReport{MissingRooms: append([]string{}, v.keys...), MissingConnections: [][2]string{}, ExtraConnections: [][2]string{}}
		return rep, nil
	}
	rooms, actual := buildingGraph(f)
	byID := make(map[string]int, len(rooms))
	for i := len(rooms) - 1; i >= 0; i-- {
		byID[rooms[i].id] = i
	}
	resolve := func(name string) (int, bool) {
		if i, ok := byID[name]; ok {
			return i, true
		}
		low := strings.ToLower(name)
		for i, r := range rooms {
			if strings.ToLower(r.label) == low && r.label != "" {
				return i, true
			}
		}
		return 0, false
	}
	rep := GraphReport{MissingRooms: []string{}, MissingConnections: [][2]string{}, ExtraConnections: [][2]string{}}
	missing := map[string]bool{}
	unknown := func(name string) (int, bool) {
		i, ok := resolve(name)
		if !ok && !missing[name] {
			missing[name] = true
			rep.MissingRooms = append(rep.MissingRooms, name)
		}
		return i, ok
	}
	want := map[[2]int]bool{}
	for _, k := range v.keys {
		a, okA := unknown(k)
		for _, e := range v.props[k].arr {
			b, okB := unknown(e.str)
			if okA && okB && a != b {
				want[pairOf(a, b)] = true
			}
		}
	}
	rep.MissingConnections = pairList(rooms, want, actual)
	rep.ExtraConnections = pairList(rooms, actual, want)
	rep.OK = len(rep.MissingRooms) == 0 && len(rep.MissingConnections) == 0 && len(rep.ExtraConnections) == 0
	return rep, nil
}

func pairOf(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// pairList lists the pairs of have that other lacks, in room order.
func pairList(rooms []graphRoom, have, other map[[2]int]bool) [][2]string {
	var ps [][2]int
	for p := range have {
		if !other[p] {
			ps = append(ps, p)
		}
	}
	sort.Slice(ps, func(i, j int) bool {
		if ps[i][0] != ps[j][0] {
			return ps[i][0] < ps[j][0]
		}
		return ps[i][1] < ps[j][1]
	})
	out := [][2]string{}
	for _, p := range ps {
		out = append(out, [2]string{rooms[p[0]].id, rooms[p[1]].id})
	}
	return out
}

// buildingGraph pools the rooms and door adjacency of every storey (the
// top-level facts for a single-storey plan) and adds the shafts' edges.
func buildingGraph(f *analysis.Facts) ([]graphRoom, map[[2]int]bool) {
	var rooms []graphRoom
	idx := map[string]int{}
	edges := map[[2]int]bool{}
	add := func(s *analysis.Summary) {
		for _, r := range s.Rooms {
			if _, seen := idx[r.ID]; !seen {
				idx[r.ID] = len(rooms)
				rooms = append(rooms, graphRoom{r.ID, r.Label})
			}
		}
		for _, n := range s.InputGraph {
			a, ok := idx[n.Room]
			if !ok {
				continue
			}
			for _, nb := range n.Neighbors {
				if b, ok := idx[nb]; ok && a != b {
					edges[pairOf(a, b)] = true
				}
			}
		}
	}
	if len(f.Levels) == 0 {
		add(&f.Summary)
		return rooms, edges
	}
	for i := range f.Levels {
		add(&f.Levels[i].Summary)
	}
	if f.Vertical != nil {
		for _, c := range f.Vertical.Connections {
			for k := 0; k+1 < len(c.Stops); k++ {
				s, t := c.Stops[k].Room, c.Stops[k+1].Room
				if s == nil || t == nil {
					continue
				}
				a, okA := idx[*s]
				b, okB := idx[*t]
				if okA && okB && a != b {
					edges[pairOf(a, b)] = true
				}
			}
		}
	}
	return rooms, edges
}
