package lint

import (
	"strconv"

	"github.com/archlang-go/caddy-archlang/core/internal/numfmt"
)

// itoa writes an integer.
func itoa(n int) string { return strconv.Itoa(n) }

// mm writes a length rounded to the millimetre as floor(v + 0.5)
// (numfmt.FloorHalf), as findings quote them, in its shortest digits.
func mm(v float64) string { return numfmt.Fixed(numfmt.FloorHalf(v), -1) }

// m2 writes an area in m² rounded to two decimals as floor(v·100 + 0.5)/100
// (numfmt.FloorHalfTo), trailing zeros dropped.
func m2(v float64) string { return numfmt.Fixed(numfmt.FloorHalfTo(v, 2), -1) }
