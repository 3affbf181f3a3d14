package analysis

import (
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// RoomsNear returns, in room order, the rooms whose extent grown by
// TouchTolerance holds q: every room q can touch (and every room whose
// floor can hold q).
func (m *Model) RoomsNear(q geom.Point) []int {
	return m.rooms().Query(geom.Rect{Min: q, Max: q})
}

// rooms returns the model's index of the rooms' extents grown by
// TouchTolerance, built on first use.
func (m *Model) rooms() *geom.RectIndex {
	if m.index == nil {
		g := TouchTolerance + geomEps
		boxes := make([]geom.Rect, len(m.Plan.Rooms))
		for i := range m.Plan.Rooms {
			b := roomBounds(&m.Plan.Rooms[i])
			boxes[i] = geom.Rect{Min: geom.Point{X: b.Min.X - g, Y: b.Min.Y - g}, Max: geom.Point{X: b.Max.X + g, Y: b.Max.Y + g}}
		}
		m.index = geom.NewRectIndex(boxes)
	}
	return m.index
}

// openingRooms is OpeningRooms through the index.
func (m *Model) openingRooms(op *ir.Opening) []int {
	var out []int
	for _, i := range m.RoomsNear(op.Center) {
		if DistToRoom(&m.Plan.Rooms[i], op.Center) <= TouchTolerance+geomEps {
			out = append(out, i)
		}
	}
	return out
}

// roomAt is RoomAt through the index.
func (m *Model) roomAt(q geom.Point) int {
	for _, i := range m.RoomsNear(q) {
		if RoomContains(&m.Plan.Rooms[i], q) {
			return i
		}
	}
	return -1
}
