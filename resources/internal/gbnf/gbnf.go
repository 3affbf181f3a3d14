// Package gbnf reads a grammar written in GBNF, the notation llama.cpp uses
// for grammar-constrained decoding, and decides whether a text is in its
// language. It exists to test the grammar the server publishes as
// archlang://grammar: it follows llama.cpp's reading of the notation
// (quoted literals, character classes, groups, the * + ? repetitions, `#`
// comments, and a rule that ends at the end of its line unless the line
// break is inside parentheses or follows a `|`), and it refuses grammars
// llama.cpp would refuse: an undefined rule, a missing root, left
// recursion.
//
// Recognition is an Earley parse over bytes, with a one-byte look-ahead
// filter on predictions, so a grammar of a few hundred rules reads plans of
// tens of kilobytes in well under a second.
package gbnf

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Grammar is a parsed GBNF grammar, compiled for recognition.
type Grammar struct {
	// Rules names every rule the text defines, in order of definition.
	Rules []string

	names  map[string]int // nonterminal index by name (rules and helpers)
	prods  []prod
	byLHS  [][]int // production indices by nonterminal
	nulls  []bool  // nullable nonterminals
	first  []byteSet
	nterms int
}

// byteSet is a set of bytes.
type byteSet [4]uint64

func (s *byteSet) add(b byte)      { s[b>>6] |= 1 << (b & 63) }
func (s *byteSet) has(b byte) bool { return s[b>>6]&(1<<(b&63)) != 0 }
func (s *byteSet) union(o byteSet) bool { // reports a change
	changed := false
	for i := range s {
		if n := s[i] | o[i]; n != s[i] {
			s[i] = n
			changed = true
		}
	}
	return changed
}

// sym is one symbol of a production: a nonterminal (nt >= 0) or a byte
// set (nt < 0).
type sym struct {
	nt  int
	set byteSet
}

type prod struct {
	lhs int
	rhs []sym
}

// Parse reads GBNF text. It reports the first syntax error with its line,
// an undefined rule, a missing `root`, and left recursion.
func Parse(text string) (*Grammar, error) {
	p := &reader{src: text, line: 1, g: &Grammar{names: map[string]int{}}}
	defined := map[string]bool{}
	p.space(true)
	for p.i < len(p.src) {
		name := p.name()
		if name == "" {
			return nil, p.errf("expected a rule name")
		}
		p.space(false)
		if !strings.HasPrefix(p.src[p.i:], "::=") {
			return nil, p.errf("expected ::= after %s", name)
		}
		p.i += 3
		p.space(true)
		if defined[name] {
			return nil, p.errf("rule %s is defined twice", name)
		}
		defined[name] = true
		p.g.Rules = append(p.g.Rules, name)
		lhs := p.nt(name)
		alts, err := p.alternates(false)
		if err != nil {
			return nil, err
		}
		for _, a := range alts {
			p.g.addProd(lhs, a)
		}
		switch {
		case p.i >= len(p.src):
		case p.src[p.i] == '\n' || p.src[p.i] == '\r':
			p.space(true)
		default:
			return nil, p.errf("expected the end of the line, found %q", p.src[p.i])
		}
	}
	g := p.g
	for _, n := range p.used {
		if !defined[n] {
			return nil, fmt.Errorf("gbnf: rule %s is used but never defined", n)
		}
	}
	if !defined["root"] {
		return nil, fmt.Errorf("gbnf: the grammar has no root rule")
	}
	g.analyse()
	if cyc := g.leftRecursion(); cyc != "" {
		return nil, fmt.Errorf("gbnf: left recursion through %s", cyc)
	}
	return g, nil
}

// reader is the state of Parse.
type reader struct {
	src    string
	i      int
	line   int
	g      *Grammar
	used   []string
	helper int
}

func (p *reader) errf(format string, args ...any) error {
	return fmt.Errorf("gbnf: line %d: %s", p.line, fmt.Sprintf(format, args...))
}

// space skips blanks and comments; line breaks only when newlines is set,
// as llama.cpp does outside parentheses.
func (p *reader) space(newlines bool) {
	for p.i < len(p.src) {
		switch c := p.src[p.i]; {
		case c == ' ' || c == '\t':
			p.i++
		case c == '#':
			for p.i < len(p.src) && p.src[p.i] != '\n' {
				p.i++
			}
		case (c == '\n' || c == '\r') && newlines:
			if c == '\n' {
				p.line++
			}
			p.i++
		default:
			return
		}
	}
}

func isNameChar(c byte) bool {
	return c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func (p *reader) name() string {
	j := p.i
	for j < len(p.src) && isNameChar(p.src[j]) {
		j++
	}
	n := p.src[p.i:j]
	p.i = j
	return n
}

// nt returns the index of the named nonterminal, creating it.
func (p *reader) nt(name string) int {
	return p.g.nt(name)
}

func (g *Grammar) nt(name string) int {
	if i, ok := g.names[name]; ok {
		return i
	}
	i := g.nterms
	g.nterms++
	g.names[name] = i
	g.byLHS = append(g.byLHS, nil)
	return i
}

func (g *Grammar) addProd(lhs int, rhs []sym) {
	g.byLHS[lhs] = append(g.byLHS[lhs], len(g.prods))
	g.prods = append(g.prods, prod{lhs, rhs})
}

// fresh makes a helper nonterminal for a group or a repetition.
func (p *reader) fresh() int {
	p.helper++
	return p.nt(" h" + strconv.Itoa(p.helper)) // a space cannot appear in a rule name
}

// alternates reads `seq | seq | …`.
func (p *reader) alternates(nested bool) ([][]sym, error) {
	var alts [][]sym
	for {
		seq, err := p.sequence(nested)
		if err != nil {
			return nil, err
		}
		alts = append(alts, seq)
		if p.i < len(p.src) && p.src[p.i] == '|' {
			p.i++
			p.space(true)
			continue
		}
		return alts, nil
	}
}

// sequence reads the elements of one alternative.
func (p *reader) sequence(nested bool) ([]sym, error) {
	var seq []sym
	for p.i < len(p.src) {
		c := p.src[p.i]
		var elem []sym // what the element adds (a literal adds several bytes)
		switch {
		case c == '"':
			p.i++
			var lit []sym
			for {
				if p.i >= len(p.src) || p.src[p.i] == '\n' {
					return nil, p.errf("unterminated literal")
				}
				if p.src[p.i] == '"' {
					p.i++
					break
				}
				b, err := p.char()
				if err != nil {
					return nil, err
				}
				var s byteSet
				s.add(b)
				lit = append(lit, sym{nt: -1, set: s})
			}
			if len(lit) == 1 {
				elem = lit
			} else {
				// A literal is one element: wrap it so a postfix
				// applies to all of it.
				h := p.fresh()
				p.g.addProd(h, lit)
				elem = []sym{{nt: h}}
			}
		case c == '[':
			s, err := p.class()
			if err != nil {
				return nil, err
			}
			elem = []sym{{nt: -1, set: s}}
		case c == '(':
			p.i++
			p.space(true)
			alts, err := p.alternates(true)
			if err != nil {
				return nil, err
			}
			if p.i >= len(p.src) || p.src[p.i] != ')' {
				return nil, p.errf("expected )")
			}
			p.i++
			h := p.fresh()
			for _, a := range alts {
				p.g.addProd(h, a)
			}
			elem = []sym{{nt: h}}
		case isNameChar(c):
			n := p.name()
			p.used = append(p.used, n)
			elem = []sym{{nt: p.nt(n)}}
		default:
			return seq, nil
		}
		if p.i < len(p.src) {
			switch p.src[p.i] {
			case '*', '+', '?':
				elem = p.repeat(elem, p.src[p.i])
				p.i++
			}
		}
		seq = append(seq, elem...)
		p.space(nested)
	}
	return seq, nil
}

// repeat rewrites x*, x+ and x? with a helper nonterminal. Repetitions are
// left-recursive inside the recogniser (Earley reads those in linear
// time); the grammar text itself never is.
func (p *reader) repeat(elem []sym, op byte) []sym {
	h := p.fresh()
	switch op {
	case '*': // h ::= ε | h x
		p.g.addProd(h, nil)
		p.g.addProd(h, append([]sym{{nt: h}}, elem...))
	case '+': // h ::= x | h x
		p.g.addProd(h, elem)
		p.g.addProd(h, append([]sym{{nt: h}}, elem...))
	case '?': // h ::= ε | x
		p.g.addProd(h, nil)
		p.g.addProd(h, elem)
	}
	return []sym{{nt: h}}
}

// char reads one character of a literal or class, decoding escapes. Only
// ASCII is needed by the grammars this package reads.
func (p *reader) char() (byte, error) {
	c := p.src[p.i]
	if c != '\\' {
		p.i++
		return c, nil
	}
	if p.i+1 >= len(p.src) {
		return 0, p.errf("dangling escape")
	}
	d := p.src[p.i+1]
	p.i += 2
	switch d {
	case 'n':
		return '\n', nil
	case 't':
		return '\t', nil
	case 'r':
		return '\r', nil
	case '\\', '"', '[', ']', '-', '^':
		return d, nil
	case 'x':
		if p.i+2 > len(p.src) {
			return 0, p.errf("short \\x escape")
		}
		v, err := strconv.ParseUint(p.src[p.i:p.i+2], 16, 8)
		if err != nil {
			return 0, p.errf("bad \\x escape")
		}
		p.i += 2
		return byte(v), nil
	}
	return 0, p.errf("unknown escape \\%c", d)
}

// class reads `[...]` or `[^...]`.
func (p *reader) class() (byteSet, error) {
	p.i++ // [
	neg := false
	if p.i < len(p.src) && p.src[p.i] == '^' {
		neg = true
		p.i++
	}
	var s byteSet
	for {
		if p.i >= len(p.src) || p.src[p.i] == '\n' {
			return s, p.errf("unterminated character class")
		}
		if p.src[p.i] == ']' {
			p.i++
			break
		}
		lo, err := p.char()
		if err != nil {
			return s, err
		}
		hi := lo
		if p.i+1 < len(p.src) && p.src[p.i] == '-' && p.src[p.i+1] != ']' {
			p.i++
			if hi, err = p.char(); err != nil {
				return s, err
			}
		}
		if hi < lo {
			return s, p.errf("empty range in a character class")
		}
		for b := int(lo); b <= int(hi); b++ {
			s.add(byte(b))
		}
	}
	if neg {
		for i := range s {
			s[i] = ^s[i]
		}
	}
	return s, nil
}

// analyse computes the nullable nonterminals and their first bytes.
func (g *Grammar) analyse() {
	g.nulls = make([]bool, g.nterms)
	g.first = make([]byteSet, g.nterms)
	for changed := true; changed; {
		changed = false
		for _, pr := range g.prods {
			nullable := true
			for _, s := range pr.rhs {
				if s.nt < 0 {
					if g.first[pr.lhs].union(s.set) {
						changed = true
					}
					nullable = false
					break
				}
				if g.first[pr.lhs].union(g.first[s.nt]) {
					changed = true
				}
				if !g.nulls[s.nt] {
					nullable = false
					break
				}
			}
			if nullable && !g.nulls[pr.lhs] {
				g.nulls[pr.lhs] = true
				changed = true
			}
		}
	}
}

// leftRecursion returns a description of a left-recursive cycle among the
// grammar's named rules, or "". A rule is left-recursive when it can reach
// itself without consuming a byte. The helpers made for * and + are left
// recursive by construction and are left out; what they repeat is not.
func (g *Grammar) leftRecursion() string {
	helperRep := make([]bool, g.nterms)
	for n, name := range g.nameList() {
		if strings.HasPrefix(name, " h") {
			for _, pi := range g.byLHS[n] {
				if r := g.prods[pi].rhs; len(r) > 0 && r[0].nt == n {
					helperRep[n] = true
				}
			}
		}
	}
	// edges: A -> B when B can start A's text.
	edges := make([][]int, g.nterms)
	for _, pr := range g.prods {
		for _, s := range pr.rhs {
			if s.nt < 0 {
				break
			}
			if !(helperRep[pr.lhs] && s.nt == pr.lhs) {
				edges[pr.lhs] = append(edges[pr.lhs], s.nt)
			}
			if !g.nulls[s.nt] {
				break
			}
		}
	}
	names := g.nameList()
	state := make([]int, g.nterms) // 0 new, 1 on stack, 2 done
	var stack []int
	var found string
	var visit func(n int) bool
	visit = func(n int) bool {
		state[n] = 1
		stack = append(stack, n)
		for _, m := range edges[n] {
			if state[m] == 1 {
				var cyc []string
				for i := len(stack) - 1; i >= 0; i-- {
					if !strings.HasPrefix(names[stack[i]], " ") {
						cyc = append(cyc, names[stack[i]])
					}
					if stack[i] == m {
						break
					}
				}
				found = strings.Join(cyc, " <- ")
				return true
			}
			if state[m] == 0 && visit(m) {
				return true
			}
		}
		stack = stack[:len(stack)-1]
		state[n] = 2
		return false
	}
	for n := range g.nterms {
		if state[n] == 0 && visit(n) {
			return found
		}
	}
	return ""
}

func (g *Grammar) nameList() []string {
	out := make([]string, g.nterms)
	for n, i := range g.names {
		out[i] = n
	}
	return out
}

// item is an Earley item: production, dot position and origin set.
type item struct {
	prod, dot, origin int32
}

// Match reports whether text is in the language of the rule start. When it
// is not, at is the byte offset where the parse could go no further (the
// length of the longest prefix the grammar allows, or len(text) when the
// whole text is a prefix of a sentence).
func (g *Grammar) Match(start string, text []byte) (ok bool, at int) {
	return g.match(start, text, nil)
}

// Cover is Match that also records, in used, every named rule that
// matched some part of text in a context the grammar allows. On a text
// that matches, that is (nearly always) a rule its parse uses; the union
// over a corpus shows which rules the corpus exercises.
func (g *Grammar) Cover(start string, text []byte, used map[string]bool) (ok bool, at int) {
	return g.match(start, text, used)
}

func (g *Grammar) match(start string, text []byte, used map[string]bool) (ok bool, at int) {
	var names []string
	if used != nil {
		names = g.nameList()
	}
	s0, found := g.names[start]
	if !found {
		return false, 0
	}
	n := len(text)
	sets := make([][]item, n+1)
	// waiting[i][A] lists the items of set i whose dot is before A.
	waiting := make([]map[int32][]item, n+1)
	seen := map[item]struct{}{}
	var cur []item
	add := func(it item) {
		if _, dup := seen[it]; dup {
			return
		}
		seen[it] = struct{}{}
		cur = append(cur, it)
	}
	for _, pi := range g.byLHS[s0] {
		add(item{int32(pi), 0, 0})
	}
	last := 0
	for i := 0; i <= n; i++ {
		wait := map[int32][]item{}
		waiting[i] = wait
		for k := 0; k < len(cur); k++ {
			it := cur[k]
			rhs := g.prods[it.prod].rhs
			if int(it.dot) == len(rhs) { // complete
				lhs := int32(g.prods[it.prod].lhs)
				if used != nil {
					used[names[lhs]] = true
				}
				for _, w := range waiting[it.origin][lhs] {
					add(item{w.prod, w.dot + 1, w.origin})
				}
				continue
			}
			s := rhs[it.dot]
			if s.nt < 0 {
				continue // scanned below
			}
			nt := int32(s.nt)
			wait[nt] = append(wait[nt], it)
			// A nullable nonterminal may also be skipped (Aycock and
			// Horspool), which covers its completions in this set that
			// happened before this item came to wait on it.
			if g.nulls[nt] {
				add(item{it.prod, it.dot + 1, it.origin})
			}
			if i < n && !g.first[nt].has(text[i]) {
				continue // cannot start here, and a nullable one was skipped over above
			}
			for _, pi := range g.byLHS[nt] {
				add(item{int32(pi), 0, int32(i)})
			}
		}
		sets[i] = cur
		if i == n {
			break
		}
		// Scan.
		next := []item{}
		clear(seen)
		cur = next
		c := text[i]
		for _, it := range sets[i] {
			rhs := g.prods[it.prod].rhs
			if int(it.dot) < len(rhs) && rhs[it.dot].nt < 0 && rhs[it.dot].set.has(c) {
				add(item{it.prod, it.dot + 1, it.origin})
			}
		}
		if len(cur) == 0 {
			return false, i
		}
		last = i + 1
		sets[i] = nil // only the waiting lists of old sets are needed
	}
	for _, it := range sets[n] {
		pr := g.prods[it.prod]
		if pr.lhs == s0 && it.origin == 0 && int(it.dot) == len(pr.rhs) {
			return true, n
		}
	}
	return false, last
}

// Size describes the grammar: named rules and compiled productions.
func (g *Grammar) Size() (rules, prods int) { return len(g.Rules), len(g.prods) }

// Unused lists the named rules, other than root, that no rule refers to.
func (g *Grammar) Unused() []string {
	used := map[int]bool{}
	for _, pr := range g.prods {
		for _, s := range pr.rhs {
			if s.nt >= 0 {
				used[s.nt] = true
			}
		}
	}
	var out []string
	for _, r := range g.Rules {
		if r != "root" && !used[g.names[r]] {
			out = append(out, r)
		}
	}
	sort.Strings(out)
	return out
}
