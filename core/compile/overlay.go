package compile

import (
	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/render/svg"
)

// OverlayCirculation is the one overlay Options.Overlay draws: each
// storey's walks from its entrance to its rooms (dashed, with a diamond
// and the clear width where each is narrowest) and its key routes between
// rooms, as describe's circulation measures them.
const OverlayCirculation = "circulation"

// overlayOn says whether opts asks for an overlay this compiler draws.
func overlayOn(opts Options) bool { return opts.Overlay == OverlayCirculation }

// overlayOf is the overlay geometry of one drawn storey, nil when none is
// asked for or the storey has no walk to draw.
func overlayOf(p *ir.Plan, opts Options) *svg.Overlay {
	if !overlayOn(opts) || p == nil {
		return nil
	}
	wp := analysis.Paths(p)
	if wp == nil {
		return nil
	}
	o := &svg.Overlay{}
	for _, w := range wp.Walks {
		o.Walks = append(o.Walks, svg.OverlayWalk{Points: w.Points, Pinch: w.Pinch, Width: w.Width})
	}
	for _, r := range wp.Routes {
		o.Routes = append(o.Routes, r.Points)
	}
	return o
}
