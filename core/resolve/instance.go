package resolve

import "github.com/archlang-go/caddy-archlang/core/expand"

// inlineInstances splices the items of every `place` instance into the
// list. Instances are not transformed yet: their items are drawn in the
// component's own frame.
func (r *resolver) inlineInstances(items []expand.Item) []expand.Item {
	var out []expand.Item
	for _, it := range items {
		if in, ok := it.(*expand.Instance); ok {
			r.addAll(in.Diags)
			out = append(out, r.inlineInstances(in.Items)...)
			continue
		}
		out = append(out, it)
	}
	return out
}
