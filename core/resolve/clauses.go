package resolve

import (
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
)

// clauseDiags emits the evaluation errors of one statement's clauses in the
// reference's order. The reference evaluates a clause only when it reads
// it, interleaved with the element's own checks, and never evaluates a
// clause it has no use for; each expand clause carries its own Diags, so
// resolve emits them (emit) at the point it reads the clause.
//
// Errors of the statement that belong to none of the listed clauses are
// emitted up front, when the emitter is made.
type clauseDiags struct {
	r *resolver
}

// clauses starts the clause emission of the statement m. known lists the
// Diags of every clause that the caller emits later (or deliberately
// drops); the rest of m.Diags is emitted now.
func (r *resolver) clauses(m *expand.Meta, known ...diag.List) clauseDiags {
	r.addAll(without(m.Diags(), known...))
	return clauseDiags{r: r}
}

// without returns all minus one occurrence of each diagnostic of the lists.
func without(all diag.List, lists ...diag.List) diag.List {
	rest := append(diag.List(nil), all...)
	for _, l := range lists {
		for _, d := range l {
			for i, e := range rest {
				if sameDiag(d, e) {
					rest = append(rest[:i], rest[i+1:]...)
					break
				}
			}
		}
	}
	return rest
}

// emit reports the evaluation errors of the clauses just read.
func (c clauseDiags) emit(ls ...diag.List) {
	if c.r == nil {
		return
	}
	for _, l := range ls {
		c.r.addAll(l)
	}
}

func sameDiag(a, b diag.Diagnostic) bool {
	return a.Code == b.Code && a.Span == b.Span && a.Message == b.Message && a.File == b.File
}
