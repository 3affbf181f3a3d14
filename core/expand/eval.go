package expand

import (
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

type expander struct {
	file   *syntax.File
	limits Limits
	diags  diag.List
}

func newExpander(f *syntax.File, opts Options) *expander {
	return &expander{file: f, limits: opts.Limits.withDefaults()}
}

func (e *expander) run() *Result {
	r := &Result{}
	if e.file == nil || e.file.Plan == nil {
		return r
	}
	return r
}
