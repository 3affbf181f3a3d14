// Package diag is ArchLang's diagnostic model: a Diagnostic is data (a code,
// a severity, a message, a byte span, an optional fix text, hints and
// machine-applicable edits), never a panic. The catalogue of every E_ and W_
// code lives in catalogue.go.
package diag

import (
	"sort"

	"github.com/archlang-go/caddy-archlang/core/source"
)

// Severity ranks a diagnostic. The zero value is invalid on purpose.
type Severity int

const (
	// Error makes a compile fail (ok=false).
	Error Severity = iota + 1
	// Warning is reported but does not fail a compile.
	Warning
	// Info is advisory.
	Info
)

// String is the wire name of the severity ("error", "warning", "info").
func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Info:
		return "info"
	}
	return "invalid"
}

// Edit replaces the source bytes in Span with NewText.
type Edit struct {
	Span    source.Span
	NewText string
}

// Fix is a named set of edits that corrects a diagnostic.
type Fix struct {
	Title string
	// Applicability is "machine-applicable" when applying the edits blindly
	// is safe, otherwise "maybe-incorrect".
	Applicability string
	Edits         []Edit
	// FixID names the kind of fix, stable across messages (e.g. "door-off-wall").
	FixID string
	// File names the imported module the edits apply to ("" for the main
	// file), as the diagnostic's own File does.
	File string
}

// Diagnostic is one finding about a source.
type Diagnostic struct {
	// Code is the catalogued code (E_… or W_…). Parse errors have none.
	Code     string
	Severity Severity
	Message  string
	Span     source.Span
	// Unplaced marks a finding about the plan as a whole (W_EMPTY_PLAN);
	// its wire form has no line, col or span, as in the reference.
	Unplaced bool
	// File names the imported module a finding is about, for a statement
	// written in another file (its Span is then an offset into that file);
	// "" for the main file.
	File string
	// Level is the storey number a finding of a multi-storey plan belongs
	// to; nil in a single-storey plan.
	Level *int
	// FixText is a one-sentence instruction for correcting the problem.
	FixText string
	Hints   []string
	Fixes   []Fix
	// Extra are this server's own fixes, offered beside the reference's
	// Fixes (which keep the reference's contract): a misspelt word, an
	// unclosed block, a repeated id, an impossible size. finish applies
	// them; the fix tool, which mirrors the reference, does not.
	Extra []Fix
}

// List is an ordered collection of diagnostics.
type List []Diagnostic

// Add appends d.
func (l *List) Add(d Diagnostic) { *l = append(*l, d) }

// Errors counts the diagnostics that are errors.
func (l List) Errors() int {
	n := 0
	for _, d := range l {
		if d.Severity == Error {
			n++
		}
	}
	return n
}

// HasErrors reports whether any diagnostic is an error.
func (l List) HasErrors() bool {
	for _, d := range l {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// SortStable orders diagnostics by span start, keeping the emission order of ties.
func (l List) SortStable() {
	sort.SliceStable(l, func(i, j int) bool { return l[i].Span.Start < l[j].Span.Start })
}
