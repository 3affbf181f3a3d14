// Package resources holds the documents and library files the ArchLang MCP
// server publishes: the read_me page, the language guide, agent guidance,
// the grammar (GBNF and EBNF), the diagnostic catalogue, the drawing viewer and the bundled
// component library. They are embedded at build time, so a server needs no
// files on disk.
//
// The package is a leaf of data: List describes every resource (URI, name,
// description, MIME type), FS exposes the files, and Read returns the bytes
// behind a URI. error-codes.md is generated from core/diag, and context.md
// from internal/contextdoc (its guide, the MCP server's tools, this list and
// core/diag), by `go generate ./resources`; tests fail when either is out of
// date.
package resources

import (
	"embed"
	"fmt"
	"io/fs"
)

//go:generate go run ./internal/gendoc -o error-codes.md
//go:generate go run ./internal/gengrammar -f grammar.gbnf
//go:generate go run ./internal/gencontext -o context.md

//go:embed readme.md spec.md context.md grammar.gbnf grammar.ebnf error-codes.md plan.schema.json intent.schema.json viewer.html lib/*.arch
var files embed.FS

// MIME types of the resources.
const (
	MIMEMarkdown = "text/markdown"
	MIMEText     = "text/plain"
	// MIMEGBNF is the type of a GBNF grammar (llama.cpp's notation for
	// grammar-constrained decoding). No type is registered for it; this one
	// is text, so every client can show it.
	MIMEGBNF = "text/x-gbnf"
	// MIMESchema is the type of a JSON Schema document.
	MIMESchema = "application/schema+json"
	// MIMEArch is the type of ArchLang source. It is plain text, so every
	// client can show it.
	MIMEArch = "text/plain"
	// MIMEApp marks an HTML page as an MCP App (the MCP Apps extension).
	MIMEApp = "text/html;profile=mcp-app"
)

// URIs a server refers to by name.
const (
	// ReadmeURI is the page the read_me tool returns.
	ReadmeURI = "archlang://readme"
	// SpecURI is the language guide.
	SpecURI = "archlang://spec"
	// ContextURI is the whole context an agent needs: the language, the
	// workflow, the tools and the diagnostic catalogue.
	ContextURI = "archlang://context"
	// GrammarURI is the grammar of the language in GBNF, usable for
	// grammar-constrained decoding.
	GrammarURI = "archlang://grammar"
	// GrammarEBNFURI is the same syntax in ISO EBNF, for people.
	GrammarEBNFURI = "archlang://grammar-ebnf"
	// ErrorCodesURI is the catalogue of diagnostic codes.
	ErrorCodesURI = "archlang://error-codes"
	// SchemaURI is the JSON Schema of a Plan JSON document (compile's
	// plan_json argument).
	SchemaURI = "archlang://schema"
	// IntentSchemaURI is the JSON Schema of an intent (validate's intent
	// and score's brief).
	IntentSchemaURI = "archlang://intent-schema"
	// ViewerURI is the HTML viewer for a compiled drawing.
	ViewerURI = "ui://archlang/viewer"
)

// Resource describes one published document.
type Resource struct {
	// URI identifies the resource to MCP clients.
	URI string
	// Name is a short machine-friendly name.
	Name string
	// Title is a human-readable name.
	Title string
	// Description says what the resource is for, in one or two sentences.
	Description string
	// MIMEType is the media type of the content.
	MIMEType string
	// Path is the file's path inside FS.
	Path string
}

// catalogue is every resource, in the order a server lists them.
var catalogue = []Resource{
	{ReadmeURI, "readme", "About this server",
		"What this ArchLang MCP server is, its tools, its size and rate limits, its image routes and what it does with your plans.",
		MIMEMarkdown, "readme.md"},
	{SpecURI, "spec", "ArchLang language guide",
		"A compact guide to writing .arch floor plans: coordinates, every statement, expressions, scripting and worked examples.",
		MIMEMarkdown, "spec.md"},
	{ContextURI, "context", "Working with ArchLang",
		"Everything an agent needs in one page: the language with an example of every statement, the workflow (compile, fix, lint, validate), every tool with when to use it, and the diagnostic catalogue.",
		MIMEMarkdown, "context.md"},
	{GrammarURI, "grammar", "ArchLang grammar (GBNF)",
		"The syntax of ArchLang in GBNF, llama.cpp's grammar notation: give it to a runtime with grammar-constrained decoding (root rule `root`) and every text it lets through parses.",
		MIMEGBNF, "grammar.gbnf"},
	{GrammarEBNFURI, "grammar-ebnf", "ArchLang grammar (EBNF)",
		"The syntax of ArchLang as an ISO EBNF grammar with notes, for reading.",
		MIMEText, "grammar.ebnf"},
	{ErrorCodesURI, "error-codes", "Diagnostic codes",
		"Every E_ and W_ diagnostic code with a one-line summary, how to fix it and, for most, a small plan that raises it.",
		MIMEMarkdown, "error-codes.md"},
	{SchemaURI, "schema", "Plan JSON schema",
		"JSON Schema (2020-12) of a floor plan written as structured JSON, the shape compile accepts as plan_json.",
		MIMESchema, "plan.schema.json"},
	{IntentSchemaURI, "intent-schema", "Intent schema",
		"JSON Schema (2020-12) of an intent: the checkable expectations of a brief that validate (intent) and score (brief) measure a plan against.",
		MIMESchema, "intent.schema.json"},
	{ViewerURI, "viewer", "Drawing viewer",
		"A self-contained page that shows a compiled drawing with pan and zoom; MCP App hosts attach it to compile results.",
		MIMEApp, "viewer.html"},
	{"archlang://lib/doors.arch", "lib-doors", "Library: doors and windows",
		`Components single(x, y, w), double(x, y, w) and glazing(x, y, w); import them with import "lib/doors.arch": single.`,
		MIMEArch, "lib/doors.arch"},
	{"archlang://lib/fixtures.arch", "lib-fixtures", "Library: fixtures",
		"Components wc, basin, shower, bathtub, kitchen_sink, counter and fridge, each taking a top-left corner (x, y).",
		MIMEArch, "lib/fixtures.arch"},
	{"archlang://lib/furniture.arch", "lib-furniture", "Library: furniture",
		"Components bed, double_bed, sofa, desk and stove, each taking a top-left corner (x, y).",
		MIMEArch, "lib/furniture.arch"},
}

// FS returns the embedded files. Paths are those of Resource.Path, such as
// "spec.md" or "lib/doors.arch"; the library files sit under "lib/" so an
// import of "lib/doors.arch" can be resolved against it.
func FS() fs.FS { return files }

//go:embed lib/*.arch
var lib embed.FS

// Lib returns the bundled standard library alone, at the paths a plan
// imports it by ("lib/doors.arch", "lib/fixtures.arch", "lib/furniture.arch"):
// the import world of the hosted server. Nothing else of the resources is
// importable.
func Lib() fs.FS { return lib }

// List returns every resource, in a stable order. The slice is a copy.
func List() []Resource {
	return append([]Resource(nil), catalogue...)
}

// Lookup returns the resource with the given URI.
func Lookup(uri string) (Resource, bool) {
	for _, r := range catalogue {
		if r.URI == uri {
			return r, true
		}
	}
	return Resource{}, false
}

// Read returns the content of the resource with the given URI.
func Read(uri string) ([]byte, error) {
	r, ok := Lookup(uri)
	if !ok {
		return nil, fmt.Errorf("resources: unknown resource %q", uri)
	}
	return files.ReadFile(r.Path)
}

// Readme returns the read_me page.
func Readme() string {
	b, _ := files.ReadFile("readme.md") // embedded; a test checks it exists
	return string(b)
}
