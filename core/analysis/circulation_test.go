package analysis_test

import (
	"fmt"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

// threeRooms is a row of three rooms entered from the first, each joined
// to the next by a door: along x (doors in walls at x=3000 and 6000) or,
// turned, along y; furniture is added inside.
func threeRooms(alongY bool, furniture string) []byte {
	if alongY {
		return []byte(`plan "Probe" {
  units mm
  grid 100
  wall exterior thickness 200 { (0,0) (3000,0) (3000,9000) (0,9000) close }
  wall id=a partition thickness 100 { (0,3000) (3000,3000) }
  wall id=b partition thickness 100 { (0,6000) (3000,6000) }
  room id=hall at (0,0) size 3000x3000 label "Hall"
  room id=mid at (0,3000) size 3000x3000 label "Study"
  room id=far at (0,6000) size 3000x3000 label "Bedroom"
  door at (0,1500) width 900 wall exterior
  door at (1500,3000) width 900 wall a
  door at (1500,6000) width 900 wall b
` + furniture + "\n}\n")
	}
	return []byte(`plan "Probe" {
  units mm
  grid 100
  wall exterior thickness 200 { (0,0) (9000,0) (9000,3000) (0,3000) close }
  wall id=a partition thickness 100 { (3000,0) (3000,3000) }
  wall id=b partition thickness 100 { (6000,0) (6000,3000) }
  room id=hall at (0,0) size 3000x3000 label "Hall"
  room id=mid at (3000,0) size 3000x3000 label "Study"
  room id=far at (6000,0) size 3000x3000 label "Bedroom"
  door at (1500,0) width 900 wall exterior
  door at (3000,1500) width 900 wall a
  door at (6000,1500) width 900 wall b
` + furniture + "\n}\n")
}

// TestDoorwayThresholds pins, against the reference, how a table that
// leaves one free cell beside a doorway squeezes the walks. The first cell
// past a doorway on its +x or +y side is not squeezed whichever way the
// walk crosses (the walk to the far room reads the next cell, 300); the
// cell before a doorway on its -x or -y side is (100). Clearance is
// measured through walls and doorways: the table by the first door also
// narrows the cell before it on the hall's side, four steps away (700).
// A walk ends at the first cell of its room, so the middle room's own
// floor does not squeeze the walk into it.
func TestDoorwayThresholds(t *testing.T) {
	for _, c := range []struct {
		name      string
		alongY    bool
		furniture string
		want      [3]float64 // hall, mid, far
	}{
		{"empty", false, "", [3]float64{840, 840, 840}},
		{"+x side", false, "  furniture table at (3300,1900) size 400x400", [3]float64{840, 700, 300}},
		{"-x side", false, "  furniture table at (5300,1900) size 400x400", [3]float64{840, 840, 100}},
		{"+y side", true, "  furniture table at (1900,3300) size 400x400", [3]float64{840, 700, 300}},
		{"-y side", true, "  furniture table at (1900,5300) size 400x400", [3]float64{840, 840, 100}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := compile.Describe(threeRooms(c.alongY, c.furniture), compile.DescribeOptions{})
			circ := r.Facts.Circulation
			if circ == nil || len(circ.Rooms) != 3 {
				t.Fatalf("circulation: %+v", circ)
			}
			for i, w := range circ.Rooms {
				got := "null"
				if w.BottleneckClearWidthMm != nil {
					got = fmt.Sprint(*w.BottleneckClearWidthMm)
				}
				if want := fmt.Sprint(c.want[i]); got != want {
					t.Errorf("walk to %s: bottleneck %s, want %s", w.RoomID, got, want)
				}
			}
		})
	}
}
