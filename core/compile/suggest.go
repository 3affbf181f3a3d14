package compile

import (
	"context"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/lint"
	"github.com/archlang-go/caddy-archlang/core/suggest"
)

// SuggestOptions tune a suggest run.
type SuggestOptions struct {
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
}

// SuggestResult is the suggest tool's answer: {ok, suggestions}. ok is
// always true; a plan that does not compile has no suggestions.
type SuggestResult struct {
	OK          bool                 `json:"ok"`
	Suggestions []suggest.Suggestion `json:"suggestions"`
}

// Suggest resolves src and proposes door and window statements for its
// topology faults (no entrance, unreachable rooms, a bathroom only through
// a bedroom, a windowless bedroom). Nothing is applied.
func Suggest(src []byte, opts SuggestOptions) SuggestResult {
	res := SuggestResult{OK: true, Suggestions: []suggest.Suggestion{}}
	name := sourceName(opts.Name)
	e := opts.Cache.lookup(name, src, opts.World, false, opts.Ctx)
	if e.diags.HasErrors() || e.plan == nil || cancelled(opts.Ctx) {
		return res
	}
	// Suggestions read two lint findings (a bathroom reached through a
	// bedroom, a windowless bedroom), and a plan without a bedroom can
	// have neither: it is not linted.
	if e.analysedAlready() {
		// Another tool has walked this plan: its facts and findings serve.
		var findings diag.List
		if suggest.NeedsFindings(e.plan) {
			findings = e.lint(lint.DefaultProfile, src)
		}
		res.Suggestions = suggest.Suggest(e.plan, e.facts, findings)
		return res
	}
	// Suggestions read the access graph and the two findings, none of
	// which the circulation walk decides: skip it. The model the access
	// facts are read from serves the test for the findings too.
	m := analysis.NewModel(e.plan)
	facts := m.AccessFacts()
	var findings diag.List
	if suggest.NeedsFindingsOf(m) {
		findings = lint.Run(e.plan, facts, lint.Options{Source: src, Codes: suggest.Codes})
	}
	res.Suggestions = suggest.Suggest(e.plan, facts, findings)
	return res
}
