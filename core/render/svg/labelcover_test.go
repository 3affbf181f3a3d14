package svg

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/geom"
)

// TestOverlapSumMatchesScan checks the indexed sum of overlaps counts each
// box once, whatever cells it is filed under, against a plain scan.
func TestOverlapSumMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	box := func(size float64) geom.Rect {
		x, y := 12000*rng.Float64()-1000, 12000*rng.Float64()-1000
		w, h := size*rng.Float64(), size*rng.Float64()
		return geom.Rect{Min: geom.Point{X: x, Y: y}, Max: geom.Point{X: x + w, Y: y + h}}
	}
	var boxes []geom.Rect
	for i := 0; i < 400; i++ {
		boxes = append(boxes, box([]float64{200, 2000, 9000}[i%3]))
	}
	g := newBoxIndex(geom.Rect{Max: geom.Point{X: 10000, Y: 10000}}, len(boxes))
	for _, b := range boxes {
		g.add(b)
	}
	for i := 0; i < 300; i++ {
		q := box(3000)
		want := 0.0
		for _, b := range boxes {
			want += overlapArea(q, b)
		}
		budget := maxLabelTests
		if got := g.overlapSum(q, math.Inf(1), &budget); math.Abs(got-want) > 1e-6*math.Max(1, want) {
			t.Fatalf("query %v: sum %v, scan %v", q, got, want)
		}
		// With a limit the sum stops once past it, never short of it.
		budget = maxLabelTests
		if lim := want / 2; want > 0 {
			if got := g.overlapSum(q, lim, &budget); got <= lim {
				t.Fatalf("query %v: limited sum %v not past %v", q, got, lim)
			}
		}
	}
}

// TestOverlapArea covers apart, touching and nested boxes.
func TestOverlapArea(t *testing.T) {
	r := func(x0, y0, x1, y1 float64) geom.Rect {
		return geom.Rect{Min: geom.Point{X: x0, Y: y0}, Max: geom.Point{X: x1, Y: y1}}
	}
	for _, c := range []struct {
		a, b geom.Rect
		want float64
	}{
		{r(0, 0, 10, 10), r(20, 0, 30, 10), 0},
		{r(0, 0, 10, 10), r(10, 0, 20, 10), 0},
		{r(0, 0, 10, 10), r(5, 5, 20, 20), 25},
		{r(0, 0, 10, 10), r(2, 2, 4, 4), 4},
	} {
		if got := overlapArea(c.a, c.b); got != c.want {
			t.Errorf("overlapArea(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
