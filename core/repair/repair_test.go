package repair_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/internal/golden"
)

// notFixpoint names the plans whose repaired source the reference itself
// moves again on a second pass: a fixture set against a wall on a half
// grid step is snapped to the whole grid when the source is read back, and
// a piece left in a door's sweep (reported) is moved again.
var notFixpoint = map[string]bool{"snap-half-grid.arch": true, "swing-along-wall.arch": true, "fixture-tie.arch": true, "overlap-then-snap.arch": true,
	"rounds.arch": true, "rounds-overlap.arch": true, "conflict-order.arch": true, "snap-then-swing.arch": true, "pinched-far-wall.arch": true, "declared-room-stuck.arch": true}

// TestGolden runs repair over every plan in testdata and compares the JSON
// with its .golden.json. Moves, spans and the reprinted source were
// checked against the reference implementation (the reasons are worded
// here).
func TestGolden(t *testing.T) {
	plans, err := filepath.Glob("testdata/*.arch")
	if err != nil || len(plans) == 0 {
		t.Fatalf("no plans: %v", err)
	}
	for _, p := range plans {
		t.Run(filepath.Base(p), func(t *testing.T) {
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			res := compile.Repair(src, compile.RepairOptions{})
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetIndent("", "  ")
			if err := enc.Encode(res); err != nil {
				t.Fatal(err)
			}
			got := buf.Bytes()
			goldenPath := strings.TrimSuffix(p, ".arch") + ".golden.json"
			if golden.Update() {
				if err := os.WriteFile(goldenPath, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(goldenPath)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("repair %s:\n%s\nwant:\n%s", p, got, want)
			}
			if res.Changed && !notFixpoint[filepath.Base(p)] {
				// A repaired plan is a fixpoint: a second pass changes nothing.
				again := compile.Repair([]byte(res.Source), compile.RepairOptions{})
				if again.Changed || again.Source != res.Source {
					t.Errorf("second pass changed the source:\n%s", again.Source)
				}
			}
		})
	}
}

// TestMoves pins the moves for small plans.
func TestMoves(t *testing.T) {
	const shell = "  units mm\n  grid 50\n" +
		"  wall exterior thickness 200 { (0,0) (8000,0) (8000,5000) (0,5000) close }\n" +
		"  wall partition thickness 100 { (4000,0) (4000,5000) }\n" +
		"  room id=a at (0,0) size 4000x5000 label \"A\"\n  room id=b at (4000,0) size 4000x5000 label \"B\"\n" +
		"  door at (2000,5000) width 900 wall exterior hinge left swing in\n"
	type xy struct{ x, y float64 }
	for _, c := range []struct {
		name       string
		piece      string
		to         []xy
		unresolved int
	}{
		{"pushed left off the partition", "furniture sofa at (3200,1000) size 1000x900", []xy{{2950, 1000}}, 0},
		{"pushed right off the partition", "furniture sofa at (3700,1000) size 1000x900", []xy{{4050, 1000}}, 0},
		{"pushed in off the exterior wall", "furniture sofa at (-100,1000) size 1000x900", []xy{{100, 1000}}, 0},
		{"out of the landing and the sweep", "furniture chest at (1700,4500) size 800x300", []xy{{1700, 3750}}, 0},
		{"clear of everything", "furniture chest at (500,500) size 800x300", nil, 0},
		{"an expression is reported, not rewritten", "let X = 3200\n  furniture sofa at (X,1000) size 1000x900", nil, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "plan \"T\" {\n" + shell + "  " + c.piece + "\n}\n"
			res := compile.Repair([]byte(src), compile.RepairOptions{})
			if len(res.Changes) != len(c.to) || len(res.Unresolved) != c.unresolved {
				t.Fatalf("changes %+v, unresolved %+v; want %d changes, %d unresolved", res.Changes, res.Unresolved, len(c.to), c.unresolved)
			}
			for i, ch := range res.Changes {
				if ch.To.X != c.to[i].x || ch.To.Y != c.to[i].y || ch.Via != "at" || ch.Kind != "moved" {
					t.Errorf("change %d = %+v, want to (%v, %v)", i, ch, c.to[i].x, c.to[i].y)
				}
			}
			if res.Changed != (len(c.to) > 0) || (!res.Changed && res.Source != src) {
				t.Errorf("changed = %v, source =\n%s", res.Changed, res.Source)
			}
		})
	}
}

func BenchmarkRepair(b *testing.B) {
	src, err := os.ReadFile("testdata/several-pieces.arch")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		compile.Repair(src, compile.RepairOptions{})
	}
}
