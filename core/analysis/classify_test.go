package analysis

import (
	"slices"
	"testing"
)

func TestRoomUses(t *testing.T) {
	for _, c := range []struct {
		label, id string
		uses      []string
		want      []string
		typ       string
	}{
		{"Living", "", nil, []string{}, "Room"},
		{"Kitchenette", "", nil, []string{"kitchen"}, "Kitchen"},
		{"Bedroom 2", "", nil, []string{"bedroom"}, "MasterRoom"},
		{"Bedrooms", "", nil, []string{}, "Room"},
		{"Bath/WC", "", nil, []string{"wc"}, "Bathroom"},
		{"Entry Hall", "", nil, []string{"entry"}, "Entrance"},
		{"Bed Bath", "", nil, []string{"bedroom", "bath"}, "MasterRoom"},
		{"Kitchen WC", "", nil, []string{"wc", "kitchen"}, "Kitchen"},
		{"1Bath", "", nil, []string{}, "Room"},
		{"_bath", "", nil, []string{"bath"}, "Bathroom"},
		{"Hall_2", "", nil, []string{"hall"}, "Entrance"},
		{"en-suite", "", nil, []string{"bath"}, "Bathroom"},
		{"Mud room", "", nil, []string{}, "Room"},
		{"", "bedroom2", nil, []string{"bedroom"}, "MasterRoom"},
		{"Office", "bath", nil, []string{}, "Room"},
		{"Bath", "", []string{"living"}, []string{"living"}, "LivingRoom"},
		{"", "", []string{"living", "living"}, []string{"living"}, "LivingRoom"},
		{"", "", []string{"bath", "dining"}, []string{"bath", "dining"}, "DiningRoom"},
		{"", "", []string{"hall", "office"}, []string{"hall", "office"}, "StudyRoom"},
		{"", "", []string{"storage", "bath"}, []string{"storage", "bath"}, "Bathroom"},
		{"", "", []string{"circulation", "storage"}, []string{"circulation", "storage"}, "Entrance"},
		{"", "", []string{"utility"}, []string{"utility"}, "Storage"},
		// Words split only on ' ', '-', '_' and '/'; other punctuation stays
		// in the word, and only trailing digits are dropped.
		{"(Bath)", "", nil, []string{}, "Room"},
		{"Bath.", "", nil, []string{}, "Room"},
		{"Hall,Kitchen", "", nil, []string{}, "Room"},
		{"Living/Kitchen.", "", nil, []string{}, "Room"},
		{"Toilet2a", "", nil, []string{}, "Room"},
		{"Bed2Room", "", nil, []string{}, "Room"},
		{"bath2", "", nil, []string{"bath"}, "Bathroom"},
		{"Bedroom3", "", nil, []string{"bedroom"}, "MasterRoom"},
		{"Kitchen/Living", "", nil, []string{"kitchen"}, "Kitchen"},
		{"x/wc", "", nil, []string{"wc"}, "Bathroom"},
		{"Ensuite2", "", nil, []string{"bath"}, "Bathroom"},
		{"Bed room", "", nil, []string{"bedroom"}, "MasterRoom"},
	} {
		got := RoomUses(c.uses, c.label, c.id)
		if !slices.Equal(got, c.want) {
			t.Errorf("RoomUses(%v, %q, %q) = %v, want %v", c.uses, c.label, c.id, got, c.want)
		}
		if typ := RoomType(got); typ != c.typ {
			t.Errorf("RoomType(%v) = %s, want %s", got, typ, c.typ)
		}
	}
}

func TestInferUsesAlias(t *testing.T) {
	for _, c := range []struct {
		label, term string
		alias       bool
	}{
		{"Powder room", "powder", true},
		{"en-suite", "en suite", true},
		{"ensuite2", "ensuite", true},
		{"Foyer", "foyer", true},
		{"Landing", "landing", true},
		{"Bathroom", "bathroom", false},
		{"WC", "wc", false},
	} {
		m := InferUses(c.label, "")
		if len(m) != 1 || m[0].Term != c.term || m[0].Alias != c.alias {
			t.Errorf("InferUses(%q) = %+v, want term %q alias %v", c.label, m, c.term, c.alias)
		}
	}
}

// TestPageCardinal pins the sheet's sides: a bearing exactly between two
// goes to N or S (the reference's answer for windows on a diamond's walls).
func TestPageCardinal(t *testing.T) {
	for _, c := range []struct {
		deg  float64
		want string
	}{
		{0, "N"}, {44.9, "N"}, {45, "N"}, {45.1, "E"}, {90, "E"}, {135, "S"}, {180, "S"}, {225, "S"}, {315, "N"},
		{-90, "W"}, {-45, "N"}, {-135, "S"}, {-100, "W"}, {360, "N"}, {405, "N"},
	} {
		if got := PageCardinal(c.deg); got != c.want {
			t.Errorf("PageCardinal(%v) = %s, want %s", c.deg, got, c.want)
		}
	}
}

// TestCompass pins the compass side under a turned north arrow: the
// sheet's side turned back by the arrow's nearest quarter turn, half a
// quarter rounding up (north 45 makes a window looking up the sheet face
// W), as the reference answers.
func TestCompass(t *testing.T) {
	for _, c := range []struct {
		deg, north float64
		want       string
	}{
		{0, 0, "N"}, {0, 44, "N"}, {0, 45, "W"}, {90, 45, "N"}, {180, 45, "E"}, {270, 45, "S"},
		{0, 135, "S"}, {0, 225, "E"}, {0, 315, "N"}, {0, 405, "W"}, {80, 40, "E"}, {100, 60, "N"},
		{-45, 90, "W"}, {45, 90, "W"}, {135, 90, "E"}, {225, 90, "E"},
	} {
		if got := Compass(c.deg, c.north); got != c.want {
			t.Errorf("Compass(%v, north %v) = %s, want %s", c.deg, c.north, got, c.want)
		}
	}
}

func TestRound2(t *testing.T) {
	for _, c := range []struct{ in, want float64 }{
		{11.108889, 11.11}, {4.2, 4.2}, {0.005, 0.01}, {-0.001, 0}, {201.0619, 201.06},
	} {
		if got := Round2(c.in); got != c.want {
			t.Errorf("Round2(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}
