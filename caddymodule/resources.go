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
		out = append(out, mcpserver.Resource{
			URI: r.URI, Name: r.Name, Title: r.Title, Description: r.Description,
			MIMEType: r.MIMEType, Text: string(b),
		})
	}
	return resources.Readme(), out
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
