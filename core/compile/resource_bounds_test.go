package compile_test

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

// Resource bounds of the tools, not just the compile: small plans written
// to make lint, describe or the drawing grow with the square of the input
// (every pair of stacked pieces overlaps, every pair of stacked rooms is
// adjacent), to amplify a string into megabytes of labels, or to push a
// number past what JSON can encode. Each tool must answer every one of them
// in well under a second (see BenchmarkHostileTools), within the
// allocation budget, with an answer no larger than maxAnswerBytes that
// encodes as JSON.
//
//	go test -run='^$' -bench=HostileTools -benchmem ./core/compile
//	go test -run='^$' -fuzz=FuzzResourceBounds -fuzztime=2m ./core/compile

const (
	// maxSourceBytes is the host's cap on a plan (the 64 KiB argument cap).
	maxSourceBytes = 64 << 10
	// maxAnswerBytes bounds the encoded answer of one tool call on a plan
	// of at most maxSourceBytes.
	maxAnswerBytes = 48 << 20
	// maxCallAlloc bounds the bytes one tool call may allocate (the growth
	// of runtime.MemStats.TotalAlloc over the call). The largest today is
	// the 26 MB drawing of walls_arc_22000, about 385 MiB.
	maxCallAlloc = 512 << 20
)

// toolCall runs one tool and returns its wire value.
type toolCall struct {
	name string
	run  func(src []byte) any
}

var toolCalls = []toolCall{
	{"compile", func(src []byte) any { return compile.Compile(src, compile.Options{}).Envelope() }},
	{"overlay", func(src []byte) any {
		return compile.Compile(src, compile.Options{Overlay: compile.OverlayCirculation}).Envelope()
	}},
	{"lint", func(src []byte) any { return compile.Lint(src, compile.LintOptions{}).Envelope() }},
	{"describe", func(src []byte) any { return compile.Describe(src, compile.DescribeOptions{}).Value }},
	{"validate", func(src []byte) any { return compile.Validate(src, compile.ValidateOptions{}).Envelope() }},
	{"suggest", func(src []byte) any { return compile.Suggest(src, compile.SuggestOptions{}) }},
	{"repair", func(src []byte) any { return compile.Repair(src, compile.RepairOptions{}) }},
	{"fix", func(src []byte) any { return compile.Fix(src, compile.FixOptions{}) }},
	{"finish", func(src []byte) any { return compile.Finish(src, compile.FinishOptions{}) }},
	{"score", func(src []byte) any { return compile.Score(src, nil, compile.ScoreOptions{}).Envelope() }},
	{"complete", func(src []byte) any { return compile.Complete(src, len(src)/2) }},
	// Last, out of FuzzResourceBounds's first three: at the largest width
	// it is the slowest call on most hostile plans.
	{"png", func(src []byte) any {
		return compile.Compile(src, compile.Options{Format: "png", Width: compile.MaxPNGWidth}).Envelope()
	}},
}

type toolCase struct {
	name string
	src  string
	// note says what the case tries.
	note string
}

func loopPlan(n int, stmt string) string {
	return fmt.Sprintf("plan \"hostile\" {\n  units mm\n  for i in 0..%d { %s }\n}\n", n, stmt)
}

// literalBeds is a plan of n furniture statements, each a bed step mm
// right of the one before, every position written as a literal.
func literalBeds(n, step int) string {
	var b strings.Builder
	b.WriteString("plan \"hostile\" {\n  units mm\n")
	for i := range n {
		fmt.Fprintf(&b, "  furniture bed at (%d,0) size 1000x2000\n", i*step)
	}
	b.WriteString("}\n")
	return b.String()
}

// levelsPlan is a plan of n storeys, each one walled room with a door, a
// bed and a stair.
func levelsPlan(n int) string {
	var b strings.Builder
	b.WriteString("plan \"hostile\" {\n  units mm\n")
	for i := range n {
		fmt.Fprintf(&b, "  level %d \"L%d\" {\n    wall exterior thickness 200 { (0,0) (4000,0) (4000,4000) (0,4000) close }\n    room at (0,0) size 4000x4000 label \"Bedroom\"\n    door at (2000,0) width 900\n    furniture bed at (2000,1500) size 1600x2000\n    stair at (300,300) size 1000x2500 dir up\n  }\n", i, i)
	}
	b.WriteString("}\n")
	return b.String()
}

func toolCases() []toolCase {
	c := func(name, src, note string) toolCase { return toolCase{name: name, src: src, note: note} }
	big := "1" + strings.Repeat("0", 300)
	cases := []toolCase{
		c("beds_stacked_800", loopPlan(800, "furniture bed at (100,100) size 1000x2000"),
			"320 000 overlapping pairs: lint answered 128 MB before the finding caps"),
		c("beds_stacked_3000", loopPlan(3000, "furniture bed at (100,100) size 1000x2000"),
			"4.5 million pairs: stops at lint.MaxPairs; repair sorted every earlier piece for every piece (2 s, 1.2 GB)"),
		c("beds_literal_offset_1500", literalBeds(1500, 10),
			"1500 statements, each bed 10 mm right of the last: repair's rounds weighed every earlier piece, sorted, for every piece"),
		c("beds_literal_same_1600", literalBeds(1600, 0),
			"1600 statements of one bed on one spot: every piece centred on the first"),
		c("rooms_stacked_5000", loopPlan(5000, "room at (0,0) size 5000x5000"),
			"12.5 million adjacent pairs: describe took 13 s and 4 GB before the adjacency sweep and caps"),
		c("polygon_rooms_stacked_5000", loopPlan(5000, "room polygon (0,0) (5000,0) (5000,5000) (0,5000)"),
			"12.5 million polygon pairs that do not overlap (identical rings do not): 18 s in resolve's overlap test before resolve.MaxOverlapWork"),
		c("circle_rooms_stacked_3000", loopPlan(3000, "room circle at (0,0) radius 3000"),
			"4.5 million pairs of 48-gons: 8 to 17 s per tool before resolve.MaxOverlapWork counted vertex pairs"),
		c("rooms_apart_10000", loopPlan(10000, "room at (i*10,0) size 5x5"),
			"no two rooms near: nothing may compare all pairs"),
		c("rooms_column_6000", loopPlan(6000, "room at (0,i*10) size 5x5"),
			"the same along y, where a sweep over x sees every pair"),
		c("beds_column_8000", loopPlan(8000, "furniture bed at (0,i*3000) size 1000x2000"),
			"pieces apart in a column: an x-only sweep would see every pair"),
		c("rooms_openings_6000", "plan \"x\" {\n  units mm\n  for i in 0..6000 {\n    wall exterior thickness 200 { (i*3000,0) (i*3000+2500,0) }\n    room at (i*3000,0) size 2500x2500 label \"Bedroom\"\n    window at (i*3000+1000,0) width 900\n    door at (i*3000+2000,0) width 800\n  }\n}\n",
			"12 000 openings by 6000 rooms: 11 s per tool while every opening scanned every room"),
		c("baths_furnished_5000", "plan \"x\" {\n  units mm\n  for i in 0..5000 {\n    wall interior thickness 100 { (i*3000,0) (i*3000+2500,0) }\n    room at (i*3000,0) size 2500x2500 label \"Bath\"\n    furniture wc at (i*3000+100,100) size 400x600\n    furniture bed at (i*3000+1000,300) size 1000x2000\n  }\n}\n",
			"fixtures against pieces, walls and rooms: no rule may weigh every piece against every other"),
		c("walls_arc_22000", loopPlan(22000, "wall exterior thickness 200 { (i*3000,0) (i*3000+2500,0) arc (i*3000+2500,2500) radius 2000 }"),
			"the largest drawing found within the step budget (26 MB of SVG): refused past compile.MaxOutputBytes"),
		c("routes_far_baths_50", "plan \"x\" {\n  units mm\n  wall exterior thickness 200 { (0,0) (450000,0) (450000,6000) (0,6000) close }\n  wall interior thickness 100 { (0,4000) (450000,4000) }\n  room id=c at (0,4000) size 450000x2000 label \"Corridor\"\n  door at (1000,6000) width 1200 wall exterior\n  for i in 0..50 {\n    wall interior thickness 100 { (i*9000+3000,0) (i*9000+3000,4000) }\n    wall interior thickness 100 { (i*9000+6000,0) (i*9000+6000,4000) }\n    wall interior thickness 100 { (i*9000+9000,0) (i*9000+9000,4000) }\n    room at (i*9000,0) size 3000x4000 label \"Bedroom\"\n    room at (i*9000+3000,0) size 3000x4000 label \"Bedroom\"\n    room at (i*9000+6000,0) size 3000x4000 label \"Bath\"\n    door at (i*9000+1500,4000) width 1200\n    door at (i*9000+4500,4000) width 1200\n    door at (i*9000+7500,4000) width 700\n  }\n}\n",
			"every bath behind a narrow door off a wide corridor: each bedroom's route searched most of the grid (1.7 s) before MaxRouteCells"),
		c("windows_one_wall_3000", "plan \"x\" {\n  units mm\n  wall exterior thickness 200 { (0,0) (3000000,0) }\n  for i in 0..3000 { window at (i*1000+500,0) width 900 }\n}\n",
			"3000 windows on one wall: lint cut every piece of the wall for every window (714 MB and 0.2 s per call)"),
		c("levels_230", levelsPlan(230),
			"230 storeys of one furnished room (64 KiB): each storey is measured and drawn on its own, and a png compile's storeys share one work budget"),
		c("labels_50x1MB", "plan \"x\" {\n  let s = \"abcdefghijklmnop\"\n  for i in 0..16 { s = \"{s}{s}\" }\n  for i in 0..50 { room at (i*10,0) size 5x5 label \"{s}\" }\n}\n",
			"a 52 MB drawing before expand.MaxStringLength and MaxStringBytes"),
		c("label_literal_loop", loopPlan(20000, "room at (i*10,0) size 5x5 label \""+strings.Repeat("x", 2000)+"\""),
			"a long literal label stamped on every room: MaxStringBytes counts literals"),
		c("stairs_long_300", loopPlan(300, "stair at (i*1000,0) size 900x500000 dir up"),
			"2000 treads per flight: 64 MB of drawing before svg.MaxDrawnTreads"),
		c("arc_radius_1e300", "plan \"x\" {\n  units mm\n  wall exterior thickness 200 { (0,0) (4000,0) arc (4000,4000) radius "+big+" close }\n  room at (0,0) size 4000x4000\n}\n",
			"an infinite arc centre: describe failed to encode"),
		c("rooms_1e300", "plan \"x\" {\n  units mm\n  room at (0,0) size "+big+"x"+big+"\n  room at ("+big+",0) size "+big+"x"+big+"\n  door at ("+big+",500) width 900\n  furniture bed at (0,0) size "+big+"x"+big+"\n}\n",
			"infinite areas: null in describe, as the reference"),
	}
	return cases
}

// measureCall runs f once, returning its value, wall time and bytes
// allocated.
func measureCall(f func() any) (any, time.Duration, uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	v := f()
	el := time.Since(start)
	runtime.ReadMemStats(&after)
	return v, el, after.TotalAlloc - before.TotalAlloc
}

// checkCall runs one tool on src and reports every bound it breaks.
func checkCall(tc toolCall, src []byte) (problems []string, el time.Duration, alloc uint64, size int) {
	v, el, alloc := measureCall(func() any { return tc.run(src) })
	b, err := json.Marshal(v)
	if err != nil {
		problems = append(problems, fmt.Sprintf("%s: the answer does not encode: %v", tc.name, err))
	}
	if len(b) > maxAnswerBytes {
		problems = append(problems, fmt.Sprintf("%s: %d-byte answer, over %d", tc.name, len(b), maxAnswerBytes))
	}
	if alloc > maxCallAlloc {
		problems = append(problems, fmt.Sprintf("%s: allocated %d MiB, over %d MiB", tc.name, alloc>>20, maxCallAlloc>>20))
	}
	return problems, el, alloc, len(b)
}

func TestHostileTools(t *testing.T) {
	for _, c := range toolCases() {
		t.Run(c.name, func(t *testing.T) {
			src := []byte(c.src)
			if len(src) > maxSourceBytes {
				t.Fatalf("%d-byte source, over the host's cap", len(src))
			}
			for _, tc := range toolCalls {
				problems, el, alloc, size := checkCall(tc, src)
				t.Logf("%-8s %v, %.1f MiB allocated, %d-byte answer", tc.name, el.Round(time.Millisecond), float64(alloc)/mib, size)
				if el > ceiling() {
					problems = append(problems, fmt.Sprintf("%s: took %v", tc.name, el))
				}
				for _, p := range problems {
					t.Error(p)
				}
			}
		})
	}
}

// TestNonFiniteAnswersEncode marshals every tool's answer for plans whose
// numbers overflow, and checks describe writes null where the reference
// does.
func TestNonFiniteAnswersEncode(t *testing.T) {
	for _, c := range toolCases() {
		if !strings.Contains(c.name, "1e300") {
			continue
		}
		for _, tc := range toolCalls {
			b, err := json.Marshal(tc.run([]byte(c.src)))
			if err != nil {
				t.Errorf("%s %s: %v", c.name, tc.name, err)
			}
			if c.name == "rooms_1e300" && tc.name == "describe" && !strings.Contains(string(b), `"area_m2":null`) {
				t.Errorf("%s describe: no null area: %.300s", c.name, b)
			}
		}
		// A brief reads the same areas: validate's intent block and score.
		brief := []byte(`{"rooms":2,"totalAreaM2":{"min":1,"max":2,"source":"s"},"roomsInclude":[{"concept":"room","areaM2":{"min":1,"max":2,"source":"t"}}]}`)
		for name, v := range map[string]any{
			"validate+intent": compile.Validate([]byte(c.src), compile.ValidateOptions{Intent: brief, HasIntent: true}).Envelope(),
			"score":           compile.Score([]byte(c.src), brief, compile.ScoreOptions{}).Envelope(),
		} {
			if _, err := json.Marshal(v); err != nil {
				t.Errorf("%s %s: %v", c.name, name, err)
			}
		}
	}
}

// BenchmarkHostileTools times every tool on every hostile case; run with
// -benchmem. Every case must stay well under a second.
func BenchmarkHostileTools(b *testing.B) {
	for _, c := range toolCases() {
		src := []byte(c.src)
		for _, tc := range toolCalls {
			b.Run(c.name+"/"+tc.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					tc.run(src)
				}
			})
		}
	}
}

// FuzzResourceBounds compiles, lints and describes arbitrary plans (cut
// to the host's 64 KiB cap) and fails when one call allocates more than
// maxCallAlloc, answers more than maxAnswerBytes, or gives an answer that
// does not encode. It is seeded with the hostile cases.
func FuzzResourceBounds(f *testing.F) {
	for _, c := range toolCases() {
		f.Add([]byte(c.src))
	}
	for _, c := range hostileCases() {
		if len(c.src) <= maxSourceBytes {
			f.Add([]byte(c.src))
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > maxSourceBytes {
			src = src[:maxSourceBytes]
		}
		for _, tc := range toolCalls[:3] {
			if problems, _, _, _ := checkCall(tc, src); len(problems) > 0 {
				t.Fatalf("%s\n%q", strings.Join(problems, "\n"), src)
			}
		}
	})
}
