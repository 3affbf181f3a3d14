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
