package analysis

import (
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
	_, _, nx, ny, ok := gridShape(p)
	if !ok {
		return 0
	}
	return nx * ny
}
