package analysis

import (
	"strconv"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/ir"
)

func instanceFacts(p *ir.Plan) []Instance {
	var out []Instance
	for _, in := range p.Instances {
		out = append(out, Instance{Name: in.Name, Component: in.Component, At: XY{z(in.At.X), z(in.At.Y)}, Rotate: z(in.Rotate), Mirror: in.Mirror})
	}
	return out
}

// zoneFacts lists the zones and the rooms each groups (nested zones roll
// up).
func (m *Model) zoneFacts(level *int) []ZoneFacts {
	p := m.Plan
	var out []ZoneFacts
	for _, zn := range p.Zones {
		id := zn.Path
		if i := strings.LastIndexByte(id, '.'); i >= 0 {
			id = id[i+1:]
		}
		zf := ZoneFacts{ID: id, Label: zn.Label, Path: zn.Path, Level: level, Rooms: []string{}}
		area := 0.0
		for i := range p.Rooms {
			rz := p.Rooms[i].Zone
			if rz == zn.Path || strings.HasPrefix(rz, zn.Path+".") {
				zf.Rooms = append(zf.Rooms, p.Rooms[i].ID)
				area += m.area[i]
			}
		}
		zf.RoomCount = len(zf.Rooms)
		zf.FloorAreaM2 = Round2(area / 1e6)
		out = append(out, zf)
	}
	return out
}

// scheduleFacts is the drawn room schedule: source order, or grouped zone
// by zone (innermost zone) when the plan declares zones.
func (m *Model) scheduleFacts(rooms []Room) []ScheduleRow {
	p := m.Plan
	if !p.Settings.Schedule {
		return nil
	}
	order := make([]int, 0, len(p.Rooms))
	grouped := len(p.Zones) > 0
	if grouped {
		used := make([]bool, len(p.Rooms))
		for _, zn := range p.Zones {
			for i := range p.Rooms {
				if !used[i] && p.Rooms[i].Zone == zn.Path {
					used[i] = true
					order = append(order, i)
				}
			}
		}
		for i := range p.Rooms {
			if !used[i] {
				order = append(order, i)
			}
		}
	} else {
		for i := range p.Rooms {
			order = append(order, i)
		}
	}
	width := len(strconv.Itoa(len(order)))
	if width < 2 {
		width = 2
	}
	out := make([]ScheduleRow, 0, len(order))
	for k, i := range order {
		r := &p.Rooms[i]
		no := strconv.Itoa(k + 1)
		no = strings.Repeat("0", width-len(no)) + no
		name := r.Label
		if name == "" {
			name = r.ID
		}
		row := ScheduleRow{No: no, ID: r.ID, Name: name, AreaM2: rooms[i].AreaM2}
		if grouped {
			row.Zone = r.Zone
		}
		out = append(out, row)
	}
	return out
}
