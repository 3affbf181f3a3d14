package lint

import (
	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// verticalCounts counts, per stair/elevator/escalator id, the storeys that
// draw it. It is nil for a single-storey plan, where the rule is silent.
func verticalCounts(pages []*ir.Plan) map[string]int {
	if len(pages) < 2 {
		return nil
	}
	out := map[string]int{}
	for _, pg := range pages {
		seen := map[string]bool{}
		for _, v := range pg.Vertical {
			if v.ID != "" && !seen[v.ID] {
				seen[v.ID] = true
				out[v.ID]++
			}
		}
	}
	return out
}

// shaftArrivals returns, per storey, the rooms a shaft lands in when the
// shaft also stops on a storey that can be entered (one with an exterior
// door or opening, or itself reached by a shaft), found by a fixpoint.
func shaftArrivals(pages []*ir.Plan) [][]int {
	out := make([][]int, len(pages))
	if len(pages) < 2 {
		return out
	}
	reach := make([]bool, len(pages))
	for i, pg := range pages {
		for k := range pg.Openings {
			op := &pg.Openings[k]
			if op.Kind != ir.Window && analysis.HostCategory(pg, op) == analysis.Exterior {
				reach[i] = true
			}
		}
	}
	// stops[id] lists the storeys drawing the shaft id, ascending.
	stops := map[string][]int{}
	var ids []string
	for i, pg := range pages {
		for _, v := range pg.Vertical {
			if v.ID == "" {
				continue
			}
			if _, ok := stops[v.ID]; !ok {
				ids = append(ids, v.ID)
			}
			if s := stops[v.ID]; len(s) == 0 || s[len(s)-1] != i {
				stops[v.ID] = append(s, i)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, id := range ids {
			s := stops[id]
			for k := 0; k+1 < len(s); k++ {
				a, b := s[k], s[k+1]
				if reach[a] != reach[b] {
					reach[a], reach[b], changed = true, true, true
				}
			}
		}
	}
	for i, pg := range pages {
		if !reach[i] {
			continue
		}
		for _, v := range pg.Vertical {
			s := stops[v.ID]
			if v.ID == "" || len(s) < 2 {
				continue
			}
			joined := false
			for k, l := range s {
				if l == i && (k > 0 && reach[s[k-1]] || k+1 < len(s) && reach[s[k+1]]) {
					joined = true
				}
			}
			if !joined {
				continue
			}
			if r := roomAt(pg, v.Rect.Center()); r >= 0 {
				out[i] = append(out[i], r)
			}
		}
	}
	return out
}

// roomAt is the first room whose floor contains p, or -1.
func roomAt(p *ir.Plan, pt geom.Point) int {
	for i := range p.Rooms {
		if inPolygon(p.Rooms[i].Polygon, pt) {
			return i
		}
	}
	return -1
}

var kindNames = map[ir.VerticalKind]string{ir.Stair: "Stair", ir.Elevator: "Elevator", ir.Escalator: "Escalator"}

// stairUnmatched reports shafts drawn on one storey only of a multi-storey
// plan.
func (c *checker) stairUnmatched() {
	if c.shafts == nil {
		return
	}
	for _, v := range c.p.Vertical {
		if v.ID == "" || c.shafts[v.ID] != 1 {
			continue
		}
		d := diag.New(diag.WarnStairUnmatched, v.Span, "%s %s is drawn on one storey only, so it links no floors.", kindNames[v.Kind], quote(v.ID))
		d.Hints = []string{"Draw the matching run with the same id " + quote(v.ID) + " on the storey above or below (each storey gives its own `dir`), or correct the id."}
		c.add(d)
	}
}
