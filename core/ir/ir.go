// Package ir is the resolved plan: every element placed in millimetres, every
// reference resolved, every default applied. Each element keeps the span of
// the source statement it came from. Renderers and analyses read an ir.Plan;
// nothing here knows about syntax or scripting.
package ir

import (
	"github.com/archlang-go/caddy-archlang/core/geom"
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
}

// Segments returns the wall's centreline segments in order (closing segment last).
func (w Wall) Segments() []geom.Segment {
	var out []geom.Segment
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
}

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
	// DoorKind is "hinged", "sliding", "barn", "bifold" or "pocket" for doors.
	DoorKind string
	Width    float64
	// Center is the opening's centre on the host wall's centreline.
	Center geom.Point
	// Wall indexes Plan.Walls; -1 when the opening is on no wall.
	Wall int
	// Segment indexes the host wall's Segments().
	Segment int
	Hinge   string // "left" or "right"
	Swing   string // "in" or "out"
	Slide   string // "left" or "right"
	Open    float64
	Span    source.Span
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
}

// Dim is a dimension line.
type Dim struct {
	From, To geom.Point
	Offset   float64
	Text     string // "" means print the measured length
	// Mode is "", "faces" or "clear": how the endpoints were derived.
	Mode string
	Span source.Span
}

// Title is the title block.
type Title struct {
	// Fields in source order: key (project, drawn_by, date, …) and value.
	Fields []TitleField
	Span   source.Span
}

// TitleField is one key/value row of a title block.
type TitleField struct{ Key, Value string }
