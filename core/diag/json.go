package diag

import "github.com/archlang-go/caddy-archlang/core/source"

// JSON is the wire shape of a diagnostic, field for field as the reference
// serialises it. Optional fields are omitted when empty.
type JSON struct {
	Code     string    `json:"code,omitempty"`
	Severity string    `json:"severity"`
	Message  string    `json:"message"`
	Line     int       `json:"line,omitzero"`
	Col      int       `json:"col,omitzero"`
	Span     *[2]int   `json:"span,omitempty"`
	File     string    `json:"file,omitempty"`
	Fix      string    `json:"fix,omitempty"`
	Hints    []string  `json:"hints,omitempty"`
	Fixes    []FixJSON `json:"fixes,omitempty"`
	Level    *int      `json:"level,omitempty"`
	// ExtraFixes are this server's additions (Diagnostic.Extra), kept
	// apart so that fixes stays exactly the reference's.
	ExtraFixes []FixJSON `json:"extraFixes,omitempty"`
}

// FixJSON is the wire shape of a Fix.
type FixJSON struct {
	Title         string     `json:"title"`
	Applicability string     `json:"applicability"`
	Edits         []EditJSON `json:"edits"`
	FixID         string     `json:"fixId,omitempty"`
	File          string     `json:"file,omitempty"`
}

// EditJSON is the wire shape of an Edit.
type EditJSON struct {
	Span    [2]int `json:"span"`
	NewText string `json:"newText"`
}

// ToJSON converts d for the wire, computing line and column from f.
// A nil f gives line 1, col 1 (used for refusals that have no source).
// An Unplaced diagnostic has no line, col or span on the wire.
func ToJSON(f *source.File, d Diagnostic) JSON {
	j := JSON{
		Code: d.Code, Severity: d.Severity.String(), Message: d.Message,
		Fix: d.FixText, Hints: d.Hints, Level: d.Level,
	}
	if !d.Unplaced {
		j.Line, j.Col = 1, 1
		if f != nil {
			j.Line, j.Col = f.Position(d.Span.Start)
		}
		j.Span = &[2]int{d.Span.Start, d.Span.End}
	}
	if d.File != "" {
		// A finding in an imported module: its span is in that file, so
		// (as in the reference) no line or column of the main file.
		j.File = d.File
		j.Line, j.Col = 0, 0
	}
	j.Fixes = fixesJSON(d.Fixes)
	j.ExtraFixes = fixesJSON(d.Extra)
	return j
}

// fixesJSON converts fixes for the wire (nil for none).
func fixesJSON(fs []Fix) []FixJSON {
	var out []FixJSON
	for _, fx := range fs {
		fj := FixJSON{Title: fx.Title, Applicability: fx.Applicability, FixID: fx.FixID, File: fx.File, Edits: []EditJSON{}}
		for _, e := range fx.Edits {
			fj.Edits = append(fj.Edits, EditJSON{Span: [2]int{e.Span.Start, e.Span.End}, NewText: e.NewText})
		}
		out = append(out, fj)
	}
	return out
}

// ListToJSON converts every diagnostic in l; it never returns nil.
func ListToJSON(f *source.File, l List) []JSON {
	out := make([]JSON, 0, len(l))
	for _, d := range l {
		out = append(out, ToJSON(f, d))
	}
	return out
}

// Spans, lines and columns on the wire count bytes of the UTF-8 source (the
// project's contract); for ASCII sources they equal the reference's numbers.
