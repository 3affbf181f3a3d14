// Package heal offers fixes for the mistakes the compiler finds after
// parsing, where one correction is clearly meant: a statement pasted twice
// (its id repeated), an impossible width or size, a misspelt id. The fixes
// go in diag.Diagnostic.Extra, beside the reference's own, so the
// reference's contract is untouched; finish applies them. The parser
// offers its own (core/syntax: misspelt words, unclosed blocks).
//
// Attach works from the diagnostics and the tokens of the source only:
// it never resolves the plan again.
package heal

import (
	"bytes"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// Widths put in place of an opening's zero width: a standard single door
// leaf (wider than every lint profile's minimum), a common window, and a
// cased opening as wide as the door.
const (
	DoorWidth    = 900
	WindowWidth  = 1200
	OpeningWidth = 900
)

// MaxRenames bounds the search for a free id (`x_2`, `x_3`, …).
const MaxRenames = 1000

// handlers maps each code this package answers to its handler.
var handlers = map[string]func(*ctx, diag.Diagnostic) (diag.Fix, bool){
	diag.ErrDupID:            dupID,
	diag.ErrDoorWidth:        width(DoorWidth),
	diag.ErrWindowWidth:      width(WindowWidth),
	diag.ErrOpeningWidth:     width(OpeningWidth),
	diag.ErrRoomSize:         size,
	diag.ErrFurnSize:         size,
	diag.ErrColumnSize:       size,
	diag.ErrVertSize:         size,
	diag.ErrLayoutRef:        ref("right-of", "left-of", "below", "above"),
	diag.ErrAttachWallRef:    ref("on"),
	diag.ErrUnknownRef:       hinted,
	diag.ErrUnknownComponent: hinted,
	diag.ErrUnknownFn:        hinted,
}

// ctx is the source of one Attach call. Its tokens, the names it declares
// and the words it uses are found on first use and kept for every later
// diagnostic, so a plan with many errors costs no rescan per error.
type ctx struct {
	f     *source.File
	toks  []syntax.Token
	lexed bool
	// declared are the names (see names), nil until first asked for.
	declared []string
	// used holds every identifier of the source, nil until first asked for.
	used map[string]bool
}

func (c *ctx) tokens() []syntax.Token {
	if !c.lexed {
		c.toks, c.lexed = syntax.Tokens(c.f), true
	}
	return c.toks
}

// in returns the tokens inside sp.
func (c *ctx) in(sp source.Span) []syntax.Token {
	ts := c.tokens()
	i := sort.Search(len(ts), func(k int) bool { return ts[k].Sp.Start >= sp.Start })
	j := i
	for j < len(ts) && ts[j].Sp.End <= sp.End {
		j++
	}
	return ts[i:j]
}

// Attach adds to every error of ds about f (not about an imported file)
// that one of the handlers answers the fix it clearly needs, if any. It
// changes ds in place and returns it.
func Attach(f *source.File, ds diag.List) diag.List {
	var c *ctx
	for i, d := range ds {
		h, ok := handlers[d.Code]
		if !ok || d.Severity != diag.Error || d.File != "" || d.Unplaced || d.Span.End > len(f.Src) || d.Span.Start > d.Span.End {
			continue
		}
		if c == nil {
			c = &ctx{f: f}
		}
		if fix, ok := h(c, d); ok {
			ds[i].Extra = append(ds[i].Extra, fix)
		}
	}
	return ds
}

// dupID answers a repeated id: a statement identical to an earlier one
// (pasted twice) is removed; otherwise its id becomes the next free one.
func dupID(c *ctx, d diag.Diagnostic) (diag.Fix, bool) {
	src := c.f.Src
	text := src[d.Span.Start:d.Span.End]
	if i := bytes.Index(src, text); i >= 0 && i < d.Span.Start && endsLine(src, i+len(text)) {
		return diag.Fix{Title: "remove the repeated statement (the same as the one at line " + strconv.Itoa(line(c.f, i)) + ")",
			Applicability: syntax.Safe, FixID: "duplicate-statement", Edits: []diag.Edit{{Span: wholeLines(src, d.Span), NewText: ""}}}, true
	}
	ts := c.in(d.Span)
	for k := 0; k+2 < len(ts); k++ {
		if ts[k].Kind == syntax.IDENT && ts[k].Text == "id" && ts[k+1].Kind == syntax.ASSIGN && ts[k+2].Kind == syntax.IDENT {
			name := ts[k+2].Text
			free, ok := c.freeID(name)
			if !ok {
				return diag.Fix{}, false
			}
			return diag.Fix{Title: "rename the second \"" + name + "\" to \"" + free + "\"", Applicability: syntax.Safe, FixID: "duplicate-id",
				Edits: []diag.Edit{{Span: ts[k+2].Sp, NewText: free}}}, true
		}
	}
	return diag.Fix{}, false
}

// freeID is the first of name_2, name_3, … that no word of the source uses.
func (c *ctx) freeID(name string) (string, bool) {
	if c.used == nil {
		c.used = map[string]bool{}
		for _, t := range c.tokens() {
			if t.Kind == syntax.IDENT {
				c.used[t.Text] = true
			}
		}
	}
	used := c.used
	for n := 2; n < MaxRenames; n++ {
		if s := name + "_" + strconv.Itoa(n); !used[s] {
			return s, true
		}
	}
	return "", false
}

// line is the 1-based line of offset i.
func line(f *source.File, i int) int {
	l, _ := f.Position(i)
	return l
}

// wholeLines widens sp to the whole lines it covers, newline included,
// when nothing but blanks shares them; otherwise it is sp.
func wholeLines(src []byte, sp source.Span) source.Span {
	s := bytes.LastIndexByte(src[:sp.Start], '\n') + 1
	e := sp.End
	for e < len(src) && (src[e] == ' ' || src[e] == '\t' || src[e] == '\r') {
		e++
	}
	if len(bytes.TrimSpace(src[s:sp.Start])) != 0 || e < len(src) && src[e] != '\n' {
		return sp
	}
	if e < len(src) {
		e++
	}
	return source.Span{Start: s, End: e}
}

// endsLine reports whether only blanks (or a comment) follow offset e on
// its line.
func endsLine(src []byte, e int) bool {
	for e < len(src) && (src[e] == ' ' || src[e] == '\t' || src[e] == '\r') {
		e++
	}
	return e == len(src) || src[e] == '\n' || src[e] == '#'
}

// width answers an opening's width that is not positive: a negative one
// loses its sign; zero becomes def. Both are guesses.
func width(def int) func(*ctx, diag.Diagnostic) (diag.Fix, bool) {
	return func(c *ctx, d diag.Diagnostic) (diag.Fix, bool) {
		ts := c.in(d.Span)
		for k := 0; k+1 < len(ts); k++ {
			if ts[k].Kind != syntax.IDENT || ts[k].Text != "width" {
				continue
			}
			v := ts[k+1]
			switch {
			case v.Kind == syntax.MINUS && k+2 < len(ts) && ts[k+2].Kind == syntax.NUMBER && ts[k+2].Num > 0:
				return diag.Fix{Title: "drop the minus sign of the width", Applicability: syntax.MaybeIncorrect, FixID: "width-sign",
					Edits: []diag.Edit{{Span: source.Span{Start: v.Sp.Start, End: ts[k+2].Sp.Start}, NewText: ""}}}, true
			case v.Kind == syntax.NUMBER && v.Num == 0:
				w := strconv.Itoa(def)
				return diag.Fix{Title: "give it the common width " + w, Applicability: syntax.MaybeIncorrect, FixID: "width-default",
					Edits: []diag.Edit{{Span: v.Sp, NewText: w}}}, true
			}
			return diag.Fix{}, false
		}
		return diag.Fix{}, false
	}
}

// size answers a size that is not positive: a negated side loses its
// sign; a zero side leaves nothing sensible to guess, so the statement is
// commented out.
func size(c *ctx, d diag.Diagnostic) (diag.Fix, bool) {
	ts := c.in(d.Span)
	for k := 0; k+2 < len(ts); k++ {
		if ts[k].Kind == syntax.IDENT && ts[k].Text == "size" && ts[k+1].Kind == syntax.MINUS && ts[k+2].Kind == syntax.DIMS {
			return diag.Fix{Title: "drop the minus sign of the size", Applicability: syntax.MaybeIncorrect, FixID: "size-sign",
				Edits: []diag.Edit{{Span: source.Span{Start: ts[k+1].Sp.Start, End: ts[k+2].Sp.Start}, NewText: ""}}}, true
		}
	}
	src := c.f.Src
	if bytes.IndexByte(src[d.Span.Start:d.Span.End], '\n') >= 0 || wholeLines(src, d.Span) == d.Span {
		return diag.Fix{}, false // not a statement of its own line
	}
	return diag.Fix{Title: "comment out the statement (it has no usable size)", Applicability: syntax.MaybeIncorrect, FixID: "comment-out",
		Edits: []diag.Edit{{Span: source.Span{Start: d.Span.Start, End: d.Span.Start}, NewText: "# "}}}, true
}

// ref answers a reference to an id no element has, written after one of
// the words: the declared id (or wall category) it most likely misspells.
func ref(after ...string) func(*ctx, diag.Diagnostic) (diag.Fix, bool) {
	return func(c *ctx, d diag.Diagnostic) (diag.Fix, bool) {
		ts := c.in(d.Span)
		for k := 0; k+1 < len(ts); k++ {
			if ts[k].Kind != syntax.IDENT || ts[k+1].Kind != syntax.IDENT || !slices.Contains(after, ts[k].Text) {
				continue
			}
			bad := ts[k+1]
			if f, ok := spelling(bad.Text, bad.Sp, c.names()); ok {
				return f, true
			}
		}
		return diag.Fix{}, false
	}
}

// names are the ids declared with id= and the wall categories written.
func (c *ctx) names() []string {
	if c.declared != nil {
		return c.declared
	}
	out := []string{}
	ts := c.tokens()
	for k := 0; k+2 < len(ts); k++ {
		if ts[k].Kind == syntax.IDENT && ts[k].Text == "id" && ts[k+1].Kind == syntax.ASSIGN && ts[k+2].Kind == syntax.IDENT {
			out = append(out, ts[k+2].Text)
		}
		if ts[k].Kind == syntax.IDENT && ts[k].Text == "wall" && ts[k].LineStart && ts[k+1].Kind == syntax.IDENT && ts[k+1].Text != "id" {
			out = append(out, ts[k+1].Text)
		}
	}
	c.declared = out
	return out
}

// hinted answers an unknown name whose diagnostic already says which
// name was meant.
func hinted(c *ctx, d diag.Diagnostic) (diag.Fix, bool) {
	word := string(c.f.Src[d.Span.Start:d.Span.End])
	if !isName(word) {
		return diag.Fix{}, false
	}
	for _, h := range d.Hints {
		if s, ok := strings.CutPrefix(h, "did you mean \""); ok {
			if s, ok := strings.CutSuffix(s, "\"?"); ok && isName(s) {
				return spelling(word, d.Span, []string{s})
			}
		}
	}
	return diag.Fix{}, false
}

// spelling is syntax's misspelling fix, under this package's fix id.
func spelling(word string, sp source.Span, cands []string) (diag.Fix, bool) {
	best, dist, ok := syntax.Nearest(word, cands)
	if !ok {
		return diag.Fix{}, false
	}
	app := syntax.MaybeIncorrect
	if dist == 1 {
		app = syntax.Safe
	}
	return diag.Fix{Title: "replace \"" + word + "\" with \"" + best + "\"", Applicability: app, FixID: syntax.FixSpelling,
		Edits: []diag.Edit{{Span: sp, NewText: best}}}, true
}

func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
