package intent

import (
	"strconv"

	"github.com/archlang-go/caddy-archlang/core/diag"
)

// Violation codes, one per kind of miss.
const (
	CodeRoomCount   = diag.ErrIntentRoomCount
	CodeRoomMissing = diag.ErrIntentRoomMissing
	CodeRoomArea    = diag.ErrIntentRoomArea
	CodeTotalArea   = diag.ErrIntentTotalArea
	CodeNoWindow    = diag.ErrIntentNoWindow
	CodeNoSite      = diag.ErrIntentNoSite
	CodeNotAdjacent = diag.ErrIntentNotAdjacent
	CodeNoDoor      = diag.ErrIntentNoDoor
	CodeUnreachable = diag.ErrIntentUnreachable
)

// Kind is what a predicate asserts.
type Kind int

// Predicate kinds, in the order an intent lowers to them.
const (
	KindRoomCount Kind = iota + 1 // the plan's room count (policy B)
	KindPresence                  // a concept's room count band
	KindRoomArea                  // a concept's rooms inside an area band
	KindWindows                   // windows in a concept's rooms
	KindTotalArea                 // the total floor area inside a band
	KindAdjacent                  // two concepts joined by an interior door
	KindReachable                 // every room reachable from an entrance
)

// Dimension names a subscore.
type Dimension int

// The four subscore dimensions.
const (
	DimRooms Dimension = iota
	DimLabels
	DimArea
	DimAdjacency
)

// Predicate is one assertion an intent lowers to.
type Predicate struct {
	Kind Kind
	// Path is the JSON pointer into the intent the assertion comes from.
	Path string
	// Gate is true for a deliverable miss (it fails ok); adjacency and
	// reachability only score.
	Gate bool
	Dim  Dimension
	// Req is the roomsInclude entry (presence, area, windows) and Index
	// its position.
	Req   *RoomReq
	Index int
	// Edge is the adjacency pair and Source the adjacency's source.
	Edge   Edge
	Source string
}

// Lower turns an intent into its predicates, in evaluation order: the room
// count, then each roomsInclude entry's presence, area and windows, the
// total area, each adjacency pair, and reachability.
func Lower(in *Intent) []Predicate {
	var ps []Predicate
	if in.Rooms != nil {
		ps = append(ps, Predicate{Kind: KindRoomCount, Path: "/rooms", Gate: true, Dim: DimRooms})
	}
	for i := range in.RoomsInclude {
		q := &in.RoomsInclude[i]
		path := "/roomsInclude/" + strconv.Itoa(i)
		ps = append(ps, Predicate{Kind: KindPresence, Path: path, Gate: true, Dim: DimLabels, Req: q, Index: i})
		if q.Area != nil {
			ps = append(ps, Predicate{Kind: KindRoomArea, Path: path + "/areaM2", Gate: true, Dim: DimArea, Req: q, Index: i})
		}
		if q.Windows != nil {
			ps = append(ps, Predicate{Kind: KindWindows, Path: path + "/windows", Gate: true, Dim: DimLabels, Req: q, Index: i})
		}
	}
	if in.TotalArea != nil {
		ps = append(ps, Predicate{Kind: KindTotalArea, Path: "/totalAreaM2", Gate: true, Dim: DimArea})
	}
	if in.Adjacency != nil {
		for _, e := range in.Adjacency.Edges {
			ps = append(ps, Predicate{Kind: KindAdjacent, Path: "/adjacency", Dim: DimAdjacency, Edge: e, Source: in.Adjacency.Source})
		}
	}
	if in.Reachable {
		ps = append(ps, Predicate{Kind: KindReachable, Path: "/reachable", Dim: DimAdjacency})
	}
	return ps
}
