// Package planjson reads a floor plan written as Plan JSON (the RPLAN-style
// structured form) and turns it into an ArchLang program. Decode parses the
// JSON, the checks report every value that does not fit the schema as an
// E_JSON_SCHEMA (or, for an opening's kind, E_JSON_KIND) diagnostic naming
// its JSON path, and a document that passes is written out as .arch source
// for the ordinary compile pipeline. The later compile's diagnostics point
// into that generated source, so its layout is stable: a header line, the
// settings, then walls, rooms, openings, furniture, columns, dims and the
// title block, one statement per line.
package planjson

import (
	"github.com/archlang-go/caddy-archlang/core/diag"
)

// MaxDepth bounds the nesting of the JSON document. A Plan JSON document
// needs six levels; the rest of the room is for ignored members.
const MaxDepth = 256

// Convert decodes and checks raw Plan JSON. It returns the generated .arch
// program, or nil and the findings (every finding is an error without a
// source position). It never panics on any input.
func Convert(raw []byte) ([]byte, diag.List) {
	doc, err := Decode(raw)
	if err != nil {
		return nil, diag.List{unplaced(codeSchema, "invalid JSON: %v", err)}
	}
	return ConvertValue(doc)
}

// ConvertValue is Convert for an already decoded document.
func ConvertValue(doc Value) ([]byte, diag.List) {
	if ds := check(doc); len(ds) > 0 {
		return nil, ds
	}
	return emit(doc), nil
}
