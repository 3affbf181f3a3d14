package expand

import (
	"math"
	"strconv"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/internal/numfmt"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// valueKind is the type of a script value.
type valueKind int

// The script value types.
const (
	numberVal valueKind = iota
	boolVal
	stringVal
	arrayVal
	funcVal
)

// String is the type name used in diagnostics ("number", "boolean", …).
func (k valueKind) String() string {
	switch k {
	case numberVal:
		return "number"
	case boolVal:
		return "boolean"
	case stringVal:
		return "string"
	case arrayVal:
		return "array"
	case funcVal:
		return "function"
	}
	return "value"
}

// Value is one script value. The zero Value is the number 0, which is also
// what a failed evaluation yields (after its diagnostic), as in the
// reference.
type Value struct {
	Kind valueKind
	Num  float64
	Bool bool
	Str  string
	Arr  []Value
	Fn   *function
}

// function is a user value-function: a closure over a snapshot of the bindings
// visible where it was defined.
type function struct {
	Name   string
	Params []string
	Body   syntax.Expr
	Env    *environment
}

func num(v float64) Value   { return Value{Kind: numberVal, Num: v} }
func boolean(b bool) Value  { return Value{Kind: boolVal, Bool: b} }
func str(s string) Value    { return Value{Kind: stringVal, Str: s} }
func array(a []Value) Value { return Value{Kind: arrayVal, Arr: a} }
func article(k valueKind) string {
	if k == arrayVal {
		return "an array"
	}
	return "a " + k.String()
}

// equal compares two values deeply; different kinds are never equal.
func equal(a, b Value) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case numberVal:
		return a.Num == b.Num
	case boolVal:
		return a.Bool == b.Bool
	case stringVal:
		return a.Str == b.Str
	case arrayVal:
		if len(a.Arr) != len(b.Arr) {
			return false
		}
		for i := range a.Arr {
			if !equal(a.Arr[i], b.Arr[i]) {
				return false
			}
		}
		return true
	}
	return a.Fn == b.Fn
}

// Text renders v the way string interpolation and str() do: numbers are
// rounded to three decimals and printed in their shortest form.
func (v Value) Text() string {
	var b strings.Builder
	v.write(&b, 0)
	return b.String()
}

// maxRenderDepth bounds the nesting rendered for an array value.
const maxRenderDepth = 64

func (v Value) write(b *strings.Builder, depth int) {
	switch v.Kind {
	case numberVal:
		b.WriteString(FormatNumber(v.Num))
	case boolVal:
		b.WriteString(strconv.FormatBool(v.Bool))
	case stringVal:
		b.WriteString(v.Str)
	case arrayVal:
		if depth > maxRenderDepth {
			b.WriteString("[…]")
			return
		}
		b.WriteByte('[')
		for i, x := range v.Arr {
			if i > 0 {
				b.WriteString(", ")
			}
			x.write(b, depth+1)
			if b.Len() > MaxStringLength {
				break
			}
		}
		b.WriteByte(']')
	case funcVal:
		b.WriteString("<function>")
	}
}

// FormatNumber prints a number as interpolation shows it: rounded to three
// decimals with ties away from zero (numfmt.HalfAwayTo), then in
// JavaScript's shortest form (numfmt.JS: exponent form at 1e21 and above).
func FormatNumber(f float64) string {
	r := numfmt.HalfAwayTo(f, interpolationDecimals)
	if math.IsInf(r, 0) && !math.IsInf(f, 0) {
		r = f // f·1000 overflowed: f is a whole number already
	}
	return numfmt.JS(r)
}

// interpolationDecimals is how many decimals interpolation keeps.
const interpolationDecimals = 3
