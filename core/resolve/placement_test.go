package resolve

import (
	"math"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/geom"
)

// The expected numbers in this file were read off the reference
// compiler's drawing of the same plans.

// TestAgainstSnapsCorner: an `against` piece is centred at its written
// offset, stood on the wall face, and then its corner is snapped to the
// grid, so under an odd grid its back lands half a step into the wall.
func TestAgainstSnapsCorner(t *testing.T) {
	const shell = `wall id=shell exterior thickness 200 { (0,0) (5000,0) (5000,3500) (0,3500) close }
  room id=r at (0,0) size 5000x3500
`
	tests := []struct {
		name  string
		grid  string
		piece string
		want  geom.Rect
	}{
		{"grid66 east", "66", "furniture desk against wall shell segment 1 offset 400 size 462x660 in r", rc(4290, 198, 4950, 660)},
		{"grid66 north", "66", "furniture desk against wall shell segment 0 offset 1000 size 462x660 in r", rc(792, 132, 1254, 792)},
		{"grid66 west, run reversed", "66", "furniture desk against wall shell segment 3 offset 1000 size 462x660 in r", rc(132, 2244, 792, 2706)},
		{"grid66 south, run reversed", "66", "furniture desk against wall shell segment 2 offset 1000 size 462x660 in r", rc(3762, 2772, 4224, 3432)},
		{"grid66 catalogued wc", "66", "furniture wc against wall shell segment 1 offset 400 in r", rc(4224, 198, 4950, 594)},
		// The offset is not snapped before the corner is: 1060 centres a
		// 500 run at 810..1310, which snaps to 800 (not 850 from 1100).
		{"grid100 offset kept", "100", "furniture desk against wall shell segment 0 offset 1060 size 500x600 in r", rc(800, 100, 1300, 700)},
		{"grid100 south", "100", "furniture desk against wall shell segment 2 offset 1060 size 500x600 in r", rc(3700, 2800, 4200, 3400)},
		{"grid100 east", "100", "furniture desk against wall shell segment 1 offset 1060 size 500x600 in r", rc(4300, 800, 4900, 1300)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "plan \"x\" {\n  units mm\n  grid " + tc.grid + "\n  " + shell + "  " + tc.piece + "\n}\n"
			got := onlyFurniture(t, src)
			if got != tc.want {
				t.Errorf("rect %v, want %v", got, tc.want)
			}
		})
	}
}

// TestFlushBackingWall: a `flush` edge is backed by the first wall (in
// plan order) running exactly along the edge's axis, spanning its
// midpoint, with its centreline within flushReach of the edge either way;
// the piece stands on that wall's inner face, even one outside the room.
func TestFlushBackingWall(t *testing.T) {
	const room = "room id=r at (0,0) size 3000x3000\n  "
	const desk = "furniture desk in r anchor right flush size 400x600"
	tests := []struct {
		name  string
		walls string
		piece string
		want  geom.Rect
	}{
		{"on the edge", "wall id=p partition thickness 200 { (3000,0) (3000,3000) }", desk, rc(2500, 1200, 2900, 1800)},
		{"50 outside", "wall id=p partition thickness 200 { (3050,0) (3050,3000) }", desk, rc(2550, 1200, 2950, 1800)},
		{"300 outside: face beyond the room", "wall id=p partition thickness 200 { (3300,0) (3300,3000) }", desk, rc(2800, 1200, 3200, 1800)},
		{"301 outside: unbacked", "wall id=p partition thickness 200 { (3301,0) (3301,3000) }", desk, rc(2600, 1200, 3000, 1800)},
		{"300 inside", "wall id=p partition thickness 100 { (2700,0) (2700,3000) }", desk, rc(2250, 1200, 2650, 1800)},
		{"301 inside: unbacked", "wall id=p partition thickness 100 { (2699,0) (2699,3000) }", desk, rc(2600, 1200, 3000, 1800)},
		{"reach ignores thickness", "wall id=p partition thickness 400 { (3300,0) (3300,3000) }", desk, rc(2700, 1200, 3100, 1800)},
		{"ends at the midpoint", "wall id=p partition thickness 200 { (3000,-2000) (3000,1500) }", desk, rc(2500, 1200, 2900, 1800)},
		{"stops short of the midpoint", "wall id=p partition thickness 200 { (3000,1501) (3000,5000) }", desk, rc(2600, 1200, 3000, 1800)},
		{"midpoint of the edge, not of the piece", "wall id=p partition thickness 200 { (3000,-2000) (3000,1499) }",
			"furniture desk in r anchor top-right flush size 400x600", rc(2600, 0, 3000, 600)},
		{"slightly oblique: unbacked", "wall id=p partition thickness 200 { (3000,0) (3001,3000) }", desk, rc(2600, 1200, 3000, 1800)},
		{"first wall wins", "wall id=a partition thickness 200 { (3100,0) (3100,3000) }\n  wall id=b partition thickness 100 { (3000,0) (3000,3000) }", desk, rc(2600, 1200, 3000, 1800)},
		{"first wall wins, inside", "wall id=a partition thickness 200 { (2800,0) (2800,3000) }\n  wall id=b partition thickness 100 { (3100,0) (3100,3000) }", desk, rc(2300, 1200, 2700, 1800)},
		{"bottom, room past the wall", "wall id=p exterior thickness 300 { (-500,2700) (3500,2700) }",
			"furniture desk in r anchor bottom-left flush inset 100 size 1400x600", rc(100, 1850, 1500, 2450)},
		{"bottom, wall past the room", "wall id=p exterior thickness 300 { (-500,3300) (3500,3300) }",
			"furniture desk in r anchor bottom-left flush inset 100 size 1400x600", rc(100, 2450, 1500, 3050)},
		{"top-left corner", "wall id=a partition thickness 200 { (-100,-500) (-100,3500) }\n  wall id=b partition thickness 150 { (-500,-100) (3500,-100) }",
			"furniture desk in r anchor top-left flush inset 50 size 300x300", rc(50, 25, 350, 325)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "plan \"x\" {\n  units mm\n  " + tc.walls + "\n  " + room + tc.piece + "\n}\n"
			got := onlyFurniture(t, src)
			if got != tc.want {
				t.Errorf("rect %v, want %v", got, tc.want)
			}
		})
	}
}

// TestAnchorInsetAsWritten: an anchor's inset is added as written and
// only the resulting corner is snapped (99 + 100 = 199 snaps to 198 on a
// 66 grid; snapping the inset first would give 264).
func TestAnchorInsetAsWritten(t *testing.T) {
	const walls = `wall id=shell exterior thickness 200 { (0,0) (5000,0) (5000,3500) (0,3500) close }
  wall id=p partition thickness 150 { (2530,0) (2530,3500) }
  room id=r at (0,0) size 2500x3500
`
	tests := []struct {
		anchor string
		want   geom.Rect
	}{
		{"anchor top-left flush inset 100", rc(198, 198, 660, 792)},
		{"anchor bottom-right flush inset 100", rc(1848, 2706, 2310, 3300)},
		{"anchor bottom-left flush inset 70", rc(198, 2706, 660, 3300)},
		{"anchor top-left inset 40", rc(66, 66, 528, 660)},
		{"centered", rc(1056, 1452, 1518, 2046)},
	}
	for _, tc := range tests {
		t.Run(tc.anchor, func(t *testing.T) {
			src := "plan \"x\" {\n  units mm\n  grid 66\n  " + walls + "  furniture desk in r " + tc.anchor + " size 470x610\n}\n"
			if got := onlyFurniture(t, src); got != tc.want {
				t.Errorf("rect %v, want %v", got, tc.want)
			}
		})
	}
}

// TestAttachedOblique: an attached opening's point is computed with the
// segment's length as a square root of squares, then snapped, so 75% of an
// oblique run lands on y=2625 exactly and snaps up.
func TestAttachedOblique(t *testing.T) {
	tests := []struct {
		pos  string
		want geom.Point
	}{
		{"75%", geom.Point{X: 3450, Y: 2650}},
		{"15%", geom.Point{X: 3500, Y: 550}},
		{"25%", geom.Point{X: 3500, Y: 900}},
		{"1000", geom.Point{X: 3450, Y: 1000}},
	}
	for _, tc := range tests {
		t.Run(tc.pos, func(t *testing.T) {
			src := "plan \"x\" {\n  units mm\n  grid 50\n  wall id=split partition thickness 100 { (3500,0) (3400,3500) }\n  door on split at " + tc.pos + " width 800\n}\n"
			plan, diags := resolveSource(t, "oblique", []byte(src))
			if len(diags) != 0 || len(plan.Openings) != 1 {
				t.Fatalf("diags %v, %d openings", diags, len(plan.Openings))
			}
			if got := plan.Openings[0].Center; got != tc.want {
				t.Errorf("centre %v, want %v", got, tc.want)
			}
		})
	}
}

// TestOffWallAnyReach: a free-placed opening is on a wall when any wall
// has it within its reach; the nearest wall still hosts it.
func TestOffWallAnyReach(t *testing.T) {
	tests := []struct {
		name    string
		walls   string
		at      string // position and clauses
		offWall bool
		host    int
	}{
		{"thick wall further off reaches", "wall id=a partition thickness 100 { (0,0) (0,3000) }\n  wall id=b partition thickness 200 { (490,0) (490,3000) }", "(200,1500) width 300", false, 0},
		{"only the named walls count", "wall id=a partition thickness 100 { (0,0) (0,3000) }\n  wall id=b partition thickness 200 { (490,0) (490,3000) }", "(200,1500) width 300 wall a", true, 0},
		{"the named wall reaches", "wall id=a partition thickness 100 { (0,0) (0,3000) }\n  wall id=b partition thickness 200 { (490,0) (490,3000) }", "(200,1500) width 300 wall b", false, 1},
		{"no wall reaches", "wall id=a partition thickness 100 { (0,0) (0,3000) }\n  wall id=b partition thickness 200 { (490,0) (490,3000) }", "(151,1500) width 300", true, 0},
		{"only a far wall", "wall id=a partition thickness 100 { (0,0) (0,3000) }\n  wall id=b partition thickness 200 { (5000,0) (5000,3000) }", "(200,1500) width 300", true, 0},
		{"oblique walls (from lint)", "wall partition thickness 100 { (9714,300) (200,15564) (800,-4575) (14010,13257) close }\n  wall partition thickness 1174.176206 { (700,500) (1000,12915) (-4729,300) }",
			"(-674.62432,3664.3) width 229.63", false, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "plan \"x\" {\n  units mm\n  " + tc.walls + "\n  opening id=d2 at " + tc.at + "\n}\n"
			plan, diags := resolveSource(t, "offwall", []byte(src))
			warned := strings.Contains(diagCodes(diags), "W_OPENING_OFF_WALL")
			if len(plan.Openings) != 1 {
				t.Fatalf("%d openings", len(plan.Openings))
			}
			op := plan.Openings[0]
			if warned != tc.offWall || op.OffWall != tc.offWall {
				t.Errorf("warned %v, OffWall %v; want %v", warned, op.OffWall, tc.offWall)
			}
			if op.Wall != tc.host {
				t.Errorf("host wall %d, want %d", op.Wall, tc.host)
			}
		})
	}
}

func rc(x0, y0, x1, y1 float64) geom.Rect {
	return geom.Rect{Min: geom.Point{X: x0, Y: y0}, Max: geom.Point{X: x1, Y: y1}}
}

// onlyFurniture resolves src, which must be clean and hold one piece, and
// returns that piece's footprint.
func onlyFurniture(t *testing.T, src string) geom.Rect {
	t.Helper()
	plan, diags := resolveSource(t, "placement", []byte(src))
	if diags.HasErrors() || len(plan.Furniture) != 1 {
		t.Fatalf("diags %v, %d pieces\n%s", diags, len(plan.Furniture), src)
	}
	return plan.Furniture[0].Rect
}

// diagCodes lists the codes of l, space-separated.
func diagCodes(l diag.List) string {
	var b strings.Builder
	for _, d := range l {
		b.WriteString(d.Code + " ")
	}
	return b.String()
}

// TestFurnitureRotateTurns pins which `rotate` values a piece takes: any
// whole number of quarter turns, either way, read modulo a full turn (as
// the reference reads them); anything else is E_FURN_ROTATE.
func TestFurnitureRotateTurns(t *testing.T) {
	for _, c := range []struct {
		rotate string
		want   float64 // -1: refused
	}{
		{"0", 0}, {"90", 90}, {"270", 270}, {"-90", 270}, {"-180", 180}, {"-270", 90},
		{"360", 0}, {"-360", 0}, {"450", 90}, {"720", 0}, {"-0", 0},
		{"45", -1}, {"-45", -1}, {"90.5", -1},
	} {
		src := "plan \"R\" {\n  units mm\n  room id=r at (0,0) size 3000x3000\n  furniture desk at (100,100) size 500x400 rotate " + c.rotate + "\n}\n"
		p, ds := resolveSource(t, "rot.arch", []byte(src))
		refused := false
		for _, d := range ds {
			refused = refused || d.Code == diag.ErrFurnRotate
		}
		switch {
		case c.want < 0 && !refused:
			t.Errorf("rotate %s: taken, want E_FURN_ROTATE", c.rotate)
		case c.want >= 0 && refused:
			t.Errorf("rotate %s: refused, want %g", c.rotate, c.want)
		case c.want >= 0 && (len(p.Furniture) != 1 || p.Furniture[0].Rotate != c.want || math.Signbit(p.Furniture[0].Rotate)):
			t.Errorf("rotate %s: got %+v, want %g", c.rotate, p.Furniture, c.want)
		}
	}
}
