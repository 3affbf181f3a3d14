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
	Fix      string    `json:"fix,omitempty"`
	Hints    []string  `json:"hints,omitempty"`
	Fixes    []FixJSON `json:"fixes,omitempty"`
}

// FixJSON is the wire shape of a Fix.
type FixJSON struct {
	Title         string     `json:"title"`
	Applicability string     `json:"applicability"`
	Edits         []EditJSON `json:"edits"`
	FixID         string     `json:"fixId,omitempty"`
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
		Fix: d.FixText, Hints: d.Hints,
	}
	if !d.Unplaced {
		j.Line, j.Col = 1, 1
		if f != nil {
			line, col := f.Position(d.Span.Start)
			start := clampOffset(f, d.Span.Start)
			j.Line, j.Col = line, wireOffset(f, start)-wireOffset(f, start-(col-1))+1
		}
		j.Span = &[2]int{wireOffset(f, d.Span.Start), wireOffset(f, d.Span.End)}
	}
	for _, fx := range d.Fixes {
		fj := FixJSON{Title: fx.Title, Applicability: fx.Applicability, FixID: fx.FixID, Edits: []EditJSON{}}
		for _, e := range fx.Edits {
			fj.Edits = append(fj.Edits, EditJSON{Span: [2]int{wireOffset(f, e.Span.Start), wireOffset(f, e.Span.End)}, NewText: e.NewText})
		}
		j.Fixes = append(j.Fixes, fj)
	}
	return j
}

// ListToJSON converts every diagnostic in l; it never returns nil.
func ListToJSON(f *source.File, l List) []JSON {
	out := make([]JSON, 0, len(l))
	for _, d := range l {
		out = append(out, ToJSON(f, d))
	}
	return out
}

// wireOffset converts a byte offset into f to the offset the reference puts
// on the wire: a count of UTF-16 code units, because the reference indexes
// JavaScript strings. For ASCII text the two are the same. A nil f leaves
// the offset unchanged.
func wireOffset(f *source.File, off int) int {
	if f == nil {
		return off
	}
	off = clampOffset(f, off)
	n := 0
	for _, r := range string(f.Src[:off]) {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

func clampOffset(f *source.File, off int) int {
	if off < 0 {
		return 0
	}
	if off > len(f.Src) {
		return len(f.Src)
	}
	return off
}
