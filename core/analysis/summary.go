package analysis

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// extentRect is the plan's extent on wall vertices and room vertices: an
// arc bulging past its end points does not widen it (the reference's
// bbox; outerRect takes the bulge).
func extentRect(p *ir.Plan) (geom.Rect, bool) {
	var box geom.Bounds
	add := box.Add
	for i := range p.Walls {
		for _, q := range p.Walls[i].Points {
			add(q)
		}
	}
	for i := range p.Rooms {
		b := roomBounds(&p.Rooms[i])
		add(b.Min)
		add(b.Max)
	}
	return box.Rect, box.OK
}

// curved reports whether a is an arc that can be measured as one: a
// radius so large against its chord that its centre overflows (radius
// 1e300) is measured as the straight chord it draws, as in the reference.
func curved(a ir.WallArc) bool {
	for _, x := range []float64{a.Center.X, a.Center.Y, a.Radius, a.StartAngle, a.Sweep} {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return a.Arc
}

// angleIn reports whether angle t lies on the sweep from start.
func angleIn(t, start, sweep float64) bool {
	d := t - start
	if sweep < 0 {
		d, sweep = -d, -sweep
	}
	d = math.Mod(d, 2*math.Pi)
	if d < 0 {
		d += 2 * math.Pi
	}
	return d <= sweep+1e-9
}

func (m *Model) inputGraph() Graph {
	p := m.Plan
	idx := make(map[string]int, len(p.Rooms))
	for i := len(p.Rooms) - 1; i >= 0; i-- {
		idx[p.Rooms[i].ID] = i
	}
	// Each room's neighbours in room order, without repeats: sparse, as
	// a plan has far fewer connectors than pairs of rooms.
	adj := make([][]int, len(p.Rooms))
	for _, e := range m.Edges() {
		if e.Ambiguous {
			continue
		}
		a, okA := idx[e.Between[0]]
		b, okB := idx[e.Between[1]]
		if okA && okB && a != b {
			adj[a] = append(adj[a], b)
			adj[b] = append(adj[b], a)
		}
	}
	g := make(Graph, 0, len(p.Rooms))
	for i := range p.Rooms {
		n := GraphNode{Room: p.Rooms[i].ID, Neighbors: []string{}}
		slices.Sort(adj[i])
		for k, j := range adj[i] {
			if k == 0 || adj[i][k-1] != j {
				n.Neighbors = append(n.Neighbors, p.Rooms[j].ID)
			}
		}
		g = append(g, n)
	}
	return g
}

// freedom classifies how each element's position was given.
func freedom(p *ir.Plan) Freedom {
	f := Freedom{Elements: []FreedomElement{}}
	for _, r := range p.Rooms {
		pl := r.Placement
		if pl == "" {
			pl = "absolute"
		}
		f.Rooms.Total++
		switch pl {
		case "relational":
			f.Rooms.Relational++
		case "strip":
			f.Rooms.Strip++
		default:
			f.Rooms.Absolute++
		}
		f.Elements = append(f.Elements, FreedomElement{ID: r.ID, Kind: "room", Placement: pl, Instance: r.Instance})
	}
	for _, kind := range []ir.OpeningKind{ir.Door, ir.Window, ir.Cased} {
		for _, op := range p.Openings {
			if op.Kind != kind {
				continue
			}
			pl := "absolute"
			f.Openings.Total++
			if op.Attached {
				pl = "attached"
				f.Openings.Attached++
			} else {
				f.Openings.Absolute++
			}
			f.Elements = append(f.Elements, FreedomElement{ID: op.ID, Kind: openingKindName(kind), Placement: pl, Instance: op.Instance})
		}
	}
	for _, fu := range p.Furniture {
		f.Furniture.Total++
		pl := "absolute"
		switch fu.Placement {
		case "anchored":
			pl = "anchored"
			f.Furniture.Anchored++
		case "against":
			pl = "against-wall"
			f.Furniture.AgainstWall++
		default:
			f.Furniture.Absolute++
		}
		f.Elements = append(f.Elements, FreedomElement{ID: fu.ID, Kind: "furniture", Placement: pl, Instance: fu.Instance})
	}
	return f
}

func openingKindName(k ir.OpeningKind) string {
	switch k {
	case ir.Door:
		return "door"
	case ir.Window:
		return "window"
	}
	return "opening"
}

// caption composes the one-sentence summary from the facts.
func caption(s *Summary) string {
	var b strings.Builder
	b.WriteString("\"" + s.Plan + "\" — a " + strconv.Itoa(s.Totals.Rooms) + "-room floor plan, " + num(s.Totals.FloorAreaM2) + " m² total")
	if len(s.Rooms) > 0 {
		b.WriteString(": ")
		for i, r := range s.Rooms {
			if i == CaptionRooms {
				b.WriteString(", and " + strconv.Itoa(len(s.Rooms)-CaptionRooms) + " more")
				break
			}
			if i > 0 {
				b.WriteString(", ")
			}
			name := r.Label
			if name == "" {
				name = r.ID
			}
			b.WriteString(name + " (" + num(r.AreaM2) + " m²)")
		}
	}
	var parts []string
	if n := s.Totals.Doors; n > 0 {
		parts = append(parts, plural(n, "door"))
	}
	if n := s.Totals.Windows; n > 0 {
		parts = append(parts, plural(n, "window"))
	}
	if ents := s.Access.Entrances; len(ents) > 0 {
		word := "entrance via "
		if len(ents) > 1 {
			word = "entrances via "
		}
		shown := ents
		if len(shown) > CaptionEntrances {
			shown = shown[:CaptionEntrances]
		}
		t := word + strings.Join(shown, ", ")
		if len(ents) > CaptionEntrances {
			t += ", and " + strconv.Itoa(len(ents)-CaptionEntrances) + " more"
		}
		parts = append(parts, t)
	}
	if len(parts) > 0 {
		b.WriteString("; " + strings.Join(parts, ", "))
	}
	b.WriteString(".")
	return b.String()
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
