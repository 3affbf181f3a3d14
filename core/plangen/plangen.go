// Package plangen writes synthetic ArchLang plans for benchmarks and
// resource tests: room grids with doors, windows and furniture, sized by
// source bytes. It is deterministic and has no dependencies.
package plangen

import (
	"fmt"
	"strings"
)

// Grid writes a plan of cols×rows rooms (3600×3000 mm each) inside one
// exterior shell, a partition between every pair of neighbours, a door
// through each partition on the way from the entrance, a window in every
// room on the shell, and a bed and a table in each room, placed so that a
// body fits past them from every door (every room is reachable, narrowly
// in places). Rooms are named so that the functional routes (kitchen to
// living, bedroom to bath) have work to do.
func Grid(cols, rows int) []byte {
	const w, h = 3600, 3000
	var b strings.Builder
	W, H := cols*w, rows*h
	fmt.Fprintf(&b, "plan \"Grid %dx%d\" {\n  units mm\n  grid 100\n", cols, rows)
	fmt.Fprintf(&b, "  wall exterior thickness 250 { (0,0) (%d,0) (%d,%d) (0,%d) close }\n", W, W, H, H)
	for c := 1; c < cols; c++ {
		fmt.Fprintf(&b, "  wall id=v%d partition thickness 100 { (%d,0) (%d,%d) }\n", c, c*w, c*w, H)
	}
	for r := 1; r < rows; r++ {
		fmt.Fprintf(&b, "  wall id=h%d partition thickness 100 { (0,%d) (%d,%d) }\n", r, r*h, W, r*h)
	}
	names := []string{"Bedroom", "Bath", "Kitchen", "Living", "Study", "Bedroom"}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			n := names[(r*cols+c)%len(names)]
			fmt.Fprintf(&b, "  room id=r%d_%d at (%d,%d) size %dx%d label \"%s %d\"\n", r, c, c*w, r*h, w, h, n, r*cols+c)
		}
	}
	// The entrance on the south shell of the first room.
	fmt.Fprintf(&b, "  door at (%d,0) width 900 wall exterior\n", w/2)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if c+1 < cols {
				fmt.Fprintf(&b, "  door at (%d,%d) width 900 wall v%d\n", (c+1)*w, r*h+700, c+1)
			}
			if r+1 < rows && c%2 == 0 {
				fmt.Fprintf(&b, "  door at (%d,%d) width 800 wall h%d\n", c*w+w/2+600, (r+1)*h, r+1)
			}
		}
	}
	for c := 0; c < cols; c++ {
		fmt.Fprintf(&b, "  window at (%d,%d) width 1200 wall exterior\n", c*w+w/2, H)
	}
	for r := 0; r < rows; r++ {
		fmt.Fprintf(&b, "  window at (0,%d) width 1200 wall exterior\n", r*h+h/2)
		fmt.Fprintf(&b, "  window at (%d,%d) width 1200 wall exterior\n", W, r*h+h/2)
	}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			fmt.Fprintf(&b, "  furniture bed at (%d,%d) size 1400x1800\n", c*w+300, r*h+1000)
			fmt.Fprintf(&b, "  furniture table at (%d,%d) size 600x600\n", c*w+2600, r*h+1300)
		}
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

// GridOfSize is the largest square-ish Grid whose source is at most n
// bytes (at least 1×1).
func GridOfSize(n int) []byte {
	best := Grid(1, 1)
	for k := 1; ; k++ {
		for _, cr := range [][2]int{{k + 1, k}, {k + 1, k + 1}} {
			src := Grid(cr[0], cr[1])
			if len(src) > n {
				return best
			}
			best = src
		}
	}
}
