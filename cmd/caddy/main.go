// Command caddy is a Caddy with this module and caddy-ratelimit compiled in:
// the same build xcaddy.json pins, so `go run ./cmd/caddy run --config
// Caddyfile.example` works on a fresh machine without installing xcaddy.
// For a release binary, build with xcaddy as README.md says.
package main

import (
	caddycmd "github.com/caddyserver/caddy/v2/cmd"

	_ "github.com/archlang-go/caddy-archlang"
	_ "github.com/caddyserver/caddy/v2/modules/standard"
	_ "github.com/mholt/caddy-ratelimit"
)

func main() {
	caddycmd.Main()
}
