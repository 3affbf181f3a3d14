package analysis_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/plangen"
)

// realPlans are the generated grids up to 64 KiB, and the example plans
// of the directory $ARCHLANG_EXAMPLES names, when it is set.
func realPlans(t *testing.T) (map[string][]byte, compile.World) {
	plans, examples, err := plangen.EnvCorpus()
	if err != nil {
		t.Fatal(err)
	}
	var world compile.World
	if examples != nil {
		world = compile.FSWorld(examples)
	} else {
		t.Log(plangen.ExamplesEnv + " is not set: generated grids only")
	}
	return plans, world
}

// TestAdjacencyBudgetsSpareRealPlans: no realistic plan is cut, and the
// busiest lists far fewer adjacent pairs than MaxAdjacencies.
func TestAdjacencyBudgetsSpareRealPlans(t *testing.T) {
	plans, world := realPlans(t)
	most, mostName := 0, ""
	for name, src := range plans {
		res := compile.Describe(src, compile.DescribeOptions{World: world})
		for _, s := range append([]analysis.Summary{res.Facts.Summary}, levelSummaries(res.Facts)...) {
			if len(s.Truncated) > 0 {
				t.Errorf("%s: cut: %q", name, s.Truncated)
			}
			n := 0
			for _, r := range s.Rooms {
				n += len(r.Adjacent)
			}
			if n/2 > most {
				most, mostName = n/2, name
			}
		}
	}
	if most*10 > analysis.MaxAdjacencies {
		t.Errorf("%s lists %d adjacent pairs, within a factor of 10 of MaxAdjacencies", mostName, most)
	}
	t.Logf("most adjacent pairs: %d (%s)", most, mostName)
}

func levelSummaries(f *analysis.Facts) []analysis.Summary {
	var out []analysis.Summary
	for _, l := range f.Levels {
		out = append(out, l.Summary)
	}
	return out
}

// TestStackedRooms: 5000 polygon rooms on one spot, every pair adjacent
// (their edges lie on one another; stacked rectangles are not
// neighbours), describe quickly with its adjacency cut and saying so.
func TestStackedRooms(t *testing.T) {
	src := []byte("plan \"stack\" {\n  units mm\n  for i in 0..5000 { room polygon (0,0) (5000,0) (5000,5000) (0,5000) }\n}\n")
	start := time.Now()
	res := compile.Describe(src, compile.DescribeOptions{})
	el := time.Since(start)
	n := 0
	for _, r := range res.Facts.Rooms {
		n += len(r.Adjacent)
	}
	if n != 2*analysis.MaxAdjacencies {
		t.Errorf("%d adjacency entries, want %d", n, 2*analysis.MaxAdjacencies)
	}
	tr := res.Facts.Truncated
	if len(tr) != 2 || !strings.Contains(tr[0], "adjacent room pairs left out") || !strings.Contains(tr[1], "compared up to the limit") {
		t.Errorf("truncated = %q", tr)
	}
	// The first room's first neighbours are the next rooms, in order.
	if a := res.Facts.Rooms[0].Adjacent; len(a) == 0 || a[0] != "room_2" {
		t.Errorf("room_1 adjacent starts %q", a[:min(3, len(a))])
	}
	if el > 3*time.Second {
		t.Errorf("took %v", el)
	}
	t.Logf("5000 stacked rooms: %v", el)
}

// TestNonFiniteFacts: numbers a plan makes overflow (an arc radius of
// 1e300, rooms 1e300 mm wide) still encode, with null where the number is
// not finite, as the reference writes them.
func TestNonFiniteFacts(t *testing.T) {
	big := "1" + strings.Repeat("0", 300)
	for _, tt := range []struct {
		name, src string
		want      []string // substrings of the JSON
	}{
		{"arc radius 1e300", "plan \"x\" {\n  units mm\n  wall exterior thickness 200 { (0,0) (4000,0) arc (4000,4000) radius " + big + " close }\n  room at (0,0) size 4000x4000\n}\n",
			[]string{`"bbox_outer":{"w":4282.8427124746195,"h":4282.8427124746195}`}},
		{"rooms 1e300 wide", "plan \"x\" {\n  units mm\n  room at (0,0) size " + big + "x" + big + "\n  room at (" + big + ",0) size " + big + "x" + big + "\n}\n",
			[]string{`"area_m2":null`, `"floor_area_m2":null`, `Infinity m² total`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := compile.Describe([]byte(tt.src), compile.DescribeOptions{})
			b, err := json.Marshal(res.Value)
			if err != nil {
				t.Fatalf("encode: %v", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(b), w) {
					t.Errorf("no %s in %s", w, b)
				}
			}
			if _, err := analysis.SelectKeys(res.Facts, []string{"rooms", "totals"}); err != nil {
				t.Errorf("select: %v", err)
			}
		})
	}
}
