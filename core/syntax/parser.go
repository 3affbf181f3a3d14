package syntax

import (
	"bytes"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"sync/atomic"
	"unsafe"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/internal/freelist"
	"github.com/archlang-go/caddy-archlang/core/internal/vocab"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// MaxNesting bounds the nesting depth of expressions and blocks. Deeper
// input is refused with a syntax error instead of exhausting the stack.
const MaxNesting = 1024

// bailout unwinds the parse of one statement after its first error; it is
// recovered by the statement loop, which then resynchronises.
type bailout struct{}

type parser struct {
	file  *source.File
	src   []byte
	lx    *lexer
	toks  []token
	pos   int
	diags diag.List
	depth int
	nest  int // number of enclosing statement blocks (0 = plan level)
	// components are the names the plan body has declared components
	// under; a second declaration of one ends the parse (ended), and the
	// plan is read as empty, as in the reference.
	components map[string]bool
	ended      bool
	// partial, when set, is the statement being parsed that is kept even
	// if it fails part way (a theme or style block: see kvEntries);
	// partialStart is where it starts.
	partial      Stmt
	partialStart int
	// at, when set, replaces the span of every parse error: errors inside
	// a string's interpolation hole are reported at the token after the
	// string, as the reference does.
	at *source.Span
	// tried holds the words looked for at token triedAt: what is valid
	// there, the candidates for a misspelling found there (heal.go).
	tried   []string
	triedAt int
	// noHeal turns off the fixes the parser offers (set while checking
	// one of them).
	noHeal bool
	// nodes are the slabs the tree's nodes are taken from, shared with
	// the sub-parsers of string holes.
	nodes *nodeSlabs
	// stmtStack holds the statements of the lists being parsed, inner
	// lists above outer ones; vertexBuf and wordBuf the vertices and
	// words of the statement being parsed.
	stmtStack []Stmt
	vertexBuf []WallVertex
	wordBuf   []*Word
	// bufs is where the buffers came from (nil: not pooled).
	bufs *parseBufs
}

// nodeSlabs are the slabs the tree's most numerous nodes are taken from.
type nodeSlabs struct {
	nums       slab[NumLit]
	idents     slab[Ident]
	points     slab[Point]
	words      slab[Word]
	sizes      slab[Size]
	refs       slab[RefExpr]
	binaries   slab[BinaryExpr]
	walls      slab[WallStmt]
	rooms      slab[RoomStmt]
	openings   slab[OpeningStmt]
	attaches   slab[AttachPos]
	furnitures slab[FurnitureStmt]
	// The clause lists are written one after another to clauseChunk,
	// of which clauseUsed are taken; clauseList, the list written last,
	// starts at clauseStart and grows in place. Each list's capacity is
	// its length. clauseN is the length of the last chunk.
	clauseChunk Clauses
	clauseUsed  int
	clauseStart int
	clauseList  *Clauses
	clauseN     int
	// clauseArrays are the chunks' arrays.
	clauseArrays arrays[Clause]
	// attached is a later stage's memory kept with the tree's (see
	// File.Attach); atomic, as trees may be read at once by several
	// goroutines.
	attached atomic.Pointer[any]
	strs     slab[StrLit]
	blocks   slab[Block]
	setting  slab[SettingStmt]
	// The lists of the tree, cut to their length from shared arrays.
	stmtLists   listSlab[Stmt]
	wordLists   listSlab[*Word]
	partLists   listSlab[StrPart]
	vertexLists listSlab[WallVertex]
}

// release clears the slabs' arrays and keeps them, within
// maxKeptNodeBytes, for the next parse; everything else is reset.
func (n *nodeSlabs) release() {
	budget := maxKeptNodeBytes
	attached := n.attached.Load()
	*n = nodeSlabs{
		nums:         slab[NumLit]{arrays: n.nums.release(&budget)},
		idents:       slab[Ident]{arrays: n.idents.release(&budget)},
		points:       slab[Point]{arrays: n.points.release(&budget)},
		words:        slab[Word]{arrays: n.words.release(&budget)},
		sizes:        slab[Size]{arrays: n.sizes.release(&budget)},
		refs:         slab[RefExpr]{arrays: n.refs.release(&budget)},
		binaries:     slab[BinaryExpr]{arrays: n.binaries.release(&budget)},
		walls:        slab[WallStmt]{arrays: n.walls.release(&budget)},
		rooms:        slab[RoomStmt]{arrays: n.rooms.release(&budget)},
		openings:     slab[OpeningStmt]{arrays: n.openings.release(&budget)},
		attaches:     slab[AttachPos]{arrays: n.attaches.release(&budget)},
		furnitures:   slab[FurnitureStmt]{arrays: n.furnitures.release(&budget)},
		clauseArrays: n.clauseArrays.release(&budget),
		strs:         slab[StrLit]{arrays: n.strs.release(&budget)},
		blocks:       slab[Block]{arrays: n.blocks.release(&budget)},
		setting:      slab[SettingStmt]{arrays: n.setting.release(&budget)},
		stmtLists:    listSlab[Stmt]{arrays: n.stmtLists.release(&budget)},
		wordLists:    listSlab[*Word]{arrays: n.wordLists.release(&budget)},
		partLists:    listSlab[StrPart]{arrays: n.partLists.release(&budget)},
		vertexLists:  listSlab[WallVertex]{arrays: n.vertexLists.release(&budget)},
	}
	n.attached.Store(attached)
}

// Released slabs are kept for the next parses: as many as parse at once
// on a busy server, each keeping at most maxKeptNodeBytes of arrays (the
// nodes of a source of some 50 KB).
const (
	keptNodeSlabs    = 4
	maxKeptNodeBytes = 512 << 10
)

// nodePool keeps released slabs for the next parses.
var nodePool = freelist.New[nodeSlabs](keptNodeSlabs)

// listSlab hands out slices of exact length and capacity cut from shared
// arrays, which grow from 16 elements to chunk as the tree grows: a list
// is built in a scratch buffer, then copied out, rather than grown by
// appends.
type listSlab[T any] struct {
	free []T
	n    int // length of the last array
	arrays[T]
}

// copyOf is a copy of src (nil when empty).
func (s *listSlab[T]) copyOf(src []T, chunk int) []T {
	n := len(src)
	if n == 0 {
		return nil
	}
	out := s.take(n, chunk)
	copy(out, src)
	return out
}

// take is a slice of n zero values (a long one is allocated alone).
func (s *listSlab[T]) take(n, chunk int) []T {
	if n > len(s.free) {
		if n > chunk/4 {
			return s.alloc(n)[:n:n]
		}
		s.n = min(max(16, 2*s.n), chunk)
		s.free = s.alloc(max(s.n, n))
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	return out
}

// The largest arrays of the list slabs: about 2 KB each.
const (
	stmtChunk   = 128
	wordChunk   = 256
	partChunk   = 64
	vertexChunk = 32
)

// nodeSlab is how many nodes of one type are allocated together: a tree
// holds many number literals, identifiers, points, words and sizes, and
// they live as long as it does.
const nodeSlab = 32

// slab hands out nodes of one type from arrays of nodeSlab.
type slab[T any] struct {
	free []T
	arrays[T]
}

// arrays are the arrays a slab took: those of this parse (used), and
// those of an earlier parse whose tree was released (kept, cleared),
// which are taken before new ones are allocated.
type arrays[T any] struct {
	kept, used [][]T
}

// alloc is an array of at least n zero values, all of it: the smallest
// kept one large enough, unless it is so much larger that clearing it
// for the next parse would cost more than it saves (see fits), else a
// new one of n.
func (a *arrays[T]) alloc(n int) []T {
	if i := bestFit(a.kept, n); i >= 0 {
		k := a.kept[i]
		last := len(a.kept) - 1
		a.kept[i], a.kept[last] = a.kept[last], nil
		a.kept = a.kept[:last]
		a.used = append(a.used, k)
		return k[:cap(k)]
	}
	k := make([]T, n)
	a.used = append(a.used, k)
	return k
}

// bestFit is the index of the smallest of arrays that holds n values
// and fits them (-1 when none does).
func bestFit[T any](arrays [][]T, n int) int {
	best := -1
	for i, k := range arrays {
		if fits(cap(k), n) && (best < 0 || cap(k) < cap(arrays[best])) {
			best = i
		}
	}
	return best
}

// fits reports whether an array of c values may serve a request for n: a
// released array is cleared whole, at a cost per pointer it can hold, so
// one much larger than the request is left for a larger one.
func fits(c, n int) bool { return c >= n && c <= 4*n+64 }

// release clears the arrays of this parse and returns all the arrays to
// keep for the next, within *budget bytes (the rest are left to the
// collector).
func (a *arrays[T]) release(budget *int) arrays[T] {
	var zero T
	size := int(unsafe.Sizeof(zero))
	out := arrays[T]{kept: a.kept}
	for _, k := range out.kept {
		*budget -= cap(k) * size
	}
	for _, k := range a.used {
		if b := cap(k) * size; b <= *budget {
			*budget -= b
			clear(k[:cap(k)])
			out.kept = append(out.kept, k)
		}
	}
	out.used = a.used[:0]
	clear(a.used[:cap(a.used)])
	return out
}

// new is a zero node.
func (s *slab[T]) new() *T { return s.take(nodeSlab) }

// reserve makes the slab's next array hold n nodes (none when n is 0): as
// many as the tokens show the tree will take, so it is allocated once and
// none of it is left over.
func (s *slab[T]) reserve(n int) {
	if n > 0 {
		s.free = s.alloc(n)
	}
}

// take is a zero node from arrays of chunk.
func (s *slab[T]) take(chunk int) *T {
	if len(s.free) == 0 {
		s.free = s.alloc(chunk)
	}
	n := &s.free[0]
	s.free = s.free[1:]
	return n
}

// stmtSlab is how many element statements of one kind are allocated
// together: fewer than nodeSlab, as they are larger and fewer.
const stmtSlab = 4

// numLit is a new number literal, taken from the parser's slab.
func (p *parser) numLit(v float64, sp source.Span) *NumLit {
	n := p.nodes.nums.new()
	*n = NumLit{Value: v, Sp: sp}
	return n
}

// newIdent is a new identifier, taken from the parser's slab.
func (p *parser) newIdent(name string, sp source.Span) *Ident {
	id := p.nodes.idents.new()
	*id = Ident{Name: name, Sp: sp}
	return id
}

// newWord is a new word, taken from the parser's slab.
func (p *parser) newWord(text string, sp source.Span) *Word {
	w := p.nodes.words.new()
	*w = Word{Text: text, Sp: sp}
	return w
}

func newParser(f *source.File) *parser {
	// The parser and its lexer live as long as one another, and are
	// allocated together; the slabs come from those of a released tree
	// (File.Release) when there is one.
	a := new(struct {
		p  parser
		lx lexer
	})
	p := &a.p
	*p = parser{file: f, src: f.Src, triedAt: -1, nodes: nodePool.Get(), lx: &a.lx}
	a.lx = lexer{src: f.Src, text: f.String(), end: len(f.Src), diags: &p.diags, nl: true}
	p.takeBufs(min(len(f.Src)/4+16, MaxTokens+1))
	// Like the reference, lex the whole file first: lexical errors are
	// reported before any parse error, wherever they are.
	p.fill(MaxTokens)
	p.reserveNodes()
	return p
}

// reserveNodes sizes the slabs of the nodes the tokens count: a number
// literal for each number and two for each WxH literal, a sized WxH for
// each of those, a string literal for each string, at most a point for
// each "(", a wall, room, opening, furniture or setting statement for
// each of their keywords that opens a line, and a hosted position for each
// "on". (The tokens of a string's holes are
// not counted, nor statements that share a line: their nodes come from
// further arrays.)
func (p *parser) reserveNodes() {
	var n [ARROW + 1]int
	var walls, rooms, openings, furniture, settings, attaches int
	for i := range p.toks {
		t := &p.toks[i]
		n[t.Kind]++
		if t.Kind != IDENT {
			continue
		}
		if t.LineStart {
			switch p.lx.text[t.Sp.Start:t.Sp.End] {
			case "wall":
				walls++
			case "room":
				rooms++
			case "door", "window", "opening":
				openings++
			case "furniture":
				furniture++
			case "units", "grid", "paper", "scale", "north", "dims", "schedule", "legend":
				settings++
			}
		} else if t.Sp.End-t.Sp.Start == 2 && p.lx.text[t.Sp.Start:t.Sp.End] == "on" {
			attaches++ // a hosted opening's position
		}
	}
	p.nodes.nums.reserve(n[NUMBER] + 2*n[DIMS])
	p.nodes.sizes.reserve(n[DIMS])
	p.nodes.strs.reserve(n[STRING])
	p.nodes.points.reserve(n[LPAREN])
	p.nodes.walls.reserve(walls)
	p.nodes.rooms.reserve(rooms)
	p.nodes.openings.reserve(openings)
	p.nodes.furnitures.reserve(furniture)
	p.nodes.setting.reserve(settings)
	p.nodes.attaches.reserve(attaches)
}

// ---------------------------------------------------------------------------
// Token helpers

// maxPooledTokens is the largest token buffer kept for the next parse
// (about 1 MB): enough for any source under the server's byte caps.
const maxPooledTokens = 1 << 14

// parseBufs are the buffers of one parse kept between parses: the token
// buffer (a whole source is lexed up front, and its buffer is the largest
// allocation of a parse) and the scratch lists statements are gathered
// in. They are reused rather than allocated and collected each time.
type parseBufs struct {
	toks      []token
	stmtStack []Stmt
	vertexBuf []WallVertex
	wordBuf   []*Word
	tried     []string
}

// parseBuffers keeps the buffers of a few parses: as many as parse at once
// on a busy server, within the bound maxPooledTokens sets on each.
var parseBuffers = freelist.New[parseBufs](keptBuffers)

// keptBuffers is how many parses' buffers are kept between parses.
const keptBuffers = 8

// takeBufs sets the parser's buffers, from the pool, with room for n
// tokens.
func (p *parser) takeBufs(n int) {
	if n > maxPooledTokens {
		p.toks = make([]token, 0, n)
		return
	}
	b := parseBuffers.Get()
	p.bufs = b
	p.stmtStack, p.vertexBuf, p.wordBuf, p.tried = b.stmtStack[:0], b.vertexBuf[:0], b.wordBuf[:0], b.tried[:0]
	if cap(b.toks) >= n {
		p.toks = b.toks[:0]
		return
	}
	// A pooled buffer too small for this source is dropped; its
	// replacement is rounded up to a power of two, so the buffers settle
	// at the size of the larger sources served.
	p.toks = make([]token, 0, min(1<<bits.Len(uint(n-1)), maxPooledTokens))
}

// releaseTokens hands the parser's buffers back for reuse once the parse
// is over: nothing built from the tokens keeps the buffers themselves
// (nodes copy what they need, and texts point into the source). The
// scratch lists are cleared so a pooled buffer holds no tree alive (the
// tokens hold no pointer).
func (p *parser) releaseTokens() {
	b := p.bufs
	if b == nil {
		return
	}
	p.bufs = nil
	clear(p.stmtStack[:cap(p.stmtStack)])
	clear(p.vertexBuf[:cap(p.vertexBuf)])
	clear(p.wordBuf[:cap(p.wordBuf)])
	clear(p.tried[:cap(p.tried)])
	b.toks, b.stmtStack, b.vertexBuf, b.wordBuf, b.tried = p.toks[:0], p.stmtStack[:0], p.vertexBuf[:0], p.wordBuf[:0], p.tried[:0]
	if cap(b.toks) > maxPooledTokens {
		b.toks = nil
	}
	p.toks, p.stmtStack, p.vertexBuf, p.wordBuf, p.tried = nil, nil, nil, nil, nil
	parseBuffers.Put(b)
}

// fill lexes until the token buffer holds index i.
func (p *parser) fill(i int) {
	for len(p.toks) <= i {
		if n := len(p.toks); n > 0 && p.toks[n-1].Kind == EOF {
			return
		}
		n := len(p.toks)
		if n < cap(p.toks) {
			p.toks = p.toks[:n+1]
		} else {
			p.toks = append(p.toks, token{})
		}
		p.lx.nextInto(&p.toks[n])
	}
}

func (p *parser) tok() Token { return p.cur().full(p.lx.text) }

// cur is the current token in place, for the hot paths that only look at
// it: the buffer is not copied, and an already lexed token costs a bounds
// check. The pointer is only read before the next token is lexed.
func (p *parser) cur() *token {
	if p.pos >= len(p.toks) {
		p.fill(p.pos)
		if p.pos >= len(p.toks) {
			return &p.toks[len(p.toks)-1]
		}
	}
	return &p.toks[p.pos]
}

func (p *parser) peekN(n int) Token {
	p.fill(p.pos + n)
	if p.pos+n < len(p.toks) {
		return p.toks[p.pos+n].full(p.lx.text)
	}
	return p.toks[len(p.toks)-1].full(p.lx.text)
}

func (p *parser) next() Token {
	t := p.cur()
	if t.Kind != EOF {
		p.pos++
	}
	return t.full(p.lx.text)
}

// skip is next for a caller that does not look at the token.
func (p *parser) skip() {
	if p.cur().Kind != EOF {
		p.pos++
	}
}

// left is the number of tokens not yet consumed: a bound on the nodes
// still to come (a clause takes at least two, a wall vertex five), by
// which the arrays they are taken from are sized near the end of a file.
func (p *parser) left() int { return len(p.toks) - p.pos }

// prevEnd is the end offset of the last consumed token.
func (p *parser) prevEnd() int {
	if p.pos == 0 {
		return 0
	}
	return p.toks[p.pos-1].Sp.End
}

func (p *parser) is(k Kind) bool { return p.cur().Kind == k }

func (p *parser) isWord(w string) bool {
	p.try(w)
	t := p.cur()
	return t.Kind == IDENT && t.Sp.End-t.Sp.Start == len(w) && p.lx.text[t.Sp.Start:t.Sp.End] == w
}

// found renders a token for "…, found X".
func found(t Token) string {
	switch t.Kind {
	case EOF:
		return "end of input"
	case STRING:
		return "string " + t.Text
	}
	return strconv.Quote(t.Text)
}

func (p *parser) errAt(sp source.Span, format string, args ...any) {
	if p.at != nil {
		sp = *p.at
	}
	p.diags.Add(diag.Syntax(sp, format, args...))
}

// fail reports an error at sp and abandons the current statement.
func (p *parser) fail(sp source.Span, format string, args ...any) {
	p.errAt(sp, format, args...)
	if sp == p.tok().Sp {
		p.suggestAt(false)
	}
	panic(bailout{})
}

func (p *parser) expect(k Kind) Token {
	if p.cur().Kind != k {
		t := p.tok()
		p.fail(t.Sp, "expected %s, found %s", k.describe(), found(t))
	}
	return p.next()
}

// want is expect for a caller that does not look at the token.
func (p *parser) want(k Kind) {
	if p.cur().Kind != k {
		p.expect(k) // fails
	}
	p.skip()
}

func (p *parser) expectWord(w string) Token {
	p.wantWord(w)
	return p.toks[p.pos-1].full(p.lx.text)
}

// wantWord is expectWord for a caller that does not look at the token.
func (p *parser) wantWord(w string) {
	if !p.isWord(w) {
		t := p.tok()
		p.fail(t.Sp, "expected %q, found %s", w, found(t))
	}
	p.skip()
}

func (p *parser) acceptWord(w string) bool {
	if p.isWord(w) {
		p.skip()
		return true
	}
	return false
}

func (p *parser) ident() *Ident {
	t := p.expect(IDENT)
	return p.newIdent(t.Text, t.Sp)
}

// ref parses a possibly dotted name (`west.shell`); the lexer keeps the
// dots inside the identifier.
func (p *parser) ref() *Ident { return p.ident() }

func (p *parser) word() *Word {
	t := p.expect(IDENT)
	return p.newWord(t.Text, t.Sp)
}

// enumWord consumes one word that must be in allowed. Like the reference, a
// bad value is reported with the span of the token that follows it.
func (p *parser) enumWord(format string, allowed ...string) *Word {
	if t := p.tok(); t.Kind != IDENT {
		p.fail(t.Sp, "expected %s, found %s", IDENT.describe(), found(t))
	}
	t := p.next()
	for _, a := range allowed {
		if t.Kind == IDENT && t.Text == a {
			return p.newWord(t.Text, t.Sp)
		}
	}
	p.errAt(p.tok().Sp, format, found(t))
	if fix, ok := spellingFix(t.Text, t.Sp, allowed); ok && !p.noHeal {
		p.suggest(fix)
	}
	panic(bailout{})
}

// str parses a plain string (names, paths, metadata): escapes are decoded
// but braces are literal text, as in the reference.
func (p *parser) str() *StrLit {
	t := p.expect(STRING)
	return p.plainStr(t)
}

func (p *parser) enter() {
	p.depth++
	if p.depth > MaxNesting {
		p.errAt(p.tok().Sp, "nesting is deeper than %d levels", MaxNesting)
		p.skipNested()
		panic(bailout{})
	}
}

// skipNested skips the rest of a construct that nests too deeply: every
// token up to, not including, the first closer that has no opener after
// the current position. The enclosing blocks then close normally, so a
// deep input costs one error instead of one per level past the limit.
func (p *parser) skipNested() {
	open := 0
	for {
		switch p.tok().Kind {
		case EOF:
			return
		case LCURLY, LPAREN, LBRACKET:
			open++
		case RCURLY, RPAREN, RBRACKET:
			if open == 0 {
				return
			}
			open--
		}
		p.skip()
	}
}

func (p *parser) leave() { p.depth-- }

// ---------------------------------------------------------------------------
// File, plan and blocks

func (p *parser) parseFile() *File {
	// The file, its plan and the plan's name are allocated together.
	a := new(struct {
		f    File
		plan Plan
		name StrLit
	})
	f, plan := &a.f, &a.plan
	f.Src, f.Plan, plan.Name, f.nodes = p.file, plan, &a.name, p.nodes
	// Statement errors are recovered in stmtList; this is a backstop so a
	// bailout can never escape Parse.
	defer p.recoverStmt()
	start := p.tok().Sp.Start
	// The header is `plan "Name" {`. As in the reference, a broken header
	// is reported once and the body is still read.
	lb := p.tok()
	ok := false
	switch {
	case !p.isWord("plan"):
		p.errAt(p.tok().Sp, "expected %q, found %s", "plan", found(p.tok()))
	default:
		p.skip()
		if t := p.tok(); t.Kind != STRING {
			p.errAt(t.Sp, "expected a string, found %s", found(t))
			break
		}
		plan.Name = p.plainStr(p.next())
		lb = p.tok()
		if lb.Kind != LCURLY {
			p.errAt(lb.Sp, "expected %s, found %s", LCURLY.describe(), found(lb))
			break
		}
		p.skip()
		ok = true
	}
	if !ok {
		// Skip to just past the next "{", or to a statement keyword,
		// whichever comes first ("}" does not stop the skip here).
		for !p.is(EOF) && !p.atKeyword() {
			if p.next().Kind == LCURLY {
				break
			}
		}
	}
	plan.Body = p.stmtList(true)
	end := p.tok()
	if p.ended {
		// A component declared twice: nothing of the plan is read.
		plan.Body = nil
		for !p.is(EOF) {
			end = p.next()
		}
	} else if end.Kind != RCURLY {
		p.errAt(end.Sp, "expected %s, found %s", RCURLY.describe(), found(end))
	} else {
		p.skip()
	}
	plan.Sp = source.Span{Start: start, End: end.Sp.End}
	plan.BodySp = source.Span{Start: lb.Sp.Start, End: end.Sp.End}
	return f
}

// newStr is a new string literal, taken from the parser's slab.
func (p *parser) newStr(sp source.Span) *StrLit {
	s := p.nodes.strs.new()
	s.Sp = sp
	return s
}

// onePart is the part list of a string that is all text.
func (p *parser) onePart(text string) []StrPart {
	l := p.nodes.partLists.take(1, partChunk)
	l[0].Text = text
	return l
}

// plainStr decodes a string token without interpolation (the plan name).
func (p *parser) plainStr(t Token) *StrLit {
	s := p.newStr(t.Sp)
	end := t.Sp.End
	if end-t.Sp.Start >= 2 && p.src[end-1] == '"' {
		end--
	}
	// With no escape the text is cut from the source string.
	if start := t.Sp.Start + 1; start <= end && bytes.IndexByte(p.src[start:end], '\\') < 0 {
		s.Parts = p.onePart(p.lx.text[start:end])
		return s
	}
	var b strings.Builder
	for i := t.Sp.Start + 1; i < end; i++ {
		c := p.src[i]
		if c == '\\' && i+1 < end {
			i++
			c = p.src[i]
			if c == 'n' {
				c = '\n'
			}
		}
		b.WriteByte(c)
	}
	s.Parts = []StrPart{{Text: b.String()}}
	return s
}

// recoverStmt turns a bailout into a normal return.
func (p *parser) recoverStmt() {
	if r := recover(); r != nil {
		if _, ok := r.(bailout); !ok {
			panic(r)
		}
	}
}

// stmtList parses statements until "}" or end of input.
func (p *parser) stmtList(top bool) []Stmt {
	// The statements are gathered on the parser's stack, above those of
	// the lists this one is nested in, and copied out at the end.
	base, n := len(p.stmtStack), 0
	for !p.is(RCURLY) && !p.is(EOF) {
		before := p.pos
		s, ok := p.stmtRecover(top)
		if c, isComp := s.(*ComponentDecl); isComp && top && c.Name != nil {
			if p.components[c.Name.Name] {
				p.errAt(source.Span{Start: c.Sp.Start, End: c.Sp.Start + len("component")}, "component %q is declared twice in the plan: rename one of them", c.Name.Name)
				p.ended = true
				break
			}
			if p.components == nil {
				p.components = map[string]bool{}
			}
			p.components[c.Name.Name] = true
		}
		if s != nil {
			p.stmtStack = append(p.stmtStack[:base+n], s)
			n++
		}
		if !ok {
			p.sync(before)
		}
	}
	out := p.nodes.stmtLists.copyOf(p.stmtStack[base:base+n], stmtChunk)
	clear(p.stmtStack[base:])
	p.stmtStack = p.stmtStack[:base]
	return out
}

func (p *parser) stmtRecover(top bool) (s Stmt, ok bool) {
	depth, nest := p.depth, p.nest
	partial, partialStart := p.partial, p.partialStart
	p.partial = nil
	defer func() {
		if r := recover(); r != nil {
			if _, b := r.(bailout); !b {
				panic(r)
			}
			s, ok = p.keepPartial(), false
			p.depth, p.nest = depth, nest
		}
		p.partial, p.partialStart = partial, partialStart
	}()
	return p.stmt(top), true
}

// keepPartial returns the statement recorded in p.partial, ending at the
// last token consumed, or nil.
func (p *parser) keepPartial() Stmt {
	sp := source.Span{Start: p.partialStart, End: max(p.prevEnd(), p.partialStart)}
	switch n := p.partial.(type) {
	case *ThemeStmt:
		n.Sp = sp
		return n
	case *StyleStmt:
		n.Sp = sp
		return n
	}
	return nil
}

// sync skips to the next statement keyword or "}" after an error. It
// always makes progress: when the failed statement consumed nothing (before
// is the position it started at), its first token is skipped.
func (p *parser) sync(before int) {
	if p.pos == before {
		p.skip()
	}
	p.skipToStmt()
}

// skipToStmt skips to the next statement keyword or "}" (staying put when
// already at one).
func (p *parser) skipToStmt() {
	for !p.is(EOF) && !p.is(RCURLY) {
		if p.atKeyword() {
			return
		}
		p.skip()
	}
}

func (p *parser) atKeyword() bool {
	t := p.tok()
	return t.Kind == IDENT && stmtKeywords[t.Text]
}

// planOnly are the statements that are legal only directly in the plan
// body; inside a block they are unknown statements.
var planOnly = map[string]bool{
	"units": true, "grid": true, "paper": true, "scale": true, "north": true, "dims": true,
	"schedule": true, "legend": true, "title": true, "axes": true, "theme": true, "style": true,
	"site": true, "import": true, "component": true,
}

var stmtKeywords = map[string]bool{
	"wall": true, "room": true, "door": true, "window": true, "opening": true,
	"furniture": true, "dim": true, "column": true, "stair": true, "elevator": true,
	"escalator": true, "strip": true, "level": true, "zone": true, "place": true, "let": true,
	"for": true, "if": true, "while": true, "set": true, "component": true, "import": true,
	"units": true, "grid": true, "paper": true, "scale": true, "north": true, "site": true,
	"dims": true, "schedule": true, "legend": true, "accTitle": true, "accDescr": true,
	"title": true, "axes": true, "theme": true, "style": true,
}

func (p *parser) block() *Block {
	p.enter()
	lb := p.expect(LCURLY)
	b := p.nodes.blocks.take(stmtSlab)
	p.nest++
	b.Stmts = p.stmtList(false)
	p.nest--
	rb := p.expect(RCURLY)
	b.Sp = source.Span{Start: lb.Sp.Start, End: rb.Sp.End}
	p.leave()
	return b
}

func (p *parser) span(start int) source.Span { return source.Span{Start: start, End: p.prevEnd()} }

// ---------------------------------------------------------------------------
// Statements

func (p *parser) stmt(top bool) Stmt {
	t := p.tok()
	if t.Kind != IDENT {
		p.fail(t.Sp, "expected a statement, found %s", found(t))
	}
	if p.nest > 0 && planOnly[t.Text] {
		p.fail(t.Sp, "%q does not start a statement", t.Text)
	}
	switch t.Text {
	case "wall":
		return p.wallStmt()
	case "room":
		return p.roomStmt()
	case "door":
		return p.openingStmt(DoorKind)
	case "window":
		return p.openingStmt(WindowKind)
	case "opening":
		return p.openingStmt(CasedKind)
	case "furniture":
		return p.furnitureStmt()
	case "dim":
		return p.dimStmt()
	case "column":
		return p.boxStmt(ColumnBox)
	case "stair":
		return p.boxStmt(StairBox)
	case "elevator":
		return p.boxStmt(ElevatorBox)
	case "escalator":
		return p.boxStmt(EscalatorBox)
	case "strip":
		nested := p.nest > 0
		s := p.stripStmt()
		if nested {
			// Reported and dropped, with everything in it, as the
			// reference does.
			p.diags.Add(diag.New(diag.ErrStripNest, s.Span(), "a strip belongs at plan level, not inside a block, a component or another strip"))
			return nil
		}
		return s
	case "level":
		nested := p.nest > 0
		l := p.levelStmt()
		if nested {
			p.diags.Add(diag.New(diag.ErrLevelNest, l.Span(), "a level belongs at plan level, not inside a block, a component or another level"))
			return nil
		}
		return l
	case "zone":
		return p.zoneStmt()
	case "place":
		return p.placeStmt()
	case "let":
		return p.letStmt()
	case "for":
		return p.forStmt()
	case "if":
		return p.ifStmt()
	case "while":
		return p.whileStmt()
	case "set":
		return p.setStmt()
	case "component":
		return p.componentDecl()
	case "import":
		return p.importStmt()
	case "units", "grid", "paper", "scale", "north", "dims", "schedule", "legend":
		return p.settingStmt()
	case "site":
		return p.siteStmt()
	case "accTitle", "accDescr":
		p.skip()
		if p.nest > 0 {
			// Misplaced metadata is reported once; its text is optional.
			a := &AccStmt{Key: t.Text}
			if p.is(STRING) {
				a.Text = p.str()
			}
			a.Sp = p.span(t.Sp.Start)
			p.diags.Add(diag.New(diag.ErrAccPlacement, a.Sp, "%s is plan-level metadata and cannot appear inside a block or component", t.Text))
			return a
		}
		s := p.str()
		return &AccStmt{Key: t.Text, Text: s, Sp: p.span(t.Sp.Start)}
	case "title":
		return p.titleStmt()
	case "axes":
		return p.axesStmt()
	case "theme":
		return p.themeStmt()
	case "style":
		return p.styleStmt()
	}
	nt := p.peekN(1)
	switch nt.Kind {
	case LPAREN:
		name := p.ident()
		args := p.callArgs()
		return &CallStmt{Name: name, Args: args, Sp: p.span(t.Sp.Start)}
	case ASSIGN:
		name := p.ident()
		p.skip()
		v := p.expr()
		return &AssignStmt{Name: name, Value: v, Sp: p.span(t.Sp.Start)}
	}
	p.errAt(t.Sp, "%q does not start a statement", t.Text)
	p.suggestAt(true)
	panic(bailout{})
}

// optID parses an optional `id=NAME`.
func (p *parser) optID() *Ident {
	if p.isWord("id") && p.peekN(1).Kind == ASSIGN {
		p.skip()
		p.skip()
		return p.declName()
	}
	return nil
}

// declName parses a name in a declaration position. A dotted name there is
// E_DOTTED_DECL (reported, and the statement still parses).
func (p *parser) declName() *Ident {
	id := p.ref()
	if i := strings.LastIndexByte(id.Name, '.'); i >= 0 {
		short := id.Name[i+1:]
		d := diag.New(diag.ErrDottedDecl, id.Sp, "%q is a dotted name: it can only refer to an element inside a placed instance, never declare one", id.Name)
		d.Hints = []string{fmt.Sprintf("declare %q here and refer to it from outside as \"<instance>.%s\"", short, short)}
		p.diags.Add(d)
	}
	return id
}

func (p *parser) point() *Point {
	lp := p.expect(LPAREN)
	x := p.expr()
	p.want(COMMA)
	y := p.expr()
	rp := p.expect(RPAREN)
	pt := p.nodes.points.new()
	*pt = Point{X: x, Y: y, Sp: source.Span{Start: lp.Sp.Start, End: rp.Sp.End}}
	return pt
}

// size parses `WxH` or `<expr> x <expr>`; when single is true the `x H`
// half is optional.
func (p *parser) size(single bool) *Size {
	t := p.tok()
	if t.Kind == DIMS {
		p.skip()
		sz := p.nodes.sizes.new()
		*sz = Size{W: p.numLit(t.Num, t.WSp()), H: p.numLit(t.H, t.HSp()), Sp: t.Sp}
		return sz
	}
	w := p.expr()
	s := &Size{W: w}
	if single && !p.isWord("x") {
		s.Sp = p.span(t.Sp.Start)
		return s
	}
	if !p.isWord("x") {
		p.fail(p.tok().Sp, "expected \"x\" between the width and the height, found %s", found(p.tok()))
	}
	p.skip()
	s.H = p.expr()
	s.Sp = p.span(t.Sp.Start)
	return s
}

// textExpr parses a label or text clause: an expression that must start
// with a string literal.
func (p *parser) textExpr() Expr {
	if t := p.tok(); t.Kind != STRING {
		p.fail(t.Sp, "expected a string, found %s", found(t))
	}
	return p.expr()
}

// clause records the clause that started at start with keyword key.
func (p *parser) clause(cs *Clauses, key string, sp source.Span) {
	n := p.nodes
	c := Clause{Key: key, Sp: sp}
	if len(*cs) > 0 && cs != n.clauseList {
		// Not the list written last: it grows on its own.
		*cs = append(*cs, c)
		return
	}
	if len(*cs) == 0 {
		// A new list starts where the last one ended.
		n.clauseList, n.clauseStart = cs, n.clauseUsed
	}
	if n.clauseUsed == len(n.clauseChunk) {
		// The chunk is full: the list moves to a new one.
		l := len(*cs)
		n.clauseN = min(max(32, 2*n.clauseN), 512, p.left()/2+1)
		chunk := n.clauseArrays.alloc(max(n.clauseN, 2*l+1))
		copy(chunk, *cs)
		n.clauseChunk, n.clauseStart, n.clauseUsed = chunk, 0, l
	}
	n.clauseChunk[n.clauseUsed] = c
	n.clauseUsed++
	*cs = n.clauseChunk[n.clauseStart:n.clauseUsed:n.clauseUsed]
}

func (p *parser) wallStmt() Stmt {
	kw := p.next()
	w := p.nodes.walls.take(stmtSlab)
	w.ID = p.optID()
	w.Category = p.word()
	c := p.expectWord("thickness")
	w.Thickness = p.expr()
	p.clause(&w.Clauses, "thickness", p.span(c.Sp.Start))
	if p.isWord("material") {
		c := p.next()
		m := &Material{Name: p.word()}
		for p.isWord("scale") || p.isWord("angle") {
			if p.next().Text == "scale" {
				m.Scale = p.expr()
			} else {
				m.Angle = p.expr()
			}
		}
		m.Sp = p.span(c.Sp.Start)
		w.Material = m
		p.clause(&w.Clauses, "material", m.Sp)
	}
	p.want(LCURLY)
	// The vertices are gathered in the parser's buffer, then copied out.
	vs := p.vertexBuf[:0]
	defer func() { p.vertexBuf = vs[:0] }()
	for !p.is(RCURLY) {
		t := p.tok()
		switch {
		case t.Kind == LPAREN:
			pt := p.point()
			vs = append(vs, WallVertex{Point: pt, Sp: pt.Sp})
		case t.Kind == IDENT && t.Text == "arc":
			if len(vs) == 0 {
				p.fail(t.Sp, "an arc edge needs a point before it to start from")
			}
			p.skip()
			v := WallVertex{Arc: true, Point: p.point()}
			p.wantWord("radius")
			v.Radius = p.expr()
			if p.isWord("cw") || p.isWord("ccw") {
				v.Dir = p.word()
			}
			v.Major = p.acceptWord("major")
			v.Sp = p.span(t.Sp.Start)
			vs = append(vs, v)
		case t.Kind == IDENT && t.Text == "close":
			p.skip()
			w.Closed = true
			w.CloseSp = t.Sp
			if !p.is(RCURLY) {
				p.want(RCURLY)
			}
		default:
			p.fail(t.Sp, "expected a point \"(x,y)\", an \"arc (x,y) radius R\" edge or \"close\" in the wall body, found %s", found(t))
		}
	}
	p.skip()
	w.Vertices = p.nodes.vertexLists.copyOf(vs, min(vertexChunk, p.left()/5+len(vs)))
	w.Sp = p.span(kw.Sp.Start)
	if len(w.Vertices) < 2 {
		p.fail(kw.Sp, "wall has fewer than two points")
	}
	return w
}

// isUse reports whether s names a room use.
func isUse(s string) bool { return vocab.Has(vocab.RoomUses, s) }

// roomTail parses `[label "…" [at (x,y)]] [uses …]`.
func (p *parser) roomTail(label *Expr, labelAt **Point, uses *[]*Word, cs *Clauses) {
	if p.isWord("label") {
		c := p.next()
		*label = p.textExpr()
		if p.isWord("at") {
			p.skip()
			*labelAt = p.point()
		}
		p.clause(cs, "label", p.span(c.Sp.Start))
	}
	if p.isWord("uses") {
		c := p.next()
		t := p.tok()
		if t.Kind != IDENT || !isUse(t.Text) {
			p.fail(t.Sp, "expected at least one room use (%s) after \"uses\", found %s", strings.Join(vocab.Words(vocab.RoomUses), "|"), found(t))
		}
		ws := p.wordBuf[:0]
		for p.tok().Kind == IDENT && isUse(p.tok().Text) {
			ws = append(ws, p.word())
		}
		p.wordBuf = ws[:0]
		if *uses == nil {
			*uses = p.nodes.wordLists.copyOf(ws, wordChunk)
		} else {
			*uses = append(*uses, ws...)
		}
		p.clause(cs, "uses", p.span(c.Sp.Start))
	}
}

func (p *parser) roomStmt() Stmt {
	kw := p.next()
	r := p.nodes.rooms.take(stmtSlab)
	r.ID = p.optID()
	t := p.tok()
	switch {
	case t.Kind == IDENT && t.Text == "polygon":
		p.skip()
		r.Form = RoomPolygon
		for p.is(LPAREN) {
			r.Polygon = append(r.Polygon, p.point())
		}
		p.clause(&r.Clauses, "polygon", p.span(t.Sp.Start))
		if len(r.Polygon) < 3 {
			p.fail(kw.Sp, "polygon room has %d vertices; it needs at least three", len(r.Polygon))
		}
	case t.Kind == IDENT && t.Text == "circle":
		p.skip()
		r.Form = RoomCircle
		p.wantWord("at")
		r.At = p.point()
		p.wantWord("radius")
		r.Radius = p.expr()
		p.clause(&r.Clauses, "circle", p.span(t.Sp.Start))
	case t.Kind == IDENT && (t.Text == "right-of" || t.Text == "left-of" || t.Text == "below" || t.Text == "above"):
		r.Form = RoomRelative
		r.RelDir = p.word()
		r.RelRef = p.ref()
		if p.isWord("align") {
			p.skip()
			r.Align = p.word()
		}
		if p.isWord("gap") {
			p.skip()
			r.Gap = p.expr()
		}
		p.clause(&r.Clauses, r.RelDir.Text, p.span(t.Sp.Start))
		c := p.expectWord("size")
		r.Size = p.size(false)
		p.clause(&r.Clauses, "size", p.span(c.Sp.Start))
	default:
		r.Form = RoomAt
		// Like the reference, the word is consumed before it is checked.
		if p.skip(); t.Kind != IDENT || t.Text != "at" {
			p.fail(t.Sp, "expected \"at\" or a relational direction (right-of|left-of|below|above), found %s", found(t))
		}
		r.At = p.point()
		p.clause(&r.Clauses, "at", p.span(t.Sp.Start))
		c := p.expectWord("size")
		r.Size = p.size(false)
		p.clause(&r.Clauses, "size", p.span(c.Sp.Start))
	}
	p.roomTail(&r.Label, &r.LabelAt, &r.Uses, &r.Clauses)
	r.Sp = p.span(kw.Sp.Start)
	return r
}

func (p *parser) openingStmt(kind OpeningKind) Stmt {
	kw := p.next()
	o := p.nodes.openings.take(stmtSlab)
	o.Kind = kind
	o.ID = p.optID()
	if kind == DoorKind && p.tok().Kind == IDENT && vocab.IsDoorKind(p.tok().Text) {
		o.DoorKind = p.word()
	}
	t := p.tok()
	if t.Kind == IDENT && t.Text == "on" {
		p.skip()
		o.On = p.ref()
		p.wantWord("at")
		pt := p.tok()
		pos := p.nodes.attaches.take(stmtSlab)
		switch {
		case pt.Kind == IDENT && pt.Text == "center":
			p.skip()
			pos.Center = true
		case pt.Kind == NUMBER:
			p.skip()
			pos.Value = p.numLit(pt.Num, pt.Sp)
			if p.is(PERCENT) {
				p.skip()
				pos.Percent = true
			}
		default:
			p.fail(pt.Sp, "expected a number, found %s", found(pt))
		}
		pos.Sp = p.span(pt.Sp.Start)
		o.Pos = pos
		p.clause(&o.Clauses, "on", p.span(t.Sp.Start))
	} else {
		p.wantWord("at")
		o.At = p.point()
		p.clause(&o.Clauses, "at", p.span(t.Sp.Start))
	}
	c := p.expectWord("width")
	o.Width = p.expr()
	p.clause(&o.Clauses, "width", p.span(c.Sp.Start))
	if o.On == nil && p.isWord("wall") {
		c := p.next()
		o.Wall = p.ref()
		p.clause(&o.Clauses, "wall", p.span(c.Sp.Start))
	}
	if kind != DoorKind {
		o.Sp = p.span(kw.Sp.Start)
		return o
	}
	if p.isWord("hinge") {
		c := p.next()
		if p.isWord("near") {
			n := p.next()
			w := p.enumWord("expected hinge near \"start\" or \"end\", found %s", "start", "end")
			o.Hinge = &Word{Text: "near " + w.Text, Sp: source.Span{Start: n.Sp.Start, End: w.Sp.End}}
		} else {
			o.Hinge = p.enumWord("expected hinge \"left\" or \"right\", found %s", handWords...)
		}
		p.clause(&o.Clauses, "hinge", p.span(c.Sp.Start))
	}
	if p.isWord("swing") {
		c := p.next()
		if p.isWord("into") {
			o.Swing = p.word()
			o.SwingInto = p.ref()
		} else {
			o.Swing = p.enumWord("expected swing \"in\" or \"out\", found %s", swingWords...)
		}
		p.clause(&o.Clauses, "swing", p.span(c.Sp.Start))
	}
	if p.isWord("slide") {
		c := p.next()
		o.Slide = p.enumWord("expected slide \"left\" or \"right\", found %s", handWords...)
		p.clause(&o.Clauses, "slide", p.span(c.Sp.Start))
	}
	o.Open = p.optExprClause(&o.Clauses, "open", o.Open)
	o.Sp = p.span(kw.Sp.Start)
	return o
}

var anchors = []string{"top-left", "top", "top-right", "left", "center", "right", "bottom-left", "bottom", "bottom-right"}

// anchorFormat is the message for a word that is not an anchor.
var anchorFormat = "expected an anchor (" + strings.Join(anchors, "|") + "), found %s"

// handWords and swingWords are the words of vocab.Hands and vocab.Swings.
var handWords, swingWords = vocab.Words(vocab.Hands), vocab.Words(vocab.Swings)

func (p *parser) furnitureStmt() Stmt {
	kw := p.next()
	f := p.nodes.furnitures.take(stmtSlab)
	f.ID = p.optID()
	f.Category = p.word()
	t := p.tok()
	switch {
	case t.Kind == IDENT && t.Text == "against":
		p.skip()
		p.wantWord("wall")
		f.Placement = FurnAgainst
		f.AgainstWall = p.ref()
		f.Segment = p.optExprClause(&f.Clauses, "segment", f.Segment)
		f.Offset = p.optExprClause(&f.Clauses, "offset", f.Offset)
		if p.isWord("side") {
			c := p.next()
			f.Side = p.word()
			p.clause(&f.Clauses, "side", p.span(c.Sp.Start))
		}
		p.clause(&f.Clauses, "against", p.span(t.Sp.Start))
	case t.Kind == IDENT && t.Text == "in":
		p.skip()
		f.Room = p.ref()
		switch {
		case p.isWord("centered"):
			p.skip()
			f.Placement = FurnCentered
			// `flush` parses here too (but not `inset`); resolve then
			// refuses it, since a centred piece touches no edge.
			if p.isWord("flush") {
				c := p.next()
				f.Flush = true
				p.clause(&f.Clauses, "flush", c.Sp)
			}
		case p.isWord("anchor"):
			p.skip()
			f.Placement = FurnAnchor
			f.Anchor = p.enumWord(anchorFormat, anchors...)
			if p.isWord("flush") {
				c := p.next()
				f.Flush = true
				p.clause(&f.Clauses, "flush", c.Sp)
			}
			f.Inset = p.optExprClause(&f.Clauses, "inset", f.Inset)
		default:
			p.fail(p.tok().Sp, "expected \"centered\" or \"anchor\" after \"in %s\"", f.Room.Name)
		}
		p.clause(&f.Clauses, "in", p.span(t.Sp.Start))
	default:
		p.wantWord("at")
		f.Placement = FurnAt
		f.At = p.point()
		p.clause(&f.Clauses, "at", p.span(t.Sp.Start))
	}
	if p.isWord("size") {
		c := p.next()
		f.Size = p.size(false)
		p.clause(&f.Clauses, "size", p.span(c.Sp.Start))
	}
	if p.isWord("label") {
		c := p.next()
		f.Label = p.textExpr()
		p.clause(&f.Clauses, "label", p.span(c.Sp.Start))
	}
	f.Rotate = p.optExprClause(&f.Clauses, "rotate", f.Rotate)
	if (f.Placement == FurnAt || f.Placement == FurnAgainst) && p.isWord("in") {
		c := p.next()
		f.Room = p.ref()
		p.clause(&f.Clauses, "in", p.span(c.Sp.Start))
	}
	f.Sp = p.span(kw.Sp.Start)
	return f
}

func (p *parser) dimStmt() Stmt {
	kw := p.next()
	d := &DimStmt{Mode: DimLinear}
	switch {
	case p.isWord("radius"):
		p.skip()
		d.Mode = DimRadius
		d.Ref = p.ref()
		d.Segment = p.optExprClause(&d.Clauses, "segment", d.Segment)
	case p.isWord("diameter"):
		p.skip()
		d.Mode = DimDiameter
		d.Ref = p.ref()
	default:
		if p.isWord("faces") {
			p.skip()
			d.Mode = DimFaces
		} else if p.isWord("clear") {
			p.skip()
			d.Mode = DimClear
		}
		d.From = p.point()
		p.want(ARROW)
		d.To = p.point()
	}
	d.Offset = p.optExprClause(&d.Clauses, "offset", d.Offset)
	if p.isWord("text") {
		c := p.next()
		d.Text = p.textExpr()
		p.clause(&d.Clauses, "text", p.span(c.Sp.Start))
	}
	d.Sp = p.span(kw.Sp.Start)
	return d
}

func (p *parser) boxStmt(kind BoxKind) Stmt {
	kw := p.next()
	b := &BoxStmt{Kind: kind}
	b.ID = p.optID()
	c := p.expectWord("at")
	b.At = p.point()
	p.clause(&b.Clauses, "at", p.span(c.Sp.Start))
	c = p.expectWord("size")
	b.Size = p.size(false)
	p.clause(&b.Clauses, "size", p.span(c.Sp.Start))
	if kind == StairBox || kind == EscalatorBox {
		c = p.expectWord("dir")
		// Like the reference, a token that is not a word is refused
		// where it stands; a wrong word is consumed first.
		t := p.expect(IDENT)
		if t.Text != "up" && t.Text != "down" {
			p.fail(t.Sp, "expected \"dir up\" or \"dir down\" for %s, found %s", kw.Text, found(t))
		}
		b.Dir = &Word{Text: t.Text, Sp: t.Sp}
		p.clause(&b.Clauses, "dir", p.span(c.Sp.Start))
	}
	if kind == StairBox && p.isWord("width") {
		c = p.next()
		b.Width = p.expr()
		p.clause(&b.Clauses, "width", p.span(c.Sp.Start))
	}
	b.Sp = p.span(kw.Sp.Start)
	return b
}

func (p *parser) stripStmt() Stmt {
	kw := p.next()
	s := &StripStmt{}
	t := p.expect(IDENT) // as for a stair's dir
	if t.Text != "right" && t.Text != "left" && t.Text != "down" && t.Text != "up" {
		p.fail(t.Sp, "expected a strip direction (right|left|down|up), found %s", found(t))
	}
	s.Dir = &Word{Text: t.Text, Sp: t.Sp}
	p.wantWord("at")
	s.At = p.point()
	p.wantWord("gap")
	s.Gap = p.expr()
	cross := "height"
	if t.Text == "down" || t.Text == "up" {
		cross = "width"
	}
	if p.isWord(cross) {
		s.CrossKey = p.word()
		s.Cross = p.expr()
	}
	p.want(LCURLY)
	for !p.is(RCURLY) {
		rt := p.tok()
		if rt.Kind != IDENT || rt.Text != "room" {
			p.fail(rt.Sp, "expected \"room\", found %s", found(rt))
		}
		p.skip()
		r := &StripRoom{}
		r.ID = p.optID()
		p.wantWord("size")
		r.Size = p.size(true)
		if p.isWord("label") {
			p.skip()
			r.Label = p.textExpr()
		}
		if p.isWord("uses") {
			p.skip()
			tt := p.tok()
			if tt.Kind != IDENT || !isUse(tt.Text) {
				p.fail(tt.Sp, "expected at least one room use (%s) after \"uses\", found %s", strings.Join(vocab.Words(vocab.RoomUses), "|"), found(tt))
			}
			for p.tok().Kind == IDENT && isUse(p.tok().Text) {
				r.Uses = append(r.Uses, p.word())
			}
		}
		r.Sp = p.span(rt.Sp.Start)
		s.Rooms = append(s.Rooms, r)
	}
	p.skip()
	s.Sp = p.span(kw.Sp.Start)
	return s
}

func (p *parser) levelStmt() Stmt {
	kw := p.next()
	l := &LevelStmt{}
	neg := false
	if p.is(MINUS) {
		p.skip()
		neg = true
	}
	t := p.expect(NUMBER)
	l.Number = p.numLit(t.Num, t.Sp)
	if neg {
		l.Number.Value = -t.Num
	}
	if p.is(STRING) {
		l.Name = p.str()
	}
	l.HeaderSp = p.span(kw.Sp.Start)
	l.Body = p.block()
	l.Sp = p.span(kw.Sp.Start)
	return l
}

func (p *parser) zoneStmt() Stmt {
	kw := p.next()
	z := &ZoneStmt{ID: p.ident()}
	if p.is(STRING) {
		z.Label = p.str()
	}
	z.Body = p.block()
	z.Sp = p.span(kw.Sp.Start)
	return z
}

func (p *parser) placeStmt() Stmt {
	kw := p.next()
	s := &PlaceStmt{Component: p.ident()}
	s.Args = p.callArgs()
	if !p.isWord("as") {
		p.fail(p.tok().Sp, "\"place %s(…)\" needs \"as <name>\": a placed instance must be addressable (the bare call %s(…) is the inline form)", s.Component.Name, s.Component.Name)
	}
	p.skip()
	s.As = p.declName()
	if !p.isWord("at") {
		p.fail(p.tok().Sp, "\"place %s(…) as %s\" needs \"at (x, y)\": a component is drawn from its own origin", s.Component.Name, s.As.Name)
	}
	p.skip()
	s.At = p.point()
	if p.isWord("rotate") {
		p.skip()
		t := p.expect(NUMBER)
		if t.Num != 0 && t.Num != 90 && t.Num != 180 && t.Num != 270 {
			p.fail(t.Sp, "place rotation must be 0, 90, 180 or 270, not %s", t.Text)
		}
		s.Rotate = p.numLit(t.Num, t.Sp)
	}
	if p.isWord("mirror") {
		p.skip()
		s.Mirror = p.word()
		if s.Mirror.Text != "x" && s.Mirror.Text != "y" {
			p.fail(s.Mirror.Sp, "place mirror must be \"x\" (left-right) or \"y\" (top-bottom)")
		}
	}
	s.Sp = p.span(kw.Sp.Start)
	return s
}

func (p *parser) callArgs() []Expr {
	p.want(LPAREN)
	var args []Expr
	for !p.is(RPAREN) {
		args = append(args, p.expr())
		if !p.is(COMMA) {
			break
		}
		p.skip()
	}
	p.want(RPAREN)
	return args
}

func (p *parser) params() []*Ident {
	p.want(LPAREN)
	out := []*Ident{}
	for !p.is(RPAREN) {
		out = append(out, p.ident())
		if !p.is(COMMA) {
			break
		}
		p.skip()
	}
	p.want(RPAREN)
	return out
}

func (p *parser) letStmt() Stmt {
	kw := p.next()
	s := &LetStmt{Name: p.declName()}
	if p.is(LPAREN) {
		s.IsFunc = true
		s.Params = p.params()
	}
	p.want(ASSIGN)
	s.Value = p.expr()
	s.Sp = p.span(kw.Sp.Start)
	return s
}

func (p *parser) forStmt() Stmt {
	kw := p.next()
	s := &ForStmt{Var: p.declName()}
	p.wantWord("in")
	s.Iter = p.expr()
	s.Body = p.block()
	s.Sp = p.span(kw.Sp.Start)
	return s
}

func (p *parser) ifStmt() Stmt {
	kw := p.next()
	s := &IfStmt{Cond: p.expr()}
	s.Then = p.block()
	if p.isWord("else") {
		p.skip()
		s.Else = p.block()
	}
	s.Sp = p.span(kw.Sp.Start)
	return s
}

func (p *parser) whileStmt() Stmt {
	kw := p.next()
	s := &WhileStmt{Cond: p.expr()}
	s.Body = p.block()
	s.Sp = p.span(kw.Sp.Start)
	return s
}

var setKinds = map[string]bool{"wall": true, "room": true, "door": true, "window": true, "opening": true, "furniture": true, "dim": true, "column": true, "stair": true, "elevator": true, "escalator": true}

func (p *parser) setStmt() Stmt {
	kw := p.next()
	k := p.word()
	if !setKinds[k.Text] {
		p.fail(k.Sp, "%q is not an element kind a set rule can target", k.Text)
	}
	s := &SetStmt{Kind: k}
	p.want(LPAREN)
	for !p.is(RPAREN) {
		key := p.ident()
		p.want(COLON)
		var v Expr
		if t := p.tok(); t.Kind == IDENT && (p.peekN(1).Kind == COMMA || p.peekN(1).Kind == RPAREN) && t.Text != "true" && t.Text != "false" {
			// A bare word (`swing: out`) is the string "out".
			p.skip()
			v = &StrLit{Parts: []StrPart{{Text: t.Text}}, Sp: t.Sp}
		} else {
			v = p.expr()
		}
		s.Entries = append(s.Entries, SetEntry{Key: key, Value: v})
		if !p.is(COMMA) {
			break
		}
		p.skip()
	}
	p.want(RPAREN)
	s.Sp = p.span(kw.Sp.Start)
	return s
}

func (p *parser) componentDecl() Stmt {
	kw := p.next()
	c := &ComponentDecl{Name: p.declName()}
	c.Params = p.params()
	c.Body = p.block()
	c.Sp = p.span(kw.Sp.Start)
	return c
}

func (p *parser) importStmt() Stmt {
	kw := p.next()
	s := &ImportStmt{Path: p.str()}
	if p.isWord("as") {
		p.skip()
		s.As = p.declName()
		s.Sp = p.span(kw.Sp.Start)
		return s
	}
	p.want(COLON)
	if p.is(STAR) {
		p.skip()
		s.All = true
	} else {
		for {
			it := ImportItem{Name: p.ident()}
			if p.isWord("as") {
				p.skip()
				it.Alias = p.ident()
			}
			s.Items = append(s.Items, it)
			if !p.is(COMMA) {
				break
			}
			p.skip()
		}
	}
	s.Sp = p.span(kw.Sp.Start)
	return s
}

var paperSizes = map[string]bool{"A4": true, "a4": true, "A3": true, "a3": true, "A2": true, "a2": true, "A1": true, "a1": true, "A0": true, "a0": true}

func (p *parser) settingStmt() Stmt {
	kw := p.next()
	s := p.nodes.setting.take(stmtSlab)
	s.Key = kw.Text
	switch kw.Text {
	case "units":
		w := p.word()
		s.Args = p.words(w)
		if w.Text != "mm" {
			p.fail(kw.Sp, "units %q are not supported; only \"mm\" is", w.Text)
		}
	case "grid":
		t := p.expect(NUMBER)
		s.Value = p.numLit(t.Num, t.Sp)
	case "paper":
		w := p.word()
		if !paperSizes[w.Text] {
			p.fail(w.Sp, "paper size %q is not one of A4|A3|A2|A1|A0", w.Text)
		}
		s.Args = p.words(w)
		if p.isWord("landscape") || p.isWord("portrait") {
			s.Args = append(s.Args, p.word())
		}
	case "scale":
		t := p.expect(NUMBER)
		s.ScaleNum = p.numLit(t.Num, t.Sp)
		p.want(COLON)
		t = p.expect(NUMBER)
		s.ScaleDen = p.numLit(t.Num, t.Sp)
	case "north":
		t := p.tok()
		switch {
		case t.Kind == IDENT && (t.Text == "up" || t.Text == "down" || t.Text == "left" || t.Text == "right"):
			s.Args = p.words(p.word())
		case t.Kind == NUMBER:
			p.skip()
			s.Value = p.numLit(t.Num, t.Sp)
		default:
			p.fail(t.Sp, "expected a north direction (up|down|left|right|<degrees>), found %s", found(t))
		}
	case "dims":
		t := p.tok()
		if t.Kind != IDENT || t.Text != "auto" {
			p.fail(kw.Sp, "expected \"auto\" after \"dims\", found %s", found(t))
		}
		s.Args = p.words(p.word())
		if t := p.tok(); t.Kind == IDENT && (t.Text == "overall" || t.Text == "rooms" || t.Text == "walls" || t.Text == "all") {
			s.Args = append(s.Args, p.word())
		}
	case "schedule":
		w := p.word()
		if w.Text != "rooms" {
			p.fail(w.Sp, "schedule subject %q is not available; did you mean \"rooms\"? (subjects: rooms)", w.Text)
		}
		s.Args = p.words(w)
	case "legend":
	}
	s.Sp = p.span(kw.Sp.Start)
	return s
}

// words is a list of one word, with room for a second.
func (p *parser) words(w *Word) []*Word {
	l := p.nodes.wordLists.take(2, wordChunk)[:1]
	l[0] = w
	return l
}

func (p *parser) siteStmt() Stmt {
	kw := p.next()
	s := &SiteStmt{}
	p.want(LCURLY)
	for !p.is(RCURLY) {
		// As for title fields, an unknown field is refused before it is
		// consumed.
		if t := p.tok(); t.Kind == IDENT && t.Text != "street" && t.Text != "hemisphere" {
			p.fail(t.Sp, "site field %q is not one of street, hemisphere", t.Text)
		}
		k := p.word()
		switch k.Text {
		case "street":
			w := p.word()
			if !vocab.Has(vocab.Streets, w.Text) {
				p.fail(w.Sp, "street direction %q is not one of %s", w.Text, strings.Join(vocab.Words(vocab.Streets), ", "))
			}
			s.Street = w
		case "hemisphere":
			w := p.word()
			if !vocab.Has(vocab.Hemispheres, w.Text) {
				p.fail(w.Sp, "hemisphere %q is not one of %s", w.Text, strings.Join(vocab.Words(vocab.Hemispheres), ", "))
			}
			s.Hemisphere = w
		default:
			p.fail(k.Sp, "site field %q is not one of street, hemisphere", k.Text)
		}
	}
	p.skip()
	s.Sp = p.span(kw.Sp.Start)
	if s.Street == nil {
		d := diag.New(diag.ErrSiteNoStreet, s.Sp, "site block has no street direction, so nothing can be derived from it")
		d.Hints = []string{"write \"street north|south|east|west\" in the block, for example \"site { street south }\""}
		p.diags.Add(d)
	}
	return s
}

// titleFields is the room a title's field list is made with: every field
// the title block knows.
const titleFields = 3

func (p *parser) titleStmt() Stmt {
	kw := p.next()
	s := &TitleStmt{}
	p.want(LCURLY)
	for !p.is(RCURLY) {
		if t := p.tok(); t.Kind != IDENT {
			p.fail(t.Sp, "expected a title field, found %s", found(t))
		}
		// An unknown field is refused before it is consumed, so that the
		// statement loop resumes at it when it is a statement keyword,
		// as the reference does.
		if t := p.tok(); t.Text != "project" && t.Text != "drawn_by" && t.Text != "date" {
			p.fail(t.Sp, "title field %q is not one of project, drawn_by, date", t.Text)
		}
		k := p.word()
		if s.Fields == nil {
			s.Fields = make([]TitleField, 0, titleFields)
		}
		s.Fields = append(s.Fields, TitleField{Key: k, Value: p.str()})
	}
	p.skip()
	s.Sp = p.span(kw.Sp.Start)
	return s
}

// axisValues is the room an axes row's value list is made with.
const axisValues = 8

func (p *parser) axesStmt() Stmt {
	kw := p.next()
	s := &AxesStmt{}
	p.want(LCURLY)
	for !p.is(RCURLY) {
		// As for title fields, a bad axis is refused before it is
		// consumed.
		t := p.tok()
		if t.Kind != IDENT || (t.Text != "x" && t.Text != "y") {
			p.fail(t.Sp, "expected an axis direction (\"x\" or \"y\"), found %s", found(t))
		}
		p.skip()
		row := AxesRow{Axis: &Word{Text: t.Text, Sp: t.Sp}}
		p.wantWord("at")
		row.Values = make([]Expr, 1, axisValues)
		row.Values[0] = p.expr()
		for p.is(COMMA) {
			p.skip()
			row.Values = append(row.Values, p.expr())
		}
		row.Sp = p.span(t.Sp.Start)
		if s.Rows == nil {
			s.Rows = make([]AxesRow, 0, 2) // an x row and a y row
		}
		s.Rows = append(s.Rows, row)
	}
	p.skip()
	s.Sp = p.span(kw.Sp.Start)
	return s
}

// themeStringKeys are the theme keys whose value must be a string (a
// colour or a font); other keys take a string or a number.
var themeStringKeys = map[string]bool{
	"wall": true, "room": true, "furniture": true, "wallFill": true, "wallHatch": true, "door": true,
	"window": true, "background": true, "roomLabel": true, "dim": true, "annotation": true, "font": true,
	"wallStroke": true, "roomFill": true, "furnitureStroke": true, "furnitureFill": true, "areaLabel": true,
	"column": true,
}

// kvEntries parses `{ key[:] value … }` for theme and style blocks into
// *out. The reference judges each key as it reads it, so a key whose value
// fails to parse is still looked at (an unknown one is warned about): the
// entries read so far, that key included with a BadExpr value, stay in
// *out, and the caller keeps the statement through p.partial.
func (p *parser) kvEntries(what string, out *[]KeyValue) {
	p.want(LCURLY)
	for !p.is(RCURLY) {
		k := p.word()
		if p.is(COLON) {
			p.skip()
		}
		t := p.tok()
		kv := KeyValue{Key: k, Value: &BadExpr{Sp: t.Sp}, Sp: p.span(k.Sp.Start)}
		if what == "theme" && themeStringKeys[k.Text] && t.Kind != STRING {
			*out = append(*out, kv)
			p.fail(t.Sp, "expected a string, found %s", found(t))
		}
		switch t.Kind {
		case STRING:
			kv.Value = p.str()
		case NUMBER:
			p.skip()
			kv.Value = p.numLit(t.Num, t.Sp)
		default:
			*out = append(*out, kv)
			p.fail(t.Sp, "%s key %q has no value", what, k.Text)
		}
		kv.Sp = p.span(k.Sp.Start)
		*out = append(*out, kv)
	}
	p.skip()
}

func (p *parser) themeStmt() Stmt {
	kw := p.next()
	s := &ThemeStmt{}
	if p.isWord("from") {
		p.skip()
		s.From = p.str()
		s.Sp = p.span(kw.Sp.Start)
		return s
	}
	if p.is(IDENT) {
		s.Name = p.word()
	}
	if p.is(LCURLY) {
		s.Block = true
		p.partial, p.partialStart = s, kw.Sp.Start
		p.kvEntries("theme", &s.Entries)
	}
	s.Sp = p.span(kw.Sp.Start)
	return s
}

func (p *parser) styleStmt() Stmt {
	kw := p.next()
	s := &StyleStmt{Kind: p.word()}
	p.partial, p.partialStart = s, kw.Sp.Start
	p.kvEntries("style", &s.Entries)
	s.Sp = p.span(kw.Sp.Start)
	return s
}

// optExprClause parses `<word> <expr>` when the next token is word, records
// the clause, and returns the expression; otherwise it returns cur unchanged.
func (p *parser) optExprClause(clauses *Clauses, word string, cur Expr) Expr {
	if !p.isWord(word) {
		return cur
	}
	c := p.next()
	e := p.expr()
	p.clause(clauses, word, p.span(c.Sp.Start))
	return e
}
