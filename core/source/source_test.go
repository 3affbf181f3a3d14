package source

import "testing"

func TestPosition(t *testing.T) {
	f := NewFile("p.arch", []byte("ab\nçd\n\nx"))
	for _, c := range []struct{ off, line, col int }{
		{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {5, 2, 3}, // ç is two bytes: columns count bytes
		{7, 3, 1}, {8, 4, 1}, {9, 4, 2}, {99, 4, 2}, {-5, 1, 1},
	} {
		if l, col := f.Position(c.off); l != c.line || col != c.col {
			t.Errorf("Position(%d) = %d:%d, want %d:%d", c.off, l, col, c.line, c.col)
		}
	}
}

func TestTextAndJoin(t *testing.T) {
	f := NewFile("p.arch", []byte("plan \"x\" {}"))
	if got := f.Text(Span{0, 4}); got != "plan" {
		t.Errorf("Text = %q", got)
	}
	if got := f.Text(Span{8, 99}); got != " {}" {
		t.Errorf("clamped Text = %q", got)
	}
	if got := f.Text(Span{5, 2}); got != "" {
		t.Errorf("inverted Text = %q", got)
	}
	if s := (Span{4, 6}).Join(Span{1, 5}); s != (Span{1, 6}) || s.Len() != 5 {
		t.Errorf("Join = %v", s)
	}
}
