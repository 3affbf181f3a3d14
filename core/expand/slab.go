package expand

import (
	"unsafe"

	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// slab hands out zero values of one type from arrays allocated together:
// an expansion makes many items of a few kinds, and they live as long as
// its result does. The first array holds as many as the plan level
// writes (hint); the next ones grow from 2 to 32 values as a kind is
// used (by loops and calls).
//
// The arrays of a result that is released (Result.Release) are cleared
// and kept for the next expansion (kept), which takes them before it
// allocates; used lists the arrays this expansion took.
type slab[T any] struct {
	free []T
	n    int
	hint int
	kept [][]T
	used [][]T
}

// maxHint bounds a slab's first array.
const maxHint = 1024

// alloc is an array of at least n zero values: the smallest kept one
// large enough, unless it is so much larger that clearing it for the
// next expansion would cost more than it saves (a released array is
// cleared whole, at a cost per pointer it can hold), else a new one.
func (s *slab[T]) alloc(n int) []T {
	best := -1
	for i, a := range s.kept {
		if c := cap(a); c >= n && c <= 4*n+64 && (best < 0 || c < cap(s.kept[best])) {
			best = i
		}
	}
	if best >= 0 {
		a := s.kept[best]
		last := len(s.kept) - 1
		s.kept[best], s.kept[last] = s.kept[last], nil
		s.kept = s.kept[:last]
		s.used = append(s.used, a)
		return a[:cap(a)]
	}
	a := make([]T, n)
	s.used = append(s.used, a)
	return a
}

// release clears the arrays this expansion used and keeps them for the
// next, while the kept arrays of all the slabs stay within *budget bytes
// (the others are left to the collector). It resets the slab.
func (s *slab[T]) release(budget *int) {
	var zero T
	size := int(unsafe.Sizeof(zero))
	for _, a := range s.kept {
		*budget -= cap(a) * size
	}
	for i, a := range s.used {
		s.used[i] = nil
		if b := cap(a) * size; b <= *budget {
			*budget -= b
			clear(a[:cap(a)])
			s.kept = append(s.kept, a)
		}
	}
	s.free, s.n, s.hint, s.used = nil, 0, 0, s.used[:0]
}

// new is a zero value from the slab.
func (s *slab[T]) new() *T {
	if len(s.free) == 0 {
		if s.hint > 0 {
			s.n, s.hint = min(s.hint, maxHint), 0
		} else {
			s.n = min(max(1, 2*s.n), 8)
		}
		s.free = s.alloc(s.n)
	}
	v := &s.free[0]
	s.free = s.free[1:]
	return v
}

// list is a slice of n zero values, of capacity n, from the slab: its
// one array holds as many as the plan level writes (hint), and once that
// is used up a list is allocated on its own.
func (s *slab[T]) list(n int) []T {
	if s.hint > 0 {
		s.free, s.hint = s.alloc(min(s.hint, maxHint)), 0
	}
	if len(s.free) < n {
		return s.alloc(n)[:n:n]
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	return out
}

func (s *itemSlabs) hintBlock(b *syntax.Block) {
	if b != nil {
		s.hint(b.Stmts)
	}
}

// hint sizes the first arrays of the item slabs by the element
// statements written in body, each counted once (a loop's or a
// component's as if run once).
func (s *itemSlabs) hint(body []syntax.Stmt) {
	for _, st := range body {
		switch n := st.(type) {
		case *syntax.WallStmt:
			s.walls.hint++
			s.vertices.hint += len(n.Vertices)
		case *syntax.RoomStmt:
			s.rooms.hint++
			s.words.hint += len(n.Uses)
		case *syntax.OpeningStmt:
			s.openings.hint++
		case *syntax.FurnitureStmt:
			s.furniture.hint++
		case *syntax.DimStmt:
			s.dims.hint++
		case *syntax.BoxStmt:
			s.boxes.hint++
		case *syntax.SettingStmt:
			s.settings.hint++
			s.words.hint += len(n.Args)
		case *syntax.LevelStmt:
			s.hintBlock(n.Body)
		case *syntax.ZoneStmt:
			s.hintBlock(n.Body)
		case *syntax.IfStmt:
			s.hintBlock(n.Then)
			s.hintBlock(n.Else)
		case *syntax.ForStmt:
			s.hintBlock(n.Body)
		case *syntax.WhileStmt:
			s.hintBlock(n.Body)
		case *syntax.ComponentDecl:
			s.hintBlock(n.Body)
		}
	}
}

// itemSlabs are the slabs of the most numerous items and their lists.
type itemSlabs struct {
	walls     slab[Wall]
	rooms     slab[Room]
	openings  slab[Opening]
	furniture slab[Furniture]
	dims      slab[Dim]
	boxes     slab[Box]
	settings  slab[Setting]
	words     slab[Word]
	vertices  slab[Vertex]
}

// release clears the slabs' arrays and keeps them, within
// maxKeptItemBytes, for the next expansion.
func (s *itemSlabs) release() {
	budget := maxKeptItemBytes
	s.walls.release(&budget)
	s.rooms.release(&budget)
	s.openings.release(&budget)
	s.furniture.release(&budget)
	s.dims.release(&budget)
	s.boxes.release(&budget)
	s.settings.release(&budget)
	s.words.release(&budget)
	s.vertices.release(&budget)
}

// maxKeptItemBytes bounds the arrays one released expansion keeps (the
// items of a plan of some 50 KB).
const maxKeptItemBytes = 256 << 10

// takeSlabs returns the slabs a released expansion of an earlier parse
// left with the tree f reuses the memory of (see Result.Release), or new
// ones.
func takeSlabs(f *syntax.File) *itemSlabs {
	if f != nil {
		if s, ok := f.Detach().(*itemSlabs); ok {
			return s
		}
	}
	return new(itemSlabs)
}
