package compile

import (
	"context"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/lint"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// LintOptions tune a lint.
type LintOptions struct {
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
	// Profile names the lint profile ("" = lint.DefaultProfile).
	Profile string
	// Codes keeps only findings with these codes (a display filter).
	Codes []string
}

// LintResult is the outcome of a lint.
type LintResult struct {
	// Findings are the advisory warnings, in rule order; empty when the
	// plan does not compile (lint has nothing sound to read).
	Findings diag.List
	// Compile holds the compile's own diagnostics, which the lint tool does
	// not report but a validating caller needs.
	Compile diag.List
	File    *source.File
	Plan    *ir.Plan // nil when the source did not resolve
}

// LintEnvelope is the wire shape of the lint tool's result: {ok,
// diagnostics}. ok is always true: findings are advice, never failure.
type LintEnvelope struct {
	OK          bool        `json:"ok"`
	Diagnostics []diag.JSON `json:"diagnostics"`
}

// Envelope converts r for the wire.
func (r LintResult) Envelope() LintEnvelope {
	return LintEnvelope{OK: true, Diagnostics: diag.ListToJSON(r.File, r.Findings)}
}

// Lint compiles src through resolve and runs the lint rules on the plan.
// A plan with errors has no findings, as in the reference.
func Lint(src []byte, opts LintOptions) LintResult {
	name := sourceName(opts.Name)
	e := opts.Cache.lookup(name, src, opts.World, true, opts.Ctx)
	f, diags := e.file, e.diags
	res := LintResult{Findings: diag.List{}, Compile: diags, File: f}
	if diags.HasErrors() || e.plan == nil || cancelled(opts.Ctx) {
		return res
	}
	res.Plan = e.plan
	if len(opts.Codes) > 0 {
		// A display filter changes what the finding budget keeps: no sharing.
		res.Findings = lint.Run(e.plan, e.facts, lint.Options{Profile: opts.Profile, Codes: opts.Codes, Source: src})
		return res
	}
	// The entry's list is shared: the answer is a copy.
	all := e.lint(lint.ProfileByName(opts.Profile).Name, src)
	res.Findings = append(diag.List{}, all...)
	return res
}
