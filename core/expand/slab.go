package expand

import "github.com/archlang-go/caddy-archlang/core/syntax"

// slab hands out zero values of one type from arrays allocated together:
// an expansion makes many items of a few kinds, and they live as long as
// its result does. The first array holds as many as the plan level
// writes (hint); the next ones grow from 2 to 32 values as a kind is
// used (by loops and calls).
type slab[T any] struct {
	free []T
	n    int
	hint int
}

// maxHint bounds a slab's first array.
const maxHint = 1024

// new is a zero value from the slab.
func (s *slab[T]) new() *T {
	if len(s.free) == 0 {
		if s.hint > 0 {
			s.n, s.hint = min(s.hint, maxHint), 0
		} else {
			s.n = min(max(1, 2*s.n), 8)
		}
		s.free = make([]T, s.n)
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
		s.free, s.hint = make([]T, min(s.hint, maxHint)), 0
	}
	if len(s.free) < n {
		return make([]T, n)
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
