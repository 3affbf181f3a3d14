package analysis

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// SetSharedLegs sets how many routes to one destination share a reverse
// search, and returns a function that restores the old value.
func SetSharedLegs(n int) (restore func()) {
	old := sharedLegs
	sharedLegs = n
	return func() { sharedLegs = old }
}

// NearestOpenBothWays answers nearestOpen for room r of p's nav grid at q
// by rings and by measuring every cell (-1, -1 when p has no grid).
func NearestOpenBothWays(p *ir.Plan, q geom.Point, r int) (rings, scan int) {
	g := NewModel(p).buildGrid()
	if g == nil {
		return -1, -1
	}
	defer g.release()
	rings, ok := g.nearestOpenRings(q, r)
	if !ok {
		rings = -2
	}
	scan = -1
	bd := math.Inf(1)
	for _, k32 := range g.cells[r] {
		k := int(k32)
		if !g.open[k] {
			continue
		}
		if d := g.centre(k).Sub(q).Len(); d < bd {
			scan, bd = k, d
		}
	}
	return rings, scan
}
