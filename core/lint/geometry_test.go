package lint

import (
	"testing"

	"github.com/archlang-go/caddy-archlang/core/geom"
)

// TestInPolygon covers boundaries, duplicate vertices and degenerate rings.
func TestInPolygon(t *testing.T) {
	sq := geom.Polygon{{X: 0, Y: 0}, {X: 10, Y: 0}, {X: 10, Y: 10}, {X: 0, Y: 10}}
	line := geom.Polygon{{X: 5, Y: 5}, {X: 5, Y: 8}, {X: 5, Y: 8}, {X: 5, Y: 5}}
	for _, c := range []struct {
		pg   geom.Polygon
		p    geom.Point
		want bool
	}{
		{sq, geom.Point{X: 5, Y: 5}, true},
		{sq, geom.Point{X: 0, Y: 5}, true},
		{sq, geom.Point{X: 10, Y: 10}, true},
		{sq, geom.Point{X: 11, Y: 5}, false},
		{line, geom.Point{}, false},
		{line, geom.Point{X: 5, Y: 6}, true},
		{geom.Polygon{{X: 1, Y: 1}}, geom.Point{X: 1, Y: 1}, false},
	} {
		if got := inPolygon(c.pg, c.p); got != c.want {
			t.Errorf("inPolygon(%v, %v) = %v, want %v", c.pg, c.p, got, c.want)
		}
	}
}

// TestSwingDistance: a piece only touching the far edge of a door's sweep
// box is as far from the hinge as its nearest touching point.
func TestSwingDistance(t *testing.T) {
	s := swing{hinge: geom.Point{X: 3500, Y: 6000}, u: geom.Point{X: -1}, v: geom.Point{Y: -1}, r: 1150, pad: 150}
	d, ok := s.rectDistance(geom.Rect{Min: geom.Point{X: 350, Y: 4300}, Max: geom.Point{X: 2350, Y: 5200}})
	if !ok || d < 1400 || d > 1401 {
		t.Errorf("distance = %v, %v; want about 1400.9", d, ok)
	}
	if _, ok := s.rectDistance(geom.Rect{Min: geom.Point{X: 0, Y: 0}, Max: geom.Point{X: 100, Y: 100}}); ok {
		t.Error("a piece far away counts")
	}
}
