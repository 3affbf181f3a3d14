package vocab

import "testing"

func TestDoorKinds(t *testing.T) {
	for _, w := range []string{"hinged", "sliding", "barn", "bifold", "pocket"} {
		if !IsDoorKind(w) {
			t.Errorf("%q is not a door kind", w)
		}
	}
	for _, w := range []string{"", "Hinged", "folding", "door"} {
		if IsDoorKind(w) {
			t.Errorf("%q is a door kind", w)
		}
	}
	if got := DoorKindWords(); len(got) != 5 || got[0] != "hinged" || got[4] != "pocket" {
		t.Errorf("DoorKindWords() = %q", got)
	}
}

func TestWordsAndHas(t *testing.T) {
	if got := Words(Streets); len(got) != 4 || got[0] != "north" || got[3] != "west" {
		t.Errorf("Words(Streets) = %q", got)
	}
	if got := Words(Hemispheres); len(got) != 2 || got[1] != "south" {
		t.Errorf("Words(Hemispheres) = %q", got)
	}
	for _, c := range []struct {
		name      string
		got, want bool
	}{
		{"left hand", Has(Hands, "left"), true},
		{"near start hand", Has(Hands, "near start"), false},
		{"out swing", Has(Swings, "out"), true},
		{"into swing", Has(Swings, "into"), false},
		{"circulation use", Has(RoomUses, "circulation"), true},
		{"garage use", Has(RoomUses, "garage"), false},
		{"east hemisphere", Has(Hemispheres, "east"), false},
	} {
		if c.got != c.want {
			t.Errorf("%s: Has = %v, want %v", c.name, c.got, c.want)
		}
	}
}
