package caddymodule

import (
	"io/fs"

	"github.com/archlang-go/caddy-archlang/caddymodule/mcpserver"
	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/resources"
)

// serverResources returns read_me's guide and every embedded document of
// package resources, served as MCP resources in its order.
func serverResources() (guide string, out []mcpserver.Resource) {
	for _, r := range resources.List() {
		b, err := resources.Read(r.URI)
		if err != nil {
			continue // every listed file is embedded; a test in resources holds it
		}
		res := mcpserver.Resource{
			URI: r.URI, Name: r.Name, Title: r.Title, Description: r.Description,
			MIMEType: r.MIMEType, Text: string(b),
		}
		if r.URI == resources.ViewerURI {
			res.Meta = viewerResourceMeta()
		}
		out = append(out, res)
	}
	return resources.Readme(), out
}

// viewerResourceMeta is the viewer's _meta.ui (MCP Apps 2026-01-26): it
// needs no network origin at all (empty csp lists: the host's default,
// img-src 'self' data:, suffices, since the drawing is inline SVG and the
// page is self-contained), and it asks for a visible border.
func viewerResourceMeta() map[string]any {
	return map[string]any{"ui": map[string]any{
		"csp": map[string]any{
			"connectDomains":  []string{},
			"resourceDomains": []string{},
		},
		"prefersBorder": true,
	}}
}

// viewerURI is the MCP App viewer's URI when it is among the served
// resources, else "".
func viewerURI(rs []mcpserver.Resource) string {
	for _, r := range rs {
		if r.URI == resources.ViewerURI {
			return r.URI
		}
	}
	return ""
}

// libraryFS is what `import` reads on this server: the bundled standard
// library (lib/doors.arch, lib/fixtures.arch, lib/furniture.arch) and
// nothing else.
func libraryFS() fs.FS { return resources.Lib() }

// libraryWorld resolves the imports of /svg/ plans, as the compile tool does.
var libraryWorld = compile.FSWorld(libraryFS())
