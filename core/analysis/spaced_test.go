package analysis

import (
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
