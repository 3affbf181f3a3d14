package caddymodule

import (
	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/diag"
)

// errorDrawing draws a list of diagnostics as the core's error card: what an
// <img> pointing at a plan with errors (or a refused request) shows.
func errorDrawing(ds []diag.JSON) []byte { return compile.ErrorDrawing(ds) }
