package compile

import (
	"context"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/fixer"
	"github.com/archlang-go/caddy-archlang/core/repair"
)

// MaxFinishRounds bounds finish: each round runs fix then repair, and the
// run stops early as soon as a round leaves the source unchanged.
const MaxFinishRounds = 3

// FinishOptions tune a finish run.
type FinishOptions struct {
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
	// Unsafe lets fix apply maybe-incorrect fixes too (see FixOptions).
	Unsafe bool
}

// FinishResult is the finish tool's answer: the corrected program, what
// was done to it, and what validate still says about it.
type FinishResult struct {
	// OK is validate's gate on the final source: no errors.
	OK bool `json:"ok"`
	// Rounds counts the rounds that changed the source.
	Rounds int `json:"rounds"`
	// Applied and Skipped are fix's records, over every round.
	Applied []fixer.Applied `json:"applied"`
	Skipped []fixer.Skipped `json:"skipped"`
	// Changes are repair's furniture moves, over every round.
	Changes []repair.Change `json:"changes"`
	// Unresolved are the pieces the last repair could not move.
	Unresolved []repair.Unresolved `json:"unresolved"`
	// Source is the finished program (the input when nothing changed).
	Source string `json:"source"`
	// Diagnostics are validate's findings on Source: compile errors and
	// warnings, then lint advice.
	Diagnostics []diag.JSON `json:"diagnostics"`
}

// finishCacheBytes bounds the cache a Finish call without one makes for
// itself.
const finishCacheBytes = 64 << 20

// Finish runs the two correctors to a fixpoint: fix (the machine-applicable
// edits the diagnostics carry, so the plan compiles) then repair (furniture
// out of walls, doorways and swings), round after round until a round
// changes nothing or MaxFinishRounds is reached, and validates the result.
// Like its parts it only returns new source; nothing is applied elsewhere.
func Finish(src []byte, opts FinishOptions) FinishResult {
	res := FinishResult{Applied: []fixer.Applied{}, Skipped: []fixer.Skipped{}, Changes: []repair.Change{}, Unresolved: []repair.Unresolved{}}
	if opts.Cache == nil {
		// The last round's fix and the final validate resolve the same
		// program: a cache for this call lets them do it once.
		opts.Cache = NewCache(finishCacheBytes)
	}
	cur := src
	for range MaxFinishRounds {
		if cancelled(opts.Ctx) {
			return res
		}
		fx := fixWith(cur, FixOptions{Name: opts.Name, World: opts.World, Unsafe: opts.Unsafe, Cache: opts.Cache}, true)
		res.Applied = append(res.Applied, fx.Applied...)
		res.Skipped = append(res.Skipped, fx.Skipped...)
		next := []byte(fx.Source)
		rp := Repair(next, RepairOptions{Name: opts.Name, World: opts.World})
		res.Changes = append(res.Changes, rp.Changes...)
		res.Unresolved = rp.Unresolved
		if rp.Changed {
			next = []byte(rp.Source)
		}
		if string(next) == string(cur) {
			break
		}
		res.Rounds++
		cur = next
	}
	if res.Unresolved == nil {
		res.Unresolved = []repair.Unresolved{}
	}
	v := Validate(cur, ValidateOptions{Name: opts.Name, World: opts.World, Cache: opts.Cache, Ctx: opts.Ctx})
	res.OK = v.OK
	res.Source = string(cur)
	res.Diagnostics = diag.ListToJSON(v.File, v.Diagnostics)
	if res.Diagnostics == nil {
		res.Diagnostics = []diag.JSON{}
	}
	return res
}
