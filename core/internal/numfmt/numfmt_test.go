package numfmt

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

var (
	negZero      = math.Copysign(0, -1)
	tenth, fifth = 0.1, 0.2 // variables: constant arithmetic would be exact
	inf, nan     = math.Inf(1), math.NaN()
)

func TestJS(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0"},
		{negZero, "0"},
		{1, "1"},
		{42, "42"},
		{-1.5, "-1.5"},
		{5.123456, "5.123456"},
		{tenth + fifth, "0.30000000000000004"},
		{123456789012, "123456789012"},
		{123456789012345678, "123456789012345680"},
		{9007199254740994, "9007199254740994"},
		{1e20, "100000000000000000000"},
		{math.Nextafter(1e21, 0), "999999999999999900000"},
		{1e21, "1e+21"},
		{-1e21, "-1e+21"},
		{1.5e22, "1.5e+22"},
		{1e300, "1e+300"},
		{0.000001, "0.000001"},
		{math.Nextafter(1e-6, 0), "9.999999999999997e-7"},
		{1e-7, "1e-7"},
		{1.25e-7, "1.25e-7"},
		{-1.5e-7, "-1.5e-7"},
		{5e-324, "5e-324"},
		{math.MaxFloat64, "1.7976931348623157e+308"},
		{inf, "Infinity"},
		{-inf, "-Infinity"},
		{nan, "NaN"},
	}
	for _, tt := range tests {
		if got := JS(tt.in); got != tt.want {
			t.Errorf("JS(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPlain(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0"},
		{negZero, "0"},
		{-1.5, "-1.5"},
		{tenth + fifth, "0.30000000000000004"},
		{1e21, "1000000000000000000000"},
		{1e-7, "0.0000001"},
		{123456789012345678, "123456789012345680"},
		{inf, "Infinity"},
		{-inf, "-Infinity"},
		{nan, "NaN"},
	}
	for _, tt := range tests {
		if got := Plain(tt.in); got != tt.want {
			t.Errorf("Plain(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFixed(t *testing.T) {
	tests := []struct {
		in   float64
		d    int
		want string
	}{
		{0, 1, "0"},
		{negZero, 1, "0"},
		{-0.01, 1, "0"}, // "-0.0" before trimming
		{2.5, 2, "2.5"},
		{3, 1, "3"},
		{1.25, 1, "1.2"}, // strconv: the binary 1.25 is a tie, half to even
		{1.35, 1, "1.4"}, // the binary 1.35 is just above 1.35
		{tenth + fifth, 1, "0.3"},
		{-12.34, 0, "-12"},
		{1e21, 1, "1000000000000000000000"},
		{1e-7, 3, "0"},
		{1e23, 1, "99999999999999991611392"},
		{1e23, -1, "100000000000000000000000"},
		{tenth + fifth, -1, "0.30000000000000004"},
		{-2.5, -1, "-2.5"},
		{negZero, -1, "0"},
		{1e-7, -1, "0.0000001"},
		{inf, -1, "+Inf"},
		{inf, 1, "+Inf"},
		{-inf, 1, "-Inf"},
		{nan, 1, "NaN"},
	}
	for _, tt := range tests {
		if got := Fixed(tt.in, tt.d); got != tt.want {
			t.Errorf("Fixed(%v, %d) = %q, want %q", tt.in, tt.d, got, tt.want)
		}
	}
}

func TestHundredths(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0"},
		{negZero, "0"},
		{-0.004, "0"},
		{-0.005, "0"}, // tie toward +∞
		{0.005, "0.01"},
		{0.015, "0.02"},
		{-1.125, "-1.12"}, // an exact tie, toward +∞
		{-2.345, "-2.35"}, // -2.345·100 is -234.50000000000003
		{99.995, "100"},
		{1.1, "1.1"},
		{-1234.5, "-1234.5"},
		{1e15, "1000000000000000"},
		{1e21, "999999999999999900000"}, // 1e21·100/100 is the double below 1e21
		{inf, "Infinity"},
		{nan, "NaN"},
	}
	for _, tt := range tests {
		if got := Hundredths(tt.in); got != tt.want {
			t.Errorf("Hundredths(%v) = %q, want %q", tt.in, got, tt.want)
		}
		if got := string(AppendHundredths([]byte("x="), tt.in)); got != "x="+tt.want {
			t.Errorf("AppendHundredths(\"x=\", %v) = %q, want %q", tt.in, got, "x="+tt.want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { AppendHundredths(make([]byte, 0, 32)[:0], -1234.56) }); n > 1 {
		t.Errorf("AppendHundredths into room allocates %v times, want only the test's buffer", n)
	}
}

// TestHundredthsFastPath checks the fast path against the general shortest
// form on random values of every magnitude a drawing can hold, and around
// the fast path's bound.
func TestHundredthsFastPath(t *testing.T) {
	slow := func(v float64) string { return Plain(HalfUp(v*100) / 100) }
	rng := rand.New(rand.NewPCG(1, 2))
	vals := []float64{maxExactCents/100 - 0.01, maxExactCents / 100, -maxExactCents/100 + 0.01, 0.005, -0.005, 0.015, 99.995, 1e15, -3e14}
	for range 200000 {
		scale := math.Pow(10, float64(rng.IntN(14))-3)
		vals = append(vals, (rng.Float64()*2-1)*scale)
		// and the whole numbers, which take the integer path
		vals = append(vals, math.Round((rng.Float64()*2-1)*scale))
	}
	vals = append(vals, math.Copysign(0, -1), maxExactCents/100, maxExactCents/100-1, -maxExactCents/100+1, 1e15, -1e15, math.MaxInt64, math.MinInt64)
	for _, v := range vals {
		if got, want := Hundredths(v), slow(v); got != want {
			t.Fatalf("Hundredths(%v) = %q, want %q", v, got, want)
		}
	}
}

// The three roundings side by side, on the inputs where they part.
func TestRounding(t *testing.T) {
	below := math.Nextafter(0.5, 0) // 0.49999999999999994
	big := float64(1<<52 + 1)       // odd, and past where x+0.5 is exact
	tests := []struct {
		in                       float64
		halfUp, floorHalf, round float64
	}{
		{0.5, 1, 1, 1},
		{2.5, 3, 3, 3},
		{-0.5, 0, 0, -1},
		{-2.5, -2, -2, -3},
		{-0.4, 0, 0, 0},
		{1.49999, 1, 1, 1},
		{6666.5, 6667, 6667, 6667},
		{below, 0, 1, 0},
		{big, big, big + 1, big},
		{-big, -big, -big + 1, -big},
		{negZero, 0, 0, 0},
		{inf, inf, inf, inf},
		{-inf, -inf, -inf, -inf},
	}
	for _, tt := range tests {
		if got := HalfUp(tt.in); got != tt.halfUp || math.Signbit(got) && got == 0 {
			t.Errorf("HalfUp(%v) = %v, want %v", tt.in, got, tt.halfUp)
		}
		if got := FloorHalf(tt.in); got != tt.floorHalf || math.Signbit(got) && got == 0 {
			t.Errorf("FloorHalf(%v) = %v, want %v", tt.in, got, tt.floorHalf)
		}
		if got := HalfAwayTo(tt.in, 0); got != tt.round || math.Signbit(got) && got == 0 {
			t.Errorf("HalfAwayTo(%v, 0) = %v, want %v", tt.in, got, tt.round)
		}
	}
	for _, f := range []func(float64) float64{HalfUp, FloorHalf, func(x float64) float64 { return HalfAwayTo(x, 2) }} {
		if got := f(nan); !math.IsNaN(got) {
			t.Errorf("NaN rounds to %v", got)
		}
	}
}

func TestRoundTo(t *testing.T) {
	tests := []struct {
		in        float64
		d         int
		floorHalf float64
		halfAway  float64
	}{
		{1.0 / 7, 3, 0.143, 0.143},
		{tenth + fifth, 2, 0.3, 0.3},
		{-0.0004, 3, 0, 0},
		{-0.0005, 3, 0, -0.001},
		{1.005, 2, 1, 1}, // 1.005 is stored just below, and 1.005*100 is 100.49999999999999
		{2.675, 2, 2.68, 2.68},
		{12.25, 1, 12.3, 12.3},
		{-12.25, 1, -12.2, -12.3},
		{123.456, 0, 123, 123},
	}
	for _, tt := range tests {
		if got := FloorHalfTo(tt.in, tt.d); got != tt.floorHalf || math.Signbit(got) && got == 0 {
			t.Errorf("FloorHalfTo(%v, %d) = %v, want %v", tt.in, tt.d, got, tt.floorHalf)
		}
		if got := HalfAwayTo(tt.in, tt.d); got != tt.halfAway || math.Signbit(got) && got == 0 {
			t.Errorf("HalfAwayTo(%v, %d) = %v, want %v", tt.in, tt.d, got, tt.halfAway)
		}
	}
	if got := HalfAwayTo(1e307, 2); !math.IsInf(got, 1) {
		t.Errorf("HalfAwayTo(1e307, 2) = %v, want +Inf (x·100 overflows)", got)
	}
}

func TestNoNegZero(t *testing.T) {
	if got := NoNegZero(negZero); got != 0 || math.Signbit(got) {
		t.Errorf("NoNegZero(-0) = %v", got)
	}
	for _, x := range []float64{0, 1, -1, inf, -inf} {
		if got := NoNegZero(x); got != x {
			t.Errorf("NoNegZero(%v) = %v", x, got)
		}
	}
	if !math.IsNaN(NoNegZero(nan)) {
		t.Error("NoNegZero(NaN) is not NaN")
	}
}

// FuzzJS checks JS against strconv: the digits read back as the input, they
// are strconv's shortest digits, and the notation switches where
// JavaScript's does.
func FuzzJS(f *testing.F) {
	for _, x := range []float64{0, 1, -1.5, 0.1, 1e21, 1e-7, 1e-6, 5e-324, math.MaxFloat64, 123456789012345678} {
		f.Add(math.Float64bits(x))
	}
	f.Fuzz(func(t *testing.T, bits uint64) {
		x := math.Float64frombits(bits)
		s := JS(x)
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return
		}
		back, err := strconv.ParseFloat(s, 64)
		if err != nil || back != x {
			t.Fatalf("JS(%v) = %q reads back as %v (%v)", x, s, back, err)
		}
		if x == 0 {
			return
		}
		short := strconv.FormatFloat(x, 'e', -1, 64)
		mant, _, _ := strings.Cut(short, "e")
		if digits(s) != digits(mant) {
			t.Fatalf("JS(%v) = %q, digits differ from strconv's %q", x, s, short)
		}
		a := math.Abs(x)
		if exp := strings.Contains(s, "e"); exp != (a < 1e-6 || a >= 1e21) {
			t.Fatalf("JS(%v) = %q: exponent form %v at magnitude %v", x, s, exp, a)
		}
	})
}

// digits is the significant digits of a number's text: no sign, point,
// exponent, or leading and trailing zeros.
func digits(s string) string {
	s, _, _ = strings.Cut(s, "e")
	s = strings.TrimLeft(s, "-")
	s = strings.ReplaceAll(s, ".", "")
	return strings.Trim(s, "0")
}

// BenchmarkAppendHundredths writes numbers as a drawing does: whole
// millimetres, and coordinates with one or two decimals.
func BenchmarkAppendHundredths(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	vals := make([]float64, 1024)
	for i := range vals {
		switch i % 3 {
		case 0:
			vals[i] = float64(rng.IntN(60000) - 5000)
		case 1:
			vals[i] = float64(rng.IntN(6000000)-500000) / 100
		default:
			vals[i] = (rng.Float64()*2 - 1) * 50000
		}
	}
	buf := make([]byte, 0, 64)
	for b.Loop() {
		for _, v := range vals {
			buf = AppendHundredths(buf[:0], v)
		}
	}
}
