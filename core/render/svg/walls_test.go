package svg

import (
	"math/rand/v2"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/geom"
)

// TestTraceRings checks the ring walk against the plain walk it replaced
// (traceRingsRef, row by row over vertex lists) on random grids, many
// with cells touching only at corners.
func TestTraceRings(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var u unionScratch
	for round := range 3000 {
		nx, ny := 1+rng.IntN(12), 1+rng.IntN(12)
		fill := rng.Float64()
		// Cells row by row for the reference, column by column for
		// traceRings, each with its border.
		rowMajor := make([]int8, (nx+2)*(ny+2))
		colMajor := make([]int8, (nx+2)*(ny+2))
		for j := range ny {
			for i := range nx {
				v := int8(0)
				switch {
				case round%3 == 0 && (i+j)%2 == 0 && rng.Float64() < 0.8:
					v = 1 // mostly a checkerboard: pinch vertices
				case rng.Float64() < fill:
					v = 1
				case rng.Float64() < 0.2:
					v = -1
				}
				rowMajor[(j+1)*(nx+2)+i+1] = v
				colMajor[(i+1)*(ny+2)+j+1] = v
			}
		}
		xs, ys := make([]float64, nx+1), make([]float64, ny+1)
		for i := range xs {
			xs[i] = float64(i*100) + 0.25
		}
		for j := range ys {
			ys[j] = float64(j * 70)
		}
		var want, got w
		traceRingsRef(nx, ny, rowMajor, xs, ys, &want)
		u.traceRings(nx, ny, colMajor, xs, ys, &got)
		if got.String() != want.String() {
			t.Fatalf("round %d (%dx%d): rings\n%s\nwant\n%s", round, nx, ny, got.String(), want.String())
		}
	}
}

// refPt is a vertex of the union grid.
type refPt struct{ i, j int }

// traceRings walks the boundary between filled and empty cells. Each
// boundary edge is directed with its filled cell on the left (y down:
// left of travel (dx,dy) is (dy,-dx)); rings are then followed, turning
// left first at pinch vertices so touching rings stay separate. cell holds
// the nx×ny cells inside a border of empty ones (cell (i,j) at
// (j+1)*(nx+2)+i+1); a cell is filled when it holds 1. The path data is
// appended to into.
func traceRingsRef(nx, ny int, cell []int8, xs, ys []float64, into *w) {
	sb := into // the path data
	first := sb.Len()
	var gp []geom.Point
	pw := nx + 2
	cols := nx + 1
	// Every grid vertex has at most two outgoing boundary edges.
	out := make([][2]int32, cols*(ny+1))
	cnt := make([]uint8, cols*(ny+1))
	used := make([][2]bool, cols*(ny+1))
	// edges[j*nx+i] has a bit for each side of cell (i,j) on the boundary.
	const north, west, south, east = 1, 2, 4, 8
	edges := make([]uint8, nx*ny)
	total := 0 // boundary edges recorded
	add := func(ai, aj, bi, bj int) {
		v := aj*cols + ai
		if cnt[v] < 2 {
			out[v][cnt[v]] = int32(bj*cols + bi)
			cnt[v]++
			total++
		}
	}
	for j := 0; j < ny; j++ {
		// Row j with its border cells (row[i+1] is cell (i,j)), and the
		// rows above and below it (up[i], down[i]).
		row := cell[(j+1)*pw : (j+2)*pw]
		up, down := cell[j*pw+1:(j+1)*pw], cell[(j+2)*pw+1:(j+3)*pw]
		for i := 0; i < nx; i++ {
			if row[i+1] != 1 {
				continue
			}
			var e uint8
			// Filled cell (i,j) spans vertices (i,j)-(i+1,j+1).
			if row[i] != 1 { // west edge, travel down
				add(i, j, i, j+1)
				e |= west
			}
			if down[i] != 1 { // south edge, travel east
				add(i, j+1, i+1, j+1)
				e |= south
			}
			if row[i+2] != 1 { // east edge, travel up
				add(i+1, j+1, i+1, j)
				e |= east
			}
			if up[i] != 1 { // north edge, travel west
				add(i+1, j, i, j)
				e |= north
			}
			edges[j*nx+i] = e
		}
	}
	pt := func(v int) refPt { return refPt{v % cols, v / cols} }
	var ring, simple []refPt
	// Cells are visited column by column, top to bottom, and each cell's
	// boundary edges in the order north, west, south, east; a ring starts
	// with the first unused edge met, as the reference traces them. The
	// walk stops once every edge is used.
	done := 0
	for i := 0; i < nx && done < total; i++ {
		for j := 0; j < ny && done < total; j++ {
			e := edges[j*nx+i]
			if e == 0 {
				continue
			}
			var starts [4][2]int
			n := 0
			if e&north != 0 { // north edge, travel west
				starts[n] = [2]int{j*cols + i + 1, j*cols + i}
				n++
			}
			if e&west != 0 { // west edge, travel down
				starts[n] = [2]int{j*cols + i, (j+1)*cols + i}
				n++
			}
			if e&south != 0 { // south edge, travel east
				starts[n] = [2]int{(j+1)*cols + i, (j+1)*cols + i + 1}
				n++
			}
			if e&east != 0 { // east edge, travel up
				starts[n] = [2]int{(j+1)*cols + i + 1, j*cols + i + 1}
				n++
			}
			for _, e := range starts[:n] {
				st := e[0]
				k := -1
				for q := 0; q < int(cnt[st]); q++ {
					if int(out[st][q]) == e[1] && !used[st][q] {
						k = q
						break
					}
				}
				if k < 0 {
					continue
				}
				used[st][k] = true
				done++
				ring = append(ring[:0], pt(st))
				prev, cur := st, int(out[st][k])
				for cur != st && len(ring) <= len(out) {
					ring = append(ring, pt(cur))
					slot, ok := pickNextRef(pt(prev), pt(cur), out[cur], int(cnt[cur]), used[cur], pt)
					if !ok {
						break
					}
					used[cur][slot] = true
					done++
					prev, cur = cur, int(out[cur][slot])
				}
				simple = simplifyRef(simple[:0], ring)
				if len(simple) < 3 {
					continue
				}
				if sb.Len() > first {
					sb.byte(' ')
				}
				gp = gp[:0]
				for _, v := range simple {
					gp = append(gp, geom.Point{X: xs[v.i], Y: ys[v.j]})
				}
				sb.ring(gp)
			}
		}
	}
}

// pickNext chooses the unused outgoing edge at cur, preferring a left turn
// (relative to the incoming direction), then straight, then right.
func pickNextRef(prev, cur refPt, outs [2]int32, n int, used [2]bool, pt func(int) refPt) (int, bool) {
	din := refPt{sign(cur.i - prev.i), sign(cur.j - prev.j)}
	best, bestRank := 0, 99
	for k := 0; k < n; k++ {
		if used[k] {
			continue
		}
		o := pt(int(outs[k]))
		dout := refPt{sign(o.i - cur.i), sign(o.j - cur.j)}
		// y down: a left turn from (dx,dy) is (dy,-dx).
		rank := 3
		switch dout {
		case refPt{din.j, -din.i}:
			rank = 0
		case din:
			rank = 1
		case refPt{-din.j, din.i}:
			rank = 2
		}
		if rank < bestRank {
			best, bestRank = k, rank
		}
	}
	return best, bestRank < 99
}

// simplify appends to out the vertices of ring where it does not run
// straight on.
func simplifyRef(out, ring []refPt) []refPt {
	n := len(ring)
	for k := 0; k < n; k++ {
		p, c, q := ring[(k+n-1)%n], ring[k], ring[(k+1)%n]
		d1 := refPt{sign(c.i - p.i), sign(c.j - p.j)}
		d2 := refPt{sign(q.i - c.i), sign(q.j - c.j)}
		if d1 == d2 {
			continue
		}
		out = append(out, c)
	}
	return out
}
