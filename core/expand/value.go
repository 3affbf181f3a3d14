package expand

import (
	"math"
	"strconv"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/internal/numfmt"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// ValueKind is the type of a script value.
type ValueKind int

// The script value types.
const (
	NumberVal ValueKind = iota
	BoolVal
	StringVal
	ArrayVal
	FuncVal
)

// String is the type name used in diagnostics ("number", "boolean", …).
func (k ValueKind) String() string {
	switch k {
	case NumberVal:
		return "number"
	case BoolVal:
		return "boolean"
	case StringVal:
		return "string"
	case ArrayVal:
		return "array"
	case FuncVal:
		return "function"
	}
	return "value"
}

// Value is one script value. The zero Value is the number 0, which is also
// what a failed evaluation yields (after its diagnostic), as in the
// reference.
type Value struct {
	Kind ValueKind
	Num  float64
	Bool bool
	Str  string
	Arr  []Value
	Fn   *Func
}

// Func is a user value-function: a closure over a snapshot of the bindings
// visible where it was defined.
type Func struct {
	Name   string
	Params []string
	Body   syntax.Expr
	Env    *Env
}

func num(v float64) Value   { return Value{Kind: NumberVal, Num: v} }
func boolean(b bool) Value  { return Value{Kind: BoolVal, Bool: b} }
func str(s string) Value    { return Value{Kind: StringVal, Str: s} }
func array(a []Value) Value { return Value{Kind: ArrayVal, Arr: a} }
func article(k ValueKind) string {
	if k == ArrayVal {
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
	case NumberVal:
		return a.Num == b.Num
	case BoolVal:
		return a.Bool == b.Bool
	case StringVal:
		return a.Str == b.Str
	case ArrayVal:
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
	case NumberVal:
		b.WriteString(FormatNumber(v.Num))
	case BoolVal:
		b.WriteString(strconv.FormatBool(v.Bool))
	case StringVal:
		b.WriteString(v.Str)
	case ArrayVal:
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
	case FuncVal:
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
