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

// TestStepRound pins the rounding of a line's minor axis: to the nearest
// cell, a half going toward the line's start.
func TestStepRound(t *testing.T) {
	tests := []struct{ p, q, want int }{
		{0, 5, 0}, {3, 5, 1}, {6, 5, 1}, {9, 5, 2}, {12, 5, 2},
		{3, 6, 0}, {9, 6, 1}, {15, 6, 2}, {18, 6, 3},
		{-3, 6, 0}, {-9, 6, -1}, {-6, 5, -1}, {-12, 5, -2},
		{4, 0, 0},
	}
	for _, tc := range tests {
		if got := stepRound(tc.p, tc.q); got != tc.want {
			t.Errorf("stepRound(%d, %d) = %d, want %d", tc.p, tc.q, got, tc.want)
		}
	}
}

// TestDoorPanels pins where a moving door's panels go, on a door 1000 wide
// in a wall 200 thick running along +x (its left normal is +y).
func TestDoorPanels(t *testing.T) {
	f := frame{a: geom.Point{}, d: geom.Point{X: 1}, n: geom.Point{Y: 1}, h: 100, w: 1000}
	tests := []struct {
		name string
		o    ir.Opening
		want [][2]geom.Point // lines drawn, in order
	}{
		{"sliding left", ir.Opening{DoorKind: "sliding", Open: 0.5},
			[][2]geom.Point{{{X: 0, Y: -30}, {X: 550, Y: -30}}, {{X: 225, Y: 30}, {X: 775, Y: 30}}}},
		{"sliding right", ir.Opening{DoorKind: "sliding", Slide: "right", Open: 0},
			[][2]geom.Point{{{X: 450, Y: 30}, {X: 1000, Y: 30}}, {{X: 0, Y: -30}, {X: 550, Y: -30}}}},
		{"barn out", ir.Opening{DoorKind: "barn", Swing: "out", Open: 0.5},
			[][2]geom.Point{{{X: -550, Y: -120}, {X: 550, Y: -120}}}},
		{"barn right", ir.Opening{DoorKind: "barn", Slide: "right", Open: 1},
			[][2]geom.Point{{{X: 950, Y: 120}, {X: 2050, Y: 120}}}},
		{"bifold shut", ir.Opening{DoorKind: "bifold", Open: 0},
			[][2]geom.Point{{{X: 0, Y: 0}, {X: 500, Y: 0}}, {{X: 500, Y: 0}, {X: 1000, Y: 0}}}},
		{"bifold right out full", ir.Opening{DoorKind: "bifold", Slide: "right", Swing: "out", Open: 1},
			[][2]geom.Point{{{X: 1000, Y: 0}, {X: 1000, Y: -500}}, {{X: 1000, Y: -500}, {X: 1000, Y: 0}}}},
	}
	for _, tc := range tests {
		var got [][2]geom.Point
		drawPanelsWith(tc.o, f, func(a, b geom.Point) { got = append(got, [2]geom.Point{a, b}) })
		if len(got) != len(tc.want) {
			t.Errorf("%s: %d lines, want %d", tc.name, len(got), len(tc.want))
			continue
		}
		for i := range got {
			if !got[i][0].ApproxEqual(tc.want[i][0]) || !got[i][1].ApproxEqual(tc.want[i][1]) {
				t.Errorf("%s: line %d %v, want %v", tc.name, i, got[i], tc.want[i])
			}
		}
	}
}

// TestOneCellLine pins what a line inside one cell marks: it runs across
// unless it is exactly upright, when it marks nothing (a curve's short
// pieces and the stub of face between a junction and an opening mark;
// a jamb across a wall's thickness does not).
func TestOneCellLine(t *testing.T) {
	tests := []struct {
		name   string
		a, b   geom.Point
		h, v   bool
		anyRow bool
	}{
		{"across", geom.Point{X: 1010, Y: 1010}, geom.Point{X: 1060, Y: 1010}, true, false, false},
		{"slanted", geom.Point{X: 1010, Y: 1010}, geom.Point{X: 1020, Y: 1060}, true, false, false},
		{"upright", geom.Point{X: 1010, Y: 1010}, geom.Point{X: 1010, Y: 1060}, false, false, false},
		{"upright over rows", geom.Point{X: 1010, Y: 1010}, geom.Point{X: 1010, Y: 1900}, false, true, true},
	}
	for _, tc := range tests {
		g := newGrid(geom.Rect{Max: geom.Point{X: 8000, Y: 4800}})
		if !tc.anyRow && (g.col(tc.a.X) != g.col(tc.b.X) || g.row(tc.a.Y) != g.row(tc.b.Y)) {
			t.Fatalf("%s: the ends are not in one cell", tc.name)
		}
		g.line(tc.a, tc.b, 0)
		ce := g.at(g.col(tc.a.X), g.row(tc.a.Y))
		if ce.h != tc.h || ce.v != tc.v {
			t.Errorf("%s: marked h=%v v=%v, want h=%v v=%v", tc.name, ce.h, ce.v, tc.h, tc.v)
		}
	}
}

// TestLegOutline pins a straight leg drawn alone: the ring round its
// footprint reaching half the thickness past each end, walked along the
// left face first, then both faces again stopping square at the end
// points, each from the leg's start to its end.
func TestLegOutline(t *testing.T) {
	sg := wallSeg{A: geom.Point{X: 0, Y: 0}, B: geom.Point{X: 3000, Y: 4000}, H: 50}
	got := legOutline(sg)
	p := func(x, y float64) geom.Point { return geom.Point{X: x, Y: y} }
	want := []edge{
		{p(-70, -10), p(2990, 4070)}, {p(2990, 4070), p(3070, 4010)},
		{p(3070, 4010), p(10, -70)}, {p(10, -70), p(-70, -10)},
		{p(-40, 30), p(2960, 4030)}, {p(40, -30), p(3040, 3970)},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d edges, want %d: %v", len(got), len(want), got)
	}
	for i := range want {
		if !got[i].a.ApproxEqual(want[i].a) || !got[i].b.ApproxEqual(want[i].b) {
			t.Errorf("edge %d = %v, want %v", i, got[i], want[i])
		}
	}
	if !legByLeg([]wallSeg{sg}) {
		t.Error("an angled leg is not drawn leg by leg")
	}
	if legByLeg([]wallSeg{{A: geom.Point{}, B: geom.Point{X: 10}, H: 5}}) {
		t.Error("an axis leg is drawn leg by leg")
	}
}
