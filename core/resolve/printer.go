package resolve

import (
	"slices"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// This file re-prints opening statements in the canonical form the
// reference uses for the text of its fix edits; expressions print through
// the syntax package's printer.

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

// printOpening re-prints an opening statement with the edits applied.
func printOpening(s *syntax.OpeningStmt, ed openingEdit) string {
	var parts []string
	parts = append(parts, s.Kind.Keyword())
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
			pos = syntax.AttachPosString(s.Pos)
		}
		parts = append(parts, "on "+s.On.Name+" at "+pos)
	default:
		parts = append(parts, "at "+syntax.PointString(s.At))
	}
	if ed.widthPlaceholder {
		parts = append(parts, "width <positive-number>")
	} else if s.Width != nil {
		parts = append(parts, "width "+syntax.ExprString(s.Width))
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
			parts = append(parts, "open "+syntax.ExprString(s.Open))
		}
	}
	return strings.Join(parts, " ")
}

// stmtIndex maps a statement's start offset to its syntax node, for every
// element statement in the file (component bodies and blocks included).
// The statements are listed in walk order, which is source order, so a
// lookup is a binary search; were the starts ever out of order, a map
// takes over.
//
// The index is built at the first lookup (most plans need none: only
// findings with fixes look statements up), and shared by the resolvers of
// one Resolve call.
type stmtIndex struct {
	file   *syntax.File
	built  bool
	starts []int
	stmts  []syntax.Stmt
	m      map[int]syntax.Stmt
}

// add files s at start; a later statement at the same start replaces an
// earlier one.
func (x *stmtIndex) add(start int, s syntax.Stmt) {
	if x.m != nil {
		x.m[start] = s
		return
	}
	if n := len(x.starts); n > 0 && x.starts[n-1] >= start {
		if x.starts[n-1] == start {
			x.stmts[n-1] = s
			return
		}
		x.m = make(map[int]syntax.Stmt, len(x.starts)+1)
		for i, st := range x.starts {
			x.m[st] = x.stmts[i]
		}
		x.starts, x.stmts = nil, nil
		x.m[start] = s
		return
	}
	x.starts = append(x.starts, start)
	x.stmts = append(x.stmts, s)
}

// get is the statement filed at start, or nil.
func (x *stmtIndex) get(start int) syntax.Stmt {
	if !x.built {
		x.built = true
		x.build(x.file)
	}
	if x.m != nil {
		return x.m[start]
	}
	if i, ok := slices.BinarySearch(x.starts, start); ok {
		return x.stmts[i]
	}
	return nil
}

func (idx *stmtIndex) build(f *syntax.File) {
	if f == nil || f.Plan == nil {
		return
	}
	// Room for the top level, where most statements are.
	idx.starts = make([]int, 0, len(f.Plan.Body))
	idx.stmts = make([]syntax.Stmt, 0, len(f.Plan.Body))
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
			idx.add(s.Span().Start, s)
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
}

func (x *stmtIndex) opening(start int) *syntax.OpeningStmt {
	s, _ := x.get(start).(*syntax.OpeningStmt)
	return s
}
