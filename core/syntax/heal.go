package syntax

import (
	"bytes"
	"slices"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// Applicability levels of the fixes the parser offers (diag.Fix).
const (
	// Safe fixes may be applied without review.
	Safe = "machine-applicable"
	// MaybeIncorrect fixes are a best guess, applied only on request.
	MaybeIncorrect = "maybe-incorrect"
)

// Fix kinds (diag.Fix.FixID) of the fixes the parser offers.
const (
	FixSpelling = "spelling"
	FixClose    = "close-block"
	FixTruncate = "truncated-statement"
	FixNegative = "negative-size"
)

// MaxSpellingDistance is the largest edit distance at which a word is
// still taken for a misspelling of a known one.
const MaxSpellingDistance = 2

// MinSpelledWord is the shortest word taken for a misspelling: one or
// two letters are too few to say which word was meant.
const MinSpelledWord = 3

// MinContainedWord is the shortest known word that is looked for inside
// an unknown one (`xwall` for `wall`).
const MinContainedWord = 4

// Nearest picks the candidate word is most likely a misspelling of: the
// one at the smallest edit distance (insertions, deletions, substitutions
// and swaps of neighbours each count one), at most MaxSpellingDistance and
// less than a third of the word's length plus one (words shorter than
// MinSpelledWord have none), or else the one known
// word of at least MinContainedWord letters that word contains. It
// reports ok only when that candidate is clearly best: no other is as
// near, and word is not itself a candidate. dist is the distance found (the extra letters for a contained
// word).
func Nearest(word string, cands []string) (best string, dist int, ok bool) {
	bests, dist := nearest(word, cands)
	if len(bests) != 1 {
		return "", 0, false
	}
	return bests[0], dist, true
}

// nearest is Nearest's search: every candidate at the smallest distance,
// in the order given (several when none is clearly best).
func nearest(word string, cands []string) (bests []string, dist int) {
	if len(word) < MinSpelledWord || slices.Contains(cands, word) {
		return nil, 0 // a known word is not a misspelling
	}
	limit := min(MaxSpellingDistance, len(word)/3+1)
	bestD := limit + 1
	var seen []string
	var rows []int // distance's rows, reused from candidate to candidate
	dup := make(map[string]bool, len(cands))
	for _, c := range cands {
		if dup[c] {
			continue
		}
		dup[c] = true
		seen = append(seen, c)
		d := distance(word, c, limit, &rows)
		switch {
		case d < bestD:
			bests, bestD = []string{c}, d
		case d == bestD && d <= limit:
			bests = append(bests, c)
		}
	}
	if len(bests) > 0 {
		return bests, bestD
	}
	for _, c := range seen {
		if len(c) >= MinContainedWord && strings.Contains(word, c) {
			bests = append(bests, c)
		}
	}
	if len(bests) == 1 {
		return bests, len(word) - len(bests[0])
	}
	return bests, 0
}

// distance is the optimal-string-alignment distance between a and b, or
// limit+1 when it exceeds limit. Only the cells within limit of the
// diagonal are computed (a cell further off costs more than limit anyway,
// and stands in as limit+1), so a pair costs O(len·limit), not O(len²).
// rows lends the three rows of the table and keeps them for the next call.
func distance(a, b string, limit int, rows *[]int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	far := limit + 1
	n := len(b) + 1
	if cap(*rows) < 3*n {
		*rows = make([]int, 3*n)
	}
	buf := (*rows)[:3*n]
	prev2, prev, cur := buf[:n:n], buf[n:2*n:2*n], buf[2*n:]
	for j := range prev {
		prev[j] = min(j, far)
		prev2[j], cur[j] = far, far
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-limit), min(len(b), i+limit)
		cur[0] = far
		if i <= limit {
			cur[0] = i
		}
		if lo > 1 {
			cur[lo-1] = far
		}
		rowMin := cur[0]
		for j := lo; j <= hi; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			v = min(v, far)
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if hi < len(b) {
			cur[hi+1] = far
		}
		if rowMin > limit {
			return far
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// spellingFix is the fix that replaces the word at sp by the candidate it
// most likely misspells, or false when none is clearly meant. A single
// slip (distance one) is safe; anything further is a guess.
func spellingFix(word string, sp source.Span, cands []string) (diag.Fix, bool) {
	best, d, ok := Nearest(word, cands)
	if !ok {
		return diag.Fix{}, false
	}
	app := MaybeIncorrect
	if d == 1 {
		app = Safe
	}
	return diag.Fix{Title: "replace \"" + word + "\" with \"" + best + "\"", Applicability: app, FixID: FixSpelling,
		Edits: []diag.Edit{{Span: sp, NewText: best}}}, true
}

// keywords lists the statement keywords valid at nesting depth nest.
func keywords(nest int) []string {
	out := make([]string, 0, len(stmtKeywords))
	for k := range stmtKeywords {
		if nest == 0 || !planOnly[k] {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// try records that word w was looked for at the current token: the words
// valid at a position are the candidates for a misspelling found there.
func (p *parser) try(w string) {
	if p.triedAt != p.pos {
		p.triedAt, p.tried = p.pos, p.tried[:0]
	}
	p.tried = append(p.tried, w)
}

// triedHere returns the words looked for at the current token.
func (p *parser) triedHere() []string {
	if p.triedAt != p.pos {
		return nil
	}
	return p.tried
}

// suggest attaches fix to the diagnostic added last.
func (p *parser) suggest(fix diag.Fix) {
	if n := len(p.diags); n > 0 {
		p.diags[n-1].Extra = append(p.diags[n-1].Extra, fix)
	}
}

// suggestAt offers, for an error at the current token, the fix the token
// most likely needs: a known word for a misspelt one (the words valid
// here; statement keywords too when stmt or when the word opens a line),
// or the magnitude of a negated size.
func (p *parser) suggestAt(stmt bool) {
	if p.noHeal || p.pos >= len(p.toks) {
		return
	}
	t := p.toks[p.pos].full(p.lx.text)
	switch t.Kind {
	case IDENT:
		cands := slices.Clone(p.triedHere())
		if stmt || t.LineStart {
			cands = append(cands, keywords(p.nest)...)
		}
		if fix, ok := spellingFix(t.Text, t.Sp, cands); ok {
			p.suggest(fix)
		} else if fix, ok := p.breakTie(t, cands); ok {
			p.suggest(fix)
		}
	case DIMS:
		if p.pos > 0 && p.toks[p.pos-1].Kind == MINUS {
			m := p.toks[p.pos-1]
			p.suggest(diag.Fix{Title: "write the size " + t.Text + " without the minus sign", Applicability: MaybeIncorrect, FixID: FixNegative,
				Edits: []diag.Edit{{Span: source.Span{Start: m.Sp.Start, End: t.Sp.Start}, NewText: ""}}})
		}
	}
}

// breakTie settles a misspelling with several candidates equally near
// by reading the source with each in its place: the one candidate after
// which the source has fewer syntax errors than after any other is the
// guess (maybe-incorrect).
func (p *parser) breakTie(t Token, cands []string) (diag.Fix, bool) {
	bests, _ := nearest(t.Text, cands)
	if len(bests) < 2 || len(p.toks) > MaxHealTokens {
		return diag.Fix{}, false
	}
	best, bestN, ties := "", -1, 0
	for _, c := range bests {
		n := syntaxErrors(p.file, []diag.Edit{{Span: t.Sp, NewText: c}})
		switch {
		case bestN < 0 || n < bestN:
			best, bestN, ties = c, n, 1
		case n == bestN:
			ties++
		}
	}
	if ties != 1 {
		return diag.Fix{}, false
	}
	return diag.Fix{Title: "replace \"" + t.Text + "\" with \"" + best + "\"", Applicability: MaybeIncorrect, FixID: FixSpelling,
		Edits: []diag.Edit{{Span: t.Sp, NewText: best}}}, true
}

// healBraces offers, on a source whose blocks do not all close, the edits
// that close them: where each block's indentation ends, or at the end of
// a file that was cut off (its last, unfinished line then commented out).
// A fix is offered only when the patched source parses cleanly. It is
// attached to the first "expected }" error, else to the first syntax
// error.
func (p *parser) healBraces() {
	if p.noHeal || !p.diags.HasErrors() || len(p.toks) > MaxHealTokens {
		return
	}
	toks := p.toks
	if n := len(toks); n > 0 && toks[n-1].Kind == EOF {
		toks = toks[:n-1]
	}
	if debt(toks) == 0 {
		return // every block closes: the errors are elsewhere
	}
	var fix diag.Fix
	found := false
	closeAll := func() bool {
		edits := closeBlocks(p.src, toks, len(toks), false)
		if len(edits) == 0 || closers(edits) != debt(toks) {
			return false
		}
		fix = diag.Fix{Title: "close the unclosed block", Applicability: Safe, FixID: FixClose, Edits: edits}
		return parsesClean(p.file, edits)
	}
	cutOff := func() bool {
		f, ok := p.truncFix(toks)
		if ok {
			fix = f
		}
		return ok
	}
	if n := len(toks); n > 0 && toks[n-1].Kind != RCURLY && len(bytes.Trim(p.src[toks[n-1].Sp.End:], " \t")) == 0 {
		// Cut in the middle of a line: the last statement is likely
		// unfinished even when it parses.
		found = cutOff() || closeAll()
	} else {
		found = closeAll() || cutOff()
	}
	if !found {
		return
	}
	at := -1
	for i, d := range p.diags {
		if d.Severity != diag.Error {
			continue
		}
		if at < 0 || strings.HasPrefix(d.Message, "expected \"}\"") {
			at = i
			if strings.HasPrefix(d.Message, "expected \"}\"") {
				break
			}
		}
	}
	if at >= 0 {
		p.diags[at].Extra = append(p.diags[at].Extra, fix)
	}
}

// truncFix is the fix of a file cut off in the middle of its last
// statement: every line of that statement commented out, and the blocks
// still open before it closed at the end. It is offered only when the
// result parses.
func (p *parser) truncFix(toks []token) (diag.Fix, bool) {
	k := len(toks) - 1
	for k > 0 && !opensStatement(p.lx.text, toks, k) {
		k--
	}
	if k <= 0 {
		return diag.Fix{}, false
	}
	ls := lineStart(p.src, toks[k].Sp.Start)
	edits := closeBlocks(p.src, toks, k, true)
	if len(edits) == 0 || closers(edits) != debt(toks[:k]) {
		return diag.Fix{}, false
	}
	end := len(p.src)
	if p.src[end-1] == '\n' {
		end--
	}
	last := edits[len(edits)-1]
	if last.Span.Start < end {
		// The closers of the blocks still open go after the commented
		// lines.
		edits[len(edits)-1] = diag.Edit{Span: source.Span{Start: end, End: end}, NewText: last.NewText}
	}
	for at := ls; at < len(p.src); {
		i := at
		for i < len(p.src) && (p.src[i] == ' ' || p.src[i] == '\t') {
			i++
		}
		if i < len(p.src) && p.src[i] != '\n' {
			edits = append(edits, diag.Edit{Span: source.Span{Start: i, End: i}, NewText: "# "})
		}
		at = lineEnd(p.src, i) + 1
	}
	slices.SortStableFunc(edits, func(a, b diag.Edit) int { return a.Span.Start - b.Span.Start })
	fix := diag.Fix{Title: "comment out the unfinished last statement and close the open blocks", Applicability: MaybeIncorrect, FixID: FixTruncate, Edits: edits}
	return fix, !overlapping(edits) && parsesClean(p.file, edits)
}

// opensStatement reports whether toks[k] (lexed from text) starts a
// statement: a keyword, or a name called or assigned, first on its line.
func opensStatement(text string, toks []token, k int) bool {
	t := toks[k]
	if !t.LineStart || t.Kind != IDENT {
		return false
	}
	if stmtKeywords[text[t.Sp.Start:t.Sp.End]] {
		return true
	}
	return k+1 < len(toks) && (toks[k+1].Kind == LPAREN || toks[k+1].Kind == ASSIGN)
}

// MaxHealTokens bounds the sources whose unclosed blocks are looked for
// (the check parses the patched source again).
const MaxHealTokens = 1 << 16

// debt is the number of "{" in toks that no "}" closes.
func debt(toks []token) int {
	n := 0
	for _, t := range toks {
		switch t.Kind {
		case LCURLY:
			n++
		case RCURLY:
			if n > 0 {
				n--
			}
		}
	}
	return n
}

// closers counts the "}" that edits insert.
func closers(edits []diag.Edit) int {
	n := 0
	for _, e := range edits {
		n += strings.Count(e.NewText, "}")
	}
	return n
}

// overlapping reports whether two edits of es (in order) touch.
func overlapping(es []diag.Edit) bool {
	for i := 1; i < len(es); i++ {
		if es[i].Span.Start < es[i-1].Span.End || es[i].Span.Start == es[i-1].Span.Start {
			return true
		}
	}
	return false
}

// parsesClean reports whether f with edits applied parses without error.
func parsesClean(f *source.File, edits []diag.Edit) bool { return syntaxErrors(f, edits) == 0 }

// syntaxErrors counts the errors of f parsed with edits applied.
func syntaxErrors(f *source.File, edits []diag.Edit) int {
	var b strings.Builder
	at := 0
	for _, e := range edits {
		b.Write(f.Src[at:e.Span.Start])
		b.WriteString(e.NewText)
		at = e.Span.End
	}
	b.Write(f.Src[at:])
	q := newParser(source.NewFileText(f.Name, b.String()))
	q.noHeal = true
	q.parseFile()
	return q.diags.Errors()
}

// lineStart is the offset of the start of the line holding offset i.
func lineStart(src []byte, i int) int {
	return bytes.LastIndexByte(src[:i], '\n') + 1
}

// lineEnd is the offset of the newline ending the line holding offset i
// (or the end of src).
func lineEnd(src []byte, i int) int {
	if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(src)
}

// indentOf is the leading white space of the line holding offset i.
func indentOf(src []byte, i int) string {
	s := lineStart(src, i)
	e := s
	for e < len(src) && (src[e] == ' ' || src[e] == '\t') {
		e++
	}
	return string(src[s:e])
}

// openBlock is a "{" not yet closed, while closeBlocks scans.
type openBlock struct {
	tok    token
	indent string
	// deeper is set once a line inside the block is indented deeper than
	// the line that opened it: only then does its indentation say where
	// it ends.
	deeper bool
}

// closeBlocks returns the insertions that close every block left open in
// toks[:n]: a block ends where a later line is indented no deeper than
// the line that opened it (a one-line block, at the end of its line), and
// blocks still open at the end close after the last token. It returns no
// edits when the braces balance.
//
// With ownLines, the blocks still open at the end close on lines of
// their own (the last line is then to be commented out).
func closeBlocks(src []byte, toks []token, n int, ownLines bool) []diag.Edit {
	var stack []openBlock
	var edits []diag.Edit
	// closeTop closes the innermost block after token prev.
	closeTop := func(prev token, ownLine bool) {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		var e diag.Edit
		if !ownLine && lineStart(src, prev.Sp.Start) == lineStart(src, b.tok.Sp.Start) {
			e = diag.Edit{Span: source.Span{Start: prev.Sp.End, End: prev.Sp.End}, NewText: " }"}
		} else {
			at := lineEnd(src, prev.Sp.End)
			e = diag.Edit{Span: source.Span{Start: at, End: at}, NewText: "\n" + b.indent + "}"}
		}
		if k := len(edits); k > 0 && edits[k-1].Span == e.Span {
			edits[k-1].NewText += e.NewText
			return
		}
		edits = append(edits, e)
	}
	for i := 0; i < n; i++ {
		t := toks[i]
		if t.LineStart && i > 0 {
			ind := indentOf(src, t.Sp.Start)
			for len(stack) > 0 {
				b := &stack[len(stack)-1]
				oneLine := lineStart(src, toks[i-1].Sp.Start) == lineStart(src, b.tok.Sp.Start) && toks[i-1].Kind != LCURLY
				if !oneLine && len(ind) > len(b.indent) {
					b.deeper = true
					break
				}
				if !oneLine && !b.deeper {
					break
				}
				if t.Kind == RCURLY && len(ind) == len(b.indent) {
					break // this brace closes it
				}
				closeTop(toks[i-1], false)
			}
		}
		switch t.Kind {
		case LCURLY:
			stack = append(stack, openBlock{tok: t, indent: indentOf(src, t.Sp.Start)})
		case RCURLY:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	for len(stack) > 0 && n > 0 {
		closeTop(toks[n-1], ownLines)
	}
	return edits
}

// Tokens lexes the whole of f (at most MaxTokens tokens, EOF excluded);
// lexical errors are dropped. It serves the fixes offered after parsing
// (core/heal), which need the words of a statement and where they are.
func Tokens(f *source.File) []Token {
	var ds diag.List
	lx := newLexer(f.Src, f.String(), 0, len(f.Src), &ds)
	var out []Token
	for len(out) < MaxTokens {
		t := lx.next()
		if t.Kind == EOF {
			break
		}
		out = append(out, t)
	}
	return out
}
