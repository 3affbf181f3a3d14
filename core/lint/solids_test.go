package lint

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// solidsOneByOne is the plain statement of band.solids: each opening, in
// plan order, cuts every piece it overlaps.
func solidsOneByOne(b band, p *ir.Plan, hosted []int) []band {
	out := []band{b}
	for _, i := range hosted {
		op := &p.Openings[i]
		if op.Wall != b.wall || op.Segment != b.index || op.OffWall {
			continue
		}
		c, _ := b.seg.Project(op.Center)
		cut0, cut1 := c-op.Width/2, c+op.Width/2
		var next []band
		for _, s := range out {
			if cut1 <= s.lo || cut0 >= s.hi {
				next = append(next, s)
				continue
			}
			if cut0 > s.lo {
				t := s
				t.hi = cut0
				next = append(next, t)
			}
			if cut1 < s.hi {
				t := s
				t.lo = cut1
				next = append(next, t)
			}
		}
		out = next
	}
	return out
}

// TestSolidsMatchesCuttingOneByOne compares band.solids with cutting the
// openings one by one in plan order, on random openings along a wall:
// overlapping, touching, of zero width, past the ends, on other segments
// and off the wall.
func TestSolidsMatchesCuttingOneByOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	seg := geom.Segment{A: geom.Point{}, B: geom.Point{X: 10000}}
	b := band{wall: 0, index: 0, seg: seg, d: geom.Point{X: 1}, n: geom.Point{Y: 1}, h: 100, l: 10000, lo: -100, hi: 10100}
	for trial := range 3000 {
		n := rng.IntN(12)
		p := &ir.Plan{}
		var hosted []int
		for i := range n {
			// Centres and widths on a coarse grid, so edges often coincide.
			x := float64(rng.IntN(24)-2) * 500
			w := float64(rng.IntN(5)) * 500
			op := ir.Opening{Center: geom.Point{X: x}, Width: w, Segment: 0}
			switch rng.IntN(10) {
			case 0:
				op.Segment = 1
			case 1:
				op.OffWall = true
			}
			p.Openings = append(p.Openings, op)
			hosted = append(hosted, i)
		}
		got := b.solids(p, hosted)
		want := solidsOneByOne(b, p, hosted)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: openings %+v\nsolids     %v\none by one %v", trial, p.Openings, spans(got), spans(want))
		}
	}
}

func spans(bs []band) [][2]float64 {
	out := make([][2]float64, len(bs))
	for i, b := range bs {
		out[i] = [2]float64{b.lo, b.hi}
	}
	return out
}

// BenchmarkSolidsManyOpenings is thousands of windows on one long wall.
func BenchmarkSolidsManyOpenings(b *testing.B) {
	const n = 3000
	seg := geom.Segment{A: geom.Point{}, B: geom.Point{X: n * 1000}}
	bd := band{seg: seg, d: geom.Point{X: 1}, n: geom.Point{Y: 1}, h: 100, l: n * 1000, lo: -100, hi: n*1000 + 100}
	p := &ir.Plan{}
	hosted := make([]int, n)
	for i := range n {
		p.Openings = append(p.Openings, ir.Opening{Center: geom.Point{X: float64(i)*1000 + 500}, Width: 900})
		hosted[i] = i
	}
	b.ReportAllocs()
	for b.Loop() {
		bd.solids(p, hosted)
	}
}
