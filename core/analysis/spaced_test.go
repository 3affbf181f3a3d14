package analysis

import (
	"math"
	"math/rand/v2"
	"slices"
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

// matchTermScan is matchTerm as it was: matchAt tried at every word start.
func matchTermScan(text, pattern string) (string, bool) {
	for i := 0; i < len(text); i++ {
		if i > 0 && !isWordSep(text[i-1]) {
			continue
		}
		n, ok := matchAt(text[i:], pattern)
		if !ok {
			continue
		}
		j := i + n
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		if j == len(text) || isWordSep(text[j]) {
			return strings.NewReplacer("-", " ", "_", " ").Replace(text[i : i+n]), true
		}
	}
	return "", false
}

// TestMatchTermMatchesScan holds matchTerm, which passes the word starts
// that do not begin with the pattern's first byte, to the try at every
// word start, on random labels built from the terms' own pieces.
func TestMatchTermMatchesScan(t *testing.T) {
	patterns := []string{"living", "dining", " lead", ""}
	for _, group := range useRules {
		for _, r := range group {
			for _, term := range r.terms {
				patterns = append(patterns, term.pattern)
			}
		}
	}
	pieces := []string{"bed", "room", "bath", "wc", "en", "suite", "hall", "way", "kitchen", "ette", "entry", " ", "-", "_", "/", "2", "x", ".", "(", "living", "dining", "lead"}
	rng := rand.New(rand.NewPCG(12, 13))
	for range 3000 {
		var b strings.Builder
		for range rng.IntN(6) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text := b.String()
		for _, p := range patterns {
			m, ok := matchTerm(text, p)
			wm, wok := matchTermScan(text, p)
			if m != wm || ok != wok {
				t.Fatalf("matchTerm(%q, %q) = %q %v, the scan says %q %v", text, p, m, ok, wm, wok)
			}
		}
	}
}

// TestInferUsesMatchesScan holds InferUses, which passes the terms whose
// first byte starts no word of the label, to trying every term, on random
// labels built from the terms' own pieces.
func TestInferUsesMatchesScan(t *testing.T) {
	scan := func(label string) []UseMatch {
		text := strings.ToLower(label)
		var out []UseMatch
		for _, group := range useRules {
		rules:
			for _, r := range group {
				for _, term := range r.terms {
					if m, ok := matchTermScan(text, term.pattern); ok {
						out = append(out, UseMatch{Use: r.use, Term: m, Alias: term.alias})
						break rules
					}
				}
			}
		}
		return out
	}
	pieces := []string{"Bed", "room", "bath", "WC", "en", "suite", "Hall", "way", "kitchen", "ette", "entry", "foyer", "toilet", " ", "-", "_", "/", "2", "x", "."}
	rng := rand.New(rand.NewPCG(14, 15))
	for range 5000 {
		var b strings.Builder
		for range 1 + rng.IntN(6) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		label := b.String()
		if got, want := InferUses(label, "x"), scan(label); !slices.Equal(got, want) {
			t.Fatalf("InferUses(%q) = %v, trying every term gives %v", label, got, want)
		}
	}
}
