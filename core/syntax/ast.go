// Package syntax is the ArchLang front end: a lexer, the abstract syntax
// tree, and a recovering parser. Every node reports the half-open byte span
// it covers in its source.File; line and column are computed only when a
// diagnostic is printed.
//
// The tree is a faithful record of what was written: expressions are not
// evaluated, loops are not unrolled and set rules are not applied. That is
// the job of package expand, which turns a *File into a script-free list of
// element and setting statements.
package syntax

import "github.com/archlang-go/caddy-archlang/core/source"

// Node is any element of the tree.
type Node interface {
	// Span is the node's half-open byte range in the source.
	Span() source.Span
}

// ---------------------------------------------------------------------------
// Leaves shared by statements

// Ident is a bare or dotted name (`W`, `west.shell`) as written.
type Ident struct {
	Name string
	Sp   source.Span
}

// Span implements Node.
func (n *Ident) Span() source.Span { return n.Sp }

// Word is a keyword-valued clause argument (an enum value such as `left`,
// `exterior`, `top-left`, `A3`), kept verbatim with its span so later stages
// can report an unknown value precisely.
type Word struct {
	Text string
	Sp   source.Span
}

// Span implements Node.
func (n *Word) Span() source.Span { return n.Sp }

// Point is a `(x, y)` tuple.
type Point struct {
	X, Y Expr
	Sp   source.Span // from "(" to ")"
}

// Span implements Node.
func (n *Point) Span() source.Span { return n.Sp }

// Size is a `W x H` pair (also written as one `WxH` literal). H is nil when
// only one extent was written (strip rooms allow `size <main>`).
type Size struct {
	W, H Expr
	Sp   source.Span
}

// Span implements Node.
func (n *Size) Span() source.Span { return n.Sp }

// ---------------------------------------------------------------------------
// Expressions

// Expr is an expression node.
type Expr interface {
	Node
	exprNode()
}

// NumLit is a numeric literal, already folded to millimetres (`3.5m` has
// Value 3500). The written text is the source its span covers.
type NumLit struct {
	Value float64
	Sp    source.Span
}

// BoolLit is `true` or `false`.
type BoolLit struct {
	Value bool
	Sp    source.Span
}

// StrPart is one piece of a string literal: literal text, or an
// interpolated `{expr}` hole when Expr is non-nil.
type StrPart struct {
	Text string
	Expr Expr
}

// StrLit is a double-quoted string with escapes decoded and interpolation
// holes parsed.
type StrLit struct {
	Parts []StrPart
	Sp    source.Span // including the quotes
}

// Plain returns the literal text of a string without holes and whether it
// had none.
func (n *StrLit) Plain() (string, bool) {
	s := ""
	for _, p := range n.Parts {
		if p.Expr != nil {
			return "", false
		}
		s += p.Text
	}
	return s, true
}

// RefExpr is a reference to a binding by name.
type RefExpr struct {
	Name string
	Sp   source.Span
}

// ArrayLit is `[a, b, c]`.
type ArrayLit struct {
	Elems []Expr
	Sp    source.Span
}

// IndexExpr is `x[i]`. Sp covers the whole expression; BracketSp covers
// `[i]`, which is where the reference reports index errors.
type IndexExpr struct {
	X, Index  Expr
	Sp        source.Span
	BracketSp source.Span
}

// CallExpr is `f(args)`.
type CallExpr struct {
	Fn   *Ident
	Args []Expr
	Sp   source.Span // from the name to ")"
}

// UnaryExpr is `-x`, `+x` or `!x`.
type UnaryExpr struct {
	Op   string
	X    Expr
	OpSp source.Span
	Sp   source.Span
}

// BinaryExpr is `x op y` for the arithmetic, comparison, equality and logical
// operators.
type BinaryExpr struct {
	Op   string
	X, Y Expr
	OpSp source.Span
	Sp   source.Span
}

// RangeExpr is the half-open integer range `lo..hi`.
type RangeExpr struct {
	Lo, Hi Expr
	Sp     source.Span
}

// IfExpr is the conditional expression `if c { a } else { b }`.
type IfExpr struct {
	Cond, Then, Else Expr
	Sp               source.Span
}

// ParenExpr is `(x)`; kept so spans and the formatter see what was written.
type ParenExpr struct {
	X  Expr
	Sp source.Span
}

// BadExpr stands in for an expression that failed to parse.
type BadExpr struct {
	Sp source.Span
}

func (n *NumLit) Span() source.Span     { return n.Sp }
func (n *BoolLit) Span() source.Span    { return n.Sp }
func (n *StrLit) Span() source.Span     { return n.Sp }
func (n *RefExpr) Span() source.Span    { return n.Sp }
func (n *ArrayLit) Span() source.Span   { return n.Sp }
func (n *IndexExpr) Span() source.Span  { return n.Sp }
func (n *CallExpr) Span() source.Span   { return n.Sp }
func (n *UnaryExpr) Span() source.Span  { return n.Sp }
func (n *BinaryExpr) Span() source.Span { return n.Sp }
func (n *RangeExpr) Span() source.Span  { return n.Sp }
func (n *IfExpr) Span() source.Span     { return n.Sp }
func (n *ParenExpr) Span() source.Span  { return n.Sp }
func (n *BadExpr) Span() source.Span    { return n.Sp }

func (*NumLit) exprNode()     {}
func (*BoolLit) exprNode()    {}
func (*StrLit) exprNode()     {}
func (*RefExpr) exprNode()    {}
func (*ArrayLit) exprNode()   {}
func (*IndexExpr) exprNode()  {}
func (*CallExpr) exprNode()   {}
func (*UnaryExpr) exprNode()  {}
func (*BinaryExpr) exprNode() {}
func (*RangeExpr) exprNode()  {}
func (*IfExpr) exprNode()     {}
func (*ParenExpr) exprNode()  {}
func (*BadExpr) exprNode()    {}

// ---------------------------------------------------------------------------
// File and blocks

// File is a parsed source file: one plan block.
type File struct {
	Src  *source.File
	Plan *Plan // nil when no plan header could be parsed
	// nodes are the slabs the tree's nodes came from (see Release).
	nodes *nodeSlabs
}

// Release hands the memory of f's nodes back for the next parse to reuse
// (cleared): neither f, nor any node or list of its tree, nor anything
// pointing into one (an expansion's items: release those first), may be
// used afterwards. Strings cut from the tree are not affected. A caller
// that keeps the tree, or passes it to code that may keep it, does not
// call it.
func (f *File) Release() {
	n := f.nodes
	if n == nil {
		return
	}
	*f = File{}
	n.release()
	nodePool.Put(n)
}

// Attach keeps v, memory a later stage may reuse (an expansion's arrays),
// with the tree's: when f is released, v is kept along with the nodes'
// arrays, and the File of a parse that reuses them hands it back
// (Detach). v must hold nothing of the tree, and may be dropped at any
// time. A File not made by Parse keeps nothing.
func (f *File) Attach(v any) {
	if f.nodes != nil {
		f.nodes.attached.Store(&v)
	}
}

// Detach returns, and forgets, the value a released tree's File was given
// (Attach), when f reuses that tree's memory; nil otherwise. Of callers
// racing for it, one gets it.
func (f *File) Detach() any {
	if f.nodes == nil {
		return nil
	}
	if v := f.nodes.attached.Swap(nil); v != nil {
		return *v
	}
	return nil
}

// Plan is `plan "Name" { … }`.
type Plan struct {
	Name   *StrLit
	Body   []Stmt
	Sp     source.Span
	BodySp source.Span // from "{" to "}"
}

// Span implements Node.
func (n *Plan) Span() source.Span { return n.Sp }

// Block is a braced statement list (`{ … }`).
type Block struct {
	Stmts []Stmt
	Sp    source.Span
}

// Span implements Node.
func (n *Block) Span() source.Span { return n.Sp }

// Stmt is a statement node. Every statement's span runs from its first
// keyword to the end of its last clause.
type Stmt interface {
	Node
	stmtNode()
}

// ---------------------------------------------------------------------------
// Scripting statements

// LetStmt is `let NAME = expr` or, when Params is non-nil, the value
// function `let NAME(params) = expr`.
type LetStmt struct {
	Name   *Ident
	Params []*Ident // nil for a plain binding; empty non-nil for `f()`
	IsFunc bool
	Value  Expr
	Sp     source.Span
}

// AssignStmt is `NAME = expr`.
type AssignStmt struct {
	Name  *Ident
	Value Expr
	Sp    source.Span
}

// ForStmt is `for VAR in iter { … }`.
type ForStmt struct {
	Var  *Ident
	Iter Expr
	Body *Block
	Sp   source.Span
}

// IfStmt is `if cond { … } [else { … }]`. Else may hold a single nested
// IfStmt for `else if`.
type IfStmt struct {
	Cond Expr
	Then *Block
	Else *Block // nil when absent
	Sp   source.Span
}

// WhileStmt is `while cond { … }`.
type WhileStmt struct {
	Cond Expr
	Body *Block
	Sp   source.Span
}

// SetEntry is one `attr: value` of a set rule.
type SetEntry struct {
	Key   *Ident
	Value Expr
}

// SetStmt is `set <kind>(attr: value, …)`.
type SetStmt struct {
	Kind    *Word
	Entries []SetEntry
	Sp      source.Span
}

// CallStmt is a bare component call `name(args)` (the inline macro form).
type CallStmt struct {
	Name *Ident
	Args []Expr
	Sp   source.Span
}

// ComponentDecl is `component name(params) { … }`.
type ComponentDecl struct {
	Name   *Ident
	Params []*Ident
	Body   *Block
	Sp     source.Span
}

// PlaceStmt is `place comp(args) as NAME at (x,y) [rotate n] [mirror x|y]`.
type PlaceStmt struct {
	Component *Ident
	Args      []Expr
	As        *Ident
	At        *Point
	Rotate    Expr  // nil when absent
	Mirror    *Word // nil when absent
	Sp        source.Span
}

// ImportItem is one `name [as alias]` of an import list.
type ImportItem struct {
	Name  *Ident
	Alias *Ident // nil when absent
}

// ImportStmt is `import "path": a, b as c`, `import "path": *` or
// `import "path" as name`.
type ImportStmt struct {
	Path  *StrLit
	Items []ImportItem
	All   bool   // `: *`
	As    *Ident // whole-file form
	Sp    source.Span
}

// LevelStmt is `level <int> ["Name"] { … }`.
type LevelStmt struct {
	Number   *NumLit // negative levels carry a negated Value
	Name     *StrLit // nil when absent
	Body     *Block
	Sp       source.Span
	HeaderSp source.Span
}

// ZoneStmt is `zone <id> ["Label"] { … }`.
type ZoneStmt struct {
	ID    *Ident
	Label *StrLit
	Body  *Block
	Sp    source.Span
}

func (n *LetStmt) Span() source.Span       { return n.Sp }
func (n *AssignStmt) Span() source.Span    { return n.Sp }
func (n *ForStmt) Span() source.Span       { return n.Sp }
func (n *IfStmt) Span() source.Span        { return n.Sp }
func (n *WhileStmt) Span() source.Span     { return n.Sp }
func (n *SetStmt) Span() source.Span       { return n.Sp }
func (n *CallStmt) Span() source.Span      { return n.Sp }
func (n *ComponentDecl) Span() source.Span { return n.Sp }
func (n *PlaceStmt) Span() source.Span     { return n.Sp }
func (n *ImportStmt) Span() source.Span    { return n.Sp }
func (n *LevelStmt) Span() source.Span     { return n.Sp }
func (n *ZoneStmt) Span() source.Span      { return n.Sp }

func (*LetStmt) stmtNode()       {}
func (*AssignStmt) stmtNode()    {}
func (*ForStmt) stmtNode()       {}
func (*IfStmt) stmtNode()        {}
func (*WhileStmt) stmtNode()     {}
func (*SetStmt) stmtNode()       {}
func (*CallStmt) stmtNode()      {}
func (*ComponentDecl) stmtNode() {}
func (*PlaceStmt) stmtNode()     {}
func (*ImportStmt) stmtNode()    {}
func (*LevelStmt) stmtNode()     {}
func (*ZoneStmt) stmtNode()      {}
