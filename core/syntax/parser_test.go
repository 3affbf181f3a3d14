package syntax

import (
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/source"
)

func parse(t testing.TB, src string) (*File, []string) {
	t.Helper()
	f, ds := Parse(source.NewFile("t.arch", []byte(src)))
	var msgs []string
	for _, d := range ds {
		msgs = append(msgs, d.Message)
	}
	return f, msgs
}

func TestParseStatements(t *testing.T) {
	src := `plan "P" {
  units mm
  let W = 3.5m
  wall id=w exterior thickness 200 material brick scale 2 { (0,0) arc (W,0) radius 4000 cw major (W,W) close }
  room id=r at (0,0) size 3mx4m label "R {W}" uses bath wc
  room right-of r align top gap 0 size W x 1000
  room polygon (0,0) (1,0) (1,1) label "P" at (0,0)
  room circle at (0,0) radius 10
  door id=d pocket on w at 40% width 900 slide left open 0.5
  door at (0,0) width 900 wall w hinge near start swing into r
  window on w at center width 1200
  opening at (1,1) width 800 wall partition
  furniture id=f bed in r anchor top-left flush inset 30 size 1x1 label "B" rotate 90
  furniture wc against wall w segment 1 offset 2 side left in r
  dim faces (0,0)->(1,0) offset 300 text "t"
  dim radius w segment 1
  stair id=s at (0,0) size 1x3 dir up width 1
  strip right at (0,0) gap 0 height 3000 { room id=a size 1000 label "A" uses hall room size 2x3 }
  zone west "W" { column at (0,0) size 1x1 }
  level 1 "G" { elevator at (0,0) size 1x1 }
  component c(a, b) { room at (a,b) size 1x1 }
  c(1, 2)
  place c(1, 2) as inst at (0,0) rotate 90 mirror x
  set door(swing: out)
  for i in 0..3 { if i % 2 == 0 { column at (i,0) size 1x1 } else { } }
  let n = 0
  while n < 3 { n = n + 1 }
  import "lib/f.arch": wc, basin as b
  axes { x at 0, W y at 0 }
  theme blueprint { wall: "#fff" lineWeight 1.3 }
  style door { stroke: "#000" }
  site { street south hemisphere north }
  paper A3 landscape
  scale 1:50
  north 30
  dims auto all
  schedule rooms
  legend
  accTitle "t"
  title { project "p" drawn_by "d" date "2026" }
}
`
	f, msgs := parse(t, src)
	if len(msgs) != 0 {
		t.Fatalf("unexpected errors: %q", msgs)
	}
	if f.Plan == nil || len(f.Plan.Body) != 39 {
		t.Fatalf("got %d statements, want 39", len(f.Plan.Body))
	}
	for _, s := range f.Plan.Body {
		sp := s.Span()
		if sp.Start >= sp.End || sp.End > len(src) {
			t.Errorf("%T has bad span %v", s, sp)
		}
	}
	r := f.Plan.Body[3].(*RoomStmt)
	if w := r.Size.W.(*NumLit); w.Value != 3000 {
		t.Errorf("3m folded to %v, want 3000", w.Value)
	}
	if got := src[r.Sp.Start:r.Sp.End]; !strings.HasPrefix(got, "room id=r") || !strings.HasSuffix(got, "wc") {
		t.Errorf("room span covers %q", got)
	}
}

func TestUnitSuffixes(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want float64
	}{
		{"3", 3}, {"3mm", 3}, {"3cm", 30}, {"3m", 3000}, {"3.5m", 3500}, {"40cm", 400},
		{"3.333m", 3333}, {"0.0005m", 0.5}, {".5m", 500}, {"12.5", 12.5},
	} {
		f, msgs := parse(t, `plan "x" { let a = `+tt.src+` }`)
		if len(msgs) != 0 {
			t.Errorf("%s: %q", tt.src, msgs)
			continue
		}
		if got := f.Plan.Body[0].(*LetStmt).Value.(*NumLit).Value; got != tt.want {
			t.Errorf("%s = %v, want %v", tt.src, got, tt.want)
		}
	}
}

func TestRecovery(t *testing.T) {
	_, msgs := parse(t, "plan \"x\" {\n  foo bar\n  room at (0,0 size 1x1\n  room at (0,0) size 1x1\n  let = 3\n}\n")
	want := []string{`"foo" does not start a statement`, `expected ")", found "size"`, `expected a name, found "="`}
	if strings.Join(msgs, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", msgs, want)
	}
}

func TestDeepNestingRefused(t *testing.T) {
	n := 10000
	src := `plan "x" { let x = ` + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + " }"
	_, msgs := parse(t, src)
	if len(msgs) == 0 || !strings.Contains(msgs[0], "nesting") {
		t.Fatalf("got %q", msgs)
	}
	src = `plan "x" { let x = ` + strings.Repeat("[", 300) + "1" + strings.Repeat("]", 300) + " }"
	if _, msgs := parse(t, src); len(msgs) != 0 {
		t.Fatalf("300 brackets: %q", msgs)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`plan "x" { room at (0,0) size 1x1 }`,
		`plan "x" { let a = "x{1+2}y" for i in 0..3 { wall a thickness 1 { (0,0) (1,1) } } }`,
		`plan "x" { door on w at 50% width 900 hinge near start swing into r }`,
		`plan "x" { let s = "{" }`,
		"plan \"x\" {\n  strip right at (0,0) gap 0 { room size 1 }\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file, ds := Parse(source.NewFile("f.arch", []byte(src)))
		if file == nil || file.Plan == nil {
			t.Fatal("nil file or plan")
		}
		for _, d := range ds {
			if d.Span.Start < 0 || d.Span.End > len(src) || d.Span.Start > d.Span.End {
				t.Fatalf("diagnostic span %v out of range for %d bytes: %s", d.Span, len(src), d.Message)
			}
		}
		for _, s := range file.Plan.Body {
			if sp := s.Span(); sp.Start < 0 || sp.End > len(src) || sp.Start > sp.End {
				t.Fatalf("%T span %v out of range for %d bytes", s, sp, len(src))
			}
		}
	})
}

func BenchmarkParse(b *testing.B) {
	src := []byte(benchPlan(200))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		Parse(source.NewFile("b.arch", src))
	}
}

// benchPlan builds a plan of n rooms with walls, doors and furniture.
func benchPlan(n int) string {
	var sb strings.Builder
	sb.WriteString("plan \"Bench\" {\n  units mm\n  let W = 4000\n")
	for i := range n {
		x := itoa(i * 4000)
		sb.WriteString("  wall exterior thickness 200 { (" + x + ",0) (" + x + "+W,0) (" + x + "+W,5000) (" + x + ",5000) close }\n")
		sb.WriteString("  room at (" + x + ", 0) size W x 5000 label \"Unit {" + itoa(i) + " + 1}\" uses living\n")
		sb.WriteString("  door at (" + x + " + W / 2, 5000) width 900 wall exterior hinge left swing in\n")
		sb.WriteString("  furniture bed at (" + x + " + 300, 300) size 1500x2000 label \"Bed\"\n")
	}
	sb.WriteString("}\n")
	return sb.String()
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for i > 0 {
		b = append([]byte{byte('0' + i%10)}, b...)
		i /= 10
	}
	return string(b)
}

// TestNestingLimitReportedOnce checks that input nested past MaxNesting
// costs one error, not one per level beyond the limit, and that the plan
// statements after the deep construct are still read.
func TestNestingLimitReportedOnce(t *testing.T) {
	nest := func(open, close string, n int, inner string) string {
		return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
	}
	for _, c := range []struct{ name, deep string }{
		{"if", nest("if true {\n", "}\n", 2000, "column at (0,0) size 1x1\n")},
		{"for", nest("for i in 0..2 {\n", "}\n", 2000, "column at (0,0) size 1x1\n")},
		{"parentheses", "let x = " + nest("(", ")", 3000, "1") + "\n"},
		{"brackets", "let x = " + nest("[", "]", 3000, "1") + "\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, msgs := parse(t, "plan \"P\" {\n"+c.deep+"room at (0,0) size 1x1\n}\n")
			if len(msgs) != 1 || !strings.Contains(msgs[0], "nesting is deeper") {
				t.Fatalf("got %d diagnostics %q, want the one nesting error", len(msgs), msgs[:min(len(msgs), 5)])
			}
			body := f.Plan.Body
			if _, ok := body[len(body)-1].(*RoomStmt); !ok {
				t.Errorf("the last statement is %T, want the room after the deep construct", body[len(body)-1])
			}
		})
	}
}

// TestNestedLevelAndStripDropped checks that a level or strip below plan
// level is reported and dropped with its contents, as by the reference.
func TestNestedLevelAndStripDropped(t *testing.T) {
	for _, tt := range []struct{ name, body, code string }{
		{"level in level", "level 1 {\n level 2 { room at (0,0) size 1x1 }\n}", "E_LEVEL_NEST"},
		{"strip in level", "level 1 {\n strip down at (0,0) gap 0 width 3 { room size 2 }\n}", "E_STRIP_NEST"},
		{"strip in loop", "level 1 { }\nfor i in 0..2 {\n strip down at (0,0) gap 0 width 3 { room size 2 }\n}", "E_STRIP_NEST"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := "plan \"P\" {\n" + tt.body + "\n}\n"
			f, ds := Parse(source.NewFile("t.arch", []byte(src)))
			if len(ds) != 1 || ds[0].Code != tt.code {
				t.Fatalf("diagnostics %v, want one %s", ds, tt.code)
			}
			var walk func([]Stmt)
			walk = func(list []Stmt) {
				for _, s := range list {
					switch n := s.(type) {
					case *LevelStmt:
						if len(n.Body.Stmts) > 0 {
							t.Errorf("level %v keeps %d statements", n.Span(), len(n.Body.Stmts))
						}
					case *ForStmt:
						walk(n.Body.Stmts)
					case *StripStmt:
						t.Errorf("nested strip %v kept", n.Span())
					}
				}
			}
			walk(f.Plan.Body)
		})
	}
}

// TestCenteredFlush checks that `flush` parses after `centered` (resolve
// refuses it there), while `inset` does not.
func TestCenteredFlush(t *testing.T) {
	f, msgs := parse(t, "plan \"P\" {\n room id=r at (0,0) size 4x4\n furniture bed in r centered flush size 1x2\n}\n")
	if len(msgs) != 0 {
		t.Fatalf("diagnostics %q", msgs)
	}
	fu := f.Plan.Body[1].(*FurnitureStmt)
	if fu.Placement != FurnCentered || !fu.Flush || fu.Size == nil {
		t.Errorf("got placement %v, flush %v, size %v; want centered, flush and a size", fu.Placement, fu.Flush, fu.Size)
	}
	_, msgs = parse(t, "plan \"P\" {\n room id=r at (0,0) size 4x4\n furniture bed in r centered inset 3 size 1x2\n}\n")
	if len(msgs) != 1 || !strings.Contains(msgs[0], "inset") {
		t.Errorf("diagnostics %q, want one syntax error at \"inset\"", msgs)
	}
}

// TestBlockSettingRecovery checks that a statement keyword met inside a
// title, axes or site block is reported and then parsed as a statement, as by
// the reference: the parse resumes at the bad token, not after it.
func TestBlockSettingRecovery(t *testing.T) {
	for _, tt := range []struct {
		name, body string
		msgs       int
	}{
		{"title", "title { project \"p\" room at (0,0) size 1x1 date \"d\" }", 2},
		{"axes", "axes { x at 0, 100 room at (0,0) size 1x1 }", 1},
		{"site", "site { street south room at (0,0) size 1x1 }", 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, msgs := parse(t, "plan \"P\" {\n "+tt.body+"\n room at (0,0) size 2x2\n}\n")
			if len(msgs) != tt.msgs {
				t.Errorf("diagnostics %q, want %d", msgs, tt.msgs)
			}
			if len(f.Plan.Body) == 0 {
				t.Fatal("empty plan body")
			}
			if _, ok := f.Plan.Body[0].(*RoomStmt); !ok {
				t.Errorf("first statement is %T, want the room written inside the block", f.Plan.Body[0])
			}
		})
	}
}

// TestDirectionWordRecovery checks the reference's recovery at a strip's
// or stair's direction: a token that is not a word is refused without
// being consumed (so a "}" there closes the block), a wrong word is
// consumed.
func TestDirectionWordRecovery(t *testing.T) {
	for _, tt := range []struct {
		name, stmt string
		rooms      int // rooms parsed after the bad statement
	}{
		{"strip brace", "wall exterior thickness 200 { (0,0) (5,0) close strip }", 0},
		{"stair brace", "stair at (0,0) size 1x3 dir }", 0},
		{"strip word", "strip room at (0,0) size 2x2", 1},
		{"stair word", "stair at (0,0) size 1x3 dir room at (0,0) size 2x2", 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, msgs := parse(t, "plan \"P\" {\n "+tt.stmt+"\n room at (0,0) size 2x2\n}\n")
			if len(msgs) == 0 {
				t.Fatal("no diagnostics")
			}
			rooms := 0
			for _, s := range f.Plan.Body {
				if _, ok := s.(*RoomStmt); ok {
					rooms++
				}
			}
			if rooms != tt.rooms {
				t.Errorf("%d rooms parsed, want %d (%q)", rooms, tt.rooms, msgs)
			}
		})
	}
}

// TestFailedSettingBlockKept checks that a theme or style block whose
// value fails to parse is kept with the entries read so far, the failing
// key included, so that an unknown key there is still warned about, as by
// the reference.
func TestFailedSettingBlockKept(t *testing.T) {
	for _, tt := range []struct {
		name, stmt string
		keys       []string
	}{
		{"theme", `theme { wall: "#fff" let x = 1 }`, []string{"wall", "let"}},
		{"style", `style door { room at (0,0) size 1x1 }`, []string{"room"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, msgs := parse(t, "plan \"P\" {\n "+tt.stmt+"\n}\n")
			if len(msgs) != 1 {
				t.Errorf("diagnostics %q, want one syntax error", msgs)
			}
			var entries []KeyValue
			switch n := f.Plan.Body[0].(type) {
			case *ThemeStmt:
				entries = n.Entries
			case *StyleStmt:
				entries = n.Entries
			default:
				t.Fatalf("first statement is %T", n)
			}
			var keys []string
			for _, kv := range entries {
				keys = append(keys, kv.Key.Text)
			}
			if strings.Join(keys, " ") != strings.Join(tt.keys, " ") {
				t.Errorf("keys %q, want %q", keys, tt.keys)
			}
		})
	}
}
