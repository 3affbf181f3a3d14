package lint

import (
	"math"
	"strconv"
)

// itoa writes an integer.
func itoa(n int) string { return strconv.Itoa(n) }

// mm writes a length rounded to the millimetre, as findings quote them.
func mm(v float64) string { return strconv.FormatFloat(roundHalfUp(v), 'f', -1, 64) }

// m2 writes an area in m² rounded to two decimals, trailing zeros dropped.
func m2(v float64) string {
	return strconv.FormatFloat(roundHalfUp(v*100)/100, 'f', -1, 64)
}

// roundHalfUp rounds to the nearest integer, halves toward +∞, and never
// returns negative zero.
func roundHalfUp(v float64) float64 {
	r := math.Floor(v + 0.5)
	if r == 0 {
		return 0
	}
	return r
}
