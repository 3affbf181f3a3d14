// Package compile is the facade of the ArchLang core: the only API that
// hosts (the MCP adapter, the /svg route) call. It runs the stages in order,
// syntax → expand → resolve → render, and returns a result whose diagnostics
// are data.
package compile

import (
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// Options tune a compile.
type Options struct {
	// Format is the output format; "" and "svg" both mean SVG.
	Format string
	// Name is the file name used for the source (default "plan.arch").
	Name string
}

// Result is the outcome of a compile.
type Result struct {
	OK          bool
	Format      string
	Output      string // the drawing; "" when OK is false
	Diagnostics diag.List
	File        *source.File
	Plan        *ir.Plan // nil when the source did not resolve
}

// Envelope is the wire shape of a compile result, exactly as the reference
// tool returns it: {ok, format, output?, diagnostics}.
type Envelope struct {
	OK          bool        `json:"ok"`
	Format      string      `json:"format"`
	Output      string      `json:"output,omitempty"`
	Diagnostics []diag.JSON `json:"diagnostics"`
}

// Envelope converts r for the wire.
func (r Result) Envelope() Envelope {
	return Envelope{OK: r.OK, Format: r.Format, Output: r.Output, Diagnostics: diag.ListToJSON(r.File, r.Diagnostics)}
}

// Compile compiles src. It is safe for concurrent use and deterministic:
// the same source and options give byte-identical output.
func Compile(src []byte, opts Options) Result {
	name := opts.Name
	if name == "" {
		name = "plan.arch"
	}
	format := opts.Format
	if format == "" {
		format = "svg"
	}
	f := source.NewFile(name, src)
	// The stages are wired in as they land (issue 2).
	return Result{OK: false, Format: format, File: f}
}
