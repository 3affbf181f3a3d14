package caddymodule

import (
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/render/svg"
)

// errorDrawing draws a list of diagnostics as the core's error card: what an
// <img> pointing at a plan with errors (or a refused request) shows.
func errorDrawing(ds []diag.JSON) []byte {
	ps := make([]svg.Problem, 0, len(ds))
	for _, d := range ds {
		ps = append(ps, svg.Problem{Severity: d.Severity, Code: d.Code, Line: d.Line, Col: d.Col, Message: d.Message, Fix: d.Fix})
	}
	return svg.RenderErrors("", ps)
}
