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
	lits, files, err := codeLiterals(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if files == 0 || len(lits) == 0 {
		t.Fatalf("scanned %d files and %d code literals; the walk is broken", files, len(lits))
	}
	for _, l := range lits {
		if _, ok := Lookup(l.code); !ok {
			t.Errorf("%s: %q looks like a diagnostic code but is not catalogued", l.pos, l.code)
		}
	}
	t.Logf("%d code literals in %d files", len(lits), files)
}

// codeLiteral is one string literal shaped like a code, and where it is.
type codeLiteral struct {
	code string
	pos  token.Position
}

// codeLiterals returns every string literal shaped like a code in the
// non-test Go files under root, in walk order, and the number of files read.
// Files that do not parse (another package mid-edit) are skipped.
func codeLiterals(root string) ([]codeLiteral, int, error) {
	fset := token.NewFileSet()
	var lits []codeLiteral
	var files int
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
			return nil
		}
		files++
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if s, err := strconv.Unquote(lit.Value); err == nil && codeStyle.MatchString(s) {
				lits = append(lits, codeLiteral{s, fset.Position(lit.Pos())})
			}
			return true
		})
		return nil
	})
	return lits, files, err
}
