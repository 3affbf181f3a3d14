package analysis

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestStepMasks holds stepMasks (eight cells a word, rows bottom up) to
// the plain definition, on random grids whose widths exercise both its
// word loop and its tail.
func TestStepMasks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, shape := range [][2]int{{1, 1}, {1, 9}, {7, 3}, {8, 4}, {9, 5}, {17, 6}, {64, 2}, {33, 33}} {
		nx, ny := shape[0], shape[1]
		for range 20 {
			on := make([]bool, nx*ny)
			mask := make([]uint8, nx*ny)
			for k := range on {
				on[k] = rng.IntN(3) > 0
				mask[k] = b2u(on[k])
			}
			stepMasks(mask, nx, ny)
			for j := range ny {
				for i := range nx {
					k := j*nx + i
					var want uint8
					if i+1 < nx && on[k+1] {
						want |= 1
					}
					if i > 0 && on[k-1] {
						want |= 2
					}
					if j+1 < ny && on[k+nx] {
						want |= 4
					}
					if j > 0 && on[k-nx] {
						want |= 8
					}
					if mask[k] != want {
						t.Fatalf("%dx%d: cell (%d,%d) mask %04b, want %04b", nx, ny, i, j, mask[k], want)
					}
				}
			}
		}
	}
}

// TestRoomSteps holds roomSteps (four neighbours a test) to the plain
// definition, on random grids of few rooms.
func TestRoomSteps(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, shape := range [][2]int{{1, 1}, {1, 9}, {2, 7}, {7, 3}, {8, 4}, {9, 5}, {17, 6}, {64, 2}, {33, 33}} {
		nx, ny := shape[0], shape[1]
		for range 40 {
			room := make([]int32, nx*ny)
			mask := make([]uint8, nx*ny)
			for k := range room {
				// Long runs of one room, as on a plan.
				if k == 0 || rng.IntN(6) == 0 {
					room[k] = int32(rng.IntN(4)) - 1
				} else {
					room[k] = room[k-1]
				}
				mask[k] = b2u(rng.IntN(4) > 0)
			}
			stepMasks(mask, nx, ny)
			plain := append([]uint8(nil), mask...)
			roomSteps(mask, room, nx, ny)
			for k := range mask {
				want := plain[k]
				for d, st := range [4]int{1, -1, nx, -nx} {
					if plain[k]&(1<<d) != 0 && room[k+st] != room[k] {
						want |= 16 << d
					}
				}
				if mask[k] != want {
					t.Fatalf("%dx%d: cell %d mask %08b, want %08b", nx, ny, k, mask[k], want)
				}
			}
		}
	}
}

// TestWithinHypot holds withinHypot to math.Hypot, on the axes (where it
// skips the square root), near the limit, and off the axes.
func TestWithinHypot(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	lim := 300 + 1e-9
	vals := []float64{0, lim, math.Nextafter(lim, 0), math.Nextafter(lim, 1000), math.Inf(1), math.NaN(), 5e-324}
	for range 2000 {
		vals = append(vals, rng.Float64()*400)
	}
	for _, dx := range vals {
		for _, dy := range []float64{0, dx, 1, 299.9, math.NaN()} {
			for _, p := range [][2]float64{{dx, dy}, {dy, dx}} {
				if got, want := withinHypot(p[0], p[1], lim), math.Hypot(p[0], p[1]) <= lim; got != want {
					t.Fatalf("withinHypot(%v, %v) = %v, want %v", p[0], p[1], got, want)
				}
			}
		}
	}
}
