package ir

import "testing"

func TestAxisLetters(t *testing.T) {
	for _, c := range []struct {
		i    int
		want string
	}{
		{0, "A"}, {7, "H"}, {8, "J"}, {13, "P"}, {22, "Y"}, {23, "AA"}, {24, "AB"}, {45, "AY"}, {46, "BA"},
		{23 + 23*23, "AAA"},
	} {
		if got := AxisLetters(c.i); got != c.want {
			t.Errorf("AxisLetters(%d) = %q, want %q", c.i, got, c.want)
		}
	}
}
