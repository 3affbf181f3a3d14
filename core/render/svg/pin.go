package svg

import (
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// pinnedLabel returns the label point an author pinned with `label "…" at
// (x,y)`; that point always wins over automatic placement.
func pinnedLabel(rm ir.Room) (geom.Point, bool) {
	if rm.LabelAt == nil || !finite(*rm.LabelAt) {
		return geom.Point{}, false
	}
	return *rm.LabelAt, true
}
