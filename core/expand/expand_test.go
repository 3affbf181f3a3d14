package expand_test

import (
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

func run(t testing.TB, src string) (*expand.Result, []string) {
	t.Helper()
	f := source.NewFile("t.arch", []byte(src))
	file, ds := syntax.Parse(f)
	res, eds := expand.Expand(file, expand.Options{})
	var codes []string
	for _, d := range append(ds, eds...) {
		codes = append(codes, d.Code+": "+d.Message)
	}
	return res, codes
}

// TestRunawayGuards checks that every runaway construct is refused with its
// code, quickly.
func TestRunawayGuards(t *testing.T) {
	for _, tt := range []struct {
		name, body, code string
	}{
		{"huge range", "for i in 0..1000000000000 { column at (i,0) size 1x1 }", "E_RANGE_LIMIT"},
		{"while true", "while true { }", "E_WHILE_LIMIT"},
		{"while no progress", "let i = 0\n while i < 1 { column at (0,0) size 1x1 }", "E_WHILE_LIMIT"},
		{"recursive function", "let f(n) = f(n + 1)\n let y = f(1)", "E_CALL_DEPTH"},
		{"doubly recursive function", "let f(n) = f(n + 1) + f(n + 2)\n let y = f(1)", "E_CALL_DEPTH"},
		{"recursive component", "component r(n) { r(n + 1) }\n r(1)", "E_RECURSION"},
		{"nested loops", "for i in 0..100000 { for j in 0..100000 { let k = i * j } }", "E_RANGE_LIMIT"},
		{"doubling string", "let s = \"abcdefgh\"\n for i in 0..64 { s = \"{s}{s}\" }", "E_RANGE_LIMIT"},
		{"nested brackets", "let x = " + strings.Repeat("[", 10000) + "1" + strings.Repeat("]", 10000), ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			_, msgs := run(t, "plan \"x\" {\n "+tt.body+"\n}\n")
			el := time.Since(start)
			found := false
			for _, m := range msgs {
				if strings.HasPrefix(m, tt.code+": ") {
					found = true
				}
			}
			if !found {
				t.Errorf("want %s, got %q", tt.code, msgs)
			}
			// The budget is generous for a loaded CI machine; typical runs
			// take a few milliseconds (see -v output).
			if el > 2*time.Second {
				t.Errorf("took %v", el)
			}
			t.Logf("%v", el)
		})
	}
}

func TestExpandValues(t *testing.T) {
	res, msgs := run(t, `plan "Row" {
  let W = 4m
  let names = ["A", "B", "C"]
  let area(w, h) = w * h / 1000000
  set door(swing: out)
  for i in 0..3 {
    let x = i * W
    room at (x, 0) size W x 5000 label "{names[i]} {area(W, 5000)} m²"
    door at (x + W / 2, 5000) width 900 wall exterior
  }
  door at (0, 0) width 800 swing in
  zone west { column at (1,2) size 300x300 }
  let i = 0
  while i < 2 { i = i + 1 }
  dim (0,0)->(i * 1000, 0) text "{i}"
}`)
	if len(msgs) != 0 {
		t.Fatalf("diagnostics: %q", msgs)
	}
	if res.Name != "Row" {
		t.Errorf("name %q", res.Name)
	}
	var rooms []*expand.Room
	var doors []*expand.Opening
	for _, it := range res.Items {
		switch x := it.(type) {
		case *expand.Room:
			rooms = append(rooms, x)
		case *expand.Opening:
			doors = append(doors, x)
		case *expand.Box:
			if x.Zone != "west" || x.At.X != 1 || x.Size.W != 300 {
				t.Errorf("column %+v", x)
			}
		case *expand.Dim:
			if x.To.X != 2000 || x.Text.V != "2" {
				t.Errorf("dim to %v text %q", x.To.X, x.Text.V)
			}
		}
	}
	if len(rooms) != 3 || len(doors) != 4 {
		t.Fatalf("got %d rooms, %d doors", len(rooms), len(doors))
	}
	if r := rooms[2]; r.At.X != 8000 || r.Size.W != 4000 || r.Label.V != "C 20 m²" {
		t.Errorf("room 3: at %v size %v label %q", r.At.X, r.Size.W, r.Label.V)
	}
	if d := doors[0]; d.Swing.V != "out" || len(d.FromSet) != 1 || d.Wall.V != "exterior" {
		t.Errorf("door 1: swing %q fromSet %v wall %q", d.Swing.V, d.FromSet, d.Wall.V)
	}
	if d := doors[3]; d.Swing.V != "in" || len(d.FromSet) != 0 {
		t.Errorf("explicit swing lost: %q %v", d.Swing.V, d.FromSet)
	}
	if sp := rooms[0].Span; !strings.HasPrefix(res.Items[0].Info().Clauses[0].Key, "at") || sp.Start == 0 {
		t.Errorf("room span %v", sp)
	}
}

// TestClosureSnapshot checks that a value-function sees the bindings as
// they were when it was defined, and itself.
func TestClosureSnapshot(t *testing.T) {
	res, msgs := run(t, `plan "C" {
  let a = 1
  let f(x) = x + a
  a = 5
  let fact(n) = if n <= 1 { 1 } else { n * fact(n - 1) }
  room at (f(1000), fact(5)) size 1000x1000
}`)
	if len(msgs) != 0 {
		t.Fatalf("diagnostics: %q", msgs)
	}
	r := res.Items[0].(*expand.Room)
	if r.At.X != 1001 || r.At.Y != 120 {
		t.Errorf("at (%v, %v), want (1001, 120)", r.At.X, r.At.Y)
	}
}

func TestComponentsAndPlace(t *testing.T) {
	res, msgs := run(t, `plan "C" {
  component bath(x, y) { room at (x, y) size 2000x2000 label "Bath" }
  bath(0, 0)
  bath(3000, 0)
  place bath(0, 0) as west at (9000, 0) mirror x
  level 1 "G" { bath(1, 1) }
}`)
	if len(msgs) != 0 {
		t.Fatalf("diagnostics: %q", msgs)
	}
	if len(res.Items) != 4 {
		t.Fatalf("got %d items", len(res.Items))
	}
	r := res.Items[1].(*expand.Room)
	if r.At.X != 3000 {
		t.Errorf("second bath: %+v", r)
	}
	inst := res.Items[2].(*expand.Instance)
	if inst.Name.V != "west" || inst.At.X != 9000 || inst.Mirror.V != "x" || len(inst.Items) != 1 {
		t.Errorf("instance %+v", inst)
	}
	lv := res.Items[3].(*expand.Level)
	if lv.Number != 1 || lv.Name.V != "G" || len(lv.Items) != 1 {
		t.Errorf("level %+v", lv)
	}
}

func TestFormatNumber(t *testing.T) {
	for _, tt := range []struct {
		in   float64
		want string
	}{
		{1e12, "1000000000000"}, {2, "2"}, {0, "0"}, {1.0 / 7, "0.143"}, {1.5, "1.5"}, {0.1 + 0.2, "0.3"},
		{1e21, "1e+21"}, {1e7, "10000000"}, {0.0000001, "0"}, {123456789012345678, "123456789012345680"}, {-1.5, "-1.5"},
		{-0.0004, "0"}, {0.0005, "0.001"}, {-0.0005, "-0.001"}, {1e306, "1e+306"}, {math.Inf(-1), "-Infinity"}, {math.NaN(), "NaN"},
	} {
		if got := expand.FormatNumber(tt.in); got != tt.want {
			t.Errorf("FormatNumber(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzExpand(f *testing.F) {
	for _, s := range []string{
		`plan "x" { let a = [1, 2] for v in a { room at (v, 0) size 1x1 label "{v}" } }`,
		`plan "x" { let f(n) = if n > 0 { f(n - 1) } else { 0 } let y = f(10) }`,
		`plan "x" { component c(a) { c(a) } c(1) }`,
		`plan "x" { let i = 0 while i < 5 { i = i + 1 } set door(swing: out) door at (0,0) width 1 }`,
		`plan "x" { level 1 { zone z { place c() as q at (0,0) } } }`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file, _ := syntax.Parse(source.NewFile("f.arch", []byte(src)))
		res, _ := expand.Expand(file, expand.Options{Limits: expand.Limits{Steps: 20000, Elements: 2000}})
		if res == nil {
			t.Fatal("nil result")
		}
	})
}

func BenchmarkExpand(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("plan \"Bench\" {\n  let W = 4000\n  let area(w, h) = w * h / 1000000\n  set door(swing: out)\n")
	sb.WriteString("  for i in 0..200 {\n    let x = i * W\n")
	sb.WriteString("    wall exterior thickness 200 { (x, 0) (x + W, 0) (x + W, 5000) (x, 5000) close }\n")
	sb.WriteString("    room at (x, 0) size W x 5000 label \"Unit {i + 1}: {area(W, 5000)} m²\"\n")
	sb.WriteString("    door at (x + W / 2, 5000) width 900 wall exterior\n  }\n}\n")
	src := []byte(sb.String())
	file, _ := syntax.Parse(source.NewFile("b.arch", src))
	b.ResetTimer()
	for b.Loop() {
		expand.Expand(file, expand.Options{})
	}
	b.ReportMetric(float64(len(src)), "srcbytes")
	_ = strconv.Itoa
}

// TestCostlyValuesAreBudgeted checks that rendering and comparing large
// values spends the step budget, so a loop over them stops quickly.
func TestCostlyValuesAreBudgeted(t *testing.T) {
	for _, body := range []string{
		"let r = 0..100000\n for i in 0..100000 { let s = str(r) }",
		"let r = 0..100000\n for i in 0..100000 { let s = \"{r}\" }",
		"let r = 0..100000\n for i in 0..100000 { let s = r == r }",
	} {
		start := time.Now()
		_, msgs := run(t, "plan \"x\" {\n "+body+"\n}\n")
		if el := time.Since(start); el > 3*time.Second {
			t.Errorf("%q took %v", body, el)
		}
		if len(msgs) == 0 || !strings.HasPrefix(msgs[0], "E_RANGE_LIMIT") {
			t.Errorf("%q: got %q", body, msgs)
		}
	}
}

// TestConcurrent expands one parsed file from several goroutines (run
// with -race): expansion must not share mutable state.
func TestConcurrent(t *testing.T) {
	src := []byte(`plan "P" {
  let W = 4000
  let f(x) = x * 2
  component c(x) { room at (x, 0) size W x 3000 label "R {f(x)}" }
  for i in 0..20 { c(i * W) }
}`)
	file, _ := syntax.Parse(source.NewFile("p.arch", src))
	done := make(chan int)
	for range 4 {
		go func() {
			res, ds := expand.Expand(file, expand.Options{})
			if len(ds) != 0 {
				t.Errorf("diagnostics: %v", ds)
			}
			done <- len(res.Items)
		}()
	}
	for range 4 {
		if n := <-done; n != 20 {
			t.Errorf("got %d items", n)
		}
	}
}

// TestStringBudget checks that a string within MaxStringLength is built
// whole, that one byte more refuses the expansion instead of cutting the
// string, and that the strings of one expansion are bounded in all
// (MaxStringBytes), literals included.
func TestStringBudget(t *testing.T) {
	for _, tt := range []struct {
		name, body string
		refused    bool
	}{
		// "ab" doubled 15 times is exactly MaxStringLength (64 KiB) long.
		{"doubled to the limit", "let s = \"ab\"\n for i in 0..15 { s = \"{s}{s}\" }\n let n = len(s)", false},
		{"one byte over", "let s = \"ab\"\n for i in 0..15 { s = \"{s}{s}\" }\n let t = \"{s}x\"", true},
		{"str of a long array", "let a = [0..30000]\n let t = str(a)", true},
		// MaxStringBytes (1 MiB) in all: fourteen 64 KiB labels and their
		// building fit, sixteen do not.
		{"labels within the total", "let s = \"ab\"\n for i in 0..15 { s = \"{s}{s}\" }\n for i in 0..14 { room at (i*10,0) size 5x5 label \"{s}\" }", false},
		{"labels past the total", "let s = \"ab\"\n for i in 0..15 { s = \"{s}{s}\" }\n for i in 0..16 { room at (i*10,0) size 5x5 label \"{s}\" }", true},
		// A literal counts each time it is evaluated.
		{"literal label in a loop", "for i in 0..1100 { room at (i*10,0) size 5x5 label \"" + strings.Repeat("x", 1000) + "\" }", true},
		{"short literal label in a loop", "for i in 0..20000 { room at (i*10,0) size 5x5 label \"Bedroom {i}\" }", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, msgs := run(t, "plan \"x\" {\n "+tt.body+"\n room at (0,0) size 1x1\n}\n")
			// A label's own findings wait in its item for resolve.
			for _, it := range res.Items {
				for _, d := range it.Info().Diags() {
					msgs = append(msgs, d.Code+": "+d.Message)
				}
			}
			refused := len(msgs) > 0 && strings.HasPrefix(msgs[0], "E_RANGE_LIMIT: ")
			if refused != tt.refused {
				t.Errorf("refused = %v, want %v (%q)", refused, tt.refused, msgs)
			}
		})
	}
}

// TestLoopCostFlat checks that a loop's iterations cost no allocation of
// their own: a range is counted through and the block scope is reused, so
// ten thousand iterations allocate about as much as ten.
func TestLoopCostFlat(t *testing.T) {
	parse := func(n int) *syntax.File {
		src := "plan \"x\" {\n for i in 0.." + strconv.Itoa(n) + " {\n  for j in 0..2 { let k = i + j\n if k > 1 { let m = k } }\n }\n}\n"
		f, ds := syntax.Parse(source.NewFile("t.arch", []byte(src)))
		if len(ds) > 0 {
			t.Fatalf("parse: %v", ds)
		}
		return f
	}
	small, large := parse(10), parse(10000)
	allocs := func(f *syntax.File) float64 {
		return testing.AllocsPerRun(3, func() { expand.Expand(f, expand.Options{}) })
	}
	a, b := allocs(small), allocs(large)
	t.Logf("10 iterations: %.0f allocations; 10 000 iterations: %.0f", a, b)
	if b > a+100 {
		t.Errorf("10 000 iterations allocate %.0f times, 10 iterations %.0f: the loop allocates per iteration", b, a)
	}
}

// TestArgCountStillExpands checks that a component called with the wrong
// number of arguments is still expanded, as by the reference: parameters
// bound in order, a missing one to the zero value (shadowing an outer
// binding of its name), extra arguments dropped without being evaluated.
func TestArgCountStillExpands(t *testing.T) {
	for _, tt := range []struct {
		name, call string
		height     float64
	}{
		{"extra argument", "box(2000, 3000, nope)", 3000},
		{"missing argument", "box(2000)", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, msgs := run(t, "plan \"x\" {\n let h = 500\n component box(w, h) {\n  room at (0,0) size w x h\n }\n "+tt.call+"\n}\n")
			if len(msgs) != 1 || !strings.HasPrefix(msgs[0], "E_ARGCOUNT: ") {
				t.Fatalf("diagnostics %q, want just E_ARGCOUNT", msgs)
			}
			if len(res.Items) != 1 {
				t.Fatalf("%d items, want the component's room", len(res.Items))
			}
			r, ok := res.Items[0].(*expand.Room)
			if !ok || r.Size.W != 2000 || r.Size.H != tt.height {
				t.Errorf("item %#v, want a room 2000 x %v", res.Items[0], tt.height)
			}
		})
	}
}

// TestRecursionKeepsInstances checks that a runaway component call is cut
// at MaxComponentDepth as the reference cuts it: the instances made below
// the limit and the statements around the call are kept, and each
// outermost runaway call is reported once.
func TestRecursionKeepsInstances(t *testing.T) {
	res, msgs := run(t, `plan "x" {
 component ping(n) {
  room at (n * 10, 0) size 1000x1000
  ping(n + 1)
  room at (n * 10, 0) size 1000x1000
 }
 room at (0,0) size 1x1
 ping(0)
 room at (0,0) size 1x1
 ping(100)
}
`)
	want := []string{"E_RECURSION", "E_RECURSION"}
	var got []string
	for _, m := range msgs {
		code, _, _ := strings.Cut(m, ":")
		got = append(got, code)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("diagnostics %q, want %q", got, want)
	}
	// Two rooms per level below the limit, for each call, plus the two
	// plan-level rooms.
	if n, want := len(res.Items), 2*2*expand.MaxComponentDepth+2; n != want {
		t.Errorf("%d items, want %d", n, want)
	}
}

// TestNonBooleanConditionIsFalse checks that an if statement or if
// expression whose condition is not a boolean reports E_TYPE and then
// takes its else branch, as the reference does (checked through which
// branch's unknown name it reports).
func TestNonBooleanConditionIsFalse(t *testing.T) {
	_, msgs := run(t, `plan "x" {
 if 3 { let q = thenS } else { let q = elseS }
 let a = (if 3 { 5 } else { 7 })
 if a == 7 { let q = elseE } else { let q = thenE }
 let b = 30 % (if 0 { 0 } else { 2 })
}
`)
	var got []string
	for _, m := range msgs {
		code, rest, _ := strings.Cut(m, ": ")
		if code == "E_UNKNOWN_REF" {
			code += " " + strings.Fields(rest)[0]
		}
		got = append(got, code)
	}
	want := []string{"E_TYPE", `E_UNKNOWN_REF "elseS"`, "E_TYPE", `E_UNKNOWN_REF "elseE"`, "E_TYPE"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestFuncArityStillCalls checks that a value function called with the
// wrong number of arguments reports E_ARITY and is still called, as by the
// reference: parameters bound in order, a missing one to zero, extra
// arguments dropped (but evaluated).
func TestFuncArityStillCalls(t *testing.T) {
	_, msgs := run(t, `plan "x" {
 let f(a) = a * 2 + 1
 let r = f()
 if r == 1 { let q = missingIsZero } else { let q = wrong1 }
 let s = f(1, 2)
 if s == 3 { let q = extraDropped } else { let q = wrong2 }
 let u = f(1, nope)
}
`)
	var got []string
	for _, m := range msgs {
		code, rest, _ := strings.Cut(m, ": ")
		if code == "E_UNKNOWN_REF" {
			code += " " + strings.Fields(rest)[0]
		}
		got = append(got, code)
	}
	want := []string{"E_ARITY", `E_UNKNOWN_REF "missingIsZero"`, "E_ARITY", `E_UNKNOWN_REF "extraDropped"`, `E_UNKNOWN_REF "nope"`, "E_ARITY"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("got %q, want %q", got, want)
	}
}
