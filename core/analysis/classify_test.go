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

func TestCardinal(t *testing.T) {
	for _, c := range []struct {
		deg  float64
		want string
	}{
		{0, "N"}, {44.9, "N"}, {45, "E"}, {90, "E"}, {135, "S"}, {180, "S"}, {225, "W"}, {315, "N"}, {-90, "W"}, {-45, "N"}, {-135, "W"}, {360, "N"},
	} {
		if got := Cardinal(c.deg); got != c.want {
			t.Errorf("Cardinal(%v) = %s, want %s", c.deg, got, c.want)
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
