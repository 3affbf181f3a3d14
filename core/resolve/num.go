package resolve

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/internal/numfmt"
)

// snap rounds v to the nearest multiple of grid, halves rounding up (toward
// +∞) as floor(v/grid + 0.5), as the reference does. A grid of zero or
// less leaves v unchanged. The result is never negative zero.
func snap(v, grid float64) float64 {
	if grid <= 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	return numfmt.FloorHalf(v/grid) * grid
}

// snapSize snaps a thickness or width unless that leaves it without a
// positive extent: a size under half a grid step, or a refused non-positive
// one, keeps its written value, as in the reference (a wall of thickness
// -5 on a 100 mm grid borders no room).
func snapSize(v, grid float64) float64 {
	r := snap(v, grid)
	if r <= 0 {
		return v
	}
	return r
}

// num formats a number the way the reference prints numbers in messages and
// fix edits: numfmt.Plain, the shortest round-trip digits without an
// exponent, "0" for negative zero, JavaScript's words for the non-finite.
func num(v float64) string { return numfmt.Plain(v) }

// round3 rounds v to three decimals, halves up as floor(x + 0.5)
// (numfmt.FloorHalfTo), never to negative zero.
func round3(v float64) float64 { return numfmt.FloorHalfTo(v, 3) }
