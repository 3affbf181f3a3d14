package repair

import (
	"bytes"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// Layout of the canonical print.
const (
	// LineWidth is the longest line a wall's vertex list stays on; a
	// longer one puts each vertex on a line of its own.
	LineWidth = 80
	indent    = "  "
	// DefaultDimOffset is the offset, in mm, a measured dimension line
	// written without one stands at: the print writes it out.
	DefaultDimOffset = "300"
)

// settingOrder is the order settings are printed in, at the top of the
// plan body.
var settingOrder = []string{"units", "grid", "paper", "scale", "north", "dims", "schedule", "legend"}

// format prints a parsed plan in canonical layout: the text before the
// plan kept as written, the settings first (with the default `north up`
// made explicit), then every other statement in source order with single
// spaces between its words, `(x, y)` points, spaced operators, comments
// kept and runs of blank lines folded into one. ok is false for a plan
// holding a construct the printer does not lay out (scripting blocks,
// components, storeys, zones, themes, styles, strips); the caller then
// keeps its own text.
func format(src []byte, f *syntax.File) (string, bool) {
	if f == nil || f.Plan == nil {
		return "", false
	}
	pl := f.Plan
	var b strings.Builder
	b.Write(src[:pl.Sp.Start])
	head := string(src[pl.Sp.Start:pl.BodySp.Start])
	b.WriteString(canonical(head))
	b.WriteString(" {\n")

	var settings []*syntax.SettingStmt
	var site *syntax.SiteStmt
	var acc []*syntax.AccStmt
	for _, st := range pl.Body {
		switch n := st.(type) {
		case *syntax.AccStmt:
			acc = append(acc, n)
		case *syntax.SettingStmt:
			settings = append(settings, n)
		case *syntax.SiteStmt:
			if site != nil {
				return "", false
			}
			site = n
		}
	}
	if !supported(pl.Body) {
		return "", false
	}
	units, north := false, false
	for _, key := range settingOrder {
		for _, s := range settings {
			if s.Key != key {
				continue
			}
			units = units || key == "units"
			north = north || key == "north"
			b.WriteString(indent + canonical(text(src, s.Sp.Start, s.Sp.End)) + "\n")
		}
		if key == "units" && !units {
			b.WriteString(indent + "units mm\n")
		}
		if key == "north" && !north {
			b.WriteString(indent + "north up\n")
		}
		if key == "north" && site != nil {
			b.WriteString(indent + printSite(site) + "\n")
		}
		if key == "north" {
			for _, a := range acc {
				b.WriteString(indent + canonical(text(src, a.Sp.Start, a.Sp.End)) + "\n")
			}
		}
	}
	for _, s := range settings {
		if !contains(settingOrder, s.Key) {
			b.WriteString(indent + canonical(text(src, s.Sp.Start, s.Sp.End)) + "\n")
		}
	}
	pr := printer{b: &b, src: src, first: true, depth: 1}
	pr.walk(pl.Body, pl.BodySp.Start+1, pl.BodySp.End-1)
	b.WriteString("}\n")
	return b.String(), true
}

// supported reports whether the printer lays out every statement of body.
func supported(body []syntax.Stmt) bool {
	for _, st := range body {
		switch n := st.(type) {
		case *syntax.SettingStmt, *syntax.SiteStmt, *syntax.WallStmt, *syntax.RoomStmt, *syntax.OpeningStmt,
			*syntax.FurnitureStmt, *syntax.DimStmt, *syntax.TitleStmt, *syntax.LetStmt, *syntax.AccStmt,
			*syntax.CallStmt, *syntax.ImportStmt, *syntax.BoxStmt, *syntax.AxesStmt, *syntax.SetStmt, *syntax.PlaceStmt,
			*syntax.AssignStmt, *syntax.StripStmt:
		case *syntax.ThemeStmt:
			if n.Block {
				return false // a theme block's keys are reprinted under other names
			}
		case *syntax.IfStmt:
			if n.Then == nil || !supported(n.Then.Stmts) || n.Else != nil && !supported(n.Else.Stmts) {
				return false
			}
			if n.Else != nil && len(n.Else.Stmts) == 1 {
				if _, elif := n.Else.Stmts[0].(*syntax.IfStmt); elif {
					return false
				}
			}
		default:
			b := block(st)
			if b == nil || !supported(b.Stmts) {
				return false
			}
		}
	}
	return true
}

// walk prints the statements of one body, whose text runs from start to
// end, with the comments and blank lines between them.
func (p *printer) walk(body []syntax.Stmt, start, end int) {
	src := p.src
	pos := start
	for _, st := range body {
		sp := st.Span()
		g := text(src, pos, sp.Start)
		pos = sp.End
		switch st.(type) {
		case *syntax.SettingStmt, *syntax.SiteStmt, *syntax.AccStmt:
			// Printed above; its comments wait for the next statement, and
			// a blank line beside a setting does not carry over.
			p.pending = append(p.pending, comments(g)...)
			if trail := trailing(src, sp.End); trail != "" {
				p.pending = append(p.pending, trail)
				pos = sp.End + strings.Index(string(src[sp.End:]), trail) + len(trail)
			}
			p.blank = false
			p.settled = true
			continue
		}
		if _, theme := st.(*syntax.ThemeStmt); theme && len(p.pending) > 0 {
			// The settings' comments pass a named theme by.
			pend := p.pending
			p.pending = nil
			p.gap(g)
			p.pending = pend
		} else {
			p.gap(g)
		}
		if inner := block(st); inner != nil {
			p.item(canonical(text(src, sp.Start, inner.Sp.Start)) + " {")
			p.nest(inner)
			if n, ok := st.(*syntax.IfStmt); ok && n.Else != nil {
				p.blank, p.nested = false, true
				p.item("} else {")
				p.nest(n.Else)
			}
			p.blank, p.nested = false, true
			p.item("}")
			if trail := trailing(src, sp.End); trail != "" {
				pos = sp.End + strings.Index(string(src[sp.End:]), trail) + len(trail)
			}
			continue
		}
		prefix := strings.Repeat(indent, p.depth)
		out := printStmt(src, st, len(prefix))
		if trail := trailing(src, sp.End); trail != "" {
			lines := strings.Split(out, "\n")
			if w, ok := st.(*syntax.WallStmt); ok && len(lines) == 1 && len(prefix)+len(lines[0])+2+len(trail) > LineWidth {
				out = brokenWall(src, w)
			}
			out += "  " + trail
			pos = sp.End + strings.Index(string(src[sp.End:]), trail) + len(trail)
		}
		p.item(out)
	}
	p.gap(text(src, pos, end))
}

// block returns the braced body of a block statement (an if's then
// branch), nil for any other statement.
func block(st syntax.Stmt) *syntax.Block {
	switch n := st.(type) {
	case *syntax.LevelStmt:
		return n.Body
	case *syntax.ZoneStmt:
		return n.Body
	case *syntax.ForStmt:
		return n.Body
	case *syntax.WhileStmt:
		return n.Body
	case *syntax.ComponentDecl:
		return n.Body
	case *syntax.IfStmt:
		return n.Then
	}
	return nil
}

// nest prints a block's statements one level deeper.
func (p *printer) nest(b *syntax.Block) {
	p.depth++
	p.first, p.nested = false, true
	p.walk(b.Stmts, b.Sp.Start+1, b.Sp.End-1)
	p.depth--
}

// printer lays out the body's items with the blank-line rules.
type printer struct {
	b     *strings.Builder
	src   []byte
	depth int // indentation level of the items
	// nested is set at the top of a block and before its closing brace:
	// no blank line goes there.
	nested bool
	first  bool // no item printed yet: the settings' blank line comes first
	blank  bool // a blank line preceded the next item in the source
	// settled is set after a setting: blank lines up to the next item are
	// the settings' own.
	settled bool
	// pending are the comments written among the settings; they lead the
	// next statement.
	pending []string
}

// comments returns the comment lines of a stretch of text.
func comments(gap string) []string {
	var out []string
	for _, ln := range strings.Split(gap, "\n") {
		if t := strings.TrimSpace(ln); strings.HasPrefix(t, "#") {
			out = append(out, t)
		}
	}
	return out
}

// flush prints the comments waiting from the settings.
func (p *printer) flush() {
	pend := p.pending
	p.pending = nil
	for _, c := range pend {
		p.item(c)
	}
}

// item prints one line or block of the body.
func (p *printer) item(s string) {
	if (p.first || p.blank) && !p.nested {
		p.b.WriteString("\n")
	}
	p.first, p.blank, p.settled, p.nested = false, false, false, false
	prefix := strings.Repeat(indent, p.depth)
	p.b.WriteString(prefix + strings.ReplaceAll(s, "\n", "\n"+prefix) + "\n")
}

// gap copies the comments of the text between two statements and notes a
// blank line in it.
func (p *printer) gap(gap string) {
	lines := strings.Split(gap, "\n")
	for i, ln := range lines {
		t := strings.TrimSpace(ln)
		switch {
		case t == "" && i > 0 && i < len(lines)-1:
			p.blank = !p.settled
		case strings.HasPrefix(t, "#"):
			p.flush()
			p.item(t)
		}
	}
	p.flush()
}

// trailing returns the comment that follows position end on the same line,
// "" when none.
func trailing(src []byte, end int) string {
	if end < 0 || end > len(src) {
		return ""
	}
	rest := src[end:]
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	t := strings.TrimSpace(string(rest))
	if strings.HasPrefix(t, "#") {
		return t
	}
	return ""
}

func text(src []byte, a, b int) string {
	if a < 0 {
		a = 0
	}
	if b > len(src) {
		b = len(src)
	}
	if a >= b {
		return ""
	}
	return string(src[a:b])
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// printStmt prints one statement canonically; a wall too long for one
// line and a title block are broken over several.
func printStmt(src []byte, st syntax.Stmt, margin int) string {
	sp := st.Span()
	switch n := st.(type) {
	case *syntax.WallStmt:
		line := canonical(text(src, sp.Start, sp.End))
		if margin+len(line) > LineWidth {
			return brokenWall(src, n)
		}
		return line
	case *syntax.TitleStmt:
		var b strings.Builder
		b.WriteString("title {")
		for _, fl := range n.Fields {
			if fl.Key == nil || fl.Value == nil {
				continue
			}
			b.WriteString("\n" + indent + canonical(text(src, fl.Key.Sp.Start, fl.Value.Sp.End)))
		}
		b.WriteString("\n}")
		return b.String()
	case *syntax.DimStmt:
		// The default offset is written out: 0 for a radius or a
		// diameter, DefaultDimOffset after a measured line's points.
		if n.Offset != nil {
			return canonical(text(src, sp.Start, sp.End))
		}
		if n.Mode == syntax.DimRadius || n.Mode == syntax.DimDiameter {
			line := canonical(text(src, sp.Start, sp.End))
			if n.Text == nil {
				line += " offset 0"
			}
			return line
		}
		if n.To == nil {
			return canonical(text(src, sp.Start, sp.End))
		}
		line := canonical(text(src, sp.Start, n.To.Sp.End)) + " offset " + DefaultDimOffset
		if rest := canonical(text(src, n.To.Sp.End, sp.End)); rest != "" {
			line += " " + rest
		}
		return line
	case *syntax.StripStmt:
		all := text(src, sp.Start, sp.End)
		brace := strings.IndexByte(all, '{')
		if brace < 0 {
			return canonical(all)
		}
		var b strings.Builder
		b.WriteString(canonical(all[:brace]) + " {")
		for _, r := range n.Rooms {
			b.WriteString("\n" + indent + canonical(text(src, r.Sp.Start, r.Sp.End)))
		}
		b.WriteString("\n}")
		return b.String()
	case *syntax.AxesStmt:
		// Rows of one axis merge into a single row, in first-seen order.
		var order []string
		vals := map[string][]string{}
		for _, r := range n.Rows {
			if r.Axis == nil {
				continue
			}
			k := r.Axis.Text
			if _, seen := vals[k]; !seen {
				order = append(order, k)
			}
			for _, v := range r.Values {
				vals[k] = append(vals[k], canonical(text(src, v.Span().Start, v.Span().End)))
			}
		}
		var b strings.Builder
		b.WriteString("axes {")
		for _, k := range order {
			b.WriteString("\n" + indent + k + " at " + strings.Join(vals[k], ", "))
		}
		b.WriteString("\n}")
		return b.String()
	}
	return canonical(text(src, sp.Start, sp.End))
}

// printSite prints the site block, one direction a line, the hemisphere
// (north unless stated) always written.
func printSite(st *syntax.SiteStmt) string {
	var b strings.Builder
	b.WriteString("site {")
	if st.Street != nil {
		b.WriteString("\n" + indent + indent + "street " + st.Street.Text)
	}
	hemi := "north"
	if st.Hemisphere != nil {
		hemi = st.Hemisphere.Text
	}
	b.WriteString("\n" + indent + indent + "hemisphere " + hemi)
	b.WriteString("\n" + indent + "}")
	return b.String()
}

// brokenWall prints a wall with one vertex per line.
func brokenWall(src []byte, w *syntax.WallStmt) string {
	sp := w.Sp
	all := text(src, sp.Start, sp.End)
	brace := strings.IndexByte(all, '{')
	if brace < 0 || len(w.Vertices) == 0 {
		return canonical(all)
	}
	var b strings.Builder
	b.WriteString(canonical(all[:brace]) + " {")
	for _, v := range w.Vertices {
		b.WriteString("\n" + indent + canonical(text(src, v.Sp.Start, v.Sp.End)))
	}
	if w.Closed {
		b.WriteString("\n" + indent + "close")
	}
	b.WriteString("\n}")
	return b.String()
}

// canonical re-spaces a statement's text, read with the syntax package's
// lexer: single spaces between tokens, none inside brackets or before a
// comma, one after a comma, binary operators spaced, `->` tight, a call's
// name kept against its bracket. Tokens written together that read as one
// word (`50%`, `1:100`, `0..n`, `id=a`, `near-start`) stay together, and
// string literals are copied as written.
func canonical(s string) string {
	ps := lexemes(s)
	var b strings.Builder
	for i, p := range ps {
		if i > 0 && space(ps[i-1], p) {
			b.WriteByte(' ')
		}
		b.WriteString(p.s)
	}
	return b.String()
}

// lexeme is what canonical spaces: a token, or a run of tokens written
// together that reads as one word or one operator (`+=`).
type lexeme struct {
	s     string
	glued bool // written with no space before it
	op    bool // an operator
	unary bool // a sign, not a binary operator
}

// lexemes reads the lexemes of s.
func lexemes(s string) []lexeme {
	toks := tokens(s)
	var out []lexeme
	for i, t := range toks {
		glued := i > 0 && toks[i-1].Sp.End == t.Sp.Start
		if glued && joins(out[len(out)-1], toks[i:]) {
			last := &out[len(out)-1]
			last.s += t.Text
			last.unary = false
			continue
		}
		op := operator(t.Kind)
		unary := op && (t.Text == "-" || t.Text == "+" || t.Text == "!") && (len(out) == 0 || !operand(out[len(out)-1].s) || signedClause[out[len(out)-1].s])
		out = append(out, lexeme{s: t.Text, glued: glued, op: op, unary: unary})
	}
	return out
}

// tokens lexes s, splitting a hyphenated keyword (`top-left`) into its
// words and the minus between them: whether a hyphen joins two words is
// for [hyphen] to decide, by what precedes it.
func tokens(s string) []syntax.Token {
	var out []syntax.Token
	for t := range syntax.Scan(s) {
		a, b, ok := strings.Cut(t.Text, "-")
		if t.Kind != syntax.IDENT || !ok {
			out = append(out, t)
			continue
		}
		at := t.Sp.Start + len(a)
		out = append(out,
			syntax.Token{Kind: syntax.IDENT, Text: a, Sp: source.Span{Start: t.Sp.Start, End: at}},
			syntax.Token{Kind: syntax.MINUS, Text: "-", Sp: source.Span{Start: at, End: at + 1}},
			syntax.Token{Kind: syntax.IDENT, Text: b, Sp: source.Span{Start: at + 1, End: t.Sp.End}})
	}
	return out
}

// operator reports whether canonical spaces a token of kind k as an
// operator.
func operator(k syntax.Kind) bool {
	switch k {
	case syntax.PLUS, syntax.MINUS, syntax.STAR, syntax.SLASH, syntax.PERCENT, syntax.LT, syntax.GT, syntax.LE, syntax.GE,
		syntax.EQ, syntax.NEQ, syntax.ASSIGN, syntax.NOT, syntax.AND, syntax.OR:
		return true
	}
	return false
}

// joins reports whether the first of toks, written against p, continues
// it: a word runs on over names, numbers, `.`, `..`, `:`, `=`, `==` and
// `%`, and over a hyphen between two words when it starts with right,
// left, top, bottom or near; an operator runs on over `=`, `==`, `&&` and
// `||`.
func joins(p lexeme, toks []syntax.Token) bool {
	t := toks[0]
	switch {
	case p.op:
		switch t.Kind {
		case syntax.ASSIGN, syntax.EQ, syntax.AND, syntax.OR:
			return true
		}
	case isWord(p.s):
		switch t.Kind {
		case syntax.IDENT, syntax.NUMBER, syntax.DIMS, syntax.DOT, syntax.DOTDOT, syntax.COLON,
			syntax.ASSIGN, syntax.EQ, syntax.PERCENT:
			return true
		case syntax.MINUS:
			return hyphen(p.s, toks)
		}
	}
	return false
}

// hyphen reports whether toks open with a '-' joining word to a following
// lower-case word (`near-start`), not a minus.
func hyphen(word string, toks []syntax.Token) bool {
	if len(toks) < 2 {
		return false
	}
	next := toks[1]
	if next.Kind != syntax.IDENT || next.Sp.Start != toks[0].Sp.End || next.Text[0] < 'a' || next.Text[0] > 'z' {
		return false
	}
	switch word {
	case "right", "left", "top", "bottom", "near":
		return true
	}
	return false
}

// isWord reports whether a lexeme reads as a word: it does not open with
// a bracket, a comma, an operator's sign or a quote.
func isWord(s string) bool {
	return s != "" && strings.IndexByte("(){}[],+-*/<>!=&|\"", s[0]) < 0
}

// operand reports whether a lexeme ends an operand (so a following sign is
// a binary operator).
func operand(s string) bool { return isWord(s) || s == ")" || s == "]" || (s != "" && s[0] == '"') }

// signedClause are the clause keywords a signed number follows: a sign
// after one is the number's, not a subtraction.
var signedClause = map[string]bool{"offset": true, "rotate": true, "inset": true}

// space reports whether a space goes between prev and p.
func space(prev, p lexeme) bool {
	switch {
	case prev.s == "(" || prev.s == "[":
		return false
	case p.s == ")" || p.s == "]" || p.s == ",":
		return false
	case p.s == "->" || prev.s == "->":
		return false
	case prev.unary:
		return false
	case (p.s == "(" || p.s == "[") && p.glued && isWord(prev.s):
		return false // a call or an index
	}
	return true
}
