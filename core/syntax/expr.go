package syntax

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/source"
)

// expr parses an expression (lowest precedence: ||).
func (p *parser) expr() Expr {
	p.enter()
	x := p.binary(0)
	p.leave()
	return x
}

// precedence levels, lowest first. An array, so its length is a constant
// the printer's binding strengths build on.
var binLevels = [...][]Kind{
	{OR},
	{AND},
	{EQ, NEQ},
	{LT, GT, LE, GE},
	{DOTDOT},
	{PLUS, MINUS},
	{STAR, SLASH, PERCENT},
}

// binLevel is each token kind's level in binLevels, -1 for a kind that is
// no binary operator.
var binLevel = func() (t [256]int8) {
	for k := range t {
		t[k] = -1
	}
	for level, kinds := range binLevels {
		for _, k := range kinds {
			t[k] = int8(level)
		}
	}
	return t
}()

// binary parses operands joined by operators of level minLevel or higher
// (precedence climbing: one call per operator rather than one per level
// per operand); every level associates to the left.
func (p *parser) binary(minLevel int) Expr {
	x := p.unary()
	for {
		level := int(binLevel[p.cur().Kind])
		if level < minLevel {
			return x
		}
		t := p.next()
		y := p.binary(level + 1)
		sp := x.Span().Join(y.Span())
		if t.Kind == DOTDOT {
			x = &RangeExpr{Lo: x, Hi: y, Sp: sp}
			continue
		}
		bin := p.nodes.binaries.new()
		*bin = BinaryExpr{Op: t.Text, X: x, Y: y, OpSp: t.Sp, Sp: sp}
		x = bin
	}
}

func (p *parser) unary() Expr {
	switch p.cur().Kind {
	case MINUS, PLUS, NOT:
		t := p.next()
		p.enter()
		x := p.unary()
		p.leave()
		return &UnaryExpr{Op: t.Text, X: x, OpSp: t.Sp, Sp: t.Sp.Join(x.Span())}
	}
	return p.postfix()
}

func (p *parser) postfix() Expr {
	x := p.atom()
	for p.is(LBRACKET) {
		lb := p.next()
		i := p.expr()
		rb := p.expect(RBRACKET)
		x = &IndexExpr{X: x, Index: i, Sp: x.Span().Join(rb.Sp), BracketSp: source.Span{Start: lb.Sp.Start, End: rb.Sp.End}}
	}
	return x
}

func (p *parser) atom() Expr {
	t := p.tok()
	switch t.Kind {
	case NUMBER:
		p.skip()
		return p.numLit(t.Num, t.Sp)
	case STRING:
		p.skip()
		return p.strLit(t)
	case LBRACKET:
		p.skip()
		a := &ArrayLit{}
		for !p.is(RBRACKET) {
			a.Elems = append(a.Elems, p.expr())
			if p.is(COMMA) {
				p.skip()
				continue
			}
			if !p.is(RBRACKET) {
				p.fail(p.tok().Sp, "expected \"]\" or \",\" in the array, found %s", found(p.tok()))
			}
		}
		rb := p.next()
		a.Sp = source.Span{Start: t.Sp.Start, End: rb.Sp.End}
		return a
	case LPAREN:
		p.skip()
		x := p.expr()
		rp := p.expect(RPAREN)
		return &ParenExpr{X: x, Sp: source.Span{Start: t.Sp.Start, End: rp.Sp.End}}
	case IDENT:
		if t.LineStart && stmtKeywords[t.Text] && t.Text != "if" {
			// A statement keyword opening a line starts the next
			// statement; it is not a name in this expression.
			p.fail(t.Sp, "expected a value, found %s", found(t))
		}
		switch t.Text {
		case "true", "false":
			p.skip()
			return &BoolLit{Value: t.Text == "true", Sp: t.Sp}
		case "if":
			p.skip()
			c := p.expr()
			p.want(LCURLY)
			a := p.expr()
			p.want(RCURLY)
			p.wantWord("else")
			p.want(LCURLY)
			b := p.expr()
			rb := p.expect(RCURLY)
			return &IfExpr{Cond: c, Then: a, Else: b, Sp: source.Span{Start: t.Sp.Start, End: rb.Sp.End}}
		}
		if p.peekN(1).Kind == LPAREN {
			name := p.ident()
			args := p.callArgs()
			return &CallExpr{Fn: name, Args: args, Sp: p.span(t.Sp.Start)}
		}
		id := p.expect(IDENT) // p.ref's token, without its node
		ref := p.nodes.refs.new()
		*ref = RefExpr{Name: id.Text, Sp: id.Sp}
		return ref
	}
	p.fail(t.Sp, "expected a value, found %s", found(t))
	return nil
}

// strLit decodes a STRING token that has just been consumed: escapes, and
// `{expr}` holes parsed as expressions with spans in the enclosing file. A
// malformed hole abandons the statement; like the reference, its error is
// reported at the token that follows the string.
func (p *parser) strLit(t Token) *StrLit {
	s := p.newStr(t.Sp)
	src := p.src
	end := t.Sp.End
	if end-t.Sp.Start >= 2 && src[end-1] == '"' {
		end--
	}
	// A string with no escape and no hole is its own text, cut from the
	// source string.
	if start := t.Sp.Start + 1; start <= end && bytes.IndexAny(src[start:end], "\\{") < 0 {
		if start < end {
			s.Parts = p.onePart(p.lx.text[start:end])
		}
		return s
	}
	var buf strings.Builder
	flush := func() {
		if buf.Len() > 0 {
			s.Parts = append(s.Parts, StrPart{Text: buf.String()})
			buf.Reset()
		}
	}
	for i := t.Sp.Start + 1; i < end; {
		c := src[i]
		switch {
		case c == '\\' && i+1 < end:
			switch d := src[i+1]; d {
			case 'n':
				buf.WriteByte('\n')
			default:
				buf.WriteByte(d)
			}
			i += 2
		case c == '{':
			j, depth := i+1, 1
			for j < end {
				if src[j] == '{' {
					depth++
				} else if src[j] == '}' {
					depth--
					if depth == 0 {
						break
					}
				}
				j++
			}
			if j >= end {
				p.fail(p.tok().Sp, "interpolation \"{\" is never closed in this string")
			}
			flush()
			s.Parts = append(s.Parts, StrPart{Expr: p.hole(i+1, j)})
			i = j + 1
		default:
			buf.WriteByte(c)
			i++
		}
	}
	flush()
	return s
}

// hole parses src[start:end] as one expression with a sub-parser.
func (p *parser) hole(start, end int) Expr {
	at := p.tok().Sp
	sub := &parser{file: p.file, src: p.src, depth: p.depth, nest: p.nest, at: &at, nodes: p.nodes}
	sub.lx = newLexer(p.src, p.lx.text, start, end, &sub.diags)
	sub.lx.nl = false
	var x Expr
	failed := true
	func() {
		defer sub.recoverStmt()
		x = sub.expr()
		if !sub.is(EOF) {
			sub.fail(sub.tok().Sp, "interpolation has extra input %s", strconv.Quote(sub.tok().Text))
		}
		failed = false
	}()
	p.diags = append(p.diags, sub.diags...)
	if failed {
		panic(bailout{})
	}
	return x
}
