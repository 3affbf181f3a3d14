package wallseg

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

func pt(x, y float64) geom.Point { return geom.Point{X: x, Y: y} }

func TestSegments(t *testing.T) {
	p := &ir.Plan{Walls: []ir.Wall{
		{Thickness: 200, Points: []geom.Point{pt(0, 0), pt(4000, 0), pt(4000, 3000)}},
		{Thickness: 0, Points: []geom.Point{pt(0, 0), pt(1000, 0)}},            // no thickness: left out
		{Thickness: 100, Points: []geom.Point{pt(0, 0), pt(0, 0), pt(0, 500)}}, // a zero-length leg is skipped
		{Thickness: 100, Points: []geom.Point{pt(math.NaN(), 0), pt(0, 500)}},  // non-finite: left out
		{Thickness: 3e12, Points: []geom.Point{pt(0, 0), pt(1000, 0)}},         // over maxCoord
	}}
	segs := Segments(p, 1e12)
	type key struct{ wall, index int }
	var got []key
	for _, s := range segs {
		got = append(got, key{s.Wall, s.Index})
	}
	want := []key{{0, 0}, {0, 1}, {2, 1}}
	if len(got) != len(want) {
		t.Fatalf("legs %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("leg %d = %v, want %v", i, got[i], want[i])
		}
	}
	s := segs[0]
	if s.H != 100 || !s.Axis() || s.Dir() != pt(1, 0) || s.Normal() != pt(0, 1) {
		t.Errorf("leg 0: h %v axis %v dir %v normal %v", s.H, s.Axis(), s.Dir(), s.Normal())
	}
	// The solid runs half the thickness past each end so corners close.
	wantSolid := []geom.Point{pt(-100, -100), pt(4100, -100), pt(4100, 100), pt(-100, 100)}
	for i, q := range s.Solid() {
		if !q.ApproxEqual(wantSolid[i]) {
			t.Errorf("solid[%d] = %v, want %v", i, q, wantSolid[i])
		}
	}
	void := s.Void(1000, 1900)
	if !void[0].ApproxEqual(pt(1000, -100)) || !void[2].ApproxEqual(pt(1900, 100)) {
		t.Errorf("void = %v", void)
	}
	for _, c := range []struct {
		o    ir.Opening
		want int
	}{
		{ir.Opening{Wall: 0, Segment: 1, Width: 900, Center: pt(4000, 1500)}, 1},
		{ir.Opening{Wall: 2, Segment: 1, Width: 900, Center: pt(0, 250)}, 2},
		{ir.Opening{Wall: 2, Segment: 0, Width: 900, Center: pt(0, 0)}, -1}, // the skipped leg
		{ir.Opening{Wall: 0, Segment: 0, Width: 0, Center: pt(100, 0)}, -1},
	} {
		if got := HostIndex(segs, c.o, 1e12); got != c.want {
			t.Errorf("HostIndex(%+v) = %d, want %d", c.o, got, c.want)
		}
	}
}

func TestArc(t *testing.T) {
	// A quarter circle of radius 2000 about the origin, from (2000,0) to (0,2000).
	arc := ir.WallArc{Arc: true, Center: pt(0, 0), Radius: 2000, StartAngle: 0, Sweep: math.Pi / 2}
	s := Seg{A: pt(2000, 0), B: pt(0, 2000), H: 100, Arc: &arc}
	if q := s.ArcAt(0.5, 2000); !q.ApproxEqual(pt(2000*math.Sqrt2/2, 2000*math.Sqrt2/2)) {
		t.Errorf("ArcAt(0.5) = %v", q)
	}
	if d := s.ArcTangent(0); !d.ApproxEqual(pt(0, 1)) {
		t.Errorf("ArcTangent(0) = %v", d)
	}
	if f := s.ArcParam(pt(0, 5000)); math.Abs(f-1) > 1e-9 {
		t.Errorf("ArcParam = %v", f)
	}
	ring := s.Solid()
	// 12 steps of π/24: capped ends replace the end points, so the outer
	// and inner runs hold 11 points each, plus 4 cap corners.
	if len(ring) != 26 {
		t.Errorf("ring has %d points", len(ring))
	}
	for _, q := range ring {
		r := math.Hypot(q.X, q.Y)
		if r < 1900-1e-6 || r > math.Hypot(2100, 100)+1e-6 {
			t.Errorf("ring point %v at radius %v", q, r)
		}
	}
}

// TestStraightSolid checks Solid's corners, bit for bit, against their
// plain statement: the centreline extended by Dir times the half
// thickness, offset by Normal times it.
func TestStraightSolid(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 10000 {
		sg := Seg{A: pt(rng.Float64()*1e5, rng.Float64()*1e5), H: rng.Float64() * 300}
		switch rng.IntN(3) {
		case 0:
			sg.B = pt(sg.A.X, rng.Float64()*1e5)
		case 1:
			sg.B = pt(rng.Float64()*1e5, sg.A.Y+rng.Float64()*1e-3)
		default:
			sg.B = pt(rng.Float64()*1e5, rng.Float64()*1e5)
		}
		d, n := sg.Dir().Mul(sg.H), sg.Normal().Mul(sg.H)
		a, b := sg.A.Sub(d), sg.B.Add(d)
		want := []geom.Point{a.Sub(n), b.Sub(n), b.Add(n), a.Add(n)}
		if got := sg.Solid(); !slices.Equal(got, want) {
			t.Fatalf("%+v: solid %v, want %v", sg, got, want)
		}
		if got := sg.AppendStraightSolid([]geom.Point{{}}); !slices.Equal(got[1:], want) {
			t.Fatalf("%+v: appended %v, want %v after the first", sg, got, want)
		}
	}
}
