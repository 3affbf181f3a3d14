package expand

import (
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// Options tune an expansion. The zero value uses the default limits.
type Options struct {
	Limits Limits
	// World resolves imports; nil means no module can be found.
	World World
	// Path is the main file's path in the World, against which import
	// paths are resolved (default: the world root).
	Path string
}

// Expand evaluates the scripting in file and returns the script-free plan.
// It never panics on user input: every problem is a diagnostic and the
// result is as complete as the errors allow. A nil file.Plan gives an empty
// Result.
func Expand(file *syntax.File, opts Options) (*Result, diag.List) {
	e := newExpander(file, opts)
	return e.run(), e.diags
}
