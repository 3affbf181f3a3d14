package syntax

import (
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// Parse parses f. It always returns a (possibly partial) *File, together
// with the syntax errors found; parse errors carry no code, as in the
// reference compiler. Parsing resynchronises at statement boundaries, so
// one bad statement does not hide the errors after it.
func Parse(f *source.File) (*File, diag.List) {
	p := newParser(f)
	file := p.parseFile()
	p.healBraces()
	p.releaseTokens()
	return file, p.diags
}
