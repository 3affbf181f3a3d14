package expand

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/internal/numfmt"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// refSpan is the span the reference attaches to a diagnostic about x:
// literals other than strings and arrays carry none, a binary expression
// reports its left operand's span, a unary one its operator, an index its
// brackets. ok is false when there is no span.
func refSpan(x syntax.Expr) (source.Span, bool) {
	switch n := x.(type) {
	case *syntax.NumLit, *syntax.BoolLit, *syntax.BadExpr, nil:
		return source.Span{}, false
	case *syntax.BinaryExpr:
		return refSpan(n.X)
	case *syntax.RangeExpr:
		return refSpan(n.Lo)
	case *syntax.UnaryExpr:
		return n.OpSp, true
	case *syntax.IndexExpr:
		return n.BracketSp, true
	case *syntax.ParenExpr:
		return refSpan(n.X)
	}
	return x.Span(), true
}

// report adds a diagnostic of code at the reference span of x (unplaced
// when x has none).
func (e *expander) report(code string, x syntax.Expr, format string, args ...any) {
	sp, ok := refSpan(x)
	e.reportAt(code, sp, ok, format, args...)
}

func (e *expander) reportAt(code string, sp source.Span, placed bool, format string, args ...any) {
	d := diag.New(code, sp, format, args...)
	if !placed {
		d.Unplaced = true
		d.Span = source.Span{}
	}
	e.add(d)
}

// add records d, naming the module file when the current statement comes
// from an imported module.
func (e *expander) add(d diag.Diagnostic) {
	if e.cur != nil && e.cur != e.main && e.cur.file != nil {
		d.File = e.cur.file.Name
	}
	e.sink.Add(d)
}

// step charges one unit of the evaluation budget; it reports false once the
// budget is spent (the first time with a diagnostic).
func (e *expander) step(sp source.Span) bool { return e.charge(1, sp) }

// charge spends n units of the evaluation budget (see step).
func (e *expander) charge(n int, sp source.Span) bool {
	e.steps += n
	if e.stop != nil && e.steps >= e.nextPoll {
		e.nextPoll = e.steps + StopPollSteps
		if e.stop() {
			e.steps = e.limits.Steps + 1
		}
	}
	if e.steps <= e.limits.Steps {
		return true
	}
	if !e.exhausted {
		e.exhausted = true
		e.reportAt(diag.ErrRangeLimit, sp, true, "expansion ran over its budget of %d evaluation steps", e.limits.Steps)
	}
	return false
}

// wantNum coerces v to a number, reporting E_TYPE at x's span otherwise.
func (e *expander) wantNum(v Value, x syntax.Expr) float64 {
	if v.Kind != numberVal {
		e.report(diag.ErrType, x, "expected a number, got %s", article(v.Kind))
		return 0
	}
	return v.Num
}

func (e *expander) wantBool(v Value, x syntax.Expr) bool {
	if v.Kind != boolVal {
		e.report(diag.ErrType, x, "expected a boolean, got %s", article(v.Kind))
		return false
	}
	return v.Bool
}

// eval evaluates x in env.
func (e *expander) eval(x syntax.Expr, env *environment) Value {
	if e.unwinding || !e.step(x.Span()) {
		return Value{}
	}
	switch n := x.(type) {
	case *syntax.NumLit:
		return num(n.Value)
	case *syntax.BoolLit:
		return boolean(n.Value)
	case *syntax.StrLit:
		return e.evalString(n, env)
	case *syntax.ParenExpr:
		return e.eval(n.X, env)
	case *syntax.RefExpr:
		if v, ok := env.lookup(n.Name); ok {
			return *v
		}
		e.unknown(diag.ErrUnknownRef, n.Sp, "%q is not defined", n.Name, env)
		return Value{}
	case *syntax.ArrayLit:
		if len(n.Elems) > MaxArrayLength {
			return array(nil)
		}
		out := make([]Value, 0, len(n.Elems))
		for _, el := range n.Elems {
			out = append(out, e.eval(el, env))
		}
		return array(out)
	case *syntax.IndexExpr:
		base := e.eval(n.X, env)
		idx := e.eval(n.Index, env)
		if base.Kind != arrayVal {
			e.reportAt(diag.ErrType, n.BracketSp, true, "only arrays can be indexed, not %s", article(base.Kind))
			return Value{}
		}
		if idx.Kind != numberVal {
			e.reportAt(diag.ErrType, n.BracketSp, true, "expected a number, got %s", article(idx.Kind))
			return Value{}
		}
		i := math.Trunc(idx.Num)
		if i < 0 || i >= float64(len(base.Arr)) || math.IsNaN(i) {
			e.reportAt(diag.ErrIndex, n.BracketSp, true, "index %s is outside the array (length %d)", FormatNumber(i), len(base.Arr))
			return Value{}
		}
		return base.Arr[int(i)]
	case *syntax.UnaryExpr:
		v := e.eval(n.X, env)
		switch n.Op {
		case "-":
			return num(-e.wantNum(v, n))
		case "+":
			return num(e.wantNum(v, n))
		default:
			return boolean(!e.wantBool(v, n))
		}
	case *syntax.BinaryExpr:
		return e.evalBinary(n, env)
	case *syntax.RangeExpr:
		lo := e.wantNum(e.eval(n.Lo, env), n.Lo)
		hi := e.wantNum(e.eval(n.Hi, env), n.Hi)
		return e.makeRange(lo, hi, n)
	case *syntax.IfExpr:
		c := e.eval(n.Cond, env)
		if c.Kind != boolVal {
			// As in the reference, a condition that is not a boolean
			// is reported and counts as false.
			e.reportAt(diag.ErrType, n.Sp, true, "expected a boolean, got %s", article(c.Kind))
		}
		if c.Kind == boolVal && c.Bool {
			return e.eval(n.Then, env)
		}
		return e.eval(n.Else, env)
	case *syntax.CallExpr:
		return e.evalCall(n, env)
	}
	return Value{}
}

// weight is the number of values inside v (1 for a scalar), counted up to
// limit: the step cost of rendering or comparing it.
func weight(v Value, limit int) int {
	if v.Kind != arrayVal {
		return 1
	}
	n := 1
	for _, x := range v.Arr {
		if n > limit {
			break
		}
		n += weight(x, limit-n)
	}
	return n
}

// makeRange materialises lo..hi (half-open, step 1) within MaxRangeLength.
func (e *expander) makeRange(lo, hi float64, n *syntax.RangeExpr) Value {
	if !e.rangeOK(lo, hi, n) {
		return array(nil)
	}
	out := make([]Value, 0, int(math.Ceil(hi-lo)))
	for v := lo; v < hi; v++ {
		out = append(out, num(v))
	}
	return array(out)
}

// rangeOK checks the range lo..hi against MaxRangeLength and charges one
// step per element; it reports false when the range is empty or refused.
func (e *expander) rangeOK(lo, hi float64, n *syntax.RangeExpr) bool {
	if math.IsNaN(lo) || math.IsNaN(hi) || hi <= lo {
		return false
	}
	count := math.Ceil(hi - lo)
	if count > MaxRangeLength {
		e.report(diag.ErrRangeLimit, n, "range is longer than the limit of %d", MaxRangeLength)
		return false
	}
	return e.charge(int(count), n.Sp)
}

// forRange evaluates the range a `for` loop iterates over without
// materialising it, at the same cost and with the same findings as eval:
// the loop then counts from lo while below hi. ok is false when there is
// nothing to iterate.
func (e *expander) forRange(n *syntax.RangeExpr, env *environment) (lo, hi float64, ok bool) {
	if e.unwinding || !e.step(n.Span()) {
		return 0, 0, false
	}
	lo = e.wantNum(e.eval(n.Lo, env), n.Lo)
	hi = e.wantNum(e.eval(n.Hi, env), n.Hi)
	return lo, hi, e.rangeOK(lo, hi, n)
}

func (e *expander) evalBinary(n *syntax.BinaryExpr, env *environment) Value {
	switch n.Op {
	case "&&", "||":
		l := e.wantBool(e.eval(n.X, env), n)
		if (n.Op == "&&" && !l) || (n.Op == "||" && l) {
			return boolean(l)
		}
		return boolean(e.wantBool(e.eval(n.Y, env), n))
	case "==", "!=":
		l := e.eval(n.X, env)
		r := e.eval(n.Y, env)
		// A deep comparison costs in proportion to the values.
		if !e.charge(weight(l, e.limits.Steps), n.Sp) {
			return Value{}
		}
		return boolean(equal(l, r) == (n.Op == "=="))
	}
	// Arithmetic and ordering need numbers; like the reference, each
	// non-number operand is reported (there is no string concatenation).
	a := e.wantNum(e.eval(n.X, env), n)
	b := e.wantNum(e.eval(n.Y, env), n)
	switch n.Op {
	case "+":
		return num(a + b)
	case "-":
		return num(a - b)
	case "*":
		return num(a * b)
	case "/":
		if b == 0 {
			e.report(diag.ErrDivZero, n, "divisor is zero")
			return Value{}
		}
		return num(a / b)
	case "%":
		if b == 0 {
			e.report(diag.ErrDivZero, n, "modulo divisor is zero")
			return Value{}
		}
		return num(math.Mod(a, b))
	case "<":
		return boolean(a < b)
	case ">":
		return boolean(a > b)
	case "<=":
		return boolean(a <= b)
	case ">=":
		return boolean(a >= b)
	}
	return Value{}
}

// evalString interpolates the holes of s. Every byte it builds is paid
// for: one step per StringBytesPerStep bytes, charged before the bytes are
// copied, and a result longer than MaxStringLength spends the whole budget
// (E_RANGE_LIMIT) instead of being cut short.
func (e *expander) evalString(s *syntax.StrLit, env *environment) Value {
	if len(s.Parts) == 1 && s.Parts[0].Expr == nil {
		if !e.spendString(len(s.Parts[0].Text), s.Sp) {
			return Value{}
		}
		return str(s.Parts[0].Text)
	}
	var out []byte
	for _, p := range s.Parts {
		piece := p.Text
		if p.Expr != nil {
			v := e.eval(p.Expr, env)
			if !e.charge(weight(v, e.limits.Steps), s.Sp) {
				return Value{}
			}
			if v.Kind == stringVal {
				piece = v.Str // no copy until it is known to fit
			} else {
				piece = v.Text()
			}
		}
		if len(out)+len(piece) > MaxStringLength {
			e.overrun(s.Sp, "interpolated string is longer than the limit of %d bytes", MaxStringLength)
			return Value{}
		}
		if !e.charge(len(piece)/StringBytesPerStep, s.Sp) || !e.spendString(len(piece), s.Sp) {
			return Value{}
		}
		if out == nil {
			out = make([]byte, 0, stringSize(s, len(piece)))
		}
		out = append(out, piece...)
	}
	return str(string(out))
}

// stringSize guesses the capacity of the string s is building from the
// size of its first piece, so that a string made of a few long pieces
// (`"{s}{s}"`) is allocated once.
func stringSize(s *syntax.StrLit, first int) int {
	return min(first*len(s.Parts), MaxStringLength)
}

// spendString counts n bytes of evaluated string against MaxStringBytes;
// past it the expansion stops with E_RANGE_LIMIT at sp and it reports
// false.
func (e *expander) spendString(n int, sp source.Span) bool {
	e.strBytes += n
	if e.strBytes <= MaxStringBytes {
		return true
	}
	e.overrun(sp, "the strings of this expansion pass the limit of %d bytes in all", MaxStringBytes)
	return false
}

// overrun reports E_RANGE_LIMIT at sp and spends the rest of the step
// budget, so the expansion stops as it does when the budget runs out.
func (e *expander) overrun(sp source.Span, format string, args ...any) {
	if !e.exhausted {
		e.exhausted = true
		e.reportAt(diag.ErrRangeLimit, sp, true, format, args...)
	}
	e.steps = e.limits.Steps + 1
}

// unknown reports an unknown name with a "did you mean" hint.
func (e *expander) unknown(code string, sp source.Span, format, name string, env *environment) {
	d := diag.New(code, sp, format, name)
	if s := suggest(name, env.candidates()); s != "" {
		d.Hints = []string{"did you mean \"" + s + "\"?"}
	}
	e.add(d)
}

// evalCall evaluates the arguments first (so their diagnostics come
// first, as in the reference), then calls.
func (e *expander) evalCall(n *syntax.CallExpr, env *environment) Value {
	name := n.Fn.Name
	args := make([]Value, len(n.Args))
	for i, a := range n.Args {
		args[i] = e.eval(a, env)
	}
	v, bound := env.lookup(name)
	switch {
	case bound && v.Kind == funcVal:
		return e.callFunc(v.Fn, n, args)
	case !bound && isBuiltin(name):
		return e.callBuiltin(name, n, args)
	}
	e.unknown(diag.ErrUnknownFn, n.Sp, "no function named %q", name, env)
	return Value{}
}

func (e *expander) callFunc(f *function, n *syntax.CallExpr, args []Value) Value {
	if len(args) != len(f.Params) {
		// As in the reference, the call still happens: parameters are
		// bound in order, a missing one to the zero value, and extra
		// arguments are dropped.
		e.reportAt(diag.ErrArity, n.Sp, true, "function %q takes %d argument(s), %d given", f.Name, len(f.Params), len(args))
	}
	if e.callDepth >= MaxFuncDepth {
		e.reportAt(diag.ErrCallDepth, n.Sp, true, "calls nest deeper than %d while calling %q", MaxFuncDepth, f.Name)
		e.unwinding = true
		return Value{}
	}
	local := newEnv(f.Env)
	for i, p := range f.Params {
		var v Value
		if i < len(args) {
			v = args[i]
		}
		local.define(p, v)
	}
	e.callDepth++
	v := e.eval(f.Body, local)
	e.callDepth--
	if e.callDepth == 0 {
		e.unwinding = false
	}
	return v
}

func isBuiltin(name string) bool {
	for _, b := range builtinNames {
		if b == name {
			return true
		}
	}
	return false
}

func (e *expander) callBuiltin(name string, n *syntax.CallExpr, args []Value) Value {
	numArg := func(v Value) float64 {
		if v.Kind != numberVal {
			e.reportAt(diag.ErrType, n.Sp, true, "expected a number, got %s", article(v.Kind))
			return 0
		}
		return v.Num
	}
	switch name {
	case "min", "max":
		if len(args) == 0 {
			e.reportAt(diag.ErrArity, n.Sp, true, "%q needs at least one argument", name)
			return Value{}
		}
		best := numArg(args[0])
		for _, a := range args[1:] {
			x := numArg(a)
			if (name == "min" && x < best) || (name == "max" && x > best) {
				best = x
			}
		}
		return num(best)
	}
	if len(args) != 1 {
		e.reportAt(diag.ErrArity, n.Sp, true, "%q takes 1 argument, %d given", name, len(args))
		return Value{}
	}
	a := args[0]
	switch name {
	case "len":
		switch a.Kind {
		case arrayVal:
			return num(float64(len(a.Arr)))
		case stringVal:
			return num(float64(len([]rune(a.Str))))
		}
		e.reportAt(diag.ErrType, n.Sp, true, "%q needs an array or a string, not %s", name, article(a.Kind))
		return Value{}
	case "str":
		// Rendering costs in proportion to the value.
		if !e.charge(weight(a, e.limits.Steps), n.Sp) {
			return Value{}
		}
		t := a.Text()
		if len(t) > MaxStringLength {
			e.overrun(n.Sp, "string is longer than the limit of %d bytes", MaxStringLength)
			return Value{}
		}
		if !e.spendString(len(t), n.Sp) {
			return Value{}
		}
		return str(t)
	}
	x := numArg(a)
	switch name {
	case "abs":
		return num(math.Abs(x))
	case "sqrt":
		if x < 0 {
			e.reportAt(diag.ErrDomain, n.Sp, true, "%q of a negative number is undefined", name)
			return Value{}
		}
		return num(math.Sqrt(x))
	case "floor":
		return num(math.Floor(x))
	case "ceil":
		return num(math.Ceil(x))
	case "round":
		return num(numfmt.FloorHalf(x))
	}
	return Value{}
}
