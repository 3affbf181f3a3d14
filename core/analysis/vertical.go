package analysis

import (
	"sort"

	"github.com/archlang-go/caddy-archlang/core/ir"
)

var verticalKinds = map[ir.VerticalKind]string{ir.Stair: "stair", ir.Elevator: "elevator", ir.Escalator: "escalator"}

// verticalFacts lists the stairs, lifts and escalators drawn on a storey.
func verticalFacts(p *ir.Plan) []VerticalRun {
	var out []VerticalRun
	vs := append([]ir.Vertical(nil), p.Vertical...)
	sort.SliceStable(vs, func(i, j int) bool { return vs[i].Span.Start < vs[j].Span.Start })
	for _, v := range vs {
		vr := VerticalRun{ID: v.ID, Kind: verticalKinds[v.Kind], BBox: Box{X: z(v.Rect.Min.X), Y: z(v.Rect.Min.Y), W: z(v.Rect.W()), H: z(v.Rect.H())}}
		if v.Kind != ir.Elevator {
			vr.Dir = v.Dir
		}
		if r := RoomAt(p, v.Rect.Center()); r >= 0 {
			id := p.Rooms[r].ID
			vr.Room = &id
		}
		if v.Kind == ir.Stair {
			w := z(v.Width)
			vr.FlightWidth = &w
		}
		out = append(out, vr)
	}
	return out
}

// verticalGraph joins the storeys through the runs drawn with one id on
// two or more of them.
func verticalGraph(pages []*ir.Plan, levels []LevelFacts) *VerticalGraph {
	type stopAt struct {
		level int
		page  int
		v     ir.Vertical
	}
	var ids []string
	byID := map[string][]stopAt{}
	for pi, pg := range pages {
		for _, v := range pg.Vertical {
			if _, ok := byID[v.ID]; !ok {
				ids = append(ids, v.ID)
			}
			byID[v.ID] = append(byID[v.ID], stopAt{levels[pi].Level, pi, v})
		}
	}
	g := &VerticalGraph{Connections: []Connection{}, ReachableLevels: []int{}}
	for _, id := range ids {
		stops := byID[id]
		if len(stops) < 2 {
			continue
		}
		c := Connection{ID: id, Kind: verticalKinds[stops[0].v.Kind], Levels: []int{}, Stops: []Stop{}}
		for _, s := range stops {
			c.Levels = append(c.Levels, s.level)
			st := Stop{Level: s.level}
			if s.v.Kind != ir.Elevator {
				st.Dir = s.v.Dir
			}
			if r := RoomAt(pages[s.page], s.v.Rect.Center()); r >= 0 {
				rid := pages[s.page].Rooms[r].ID
				st.Room = &rid
			}
			c.Stops = append(c.Stops, st)
		}
		g.Connections = append(g.Connections, c)
	}
	if len(g.Connections) == 0 {
		return nil
	}
	reach := map[int]bool{}
	for _, l := range levels {
		if l.Access.HasEntrance {
			reach[l.Level] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, c := range g.Connections {
			for i := 0; i+1 < len(c.Stops); i++ {
				a, b := c.Stops[i], c.Stops[i+1]
				if a.Room == nil || b.Room == nil {
					continue
				}
				if reach[a.Level] != reach[b.Level] {
					reach[a.Level], reach[b.Level] = true, true
					changed = true
				}
			}
		}
	}
	for _, l := range levels {
		if reach[l.Level] {
			g.ReachableLevels = append(g.ReachableLevels, l.Level)
		}
	}
	return g
}
