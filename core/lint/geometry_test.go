package lint

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
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

// TestOccFillMatchesInPolygon holds the grid's row-by-row fill to
// inPolygon tested at every cell centre, on polygons built to put centres
// on edges and vertices: grid-aligned and diagonal edges, regular n-gons
// (a curved room's outline), slivers and random shapes.
func TestOccFillMatchesInPolygon(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	var shapes []geom.Polygon
	ngon := func(cx, cy, r float64, n int, turn float64) geom.Polygon {
		var pg geom.Polygon
		for i := range n {
			a := turn + 2*math.Pi*float64(i)/float64(n)
			pg = append(pg, geom.Point{X: cx + r*math.Cos(a), Y: cy + r*math.Sin(a)})
		}
		return pg
	}
	shapes = append(shapes,
		geom.Polygon{{X: 0, Y: 0}, {X: 4000, Y: 0}, {X: 4000, Y: 2000}, {X: 2000, Y: 2000}, {X: 2000, Y: 4000}, {X: 0, Y: 4000}},
		geom.Polygon{{X: 0, Y: 0}, {X: 6000, Y: 0}, {X: 0, Y: 3000}},
		geom.Polygon{{X: 0, Y: 0}, {X: 3000, Y: 3000}, {X: 0, Y: 6000}, {X: -3000, Y: 3000}},
		geom.Polygon{{X: 0, Y: 0}, {X: 9000, Y: 10}, {X: 9000, Y: 60}, {X: 0, Y: 50}},
		ngon(0, 0, 3000, 64, 0), ngon(500, 700, 2500, 6, math.Pi/6), ngon(0, 0, 1800, 5, 0.3),
		// Axis rectangles, filled as whole rows.
		geom.Polygon{{X: 0, Y: 0}, {X: 3000, Y: 0}, {X: 3000, Y: 2000}, {X: 0, Y: 2000}},
		geom.Polygon{{X: 150, Y: -75}, {X: 150, Y: 4025}, {X: 2350, Y: 4025}, {X: 2350, Y: -75}},
	)
	for range 300 {
		n := 3 + rng.IntN(12)
		var pg geom.Polygon
		for range n {
			// Coordinates on a 50 mm lattice put many centres exactly on
			// edges and vertices.
			pg = append(pg, geom.Point{X: float64(rng.IntN(160)) * 50, Y: float64(rng.IntN(160)) * 50})
		}
		shapes = append(shapes, pg)
	}
	for si, pg := range shapes {
		g, ok := newOccGrid(pg, nil)
		if !ok {
			continue
		}
		for y := range g.ny {
			for x := range g.nx {
				want := inPolygon(pg, g.centre(x, y))
				if got := g.cells[y*g.nx+x] == occFree; got != want {
					t.Fatalf("shape %d, cell (%d, %d) at %v: fill says %v, inPolygon %v", si, x, y, g.centre(x, y), got, want)
				}
			}
		}
		if c := g.count(occFree); g.free != c {
			t.Fatalf("shape %d: the grid counts %d free cells, it has %d", si, g.free, c)
		}
		// Furniture over part of the floor and past it.
		b := pg.Bounds()
		g.block([]ir.Furniture{{Rect: geom.Rect{Min: b.Min, Max: b.Center()}}, {Rect: geom.Rect{Min: b.Center(), Max: b.Max.Add(geom.Point{X: 500, Y: 500})}}})
		if c := g.count(occFree); g.free != c {
			t.Fatalf("shape %d: under furniture the grid counts %d free cells, it has %d", si, g.free, c)
		}
	}
}

// count is the number of cells of g in state st.
func (g *occGrid) count(st occState) int {
	n := 0
	for _, v := range g.cells {
		if v == st {
			n++
		}
	}
	return n
}

// nearestFreeScan is nearestFree as it was: every free cell measured.
func (g *occGrid) nearestFreeScan(p geom.Point) (int, bool) {
	best, bestD := -1, math.Inf(1)
	for k, st := range g.cells {
		if st != occFree {
			continue
		}
		if d := g.centre(k%g.nx, k/g.nx).Sub(p).Len(); d < bestD-1e-9 {
			best, bestD = k, d
		}
	}
	return best, best >= 0
}

// TestNearestFreeMatchesScan holds nearestFree, which passes the rows and
// cells too far off along an axis, to the measure of every free cell, on
// random rooms under random furniture, from points inside, on the lattice
// of centres (where cells tie) and far outside.
func TestNearestFreeMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for i := range 300 {
		var pg geom.Polygon
		for range 3 + rng.IntN(8) {
			pg = append(pg, geom.Point{X: float64(rng.IntN(80)) * 50, Y: float64(rng.IntN(80)) * 50})
		}
		g, ok := newOccGrid(pg, nil)
		if !ok {
			continue
		}
		var furn []ir.Furniture
		for range rng.IntN(4) {
			x, y := rng.Float64()*4000, rng.Float64()*4000
			furn = append(furn, ir.Furniture{Rect: geom.Rect{Min: geom.Point{X: x, Y: y}, Max: geom.Point{X: x + rng.Float64()*2000, Y: y + rng.Float64()*2000}}})
		}
		g.block(furn)
		for range 10 {
			p := geom.Point{X: rng.Float64()*6000 - 1000, Y: rng.Float64()*6000 - 1000}
			if rng.IntN(2) == 0 {
				// A point between lattice centres: cells tie.
				p = geom.Point{X: g.x0 + float64(rng.IntN(40))*g.cell/2, Y: g.y0 + float64(rng.IntN(40))*g.cell/2}
			}
			k, ok := g.nearestFree(p)
			wk, wok := g.nearestFreeScan(p)
			if k != wk || ok != wok {
				t.Fatalf("shape %d, from %v: nearest free cell %d %v, the scan says %d %v", i, p, k, ok, wk, wok)
			}
		}
	}
}
