package svg

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/geom"
)

// TestBoxIndexMatchesScan checks the grid index finds exactly what a scan
// of every box finds, for boxes of every size, degenerate and non-finite
// boxes included, inside and outside the grid's extent.
func TestBoxIndexMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	coord := func() float64 {
		switch rng.IntN(40) {
		case 0:
			return math.Inf(1)
		case 1:
			return math.Inf(-1)
		case 2:
			return math.NaN()
		case 3:
			return 1e11 * (rng.Float64() - 0.5)
		}
		return 12000*rng.Float64() - 1000
	}
	box := func() geom.Rect {
		x, y := coord(), coord()
		w, h := 0.0, 0.0
		switch rng.IntN(4) {
		case 0: // small
			w, h = 300*rng.Float64(), 300*rng.Float64()
		case 1: // long and thin
			w, h = 20000*rng.Float64(), 50*rng.Float64()
		case 2: // large
			w, h = 8000*rng.Float64(), 8000*rng.Float64()
		}
		return geom.Rect{Min: geom.Point{X: x, Y: y}, Max: geom.Point{X: x + w, Y: y + h}}
	}
	for round := 0; round < 50; round++ {
		n := rng.IntN(400)
		ext := geom.Rect{Max: geom.Point{X: 10000 * rng.Float64(), Y: 10000 * rng.Float64()}}
		if round%7 == 0 {
			ext = geom.Rect{} // degenerate extent
		}
		g := newBoxIndex(ext, n+1)
		var all []geom.Rect
		for i := 0; i < n; i++ {
			b := box()
			all = append(all, b)
			g.add(b)
		}
		// addAll files the same boxes in the same cells, in the same
		// order, and adds after it still file as add does.
		bulk := newBoxIndex(ext, n+1)
		bulk.addAll(all)
		for step := range 2 {
			if !slices.Equal(g.big, bulk.big) || len(g.cells) != len(bulk.cells) {
				t.Fatalf("step %d: addAll filed big boxes %v, add %v", step, bulk.big, g.big)
			}
			for c := range g.cells {
				if !slices.Equal(g.cells[c], bulk.cells[c]) {
					t.Fatalf("step %d: addAll filed cell %d as %v, add as %v", step, c, bulk.cells[c], g.cells[c])
				}
			}
			b := box()
			g.add(b)
			bulk.add(b)
		}
		all = append(all, g.boxes[n:]...)
		odd := func(id int) bool { return id%2 == 1 }
		for q := 0; q < 300; q++ {
			b := box()
			for _, filter := range []func(int) bool{nil, odd} {
				want := false
				for id, o := range all {
					if overlaps(b, o) && (filter == nil || filter(id)) {
						want = true
						break
					}
				}
				budget := maxLabelTests
				if got := g.any(b, filter, &budget); got != want {
					t.Fatalf("round %d: any(%v) = %v, scan says %v", round, b, got, want)
				}
			}
		}
	}
}

// TestBoxIndexBudget checks a spent budget stops the search.
func TestBoxIndexBudget(t *testing.T) {
	g := newBoxIndex(geom.RectXYWH(0, 0, 100, 100), 4)
	for i := 0; i < 10; i++ {
		g.add(geom.RectXYWH(float64(i), 0, 0.5, 0.5))
	}
	q := geom.RectXYWH(9, 0, 1, 1)
	budget := 3
	if g.any(q, nil, &budget) {
		t.Error("found a box after the budget ran out")
	}
	budget = 100
	if !g.any(q, nil, &budget) {
		t.Error("missed the overlapping box")
	}
}
