package analysis

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/ir"
)

// Walks is the circulation walk of one storey on its own, as describe's
// circulation reports it (nil when the plan has no modelled entrance),
// without the rest of the facts: for callers that measure a plan again
// and again as they change it (repair's guard against pinching a walk).
func Walks(p *ir.Plan) *Circulation {
	m := NewModel(p)
	edges := m.Edges()
	acc := Access{}
	for i := range edges {
		if edges[i].IsEntrance() {
			acc.HasEntrance = true
			break
		}
	}
	return m.circulation(acc, edges)
}

// GridCells is the number of cells of the nav grid Walks (and every
// circulation measure) lays over p, 0 when p gets none: what one measure
// of its walks costs, for callers that budget them.
func GridCells(p *ir.Plan) int {
	ext, ok := extentRect(p)
	if !ok {
		return 0
	}
	cell := CellSize(ext.W(), ext.H())
	fx, fy := math.Ceil(ext.W()/cell), math.Ceil(ext.H()/cell)
	if !(fx >= 1 && fy >= 1 && fx*fy <= MaxGridCells) {
		return 0
	}
	return int(fx * fy)
}
