package expand

import (
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// Options tune an expansion. The zero value uses the default limits and
// no import world.
type Options struct {
	// Limits bound the work done; zero fields take the defaults.
	Limits Limits
	// World resolves imports; nil means no module can be found.
	World World
	// Path is the main file's path in the World, against which import
	// paths are resolved (default: the world root).
	Path string
	// Stop, when set, is polled every StopPollSteps evaluation steps; once
	// it reports true the expansion ends as if its step budget were spent.
	// A host uses it to abandon work nobody waits for any more.
	Stop func() bool
}

// StopPollSteps is how many evaluation steps pass between two polls of
// Options.Stop.
const StopPollSteps = 4096

// Expand evaluates the scripting in file and returns the script-free plan.
// It never panics on user input: every problem is a diagnostic and the
// result is as complete as the errors allow. A nil file or file.Plan gives
// an empty Result. The returned list holds the scripting diagnostics in
// evaluation order; element-clause diagnostics ride on the items (see the
// package documentation). Expand is safe for concurrent use on distinct
// or shared files: it never mutates the syntax tree.
func Expand(file *syntax.File, opts Options) (*Result, diag.List) {
	e := newExpander(file, opts)
	return e.run(), e.diags
}
