package svg

import (
	"fmt"
	"testing"
	"time"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// Large synthetic plans: a `for` loop makes element counts independent of
// source size, so every stage of the drawing must stay near-linear.

// wallRow is n parallel vertical walls, 40 mm apart (the shape of
// `for i in 0..n { wall … { (i*40,0) (i*40,3000) } }`).
func wallRow(n int) *ir.Plan {
	p := &ir.Plan{}
	for i := 0; i < n; i++ {
		x := float64(i * 40)
		p.Walls = append(p.Walls, ir.Wall{Thickness: 10, Points: []geom.Point{pt(x, 0), pt(x, 3000)}})
	}
	return p
}

// doorRow is n partitions 100 mm apart, each with a narrow door; odd doors
// sit on their wall, even ones off it (as the resolver leaves a door
// written between two walls).
func doorRow(n int) *ir.Plan {
	p := &ir.Plan{}
	for i := 0; i < n; i++ {
		x := float64(i * 100)
		p.Walls = append(p.Walls, ir.Wall{Thickness: 10, Points: []geom.Point{pt(x, 0), pt(x, 1000)}})
		o := ir.Opening{Kind: ir.Door, DoorKind: "hinged", Width: 10, Center: pt(x, 500), Wall: i, Open: 0.5}
		if i%2 == 0 {
			o.Center, o.OffWall = pt(x+50, 500), true
		}
		if i%3 == 0 {
			o.Kind = ir.Window
		}
		p.Openings = append(p.Openings, o)
	}
	return p
}

// roomGrid is a k×k grid of walled rooms, each labelled, with a door, a
// piece of furniture and a dimension; automatic dimensions are on.
func roomGrid(k int) *ir.Plan {
	const cell = 3000.0
	p := &ir.Plan{}
	p.Settings.DimsAuto = "all"
	for i := 0; i <= k; i++ {
		c := float64(i) * cell
		p.Walls = append(p.Walls,
			ir.Wall{Thickness: 100, Points: []geom.Point{pt(c, 0), pt(c, float64(k)*cell)}},
			ir.Wall{Thickness: 100, Points: []geom.Point{pt(0, c), pt(float64(k)*cell, c)}})
	}
	for j := 0; j < k; j++ {
		for i := 0; i < k; i++ {
			x, y := float64(i)*cell, float64(j)*cell
			p.Rooms = append(p.Rooms, ir.Room{Label: fmt.Sprintf("Room %d", j*k+i),
				Polygon: geom.Polygon{pt(x, y), pt(x+cell, y), pt(x+cell, y+cell), pt(x, y+cell)}})
			p.Furniture = append(p.Furniture, ir.Furniture{Type: "bed", Label: "bed", Rect: geom.RectXYWH(x+cell/2-400, y+cell/2-100, 800, 600)})
			p.Openings = append(p.Openings, ir.Opening{Kind: ir.Door, DoorKind: "hinged", Width: 800, Center: pt(x+cell/2, y), Wall: 2*j + 1, Open: 0.5})
			p.Dims = append(p.Dims, ir.Dim{From: pt(x, y+200), To: pt(x+cell, y+200), Offset: 300})
		}
	}
	return p
}

func BenchmarkRenderWalls(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) { benchPlan(b, wallRow(n)) })
	}
}

func BenchmarkRenderOpenings(b *testing.B) {
	for _, n := range []int{1000, 5000, 20000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) { benchPlan(b, doorRow(n)) })
	}
}

func BenchmarkRenderRooms(b *testing.B) {
	for _, k := range []int{10, 30, 100} {
		b.Run(fmt.Sprint(k*k), func(b *testing.B) { benchPlan(b, roomGrid(k)) })
	}
}

func benchPlan(b *testing.B, p *ir.Plan) {
	b.ReportAllocs()
	for b.Loop() {
		Render(p, Options{})
	}
}

// wallGrid is k vertical and k horizontal walls crossing, with a door in
// every bay of every horizontal wall: the union grid at its largest.
func wallGrid(k int, doors bool) *ir.Plan {
	p := &ir.Plan{}
	const bay = 1000.0
	l := float64(k) * bay
	for i := 0; i < k; i++ {
		c := float64(i)*bay + 17
		p.Walls = append(p.Walls,
			ir.Wall{Thickness: 100, Points: []geom.Point{pt(c, 0), pt(c, l)}},
			ir.Wall{Thickness: 100, Points: []geom.Point{pt(0, c), pt(l, c)}})
		if !doors {
			continue
		}
		for j := 0; j+1 < k; j++ {
			p.Openings = append(p.Openings, ir.Opening{Kind: ir.Door, Width: 600, Center: pt(float64(j)*bay+517, c), Wall: 2*i + 1, Open: 0.5})
		}
	}
	return p
}

func BenchmarkRenderWallGrid(b *testing.B) {
	for _, k := range []int{50, 240} {
		b.Run(fmt.Sprint(k), func(b *testing.B) { benchPlan(b, wallGrid(k, false)) })
		b.Run(fmt.Sprint(k, "doors"), func(b *testing.B) { benchPlan(b, wallGrid(k, true)) })
	}
}

// TestLargePlansRender renders plans with 10^4 to 10^5 elements. Every
// stage is near-linear, so each takes about a second at most; the
// ceiling is generous for a loaded machine.
func TestLargePlansRender(t *testing.T) {
	if testing.Short() {
		t.Skip("large plans")
	}
	const ceiling = 20 * time.Second
	for _, c := range []struct {
		name string
		p    *ir.Plan
	}{
		{"100000 walls", wallRow(100000)},
		{"20000 openings", doorRow(20000)},
		{"10000 rooms", roomGrid(100)},
	} {
		start := time.Now()
		out := Render(c.p, Options{})
		d := time.Since(start)
		t.Logf("%s: %v, %d bytes", c.name, d.Round(time.Millisecond), len(out))
		if d > ceiling {
			t.Errorf("%s took %v (over %v): some stage is no longer near-linear", c.name, d, ceiling)
		}
	}
}
