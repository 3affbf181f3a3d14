package analysis

import (
	"bytes"
	"encoding/json"

	"github.com/archlang-go/caddy-archlang/core/diag"
)

// Facts is describe's whole answer. Its JSON encoding (field names, order,
// which keys are omitted and which are null) is the reference's wire shape.
// The embedded Summary carries the per-storey facts; Levels repeats them per
// storey for a multi-storey plan.
type Facts struct {
	OK bool `json:"ok"`
	Summary
	// Levels has one summary per storey, ascending; nil for a single-storey
	// plan.
	Levels []LevelFacts `json:"levels,omitempty"`
	// Vertical is the whole-building shaft graph; nil unless a run spans two
	// or more storeys.
	Vertical *VerticalGraph `json:"vertical,omitempty"`
	// Diagnostics are the compile findings; the facade fills them in.
	Diagnostics []diag.JSON `json:"diagnostics"`
	// Filtered and the Selected fields mark a display-filtered answer (see
	// Options).
	Filtered      bool     `json:"filtered,omitempty"`
	SelectedLevel *int     `json:"selected_level,omitempty"`
	SelectedZones []string `json:"selected_zones,omitempty"`
	SelectedRooms []string `json:"selected_rooms,omitempty"`
}

// LevelFacts is one storey's summary inside Facts.Levels.
type LevelFacts struct {
	Level int    `json:"level"`
	Name  string `json:"name,omitempty"`
	Summary
}

// Summary is the facts of one drawing (one storey).
type Summary struct {
	Plan      string        `json:"plan"`
	Caption   string        `json:"caption"`
	AccTitle  *string       `json:"accTitle,omitempty"`
	AccDescr  *string       `json:"accDescr,omitempty"`
	Units     string        `json:"units"`
	Scale     string        `json:"scale,omitempty"`
	Sheet     *Sheet        `json:"sheet,omitempty"`
	BBox      Size          `json:"bbox"`
	BBoxOuter Size          `json:"bbox_outer"`
	Site      *Site         `json:"site,omitempty"`
	Axes      *Axes         `json:"axes,omitempty"`
	Instances []Instance    `json:"instances,omitempty"`
	Rooms     []Room        `json:"rooms"`
	Doors     []Door        `json:"doors"`
	Windows   []Window      `json:"windows"`
	Openings  []Door        `json:"openings"`
	Furniture []Piece       `json:"furniture"`
	Verticals []VerticalRun `json:"verticals,omitempty"`
	Access    Access        `json:"access"`
	// Circulation is null when the plan has no modelled entrance.
	Circulation *Circulation  `json:"circulation"`
	Totals      Totals        `json:"totals"`
	InputGraph  Graph         `json:"input_graph"`
	Freedom     Freedom       `json:"freedom"`
	Schedule    []ScheduleRow `json:"schedule,omitempty"`
	Zones       []ZoneFacts   `json:"zones,omitempty"`
	// Truncated names the lists of these facts that a budget cut, and
	// how (this project's own key, absent unless a list was cut; see
	// MaxRoomPairs).
	Truncated []string `json:"truncated,omitempty"`
}

// Size is a width and height in mm.
type Size struct {
	W float64 `json:"w"`
	H float64 `json:"h"`
}

// Box is an axis-aligned box in mm: top-left corner and size.
type Box struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	W float64 `json:"w"`
	H float64 `json:"h"`
}

// XY is a plan point in mm.
type XY struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Circle is a circular room's exact floor.
type Circle struct {
	CX float64 `json:"cx"`
	CY float64 `json:"cy"`
	R  float64 `json:"r"`
}

// Sheet is the declared paper and the operative scale.
type Sheet struct {
	Paper            string  `json:"paper"`
	Orientation      string  `json:"orientation"`
	ScaleDenominator float64 `json:"scale_denominator"`
	ScaleAuto        bool    `json:"scale_auto"`
	Fits             bool    `json:"fits"`
}

// Site is the compass letter of each direction name a site block licenses.
type Site struct {
	Street      string `json:"street"`
	Back        string `json:"back"`
	EquatorSide string `json:"equator_side"`
	SunriseSide string `json:"sunrise_side"`
	SunsetSide  string `json:"sunset_side"`
	Hemisphere  string `json:"hemisphere"`
}

// Axes are the positioning axes in label order.
type Axes struct {
	X []Axis `json:"x"`
	Y []Axis `json:"y"`
}

// Axis is one positioning axis.
type Axis struct {
	Pos   float64 `json:"pos"`
	Label string  `json:"label"`
}

// Instance is one placed component instance.
type Instance struct {
	Name      string  `json:"name"`
	Component string  `json:"component"`
	At        XY      `json:"at"`
	Rotate    float64 `json:"rotate"`
	Mirror    string  `json:"mirror,omitempty"`
}

// Room is one room's facts.
type Room struct {
	ID       string   `json:"id"`
	Label    string   `json:"label,omitempty"`
	Uses     []string `json:"uses"`
	RoomType string   `json:"room_type"`
	AreaM2   float64  `json:"area_m2"`
	BBox     Box      `json:"bbox"`
	// FloorCircle is set for a circular room (FloorPolygon is then empty).
	FloorCircle  *Circle  `json:"floor_circle,omitempty"`
	FloorPolygon []XY     `json:"floor_polygon"`
	Adjacent     []string `json:"adjacent"`
	Instance     string   `json:"instance,omitempty"`
	Component    string   `json:"component,omitempty"`
}

// Door is a door or cased opening and the spaces it joins (room ids or
// "exterior").
type Door struct {
	ID       string   `json:"id"`
	Instance string   `json:"instance,omitempty"`
	Between  []string `json:"between"`
	Width    float64  `json:"width"`
	// Kind is the door mechanism when it is not hinged.
	Kind string `json:"kind,omitempty"`
}

// Window is a window, the room it lights and the direction it faces.
type Window struct {
	ID       string  `json:"id"`
	Instance string  `json:"instance,omitempty"`
	Room     *string `json:"room"`
	Width    float64 `json:"width"`
	// Facing is the compass letter after north is applied; FacingPage the
	// page direction, present only when north changes the answer.
	Facing     string `json:"facing"`
	FacingPage string `json:"facingPage,omitempty"`
}

// Piece is one piece of furniture or fixture.
type Piece struct {
	ID        string  `json:"id"`
	Category  string  `json:"category"`
	Label     string  `json:"label,omitempty"`
	Room      string  `json:"room,omitempty"`
	Rotate    float64 `json:"rotate,omitempty"`
	Instance  string  `json:"instance,omitempty"`
	Component string  `json:"component,omitempty"`
}

// VerticalRun is a stair, elevator or escalator drawn on a storey.
type VerticalRun struct {
	ID          string   `json:"id"`
	Kind        string   `json:"kind"`
	Dir         string   `json:"dir,omitempty"`
	Room        *string  `json:"room"`
	BBox        Box      `json:"bbox"`
	FlightWidth *float64 `json:"flight_width,omitempty"`
}

// Access is the connector graph walked from the exterior.
type Access struct {
	Entrances   []string     `json:"entrances"`
	HasEntrance bool         `json:"hasEntrance"`
	Edges       []AccessEdge `json:"edges"`
	Rooms       []AccessRoom `json:"rooms"`
}

// AccessEdge is one connector (door or cased opening).
type AccessEdge struct {
	DoorID              string    `json:"doorId"`
	Kind                string    `json:"kind"`
	Between             [2]string `json:"between"`
	NominalWidth        float64   `json:"nominalWidth"`
	EstimatedClearWidth float64   `json:"estimatedClearWidth"`
	HostCategory        string    `json:"hostCategory,omitempty"`
	HostWallID          string    `json:"hostWallId,omitempty"`
	Exterior            bool      `json:"exterior"`
	Ambiguous           bool      `json:"ambiguous"`
}

// AccessRoom is one room's reachability from the exterior.
type AccessRoom struct {
	ID                   string   `json:"id"`
	DepthFromEntrance    *int     `json:"depthFromEntrance"`
	Reachable            bool     `json:"reachable"`
	BottleneckClearWidth *float64 `json:"bottleneckClearWidth"`
}

// Circulation is the walk measured on the nav grid from the first entrance.
type Circulation struct {
	EntranceID   string      `json:"entranceId"`
	CellSizeMm   float64     `json:"cellSizeMm"`
	BodyRadiusMm float64     `json:"bodyRadiusMm"`
	Rooms        []WalkRoom  `json:"rooms"`
	Routes       []WalkRoute `json:"routes"`
}

// WalkRoom is the walk from the entrance to one room.
type WalkRoom struct {
	RoomID                 string   `json:"roomId"`
	WalkDistanceMm         *float64 `json:"walkDistanceMm"`
	BottleneckClearWidthMm *float64 `json:"bottleneckClearWidthMm"`
	DetourRatio            *float64 `json:"detourRatio"`
}

// WalkRoute is a key functional route between two rooms.
type WalkRoute struct {
	FromRoomID             string   `json:"fromRoomId"`
	ToRoomID               string   `json:"toRoomId"`
	WalkDistanceMm         *float64 `json:"walkDistanceMm"`
	BottleneckClearWidthMm *float64 `json:"bottleneckClearWidthMm"`
	DetourRatio            *float64 `json:"detourRatio"`
}

// Totals are the plan's counts and floor area.
type Totals struct {
	Rooms       int     `json:"rooms"`
	Doors       int     `json:"doors"`
	Windows     int     `json:"windows"`
	FloorAreaM2 float64 `json:"floor_area_m2"`
}

// Graph is the room connectivity through interior doors and openings: one
// entry per room, in room order. It encodes as a JSON object whose keys keep
// that order.
type Graph []GraphNode

// GraphNode is one room and the rooms it connects to.
type GraphNode struct {
	Room      string
	Neighbors []string
}

// MarshalJSON encodes g as an object in room order.
func (g Graph) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, n := range g {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(n.Room)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		nb := n.Neighbors
		if nb == nil {
			nb = []string{}
		}
		v, err := json.Marshal(nb)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Freedom says, per element, whether its position was written or derived.
type Freedom struct {
	Rooms     RoomFreedom      `json:"rooms"`
	Openings  OpeningFreedom   `json:"openings"`
	Furniture FurnitureFreedom `json:"furniture"`
	Elements  []FreedomElement `json:"elements"`
}

// RoomFreedom counts rooms by placement.
type RoomFreedom struct {
	Total      int `json:"total"`
	Absolute   int `json:"absolute"`
	Relational int `json:"relational"`
	Strip      int `json:"strip"`
}

// OpeningFreedom counts doors, windows and openings by placement.
type OpeningFreedom struct {
	Total    int `json:"total"`
	Attached int `json:"attached"`
	Absolute int `json:"absolute"`
}

// FurnitureFreedom counts furniture by placement.
type FurnitureFreedom struct {
	Total       int `json:"total"`
	Anchored    int `json:"anchored"`
	AgainstWall int `json:"againstWall"`
	Absolute    int `json:"absolute"`
}

// FreedomElement is one element's placement.
type FreedomElement struct {
	ID        string `json:"id"`
	Kind      string `json:"kind"`
	Placement string `json:"placement"`
	Instance  string `json:"instance,omitempty"`
}

// ScheduleRow is one row of the drawn room schedule.
type ScheduleRow struct {
	No     string  `json:"no"`
	ID     string  `json:"id"`
	Name   string  `json:"name"`
	AreaM2 float64 `json:"area_m2"`
	Zone   string  `json:"zone,omitempty"`
}

// ZoneFacts is one declared (or instance) zone and the rooms it groups.
type ZoneFacts struct {
	ID          string   `json:"id"`
	Label       string   `json:"label,omitempty"`
	Path        string   `json:"path"`
	Level       *int     `json:"level,omitempty"`
	Rooms       []string `json:"rooms"`
	RoomCount   int      `json:"room_count"`
	FloorAreaM2 float64  `json:"floor_area_m2"`
}

// VerticalGraph joins storeys through shafts drawn with the same id.
type VerticalGraph struct {
	Connections     []Connection `json:"connections"`
	ReachableLevels []int        `json:"reachable_levels"`
}

// Connection is one shaft and the storeys it stops at.
type Connection struct {
	ID     string `json:"id"`
	Kind   string `json:"kind"`
	Levels []int  `json:"levels"`
	Stops  []Stop `json:"stops"`
}

// Stop is a shaft's landing on one storey.
type Stop struct {
	Level int     `json:"level"`
	Dir   string  `json:"dir,omitempty"`
	Room  *string `json:"room"`
}
