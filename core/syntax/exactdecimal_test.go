package syntax

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestExactDecimal checks the exact fast path gives shiftDecimal's value,
// bit for bit, whenever it answers, on literals of every length and
// shape (leading zeros, long fractions, every suffix shift).
func TestExactDecimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	digits := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(byte('0' + rng.IntN(10)))
		}
		return b.String()
	}
	answered := 0
	for k := range 400000 {
		lit := digits(1 + rng.IntN(18))
		if k%3 > 0 {
			lit += "." + digits(1+rng.IntN(18))
		}
		for _, shift := range []int{0, 1, 3} {
			got, ok := exactDecimal([]byte(lit), shift)
			if !ok {
				continue
			}
			answered++
			if want := shiftDecimal(lit, shift); math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("exactDecimal(%q, %d) = %v, shiftDecimal says %v", lit, shift, got, want)
			}
		}
	}
	if answered == 0 {
		t.Fatal("the fast path never answered")
	}
}
