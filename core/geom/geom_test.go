package geom

import (
	"math"
	"testing"
)

func TestPolygonArea(t *testing.T) {
	for _, c := range []struct {
		name string
		pg   Polygon
		want float64
	}{
		{"square", Polygon{{0, 0}, {4000, 0}, {4000, 3000}, {0, 3000}}, 12e6},
		{"clockwise", Polygon{{0, 0}, {0, 3000}, {4000, 3000}, {4000, 0}}, 12e6},
		{"L", Polygon{{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}, 3},
		{"empty", nil, 0},
	} {
		if got := c.pg.Area(); math.Abs(got-c.want) > Eps {
			t.Errorf("%s: Area = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestSegment(t *testing.T) {
	s := Segment{Point{0, 0}, Point{10, 0}}
	if !s.At(4).ApproxEqual(Point{4, 0}) || s.Len() != 10 {
		t.Errorf("At/Len wrong: %v %v", s.At(4), s.Len())
	}
	along, off := s.Project(Point{3, -2})
	if along != 3 || off != 2 {
		t.Errorf("Project = %v, %v", along, off)
	}
	if b := (Polygon{{1, 5}, {-2, 3}, {4, -1}}).Bounds(); b != (Rect{Point{-2, -1}, Point{4, 5}}) || b.W() != 6 || b.H() != 6 {
		t.Errorf("Bounds = %v", b)
	}
	if c := RectXYWH(0, 0, 4, 2).Center(); c != (Point{2, 1}) {
		t.Errorf("Center = %v", c)
	}
}

func TestCentroid(t *testing.T) {
	for _, c := range []struct {
		name string
		pg   Polygon
		want Point
	}{
		{"rectangle", Polygon{{0, 0}, {4000, 0}, {4000, 2000}, {0, 2000}}, Point{2000, 1000}},
		{"L shape", Polygon{{0, 0}, {4000, 0}, {4000, 1000}, {1000, 1000}, {1000, 4000}, {0, 4000}}, Point{9500.0 / 7, 9500.0 / 7}},
		{"clockwise triangle", Polygon{{0, 0}, {0, 3000}, {3000, 0}}, Point{1000, 1000}},
		{"degenerate: vertex mean", Polygon{{0, 0}, {1000, 0}, {2000, 0}}, Point{1000, 0}},
		{"empty", nil, Point{}},
	} {
		if got := c.pg.Centroid(); !got.ApproxEqual(c.want) {
			t.Errorf("%s: Centroid = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestBounds(t *testing.T) {
	var b Bounds
	if b.OK {
		t.Fatal("an empty Bounds holds something")
	}
	b.Add(Point{X: 3, Y: -1})
	if !b.OK || b.Rect != (Rect{Min: Point{X: 3, Y: -1}, Max: Point{X: 3, Y: -1}}) {
		t.Fatalf("one point: %+v", b)
	}
	b.AddRect(Rect{Min: Point{X: -2, Y: 0}, Max: Point{X: 1, Y: 5}})
	b.Add(Point{X: 4, Y: 2})
	if want := (Rect{Min: Point{X: -2, Y: -1}, Max: Point{X: 4, Y: 5}}); b.Rect != want {
		t.Fatalf("box %+v, want %+v", b.Rect, want)
	}
}
