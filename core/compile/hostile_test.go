package compile_test

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/diag"
)

// Hostile inputs: sources written to make a compiler loop, recurse, or
// allocate without end. Each must come back quickly, without a panic,
// within a time and an allocation budget: refused by the catalogued limit
// that guards it (or a parse error for nesting), or, for the few that are
// valid plans (a long sum, thousands of rooms), compiled.
//
// The budgets are generous on purpose (a loaded CI machine, the race
// detector): the time ceiling catches a hang, not a slowdown, and the
// allocation ceiling is a multiple of what the compiler needed when the
// case was written. Allocation is measured as the growth of
// runtime.MemStats.TotalAlloc over one compile, which does not depend on
// when the collector runs. Speed is judged by the benchmarks below:
//
//	go test -run='^$' -bench=Hostile -benchmem ./core/compile

// hostileCeiling is the wall-clock time one hostile compile may take: a
// hang detector generous enough for a loaded 2-core CI machine, ten times
// as long under the race detector (which slows code about that much). The
// benchmarks measure the real cost.
const hostileCeiling = 5 * time.Second

// ceiling is hostileCeiling, scaled for the race detector.
func ceiling() time.Duration {
	if raceEnabled() {
		return 10 * hostileCeiling
	}
	return hostileCeiling
}

// raceEnabled reports whether the test binary was built with -race.
func raceEnabled() bool {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, s := range bi.Settings {
		if s.Key == "-race" {
			return s.Value == "true"
		}
	}
	return false
}

// mib is one mebibyte, the unit of the allocation budgets.
const mib = 1 << 20

type hostileCase struct {
	name string
	src  string
	// first is the first wire diagnostic the compile must give, in the
	// form "CODE severity line:col [start,end]" ("-" for an uncoded
	// syntax error, "unplaced" for no position). "" means the source
	// must compile (a hostile input that is legitimately accepted, but
	// must still be cheap); refusedAnyhow means any error will do, for
	// an input no compiler gives an answer for yet.
	first string
	// ref says where first comes from: the reference compiler, or (when
	// the reference itself overflows its stack or runs past a minute) our
	// own answer, pinned so that it does not drift.
	ref string
	// allocMiB is the allocation budget of one compile, in MiB, on top of
	// the source size.
	allocMiB uint64
	// maxDiags caps the number of diagnostics (0: no cap); a flood of
	// follow-on errors is a cost of its own.
	maxDiags int
	// defect, when set, names a known defect: the case is measured and
	// logged, then skipped with this text, so it stays visible.
	defect string
}

// body wraps statements in a plan that also draws one room.
func body(stmts string) string {
	return "plan \"hostile\" {\n  units mm\n" + stmts + "  room at (0,0) size 2500x2500\n}\n"
}

// refusedAnyhow, as a hostileCase.first, accepts any refusal.
const refusedAnyhow = "*"

const (
	fromRef      = "reference"
	refOverflows = "ours: the reference overflows its stack on this input"
	refHangs     = "ours: the reference runs for more than a minute on this input"
	refAccepts   = "the reference compiles it without findings"
)

func hostileCases() []hostileCase {
	nest := func(open, close string, n int, inner string) string {
		return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
	}
	return []hostileCase{
		{name: "for_range_1e12", ref: fromRef, allocMiB: 4,
			src:   body("  for i in 0..1000000000000 {\n    column at (i,0) size 100x100\n  }\n"),
			first: "E_RANGE_LIMIT error unplaced"},
		{name: "for_range_1e12_exponent", ref: fromRef, allocMiB: 4,
			// 1e12 is not a number literal in ArchLang: a parse error.
			src:   body("  for i in 0..1e12 {\n    column at (i,0) size 100x100\n  }\n"),
			first: "- error 3:16 [43,46]"},
		{name: "while_true", ref: fromRef, allocMiB: 48,
			src:   body("  while true {\n    column at (0,0) size 100x100\n  }\n"),
			first: "E_WHILE_LIMIT error 3:3 [30,79]"},
		{name: "while_nested_1e8", ref: refHangs, allocMiB: 16,
			src:   body("  let i = 0\n  while i < 9999 {\n    i = i + 1\n    let j = 0\n    while j < 9999 {\n      j = j + 1\n    }\n  }\n"),
			first: "E_RANGE_LIMIT error 7:11 [97,98]"},
		{name: "for_nested_1e10", ref: refHangs, allocMiB: 16,
			src:   body("  for i in 0..99999 {\n    for j in 0..99999 {\n      let k = i\n    }\n  }\n"),
			first: "E_RANGE_LIMIT error 5:15 [88,89]"},
		{name: "value_fn_recursion", ref: fromRef, allocMiB: 16,
			src:   body("  let f(n) = f(n + 1)\n  let v = f(0)\n"),
			first: "E_CALL_DEPTH error 3:14 [41,49]"},
		{name: "value_fn_fanout", ref: refHangs, allocMiB: 16,
			// Two recursive calls per level: 2^512 calls if the first
			// depth error did not stop the evaluation.
			src:   body("  let f(n) = 1 + f(n) + f(n)\n  let v = f(0)\n"),
			first: "E_CALL_DEPTH error 3:18 [45,49]"},
		{name: "component_mutual_recursion", ref: fromRef, allocMiB: 16,
			src:   body("  component a(n) {\n    b(n)\n  }\n  component b(n) {\n    a(n)\n  }\n  a(0)\n"),
			first: "E_RECURSION error 7:5 [83,87]"},
		{name: "component_fanout", ref: refHangs, allocMiB: 16,
			// Three calls per level: 3^64 instances without a stop.
			src:   body("  component a(n) {\n    a(n)\n    a(n)\n    a(n)\n  }\n  a(0)\n"),
			first: "E_RECURSION error 4:5 [51,55]"},
		{name: "expression_60KB", ref: refOverflows, allocMiB: 96,
			// 30 000 terms: a valid sum, which must not cost a deep
			// recursion or a quadratic walk.
			src:   body("  let x = " + strings.Repeat("1+", 30000) + "1\n"),
			first: ""},
		{name: "parentheses_10000", ref: refOverflows, allocMiB: 32, maxDiags: 10,
			src:   body("  let x = " + nest("(", ")", 10000, "1") + "\n"),
			first: "- error 3:1035 [1062,1063]"},
		{name: "brackets_10000", ref: refOverflows, allocMiB: 32, maxDiags: 10,
			src:   body("  let x = " + nest("[", "]", 10000, "1") + "\n"),
			first: "- error 3:1035 [1062,1063]"},
		{name: "if_blocks_2000", ref: refOverflows, allocMiB: 32, maxDiags: 10,
			src:   body("  " + nest("if true {\n", "}\n", 2000, "column at (0,0) size 100x100\n")),
			first: "- error 1027:4 [10273,10277]"},
		{name: "for_blocks_2000", ref: refOverflows, allocMiB: 32, maxDiags: 10,
			src:   body("  " + nest("for i in 0..2 {\n", "}\n", 2000, "column at (0,0) size 100x100\n")),
			first: "- error 1027:10 [16423,16424]"},
		{name: "for_blocks_500", ref: refOverflows, allocMiB: 64,
			// Within the nesting limit, but 2^500 iterations: the budget
			// runs out (at about 54 MiB) on an emitted column, each of
			// which costs expand.ElementSteps.
			src:   body("  " + nest("for i in 0..2 {\n", "}\n", 500, "column at (0,0) size 100x100\n")),
			first: "E_RANGE_LIMIT error 503:1 [8030,8058]"},
		{name: "rooms_stacked_5000", ref: fromRef, allocMiB: 96, maxDiags: 20000,
			// Every pair overlaps: the reference reports all 12.5 million
			// pairs; resolve caps the report at 20 000.
			src:   "plan \"hostile\" {\n  units mm\n  for i in 0..5000 {\n    room at (0,0) size 5000x5000\n  }\n}\n",
			first: "W_ROOM_OVERLAP warning 4:5 [53,81]"},
		{name: "rooms_apart_30000", ref: refHangs, allocMiB: 256,
			// No two rooms touch; a pairwise overlap test would be
			// quadratic.
			src:   "plan \"hostile\" {\n  units mm\n  for i in 0..30000 {\n    room at (i*10,0) size 5x5\n  }\n}\n",
			first: ""},
		{name: "walls_10000", ref: refAccepts, allocMiB: 128,
			// Ten thousand separate walls: nothing per wall may scan all
			// the others.
			src:   "plan \"hostile\" {\n  units mm\n  for i in 0..10000 {\n    wall interior thickness 10 { (i*40,0) (i*40,3000) }\n  }\n}\n",
			first: ""},
		{name: "array_range_1e12", ref: fromRef, allocMiB: 4,
			src:   body("  let xs = [0..1000000000000]\n"),
			first: "E_RANGE_LIMIT error unplaced"},
		{name: "array_ranges_4x99999", ref: refAccepts, allocMiB: 64,
			src:   body("  let xs = [0..99999, 0..99999, 0..99999, 0..99999]\n"),
			first: ""},
		{name: "interpolation_20000_holes", ref: refAccepts, allocMiB: 64,
			src:   body("  let s = \"" + strings.Repeat("{1+1}", 20000) + "\"\n"),
			first: ""},
		{name: "interpolation_doubling", ref: refOverflows, allocMiB: 16,
			// s doubles 64 times: 2^67 bytes if nothing stops it; refused
			// when it would pass MaxStringLength.
			src:   body("  let s = \"abcdefgh\"\n  for i in 0..64 {\n    s = \"{s}{s}\"\n  }\n"),
			first: "E_RANGE_LIMIT error 5:9 [76,84]"},
	}
}

// measure compiles src once and returns the result, the wall time and the
// bytes allocated meanwhile. A compile that does not return within the
// ceiling is reported as a hang (its goroutine is left to finish).
func measure(t *testing.T, src []byte) (compile.Result, time.Duration, uint64, bool) {
	t.Helper()
	type outcome struct {
		res   compile.Result
		panic any
	}
	done := make(chan outcome, 1)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	go func() {
		var o outcome
		defer func() {
			o.panic = recover()
			done <- o
		}()
		o.res = compile.Compile(src, compile.Options{})
	}()
	select {
	case o := <-done:
		elapsed := time.Since(start)
		runtime.ReadMemStats(&after)
		if o.panic != nil {
			t.Fatalf("compile panicked: %v", o.panic)
		}
		return o.res, elapsed, after.TotalAlloc - before.TotalAlloc, true
	case <-time.After(ceiling()):
		return compile.Result{}, ceiling(), 0, false
	}
}

// firstWire formats the first diagnostic of res as a hostileCase.first.
func firstWire(res compile.Result) string {
	js := diag.ListToJSON(res.File, res.Diagnostics)
	if len(js) == 0 {
		return ""
	}
	j := js[0]
	code := j.Code
	if code == "" {
		code = "-"
	}
	if j.Span == nil {
		return code + " " + j.Severity + " unplaced"
	}
	return fmt.Sprintf("%s %s %d:%d [%d,%d]", code, j.Severity, j.Line, j.Col, j.Span[0], j.Span[1])
}

func TestHostileInputs(t *testing.T) {
	for _, c := range hostileCases() {
		t.Run(c.name, func(t *testing.T) {
			src := []byte(c.src)
			res, elapsed, alloc, finished := measure(t, src)
			if !finished {
				t.Fatalf("DEFECT: compile still running after %v", ceiling())
			}
			t.Logf("%d-byte source: %v, %.1f MiB allocated, %d diagnostics (first: %q; %s)",
				len(src), elapsed.Round(time.Millisecond), float64(alloc)/mib, len(res.Diagnostics), firstWire(res), c.ref)
			var problems []string
			if got := firstWire(res); c.first == refusedAnyhow {
				if !res.Diagnostics.HasErrors() {
					problems = append(problems, fmt.Sprintf("not refused (first diagnostic %q)", got))
				}
			} else if got != c.first {
				problems = append(problems, fmt.Sprintf("first diagnostic = %q, want %q", got, c.first))
			}
			if wantOK := c.first == "" || strings.Contains(c.first, " warning "); res.OK != wantOK {
				problems = append(problems, fmt.Sprintf("ok = %v, want %v", res.OK, wantOK))
			}
			if budget := c.allocMiB*mib + uint64(len(src)); alloc > budget {
				problems = append(problems, fmt.Sprintf("allocated %.1f MiB, over the budget of %d MiB", float64(alloc)/mib, c.allocMiB))
			}
			if c.maxDiags > 0 && len(res.Diagnostics) > c.maxDiags {
				problems = append(problems, fmt.Sprintf("%d diagnostics, more than %d", len(res.Diagnostics), c.maxDiags))
			}
			switch {
			case c.defect != "" && len(problems) == 0:
				t.Logf("passes now: delete its defect (%s)", c.defect)
			case c.defect != "":
				t.Skipf("DEFECT: %s\n%s", c.defect, strings.Join(problems, "\n"))
			default:
				for _, p := range problems {
					t.Error(p)
				}
			}
		})
	}
}

// BenchmarkHostile measures each hostile input; run with -benchmem.
func BenchmarkHostile(b *testing.B) {
	for _, c := range hostileCases() {
		src := []byte(c.src)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				compile.Compile(src, compile.Options{})
			}
		})
	}
}
