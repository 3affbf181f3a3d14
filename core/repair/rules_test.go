package repair_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

// Two rooms used by the rule tests: a large open one (walls far from the
// pieces) and a small study whose walls the pieces run into.
const (
	openRoom = "  units mm\n  grid %d\n" +
		"  wall exterior thickness 200 { (0,0) (10000,0) (10000,10000) (0,10000) close }\n" +
		"  room id=r at (0,0) size 10000x10000 label \"Living\"\n"
	study = "  units mm\n  grid 100\n" +
		"  wall exterior thickness 250 { (0,0) (3600,0) (3600,3000) (0,3000) close }\n" +
		"  room id=r at (0,0) size 3600x3000 label \"Study\"\n"
)

// ruleCase is a small plan and what repair makes of it: each change as
// "id kind x,y" (where the piece ends), and the ids reported unresolved,
// in order. Every expectation was checked against the reference.
type ruleCase struct {
	name       string
	shell      string
	pieces     string
	changes    []string
	unresolved []string
}

func runRules(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "plan \"T\" {\n" + c.shell + c.pieces + "}\n"
			res := compile.Repair([]byte(src), compile.RepairOptions{})
			var got, un []string
			for _, ch := range res.Changes {
				got = append(got, fmt.Sprintf("%s %s %g,%g", ch.ID, ch.Kind, ch.To.X, ch.To.Y))
			}
			for _, u := range res.Unresolved {
				un = append(un, u.ID)
			}
			if strings.Join(got, "|") != strings.Join(c.changes, "|") || strings.Join(un, "|") != strings.Join(c.unresolved, "|") {
				t.Errorf("changes %q, unresolved %q;\nwant %q, %q", got, un, c.changes, c.unresolved)
			}
		})
	}
}

// TestSeparation pins how a piece is moved off the earlier pieces it
// overlaps.
func TestSeparation(t *testing.T) {
	open := func(grid int) string { return fmt.Sprintf(openRoom, grid) }
	runRules(t, []ruleCase{
		{
			// The earlier piece sharing the most area goes first (the
			// one on the right, 200x1000, before the left one's 300x400,
			// though the left needs the longer move), then the other.
			name:    "largest overlap first",
			shell:   open(10),
			pieces:  "  furniture table at (1300,2400) size 1000x400\n  furniture table at (2800,2000) size 700x1000\n  furniture table at (2000,2000) size 1000x1000\n",
			changes: []string{"table#3 moved 1800,1400"},
		},
		{
			// Equal shared areas: the earlier placed wins, here the one
			// the piece is centred on, so it is not moved at all.
			name:       "equal overlap, earlier placed first",
			shell:      open(10),
			pieces:     "  furniture table at (3400,3500) size 600x650\n  furniture table at (2900,4530) size 1700x700\n  furniture table at (3000,3000) size 1400x1800\n",
			unresolved: []string{"table#3"},
		},
		{
			// A little more area shared with the lower piece: the piece
			// moves off it, and is then reported centred on the other.
			name:       "a little more overlap with the other",
			shell:      open(10),
			pieces:     "  furniture table at (3400,3500) size 600x650\n  furniture table at (2900,4520) size 1700x700\n  furniture table at (3000,3000) size 1400x1800\n",
			changes:    []string{"table#3 moved 3000,2720"},
			unresolved: []string{"table#3"},
		},
		{
			// Centres in line on the axis of the shallower overlap: no
			// side to move to.
			name:       "centred on the axis of the move",
			shell:      open(100),
			pieces:     "  furniture table at (3000,3000) size 1000x1000\n  furniture table at (3300,3300) size 1000x400\n",
			unresolved: []string{"table#2"},
		},
		{
			// The overlaps are as deep on either axis: x, unless the
			// centres line up on x (the first pair), then y.
			name:    "overlaps as deep on both axes",
			shell:   open(100),
			pieces:  "  furniture table at (1200,1000) size 400x400\n  furniture table at (1000,1000) size 800x1800\n  furniture table at (3000,3000) size 400x400\n  furniture table at (3100,3000) size 400x400\n",
			changes: []string{"table#2 moved 1000,1400", "table#4 moved 3400,3000"},
		},
		{
			name:    "off centre on that axis",
			shell:   open(100),
			pieces:  "  furniture table at (3000,3000) size 1000x1000\n  furniture table at (3300,3100) size 1000x400\n",
			changes: []string{"table#2 moved 3300,2600"},
		},
		{
			// Centred on the other axis only: the move takes the
			// shallower overlap's axis, where the centres differ.
			name:    "centred across, not along",
			shell:   open(100),
			pieces:  "  furniture table at (3000,3000) size 1000x1000\n  furniture table at (3000,3200) size 1000x1200\n",
			changes: []string{"table#2 moved 3000,4000"},
		},
		{
			// Off the right piece (the larger overlap, 300 mm), which
			// takes it onto the left one (500 mm), off which it moves;
			// moving off the right one again would put it back where it
			// stood, so it stays, and is reported.
			name:       "no step back to a place it stood",
			shell:      open(100),
			pieces:     "  furniture table at (1300,2000) size 1000x1000\n  furniture table at (2800,2000) size 700x1000\n  furniture table at (2000,2000) size 1000x1000\n",
			changes:    []string{"table#3 moved 1800,2000"},
			unresolved: []string{"table#3"},
		},
		{
			// Pushed out of the wall onto the table; moving off the
			// table would take it back where it was written.
			name:       "separation back to the written place",
			shell:      study,
			pieces:     "  furniture table at (200,1500) size 1700x700\n  furniture bed at (300,-300) size 1400x1800\n",
			changes:    []string{"bed#2 moved 300,200"},
			unresolved: []string{"bed#2"},
		},
		{
			// The same one row further: the step off the table is new,
			// and the wall's push back is the step already taken.
			name:       "separation to a new place",
			shell:      study,
			pieces:     "  furniture table at (200,1600) size 1700x700\n  furniture bed at (300,-300) size 1400x1800\n",
			changes:    []string{"bed#2 moved 300,-200"},
			unresolved: []string{"bed#2"},
		},
		{
			// Pushed out of the wall, then found centred on the chest:
			// the push stands and the piece is reported.
			name:       "pushed, then centred",
			shell:      study,
			pieces:     "  furniture table at (700,700) size 600x650\n  furniture bed at (300,-200) size 1400x1800\n",
			changes:    []string{"bed#2 moved 300,200"},
			unresolved: []string{"bed#2"},
		},
	})
}

// Rooms with two doors for the leaf-sweep tests: one in a partition and
// one in the exterior wall at right angles to it, and one with two doors
// on two sides of the exterior wall.
const (
	twoWalls = "  units mm\n  grid 100\n" +
		"  wall exterior thickness 200 { (0,0) (7200,0) (7200,4000) (0,4000) close }\n" +
		"  wall id=v1 partition thickness 100 { (3600,0) (3600,4000) }\n" +
		"  room id=a at (0,0) size 3600x4000 label \"A\"\n  room id=b at (3600,0) size 3600x4000 label \"B\"\n" +
		"  door at (3600,1200) width 900 wall v1\n"
	twoSides = "  units mm\n  grid 50\n" +
		"  wall exterior thickness 200 { (0,0) (4000,0) (4000,4000) (0,4000) close }\n" +
		"  room id=a at (0,0) size 4000x4000 label \"A\"\n" +
		"  door at (1400,0) width 900 wall exterior\n"
	counterRoom = "  units mm\n  grid 100\n" +
		"  wall exterior thickness 250 { (0,0) (7200,0) (7200,3000) (0,3000) close }\n" +
		"  wall id=v1 partition thickness 100 { (3600,0) (3600,3000) }\n" +
		"  room id=a at (0,0) size 3600x3000 label \"A\"\n  room id=b at (3600,0) size 3600x3000 label \"B\"\n" +
		"  door at (3600,700) width 900 wall v1\n"
)

// TestSwing pins how a piece leaves a hinged leaf's sweep.
func TestSwing(t *testing.T) {
	runRules(t, []ruleCase{
		{
			// Across the wall, 600 mm, the least move.
			name:    "one door",
			shell:   twoWalls,
			pieces:  "  furniture table at (2900,800) size 400x800\n",
			changes: []string{"table#1 moved 2300,800"},
		},
		{
			// The least move lands in the sweep of a door in another
			// wall; it is taken all the same, and the next round finds
			// no clear way out of that sweep.
			name:       "into another wall's leaf",
			shell:      twoWalls,
			pieces:     "  door at (2400,0) width 900 wall exterior\n  furniture table at (2900,800) size 400x800\n",
			changes:    []string{"table#1 moved 2300,800"},
			unresolved: []string{"table#1"},
		},
		{
			name:    "into another wall's leaf, hinged on the right",
			shell:   twoWalls,
			pieces:  "  door at (2400,0) width 900 wall exterior hinge right\n  furniture table at (2900,800) size 400x800\n",
			changes: []string{"table#1 moved 2300,900"},
		},
		{
			// Behind the hinge, into the sweep of a door on another side
			// of the same wall: taken, then moved out of that one.
			name:    "into a leaf on another side",
			shell:   twoSides,
			pieces:  "  door at (0,900) width 900 wall exterior\n  furniture table at (1000,300) size 400x400\n",
			changes: []string{"table#1 moved 500,200"},
		},
		{
			// Out of the leaf's sweep, then set back against the wall
			// below, which brings it into the sweep again: the sweep is
			// checked every round, and the piece moves out once more.
			name:    "swept again after the snap",
			shell:   counterRoom,
			pieces:  "  furniture counter at (2600,500) size 400x700\n",
			changes: []string{"counter#1 moved 2200,150"},
		},
	})
}

// TestTwoSweeps pins a piece standing in two leaves' sweeps at once: the
// ways out of both are weighed together, and a way out of one that lands
// in the other is not clear.
func TestTwoSweeps(t *testing.T) {
	corner := "  units mm\n  grid 100\n" +
		"  wall exterior thickness 250 { (0,0) (7200,0) (7200,9000) (0,9000) close }\n" +
		"  wall id=v1 partition thickness 100 { (3600,0) (3600,9000) }\n" +
		"  wall id=h2 partition thickness 100 { (0,6000) (7200,6000) }\n" +
		"  room id=a at (0,0) size 3600x6000 label \"A\"\n  room id=c at (0,6000) size 3600x3000 label \"C\"\n" +
		"  room id=d at (3600,6000) size 3600x3000 label \"D\"\n" +
		"  door at (2400,6000) width 800 wall h2\n"
	runRules(t, []ruleCase{
		{
			// In both leaves' sweeps: past the first leaf (200 mm) lands
			// in the second's, and the second's ways out run into the
			// first's or the wall, so it goes behind the first's hinge.
			name:    "past one leaf into the other",
			shell:   corner,
			pieces:  "  door at (3600,6700) width 900 wall v1\n  furniture table at (1900,6800) size 1400x2000 rotate 180\n",
			changes: []string{"table#1 moved 500,6800"},
		},
		{
			// The same with the partition's door sliding: no second
			// sweep, the short way past the leaf is taken (into that
			// door's approach, whose move would take it back: stuck).
			name:       "the other door sliding",
			shell:      corner,
			pieces:     "  door pocket at (3600,6700) width 900 wall v1\n  furniture table at (1900,6800) size 1400x2000 rotate 180\n",
			changes:    []string{"table#1 moved 2100,6800"},
			unresolved: []string{"table#1"},
		},
		{
			// In the partition's leaf and, barely, the exterior door's:
			// across the exterior door's is as short as past it (100 mm),
			// but both land in the partition's; behind that hinge and
			// past the partition's leaf are clear, both 800 mm: a tie.
			name:       "two ways of the same length",
			shell:      twoWalls,
			pieces:     "  door at (3000,0) width 900 wall exterior\n  furniture table at (2900,800) size 400x800\n",
			unresolved: []string{"table#1"},
		},
	})
}

// A room whose partition and exterior wall a piece can sink into at once.
const twoBands = "  units mm\n  grid 100\n" +
	"  wall exterior thickness 250 { (0,0) (7200,0) (7200,3000) (0,3000) close }\n" +
	"  wall id=h1 partition thickness 100 { (0,2000) (7200,2000) }\n" +
	"  room id=a at (0,0) size 7200x2000 label \"A\"\n  room id=b at (0,2000) size 7200x1000 label \"B\"\n"

// TestWallMiddle pins a piece straddling the middle of one wall while it
// sinks into another.
func TestWallMiddle(t *testing.T) {
	runRules(t, []ruleCase{
		{
			// Centred on the exterior wall (listed first): that wall
			// does not push it, the partition still does, and the piece
			// is reported.
			name:       "centred on one, pushed by the other",
			shell:      twoBands,
			pieces:     "  furniture table at (6500,1200) size 1400x1000\n",
			changes:    []string{"table#1 moved 6500,900"},
			unresolved: []string{"table#1"},
		},
		{
			// The push comes first, the straddle is reported in the
			// next round: after a later piece's first-round straddle.
			name:       "pushed, then reported",
			shell:      twoBands,
			pieces:     "  furniture table at (6500,1200) size 1400x1000\n  furniture table at (1000,1700) size 600x600\n",
			changes:    []string{"table#1 moved 6500,900"},
			unresolved: []string{"table#2", "table#1"},
		},
		{
			name:    "off the middle: pushed by both",
			shell:   twoBands,
			pieces:  "  furniture table at (6400,1200) size 1400x1000\n",
			changes: []string{"table#1 moved 5600,900"},
		},
	})
}

// Two rooms with a door in the exterior wall, for the order of the
// unresolved entries.
const doorRoom = "  units mm\n  grid 50\n" +
	"  wall exterior thickness 200 { (0,0) (8000,0) (8000,3000) (0,3000) close }\n" +
	"  wall id=v1 partition thickness 100 { (4000,0) (4000,3000) }\n" +
	"  room id=a at (0,0) size 4000x3000 label \"A\"\n  room id=b at (4000,0) size 4000x3000 label \"B\"\n" +
	"  door at (2000,0) width 900 wall exterior\n"

// TestFaultOrder pins the order of the faults the passes meet: round by
// round, in placing order within a round.
func TestFaultOrder(t *testing.T) {
	runRules(t, []ruleCase{
		{
			// The sink is set back against the wall in its first round,
			// which puts it in the doorway's approach, as far from
			// leaving it along the wall as across: that tie is met in its
			// second round, so it comes after the table's first-round
			// fault (straddling the partition), though the sink is placed
			// first.
			name:       "a second-round tie after a first-round fault",
			shell:      doorRoom,
			pieces:     "  furniture sink at (2250,700) size 400x400\n  furniture table at (3700,1500) size 600x600\n",
			changes:    []string{"sink#1 moved 2250,100"},
			unresolved: []string{"table#2", "sink#1"},
		},
		{
			// A move ends the piece's round: pushed out of the wall in
			// its first round, the table meets the doorway's tie in its
			// second, after the later table's first-round straddle.
			name:       "a push ends the round",
			shell:      doorRoom,
			pieces:     "  furniture table at (2250,-50) size 400x300\n  furniture table at (3700,1500) size 600x600\n",
			changes:    []string{"table#1 moved 2250,100"},
			unresolved: []string{"table#2", "table#1"},
		},
		{
			// The same tie with nothing moved first: both faults are
			// first-round ones, listed in placing order.
			name:       "a first-round tie",
			shell:      doorRoom,
			pieces:     "  furniture table at (2250,100) size 400x300\n  furniture table at (3700,1500) size 600x600\n",
			unresolved: []string{"table#1", "table#2"},
		},
		{
			// A separation ends the round too.
			name:       "a separation ends the round",
			shell:      doorRoom,
			pieces:     "  furniture table at (2250,400) size 400x300\n  furniture table at (2250,150) size 400x300\n  furniture table at (3700,1500) size 600x600\n",
			changes:    []string{"table#1 moved 2400,400", "table#2 moved 2250,100"},
			unresolved: []string{"table#3", "table#2"},
		},
		{
			// A piece whose next step would take it back where it stood
			// stays, in conflict, a fault of the round that met it: the
			// third table (moved in its first round, stuck in its
			// second) comes before the later table's second-round tie.
			name:       "stuck in its second round",
			shell:      doorRoom,
			pieces:     "  furniture table at (400,1500) size 1000x400\n  furniture table at (400,2000) size 1000x400\n  furniture table at (400,1400) size 1000x700\n  furniture table at (2250,-50) size 400x300\n",
			changes:    []string{"table#3 moved 400,1800", "table#4 moved 2250,100"},
			unresolved: []string{"table#3", "table#4"},
		},
		{
			// One wall pushes a piece a round: pushed out of the
			// exterior wall in its first round, the table is found
			// straddling the partition in its second, after the later
			// table's first-round straddle.
			name:       "one wall's push a round",
			shell:      doorRoom,
			pieces:     "  furniture table at (3700,2700) size 600x400\n  furniture table at (3700,1500) size 600x600\n",
			changes:    []string{"table#1 moved 3700,2500"},
			unresolved: []string{"table#2", "table#1"},
		},
		{
			// A piece centred on an earlier one is a fault of the round
			// that finds it, listed in placing order with the others.
			name:       "centred on an earlier piece",
			shell:      doorRoom,
			pieces:     "  furniture table at (1000,1000) size 1000x1000\n  furniture table at (1300,1300) size 1000x400\n  furniture table at (3700,1500) size 600x600\n",
			unresolved: []string{"table#2", "table#3"},
		},
	})
}

// TestStoreyRounds pins that the rounds run over the whole storey: each
// round takes every piece one step, in placing order.
func TestStoreyRounds(t *testing.T) {
	shell := "  units mm\n  grid 10\n" +
		"  wall exterior thickness 200 { (0,0) (8000,0) (8000,3000) (0,3000) close }\n" +
		"  wall id=v1 partition thickness 100 { (4000,0) (4000,3000) }\n" +
		"  room id=a at (0,0) size 4000x3000 label \"A\"\n  room id=b at (4000,0) size 4000x3000 label \"B\"\n"
	runRules(t, []ruleCase{
		{
			// The first table is pushed out of the exterior wall in the
			// first round, onto the second, and out of the partition
			// (off the second) in the next: the second is separated
			// from where the first round left the first.
			name:    "separated from an earlier piece's first step",
			shell:   shell,
			pieces:  "  furniture table at (3950,-100) size 500x400\n  furniture table at (3660,200) size 310x200\n",
			changes: []string{"table#1 moved 4050,100", "table#2 moved 3640,200"},
		},
		{
			// The second table, idle in the first round, is separated
			// once the first one's second step lands on it.
			name:    "an idle piece moves again",
			shell:   shell,
			pieces:  "  furniture table at (3950,-100) size 500x400\n  furniture table at (4500,200) size 300x200\n",
			changes: []string{"table#1 moved 4050,100", "table#2 moved 4550,200"},
		},
		{
			// A fixture as near to two walls is reported in the first
			// round and stays, though the table's second step then
			// lands on it.
			name:       "a wall tie stops the piece",
			shell:      shell,
			pieces:     "  furniture table at (3960,-50) size 1740x1400\n  furniture sink at (5700,1300) size 600x400\n",
			changes:    []string{"table#1 moved 4050,100"},
			unresolved: []string{"sink#2"},
		},
	})
}

// tableRow is n tables of w×2000 at y, 900 mm apart from x = 1000, then
// a 1900×400 table at (1000, y0) that every separation carries 200 mm
// further along the row.
func tableRow(n, w, y, y0 int) string {
	var b strings.Builder
	for k := 0; k < n; k++ {
		fmt.Fprintf(&b, "  furniture table at (%d,%d) size %dx2000\n", 1000+900*k, y, w)
	}
	fmt.Fprintf(&b, "  furniture table at (1000,%d) size 1900x400\n", y0)
	return b.String()
}

// TestRounds pins how far a piece's repair goes: one step a round, at
// most MaxRounds rounds.
func TestRounds(t *testing.T) {
	long := "  units mm\n  grid 100\n" +
		"  wall exterior thickness 200 { (0,0) (40000,0) (40000,10000) (0,10000) close }\n" +
		"  room id=r at (0,0) size 40000x10000 label \"Living\"\n"
	runRules(t, []ruleCase{
		{
			// A separation moves a piece by the depth of the overlap,
			// here the earlier piece's whole height, which leaves it
			// overlapping that piece; moving off the next one would
			// take it back where it stood.
			name:       "moved by the overlap's depth",
			shell:      fmt.Sprintf(openRoom, 100),
			pieces:     "  furniture table at (1000,1500) size 1000x400\n  furniture table at (1000,2000) size 1000x400\n  furniture table at (1000,1400) size 1000x700\n",
			changes:    []string{"table#3 moved 1000,1800"},
			unresolved: []string{"table#3"},
		},
		{
			// 37 separations, each a round of its own.
			name:    "a long way along a row",
			shell:   long,
			pieces:  tableRow(9, 200, 2000, 2500),
			changes: []string{"table#10 moved 8400,2500"},
		},
		{
			// The row goes on, but after 64 separations the piece stays
			// where the last one put it, and is not reported.
			name:    "at most 64 rounds",
			shell:   long,
			pieces:  tableRow(30, 200, 2000, 2500),
			changes: []string{"table#31 moved 13800,2500"},
		},
		{
			// A wall's push is one of the 64.
			name:    "a push counts",
			shell:   long,
			pieces:  tableRow(30, 200, 100, -150),
			changes: []string{"table#31 moved 13600,100"},
		},
	})
}

// TestOrientation pins which walls back a fixture's side for the turn
// that follows the moves.
func TestOrientation(t *testing.T) {
	shell := "  units mm\n  grid 100\n" +
		"  wall exterior thickness 250 { (0,0) (7200,0) (7200,3000) (0,3000) close }\n" +
		"  wall id=v1 partition thickness 100 { (3600,0) (3600,3000) }\n" +
		"  room id=a at (0,0) size 3600x3000 label \"A\"\n  room id=b at (3600,0) size 3600x3000 label \"B\"\n"
	runRules(t, []ruleCase{
		{
			// Left straddling the partition, the basins are still
			// turned: a wall's centreline within 300 mm of a side counts
			// inside the piece too (the 600 mm basin, walled left and
			// right, is reported), not further in (the 800 mm one).
			name:       "a wall within the piece",
			shell:      shell,
			pieces:     "  furniture basin at (3300,1300) size 600x650\n  furniture basin at (3200,1300) size 800x650\n",
			unresolved: []string{"basin#1", "basin#2", "basin#1"},
		},
		{
			// Against the partition, a counter 200 mm deep has the
			// partition within reach of both its sides: no single side
			// suits; one 400 mm deep is turned onto it.
			name: "a narrow piece",
			shell: "  units mm\n  grid 50\n" +
				"  wall exterior thickness 200 { (0,0) (7200,0) (7200,4000) (0,4000) close }\n" +
				"  wall id=v1 partition thickness 100 { (3600,0) (3600,4000) }\n" +
				"  room id=a at (0,0) size 3600x4000 label \"A\"\n  room id=b at (3600,0) size 3600x4000 label \"B\"\n",
			pieces:     "  furniture counter at (3650,1500) size 200x600\n  furniture counter at (3650,2500) size 400x600\n",
			changes:    []string{"counter#2 rotated 3650,2500"},
			unresolved: []string{"counter#1"},
		},
	})
}

// TestPushedFixture pins that a fixture a wall pushed is still set
// against a wall once the other passes leave it standing clear of every
// wall.
func TestPushedFixture(t *testing.T) {
	shell := "  units mm\n  grid 100\n" +
		"  wall exterior thickness 250 { (0,0) (3600,0) (3600,6000) (0,6000) close }\n" +
		"  wall id=h1 partition thickness 100 { (0,3000) (3600,3000) }\n" +
		"  room id=a at (0,0) size 3600x3000 label \"A\"\n  room id=b at (0,3000) size 3600x3000 label \"B\"\n" +
		"  door at (2400,3000) width 800 wall h1\n"
	runRules(t, []ruleCase{
		{
			// Pushed out of the partition, out of the doorway's approach
			// and out of the leaf's sweep, the sink stands clear of every
			// wall, as near to two of them: reported.
			name:       "pushed, then clear of every wall",
			shell:      shell,
			pieces:     "  furniture sink at (2100,3000) size 600x450\n",
			changes:    []string{"sink#1 moved 2100,3800"},
			unresolved: []string{"sink#1"},
		},
	})
}

// TestWallSegment pins which of a wall's segments pushes a piece sunk
// into several.
func TestWallSegment(t *testing.T) {
	shell := "  units mm\n  grid 100\n" +
		"  wall exterior thickness 250 { (0,0) (7200,0) (7200,3000) (0,3000) close }\n" +
		"  room id=a at (0,0) size 7200x3000 label \"A\"\n"
	runRules(t, []ruleCase{
		{
			// Sunk 300 mm into the right side and 50 into the bottom:
			// the deeper one pushes (out past its far face, clear of
			// the bottom too), though the bottom's push is the shorter.
			name:    "the deepest",
			shell:   shell,
			pieces:  "  furniture table at (6600,100) size 1400x700\n",
			changes: []string{"table#1 moved 7400,100"},
		},
		{
			// Of two walls, too, the deeper pushes first, whatever
			// their order: the table sunk 100 mm into the partition and
			// about 50 into the exterior wall is pushed off the
			// partition, in the first round, so the second table is
			// separated from it there, downwards.
			name: "the deepest of two walls",
			shell: "  units mm\n  grid 100\n" +
				"  wall exterior thickness 250 { (0,0) (14400,0) (14400,3000) (0,3000) close }\n" +
				"  wall id=v2 partition thickness 100 { (7200,0) (7200,3000) }\n" +
				"  room id=a at (0,0) size 7200x3000 label \"A\"\n  room id=b at (7200,0) size 7200x3000 label \"B\"\n",
			pieces:  "  furniture table at (6700,2400) size 600x450\n  furniture table at (6000,1700) size 800x800\n",
			changes: []string{"table#1 moved 6500,2300", "table#2 moved 6000,1500"},
		},
		{
			// A stub partition ending at x = 2000 pushes a table
			// sharing 40 mm of its length, not one reaching 40 mm into
			// its squared-off end only.
			name: "the segment's own length",
			shell: "  units mm\n  grid 10\n" +
				"  wall exterior thickness 200 { (0,0) (6000,0) (6000,4000) (0,4000) close }\n" +
				"  wall id=p partition thickness 100 { (0,2000) (2000,2000) }\n" +
				"  room id=a at (0,0) size 6000x4000 label \"A\"\n",
			pieces:  "  furniture table at (1960,1800) size 600x600\n",
			changes: []string{"table#1 moved 1960,2050"},
		},
		{
			name: "not its squared-off end",
			shell: "  units mm\n  grid 10\n" +
				"  wall exterior thickness 200 { (0,0) (6000,0) (6000,4000) (0,4000) close }\n" +
				"  wall id=p partition thickness 100 { (0,2000) (2000,2000) }\n" +
				"  room id=a at (0,0) size 6000x4000 label \"A\"\n",
			pieces: "  furniture table at (2010,1800) size 600x600\n",
		},
		{
			// Straddling the right side's middle, sunk into the top:
			// the top pushes, and the straddle is reported after.
			name:       "a straddled segment does not stop another",
			shell:      shell,
			pieces:     "  furniture table at (6500,2500) size 1400x600\n",
			changes:    []string{"table#1 moved 6500,2200"},
			unresolved: []string{"table#1"},
		},
	})
}

// TestTwoApproaches pins a piece standing in two doorways' approaches at
// once: the ways out of both are weighed together.
func TestTwoApproaches(t *testing.T) {
	shell := "  units mm\n  grid 100\n" +
		"  wall exterior thickness 250 { (0,0) (7200,0) (7200,9000) (0,9000) close }\n" +
		"  wall id=v1 partition thickness 100 { (3600,0) (3600,9000) }\n" +
		"  wall id=h2 partition thickness 100 { (0,6000) (7200,6000) }\n" +
		"  room id=a at (0,0) size 3600x6000 label \"A\"\n  room id=b at (3600,0) size 3600x6000 label \"B\"\n" +
		"  room id=c at (0,6000) size 7200x3000 label \"C\"\n" +
		"  door pocket at (3600,3700) width 900 wall v1\n  door pocket at (2400,6000) width 800 wall h2\n"
	runRules(t, []ruleCase{
		{
			// 200 mm across either doorway: no obvious way out.
			name:       "across both, the same length",
			shell:      shell,
			pieces:     "  furniture table at (2100,3900) size 1400x2000\n",
			unresolved: []string{"table#1"},
		},
		{
			// 100 mm across the second, the shorter, then 200 across the
			// first.
			name:    "across the nearer first",
			shell:   shell,
			pieces:  "  furniture table at (2100,3800) size 1400x2000\n",
			changes: []string{"table#1 moved 1900,3700"},
		},
	})
}

// TestStub pins when a wall that ends along a fixture's side backs it: a
// stub partition ending at x = 2000, the fixture's side 50 mm past its
// centreline.
func TestStub(t *testing.T) {
	shell := func(grid int) string {
		return fmt.Sprintf("  units mm\n  grid %d\n", grid) +
			"  wall exterior thickness 200 { (0,0) (6000,0) (6000,4000) (0,4000) close }\n" +
			"  wall id=p partition thickness 100 { (0,2000) (2000,2000) }\n" +
			"  room id=a at (0,0) size 6000x4000 label \"A\"\n"
	}
	runRules(t, []ruleCase{
		{
			// The stub reaches the middle of the side (its end, 2000):
			// it backs the fixture, which stays.
			name:   "backed to the middle",
			shell:  shell(10),
			pieces: "  furniture wc at (1700,2100) size 600x600\n",
		},
		{
			// 20 mm short of the middle: not backed, but the stub is
			// still the nearest wall to set it against.
			name:    "short of the middle",
			shell:   shell(10),
			pieces:  "  furniture wc at (1720,2100) size 600x600\n",
			changes: []string{"wc#1 moved 1720,2050"},
		},
		{
			// The stub's own length shares 10 mm of the side: set
			// against it.
			name:    "sharing a little of the side",
			shell:   shell(10),
			pieces:  "  furniture wc at (1990,2100) size 600x600\n",
			changes: []string{"wc#1 moved 1990,2050"},
		},
		{
			// Only the stub's squared-off end reaches the side: the
			// fixture goes to the far wall instead, and is turned.
			name:    "only the squared end",
			shell:   shell(10),
			pieces:  "  furniture wc at (2000,2100) size 600x600\n",
			changes: []string{"wc#1 moved 2000,3300", "wc#1 rotated 2000,3300"},
		},
		{
			// Against the stub, which reaches the middle of its side:
			// turned to put its back to it.
			name:    "turned onto the stub",
			shell:   shell(50),
			pieces:  "  furniture wc at (1700,2050) size 600x600 rotate 180\n",
			changes: []string{"wc#1 rotated 1700,2050"},
		},
		{
			// Against the stub short of the middle: no wall backs any
			// side, so it is neither moved nor turned.
			name:   "not turned onto a short stub",
			shell:  shell(50),
			pieces: "  furniture wc at (1800,2050) size 600x600 rotate 180\n",
		},
	})
}

// TestStrictSteps pins how a move out of a leaf's sweep is rounded for a
// piece standing off the grid: to whole grid steps of move, not to a
// place on the grid.
func TestStrictSteps(t *testing.T) {
	shell := "  units mm\n  grid 100\n" +
		"  wall exterior thickness 300 { (0,0) (6000,0) (6000,5000) (0,5000) close }\n" +
		"  wall id=h1 partition thickness 100 { (0,2500) (6000,2500) }\n" +
		"  room id=a at (0,0) size 6000x2500 label \"A\"\n  room id=c at (0,2500) size 6000x2500 label \"C\"\n" +
		"  door at (600,2500) width 800 wall h1 swing out\n"
	runRules(t, []ruleCase{
		{
			// Set against the exterior wall at x = 150, the basin
			// touches the leaf's sweep: 50 mm past the leaf is a step of
			// 100 (to 250, off the grid), as long as the step down and
			// out of reach: no clear way out.
			name:       "a step from off the grid",
			shell:      shell,
			pieces:     "  furniture basin at (500,1200) size 800x500\n",
			changes:    []string{"basin#1 moved 150,1200"},
			unresolved: []string{"basin#1", "basin#1"},
		},
	})
}

// TestSetBackAgain pins a fixture moved off the wall it was set against:
// it is set against the nearest wall again, unless that takes it back to
// where it stood.
func TestSetBackAgain(t *testing.T) {
	runRules(t, []ruleCase{
		{
			// The sink is set against the bottom wall (first round),
			// onto the table, off which it is separated upwards
			// (second), clear of every wall again, and setting it back
			// would return it where it stood (third: reported).
			// The last table is pushed out of the partition, out of the
			// doorway's approach, and meets the leaf's sweep with no
			// clear way out in its third round too: listed after the
			// sink, placed before it.
			name:       "moved off its wall again",
			shell:      strings.Replace(twoWalls, "grid 100", "grid 50", 1),
			pieces:     "  door at (2400,0) width 900 wall exterior\n  furniture table at (5000,100) size 1000x250\n  furniture sink at (5200,800) size 600x300\n  furniture table at (3200,1000) size 400x800\n",
			changes:    []string{"sink#2 moved 5200,350", "table#3 moved 2900,1000"},
			unresolved: []string{"sink#2", "table#3"},
		},
		{
			// The basin is set against the stub partition, onto the
			// fridge, off which it is separated sideways, past the
			// stub's end, and then set against the partition to the
			// right.
			name: "set against another wall",
			shell: "  units mm\n  grid 100\n" +
				"  wall exterior thickness 150 { (0,0) (6000,0) (6000,5000) (0,5000) close }\n" +
				"  wall id=v1 partition thickness 100 { (3000,0) (3000,5000) }\n" +
				"  wall id=h1 partition thickness 100 { (0,2500) (1500,2500) }\n" +
				"  room id=a at (0,0) size 3000x5000 label \"A\"\n  room id=b at (3000,0) size 3000x5000 label \"B\"\n",
			pieces:     "  furniture fridge at (800,2500) size 800x300 rotate 180\n  furniture basin at (1200,3200) size 300x450\n",
			changes:    []string{"fridge#1 moved 800,2600", "basin#2 moved 2650,2550", "basin#2 rotated 2650,2550"},
			unresolved: []string{"fridge#1"},
		},
	})
}

// TestSetBackReach pins how far a fixture standing clear of every wall is
// moved to set it against one: at most MaxSetBack.
func TestSetBackReach(t *testing.T) {
	shell := func(thick int) string {
		return "  units mm\n  grid 10\n" +
			fmt.Sprintf("  wall exterior thickness %d { (0,0) (8000,0) (8000,8000) (0,8000) close }\n", thick) +
			"  room id=a at (0,0) size 8000x8000 label \"A\"\n"
	}
	runRules(t, []ruleCase{
		{
			name:    "1200 mm",
			shell:   shell(200),
			pieces:  "  furniture wc at (1300,3000) size 400x400\n",
			changes: []string{"wc#1 moved 100,3000", "wc#1 rotated 100,3000"},
		},
		{
			name:       "1210 mm",
			shell:      shell(200),
			pieces:     "  furniture wc at (1310,3000) size 400x400\n",
			unresolved: []string{"wc#1"},
		},
		{
			// The move is measured to the wall's face, not its
			// centreline.
			name:    "1200 mm to a thicker wall",
			shell:   shell(400),
			pieces:  "  furniture wc at (1400,3000) size 400x400\n",
			changes: []string{"wc#1 moved 200,3000", "wc#1 rotated 200,3000"},
		},
		{
			// As near to two walls, both too far: reported once.
			name:       "too far and tied",
			shell:      shell(200),
			pieces:     "  furniture wc at (3800,3800) size 400x400\n",
			unresolved: []string{"wc#1"},
		},
	})
}

// TestApproachWays pins the ways out of a doorway's approach that must
// clear the walls: across to the near side, through the doorway to the
// far side, or along the wall.
func TestApproachWays(t *testing.T) {
	shell := "  units mm\n  grid 100\n" +
		"  wall id=shell exterior thickness 200 { (0,0) (8000,0) (8000,7000) (0,7000) close }\n" +
		"  wall id=hw partition thickness 100 { (2200,0) (2200,7000) }\n" +
		"  room id=h1 at (0,0) size 2200x7000 label \"Hall\"\n  room id=r1 at (2200,0) size 5800x7000 label \"Room\"\n" +
		"  door pocket at (2200,2900) width 900 wall hw\n"
	runRules(t, []ruleCase{
		{
			// Pushed out of the exterior wall, the shower stands in the
			// approach; 200 mm across would take it back into that wall,
			// so it goes 950 along, off the end of the opening.
			name:    "across into a wall",
			shell:   shell,
			pieces:  "  furniture shower at (0,2400) size 2000x1800 rotate 180\n",
			changes: []string{"shower#1 moved 100,3400"},
		},
		{
			// Neither across to the near side nor along fits: through the
			// doorway to the far side, into the next room.
			name:    "through to the far side",
			shell:   shell,
			pieces:  "  furniture table at (100,100) size 2000x6800\n",
			changes: []string{"table#1 moved 2500,100"},
		},
		{
			// Nothing fits, the far side a narrow room: across to the
			// near side all the same, into the wall, whose push would
			// take it back: stuck.
			name:       "no way fits",
			shell:      shell + "  wall id=hx partition thickness 100 { (3000,0) (3000,7000) }\n",
			pieces:     "  furniture table at (100,100) size 2000x6800\n",
			changes:    []string{"table#1 moved -100,100"},
			unresolved: []string{"table#1"},
		},
	})
}

// TestAnchorInset pins how a room-anchored piece that moved is rewritten:
// with a new inset when the anchor can still say where it stands, else
// with an absolute `at`.
func TestAnchorInset(t *testing.T) {
	shell := "  units mm\n  grid 50\n" +
		"  wall exterior thickness 200 { (0,0) (6000,0) (6000,5000) (0,5000) close }\n" +
		"  wall id=v1 partition thickness 100 { (3000,0) (3000,5000) }\n" +
		"  room id=a at (0,0) size 3000x5000 label \"A\"\n  room id=b at (3000,0) size 3000x5000 label \"B\"\n"
	runRules(t, []ruleCase{
		{
			// A corner pushed 100 mm off both walls, an edge's centre
			// 100 off its wall, an inset of 50 pushed 50 further: new
			// insets; pushed 50 off one wall and 100 off the other: no
			// single inset, an absolute `at`.
			name:  "insets",
			shell: shell,
			pieces: "  furniture stove in a anchor top-left size 800x450\n  furniture desk in a anchor bottom size 800x450\n" +
				"  furniture table in b anchor right inset 50 size 800x450\n  furniture sofa in b anchor top-right flush size 800x450\n" +
				"  furniture bed in b anchor bottom-left inset 20 size 800x450\n",
			changes: []string{"stove#1 moved 100,100", "desk#2 moved 1100,4450", "table#3 moved 5100,2300", "bed#5 moved 3050,4450"},
		},
	})
}

// TestDeclaredRoom pins a piece declared in a room it does not stand in.
func TestDeclaredRoom(t *testing.T) {
	shell := "  units mm\n  grid 50\n" +
		"  wall exterior thickness 200 { (0,0) (6000,0) (6000,5000) (0,5000) close }\n" +
		"  wall id=v1 partition thickness 100 { (3000,0) (3000,5000) }\n" +
		"  room id=a at (0,0) size 3000x5000 label \"A\"\n  room id=b at (3000,0) size 3000x5000 label \"B\"\n"
	runRules(t, []ruleCase{
		{
			// Moved the least way onto its room's floor, to its edge on
			// the partition's centreline, then pushed out of the
			// partition; one whose middle is on the partition is in
			// neither room and straddles it: reported.
			name:       "onto its room's floor",
			shell:      shell,
			pieces:     "  furniture table at (900,1000) size 800x600 in b\n  furniture table at (2800,3000) size 400x600 in b\n  furniture table at (2000,4000) size 400x600 in a\n",
			changes:    []string{"table#1 moved 3050,1000"},
			unresolved: []string{"table#2"},
		},
	})
}

// TestScripted pins the entries for pieces whose statement the repair
// cannot rewrite (a loop's, or one placed by expressions): each is named
// by its resolved id, centred on an earlier piece or not, and listed after
// the rounds' faults of the literal pieces.
func TestScripted(t *testing.T) {
	open := fmt.Sprintf(openRoom, 50)
	runRules(t, []ruleCase{
		{
			name:       "loop on one spot",
			shell:      open,
			pieces:     "  for i in 0..3 { furniture bed at (1100,1100) size 1000x2000 }\n",
			unresolved: []string{"bed_2", "bed_3"},
		},
		{
			name:       "loop on a literal piece",
			shell:      open,
			pieces:     "  furniture bed at (1100,1100) size 1000x2000\n  for i in 0..2 { furniture bed at (1100,1100) size 1000x2000 }\n",
			unresolved: []string{"bed_2", "bed_3"},
		},
		{
			name:       "literal after a loop",
			shell:      open,
			pieces:     "  for i in 0..2 { furniture bed at (1100,1100) size 1000x2000 }\n  furniture bed at (1100,1100) size 1000x2000\n",
			unresolved: []string{"bed#2", "bed_2"},
		},
		{
			name:       "expression between literals",
			shell:      open + "  let x = 1100\n",
			pieces:     "  furniture bed at (1100,1100) size 1000x2000\n  furniture bed at (x,1100) size 1000x2000\n  furniture bed at (1100,1100) size 1000x2000\n",
			unresolved: []string{"bed#3", "bed_2"},
		},
		{
			// The literal piece's fault comes in the second round, still
			// before the expression's entry from the first.
			name:       "after a later round",
			shell:      open + "  let x = 2700\n",
			pieces:     "  furniture bed at (2000,1000) size 1000x2000\n  furniture bed at (1000,1000) size 1000x2000\n  furniture bed at (1900,1000) size 1000x2000\n  furniture bed at (x,1000) size 1000x2000\n",
			changes:    []string{"bed#3 moved 1000,1000"},
			unresolved: []string{"bed#3", "bed_4"},
		},
	})
}
