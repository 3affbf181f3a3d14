package expand

import (
	"slices"
	"strings"
	"unsafe"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

type expander struct {
	file   *syntax.File
	limits Limits
	// stop and nextPoll carry Options.Stop.
	stop     func() bool
	nextPoll int
	diags    diag.List
	// sink is where evaluation diagnostics go: e.diags for scripting
	// statements, a scratch list for an element's Meta diagnostics while
	// its clauses are evaluated.
	sink *diag.List

	steps     int
	exhausted bool
	callDepth int
	unwinding bool
	compDepth int
	// recursionReported is set once E_RECURSION has been reported under
	// the current outermost component call.
	recursionReported bool
	items             int
	// strBytes counts the bytes of every string evaluated so far
	// (MaxStringBytes).
	strBytes int

	global *environment
	// freeEnvs are released block scopes, reused by pushEnv.
	freeEnvs []*environment
	// freeSinks are the emptied scratch lists of withSink and capture,
	// reused by the next; firstSinks (an element's and one clause's) and
	// sinkArr are the first lists and the first array they are kept in,
	// allocated with the expander.
	freeSinks  []*diag.List
	firstSinks [2]diag.List
	sinkArr    [2]*diag.List
	// slabs hold the most numerous items (see takeSlabs).
	slabs *itemSlabs
	world World
	main  *module
	// cur is the module whose statements are being expanded (it names
	// the file of their diagnostics).
	cur *module
	// ns is the module whose components a call names. As in the
	// reference, a component body runs in the namespace of its caller,
	// not of the module it was written in (a module's imports are not
	// seen by its components when another plan calls them); only the
	// body of a whole-file import (`import "…" as name`) runs in its own
	// module's namespace.
	ns *module
	// modules are the imported modules by path, and loading the paths of
	// those being loaded (the main module's is taken as loading
	// throughout): both made on the first import.
	modules map[string]*module
	loading map[string]bool
}

// scope is the statement-walking context.
type scope struct {
	env    *environment
	out    *[]Item
	zone   string
	nested bool // inside a block or component body, not at plan level
	// world holds the instance names taken where the statements land:
	// the plan (or a storey), or the body of one placed instance.
	world *instWorld
}

// instWorld is one namespace of `place … as <name>` names. A placed
// instance's body is a fresh world whose names are qualified by the
// instance's; a level block is a world of its own that also sees the
// names the plan level took before it (as in the reference, a storey is
// expanded after the plan-level statements). Inline calls, zones, loops
// and branches add to the world they are in.
type instWorld struct {
	prefix string // qualified name of the enclosing instance plus ".", or ""
	names  map[string]bool
	parent *instWorld
}

// taken reports whether name is already an instance in w or a world it
// sees.
func (w *instWorld) taken(name string) bool {
	for ; w != nil; w = w.parent {
		if w.names[name] {
			return true
		}
	}
	return false
}

// take records name in w.
func (w *instWorld) take(name string) {
	if w.names == nil {
		w.names = map[string]bool{}
	}
	w.names[name] = true
}

// module is one source file's component namespace.
type module struct {
	path  string // "" for the main file
	file  *source.File
	comps map[string]*compDef
	names []string // declaration order, for hints
	// broken marks a module one of whose imports closed a cycle; it binds
	// nothing.
	broken bool
	// syntax is the parsed module, as the parser recovered it when it has
	// errors (nil for the main file).
	syntax *syntax.File
}

// compDef is a callable component: a `component` declaration, or a whole
// module imported with `import "…" as name`.
type compDef struct {
	name   string
	params []*syntax.Ident
	body   []syntax.Stmt
	mod    *module // the module the body was written in
	// whole marks a whole-file import, whose body is the module's plan
	// body and runs in the module's own namespace.
	whole bool
}

func newModule(path string, f *source.File) *module {
	return &module{path: path, file: f}
}

func (m *module) bind(name string, d *compDef) {
	if _, ok := m.comps[name]; !ok {
		m.names = append(m.names, name)
	}
	if m.comps == nil {
		m.comps = map[string]*compDef{}
	}
	m.comps[name] = d
}

// hoist declares every plan-level component of body in m.
func (m *module) hoist(body []syntax.Stmt) {
	for _, s := range body {
		if c, ok := s.(*syntax.ComponentDecl); ok {
			m.bind(c.Name.Name, &compDef{name: c.Name.Name, params: c.Params, body: c.Body.Stmts, mod: m})
		}
	}
}

func newExpander(f *syntax.File, opts Options) *expander {
	e := &expander{file: f, limits: opts.Limits.withDefaults(), world: opts.World, stop: opts.Stop, slabs: takeSlabs(f)}
	e.sink = &e.diags
	e.freeSinks = append(e.sinkArr[:0], &e.firstSinks[0], &e.firstSinks[1])
	var src *source.File
	if f != nil {
		src = f.Src
	}
	e.main = newModule(opts.Path, src)
	e.cur, e.ns = e.main, e.main
	return e
}

func (e *expander) run() *Result {
	r := &Result{slabs: e.slabs, file: e.file}
	if e.file == nil || e.file.Plan == nil {
		return r
	}
	p := e.file.Plan
	r.Span = p.Sp
	if p.Name != nil {
		r.NameSpan = p.Name.Sp
		if s, ok := p.Name.Plain(); ok {
			r.Name = s
		} else {
			r.Name = e.evalString(p.Name, newEnv(nil)).Str
		}
	}
	e.global = newEnv(nil)
	// Component declarations at plan level are visible everywhere; imports
	// then bind the components of other modules next to them.
	e.main.hoist(p.Body)
	e.imports(e.main, p.Body)
	e.slabs.hint(p.Body)
	// Most plan-level statements make one item each.
	if len(p.Body) > 0 {
		r.Items = make([]Item, 0, len(p.Body))
	}
	e.stmts(p.Body, scope{env: e.global, out: &r.Items, world: &instWorld{}})
	return r
}

func (e *expander) stmts(list []syntax.Stmt, sc scope) {
	for _, s := range list {
		if e.exhausted {
			return
		}
		e.stmt(s, sc)
	}
}

// elementCost is the step cost of emitting the item of statement s:
// ElementSteps for a drawn element inside a block or a component body,
// where a loop or a call can multiply it; nothing for a statement written
// directly in the plan, which the source text already pays for. It is
// charged before the statement is evaluated.
func elementCost(s syntax.Stmt, sc scope) int {
	if !sc.nested {
		return 0
	}
	switch s.(type) {
	case *syntax.SettingStmt, *syntax.AccStmt, *syntax.TitleStmt, *syntax.AxesStmt,
		*syntax.ThemeStmt, *syntax.StyleStmt, *syntax.SiteStmt:
		return 0
	}
	return ElementSteps
}

// emit appends an item, enforcing the element budget.
func (e *expander) emit(sc scope, it Item) {
	e.items++
	if e.items > e.limits.Elements {
		if !e.exhausted {
			e.exhausted = true
			e.reportAt(diag.ErrRangeLimit, it.Info().Span, true, "expansion produced more than %d statements", e.limits.Elements)
		}
		return
	}
	m := it.Info()
	m.Zone = sc.zone
	if e.cur != e.main {
		m.File = e.cur.file
	}
	*sc.out = append(*sc.out, it)
}

func (e *expander) stmt(s syntax.Stmt, sc scope) {
	if !e.step(s.Span()) {
		return
	}
	switch n := s.(type) {
	case *syntax.LetStmt:
		name := n.Name.Name
		if sc.env.definedHere(name) {
			e.reportAt(diag.ErrRedef, n.Sp, true, "%q was already declared in this scope", name)
			return
		}
		if n.IsFunc {
			params := make([]string, len(n.Params))
			for i, p := range n.Params {
				params[i] = p.Name
			}
			// A value-function closes over a snapshot of the bindings
			// visible now (later reassignments and later lets are not
			// seen), plus itself, so it may recurse.
			fn := &function{Name: name, Params: params, Body: n.Value, Env: sc.env.snapshot()}
			fv := Value{Kind: funcVal, Fn: fn}
			fn.Env.define(name, fv)
			sc.env.define(name, fv)
			e.charge(len(fn.Env.names), n.Sp)
			return
		}
		sc.env.define(name, e.eval(n.Value, sc.env))
	case *syntax.AssignStmt:
		ptr, ok := sc.env.lookup(n.Name.Name)
		if !ok {
			d := diag.New(diag.ErrAssignUndef, n.Sp, "cannot assign to %q: it was never declared with \"let\"", n.Name.Name)
			if h := suggest(n.Name.Name, sc.env.candidates()); h != "" {
				d.Hints = []string{"did you mean \"" + h + "\"?"}
			}
			e.add(d)
			return
		}
		*ptr = e.eval(n.Value, sc.env)
	case *syntax.ForStmt:
		e.forStmt(n, sc)
	case *syntax.IfStmt:
		c := e.eval(n.Cond, sc.env)
		if c.Kind != boolVal {
			// As in the reference, a condition that is not a boolean
			// is reported and counts as false.
			e.report(diag.ErrType, n.Cond, "expected a boolean, got %s", article(c.Kind))
		}
		b := n.Then
		if c.Kind != boolVal || !c.Bool {
			b = n.Else
		}
		if b != nil {
			inner := sc
			inner.env = e.pushEnv(sc.env)
			inner.nested = true
			e.stmts(b.Stmts, inner)
			e.popEnv(inner.env)
		}
	case *syntax.WhileStmt:
		for i := 0; ; i++ {
			if e.exhausted {
				return
			}
			c := e.eval(n.Cond, sc.env)
			if c.Kind != boolVal {
				e.report(diag.ErrType, n.Cond, "expected a boolean, got %s", article(c.Kind))
				return
			}
			if !c.Bool {
				return
			}
			if i >= MaxWhileIterations {
				e.reportAt(diag.ErrWhileLimit, n.Sp, true, "\"while\" ran more than %d iterations; the loop may never end", MaxWhileIterations)
				return
			}
			inner := sc
			inner.env = e.pushEnv(sc.env)
			inner.nested = true
			e.stmts(n.Body.Stmts, inner)
			e.popEnv(inner.env)
		}
	case *syntax.SetStmt:
		for _, en := range n.Entries {
			sc.env.sets = append(sc.env.sets, setRule{kind: n.Kind.Text, key: en.Key.Name, val: e.eval(en.Value, sc.env)})
		}
	case *syntax.ComponentDecl:
		// Hoisted with the plan body.
	case *syntax.CallStmt:
		e.callComponent(n, sc)
	case *syntax.PlaceStmt:
		e.place(n, sc)
	case *syntax.ImportStmt:
		// Imports need a file world; they are resolved by a later stage.
	case *syntax.ZoneStmt:
		inner := sc
		if sc.zone == "" {
			inner.zone = n.ID.Name
		} else {
			inner.zone = sc.zone + "." + n.ID.Name
		}
		e.stmts(n.Body.Stmts, inner)
	case *syntax.LevelStmt:
		e.level(n, sc)
	default:
		if !e.charge(elementCost(s, sc), s.Span()) {
			return
		}
		if it := e.element(s, sc); it != nil {
			e.emit(sc, it)
		}
	}
}

// forStmt runs a for loop. A range is counted through rather than built,
// and one scope is reused for every iteration (nothing keeps a scope past
// its block: a value-function closes over a snapshot), so a loop costs no
// allocation per iteration of its own.
func (e *expander) forStmt(n *syntax.ForStmt, sc scope) {
	inner := sc
	inner.nested = true
	if r, ok := n.Iter.(*syntax.RangeExpr); ok {
		lo, hi, ok := e.forRange(r, sc.env)
		if !ok {
			return
		}
		inner.env = e.pushEnv(sc.env)
		for v := lo; v < hi && !e.exhausted; v++ {
			inner.env.reset()
			inner.env.define(n.Var.Name, num(v))
			e.stmts(n.Body.Stmts, inner)
		}
		e.popEnv(inner.env)
		return
	}
	it := e.eval(n.Iter, sc.env)
	if it.Kind != arrayVal {
		e.reportAt(diag.ErrType, n.Sp, true, "\"for\" needs an array or a range, not %s", article(it.Kind))
		return
	}
	inner.env = e.pushEnv(sc.env)
	for _, v := range it.Arr {
		if e.exhausted {
			break
		}
		inner.env.reset()
		inner.env.define(n.Var.Name, v)
		e.stmts(n.Body.Stmts, inner)
	}
	e.popEnv(inner.env)
}

// pushEnv opens a block scope under parent, reusing a scope released by
// popEnv when there is one: block scopes nest strictly, so a free list
// makes deep or repeated blocks cost no allocation.
func (e *expander) pushEnv(parent *environment) *environment {
	n := len(e.freeEnvs)
	if n == 0 {
		return newEnv(parent)
	}
	env := e.freeEnvs[n-1]
	e.freeEnvs = e.freeEnvs[:n-1]
	env.parent = parent
	return env
}

// popEnv releases a scope opened by pushEnv.
func (e *expander) popEnv(env *environment) {
	env.reset()
	env.parent = nil
	e.freeEnvs = append(e.freeEnvs, env)
}

// lookupComponent finds a component in the current namespace (see
// expander.ns), reporting E_UNKNOWN_COMPONENT at sp when there is none.
func (e *expander) lookupComponent(name string, sp source.Span) *compDef {
	if d, ok := e.ns.comps[name]; ok {
		return d
	}
	d := diag.New(diag.ErrUnknownComponent, sp, "no component named %q", name)
	if h := suggestFrom(name, e.ns.names, false); h != "" {
		d.Hints = []string{"did you mean \"" + h + "\"?"}
	}
	e.add(d)
	return nil
}

// instantiate expands def's body with args bound, appending to out. It
// reports arity and recursion errors at the call span.
func (e *expander) instantiate(def *compDef, args []syntax.Expr, call source.Span, sc scope, out *[]Item) {
	e.checkArity(def, args, call)
	if e.tooDeep(def, call) {
		return
	}
	e.expandBody(def, args, sc, out)
}

// checkArity reports E_ARGCOUNT at call when args do not match def's
// parameters. As in the reference, the body is still expanded: parameters
// are bound in order, a missing one to the zero value, and extra arguments
// are dropped unevaluated.
func (e *expander) checkArity(def *compDef, args []syntax.Expr, call source.Span) {
	if len(args) != len(def.params) {
		e.reportAt(diag.ErrArgcount, call, true, "component %q takes %d argument(s), %d given", def.name, len(def.params), len(args))
	}
}

// tooDeep reports whether a call of def at call would pass
// MaxComponentDepth. As in the reference, only the runaway call is
// skipped: the instances made below the limit and everything around them
// are kept. One E_RECURSION per outermost call is enough; a call tree that
// keeps fanning out at the limit runs into the step budget.
func (e *expander) tooDeep(def *compDef, call source.Span) bool {
	if e.compDepth < MaxComponentDepth {
		return false
	}
	if !e.recursionReported {
		e.recursionReported = true
		e.reportAt(diag.ErrRecursion, call, true, "components nest deeper than %d while instantiating %q", MaxComponentDepth, def.name)
	}
	return true
}

// expandBody binds def's parameters to args (evaluated in sc) and expands
// its body into out, in the instance world of sc unless world is set.
func (e *expander) expandBody(def *compDef, args []syntax.Expr, sc scope, out *[]Item) {
	body := e.pushEnv(e.global)
	for i, p := range def.params {
		var v Value
		if i < len(args) {
			v = e.eval(args[i], sc.env)
		}
		body.define(p.Name, v)
	}
	inner := scope{env: body, out: out, zone: sc.zone, nested: true, world: sc.world}
	saved, savedNS := e.cur, e.ns
	e.cur = def.mod
	if def.whole {
		e.ns = def.mod
	}
	e.compDepth++
	e.stmts(def.body, inner)
	e.compDepth--
	e.cur, e.ns = saved, savedNS
	e.popEnv(body)
	if e.compDepth == 0 {
		e.recursionReported = false
	}
}

func (e *expander) callComponent(n *syntax.CallStmt, sc scope) {
	if def := e.lookupComponent(n.Name.Name, n.Sp); def != nil {
		e.instantiate(def, n.Args, n.Sp, sc, sc.out)
	}
}

// place expands `place comp(args) as NAME at (x,y) …` in the reference's
// order: the component is looked up (nothing else happens when it is
// unknown), the arity checked, the name checked against the instances
// already placed in this world (a duplicate is reported and dropped
// unevaluated), the depth checked; then the at point is evaluated, then
// the arguments, then the body. The point's diagnostics are scripting
// diagnostics, in that order, not deferred to resolve.
func (e *expander) place(n *syntax.PlaceStmt, sc scope) {
	def := e.lookupComponent(n.Component.Name, n.Sp)
	if def == nil {
		return
	}
	e.checkArity(def, n.Args, n.Sp)
	name := n.As.Name
	if name != "" {
		if sc.world.taken(name) {
			sp := n.As.Sp
			if sp.End <= sp.Start {
				sp = n.Sp
			}
			e.reportAt(diag.ErrDupInstance, sp, true, "an instance named %q is already placed here; each `place … as <name>` needs a name of its own", sc.world.prefix+name)
			return
		}
		sc.world.take(name)
	}
	inst := &Instance{Name: Word{V: name, Span: n.As.Sp}, Component: Word{V: n.Component.Name, Span: n.Component.Sp}}
	inst.Span = n.Sp
	if n.Mirror != nil {
		inst.Mirror = Word{V: n.Mirror.Text, Span: n.Mirror.Sp}
	}
	if !e.tooDeep(def, n.Sp) {
		inst.At = e.point(n.At, sc.env)
		inst.Rotate = e.numClause(n.Rotate, sc.env)
		inner := sc
		inner.zone = ""
		inner.world = &instWorld{prefix: sc.world.prefix + name + "."}
		if len(def.body) > 0 {
			// Most body statements make one item each.
			inst.Items = make([]Item, 0, len(def.body))
		}
		e.expandBody(def, n.Args, inner, &inst.Items)
	}
	e.emit(sc, inst)
}

func (e *expander) level(n *syntax.LevelStmt, sc scope) {
	l := &Level{Number: n.Number.Value, HeaderSp: n.HeaderSp, Nested: sc.nested}
	l.Span = n.Sp
	if n.Name != nil {
		e.withSink(&l.Meta, func() { l.Name = e.strClause(n.Name, sc.env) })
	}
	if n.Body != nil && len(n.Body.Stmts) > 0 {
		l.Items = make([]Item, 0, len(n.Body.Stmts))
	}
	inner := sc
	inner.env = newEnv(sc.env)
	inner.out = &l.Items
	inner.nested = true
	inner.world = &instWorld{prefix: sc.world.prefix, parent: sc.world}
	e.stmts(n.Body.Stmts, inner)
	e.emit(sc, l)
}

// withSink runs f with evaluation diagnostics going to m's list, which
// is only made when there are some: they are gathered in a scratch list.
func (e *expander) withSink(m *Meta, f func()) {
	old := e.sink
	l := e.takeSink()
	e.sink = l
	f()
	e.sink = old
	if len(*l) > 0 {
		c := slices.Clone(*l)
		m.diags = &c
	}
	e.putSink(l)
}

// takeSink is an empty scratch list of diagnostics.
func (e *expander) takeSink() *diag.List {
	if n := len(e.freeSinks); n > 0 {
		l := e.freeSinks[n-1]
		e.freeSinks = e.freeSinks[:n-1]
		return l
	}
	return new(diag.List)
}

// putSink gives back a scratch list taken by takeSink, emptied.
func (e *expander) putSink(l *diag.List) {
	clear(*l)
	*l = (*l)[:0]
	e.freeSinks = append(e.freeSinks, l)
}

// ---------------------------------------------------------------------------
// Clause helpers

// capture runs f with evaluation diagnostics collected into a fresh list,
// which it returns as the state of a written clause; they are also added
// to the current sink (the element's Meta list), so both views stay
// complete.
func (e *expander) capture(f func()) clauseDiags {
	old := e.sink
	l := e.takeSink()
	e.sink = l
	f()
	e.sink = old
	// Most clauses raise nothing: their list goes back for the next
	// capture, and only a non-empty one is copied out.
	out := written
	if len(*l) > 0 {
		c := slices.Clone(*l)
		for _, d := range c {
			old.Add(d)
		}
		out.l = &c
	}
	e.putSink(l)
	return out
}

func (e *expander) numClause(x syntax.Expr, env *environment) Num {
	if x == nil {
		return Num{}
	}
	out := Num{Span: x.Span()}
	out.diags = e.capture(func() { out.V = e.wantNum(e.eval(x, env), x) })
	return out
}

func (e *expander) point(p *syntax.Point, env *environment) Point {
	if p == nil {
		return Point{}
	}
	out := Point{Span: p.Sp}
	out.diags = e.capture(func() {
		out.X = e.wantNum(e.eval(p.X, env), p.X)
		out.Y = e.wantNum(e.eval(p.Y, env), p.Y)
	})
	return out
}

func (e *expander) size(s *syntax.Size, env *environment) Size {
	if s == nil {
		return Size{}
	}
	out := Size{Span: s.Sp}
	out.diags = e.capture(func() {
		out.W = e.wantNum(e.eval(s.W, env), s.W)
		if s.H != nil {
			out.HasH = true
			out.H = e.wantNum(e.eval(s.H, env), s.H)
		}
	})
	return out
}

func (e *expander) strClause(s *syntax.StrLit, env *environment) Str {
	if s == nil {
		return Str{}
	}
	out := Str{Span: s.Sp}
	out.diags = e.capture(func() { out.V = e.evalString(s, env).Str })
	return out
}

// textClause evaluates a label/text expression; a non-string result is
// rendered as interpolation would render it.
func (e *expander) textClause(x syntax.Expr, env *environment) Str {
	if x == nil {
		return Str{}
	}
	out := Str{Span: x.Span()}
	out.diags = e.capture(func() {
		v := e.eval(x, env)
		if v.Kind != stringVal {
			out.V = v.Text()
		} else {
			out.V = v.Str
		}
		if _, lit := x.(*syntax.StrLit); lit {
			return // evalString counted it
		}
		if len(out.V) > MaxStringLength {
			e.overrun(x.Span(), "string is longer than the limit of %d bytes", MaxStringLength)
			out.V = ""
			return
		}
		if !e.spendString(len(out.V), x.Span()) {
			out.V = ""
		}
	})
	return out
}

func word(w *syntax.Word) Word {
	if w == nil {
		return Word{}
	}
	return Word{V: w.Text, Span: w.Sp}
}

func ident(id *syntax.Ident) Word {
	if id == nil {
		return Word{}
	}
	return Word{V: id.Name, Span: id.Sp}
}

// clauses is an item's clause list: a view of the statement's own, not a
// copy (an item never changes it), capped so an append cannot write into
// it. A Clause is laid out as a syntax.Clause is (see clauseLayout).
func (e *expander) clauses(cs syntax.Clauses) []Clause {
	if len(cs) == 0 {
		return nil
	}
	return unsafe.Slice((*Clause)(unsafe.Pointer(unsafe.SliceData(cs))), len(cs))
}

// clauseLayout fails to compile unless Clause and syntax.Clause have the
// same size and field offsets, which the view in clauses relies on.
var _ = [...]struct{}{
	{}}[unsafe.Sizeof(Clause{})-unsafe.Sizeof(syntax.Clause{})]

var _ = [...]struct{}{
	{}}[unsafe.Offsetof(Clause{}.Span)-unsafe.Offsetof(syntax.Clause{}.Sp)]

var _ = [...]struct{}{
	{}}[unsafe.Offsetof(Clause{}.Key)-unsafe.Offsetof(syntax.Clause{}.Key)]

// The fields' types match too.
var _ = syntax.Clause{Key: Clause{}.Key, Sp: Clause{}.Span}

func (e *expander) words(ws []*syntax.Word) []Word {
	if len(ws) == 0 {
		return nil
	}
	out := e.slabs.words.list(len(ws))[:0]
	for _, w := range ws {
		out = append(out, word(w))
	}
	return out
}

// ---------------------------------------------------------------------------
// Elements and settings

// element converts an element or setting statement; nil for statements
// that produce no item.
func (e *expander) element(s syntax.Stmt, sc scope) Item {
	switch n := s.(type) {
	case *syntax.WallStmt:
		return e.wallItem(n, sc.env)
	case *syntax.RoomStmt:
		return e.roomItem(n, sc.env)
	case *syntax.OpeningStmt:
		return e.openingItem(n, sc.env)
	case *syntax.FurnitureStmt:
		return e.furnitureItem(n, sc.env)
	case *syntax.DimStmt:
		return e.dimItem(n, sc.env)
	case *syntax.BoxStmt:
		return e.boxItem(n, sc.env)
	case *syntax.StripStmt:
		return e.stripItem(n, sc)
	case *syntax.SettingStmt:
		return e.settingItem(n, sc.env)
	case *syntax.AccStmt:
		return e.accItem(n, sc)
	case *syntax.TitleStmt:
		return e.titleItem(n, sc.env)
	case *syntax.AxesStmt:
		return e.axesItem(n, sc.env)
	case *syntax.ThemeStmt:
		return e.themeItem(n, sc.env)
	case *syntax.StyleStmt:
		return e.styleItem(n, sc.env)
	case *syntax.SiteStmt:
		return e.siteItem(n)
	}
	return nil
}

func (e *expander) keyValues(kvs []syntax.KeyValue, env *environment) []KeyValue {
	var out []KeyValue
	for _, kv := range kvs {
		o := KeyValue{Key: word(kv.Key), Span: kv.Sp}
		if s, ok := kv.Value.(*syntax.StrLit); ok {
			o.Str = e.strClause(s, env)
		} else {
			o.Num = e.numClause(kv.Value, env)
		}
		out = append(out, o)
	}
	return out
}

// applySet fills door attributes the statement left unset from the
// innermost `set door(…)` rule in scope.
func (e *expander) applySet(o *Opening, env *environment) {
	for _, key := range []string{"swing", "hinge", "slide"} {
		var dst *Word
		switch key {
		case "swing":
			dst = &o.Swing
		case "hinge":
			dst = &o.Hinge
		case "slide":
			dst = &o.Slide
		}
		if dst.Set() {
			continue
		}
		if v, ok := env.setDefault("door", key); ok {
			s := v.Text()
			if strings.TrimSpace(s) != "" {
				*dst = Word{V: s}
				o.FromSet = append(o.FromSet, key)
			}
		}
	}
	if !o.Open.Set() {
		if v, ok := env.setDefault("door", "open"); ok && v.Kind == numberVal {
			o.Open = Num{V: v.Num, diags: written}
			o.FromSet = append(o.FromSet, "open")
		}
	}
}
