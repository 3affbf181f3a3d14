// Package caddyarchlang is the root of the caddy-archlang module. It exists
// so that `xcaddy build --with github.com/archlang-go/caddy-archlang` (which
// imports a module's root package) registers the archlang_mcp handler; the
// code lives in package caddymodule.
package caddyarchlang

import (
	_ "github.com/archlang-go/caddy-archlang/caddymodule" // registers http.handlers.archlang_mcp
)
