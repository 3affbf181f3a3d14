package compile

import (
	"context"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/fixer"
)

// FixOptions tune a fix run.
type FixOptions struct {
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
	// Unsafe also applies maybe-incorrect fixes.
	Unsafe bool
}

// Fix applies the fixes the compiler's own diagnostics carry (parse,
// expand and resolve findings; lint advice is not applied) to src, pass
// after pass up to fixer.MaxPasses, and returns the fix tool's result.
func Fix(src []byte, opts FixOptions) fixer.Result { return fixWith(src, opts, false) }

// fixWith is Fix, with the server's own fixes (diag.Diagnostic.Extra)
// applied too when extra is set, as finish does.
func fixWith(src []byte, opts FixOptions, extra bool) fixer.Result {
	name := sourceName(opts.Name)
	check := func(b []byte) diag.List {
		return opts.Cache.lookup(name, b, opts.World, false, opts.Ctx).diags
	}
	return fixer.Run(src, check, fixer.Options{Unsafe: opts.Unsafe, Extra: extra})
}
