package diag

import (
	"path/filepath"
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

// TestCodesAreConstants fails when non-test code outside this package
// spells a code as a string literal instead of its constant (ErrDupID, not
// "E_DUP_ID"): a constant cannot be misspelt.
func TestCodesAreConstants(t *testing.T) {
	lits, _, err := codeLiterals(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	here, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lits {
		abs, err := filepath.Abs(l.pos.Filename)
		if err == nil && filepath.Dir(abs) == here {
			continue // the catalogue and its constants
		}
		if _, ok := Lookup(l.code); ok {
			t.Errorf("%s: %q is spelt as a string; use diag.%s", l.pos, l.code, ConstName(l.code))
		}
	}
}
