package intent

import (
	"testing"

	"github.com/archlang-go/caddy-archlang/core/analysis"
)

func room(id, label, roomType string, uses ...string) analysis.Room {
	return analysis.Room{ID: id, Label: label, Uses: uses, RoomType: roomType}
}

// TestMatch pins concept matching (checked against the reference): a
// vocabulary key by label phrase, use or type; anything else literally.
func TestMatch(t *testing.T) {
	for _, c := range []struct {
		concept string
		r       analysis.Room
		want    bool
	}{
		{"bathroom", room("x", "Cloakroom", "Room"), true},
		{"bathroom", room("x", "En-suite", "Room"), true},
		{"bathroom", room("x", "Bath_2", "Room"), true},
		{"bathroom", room("x", "bath12", "Room"), true},
		{"bathroom", room("x", "(Bath)", "Room"), false},
		{"bathroom", room("x", "Bathrooms", "Room"), false},
		{"bathroom", room("x", "Shower", "Room"), false},
		{"bathroom", room("x", "Shower room", "Room"), true},
		{"bathroom", room("x", "X", "MasterRoom", "bedroom", "wc"), true},
		{"wc", room("x", "Bath", "Room"), false},
		{"wc", room("x", "X", "Bathroom", "bath"), true},
		{"wc", room("x", "X", "MasterRoom", "bedroom", "wc"), false},
		{"bedroom", room("bedroom", "X", "Room"), false},
		{"master-bedroom", room("x", "Principal Bedroom", "Room"), true},
		{"living-room", room("x", "Sitting room", "Room"), true},
		{"living-room", room("x", "Sitting", "Room"), false},
		{"tea-point", room("x", "Break area", "Room"), true},
		{"consulting-room", room("x", "Consult", "Room"), true},
		{"consulting-room", room("x", "Consulting", "Room"), false},
		{"hall", room("x", "X", "Kitchen", "kitchen", "hall"), true},
		{"corridor", room("x", "X", "Kitchen", "kitchen", "hall"), false},
		{"Utility", room("x", "X", "Storage", "utility"), false},
		{"utility", room("x", "Laundry", "Room"), true},
		{"utility", room("laundry", "", "Room"), false},
		// literal matching
		{"garage", room("Garage", "X", "Room"), true},
		{"garage", room("garage_1", "X", "Room"), false},
		{"my-garage", room("my_garage", "X", "Room"), true},
		{"garage", room("x", "Double garage", "Room"), true},
		{"garage", room("x", "Garage/Store", "Room"), true},
		{"garage", room("x", "Garages", "Room"), false},
		{"garage", room("x", "Garage12", "Room"), true},
		{"garage1", room("x", "Garage12", "Room"), false},
		{"garage", room("x", "Garage\t2", "Room"), false},
		{"tea-room", room("x", "Tea2  room", "Room"), true},
		{"office", room("x", "X", "StudyRoom", "office"), true},
		{"Office", room("x", "X", "StudyRoom", "office"), false},
		{"STORAGE", room("x", "X", "Storage", "utility"), true},
		{"diningroom", room("x", "X", "DiningRoom", "dining"), true},
		{"kitchen ", room("x", "X", "Kitchen", "kitchen"), false},
		{"", room("x", "X", "Room"), false},
		{"2", room("x", "Garage 22", "Room"), false},
	} {
		if got := newMatcher(c.concept).matches(&c.r); got != c.want {
			t.Errorf("%q vs %+v = %v, want %v", c.concept, c.r, got, c.want)
		}
	}
}

// TestClaims: each concept takes every still-unclaimed room it matches,
// whatever its count band says.
func TestClaims(t *testing.T) {
	f := analysis.Empty()
	f.OK = true
	f.Rooms = []analysis.Room{room("a", "Bedroom", "MasterRoom", "bedroom"), room("b", "Bedroom 2", "MasterRoom", "bedroom"), room("c", "Hall", "Entrance", "hall")}
	in, errs := Decode([]byte(`{"rooms":2,"roomsInclude":[{"concept":"bedroom","count":{"max":1}},{"concept":"bedroom","count":{"min":0}},{"concept":"hall","count":{"min":0}}]}`))
	if errs != nil {
		t.Fatal(errs)
	}
	rep := Evaluate(in, f)
	// bedroom #1 claims both bedrooms (too many), #2 none (fine at min 0);
	// the hall is named with min 0, so policy B lets the third room pass.
	if rep.Satisfied != 3 || rep.Total != 4 || rep.OK || len(rep.Violations) != 1 || rep.Violations[0].Code != CodeRoomMissing {
		t.Errorf("report %+v", rep)
	}
}
