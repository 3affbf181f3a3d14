// Package complete lists the completion items an editor may offer at a
// byte offset of a source: the statement keywords, the element kinds with
// their clause signatures, the built-in value functions, and the names a
// script has bound in the scopes that enclose the offset (let values and
// functions, loop variables, components and their parameters).
//
// The list is read from the syntax tree alone; nothing is evaluated.
package complete

import (
	"strings"

	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// Item kinds.
const (
	KindKeyword   = "keyword"
	KindElement   = "element"
	KindFunction  = "function"
	KindVariable  = "variable"
	KindComponent = "component"
)

// Item is one completion candidate.
type Item struct {
	Label string `json:"label"`
	Kind  string `json:"kind"`
	// Detail is the signature: an element's clauses, a function's
	// parameters, or the statement that binds a name.
	Detail string `json:"detail,omitempty"`
	// Doc says in a sentence what the item is for.
	Doc string `json:"doc,omitempty"`
}

// At returns the items in scope at byte offset at of the parsed file. The
// fixed vocabulary comes first, then the bound names in source order
// (components last); a name already listed is not repeated. An offset
// outside the source sees only the plan-wide names.
func At(f *syntax.File, at int) []Item {
	c := collector{at: at, items: make([]Item, len(vocabulary), len(vocabulary)+boundRoom)}
	copy(c.items, vocabulary)
	if f == nil || f.Plan == nil {
		return c.items
	}
	var comps []*syntax.ComponentDecl
	for _, s := range f.Plan.Body {
		if cd, ok := s.(*syntax.ComponentDecl); ok {
			comps = append(comps, cd)
		}
	}
	c.walk(f.Plan.Body, true)
	for _, cd := range comps {
		c.component(cd)
	}
	return c.items
}

// boundRoom is the room a list is made with for the names a plan binds:
// enough for most plans, so the list is allocated once.
const boundRoom = 16

// vocabularyLabels is the set of the vocabulary's labels, which no bound
// name repeats in a list.
var vocabularyLabels = func() map[string]bool {
	m := make(map[string]bool, len(vocabulary))
	for _, it := range vocabulary {
		m[it.Label] = true
	}
	return m
}()

type collector struct {
	at    int
	bound map[string]bool // the bound names listed so far, made on the first
	items []Item
}

func (c *collector) add(it Item) {
	if it.Label == "" || vocabularyLabels[it.Label] || c.bound[it.Label] {
		return
	}
	if c.bound == nil {
		c.bound = map[string]bool{}
	}
	c.bound[it.Label] = true
	c.items = append(c.items, it)
}

// contains reports whether the offset lies in n's span, its end included
// (a cursor just after a closing brace is still inside the block).
func (c *collector) contains(n syntax.Node) bool {
	sp := n.Span()
	return sp.Start <= c.at && c.at <= sp.End
}

// walk lists the names bound by stmts. Direct bindings count only when
// the statements are in scope; a zone is transparent (its body belongs to
// the enclosing scope, wherever that is), so its bindings always count.
// Components are listed separately, after everything else.
func (c *collector) walk(stmts []syntax.Stmt, inScope bool) {
	for _, s := range stmts {
		switch s := s.(type) {
		case *syntax.LetStmt:
			if inScope && s.Name != nil {
				c.add(letItem(s))
			}
		case *syntax.ForStmt:
			in := c.contains(s)
			if in && s.Var != nil {
				c.add(Item{Label: s.Var.Name, Kind: KindVariable, Detail: "for " + s.Var.Name + " in …"})
			}
			c.block(s.Body, in)
		case *syntax.IfStmt:
			in := c.contains(s)
			c.block(s.Then, in)
			c.block(s.Else, in)
		case *syntax.WhileStmt:
			c.block(s.Body, c.contains(s))
		case *syntax.LevelStmt:
			c.block(s.Body, c.contains(s))
		case *syntax.ZoneStmt:
			c.block(s.Body, true)
		}
	}
}

func (c *collector) block(b *syntax.Block, inScope bool) {
	if b != nil {
		c.walk(b.Stmts, inScope)
	}
}

// component lists a component, and its parameters and body bindings when
// the offset is inside its declaration.
func (c *collector) component(cd *syntax.ComponentDecl) {
	if cd.Name == nil {
		return
	}
	in := c.contains(cd)
	c.add(Item{Label: cd.Name.Name, Kind: KindComponent, Detail: "component " + cd.Name.Name + "(" + names(cd.Params) + ")"})
	if in {
		for _, p := range cd.Params {
			if p != nil {
				c.add(Item{Label: p.Name, Kind: KindVariable, Detail: "parameter " + p.Name + " of " + cd.Name.Name})
			}
		}
	}
	c.block(cd.Body, in)
}

func letItem(s *syntax.LetStmt) Item {
	if s.IsFunc {
		return Item{Label: s.Name.Name, Kind: KindFunction, Detail: "let " + s.Name.Name + "(" + names(s.Params) + ") = …"}
	}
	return Item{Label: s.Name.Name, Kind: KindVariable, Detail: "let " + s.Name.Name + " = …"}
}

func names(ids []*syntax.Ident) string {
	var b strings.Builder
	for i, id := range ids {
		if i > 0 {
			b.WriteString(", ")
		}
		if id != nil {
			b.WriteString(id.Name)
		}
	}
	return b.String()
}
