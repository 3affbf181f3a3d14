package caddymodule

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// facade is the documented set of core packages the Caddy glue and the MCP
// adapter may import: the module version (core), the facade every host
// calls (core/compile), the diagnostics' wire types (core/diag) and the
// playground payload codec (core/payload). Everything else in core is
// reached through the facade.
var facade = []string{"core", "core/compile", "core/diag", "core/payload"}

// TestFacadeOnly fails when a non-test file under caddymodule imports a
// core package outside the facade set.
func TestFacadeOnly(t *testing.T) {
	const module = "github.com/archlang-go/caddy-archlang/"
	checked := 0
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		checked++
		for _, imp := range f.Imports {
			ip, _ := strconv.Unquote(imp.Path.Value)
			own, ok := strings.CutPrefix(ip, module)
			if !ok || (own != "core" && !strings.HasPrefix(own, "core/")) {
				continue
			}
			if !slices.Contains(facade, own) {
				t.Errorf("%s imports %s, outside the core facade %v", p, own, facade)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 10 {
		t.Fatalf("checked %d files; the walk is broken", checked)
	}
}
