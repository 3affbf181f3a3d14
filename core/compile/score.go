package compile

import (
	"context"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/intent"
)

// ScoreOptions tune a score.
type ScoreOptions struct {
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

// ScoreResult is the intent meter's reading: how much of a brief a plan
// satisfies. It measures and never gates; OK is the brief's gate verdict,
// reported for information.
type ScoreResult struct {
	// Report is nil when the brief did not decode (IntentErrors say why).
	Report       *intent.Report
	IntentErrors []string
}

// ScoreEnvelope is score's wire shape: {ok, satisfied, total, score,
// subscores, violations}.
type ScoreEnvelope struct {
	OK         bool               `json:"ok"`
	Satisfied  int                `json:"satisfied"`
	Total      int                `json:"total"`
	Score      float64            `json:"score"`
	Subscores  intent.Subscores   `json:"subscores"`
	Violations []intent.Violation `json:"violations"`
}

// Envelope converts r for the wire: ScoreEnvelope, or IntentErrorsEnvelope
// when the brief was malformed.
func (r ScoreResult) Envelope() any {
	if r.Report == nil {
		return IntentErrorsEnvelope{OK: false, IntentErrors: r.IntentErrors}
	}
	p := r.Report
	return ScoreEnvelope{OK: p.OK, Satisfied: p.Satisfied, Total: p.Total, Score: p.Score(), Subscores: p.Subscores, Violations: p.Violations}
}

// Score measures src against a brief (an intent document as JSON; nil
// stands for a brief that was not given). A plan with errors is measured
// as the empty plan.
func Score(src []byte, brief []byte, opts ScoreOptions) ScoreResult {
	in, errs := decodeIntent(brief)
	if len(errs) > 0 {
		return ScoreResult{IntentErrors: errs}
	}
	name := sourceName(opts.Name)
	e := opts.Cache.lookup(name, src, opts.World, false, opts.Ctx)
	facts := analysis.Empty()
	switch {
	case e.diags.HasErrors() || e.plan == nil || cancelled(opts.Ctx):
	case e.analysedAlready():
		// Another tool has walked this plan: its facts serve.
		facts = e.facts
	default:
		// A brief reads rooms, windows, the access graph, the site and
		// the input graph, none of which the circulation walk decides:
		// skip it.
		facts = analysis.IntentFacts(e.plan)
	}
	rep := intent.Evaluate(in, facts)
	return ScoreResult{Report: &rep}
}
