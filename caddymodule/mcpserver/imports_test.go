package mcpserver

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImports holds the adapter's edges: the MCP SDK (and the JSON Schema
// package it is built on, for the tools' output schemas), the core facade
// and its wire types, the route table, never Caddy.
func TestImports(t *testing.T) {
	allowed := []string{
		"github.com/modelcontextprotocol/go-sdk/",
		"github.com/google/jsonschema-go/",
		"github.com/archlang-go/caddy-archlang/caddymodule/routes", // the image routes link mints URLs for
		"github.com/archlang-go/caddy-archlang/core",
	}
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range af.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if !strings.Contains(p, ".") {
				continue // standard library
			}
			ok := false
			for _, a := range allowed {
				ok = ok || strings.HasPrefix(p, a)
			}
			if !ok {
				t.Errorf("%s imports %s, outside the adapter's allowlist", f, p)
			}
		}
	}
}
