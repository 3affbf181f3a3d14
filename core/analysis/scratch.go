package analysis

import "github.com/archlang-go/caddy-archlang/core/internal/freelist"

// scratch lends the nav grid its per-cell arrays and takes them back when
// the circulation is measured, so describing plan after plan reuses a few
// megabytes instead of allocating (and collecting) them every time. Every
// array it lends is zeroed.
type scratch struct {
	ints     [][]int32
	bools    [][]bool
	byteArrs [][]uint8
	// lent are the arrays out on loan, returned by release.
	lentInts  [][]int32
	lentBools [][]bool
	lentBytes [][]uint8
}

// scratchFree keeps at most maxPooledScratch idle scratches: a burst of
// concurrent describes allocates what it needs, and afterwards only this
// many sets of arrays stay in memory.
var scratchFree = freelist.New[scratch](maxPooledScratch)

// maxPooledScratch is how many idle scratches are kept.
const maxPooledScratch = 2

// getScratch takes an idle scratch, or a new one.
func getScratch() *scratch { return scratchFree.Get() }

// putScratch keeps s for the next grid, unless enough are kept already.
func putScratch(s *scratch) {
	s.release()
	scratchFree.Put(s)
}

// maxScratchCells bounds the arrays a pooled scratch keeps: a grid past it
// allocates afresh and its arrays are left to the collector.
const maxScratchCells = CellBudget * 4

func take[T any](free *[][]T, lent *[][]T, n int, zero bool) []T {
	for i := len(*free) - 1; i >= 0; i-- {
		if b := (*free)[i]; cap(b) >= n {
			*free = append((*free)[:i], (*free)[i+1:]...)
			b = b[:n]
			if zero {
				clear(b)
			}
			*lent = append(*lent, b)
			return b
		}
	}
	b := make([]T, n)
	if n <= maxScratchCells {
		*lent = append(*lent, b)
	}
	return b
}

func (s *scratch) int32s(n int) []int32 { return take(&s.ints, &s.lentInts, n, true) }
func (s *scratch) boolSlice(n int) []bool {
	return take(&s.bools, &s.lentBools, n, true)
}

// int32sFilled and boolsFilled lend arrays with whatever they held: for a
// caller that writes every element before reading any.
func (s *scratch) int32sFilled(n int) []int32 { return take(&s.ints, &s.lentInts, n, false) }
func (s *scratch) boolsFilled(n int) []bool   { return take(&s.bools, &s.lentBools, n, false) }

// bytes lends a byte array with whatever it held: its user writes every
// element before reading any.
func (s *scratch) bytes(n int) []uint8 { return take(&s.byteArrs, &s.lentBytes, n, false) }

// release takes every lent array back (their users must be done with them).
func (s *scratch) release() {
	s.ints = append(s.ints, s.lentInts...)
	s.bools = append(s.bools, s.lentBools...)
	s.byteArrs = append(s.byteArrs, s.lentBytes...)
	s.lentInts, s.lentBools, s.lentBytes = s.lentInts[:0], s.lentBools[:0], s.lentBytes[:0]
}
