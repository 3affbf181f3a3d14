package svg

import (
	"unsafe"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// scratch is the working memory of a drawing: the lists, grids and
// indexes its stages build and drop. It is kept with the pooled output
// buffer (drawBuf), so the next drawing takes the same memory again instead
// of allocating it afresh; after a few drawings of plans of some size no
// stage allocates its working lists.
//
// A stage takes a list cut to length zero (or cleared, see reuse), and
// hands it back, grown or not, once it is done with it. Nothing is kept
// across drawings but capacity: every list is refilled before it is read.
type scratch struct {
	// The renderer's indexes: the walls' flags (curved, loose), the
	// openings' hosts and the segments' lists of openings, the openings'
	// frames.
	flags   []bool
	ints    []int
	segOpen [][]int
	frames  []frameMemo
	// The segments' solids: straight ones' corners, four a segment.
	solids [][]geom.Point
	quads  []geom.Point
	// An opening's cuts of one segment (see cuts).
	cuts []span
	// autoDims' ticks: a facade's jambs, a chain's ticks and their
	// distinct values, and the feet's crossings and flags.
	open, ticks, u, foot []float64
	footFlags            []bool
	// layoutDims: the automatic dimensions and their feet, and the laid
	// out dimensions.
	auto []ir.Dim
	feet []dimFeet
	dims []dimGeom
	// annoExtents' boxes.
	anno []geom.Rect
	// layoutLabels: the obstacles, their index and the placed labels'.
	obst   []geom.Rect
	rooms  []roomLabel
	obstIx boxIndex
	placed boxIndex
	// drawWalls: the joined walls' path data, and the union's grid.
	path  []byte
	union unionScratch
}

// maxScratch bounds, in bytes, the working memory a drawing leaves for the
// next: a rare huge plan's is left to the collector rather than held by
// every pooled buffer.
const maxScratch = 4 << 20

// release readies sc for the next drawing: it is dropped whole when it has
// grown past maxScratch.
func (sc *scratch) release() {
	if sc.bytes() > maxScratch {
		*sc = scratch{}
	}
}

// bytes is about the memory sc holds.
func (sc *scratch) bytes() int {
	return sizeOf(sc.flags) + sizeOf(sc.ints) + sizeOf(sc.segOpen) + sizeOf(sc.frames) +
		sizeOf(sc.cuts) + sizeOf(sc.solids) + sizeOf(sc.open) + sizeOf(sc.ticks) + sizeOf(sc.u) +
		sizeOf(sc.foot) + sizeOf(sc.footFlags) + sizeOf(sc.quads) + sizeOf(sc.auto) + sizeOf(sc.feet) + sizeOf(sc.dims) + sizeOf(sc.anno) +
		sizeOf(sc.obst) + sizeOf(sc.rooms) + sc.obstIx.bytes() + sc.placed.bytes() +
		sizeOf(sc.path) + sc.union.bytes()
}

// sizeOf is the memory behind s's capacity, in bytes.
func sizeOf[T any](s []T) int {
	var z T
	return cap(s) * int(unsafe.Sizeof(z))
}

// reuse returns s cut to n zeroed elements; it allocates only when s has
// less room than n.
func reuse[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}
