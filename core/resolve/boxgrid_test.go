package resolve

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/geom"
)

// TestBoxGridMatchesRectIndex checks that the grid answers every query
// with exactly the boxes geom.RectIndex answers, on layouts that use its
// grid, its scan and its big-box list.
func TestBoxGridMatchesRectIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	layouts := map[string]func(i int) geom.Rect{
		"scattered": func(int) geom.Rect {
			x, y := rng.Float64()*20000-5000, rng.Float64()*20000-5000
			return geom.RectXYWH(x, y, 100+rng.Float64()*3000, 100+rng.Float64()*3000)
		},
		"row":     func(i int) geom.Rect { return geom.RectXYWH(float64(i*10), 0, 5, 5) },
		"column":  func(i int) geom.Rect { return geom.RectXYWH(0, float64(i*10), 5, 5) },
		"stacked": func(int) geom.Rect { return geom.RectXYWH(0, 0, 5000, 5000) },
		"mixed": func(i int) geom.Rect {
			if i%17 == 0 {
				return geom.RectXYWH(-1000, -1000, 90000, 700) // spans many cells
			}
			return geom.RectXYWH(float64(i%40)*300, float64(i/40)*300, 250+float64(i%3)*200, 250)
		},
		"grid-edges": func(i int) geom.Rect { return geom.RectXYWH(float64(i%20)*1000, float64(i/20)*1000, 1000, 1000) },
		"few":        func(i int) geom.Rect { return geom.RectXYWH(float64(i)*700, 0, 1000, 1000) },
		"not-finite": func(i int) geom.Rect {
			if i == 3 {
				return geom.Rect{Min: geom.Point{X: math.Inf(-1)}, Max: geom.Point{X: 1, Y: 1}}
			}
			return geom.RectXYWH(float64(i)*10, 0, 5, 5)
		},
	}
	for name, box := range layouts {
		n := 400
		if name == "few" {
			n = 20
		}
		boxes := make([]geom.Rect, n)
		for i := range boxes {
			boxes[i] = box(i)
		}
		ix, g := geom.NewRectIndex(boxes), newBoxGrid(boxes)
		queries := append([]geom.Rect{}, boxes...)
		for range 200 {
			x, y := rng.Float64()*40000-15000, rng.Float64()*40000-15000
			queries = append(queries, geom.RectXYWH(x, y, rng.Float64()*5000, rng.Float64()*5000))
		}
		queries = append(queries, geom.RectXYWH(-1e9, -1e9, 2e9, 2e9), geom.Rect{Min: geom.Point{X: math.NaN()}})
		var got []int
		for _, q := range queries {
			want := ix.Query(q)
			got = g.appendMeeting(got, q)
			sorted := slices.Clone(got)
			slices.Sort(sorted)
			if !slices.Equal(sorted, want) {
				t.Fatalf("%s: query %v: got %v, want %v", name, q, sorted, want)
			}
		}
	}
}
