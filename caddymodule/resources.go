package caddymodule

import "github.com/archlang-go/caddy-archlang/caddymodule/mcpserver"

// serverResources returns read_me's guide and the documents served as MCP
// resources. Until package resources lands, the adapter's built-in guide
// is used and no resources are listed.
func serverResources() (string, []mcpserver.Resource) {
	return "", nil
}
