package resolve

import (
	"strings"

	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// This file re-prints element statements in the canonical form the
// reference uses for the text of its fix edits: single spaces between
// clauses, `(x, y)` points, binary operators spaced, literals in mm.

// exprString prints e canonically.
func exprString(e syntax.Expr) string {
	var b strings.Builder
	writeExpr(&b, e)
	return b.String()
}

func writeExpr(b *strings.Builder, e syntax.Expr) {
	switch n := e.(type) {
	case nil:
	case *syntax.NumLit:
		b.WriteString(num(n.Value))
	case *syntax.BoolLit:
		if n.Value {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case *syntax.StrLit:
		writeStr(b, n)
	case *syntax.RefExpr:
		b.WriteString(n.Name)
	case *syntax.ArrayLit:
		writeList(b, '[', n.Elems, ']')
	case *syntax.IndexExpr:
		writeExpr(b, n.X)
		b.WriteByte('[')
		writeExpr(b, n.Index)
		b.WriteByte(']')
	case *syntax.CallExpr:
		if n.Fn != nil {
			b.WriteString(n.Fn.Name)
		}
		writeList(b, '(', n.Args, ')')
	case *syntax.UnaryExpr:
		b.WriteString(n.Op)
		writeOperand(b, n.X, precUnary-1)
	case *syntax.BinaryExpr:
		p := binaryPrec[n.Op]
		writeOperand(b, n.X, p-1)
		b.WriteString(" " + n.Op + " ")
		writeOperand(b, n.Y, p)
	case *syntax.RangeExpr:
		writeOperand(b, n.Lo, precRange-1)
		b.WriteString("..")
		writeOperand(b, n.Hi, precRange)
	case *syntax.IfExpr:
		b.WriteString("if ")
		writeExpr(b, n.Cond)
		b.WriteString(" { ")
		writeExpr(b, n.Then)
		b.WriteString(" } else { ")
		writeExpr(b, n.Else)
		b.WriteString(" }")
	case *syntax.ParenExpr:
		// The reference prints from its tree, which keeps no parentheses;
		// they come back where precedence needs them.
		writeExpr(b, n.X)
	}
}

// Operator precedence, lowest first, as the grammar binds.
const (
	precIf = iota
	precOr
	precAnd
	precEq
	precCmp
	precRange
	precAdd
	precMul
	precUnary
	precAtom
)

var binaryPrec = map[string]int{
	"||": precOr, "&&": precAnd, "==": precEq, "!=": precEq,
	"<": precCmp, ">": precCmp, "<=": precCmp, ">=": precCmp,
	"+": precAdd, "-": precAdd, "*": precMul, "/": precMul, "%": precMul,
}

// exprPrec is the binding strength of e's outermost operator.
func exprPrec(e syntax.Expr) int {
	switch n := e.(type) {
	case *syntax.ParenExpr:
		return exprPrec(n.X)
	case *syntax.BinaryExpr:
		return binaryPrec[n.Op]
	case *syntax.RangeExpr:
		return precRange
	case *syntax.IfExpr:
		return precIf
	case *syntax.UnaryExpr:
		return precUnary
	}
	return precAtom
}

// writeOperand prints e, parenthesised when it binds no tighter than
// floor (so a left operand passes its operator's precedence minus one and
// a right operand the precedence itself: a - (b - c), but a - b - c).
func writeOperand(b *strings.Builder, e syntax.Expr, floor int) {
	if exprPrec(e) <= floor {
		b.WriteByte('(')
		writeExpr(b, e)
		b.WriteByte(')')
		return
	}
	writeExpr(b, e)
}

func writeStr(b *strings.Builder, s *syntax.StrLit) {
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

func pointString(p *syntax.Point) string {
	if p == nil {
		return "(0, 0)"
	}
	return "(" + exprString(p.X) + ", " + exprString(p.Y) + ")"
}

// openingEdit describes how to rewrite an opening statement for a fix.
type openingEdit struct {
	// onWall, when non-empty, replaces the free `at (x,y) [wall r]` form
	// with `on <onWall> at <onPos>`.
	onWall, onPos string
	// widthPlaceholder prints the width as a placeholder.
	widthPlaceholder bool
	// drop names clauses to leave out ("hinge", "slide", "open", "swing").
	drop map[string]bool
	// open, when non-empty, replaces the open value.
	open string
	// pos, when non-empty, replaces the hosted form's position text.
	pos string
}

var openingKeyword = map[syntax.OpeningKind]string{
	syntax.DoorKind: "door", syntax.WindowKind: "window", syntax.CasedKind: "opening",
}

// printOpening re-prints an opening statement with the edits applied.
func printOpening(s *syntax.OpeningStmt, ed openingEdit) string {
	var parts []string
	parts = append(parts, openingKeyword[s.Kind])
	if s.ID != nil {
		parts = append(parts, "id="+s.ID.Name)
	}
	if s.DoorKind != nil {
		parts = append(parts, s.DoorKind.Text)
	}
	switch {
	case ed.onWall != "":
		parts = append(parts, "on "+ed.onWall+" at "+ed.onPos)
	case s.On != nil:
		pos := ed.pos
		if pos == "" {
			pos = attachPosString(s.Pos)
		}
		parts = append(parts, "on "+s.On.Name+" at "+pos)
	default:
		parts = append(parts, "at "+pointString(s.At))
	}
	if ed.widthPlaceholder {
		parts = append(parts, "width <positive-number>")
	} else if s.Width != nil {
		parts = append(parts, "width "+exprString(s.Width))
	}
	if s.Wall != nil && ed.onWall == "" && s.On == nil {
		parts = append(parts, "wall "+s.Wall.Name)
	}
	if s.Hinge != nil && !ed.drop["hinge"] {
		parts = append(parts, "hinge "+s.Hinge.Text)
	}
	if s.Swing != nil && !ed.drop["swing"] {
		if s.SwingInto != nil {
			parts = append(parts, "swing into "+s.SwingInto.Name)
		} else {
			parts = append(parts, "swing "+s.Swing.Text)
		}
	}
	if s.Slide != nil && !ed.drop["slide"] {
		parts = append(parts, "slide "+s.Slide.Text)
	}
	if s.Open != nil && !ed.drop["open"] {
		if ed.open != "" {
			parts = append(parts, "open "+ed.open)
		} else {
			parts = append(parts, "open "+exprString(s.Open))
		}
	}
	return strings.Join(parts, " ")
}

func attachPosString(p *syntax.AttachPos) string {
	if p == nil {
		return "center"
	}
	if p.Center {
		return "center"
	}
	s := exprString(p.Value)
	if p.Percent {
		s += "%"
	}
	return s
}

// stmtIndex maps a statement's start offset to its syntax node, for every
// element statement in the file (component bodies and blocks included).
type stmtIndex map[int]syntax.Stmt

func indexStmts(f *syntax.File) stmtIndex {
	idx := stmtIndex{}
	if f == nil || f.Plan == nil {
		return idx
	}
	var walk func([]syntax.Stmt)
	block := func(b *syntax.Block) {
		if b != nil {
			walk(b.Stmts)
		}
	}
	walk = func(ss []syntax.Stmt) {
		for _, s := range ss {
			if s == nil {
				continue
			}
			idx[s.Span().Start] = s
			switch n := s.(type) {
			case *syntax.ForStmt:
				block(n.Body)
			case *syntax.IfStmt:
				block(n.Then)
				block(n.Else)
			case *syntax.WhileStmt:
				block(n.Body)
			case *syntax.ComponentDecl:
				block(n.Body)
			case *syntax.LevelStmt:
				block(n.Body)
			case *syntax.ZoneStmt:
				block(n.Body)
			}
		}
	}
	walk(f.Plan.Body)
	return idx
}

func (x stmtIndex) opening(start int) *syntax.OpeningStmt {
	s, _ := x[start].(*syntax.OpeningStmt)
	return s
}

// writeList re-prints xs comma-separated between open and close.
func writeList(b *strings.Builder, open byte, xs []syntax.Expr, close byte) {
	b.WriteByte(open)
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		writeExpr(b, x)
	}
	b.WriteByte(close)
}
