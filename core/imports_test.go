package core

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const modulePath = "github.com/archlang-go/caddy-archlang/"

// allowed lists, for each core package, the core packages it may import.
// Imports point one way: source ← diag ← syntax ← expand ← resolve → ir ←
// render, with geom a leaf and compile the facade over all of them. A new
// edge is a design decision: add it here deliberately.
var allowed = map[string][]string{
	"core":                {},
	"core/source":         {},
	"core/geom":           {},
	"core/diag":           {"core/source"},
	"core/ir":             {"core/geom", "core/source", "core/internal/vocab"},
	"core/syntax":         {"core/source", "core/diag", "core/internal/numfmt", "core/internal/vocab", "core/internal/freelist"},
	"core/expand":         {"core/source", "core/diag", "core/syntax", "core/internal/numfmt"},
	"core/resolve":        {"core/source", "core/diag", "core/syntax", "core/expand", "core/ir", "core/geom", "core/internal/numfmt", "core/internal/vocab"},
	"core/render/svg":     {"core/ir", "core/geom", "core/source", "core/render/wallseg", "core/internal/numfmt", "core/internal/vocab", "core/internal/freelist"},
	"core/render/wallseg": {"core/ir", "core/geom"},
	"core/render/txt":     {"core/ir", "core/geom", "core/source", "core/render/wallseg", "core/internal/numfmt", "core/internal/vocab"},
	"core/render/raster":  {},
	"core/payload":        {},
	"core/internal/vocab": {},
	"core/plangen":        {},
	"core/memprobe":       {},
	"core/planjson":       {"core/diag", "core/internal/numfmt", "core/internal/vocab"},
	"core/analysis":       {"core/source", "core/diag", "core/ir", "core/geom", "core/internal/numfmt", "core/internal/vocab", "core/internal/freelist"},
	"core/lint":           {"core/source", "core/diag", "core/ir", "core/geom", "core/analysis", "core/internal/numfmt", "core/internal/vocab"},
	"core/intent":         {"core/diag", "core/ir", "core/geom", "core/analysis", "core/internal/numfmt"},
	"core/fixer":          {"core/source", "core/diag"},
	"core/heal":           {"core/source", "core/diag", "core/syntax"},
	"core/complete":       {"core/syntax"},
	"core/suggest":        {"core/diag", "core/ir", "core/geom", "core/analysis", "core/internal/numfmt"},
	"core/repair":         {"core/source", "core/syntax", "core/ir", "core/geom", "core/internal/numfmt", "core/internal/vocab"},
	"core/compile":        {"core", "core/source", "core/diag", "core/syntax", "core/expand", "core/resolve", "core/ir", "core/geom", "core/render/svg", "core/render/txt", "core/render/raster", "core/planjson", "core/analysis", "core/lint", "core/intent", "core/fixer", "core/heal", "core/complete", "core/suggest", "core/repair", "core/plangen", "core/memprobe"},

	// Leaves under core/internal: a package imports one only where its
	// entry above lists it.
	"core/internal/numfmt":   {},
	"core/internal/freelist": {},
}

// external lists the few packages outside the standard library that a core
// package may import. The rasteriser reads its embedded font with
// golang.org/x/image's sfnt (pure Go): parsing TrueType is not the core's
// job, and the standard library has no font reader.
var external = map[string][]string{
	"core/render/raster": {"golang.org/x/image/font", "golang.org/x/image/font/sfnt", "golang.org/x/image/math/fixed"},
}

// testHelper is the module's golden-file helper (standard library only),
// which any core package's tests may use.
const testHelper = "internal/golden"

// TestImportGraph holds the core to the standard library and to the one-way
// flow between its stages. Internal test files are checked too; external
// test packages (package x_test) may drive the whole core through the facade.
func TestImportGraph(t *testing.T) {
	root := os.DirFS(".")
	fset := token.NewFileSet()
	err := fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.Contains(p, "testdata/") {
			return err
		}
		pkg := path.Join("core", path.Dir(p))
		want, ok := allowed[pkg]
		if !ok {
			t.Errorf("%s: package %s is not in the import allowlist", p, pkg)
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			return nil
		}
		for _, imp := range f.Imports {
			ip, _ := strconv.Unquote(imp.Path.Value)
			if own, ok := strings.CutPrefix(ip, modulePath); ok {
				if own == pkg || strings.HasSuffix(f.Name.Name, "_test") {
					continue
				}
				if own == testHelper && strings.HasSuffix(p, "_test.go") {
					continue // the golden-file helper, for tests only
				}
				if !slices.Contains(want, own) {
					t.Errorf("%s: %s may not import %s", p, pkg, own)
				}
				continue
			}
			if first, _, _ := strings.Cut(ip, "/"); strings.Contains(first, ".") && !strings.HasSuffix(p, "_test.go") && !slices.Contains(external[pkg], ip) {
				t.Errorf("%s: the core imports only the standard library, not %s", p, ip)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
