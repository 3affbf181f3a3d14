package caddymodule

import (
	"github.com/archlang-go/caddy-archlang/caddymodule/mcpserver"
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
