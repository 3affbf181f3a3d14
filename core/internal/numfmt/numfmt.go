// Package numfmt is the one home of the core's number formatting and
// rounding: JavaScript's shortest form, plain and fixed-decimal forms, and
// the rounding rules the stages quote numbers with. It imports only the
// standard library.
//
// The stages round in three ways, kept apart because they give different
// answers on a few inputs and each call site must keep its own:
//
//   - [HalfUp] is exact half-up rounding (JavaScript's Math.round): ties go
//     toward +∞, and every double gets the right answer.
//   - [FloorHalf] is floor(x + 0.5), the reference's own idiom. The addition
//     can itself round, so it differs from HalfUp just below one half
//     (0.49999999999999994 gives 1, not 0) and on odd integers beyond 2^52
//     (2^52+1 gives 2^52+2).
//   - [HalfAwayTo] is math.Round: ties go away from zero (-2.5 gives -3,
//     where the other two give -2).
//
// They write numbers in three ways:
//
//   - [JS] is JavaScript's Number#toString: plain notation from 1e-6 up to
//     1e21, exponent notation ("1e+21", "1e-7") outside it.
//   - [Plain] never uses an exponent (1e21 is "1000000000000000000000",
//     1e-7 is "0.0000001").
//   - [Fixed] writes a given number of decimals and drops trailing zeros
//     (or, given -1, the shortest digits, as Plain).
//
// [JS] and [Plain] spell the non-finite values as JavaScript does ("NaN",
// "Infinity", "-Infinity"); [Fixed] keeps strconv's words ("NaN", "+Inf",
// "-Inf"). None of them writes "-0".
//
// [Hundredths] is the drawing's form: HalfUp to two decimals, written as
// Plain, with a fast path for coordinates. [NoNegZero] is the sign rule
// the roundings share: none of them returns negative zero.
//
// Who uses which: planjson and intent print with JS, and expand's
// interpolation with JS after HalfAwayTo to three decimals; resolve's
// messages and fix edits and analysis's describe print with Plain (after
// FloorHalfTo where they round); lint quotes lengths and areas with
// Fixed(…, -1) after FloorHalf or FloorHalfTo; suggest uses Fixed after
// HalfAwayTo; the SVG renderer writes coordinates with Hundredths and its
// labels with Fixed; intent's score rounds with HalfUp, expand's round()
// and resolve's grid snap with FloorHalf.
package numfmt

import (
	"math"
	"strconv"
	"strings"
)

// The magnitudes outside which JavaScript switches to exponent notation:
// plain for jsMinPlain <= |f| < jsMaxPlain.
const (
	jsMinPlain = 1e-6
	jsMaxPlain = 1e21
)

// JS writes f as JavaScript's Number.prototype.toString does: the shortest
// digits that read back as f, in plain notation for magnitudes in
// [1e-6, 1e21) and in exponent notation otherwise ("1e+21", "1.5e-7", with
// no leading zeros in the exponent). Negative zero is "0"; the non-finite
// values are "NaN", "Infinity" and "-Infinity".
func JS(f float64) string {
	if s, ok := special(f); ok {
		return s
	}
	if a := math.Abs(f); a >= jsMinPlain && a < jsMaxPlain {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	s := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX
	mant, exp, _ := strings.Cut(s, "e")
	return mant + "e" + exp[:1] + strings.TrimLeft(exp[1:], "0")
}

// Plain writes f with the shortest digits that read back as f, always in
// plain notation (strconv's 'f' format with precision -1: 1e21 is
// "1000000000000000000000", 1e-7 is "0.0000001"). Negative zero is "0";
// the non-finite values are "NaN", "Infinity" and "-Infinity", as in [JS].
func Plain(f float64) string {
	if s, ok := special(f); ok {
		return s
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// special writes the values [JS] and [Plain] spell alike: "NaN",
// "Infinity", "-Infinity", and "0" for zero of either sign. ok is false for
// every other value.
func special(f float64) (s string, ok bool) {
	switch {
	case math.IsNaN(f):
		return "NaN", true
	case math.IsInf(f, 1):
		return "Infinity", true
	case math.IsInf(f, -1):
		return "-Infinity", true
	case f == 0:
		return "0", true
	}
	return "", false
}

// Fixed writes f with d decimals (strconv's 'f' format, which rounds the
// exact binary value half to even), then drops trailing zeros and a
// trailing point: Fixed(2.50, 2) is "2.5", Fixed(3, 1) is "3". Digits are
// not shortened to the round-trip form, so Fixed(1e23, 1) is
// "99999999999999991611392". A negative d asks for the shortest digits
// that round-trip, as in [Plain] (Fixed(1e23, -1) is
// "100000000000000000000000"). A result that would read "-0" is "0"; the
// non-finite values keep strconv's words ("NaN", "+Inf", "-Inf"), where
// [Plain] writes JavaScript's. Callers wanting another rounding of the
// last decimal round first (see [HalfAwayTo], [FloorHalfTo]).
func Fixed(f float64, d int) string {
	s := strconv.FormatFloat(f, 'f', d, 64)
	if strings.IndexByte(s, '.') >= 0 {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		return "0"
	}
	return s
}

// AppendHundredths appends [Hundredths](v) to dst, allocating nothing
// when dst has room: the drawing writes most of its numbers this way.
func AppendHundredths(dst []byte, v float64) []byte {
	// Most of a drawing's numbers are whole: their digits, straight.
	if i := int64(v); float64(i) == v && i > -maxExactCents/100 && i < maxExactCents/100 {
		return appendInt(dst, i)
	}
	c := HalfUp(v * 100)
	if c == 0 {
		return append(dst, '0')
	}
	if math.Abs(c) < maxExactCents {
		return appendCents(dst, int64(c))
	}
	return append(dst, Plain(c/100)...)
}

// Hundredths writes v rounded to two decimals by [HalfUp] (ties toward +∞),
// trailing zeros dropped and never "-0", as strconv's shortest plain form
// of the rounded value (Plain(HalfUp(v*100)/100)). Magnitudes below
// maxExactCents hundredths, every drawing coordinate in practice, take a
// fast path that writes the digits directly.
func Hundredths(v float64) string {
	var buf [24]byte
	return string(AppendHundredths(buf[:0], v))
}

// maxExactCents bounds the magnitude (in hundredths) below which a
// hundredth's shortest decimal form is its plain digits: doubles there
// are far closer together than 0.01, so c/100 round-trips through its own
// decimal and through no shorter one.
const maxExactCents = 1e12

// appendCents appends c hundredths as Plain(c/100) would, without the
// general shortest-form search: the integer part, then a point and one or
// two digits when the fraction is not zero.
func appendCents(dst []byte, c int64) []byte {
	u := uint64(c)
	if c < 0 {
		u = uint64(-c)
	}
	// Written right to left into a buffer long enough for any int64:
	// the fraction's digits and point, then the integer part two digits
	// at a time.
	var buf [24]byte
	i := len(buf)
	if frac := u % 100; frac != 0 {
		if frac%10 != 0 {
			i -= 2
			buf[i], buf[i+1] = pairs[2*frac], pairs[2*frac+1]
		} else {
			i--
			buf[i] = byte('0' + frac/10)
		}
		i--
		buf[i] = '.'
	}
	n := u / 100
	for n >= 100 {
		d := n % 100
		n /= 100
		i -= 2
		buf[i], buf[i+1] = pairs[2*d], pairs[2*d+1]
	}
	if n >= 10 {
		i -= 2
		buf[i], buf[i+1] = pairs[2*n], pairs[2*n+1]
	} else {
		i--
		buf[i] = byte('0' + n)
	}
	if c < 0 {
		i--
		buf[i] = '-'
	}
	return append(dst, buf[i:]...)
}

// appendInt appends i's decimal digits, as appendCents(dst, 100*i), in
// place at the end of dst grown by their count.
func appendInt(dst []byte, i int64) []byte {
	u := uint64(i)
	n := 1 // characters
	if i < 0 {
		u = uint64(-i)
		n = 2
	}
	switch {
	case u < 10:
	case u < 100:
		n++
	case u < 1000:
		n += 2
	case u < 10000:
		n += 3
	case u < 100000:
		n += 4
	default:
		n += 5
		for t := u / 1000000; t > 0; t /= 10 {
			n++
		}
	}
	l := len(dst)
	if cap(dst)-l < n {
		dst = append(dst, make([]byte, n)...)
	}
	dst = dst[:l+n]
	out := dst[l:]
	k := n
	for u >= 100 {
		d := u % 100
		u /= 100
		k -= 2
		out[k], out[k+1] = pairs[2*d], pairs[2*d+1]
	}
	if u >= 10 {
		out[k-2], out[k-1] = pairs[2*u], pairs[2*u+1]
	} else {
		out[k-1] = byte('0' + u)
	}
	if i < 0 {
		out[0] = '-'
	}
	return dst
}

// pairs holds the two digits of every number below 100.
const pairs = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

// HalfUp rounds x to the nearest integer, ties toward +∞ (2.5 gives 3, -2.5
// gives -2), exactly for every double: it floors and compares the
// remainder, as JavaScript's Math.round behaves. A zero result is +0. NaN
// and ±Inf come back unchanged.
func HalfUp(x float64) float64 {
	r := math.Floor(x)
	if x-r >= 0.5 {
		r++
	}
	return NoNegZero(r)
}

// FloorHalf rounds x as floor(x + 0.5), ties toward +∞, the reference's
// own idiom. Unlike [HalfUp] the addition can round first: 0.49999999999999994
// gives 1 and 2^52+1 gives 2^52+2. A zero result is +0.
func FloorHalf(x float64) float64 {
	return NoNegZero(math.Floor(x + 0.5))
}

// FloorHalfTo rounds x to d ≥ 0 decimals by [FloorHalf]:
// floor(x·10^d + 0.5) / 10^d, with a zero result as +0.
func FloorHalfTo(x float64, d int) float64 {
	p := math.Pow10(d)
	return NoNegZero(math.Floor(x*p+0.5) / p)
}

// HalfAwayTo rounds x to d ≥ 0 decimals with ties away from zero, as
// math.Round(x·10^d) / 10^d; a zero result is +0. When x·10^d overflows
// the result is ±Inf (callers that want x back check for it).
func HalfAwayTo(x float64, d int) float64 {
	p := math.Pow10(d)
	return NoNegZero(math.Round(x*p) / p)
}

// NoNegZero turns negative zero into zero and leaves every other value,
// NaN included, as it is.
func NoNegZero(x float64) float64 { return x + 0 }
