package analysis

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestSpaced holds spaced to the replacer it stands for, on random strings
// of letters and separators.
func TestSpaced(t *testing.T) {
	r := strings.NewReplacer("-", " ", "_", " ")
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "ab -_/"
	for range 2000 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		if got, want := spaced(string(b)), r.Replace(string(b)); got != want {
			t.Fatalf("spaced(%q) = %q, want %q", b, got, want)
		}
	}
}

// TestClampAsMath: the clamp distToSegment writes with the built-in min
// and max gives what math.Max(0, math.Min(1, t)) gave, bit for bit, on
// the special values (zeros of either sign, infinities, NaN) and between.
func TestClampAsMath(t *testing.T) {
	for _, v := range []float64{math.Copysign(0, -1), 0, 0.5, 1, 2, -3, math.Inf(1), math.Inf(-1), math.NaN(), 1e-300, -1e-300} {
		got, want := max(0, min(1, v)), math.Max(0, math.Min(1, v))
		if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Errorf("clamp(%v) = %v, math says %v", v, got, want)
		}
	}
}
