package svg

import "github.com/archlang-go/caddy-archlang/core/geom"

// overlapSum adds up the areas by which b overlaps the filed boxes, each
// box counted once however many cells it is filed under. It returns as
// soon as the sum passes limit. Each box test is charged to *budget; when
// it runs out, the sum so far is returned.
func (g *boxIndex) overlapSum(b geom.Rect, limit float64, budget *int) float64 {
	if hasNaN(b) {
		return 0
	}
	sum := 0.0
	add := func(id int32) bool {
		*budget--
		sum += overlapArea(b, g.boxes[id])
		return sum > limit || *budget <= 0
	}
	for _, id := range g.big {
		if *budget <= 0 || add(id) {
			return sum
		}
	}
	i0, i1, j0, j1 := g.cellRange(b)
	for j := j0; j <= j1; j++ {
		for i := i0; i <= i1; i++ {
			for _, id := range g.cells[j*g.nx+i] {
				if *budget <= 0 {
					return sum
				}
				// A box filed under several cells is counted in the first
				// cell it shares with the query, only.
				if sp := &g.spans[id]; (i > i0 && sp.i0 < i) || (j > j0 && sp.j0 < j) {
					*budget--
					continue
				}
				if add(id) {
					return sum
				}
			}
		}
	}
	return sum
}

// overlapArea is the area a and b share (0 when they are apart).
func overlapArea(a, b geom.Rect) float64 {
	w := min(a.Max.X, b.Max.X) - max(a.Min.X, b.Min.X)
	h := min(a.Max.Y, b.Max.Y) - max(a.Min.Y, b.Min.Y)
	if !(w > 0 && h > 0) {
		return 0
	}
	return w * h
}
