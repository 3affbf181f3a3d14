package compile

import (
	"context"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/render/svg"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// DescribeOptions tune a describe.
type DescribeOptions struct {
	// Cache, when set, shares resolved and analysed plans with the other
	// tools (see Cache); nil analyses afresh.
	Cache *Cache
	// Ctx, when set, stops the work early once it is done (a client that
	// went away, a deadline): the result is then incomplete, and a caller
	// that sees Ctx.Err() != nil must discard it. nil never stops.
	Ctx context.Context
	// Name is the file name used for the source (default "plan.arch").
	Name string
	// World resolves `import` statements, as in Options.
	World expand.World
	// Filter narrows the reported facts (a display filter: ok and the
	// diagnostics always weigh the whole plan).
	Filter analysis.Options
	// Select keeps only these top-level keys in Value (the envelope stays).
	Select []string
}

// DescribeResult is the outcome of a describe.
type DescribeResult struct {
	// Facts is the answer, diagnostics included.
	Facts *analysis.Facts
	// Value is what to encode: Facts, or its selected keys.
	Value any
	// SelectErr reports an unknown key in DescribeOptions.Select (Value is
	// then Facts).
	SelectErr   error
	Diagnostics diag.List
	File        *source.File
	Plan        *ir.Plan // nil when the source did not resolve
}

// Describe compiles src through resolve and reads the plan back as facts.
// A plan with errors answers ok:false with empty facts, as the reference;
// the diagnostics are the compile's.
func Describe(src []byte, opts DescribeOptions) DescribeResult {
	name := sourceName(opts.Name)
	e := opts.Cache.lookup(name, src, opts.World, true, opts.Ctx)
	f, diags := e.file, e.diags
	res := DescribeResult{Diagnostics: diags, File: f}
	if !diags.HasErrors() && e.plan != nil {
		res.Plan = e.plan
	}
	// The entry's facts are shared: the answer is a narrowed copy.
	res.Facts = analysis.Filtered(e.facts, opts.Filter)
	res.Facts.Diagnostics = diag.ListToJSON(f, diags)
	res.Value = res.Facts
	if len(opts.Select) > 0 {
		raw, err := analysis.SelectKeys(res.Facts, opts.Select)
		if err != nil {
			res.SelectErr = err
		} else {
			res.Value = raw
		}
	}
	return res
}

// Caption is the one-sentence summary of a resolved plan that the
// accessible SVG uses as its description.
func Caption(p *ir.Plan) string {
	if p == nil {
		return ""
	}
	return analysis.Summarize(p).Caption
}

// svgOptions are the drawing options of one page: an accessible drawing
// describes itself with the page's caption.
func svgOptions(p *ir.Plan, opts Options) svg.Options {
	so := svg.Options{Accessible: opts.Accessible}
	if opts.Accessible {
		so.Caption = Caption(p)
	}
	so.Overlay = overlayOf(p, opts)
	return so
}
