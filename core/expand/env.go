package expand

// environment is one lexical scope: the plan scope, a component body, or a
// control-flow block. Bindings are looked up through the parent chain.
// A set rule is scoped like a binding.
type environment struct {
	parent *environment
	names  []string // definition order, for "did you mean" hints
	vals   []Value  // parallel to names
	index  map[string]int
	sets   []setRule
	// Inline storage for the common one- or two-binding scope (a loop
	// variable, a function's parameters), so a scope is one allocation.
	nbuf [2]string
	vbuf [2]Value
}

// indexAt is the scope size above which lookups use a map.
const indexAt = 16

func (e *environment) find(name string) int {
	if e.index != nil {
		if i, ok := e.index[name]; ok {
			return i
		}
		return -1
	}
	for i, n := range e.names {
		if n == name {
			return i
		}
	}
	return -1
}

type setRule struct {
	kind string
	key  string
	val  Value
}

func newEnv(parent *environment) *environment {
	e := &environment{parent: parent}
	e.names, e.vals = e.nbuf[:0], e.vbuf[:0]
	return e
}

// reset empties the scope for reuse, keeping its storage.
func (e *environment) reset() {
	clear(e.vals)
	e.names, e.vals = e.names[:0], e.vals[:0]
	e.index = nil
	clear(e.sets)
	e.sets = e.sets[:0]
}

// lookup finds name in this scope or an enclosing one. The pointer is valid
// until the next define in that scope.
func (e *environment) lookup(name string) (*Value, bool) {
	for s := e; s != nil; s = s.parent {
		if i := s.find(name); i >= 0 {
			return &s.vals[i], true
		}
	}
	return nil, false
}

// snapshot returns a one-scope copy of every binding visible from e, outer
// scopes first, inner ones shadowing them.
func (e *environment) snapshot() *environment {
	var chain []*environment
	for s := e; s != nil; s = s.parent {
		chain = append(chain, s)
	}
	out := newEnv(nil)
	for i := len(chain) - 1; i >= 0; i-- {
		for j, n := range chain[i].names {
			out.define(n, chain[i].vals[j])
		}
	}
	return out
}

// definedHere reports whether name is bound in this very scope.
func (e *environment) definedHere(name string) bool {
	return e.find(name) >= 0
}

func (e *environment) define(name string, v Value) {
	if i := e.find(name); i >= 0 {
		e.vals[i] = v
		return
	}
	e.names = append(e.names, name)
	e.vals = append(e.vals, v)
	if e.index != nil {
		e.index[name] = len(e.names) - 1
	} else if len(e.names) > indexAt {
		e.index = make(map[string]int, len(e.names))
		for i, n := range e.names {
			e.index[n] = i
		}
	}
}

// candidates lists every visible name, outermost scope first, each scope
// in definition order (the order in which suggestions are tried).
func (e *environment) candidates() []string {
	var chain []*environment
	for s := e; s != nil; s = s.parent {
		chain = append(chain, s)
	}
	var out []string
	for i := len(chain) - 1; i >= 0; i-- {
		out = append(out, chain[i].names...)
	}
	return out
}

// setDefault returns the innermost set-rule value for kind.key.
func (e *environment) setDefault(kind, key string) (Value, bool) {
	for s := e; s != nil; s = s.parent {
		for i := len(s.sets) - 1; i >= 0; i-- {
			if r := s.sets[i]; r.kind == kind && r.key == key {
				return r.val, true
			}
		}
	}
	return Value{}, false
}

// builtinNames is the frozen built-in function set, in the order used for
// "did you mean" suggestions.
var builtinNames = []string{"min", "max", "abs", "sqrt", "floor", "ceil", "round", "len", "str"}

// minSuggestDistance is the edit distance always tolerated for a
// suggestion; longer names tolerate a third of their length.
const minSuggestDistance = 2

func suggestThreshold(name string) int { return max(minSuggestDistance, len(name)/3) }

// suggest returns the closest candidate to name (built-ins first, then the
// visible bindings), or "" when none is close enough. Ties keep the first.
func suggest(name string, cands []string) string { return suggestFrom(name, cands, true) }

// suggestFrom is suggest with the built-in functions optionally left out.
func suggestFrom(name string, cands []string, builtins bool) string {
	limit := suggestThreshold(name)
	best, bestD := "", limit+1
	try := func(c string) {
		if c == name {
			return
		}
		if d := levenshtein(name, c, limit); d < bestD {
			best, bestD = c, d
		}
	}
	if builtins {
		for _, c := range builtinNames {
			try(c)
		}
	}
	for _, c := range cands {
		try(c)
	}
	return best
}

// maxSuggestLen bounds the names compared for suggestions, so a huge
// identifier cannot make hinting quadratic in the input size.
const maxSuggestLen = 64

func levenshtein(a, b string, limit int) int {
	if len(a) > maxSuggestLen || len(b) > maxSuggestLen || len(a)-len(b) > limit || len(b)-len(a) > limit {
		return limit + 1
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
