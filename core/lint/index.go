package lint

import (
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// Spatial indexes: the rules that weigh a piece against the other pieces
// or the walls near it ask an index for those instead of scanning them
// all. Each answer is a superset of what the rule's own test accepts, in
// source order, so the findings are those of a full scan.

// pieceIndex indexes the furniture footprints, built on first use.
func (c *checker) pieceIndex() *geom.RectIndex {
	if c.pieces == nil {
		boxes := make([]geom.Rect, len(c.p.Furniture))
		for i, f := range c.p.Furniture {
			boxes[i] = f.Rect
		}
		c.pieces = geom.NewRectIndex(boxes)
	}
	return c.pieces
}

// bandBox is the extent of a band's solid.
func bandBox(b band) geom.Rect {
	cs := b.corners()
	r := geom.Rect{Min: cs[0], Max: cs[0]}
	for _, q := range cs[1:] {
		r = r.Union(geom.Rect{Min: q, Max: q})
	}
	return r
}

// bandIndex indexes bands by extent.
func bandIndex(bands []band) *geom.RectIndex {
	boxes := make([]geom.Rect, len(bands))
	for i, b := range bands {
		boxes[i] = bandBox(b)
	}
	return geom.NewRectIndex(boxes)
}

// wallsNear returns the wall bands whose solid comes within reach of r, in
// order: those walledSides can find behind r.
func (c *checker) wallsNear(r geom.Rect, reach float64) []band {
	if c.wallIx == nil {
		c.wallIx = bandIndex(c.walls)
	}
	g := reach + geom.Eps
	ids := c.wallIx.Query(geom.Rect{Min: geom.Point{X: r.Min.X - g, Y: r.Min.Y - g}, Max: geom.Point{X: r.Max.X + g, Y: r.Max.Y + g}})
	out := make([]band, 0, len(ids))
	for _, i := range ids {
		out = append(out, c.walls[i])
	}
	return out
}

// stripBox is the box of the strip depth deep in front of side front of r
// (edges included): every piece frontGap can find there meets it.
func stripBox(r geom.Rect, front int, depth float64) geom.Rect {
	switch front {
	case ir.SideTop:
		return geom.Rect{Min: geom.Point{X: r.Min.X, Y: r.Min.Y - depth}, Max: geom.Point{X: r.Max.X, Y: r.Min.Y}}
	case ir.SideBottom:
		return geom.Rect{Min: geom.Point{X: r.Min.X, Y: r.Max.Y}, Max: geom.Point{X: r.Max.X, Y: r.Max.Y + depth}}
	case ir.SideLeft:
		return geom.Rect{Min: geom.Point{X: r.Min.X - depth, Y: r.Min.Y}, Max: geom.Point{X: r.Min.X, Y: r.Max.Y}}
	}
	return geom.Rect{Min: geom.Point{X: r.Max.X, Y: r.Min.Y}, Max: geom.Point{X: r.Max.X + depth, Y: r.Max.Y}}
}
