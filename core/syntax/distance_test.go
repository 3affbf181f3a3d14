package syntax

import (
	"math/rand/v2"
	"testing"
)

// fullOSA is the optimal-string-alignment distance over the whole table.
func fullOSA(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// TestDistanceBanded: computing only the band around the diagonal gives
// the whole table's distance wherever it is within the limit, and limit+1
// beyond it, on random words over small alphabets (where swaps and near
// misses are common).
func TestDistanceBanded(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	word := func(n int, alpha string) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alpha[rng.IntN(len(alpha))]
		}
		return string(b)
	}
	var rows []int
	for range 20000 {
		alpha := "ab"
		if rng.IntN(2) == 0 {
			alpha = "abcd"
		}
		a := word(rng.IntN(9), alpha)
		b := word(rng.IntN(9), alpha)
		limit := rng.IntN(4)
		want := min(fullOSA(a, b), limit+1)
		if got := min(distance(a, b, limit, &rows), limit+1); got != want {
			t.Fatalf("distance(%q, %q, %d) = %d, want %d", a, b, limit, got, want)
		}
	}
}
