package analysis

import (
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// RoomAt returns the first room whose floor contains q (its bounding box
// for a rectangle, the ring for a polygon, the circle for a circle), or -1.
func RoomAt(p *ir.Plan, q geom.Point) int {
	for i := range p.Rooms {
		if RoomContains(&p.Rooms[i], q) {
			return i
		}
	}
	return -1
}

// RoomContains reports whether q lies on a room's floor (edges included).
func RoomContains(r *ir.Room, q geom.Point) bool {
	switch r.Shape {
	case ir.RoomCircle:
		return q.Sub(r.Center).Len() <= r.Radius+geomEps
	case ir.RoomRect:
		b := r.Polygon.Bounds()
		return q.X >= b.Min.X-geomEps && q.X <= b.Max.X+geomEps && q.Y >= b.Min.Y-geomEps && q.Y <= b.Max.Y+geomEps
	}
	if DistToRoom(r, q) <= geomEps {
		return true
	}
	in := false
	pg := r.Polygon
	for i, j := 0, len(pg)-1; i < len(pg); j, i = i, i+1 {
		a, b := pg[i], pg[j]
		if (a.Y > q.Y) != (b.Y > q.Y) && q.X < (b.X-a.X)*(q.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}
