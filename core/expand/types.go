// Package expand runs ArchLang's expand-time scripting language: it walks a
// parsed *syntax.File, evaluates let bindings, loops, conditionals, value
// functions, set rules and component calls, and produces a script-free,
// ordered list of statements (Result.Items) in which every expression has
// been evaluated to a plain value.
//
// Nothing downstream (package resolve) needs to look at scripting: an Item
// is a wall, a room, a door, a setting … with numbers in millimetres,
// strings already interpolated, and the span of every clause kept for
// diagnostics.
//
// Diagnostic order follows the reference compiler. Errors raised by the
// scripting statements themselves (let, assignment, for, if, while, calls,
// and a place's name check and at point, see Instance) are returned by
// Expand in evaluation order. Errors raised while evaluating
// the clauses of an element statement are NOT in that list, because the
// reference evaluates an element's clauses lazily, while resolving that
// element, interleaved with its checks (a room's at and size, then its
// size check, then its label). They are kept twice: each evaluated clause
// (Num, Str, Point, Size, AttachPos) carries its own Diags, so resolve can
// emit them at the moment it reads the clause, and Meta.Diags holds all of
// them in source order for a caller that does not need the interleaving.
//
// Cost. Every expansion runs under a step budget (Limits.Steps, one step
// per statement and expression node evaluated), which is what stops a
// hostile script, reported once as E_RANGE_LIMIT. Work that is larger than
// one node is charged in proportion before it is done: a range one step
// per element, an interpolated string one step per StringBytesPerStep
// bytes (and a string past MaxStringLength, or strings past
// MaxStringBytes in all, stop the expansion instead of being cut), an element emitted inside a block or component
// ElementSteps, because resolving and drawing it costs far more than a
// script step. Loops over a range count rather than build it and block
// scopes are reused once their block is done, so the memory an expansion needs follows what it emits, not how
// deeply its loops and calls nest. A runaway component recursion stops
// only the call that passes MaxComponentDepth (E_RECURSION), as in the
// reference; a call tree that fans out at that depth runs into the step
// budget.
package expand

import (
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// clauseDiags records whether a clause was written and the diagnostics
// raised evaluating it, in one word: nil for a clause not written,
// &raisedNone for a written one that raised nothing (nearly all), else a
// list of its own.
type clauseDiags struct{ l *diag.List }

// raisedNone is the diagnostics of every written clause that raised none.
// Nothing appends to it.
var raisedNone diag.List

// written is the state of a written clause that raised nothing.
var written = clauseDiags{&raisedNone}

// set reports whether the clause was written.
func (d clauseDiags) set() bool { return d.l != nil }

// list is the diagnostics d holds (nil when none).
func (d clauseDiags) list() diag.List {
	if d.l == nil {
		return nil
	}
	return *d.l
}

// Diags are the diagnostics raised evaluating this clause.
func (n Num) Diags() diag.List { return n.diags.list() }

// Diags are the diagnostics raised evaluating this clause.
func (s Str) Diags() diag.List { return s.diags.list() }

// Diags are the diagnostics raised evaluating x and y.
func (p Point) Diags() diag.List { return p.diags.list() }

// Diags are the diagnostics raised evaluating W and H.
func (s Size) Diags() diag.List { return s.diags.list() }

// Diags are the diagnostics raised evaluating the position.
func (a AttachPos) Diags() diag.List { return a.diags.list() }

// Set reports whether the clause was written.
func (n Num) Set() bool { return n.diags.set() }

// Set reports whether the clause was written.
func (s Str) Set() bool { return s.diags.set() }

// Set reports whether the point was written.
func (p Point) Set() bool { return p.diags.set() }

// Set reports whether the size was written.
func (s Size) Set() bool { return s.diags.set() }

// Set reports whether the position was written.
func (a AttachPos) Set() bool { return a.diags.set() }

// Num is an evaluated numeric clause in millimetres (unit suffixes already
// folded). Set reports whether the clause was written; Span is the
// written expression's span. A clause that failed to evaluate is Set with
// V = 0 and its error is in the element's Meta.Diags.
type Num struct {
	V     float64
	Span  source.Span
	diags clauseDiags
}

// Str is an evaluated string clause (`label "Unit {i}"` → "Unit 3").
type Str struct {
	V     string
	Span  source.Span // the written expression, quotes included
	diags clauseDiags
}

// Word is a keyword-valued clause (`exterior`, `left`, `top-left`, `A3`) or
// a reference to an element id (`w_south`, `west.shell`). V is "" when the
// clause was not written.
type Word struct {
	V    string
	Span source.Span
}

// Set reports whether the clause was written.
func (w Word) Set() bool { return w.V != "" }

// Point is an evaluated `(x, y)`. Set reports whether it was written.
type Point struct {
	X, Y  float64
	Span  source.Span // from "(" to ")"
	diags clauseDiags
}

// Size is an evaluated `W x H`. HasH is false for a strip room's
// main-extent-only `size <main>`.
type Size struct {
	W, H  float64
	Span  source.Span
	diags clauseDiags
	HasH  bool
}

// Clause is where one keyword clause was written (keyword through its last
// argument), in source order. See syntax.Clause.
type Clause struct {
	Key  string
	Span source.Span
}

// Meta is carried by every Item.
type Meta struct {
	// Span is the statement's own span as written. For a statement expanded
	// from a component body, loop body or branch it is the span inside that
	// body (this is what the reference reports).
	Span source.Span
	// Zone is the dotted path of the enclosing zone blocks ("" when none).
	Zone string
	// File is the imported module the statement was written in; nil for
	// the main file. Spans are offsets into this file when it is set.
	File *source.File
	// Clauses lists the written clauses in source order. It is a view of
	// the statement's own list in the syntax tree (read only).
	Clauses []Clause
	// diags are the statement's diagnostics (see Diags), held out of line:
	// nil when there are none, as for nearly every statement.
	diags *diag.List
}

// Diags are all the diagnostics raised while evaluating this statement's
// clauses, in source order (each clause also carries its own). Resolve
// emits them when it processes the statement.
func (m *Meta) Diags() diag.List {
	if m.diags == nil {
		return nil
	}
	return *m.diags
}

// Clause returns the first written clause with the given keyword.
func (m *Meta) Clause(key string) (Clause, bool) {
	for _, c := range m.Clauses {
		if c.Key == key {
			return c, true
		}
	}
	return Clause{}, false
}

// Item is one statement of the expanded plan: an element, a setting, or a
// structural group (Level, Instance). Items appear in expansion order.
type Item interface {
	// Info returns the item's metadata.
	Info() *Meta
}

// Result is an expanded plan.
//
// The memory of its elements may be reused once the caller is done with
// them: see Release.
type Result struct {
	// Name is the plan name and NameSpan its string literal's span.
	Name     string
	NameSpan source.Span
	// Span is the whole plan block.
	Span source.Span
	// Items is the flat, ordered statement list. Levels and instances nest
	// their own Items.
	Items []Item
	// slabs hold the items' memory, and file is the tree they were
	// expanded from (see Release).
	slabs *itemSlabs
	file  *syntax.File
}

// ---------------------------------------------------------------------------
// Elements

// Vertex is one wall vertex; an arc vertex makes the edge from the previous
// vertex a circular arc.
type Vertex struct {
	Point  Point
	Arc    bool
	Radius Num
	Dir    Word // "cw" or "ccw"; unset = default ccw
	Major  bool
	Span   source.Span
}

// Wall is a `wall` statement.
type Wall struct {
	Meta
	ID            Word
	Category      Word
	Thickness     Num
	Material      Word
	MaterialScale Num
	MaterialAngle Num
	Vertices      []Vertex
	Closed        bool
}

// Room is a `room` statement (also the rooms of a strip, which stay in
// their Strip).
type Room struct {
	Meta
	ID      Word
	Form    syntax.RoomForm
	At      Point // RoomAt top-left; RoomCircle centre
	Size    Size
	RelDir  Word // right-of|left-of|below|above
	RelRef  Word
	Align   Word
	Gap     Num
	Polygon []Point
	Radius  Num
	Label   Str
	LabelAt Point
	Uses    []Word
}

// AttachPos is the evaluated `<pos>` of `on <wall> at <pos>`.
type AttachPos struct {
	V       float64 // mm from the wall start, or a percentage
	Span    source.Span
	diags   clauseDiags
	Center  bool
	Percent bool // V is a percentage (40 for `40%`)
}

// Opening is a `door`, `window` or `opening` statement. Set-rule defaults
// (`set door(swing: out)`) are already applied; FromSet lists the
// attributes that came from a set rule rather than the statement.
type Opening struct {
	Meta
	Kind     syntax.OpeningKind
	ID       Word
	DoorKind Word // hinged|sliding|barn|bifold|pocket; unset = hinged
	At       Point
	Wall     Word // the `wall <ref>` clause of the at form
	On       Word // the hosted form's wall
	Pos      AttachPos
	Width    Num
	Hinge    Word // left|right|near start|near end
	Swing    Word // in|out|into
	Into     Word // the room of `swing into <room>`
	Slide    Word
	Open     Num
	FromSet  []string
}

// Furniture is a `furniture` statement.
type Furniture struct {
	Meta
	ID          Word
	Category    Word
	Placement   syntax.FurniturePlacement
	At          Point
	AgainstWall Word
	Segment     Num
	Offset      Num
	Side        Word
	Room        Word // the positioning room (centered/anchor) or the owner
	Anchor      Word
	Flush       bool
	Inset       Num
	Size        Size
	Label       Str
	Rotate      Num
}

// Dim is a `dim` statement.
type Dim struct {
	Meta
	Mode     syntax.DimMode
	From, To Point
	Ref      Word
	Segment  Num
	Offset   Num
	Text     Str
}

// Box is a `column`, `stair`, `elevator` or `escalator` statement.
type Box struct {
	Meta
	Kind  syntax.BoxKind
	ID    Word
	At    Point
	Size  Size
	Dir   Word
	Width Num
}

// StripRoom is one room of a strip.
type StripRoom struct {
	Meta
	ID    Word
	Size  Size // HasH false when only the main extent was given
	Label Str
	Uses  []Word
}

// Strip is a `strip` block; resolve lays its rooms end to end.
type Strip struct {
	Meta
	Dir      Word
	At       Point
	Gap      Num
	CrossKey Word // "height" or "width"; unset when absent
	Cross    Num
	Rooms    []StripRoom
}

// ---------------------------------------------------------------------------
// Settings and plan-level blocks

// Setting is a one-line plan setting: Key is units|grid|north|dims|
// schedule|legend|paper|scale. Args are its words as written (`A3`,
// `landscape`; `auto`, `all`; `up`); Value is the number of grid / a numeric
// north, and ScaleNum:ScaleDen the two numbers of scale.
type Setting struct {
	Meta
	Key                string
	Args               []Word
	Value              Num
	ScaleNum, ScaleDen Num
}

// Acc is `accTitle` / `accDescr`. InBlock reports that it was written
// inside a component body or control-flow block (E_ACC_PLACEMENT).
type Acc struct {
	Meta
	Key     string
	Text    Str
	InBlock bool
}

// TitleField is one row of the title block.
type TitleField struct {
	Key   Word
	Value Str
}

// Title is the title block.
type Title struct {
	Meta
	Fields []TitleField
}

// Axes is an `axes` block with its positions evaluated, in written order.
type Axes struct {
	Meta
	X, Y []Num
}

// KeyValue is one theme/style entry; exactly one of Str and Num is Set.
type KeyValue struct {
	Key  Word
	Str  Str
	Num  Num
	Span source.Span
}

// Theme is a `theme` statement.
type Theme struct {
	Meta
	Name    Word
	From    Str
	Entries []KeyValue
}

// Style is a `style <kind> { … }` statement.
type Style struct {
	Meta
	Kind    Word
	Entries []KeyValue
}

// Site is a `site { … }` block.
type Site struct {
	Meta
	Street     Word
	Hemisphere Word
}

// Level is a `level <n> ["Name"] { … }` storey with its own items.
type Level struct {
	Meta
	Number   float64
	Name     Str
	HeaderSp source.Span
	Items    []Item
	// Nested reports a level written inside a block, component or another
	// level (E_LEVEL_NEST is resolve's call).
	Nested bool
}

// Instance is the expansion of `place comp(args) as NAME at (x,y) …`: the
// component body, expanded in its own local frame. Resolve namespaces the
// ids inside as NAME.<id> and applies the transform.
//
// Unlike an element's clauses, the at point and rotation are evaluated
// eagerly, before the arguments, as the reference does: their diagnostics
// are in the list Expand returns (At.Diags and Rotate.Diags keep copies)
// and Meta.Diags stays empty. A `place` whose name an earlier instance of
// the same world took is reported there as E_DUP_INSTANCE and not emitted.
type Instance struct {
	Meta
	Name      Word
	Component Word
	At        Point
	Rotate    Num
	Mirror    Word // "x" or "y"; unset when absent
	Items     []Item
}

// Info returns m itself: every Item embeds a Meta, so this is how an Item
// gives access to it.
func (m *Meta) Info() *Meta { return m }

// Release hands the memory of r's items back (cleared) for reuse: neither
// r nor any item read from it, nor anything pointing into one, may be
// used afterwards. Strings and the syntax tree the items refer to are not
// affected. The memory is kept with the tree's (syntax.File.Attach):
// once the tree is released too, the expansion of a later parse that
// reuses the tree's memory reuses the items'. A caller that keeps items,
// or passes r to code that may keep them, does not call it.
func (r *Result) Release() {
	s, f := r.slabs, r.file
	if s == nil {
		return
	}
	*r = Result{}
	s.release()
	if f != nil {
		f.Attach(s)
	}
}
