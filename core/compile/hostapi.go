package compile

import (
	"io/fs"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/render/svg"
)

// World resolves `import` statements (see Options.World).
type World = expand.World

// FSWorld is a World that reads modules from fsys, by their slash-separated
// path (the hosted server passes its bundled library, resources/lib).
func FSWorld(fsys fs.FS) World { return expand.FSWorld(fsys) }

// ErrorDrawing draws a list of wire diagnostics as an SVG card: what an
// image URL shows for a plan with errors, or for a request the host
// refused. All text is escaped.
func ErrorDrawing(ds []diag.JSON) []byte {
	ps := make([]svg.Problem, 0, len(ds))
	for _, d := range ds {
		ps = append(ps, svg.Problem{Severity: d.Severity, Code: d.Code, Line: d.Line, Col: d.Col, Message: d.Message, Fix: d.Fix})
	}
	return svg.RenderErrors("", ps)
}
