package compile

import (
	"context"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/intent"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/lint"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// ValidateOptions tune a validate: the ship gate over parse, resolve and
// lint, with the optional graph and intent checks.
type ValidateOptions struct {
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
	// Strict makes any warning fail the gate, as errors do.
	Strict bool
	// Graph is the intended room graph as JSON ({room: [room, …]});
	// nil means no graph check.
	Graph []byte
	// Intent is the intent document as JSON; nil means no intent check
	// unless HasIntent is set (an intent argument given as nothing at all).
	Intent    []byte
	HasIntent bool
}

// ValidateResult is the outcome of a validate.
type ValidateResult struct {
	// OK is the gate: no errors, no warnings when strict, the graph
	// matches and every gating intent assertion holds.
	OK     bool
	Strict bool
	// Diagnostics are the compile's findings followed by lint's.
	Diagnostics diag.List
	File        *source.File
	Plan        *ir.Plan // nil when the source did not resolve
	// Graph is the graph check's report (nil without a graph).
	Graph *intent.GraphReport
	// GraphErr is set when the graph is not an object of room → rooms;
	// the result is then not meaningful.
	GraphErr error
	// Intent is the intent check's report (nil without an intent, or when
	// the intent did not decode).
	Intent *intent.Report
	// IntentErrors are the intent document's errors; when there are any,
	// the gate fails and the envelope carries only them.
	IntentErrors []string
}

// ValidateEnvelope is validate's wire shape: {ok, strict, diagnostics,
// graph?, intent?}.
type ValidateEnvelope struct {
	OK          bool                `json:"ok"`
	Strict      bool                `json:"strict"`
	Diagnostics []diag.JSON         `json:"diagnostics"`
	Graph       *intent.GraphReport `json:"graph,omitempty"`
	Intent      *IntentBlock        `json:"intent,omitempty"`
}

// IntentBlock is validate's intent block: the report and one correction
// prompt per violation.
type IntentBlock struct {
	intent.Report
	Feedback []string `json:"feedback"`
}

// IntentErrorsEnvelope is the wire shape of a validate or score whose
// intent did not decode: {ok:false, strict?, intentErrors}.
type IntentErrorsEnvelope struct {
	OK           bool     `json:"ok"`
	Strict       *bool    `json:"strict,omitempty"`
	IntentErrors []string `json:"intentErrors"`
}

// Envelope converts r for the wire: ValidateEnvelope, or
// IntentErrorsEnvelope when the intent was malformed.
func (r ValidateResult) Envelope() any {
	if len(r.IntentErrors) > 0 {
		strict := r.Strict
		return IntentErrorsEnvelope{OK: false, Strict: &strict, IntentErrors: r.IntentErrors}
	}
	e := ValidateEnvelope{OK: r.OK, Strict: r.Strict, Diagnostics: diag.ListToJSON(r.File, r.Diagnostics), Graph: r.Graph}
	if r.Intent != nil {
		e.Intent = &IntentBlock{Report: *r.Intent, Feedback: intent.Feedback(*r.Intent)}
	}
	return e
}

// analyzed is a source taken through resolve and read back as facts.
type analyzed struct {
	file  *source.File
	plan  *ir.Plan
	diags diag.List
	facts *analysis.Facts
	entry *cacheEntry
}

// analyze resolves src and describes it; a plan with errors has the empty
// facts, as the reference.
func analyze(src []byte, name string, world expand.World, cache *Cache, ctx context.Context) analyzed {
	name = sourceName(name)
	e := cache.lookup(name, src, world, true, ctx)
	a := analyzed{file: e.file, diags: e.diags, facts: e.facts, entry: e}
	if !e.diags.HasErrors() && e.plan != nil {
		a.plan = e.plan
	}
	return a
}

// Validate runs the ship gate on src: the compile's diagnostics and lint's
// warnings, then the graph and intent checks when asked for. Errors always
// fail it; warnings fail it when strict.
func Validate(src []byte, opts ValidateOptions) ValidateResult {
	a := analyze(src, opts.Name, opts.World, opts.Cache, opts.Ctx)
	res := ValidateResult{Strict: opts.Strict, File: a.file, Plan: a.plan}
	if cancelled(opts.Ctx) {
		return res
	}
	res.Diagnostics = append(diag.List{}, a.diags...)
	if a.plan != nil {
		res.Diagnostics = append(res.Diagnostics, a.entry.lint(lint.DefaultProfile, src)...)
	}
	errs := res.Diagnostics.Errors()
	res.OK = errs == 0 && (!opts.Strict || len(res.Diagnostics) == errs)
	if opts.Graph != nil {
		g, err := intent.CheckGraph(a.facts, opts.Graph)
		if err != nil {
			res.GraphErr = err
			res.OK = false
		} else {
			res.Graph = &g
			res.OK = res.OK && g.OK
		}
	}
	if opts.Intent != nil || opts.HasIntent {
		in, errs := decodeIntent(opts.Intent)
		if len(errs) > 0 {
			res.IntentErrors = errs
			res.OK = false
			return res
		}
		rep := intent.Evaluate(in, a.facts)
		res.Intent = &rep
		res.OK = res.OK && rep.OK
	}
	return res
}

// decodeIntent decodes an intent argument; nil stands for one that was not
// given at all.
func decodeIntent(raw []byte) (*intent.Intent, []string) {
	if raw == nil {
		return intent.DecodeAbsent()
	}
	return intent.Decode(raw)
}
