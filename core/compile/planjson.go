package compile

import (
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/planjson"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// PlanJSONResult is the outcome of compiling a Plan JSON document.
type PlanJSONResult struct {
	// Result is the compile of the generated program. When Refused is
	// true it holds only the refusal's diagnostics (and, for a program
	// that did not parse, the generated file they point into).
	Result
	// Source is the .arch program generated from the JSON; nil when the
	// JSON itself was refused.
	Source []byte
	// Refused is true when the document was turned down before any
	// compile: it does not fit the schema, or the program written from it
	// does not parse. The wire answer is then {ok:false, diagnostics}.
	Refused bool
}

// PlanJSONRefusal is the wire shape of a refused Plan JSON document: no format,
// no output, just the reasons.
type PlanJSONRefusal struct {
	OK          bool        `json:"ok"`
	Diagnostics []diag.JSON `json:"diagnostics"`
}

// Response is the wire answer: a PlanJSONRefusal, or the compile's Envelope.
func (r PlanJSONResult) Response() any {
	if r.Refused {
		return PlanJSONRefusal{OK: false, Diagnostics: diag.ListToJSON(r.File, r.Diagnostics)}
	}
	return r.Envelope()
}

// CompilePlanJSON converts raw Plan JSON into an .arch program and
// compiles it with opts. Findings about the JSON (E_JSON_SCHEMA,
// E_JSON_KIND) carry no line, column or span; findings of the compile
// point into the generated program (PlanJSONResult.Source), as the
// reference's do.
func CompilePlanJSON(raw []byte, opts Options) PlanJSONResult {
	src, ds := planjson.Convert(raw)
	return compileConverted(src, ds, opts)
}

// CompilePlanJSONValue is CompilePlanJSON for an already decoded document.
func CompilePlanJSONValue(doc planjson.Value, opts Options) PlanJSONResult {
	src, ds := planjson.ConvertValue(doc)
	return compileConverted(src, ds, opts)
}

func compileConverted(src []byte, ds diag.List, opts Options) PlanJSONResult {
	format := opts.Format
	if format == "" {
		format = "svg"
	}
	if src == nil {
		return PlanJSONResult{Result: Result{Format: format, Diagnostics: ds}, Refused: true}
	}
	name := sourceName(opts.Name)
	f := source.NewFile(name, src)
	if _, pd := syntax.Parse(f); pd.HasErrors() {
		// A value spliced into the program as written (a north bearing,
		// an id, a category) broke its syntax: refuse with the parser's
		// findings, which point into the generated program.
		return PlanJSONResult{Result: Result{Format: format, Diagnostics: pd, File: f}, Source: src, Refused: true}
	}
	return PlanJSONResult{Result: Compile(src, opts), Source: src}
}
