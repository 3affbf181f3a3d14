package diag

import (
	"path/filepath"
	"strings"
)

// ReferencedCodes returns the set of codes written as string literals in the
// module's non-test code outside core/diag: the codes some stage can emit.
func ReferencedCodes(root string) (map[string]bool, error) {
	lits, _, err := codeLiterals(root)
	out := map[string]bool{}
	for _, l := range lits {
		if !strings.Contains(filepath.ToSlash(l.pos.Filename), "core/diag/") {
			out[l.code] = true
		}
	}
	return out, err
}
