package svg

import (
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// pinnedLabel returns the label point an author pinned with `label "…" at
// (x,y)`. Until the IR carries that point every label is placed by the
// renderer.
func pinnedLabel(rm ir.Room) (geom.Point, bool) {
	_ = rm
	return geom.Point{}, false
}
