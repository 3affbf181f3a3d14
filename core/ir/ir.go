// Package ir is the resolved plan: every element placed in millimetres, every
// reference resolved, every default applied. Each element keeps the span of
// the source statement it came from. Renderers and analyses read an ir.Plan;
// nothing here knows about syntax or scripting.
package ir

import (
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/internal/vocab"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// Plan is one resolved floor plan.
type Plan struct {
	Name      string
	Settings  Settings
	Walls     []Wall
	Rooms     []Room
	Openings  []Opening // doors, windows and cased openings, in source order
	Furniture []Furniture
	Dims      []Dim
	Title     *Title // nil when the plan has no title block
	Span      source.Span

	// Columns are the structural columns, in source order.
	Columns []Column
	// Vertical holds stairs, elevators and escalators, in source order.
	Vertical []Vertical
	// Level is the storey this plan draws (the lowest of a multi-storey
	// plan); nil for a plan without levels. The renderer prints it as the
	// title block's LEVEL row. (Added for core/render/svg; filled by resolve.)
	Level *Level
	// Zones are the plan's zones in source order (outer before inner); a
	// room's Zone names one by Path. The renderer titles the room schedule's
	// groups with them. (Added for core/render/svg; filled by resolve.)
	Zones []Zone
	// Instances are the placed component instances, in source order.
	// (Added for core/analysis; filled by resolve.)
	Instances []Instance

	// Pages are every storey of a multi-storey plan, in ascending level
	// order, each with its Level set; nil for a single-storey plan. The plan
	// itself is a copy of the first page.
	Pages []*Plan
}

// Settings are the plan-level settings, defaults applied.
type Settings struct {
	Units string  // "mm", "cm" or "m"; coordinates in the IR are always mm
	Grid  float64 // snapping grid in mm (0 = none)
	// ScaleDenom is N of a "1:N" scale; 0 when the plan states none.
	ScaleDenom float64
	// North is the north arrow's direction: "up", "down", "left", "right",
	// or a bearing in degrees as written.
	North string
	// NorthAngle is the arrow's rotation in degrees, clockwise from up.
	NorthAngle float64
	// NorthSet reports whether the plan declares north at all.
	NorthSet bool
	AccTitle string
	AccDescr string
	// SiteStreet is the site block's street direction as written ("north",
	// …), "" without a site; SiteHemisphere is "north" or "south" ("" when
	// unstated). (Added for core/analysis.)
	SiteStreet     string
	SiteHemisphere string

	// GridSet reports whether the plan states a grid.
	GridSet bool
	// ScaleSet reports whether the plan states a scale; ScaleNum is the 1 of
	// "1:N".
	ScaleSet bool
	ScaleNum float64
	// Paper is "A4"…"A0", "" when the plan declares no sheet; Orientation is
	// "landscape" (the default) or "portrait".
	Paper       string
	Orientation string
	// DimsAuto is "" (off), "overall", "rooms", "walls" or "all".
	DimsAuto string
	// Schedule reports `schedule rooms`; Legend reports `legend`.
	Schedule bool
	Legend   bool
	// AxesX and AxesY are the positioning axes in mm: sorted, deduplicated and
	// grid-snapped.
	AxesX, AxesY []float64
	// Theme is the named base palette ("" = default), ThemeFrom the colour of
	// `theme from "#rrggbb"` and ThemeEntries the `theme { … }` overrides in
	// source order (later entries win).
	Theme        string
	ThemeFrom    string
	ThemeEntries []KeyValue
	// Styles are the `style <kind> { … }` blocks in source order.
	Styles []Style
}

// KeyValue is one theme or style entry. Str is set for string values; Num
// and IsNum for numbers.
type KeyValue struct {
	Key   string
	Str   string
	Num   float64
	IsNum bool
}

// Style is one `style <kind> { … }` block.
type Style struct {
	Kind    string
	Entries []KeyValue
}

// WallKind is the wall category as written ("exterior", "partition", …).
type WallKind string

// Wall is a run of straight segments with one thickness.
type Wall struct {
	ID        string // explicit id, or "" when unnamed
	Kind      WallKind
	Thickness float64 // mm, after grid snapping
	Points    []geom.Point
	Closed    bool
	Span      source.Span

	// GenID is the resolved id: ID when written, else the generated
	// "<category>_<n>".
	GenID string
	// Material is the hatch ("poche" when unstated or unknown);
	// MaterialScale (default 1) and MaterialAngle (default 0) tune it.
	Material      string
	MaterialScale float64
	MaterialAngle float64
	// Arcs, when non-nil, has one entry per segment of Segments(); an entry
	// with Arc set makes that segment a circular arc.
	Arcs []WallArc
}

// WallArc describes a curved wall edge from one vertex to the next.
type WallArc struct {
	Arc    bool
	Center geom.Point
	Radius float64
	// CW reports a clockwise turn on the sheet (y down); Major the long way
	// round. Sweep is the signed turn in radians (positive = clockwise on
	// the sheet), StartAngle the angle of the first vertex about Center.
	CW         bool
	Major      bool
	StartAngle float64
	Sweep      float64
}

// Segments returns the wall's centreline segments in order (closing segment last).
func (w Wall) Segments() []geom.Segment {
	n := w.NumSegments()
	if n <= 0 {
		return nil
	}
	return w.AppendSegments(make([]geom.Segment, 0, n))
}

// NumSegments is how many segments Segments returns.
func (w *Wall) NumSegments() int {
	n := len(w.Points) - 1
	if w.Closed && len(w.Points) > 2 {
		n++
	}
	return max(n, 0)
}

// AppendSegments appends the wall's centreline segments to out, as
// Segments lists them.
func (w *Wall) AppendSegments(out []geom.Segment) []geom.Segment {
	for i := 0; i+1 < len(w.Points); i++ {
		out = append(out, geom.Segment{A: w.Points[i], B: w.Points[i+1]})
	}
	if w.Closed && len(w.Points) > 2 {
		out = append(out, geom.Segment{A: w.Points[len(w.Points)-1], B: w.Points[0]})
	}
	return out
}

// Room is a named floor area.
type Room struct {
	ID      string // explicit id, or the generated one (room_1, …)
	Label   string // "" when none
	Uses    []string
	Polygon geom.Polygon
	Span    source.Span

	// Shape is how the floor was given. For RoomCircle, Center and Radius
	// are exact and Polygon is a 48-gon inscribed ring; for a rectangle or a
	// polygon room Polygon is the ring itself.
	Shape  RoomShape
	Center geom.Point
	Radius float64
	// LabelAt is the pinned label anchor of `label "…" at (x,y)`, nil when
	// the label is placed automatically.
	LabelAt *geom.Point
	// Zone is the dotted path of the innermost enclosing zone, "" when none.
	Zone string
	// File names the imported module the statement was written in ("" for
	// the main file); Span is then an offset into that file. (Added for
	// core/lint, which reports findings there.)
	File string
	// Instance and Component name the placed instance the room was made
	// in and its component; "" outside instances. (Added for core/analysis.)
	Instance, Component string
	// Placement is how the room's position was given: "absolute" (a literal
	// at, a polygon or a circle), "relational" (right-of, below, …) or
	// "strip" (a strip row). (Added for core/analysis' freedom report.)
	Placement string
}

// RoomShape says how a room's floor was given.
type RoomShape int

const (
	// RoomRect is an axis-aligned rectangle (at/size, relational or strip).
	RoomRect RoomShape = iota
	// RoomPoly is a `room polygon`.
	RoomPoly
	// RoomCircle is a `room circle`.
	RoomCircle
)

// OpeningKind says what fills an opening in a wall.
type OpeningKind int

const (
	// Door is a door leaf (see DoorKind for the mechanism).
	Door OpeningKind = iota + 1
	// Window is glazing.
	Window
	// Cased is an opening with no leaf.
	Cased
)

// Opening is a door, window or cased opening hosted on a wall segment.
type Opening struct {
	ID   string
	Kind OpeningKind
	// DoorKind is the mechanism of a door (vocab.DoorKinds); "" for
	// windows and cased openings.
	DoorKind vocab.DoorKind
	Width    float64
	// Center is the opening's centre on the host wall's centreline.
	Center geom.Point
	// Wall indexes Plan.Walls; -1 when the opening is on no wall.
	Wall int
	// Segment indexes the host wall's Segments().
	Segment int
	Hinge   vocab.Hand  // the side a hinged door's leaf hangs from; "" when unsaid
	Swing   vocab.Swing // the side a hinged door's leaf opens to; "" when unsaid
	Slide   vocab.Hand  // the side a sliding leaf travels to; "" when unsaid
	Open    float64
	Span    source.Span

	// OffWall reports a free-placed opening farther than the on-wall
	// tolerance from every candidate wall. Wall/Segment then name the
	// nearest candidate, which the drawing still aligns with (-1 when the
	// plan has no candidate wall at all).
	OffWall bool
	// Attached reports the `on <wall> at <pos>` form.
	Attached bool
	// File names the imported module the statement was written in ("" for
	// the main file); Span is then an offset into that file.
	File string
	// Instance names the placed instance the opening was made in, "" when
	// none. (Added for core/analysis.)
	Instance string
}

// Furniture is a piece of furniture or a fixture.
type Furniture struct {
	ID     string
	Type   string // catalogue name as written ("bed", "wc", …)
	Label  string
	Rect   geom.Rect // plan-axis footprint
	Rotate float64   // degrees, the symbol's quarter-turn inside Rect
	Room   string    // room id it belongs to, "" when unstated
	Span   source.Span

	// Placement is "absolute", "against" or "anchored".
	Placement string
	// File names the imported module the statement was written in ("" for
	// the main file); Span is then an offset into that file.
	File string
	// Instance and Component name the placed instance the piece was made
	// in and its component; "" outside instances. (Added for core/analysis.)
	Instance, Component string
}

// Column is a solid structural column.
type Column struct {
	ID   string
	Rect geom.Rect
	Span source.Span
}

// VerticalKind names the vertical-circulation elements.
type VerticalKind int

const (
	// Stair is a flight of steps.
	Stair VerticalKind = iota + 1
	// Elevator is a lift car.
	Elevator
	// Escalator is a moving stair.
	Escalator
)

// Vertical is a stair, elevator or escalator footprint.
type Vertical struct {
	ID   string
	Kind VerticalKind
	Rect geom.Rect
	Dir  string // "up" or "down" (stairs and escalators)
	// Width is a stair's flight width (defaults to the cross-axis extent).
	Width float64
	Span  source.Span
}

// Dim is a dimension line.
type Dim struct {
	From, To geom.Point
	Offset   float64
	Text     string // "" means print the measured length
	// Mode is "", "faces" or "clear": how the endpoints were derived.
	Mode string
	Span source.Span

	// NoWall reports endpoints of a faces/clear dim that found no wall and
	// kept their written coordinates.
	NoWall bool
}

// Title is the title block.
type Title struct {
	// Fields in source order: key (project, drawn_by, date, …) and value.
	Fields []TitleField
	Span   source.Span
}

// TitleField is one key/value row of a title block.
type TitleField struct{ Key, Value string }

// Level identifies one storey of a multi-storey plan.
type Level struct {
	// Number is the level number as written ("1", "2", …).
	Number string
	// Name is the level's quoted name, "" when it has none.
	Name string
}

// Zone is a named group of rooms.
type Zone struct {
	// Path is the dotted id path ("west", "west.galleries").
	Path string
	// Label is the zone's quoted name, "" when it has none.
	Label string
	// Instance reports the implicit zone of a placed instance.
	// (Added for core/analysis.)
	Instance bool
}

// Instance is one placed component instance. (Added for core/analysis.)
type Instance struct {
	Name      string
	Component string
	At        geom.Point
	Rotate    float64
	Mirror    string // "x", "y" or ""
}
