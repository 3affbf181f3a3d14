package geom

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRectIndexMatchesScan: every query answers what a scan over all the
// boxes would, in index order, for small and large sets, big boxes, and
// non-finite queries.
func TestRectIndexMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	box := func(size float64) Rect {
		x, y := rng.Float64()*10000, rng.Float64()*10000
		return Rect{Point{x, y}, Point{x + rng.Float64()*size, y + rng.Float64()*size}}
	}
	for _, n := range []int{0, 5, 31, 32, 200, 2000} {
		boxes := make([]Rect, n)
		for i := range boxes {
			size := 300.0
			if i%50 == 7 {
				size = 9000 // a box filed aside as big
			}
			boxes[i] = box(size)
		}
		ix := NewRectIndex(boxes)
		queries := []Rect{{Point{math.Inf(-1), math.Inf(-1)}, Point{math.Inf(1), math.Inf(1)}}}
		for range 300 {
			queries = append(queries, box(800))
		}
		// Queries reaching past the grid's edges, or wholly outside it.
		for range 100 {
			x, y := rng.Float64()*30000-10000, rng.Float64()*30000-10000
			queries = append(queries, Rect{Point{x, y}, Point{x + rng.Float64()*6000, y + rng.Float64()*6000}})
		}
		queries = append(queries, Rect{Point{-1e9, -1e9}, Point{-1e8, -1e8}}, Rect{Point{-1e9, -1e9}, Point{1e9, 1e9}})
		var buf []int
		for _, q := range queries {
			var want []int
			for i, b := range boxes {
				if q.Min.X <= b.Max.X && b.Min.X <= q.Max.X && q.Min.Y <= b.Max.Y && b.Min.Y <= q.Max.Y {
					want = append(want, i)
				}
			}
			buf = ix.AppendQuery(buf, q)
			if !slices.Equal(buf, want) && !(len(buf) == 0 && len(want) == 0) {
				t.Fatalf("n=%d query %v: got %v, want %v", n, q, buf, want)
			}
		}
	}
}

// BenchmarkRectIndexQuery is one query among 10 000 small boxes.
func BenchmarkRectIndexQuery(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	boxes := make([]Rect, 10000)
	for i := range boxes {
		x, y := rng.Float64()*100000, rng.Float64()*100000
		boxes[i] = Rect{Point{x, y}, Point{x + 500, y + 500}}
	}
	ix := NewRectIndex(boxes)
	var buf []int
	q := Rect{Point{50000, 50000}, Point{51000, 51000}}
	b.ReportAllocs()
	for b.Loop() {
		buf = ix.AppendQuery(buf, q)
	}
}
