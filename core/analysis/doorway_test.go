package analysis_test

import (
	"fmt"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

// doorBesideBed is two rooms with a 900 mm door between them and, in the
// second room, a bed against the partition whose halo covers the door up
// to bedTop+300 mm.
func doorBesideBed(doorY, bedH int) []byte {
	return fmt.Appendf(nil, `plan "P" {
  units mm
  grid 100
  wall exterior thickness 250 { (0,0) (7200,0) (7200,3000) (0,3000) close }
  wall id=v1 partition thickness 100 { (3600,0) (3600,3000) }
  room id=a at (0,0) size 3600x3000 label "Hall"
  room id=b at (3600,0) size 3600x3000 label "Bedroom"
  door at (1800,0) width 900 wall exterior
  door at (3600,%d) width 900 wall v1
  furniture bed at (3700,300) size 1400x%d
}
`, doorY, bedH)
}

// TestDoorwayNeedsFloorInItsSpan: a doorway joins two rooms only where a
// body fits on both sides of it within the door's own width; when the
// furniture halo covers the floor behind the whole opening, the room
// beyond is not reached (no corridor is cut through the furniture). The
// expectations were read from the reference.
func TestDoorwayNeedsFloorInItsSpan(t *testing.T) {
	for _, c := range []struct {
		doorY, bedH int
		reached     bool
	}{
		{1500, 600, true},
		{1500, 1000, true},
		{1500, 1200, true},
		{1500, 1300, false},
		{1500, 1700, false},
		{1400, 1200, false},
		{1450, 1200, true},
		{1600, 1200, true},
	} {
		r := compile.Describe(doorBesideBed(c.doorY, c.bedH), compile.DescribeOptions{})
		if !r.Facts.OK || r.Facts.Circulation == nil {
			t.Fatalf("door at %d, bed %d: no circulation: %v", c.doorY, c.bedH, r.Diagnostics)
		}
		reached := false
		for _, w := range r.Facts.Circulation.Rooms {
			if w.RoomID == "b" {
				reached = true
			}
		}
		if reached != c.reached {
			t.Errorf("door at %d, bed %d mm long: bedroom reached = %v, want %v", c.doorY, c.bedH, reached, c.reached)
		}
	}
}
