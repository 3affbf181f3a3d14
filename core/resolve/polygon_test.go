package resolve

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/geom"
)

// TestOnSegmentMatchesSegDist holds onSegment's box shortcut to the plain
// test it stands for, segDist <= geom.Eps, on random segments and points:
// on grid coordinates, at the ends and along the segments, just inside and
// outside the tolerance, and at magnitudes up to and past boxLimit.
func TestOnSegmentMatchesSegDist(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	scales := []float64{1, 1000, 1e6, 1e8, 2e9, 1e15}
	near := []float64{0, geom.Eps / 2, geom.Eps, geom.Eps * 1.0001, 2 * geom.Eps, boxGap / 2, boxGap, boxGap * 1.01, 1, 100}
	pick := func(s float64) float64 {
		switch rng.IntN(3) {
		case 0:
			return math.Round(rng.Float64()*10) * s / 10
		case 1:
			return (rng.Float64()*2 - 1) * s
		}
		return 0
	}
	for range 200000 {
		s := scales[rng.IntN(len(scales))]
		a := geom.Point{X: pick(s), Y: pick(s)}
		b := geom.Point{X: pick(s), Y: pick(s)}
		if rng.IntN(4) == 0 {
			b.Y = a.Y // horizontal
		}
		// A point on the segment or past an end, nudged off it.
		u := rng.Float64()*1.4 - 0.2
		if rng.IntN(3) == 0 {
			u = float64(rng.IntN(3)) / 2
		}
		p := a.Add(b.Sub(a).Mul(u))
		d := near[rng.IntN(len(near))]
		switch rng.IntN(4) {
		case 0:
			p.X += d
		case 1:
			p.Y -= d
		case 2:
			p = p.Add(geom.Point{X: d, Y: d}.Mul(math.Sqrt(0.5)))
		}
		want := segDist(geom.Segment{A: a, B: b}, p) <= geom.Eps
		if got := onSegment(a, b, p); got != want {
			t.Fatalf("onSegment(%v, %v, %v) = %v, segDist says %v", a, b, p, got, want)
		}
	}
	for _, c := range [][3]geom.Point{
		{{X: math.NaN()}, {X: 1}, {}},
		{{X: math.Inf(1)}, {X: 1}, {}},
		{{}, {X: 1}, {X: math.Inf(-1)}},
		{{}, {X: 10}, {X: 5, Y: 1e-7}},
	} {
		want := segDist(geom.Segment{A: c[0], B: c[1]}, c[2]) <= geom.Eps
		if got := onSegment(c[0], c[1], c[2]); got != want {
			t.Errorf("onSegment(%v) = %v, segDist says %v", c, got, want)
		}
	}
}
