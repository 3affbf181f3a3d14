// Package fixer applies the edits that diagnostics carry as fixes: it is
// the syntactic corrector behind the fix tool. A pass collects the fixes
// of one check of the source, keeps those safe enough for the caller,
// drops any that would overlap an edit already kept, and rewrites the
// source; passes repeat until nothing changes or MaxPasses is reached.
// The package never parses: the caller supplies the check.
package fixer

import (
	"sort"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/diag"
)

// MaxPasses bounds the fixpoint: a fix may expose another (an attached
// door whose position is then out of range), but never more than this
// many rounds are run.
const MaxPasses = 4

// Applicability levels, from safest to least safe.
const (
	// MachineApplicable fixes may be applied without review.
	MachineApplicable = "machine-applicable"
	// MaybeIncorrect fixes are a best guess (one of two equally near
	// walls); they are applied only when the caller asks for it.
	MaybeIncorrect = "maybe-incorrect"
	// HasPlaceholders fixes contain text the author must fill in; they
	// are never applied.
	HasPlaceholders = "has-placeholders"
)

// ReasonOverlap is the skip reason of a fix whose edits touch bytes an
// earlier kept fix already rewrites.
const ReasonOverlap = "overlaps an earlier fix"

// ReasonOutside is the skip reason of a fix with an edit that does not
// lie inside the source (a finding about an imported file).
const ReasonOutside = "edits text outside this source"

// rank orders the applicability levels; unknown levels are never applied.
var rank = map[string]int{MachineApplicable: 1, MaybeIncorrect: 2, HasPlaceholders: 3}

// Check reports the diagnostics of a source; the fixer calls it once per
// pass and once per candidate rewrite.
type Check func(src []byte) diag.List

// Options tune a run.
type Options struct {
	// Unsafe also applies maybe-incorrect fixes.
	Unsafe bool
	// Extra also applies the server's own fixes (diag.Diagnostic.Extra),
	// and records with each applied fix the diagnostic's message and the
	// span it rewrote. The fix tool, which mirrors the reference, leaves
	// it off; finish sets it.
	Extra bool
}

// Applied records one fix written into the source.
type Applied struct {
	Code          string `json:"code"`
	Title         string `json:"title"`
	Applicability string `json:"applicability"`
	// Reason is the message of the diagnostic the fix answered, and Span
	// the bytes its edits rewrote, from the first edited byte to the
	// last, in the source as it stood before the pass (Options.Extra
	// only).
	Reason string  `json:"reason,omitempty"`
	Span   *[2]int `json:"span,omitempty"`
}

// Skipped records one fix left out of a pass that applied others.
type Skipped struct {
	Code   string `json:"code"`
	Reason string `json:"reason"`
}

// Result is the outcome of a run, in the fix tool's wire shape.
type Result struct {
	// OK is true when the final source checks without errors.
	OK bool `json:"ok"`
	// Passes counts the rounds that changed the source.
	Passes  int       `json:"passes"`
	Applied []Applied `json:"applied"`
	Skipped []Skipped `json:"skipped"`
	// Source is the corrected program (the input when nothing applied).
	Source string `json:"source"`
}

// Run fixes src to a bounded fixpoint. A pass is kept only when it does
// not raise the number of errors; the first pass that applies nothing, or
// that would make things worse, ends the run.
func Run(src []byte, check Check, opts Options) Result {
	limit := rank[MachineApplicable]
	if opts.Unsafe {
		limit = rank[MaybeIncorrect]
	}
	res := Result{Applied: []Applied{}, Skipped: []Skipped{}}
	cur := string(src)
	diags := check([]byte(cur))
	for pass := 0; pass < MaxPasses; pass++ {
		cands := candidates(diags, opts.Extra)
		if opts.Extra {
			cands = firstTier(cands, limit)
		}
		if len(cands) == 0 {
			break
		}
		out, applied, skipped := apply(cur, cands, limit)
		if len(applied) == 0 {
			break
		}
		next := check([]byte(out))
		if next.Errors() > diags.Errors() {
			break
		}
		cur, diags = out, next
		res.Passes++
		res.Applied = append(res.Applied, applied...)
		res.Skipped = append(res.Skipped, skipped...)
	}
	res.OK = diags.Errors() == 0
	res.Source = cur
	return res
}

// candidate is one fix with the code of the diagnostic that carried it.
type candidate struct {
	code string
	fix  diag.Fix
	// reason is the diagnostic's message, reported with the fix when
	// report is set.
	reason string
	report bool
	// tier orders what a pass of an Extra run applies: syntax errors'
	// fixes (0), then other errors' (1), then the rest (2).
	tier int
	// outside marks a fix whose diagnostic is about another file.
	outside bool
}

func candidates(ds diag.List, extra bool) []candidate {
	var out []candidate
	for _, d := range ds {
		tier := 2
		if d.Severity == diag.Error {
			tier = 1
			if d.Code == "" {
				tier = 0
			}
		}
		for _, f := range d.Fixes {
			out = append(out, candidate{code: d.Code, fix: f, outside: d.File != "", reason: d.Message, report: extra, tier: tier})
		}
		if !extra {
			continue
		}
		for _, f := range d.Extra {
			out = append(out, candidate{code: d.Code, fix: f, outside: d.File != "", reason: d.Message, report: true, tier: tier})
		}
	}
	return out
}

// firstTier keeps the candidates of the most severe tier that has one the
// limit allows: the other findings of a plan that does not parse, or
// does not resolve, are about a damaged reading of it, and their fixes
// wait for the next pass.
func firstTier(cands []candidate, limit int) []candidate {
	best := -1
	for _, c := range cands {
		if r, ok := rank[c.fix.Applicability]; ok && r <= limit && len(c.fix.Edits) > 0 && (best < 0 || c.tier < best) {
			best = c.tier
		}
	}
	var out []candidate
	for _, c := range cands {
		if c.tier == best {
			out = append(out, c)
		}
	}
	return out
}

// start is where a fix's first edit begins, the key fixes are applied in.
func start(f diag.Fix) int {
	s := -1
	for _, e := range f.Edits {
		if s < 0 || e.Span.Start < s {
			s = e.Span.Start
		}
	}
	return s
}

// end is where a fix's last edit ends.
func end(f diag.Fix) int {
	e := 0
	for _, x := range f.Edits {
		e = max(e, x.Span.End)
	}
	return e
}

// apply writes the fixes of one pass into src: those at or under the
// limit, taken in source order, each kept only when none of its edits
// overlaps an edit already kept. Identical edits are written once.
func apply(src string, cands []candidate, limit int) (string, []Applied, []Skipped) {
	var pool []candidate
	for _, c := range cands {
		if r, ok := rank[c.fix.Applicability]; ok && r <= limit && len(c.fix.Edits) > 0 {
			pool = append(pool, c)
		}
	}
	sort.SliceStable(pool, func(i, j int) bool { return start(pool[i].fix) < start(pool[j].fix) })
	var kept []diag.Edit
	var applied []Applied
	var skipped []Skipped
	for _, c := range pool {
		reason := ""
		for i, e := range c.fix.Edits {
			switch {
			case c.outside || e.Span.Start < 0 || e.Span.End < e.Span.Start || e.Span.End > len(src):
				reason = ReasonOutside
			case overlapsAny(e, kept) || overlapsAny(e, c.fix.Edits[:i]):
				reason = ReasonOverlap
			}
			if reason != "" {
				break
			}
		}
		if reason != "" {
			skipped = append(skipped, Skipped{Code: c.code, Reason: reason})
			continue
		}
		for _, e := range c.fix.Edits {
			if !containsEdit(kept, e) {
				kept = append(kept, e)
			}
		}
		a := Applied{Code: c.code, Title: c.fix.Title, Applicability: c.fix.Applicability}
		if c.report {
			a.Reason = c.reason
			a.Span = &[2]int{start(c.fix), end(c.fix)}
		}
		applied = append(applied, a)
	}
	if len(applied) == 0 {
		return src, nil, skipped
	}
	sort.SliceStable(kept, func(i, j int) bool { return kept[i].Span.Start < kept[j].Span.Start })
	var b strings.Builder
	at := 0
	for _, e := range kept {
		b.WriteString(src[at:e.Span.Start])
		b.WriteString(e.NewText)
		at = e.Span.End
	}
	b.WriteString(src[at:])
	return b.String(), applied, skipped
}

// overlapsAny reports whether e shares a byte with any of es, or inserts
// at the same place as another insertion. An edit identical to one of es
// (the same finding reported once per instance of a component) does not
// conflict with it: it is applied once.
func overlapsAny(e diag.Edit, es []diag.Edit) bool {
	for _, o := range es {
		if o == e {
			continue
		}
		if e.Span.Start < o.Span.End && o.Span.Start < e.Span.End {
			return true
		}
		if e.Span.Start == o.Span.Start && (e.Span.Start == e.Span.End || o.Span.Start == o.Span.End) {
			return true
		}
	}
	return false
}

func containsEdit(es []diag.Edit, e diag.Edit) bool {
	for _, o := range es {
		if o == e {
			return true
		}
	}
	return false
}
