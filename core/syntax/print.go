package syntax

import (
	"slices"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/internal/numfmt"
)

// This file prints expressions in the canonical form fix edits quote:
// binary operators spaced, `(x, y)` points, `, ` between list items,
// numbers as their values in mm (`3m` prints as 3000) and parentheses only
// where precedence needs them, since the tree keeps what was written but
// the reference prints from a tree without them.

// ExprString prints e canonically. A nil expression prints as "".
func ExprString(e Expr) string {
	var b strings.Builder
	writeExpr(&b, e)
	return b.String()
}

// PointString prints p as `(x, y)`; a nil point prints as "(0, 0)".
func PointString(p *Point) string {
	if p == nil {
		return "(0, 0)"
	}
	return "(" + ExprString(p.X) + ", " + ExprString(p.Y) + ")"
}

// AttachPosString prints a position along a host wall: "center", or the
// value with its `%` when it is a percentage. A nil position prints as
// "center".
func AttachPosString(p *AttachPos) string {
	if p == nil || p.Center {
		return "center"
	}
	s := ExprString(p.Value)
	if p.Percent {
		s += "%"
	}
	return s
}

func writeExpr(b *strings.Builder, e Expr) {
	switch n := e.(type) {
	case nil:
	case *NumLit:
		b.WriteString(numfmt.Plain(n.Value))
	case *BoolLit:
		if n.Value {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case *StrLit:
		writeStr(b, n)
	case *RefExpr:
		b.WriteString(n.Name)
	case *ArrayLit:
		writeList(b, '[', n.Elems, ']')
	case *IndexExpr:
		writeExpr(b, n.X)
		b.WriteByte('[')
		writeExpr(b, n.Index)
		b.WriteByte(']')
	case *CallExpr:
		if n.Fn != nil {
			b.WriteString(n.Fn.Name)
		}
		writeList(b, '(', n.Args, ')')
	case *UnaryExpr:
		b.WriteString(n.Op)
		writeOperand(b, n.X, precUnary-1)
	case *BinaryExpr:
		p := binaryPrec(n.Op)
		writeOperand(b, n.X, p-1)
		b.WriteString(" " + n.Op + " ")
		writeOperand(b, n.Y, p)
	case *RangeExpr:
		p := kindPrec(DOTDOT)
		writeOperand(b, n.Lo, p-1)
		b.WriteString("..")
		writeOperand(b, n.Hi, p)
	case *IfExpr:
		b.WriteString("if ")
		writeExpr(b, n.Cond)
		b.WriteString(" { ")
		writeExpr(b, n.Then)
		b.WriteString(" } else { ")
		writeExpr(b, n.Else)
		b.WriteString(" }")
	case *ParenExpr:
		// Parentheses come back where precedence needs them.
		writeExpr(b, n.X)
	}
}

// Binding strengths, loosest first: an if-expression, then the parser's
// binary levels (1 for `||` up to len(binLevels) for `*`), then a sign,
// then an atom.
const (
	precIf    = 0
	precUnary = len(binLevels) + 1
	precAtom  = precUnary + 1
)

// kindPrec is the binding strength of a binary operator token: one more
// than its level in binLevels, precIf for a token that is no operator.
func kindPrec(k Kind) int {
	for i, level := range binLevels {
		if slices.Contains(level, k) {
			return i + 1
		}
	}
	return precIf
}

// binaryPrec is the binding strength of a BinaryExpr's operator text.
func binaryPrec(op string) int {
	k, n := punct([]byte(op), 0, len(op))
	if n == 0 || n != len(op) {
		return precIf
	}
	return kindPrec(k)
}

// exprPrec is the binding strength of e's outermost operator.
func exprPrec(e Expr) int {
	switch n := e.(type) {
	case *ParenExpr:
		return exprPrec(n.X)
	case *BinaryExpr:
		return binaryPrec(n.Op)
	case *RangeExpr:
		return kindPrec(DOTDOT)
	case *IfExpr:
		return precIf
	case *UnaryExpr:
		return precUnary
	}
	return precAtom
}

// writeOperand prints e, parenthesised when it binds no tighter than
// floor (so a left operand passes its operator's strength minus one and a
// right operand the strength itself: a - (b - c), but a - b - c).
func writeOperand(b *strings.Builder, e Expr, floor int) {
	if exprPrec(e) <= floor {
		b.WriteByte('(')
		writeExpr(b, e)
		b.WriteByte(')')
		return
	}
	writeExpr(b, e)
}

// writeList prints xs comma-separated between open and close.
func writeList(b *strings.Builder, open byte, xs []Expr, close byte) {
	b.WriteByte(open)
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		writeExpr(b, x)
	}
	b.WriteByte(close)
}

// writeStr prints a string literal with its holes, escaping the quote,
// the backslash, the newline and the braces of its literal text.
func writeStr(b *strings.Builder, s *StrLit) {
	b.WriteByte('"')
	for _, p := range s.Parts {
		if p.Expr != nil {
			b.WriteByte('{')
			writeExpr(b, p.Expr)
			b.WriteByte('}')
			continue
		}
		for _, r := range p.Text {
			switch r {
			case '"':
				b.WriteString(`\"`)
			case '\\':
				b.WriteString(`\\`)
			case '\n':
				b.WriteString(`\n`)
			case '{':
				b.WriteString(`\{`)
			case '}':
				b.WriteString(`\}`)
			default:
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
}
