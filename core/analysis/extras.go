package analysis

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

const axisLetterChars = "ABCDEFGHJKLMNPQRSTUVWXY"

// sheetFacts returns the operative scale text and the sheet block.
func sheetFacts(p *ir.Plan, outer geom.Rect, found bool) (string, *Sheet) {
	st := p.Settings
	scale := ""
	if st.ScaleSet && st.ScaleDenom > 0 {
		scale = num(st.ScaleNum) + ":" + num(st.ScaleDenom)
	}
	w, h, orient, ok := st.SheetSize()
	if !ok {
		return scale, nil
	}
	bw, bh := outer.W(), outer.H()
	if !found {
		bw, bh = 0, 0
	}
	sh := &Sheet{Paper: st.Paper, Orientation: orient}
	if st.ScaleSet && st.ScaleDenom > 0 {
		sh.ScaleDenominator = st.ScaleDenom
		d := st.ScaleDenom
		if st.ScaleNum > 0 {
			d = st.ScaleDenom / st.ScaleNum
		}
		sh.Fits = ir.FitsAuthored(w, h, bw, bh, d, st.DimsAuto != "", p.TitleRows())
		return scale, sh
	}
	sh.ScaleAuto = true
	sh.ScaleDenominator, sh.Fits = ir.AutoScale(w, h, bw, bh, st.DimsAuto != "")
	return "1:" + num(sh.ScaleDenominator), sh
}

// compassWords maps a direction word to its compass letter.
var compassWords = map[string]string{"north": "N", "south": "S", "east": "E", "west": "W", "n": "N", "s": "S", "e": "E", "w": "W"}

var opposite = map[string]string{"N": "S", "S": "N", "E": "W", "W": "E"}

func siteFacts(st ir.Settings) *Site {
	if st.SiteStreet == "" {
		return nil
	}
	street := compassWords[strings.ToLower(st.SiteStreet)]
	hemi := strings.ToLower(st.SiteHemisphere)
	if hemi == "" {
		hemi = "north"
	}
	eq := "S"
	if hemi == "south" {
		eq = "N"
	}
	return &Site{Street: street, Back: opposite[street], EquatorSide: eq, SunriseSide: "E", SunsetSide: "W", Hemisphere: hemi}
}

// SiteDirection resolves a site direction name (street, back,
// equator_side, sunrise_side, sunset_side) to its compass letter; ok is
// false when the plan has no site or the name is not one of them.
func SiteDirection(st ir.Settings, name string) (string, bool) {
	s := siteFacts(st)
	if s == nil {
		return "", false
	}
	switch name {
	case "street":
		return s.Street, true
	case "back":
		return s.Back, true
	case "equator_side":
		return s.EquatorSide, true
	case "sunrise_side":
		return s.SunriseSide, true
	case "sunset_side":
		return s.SunsetSide, true
	}
	return "", false
}

func axesFacts(st ir.Settings) *Axes {
	if len(st.AxesX) == 0 && len(st.AxesY) == 0 {
		return nil
	}
	a := &Axes{X: []Axis{}, Y: []Axis{}}
	xs := append([]float64(nil), st.AxesX...)
	sort.Float64s(xs)
	for i, x := range xs {
		a.X = append(a.X, Axis{Pos: z(x), Label: strconv.Itoa(i + 1)})
	}
	ys := append([]float64(nil), st.AxesY...)
	sort.Sort(sort.Reverse(sort.Float64Slice(ys)))
	for i, y := range ys {
		a.Y = append(a.Y, Axis{Pos: z(y), Label: AxisLetters(i)})
	}
	return a
}

// AxisLetters names the i-th horizontal axis (from the bottom): A…Y
// without I, O and Z, then AA, AB, …
func AxisLetters(i int) string {
	const n = len(axisLetterChars)
	s := ""
	for i >= 0 {
		s = string(axisLetterChars[i%n]) + s
		i = i/n - 1
	}
	return s
}

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

// RoomAt returns the first room whose floor contains q (its bounding box
// for a rectangle, the ring for a polygon, the circle for a circle), or -1.
func RoomAt(p *ir.Plan, q geom.Point) int {
	for i := range p.Rooms {
		if RoomContains(&p.Rooms[i], q) {
			return i
		}
	}
	return -1
}

// RoomContains reports whether q lies on a room's floor (edges included).
func RoomContains(r *ir.Room, q geom.Point) bool {
	switch r.Shape {
	case ir.RoomCircle:
		return q.Sub(r.Center).Len() <= r.Radius+geomEps
	case ir.RoomRect:
		b := r.Polygon.Bounds()
		return q.X >= b.Min.X-geomEps && q.X <= b.Max.X+geomEps && q.Y >= b.Min.Y-geomEps && q.Y <= b.Max.Y+geomEps
	}
	if DistToRoom(r, q) <= geomEps {
		return true
	}
	in := false
	pg := r.Polygon
	for i, j := 0, len(pg)-1; i < len(pg); j, i = i, i+1 {
		a, b := pg[i], pg[j]
		if (a.Y > q.Y) != (b.Y > q.Y) && q.X < (b.X-a.X)*(q.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
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

// outerRect is the plan's extent over the walls' outer faces (square
// ends, exact arc extremes) and the rooms.
func outerRect(p *ir.Plan) (geom.Rect, bool) {
	r, found := extentRect(p)
	add := func(q geom.Point) {
		if found {
			r = r.Union(geom.Rect{Min: q, Max: q})
		} else {
			r, found = geom.Rect{Min: q, Max: q}, true
		}
	}
	for i := range p.Walls {
		w := &p.Walls[i]
		h := w.Thickness / 2
		for j, s := range w.Segments() {
			if j < len(w.Arcs) && curved(w.Arcs[j]) {
				a := w.Arcs[j]
				for _, q := range []geom.Point{s.A, s.B} {
					n := q.Sub(a.Center).Unit()
					add(q.Add(n.Mul(h)))
					add(q.Sub(n.Mul(h)))
				}
				for k := 0; k < 4; k++ {
					t := float64(k) * math.Pi / 2
					if angleIn(t, a.StartAngle, a.Sweep) {
						n := geom.Point{X: math.Cos(t), Y: math.Sin(t)}
						add(a.Center.Add(n.Mul(a.Radius + h)))
					}
				}
				continue
			}
			d := s.B.Sub(s.A)
			if d.Len() == 0 {
				add(geom.Point{X: s.A.X - h, Y: s.A.Y - h})
				add(geom.Point{X: s.A.X + h, Y: s.A.Y + h})
				continue
			}
			u := d.Unit()
			n := geom.Point{X: -u.Y, Y: u.X}
			a, b := s.A.Sub(u.Mul(h)), s.B.Add(u.Mul(h))
			for _, q := range []geom.Point{a.Add(n.Mul(h)), a.Sub(n.Mul(h)), b.Add(n.Mul(h)), b.Sub(n.Mul(h))} {
				add(q)
			}
		}
		if len(w.Points) == 1 {
			q := w.Points[0]
			add(geom.Point{X: q.X - h, Y: q.Y - h})
			add(geom.Point{X: q.X + h, Y: q.Y + h})
		}
	}
	return r, found
}
