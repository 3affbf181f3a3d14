package resolve

import (
	"math"
	"strconv"
)

// snap rounds v to the nearest multiple of grid, halves rounding up (toward
// +∞), as the reference does. A grid of zero or less leaves v unchanged.
// The result is never negative zero.
func snap(v, grid float64) float64 {
	if grid <= 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	r := math.Floor(v/grid+0.5) * grid
	if r == 0 {
		return 0
	}
	return r
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
// fix edits: integers without a decimal point, other values in their
// shortest round-trip form.
func num(v float64) string {
	if v == 0 {
		return "0"
	}
	if math.IsInf(v, 1) {
		return "Infinity"
	}
	if math.IsInf(v, -1) {
		return "-Infinity"
	}
	if math.IsNaN(v) {
		return "NaN"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// round3 rounds v to three decimals, halves up.
func round3(v float64) float64 {
	r := math.Floor(v*1000+0.5) / 1000
	if r == 0 {
		return 0
	}
	return r
}
