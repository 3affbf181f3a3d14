package resolve

import "testing"

// TestUnsafeConfigValue pins which theme and style values are blanked.
func TestUnsafeConfigValue(t *testing.T) {
	tests := []struct {
		v    string
		want bool
	}{
		{"#ff0000", false},
		{"red", false},
		{"", false},
		{"<b>", true},
		{"a>b", true},
		{"url(data:x)", true},
		{"URL(DATA:x)", true},
		{"url( \tdata:x)", true},
		{"x url(http://a) url(data:x)", true},
		{"url (data:x)", false},
		{"url('data:x')", false},
		{"data:x", false},
		{"url(http://x)", false},
		{"&lt;", false},
	}
	for _, tc := range tests {
		if got := unsafeConfigValue(tc.v); got != tc.want {
			t.Errorf("unsafeConfigValue(%q) = %v, want %v", tc.v, got, tc.want)
		}
	}
}

// TestSanitizedConfig checks that an unsafe value never reaches the plan.
func TestSanitizedConfig(t *testing.T) {
	src := "plan \"s\" {\n  units mm\n  theme { room: \"url(data:x)\" wall: \"red\" }\n  style room { fill: \"<b>\" }\n  room at (0,0) size 2500x2500\n}\n"
	p, d := resolveSource(t, "s.arch", []byte(src))
	n := 0
	for _, x := range d {
		if x.Code == "W_SANITIZED_CONFIG" {
			n++
		}
	}
	if n != 2 {
		t.Errorf("got %d W_SANITIZED_CONFIG, want 2: %v", n, d)
	}
	s := p.Settings
	if len(s.ThemeEntries) != 2 || s.ThemeEntries[0].Str != "" || s.ThemeEntries[1].Str != "red" {
		t.Errorf("theme entries: %+v", s.ThemeEntries)
	}
	if len(s.Styles) != 1 || len(s.Styles[0].Entries) != 1 || s.Styles[0].Entries[0].Str != "" {
		t.Errorf("styles: %+v", s.Styles)
	}
}
