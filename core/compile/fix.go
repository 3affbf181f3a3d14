package compile

import (
	"context"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/fixer"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// FixOptions tune a fix run.
type FixOptions struct {
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
func Fix(src []byte, opts FixOptions) fixer.Result {
	name := opts.Name
	if name == "" {
		name = "plan.arch"
	}
	check := func(b []byte) diag.List {
		_, ds := resolveWith(source.NewFile(name, b), opts.World)
		return ds
	}
	return fixer.Run(src, check, fixer.Options{Unsafe: opts.Unsafe})
}
