package txt

import (
	"testing"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// TestWCMark pins where a WC's letter goes: wcDepthFrac of its depth from
// the back, the back turning clockwise with the piece.
func TestWCMark(t *testing.T) {
	r := geom.Rect{Min: geom.Point{X: 1000, Y: 2000}, Max: geom.Point{X: 3000, Y: 6000}}
	tests := []struct {
		rot  float64
		want geom.Point
	}{
		{0, geom.Point{X: 2000, Y: 2000 + wcDepthFrac*4000}},
		{360, geom.Point{X: 2000, Y: 2000 + wcDepthFrac*4000}},
		{90, geom.Point{X: 3000 - wcDepthFrac*2000, Y: 4000}},
		{180, geom.Point{X: 2000, Y: 6000 - wcDepthFrac*4000}},
		{-180, geom.Point{X: 2000, Y: 6000 - wcDepthFrac*4000}},
		{270, geom.Point{X: 1000 + wcDepthFrac*2000, Y: 4000}},
		{-90, geom.Point{X: 1000 + wcDepthFrac*2000, Y: 4000}},
		{nan(), geom.Point{X: 2000, Y: 2000 + wcDepthFrac*4000}},
	}
	for _, tc := range tests {
		got := wcMark(ir.Furniture{Type: "wc", Rect: r, Rotate: tc.rot})
		if !got.ApproxEqual(tc.want) {
			t.Errorf("rotate %v: %v, want %v", tc.rot, got, tc.want)
		}
	}
}

// TestCrossingsSnap pins that a split point on an axis-parallel edge takes
// the crossing wall's coordinate exactly: 3550 is not 3549.9999999999995,
// which would fall a column short.
func TestCrossingsSnap(t *testing.T) {
	tests := []struct {
		name string
		e, f edge
		want []geom.Point
	}{
		{"horizontal by vertical",
			edge{geom.Point{X: 7050, Y: 150}, geom.Point{X: 150, Y: 150}},
			edge{geom.Point{X: 3550, Y: 2950}, geom.Point{X: 3550, Y: -100}},
			[]geom.Point{{X: 3550, Y: 150}}},
		{"vertical by horizontal",
			edge{geom.Point{X: 3550, Y: 2950.000000000001}, geom.Point{X: 3550, Y: 150}},
			edge{geom.Point{X: 0, Y: 1000.1}, geom.Point{X: 7000, Y: 1000.1}},
			[]geom.Point{{X: 3550, Y: 1000.1}}},
		{"collinear overlap",
			edge{geom.Point{X: 0, Y: 10}, geom.Point{X: 1000, Y: 10}},
			edge{geom.Point{X: 300.3, Y: 10}, geom.Point{X: 700.7, Y: 10}},
			[]geom.Point{{X: 300.3, Y: 10}, {X: 700.7, Y: 10}}},
		{"apart",
			edge{geom.Point{X: 0, Y: 0}, geom.Point{X: 1000, Y: 0}},
			edge{geom.Point{X: 2000, Y: -5}, geom.Point{X: 2000, Y: 5}},
			nil},
	}
	for _, tc := range tests {
		got := crossings(tc.e, tc.f)
		if len(got) != len(tc.want) {
			t.Fatalf("%s: %d cuts, want %d", tc.name, len(got), len(tc.want))
		}
		for i, c := range got {
			if c.p != tc.want[i] {
				t.Errorf("%s: cut %d at %v, want exactly %v", tc.name, i, c.p, tc.want[i])
			}
		}
	}
}

func nan() float64 {
	var z float64
	return z / z
}

// TestGridSize pins the grid's size for extents measured against the
// reference: 80 columns unless the rows that needs round past 48.
func TestGridSize(t *testing.T) {
	tests := []struct {
		w, h       float64
		cols, rows int
	}{
		{5200, 6300, 80, 48}, // 48.46 rows round to 48: stays 80 wide
		{5150, 6300, 78, 48}, // 48.93 rows round to 49: height-bound
		{5100, 6300, 78, 48},
		{4000, 9000, 43, 48},
		{3850, 9000, 41, 48},
		{8000, 3030, 80, 15},
		{8000, 3110, 80, 16},
		{0, 0, 80, 1},
		{0, 5000, 1, 48},
		{5000, 0, 80, 1},
	}
	for _, tc := range tests {
		g := newGrid(geom.Rect{Max: geom.Point{X: tc.w, Y: tc.h}})
		if g.cols != tc.cols || g.rows != tc.rows {
			t.Errorf("%vx%v: %dx%d, want %dx%d", tc.w, tc.h, g.cols, g.rows, tc.cols, tc.rows)
		}
	}
}

// TestCellBoundary pins that a coordinate on a cell boundary falls in the
// cell it starts.
func TestCellBoundary(t *testing.T) {
	g := newGrid(geom.Rect{Min: geom.Point{X: -100, Y: -100}, Max: geom.Point{X: 8100, Y: 4900}})
	if g.rows != 24 {
		t.Fatalf("rows = %d, want 24", g.rows)
	}
	if r := g.row(2400); r != 12 {
		t.Errorf("row(2400) = %d, want 12", r)
	}
}
