package diag

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestEmittedCodesAreCatalogued scans the non-test Go code of the whole
// module for string literals shaped like a code ("E_…", "W_…") and fails on
// any that the catalogue does not know: a misspelt code would otherwise reach
// the wire with no severity, summary or fix.
func TestEmittedCodesAreCatalogued(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	var files, literals int
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if p != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			// Another package being edited mid-way is not this test's concern.
			t.Logf("skipping %s: %v", p, err)
			return nil
		}
		files++
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || !codeStyle.MatchString(s) {
				return true
			}
			literals++
			if _, ok := Lookup(s); !ok {
				t.Errorf("%s: %q looks like a diagnostic code but is not catalogued", fset.Position(lit.Pos()), s)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files == 0 || literals == 0 {
		t.Fatalf("scanned %d files and %d code literals; the walk is broken", files, literals)
	}
	t.Logf("%d code literals in %d files, all catalogued", literals, files)
}
