package syntax

import "github.com/archlang-go/caddy-archlang/core/source"

// Clause records where one keyword clause of an element statement was
// written: Key is the keyword (`width`, `hinge`, `swing`, `offset`, …) and
// Sp runs from the keyword to the end of its last argument. Element
// statements keep their clauses in source order so later stages can point at
// (or delete) exactly one clause.
type Clause struct {
	Key string
	Sp  source.Span
}

// Clauses is the written clause list of an element statement.
type Clauses []Clause

// Find returns the first clause with the given keyword.
func (cs Clauses) Find(key string) (Clause, bool) {
	for _, c := range cs {
		if c.Key == key {
			return c, true
		}
	}
	return Clause{}, false
}

// ---------------------------------------------------------------------------
// Elements

// WallVertex is one entry of a wall's vertex list: a plain point, or an
// `arc (x,y) radius R [cw|ccw] [major]` edge ending at Point.
type WallVertex struct {
	Point  *Point
	Radius Expr  // arcs only
	Dir    *Word // `cw`/`ccw`, nil when absent
	Arc    bool
	Major  bool
	Sp     source.Span // the point, or `arc` through its last word
}

// Material is `material <name> [scale <n>] [angle <deg>]`.
type Material struct {
	Name  *Word
	Scale Expr // nil when absent
	Angle Expr // nil when absent
	Sp    source.Span
}

// WallStmt is `wall [id=ID] <category> thickness <t> [material …] { … }`.
type WallStmt struct {
	ID        *Ident // nil when absent
	Category  *Word
	Thickness Expr
	Material  *Material // nil when absent
	Vertices  []WallVertex
	Closed    bool
	CloseSp   source.Span
	Clauses   Clauses
	Sp        source.Span
}

// RoomForm says how a room's floor is given.
type RoomForm int

const (
	// RoomAt is `at (x,y) size WxH`.
	RoomAt RoomForm = iota + 1
	// RoomRelative is `right-of|left-of|below|above <ref> … size WxH`.
	RoomRelative
	// RoomPolygon is `polygon (x,y) (x,y) (x,y) …`.
	RoomPolygon
	// RoomCircle is `circle at (cx,cy) radius R`.
	RoomCircle
)

// RoomStmt is every form of `room`.
type RoomStmt struct {
	ID   *Ident
	Form RoomForm
	At   *Point // RoomAt; the centre for RoomCircle
	Size *Size  // RoomAt, RoomRelative
	// Relative placement.
	RelDir *Word // right-of|left-of|below|above
	RelRef *Ident
	Align  *Word // nil when absent
	Gap    Expr  // nil when absent
	// Polygon vertices.
	Polygon []*Point
	// Circle radius.
	Radius Expr
	// Common tail. Label is an expression that starts with a string.
	Label   Expr
	LabelAt *Point
	Uses    []*Word
	Clauses Clauses
	Sp      source.Span
}

// OpeningKind says which statement wrote an opening.
type OpeningKind int

const (
	// DoorKind is `door`.
	DoorKind OpeningKind = iota + 1
	// WindowKind is `window`.
	WindowKind
	// CasedKind is `opening`.
	CasedKind
)

// Keyword is the statement keyword that writes an opening of kind k:
// "door", "window" or "opening"; "" for any other value.
func (k OpeningKind) Keyword() string {
	switch k {
	case DoorKind:
		return "door"
	case WindowKind:
		return "window"
	case CasedKind:
		return "opening"
	}
	return ""
}

// AttachPos is the `<pos>` of `on <wall> at <pos>`: `center`, `N%`, or a
// distance in mm from the wall's start.
type AttachPos struct {
	Center  bool
	Percent bool
	Value   Expr // nil when Center
	Sp      source.Span
}

// OpeningStmt is `door`, `window` or `opening`.
type OpeningStmt struct {
	Kind     OpeningKind
	ID       *Ident
	DoorKind *Word // hinged|sliding|barn|bifold|pocket; nil when absent
	// Free form: `at (x,y) … [wall <ref>]`.
	At   *Point
	Wall *Ident // nil when absent
	// Hosted form: `on <wall> at <pos>`.
	On    *Ident
	Pos   *AttachPos
	Width Expr
	// Door-only clauses, nil when absent.
	Hinge     *Word // left|right|near-start|near-end (Text is "near start"/"near end" for the near forms)
	Swing     *Word // in|out|into
	SwingInto *Ident
	Slide     *Word
	Open      Expr
	Clauses   Clauses
	Sp        source.Span
}

// FurniturePlacement says how a piece of furniture is positioned.
type FurniturePlacement int

const (
	// FurnAt is `at (x,y)`.
	FurnAt FurniturePlacement = iota + 1
	// FurnAgainst is `against wall <ref> …`.
	FurnAgainst
	// FurnCentered is `in <room> centered`.
	FurnCentered
	// FurnAnchor is `in <room> anchor <a> [flush] [inset n]`.
	FurnAnchor
)

// FurnitureStmt is every form of `furniture`.
type FurnitureStmt struct {
	ID        *Ident
	Category  *Word
	Placement FurniturePlacement
	At        *Point
	// Against.
	AgainstWall *Ident
	Segment     Expr
	Offset      Expr
	Side        *Word
	// Room-relative.
	Room   *Ident // `in <room>` for centered/anchor, or the trailing owner clause
	Anchor *Word
	Flush  bool
	Inset  Expr
	// Tail.
	Size    *Size
	Label   Expr // starts with a string literal
	Rotate  Expr
	Clauses Clauses
	Sp      source.Span
}

// DimMode says which form of `dim` was written.
type DimMode int

const (
	// DimLinear is `dim (a)->(b)`.
	DimLinear DimMode = iota + 1
	// DimFaces is `dim faces (a)->(b)`.
	DimFaces
	// DimClear is `dim clear (a)->(b)`.
	DimClear
	// DimRadius is `dim radius <wall> [segment n]`.
	DimRadius
	// DimDiameter is `dim diameter <room>`.
	DimDiameter
)

// DimStmt is a dimension line.
type DimStmt struct {
	Mode     DimMode
	From, To *Point
	Ref      *Ident // radius/diameter target
	Segment  Expr
	Offset   Expr
	Text     Expr // starts with a string literal
	Clauses  Clauses
	Sp       source.Span
}

// BoxKind names the at+size element statements.
type BoxKind int

const (
	// ColumnBox is `column`.
	ColumnBox BoxKind = iota + 1
	// StairBox is `stair`.
	StairBox
	// ElevatorBox is `elevator`.
	ElevatorBox
	// EscalatorBox is `escalator`.
	EscalatorBox
)

// BoxStmt is `column`, `stair`, `elevator` or `escalator`: an element given
// by its top-left corner and size.
type BoxStmt struct {
	Kind    BoxKind
	ID      *Ident
	At      *Point
	Size    *Size
	Dir     *Word // stair/escalator: up|down
	Width   Expr  // stair only
	Clauses Clauses
	Sp      source.Span
}

// StripRoom is one `room [id=ID] size <main>[x<cross>] [label …] [uses …]`
// inside a strip.
type StripRoom struct {
	ID    *Ident
	Size  *Size // H nil when only the main extent is given
	Label Expr  // starts with a string literal
	Uses  []*Word
	Sp    source.Span
}

// StripStmt is `strip <dir> at (x,y) gap g [height|width n] { rooms }`.
type StripStmt struct {
	Dir      *Word
	At       *Point
	Gap      Expr
	CrossKey *Word // `height` or `width`; nil when absent
	Cross    Expr
	Rooms    []*StripRoom
	Sp       source.Span
}

// ---------------------------------------------------------------------------
// Settings

// SettingStmt is a one-line plan setting whose argument is a word or a
// number: `units mm`, `grid 50`, `north up`, `north 30`, `dims auto all`,
// `schedule rooms`, `legend`, `paper A3 landscape`, `scale 1:50`.
type SettingStmt struct {
	Key  string // units|grid|north|dims|schedule|legend|paper|scale
	Args []*Word
	// Value is the numeric argument of grid and a numeric north, nil
	// otherwise.
	Value Expr
	// Scale holds the two numbers of `scale N:M`.
	ScaleNum, ScaleDen Expr
	Sp                 source.Span
}

// AccStmt is `accTitle "…"` or `accDescr "…"`.
type AccStmt struct {
	Key  string
	Text *StrLit
	Sp   source.Span
}

// TitleField is one `key "value"` row of a title block.
type TitleField struct {
	Key   *Word
	Value *StrLit
}

// TitleStmt is `title { project "…" drawn_by "…" date "…" }`.
type TitleStmt struct {
	Fields []TitleField
	Sp     source.Span
}

// AxesRow is `x at a, b, c` or `y at …`.
type AxesRow struct {
	Axis   *Word
	Values []Expr
	Sp     source.Span
}

// AxesStmt is `axes { rows }`.
type AxesStmt struct {
	Rows []AxesRow
	Sp   source.Span
}

// KeyValue is one `key: value` entry of a theme or style block; Value is a
// string or number literal.
type KeyValue struct {
	Key   *Word
	Value Expr
	Sp    source.Span
}

// ThemeStmt is `theme <name>`, `theme [<name>] { … }` or `theme from "#rgb"`.
type ThemeStmt struct {
	Name    *Word   // nil when absent
	From    *StrLit // nil when absent
	Entries []KeyValue
	Block   bool
	Sp      source.Span
}

// StyleStmt is `style <kind> { key: value … }`.
type StyleStmt struct {
	Kind    *Word
	Entries []KeyValue
	Sp      source.Span
}

// SiteStmt is `site { street <dir> [hemisphere <h>] }`.
type SiteStmt struct {
	Street     *Word
	Hemisphere *Word
	Sp         source.Span
}

func (n *WallStmt) Span() source.Span      { return n.Sp }
func (n *RoomStmt) Span() source.Span      { return n.Sp }
func (n *OpeningStmt) Span() source.Span   { return n.Sp }
func (n *FurnitureStmt) Span() source.Span { return n.Sp }
func (n *DimStmt) Span() source.Span       { return n.Sp }
func (n *BoxStmt) Span() source.Span       { return n.Sp }
func (n *StripStmt) Span() source.Span     { return n.Sp }
func (n *SettingStmt) Span() source.Span   { return n.Sp }
func (n *AccStmt) Span() source.Span       { return n.Sp }
func (n *TitleStmt) Span() source.Span     { return n.Sp }
func (n *AxesStmt) Span() source.Span      { return n.Sp }
func (n *ThemeStmt) Span() source.Span     { return n.Sp }
func (n *StyleStmt) Span() source.Span     { return n.Sp }
func (n *SiteStmt) Span() source.Span      { return n.Sp }

func (*WallStmt) stmtNode()      {}
func (*RoomStmt) stmtNode()      {}
func (*OpeningStmt) stmtNode()   {}
func (*FurnitureStmt) stmtNode() {}
func (*DimStmt) stmtNode()       {}
func (*BoxStmt) stmtNode()       {}
func (*StripStmt) stmtNode()     {}
func (*SettingStmt) stmtNode()   {}
func (*AccStmt) stmtNode()       {}
func (*TitleStmt) stmtNode()     {}
func (*AxesStmt) stmtNode()      {}
func (*ThemeStmt) stmtNode()     {}
func (*StyleStmt) stmtNode()     {}
func (*SiteStmt) stmtNode()      {}
