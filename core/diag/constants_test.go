package diag

import (
	"testing"

	"github.com/archlang-go/caddy-archlang/internal/golden"
)

// TestCodeConstants holds codes_gen.go to the catalogue.
func TestCodeConstants(t *testing.T) {
	golden.Check(t, "codes_gen.go", constantsSource())
}

func TestConstName(t *testing.T) {
	for code, want := range map[string]string{
		"E_DUP_ID": "ErrDupID", "W_ROOM_NO_FIXTURE": "WarnRoomNoFixture", "E_JSON_KIND": "ErrJSONKind",
		"I_FINDINGS_TRUNCATED": "InfoFindingsTruncated", "E_PNG_DEPENDENCY": "ErrPNGDependency",
	} {
		if got := ConstName(code); got != want {
			t.Errorf("ConstName(%q) = %q, want %q", code, got, want)
		}
	}
	seen := map[string]string{}
	for _, c := range Codes() {
		n := ConstName(c)
		if other, dup := seen[n]; dup {
			t.Errorf("%s and %s share the constant %s", c, other, n)
		}
		seen[n] = c
	}
}
