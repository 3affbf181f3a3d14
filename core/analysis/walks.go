package analysis

import "github.com/archlang-go/caddy-archlang/core/ir"

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
