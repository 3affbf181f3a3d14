package compile_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"sort"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/plangen"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
	"github.com/archlang-go/caddy-archlang/resources"
)

// Mistake kinds the generator makes, one per mutant.
const (
	kindKeyword  = "keyword"   // a misspelt statement keyword
	kindClause   = "clause"    // a misspelt clause word
	kindBrace    = "brace"     // a closing brace left out
	kindTruncate = "truncated" // the file cut off
	kindDupID    = "dup-id"    // a statement with an id pasted twice
	kindZero     = "zero-width"
	kindNegative = "negative-size"
	kindRef      = "unknown-id" // a misspelt reference to an id
)

// sitesPerKind is how many places of each plan get each mistake.
const sitesPerKind = 3

// equivalentKinds are the mistakes whose correction must give back the
// plan as written (or one with the same describe facts).
var equivalentKinds = map[string]bool{kindKeyword: true, kindClause: true, kindBrace: true, kindDupID: true}

// clauseWords are the clause words the generator misspells.
var clauseWords = map[string]bool{"thickness": true, "width": true, "size": true, "label": true, "hinge": true, "swing": true, "offset": true, "rotate": true}

// keywordsToMisspell are the statement keywords the generator misspells.
var keywordsToMisspell = map[string]bool{"wall": true, "room": true, "door": true, "window": true, "furniture": true, "column": true, "stair": true, "opening": true}

// mutant is one plan with one mistake.
type mutant struct {
	plan, kind string
	src        []byte
}

// misspell makes a one-letter slip in w, a different one for each n: a
// letter dropped, two neighbours swapped, a letter doubled.
func misspell(w string, n int) string {
	switch n % 3 {
	case 0:
		return w[:len(w)-1]
	case 1:
		i := len(w) / 2
		if w[i-1] == w[i] {
			return w[:i] + w[i+1:]
		}
		return w[:i-1] + string(w[i]) + string(w[i-1]) + w[i+1:]
	}
	i := len(w) / 2
	return w[:i] + string(w[i]) + w[i:]
}

// spread picks up to k of n places, evenly spaced.
func spread(n, k int) []int {
	if n <= k {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	var out []int
	for i := range k {
		out = append(out, (2*i+1)*n/(2*k))
	}
	return out
}

func replace(src []byte, sp source.Span, text string) []byte {
	out := slices.Clone(src[:sp.Start])
	out = append(out, text...)
	return append(out, src[sp.End:]...)
}

// lineOf is the span of the line holding offset i, its newline included.
func lineOf(src []byte, i int) source.Span {
	s := bytes.LastIndexByte(src[:i], '\n') + 1
	e := len(src)
	if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
		e = i + j + 1
	}
	return source.Span{Start: s, End: e}
}

var widthRE = regexp.MustCompile(`(?m)^\s*(door|window)\b.*\bwidth ([0-9]+)`)

// endsStatement reports whether the statement on the line ending at
// offset end ends there: the next token opens a statement or closes a
// block.
func endsStatement(toks []syntax.Token, end int) bool {
	for _, t := range toks {
		if t.Sp.Start >= end {
			return t.Kind == syntax.RCURLY || t.Kind == syntax.IDENT && t.LineStart && (keywordsToMisspell[t.Text] || otherStatements[t.Text])
		}
	}
	return true
}

// otherStatements are the statement keywords keywordsToMisspell leaves
// out.
var otherStatements = map[string]bool{"dim": true, "level": true, "zone": true, "title": true, "let": true, "for": true, "if": true,
	"strip": true, "place": true, "set": true, "escalator": true, "elevator": true, "axes": true, "theme": true, "style": true}

// mutate makes every kind of mistake at up to sitesPerKind places of src.
func mutate(name string, src []byte) []mutant {
	toks := syntax.Tokens(source.NewFile(name, src))
	var out []mutant
	add := func(kind string, b []byte) { out = append(out, mutant{plan: name, kind: kind, src: b}) }
	pick := func(keep func(i int, t syntax.Token) bool) []int {
		var idx []int
		for i, t := range toks {
			if keep(i, t) {
				idx = append(idx, i)
			}
		}
		var sel []int
		for _, k := range spread(len(idx), sitesPerKind) {
			sel = append(sel, idx[k])
		}
		return sel
	}
	for n, i := range pick(func(_ int, t syntax.Token) bool {
		return t.Kind == syntax.IDENT && t.LineStart && keywordsToMisspell[t.Text]
	}) {
		add(kindKeyword, replace(src, toks[i].Sp, misspell(toks[i].Text, n)))
	}
	for n, i := range pick(func(_ int, t syntax.Token) bool {
		return t.Kind == syntax.IDENT && !t.LineStart && clauseWords[t.Text]
	}) {
		add(kindClause, replace(src, toks[i].Sp, misspell(toks[i].Text, n)))
	}
	for _, i := range pick(func(_ int, t syntax.Token) bool { return t.Kind == syntax.RCURLY }) {
		sp := toks[i].Sp
		if l := lineOf(src, sp.Start); len(bytes.TrimSpace(src[l.Start:l.End])) == 1 {
			sp = l // a brace on a line of its own goes with its line
		}
		add(kindBrace, replace(src, sp, ""))
	}
	for _, frac := range []int{55, 75, 95} {
		add(kindTruncate, slices.Clone(src[:len(src)*frac/100]))
	}
	for _, i := range pick(func(k int, t syntax.Token) bool {
		return t.Kind == syntax.IDENT && t.Text == "id" && k > 0 && toks[k-1].LineStart && keywordsToMisspell[toks[k-1].Text] &&
			k+1 < len(toks) && toks[k+1].Kind == syntax.ASSIGN && bytes.Count(src[lineOf(src, t.Sp.Start).Start:lineOf(src, t.Sp.Start).End], []byte("{")) == 0
	}) {
		l := lineOf(src, toks[i].Sp.Start)
		line := src[l.Start:l.End]
		if !bytes.HasSuffix(line, []byte("\n")) || !endsStatement(toks, l.End) {
			continue // only a statement of one line is pasted whole
		}
		add(kindDupID, replace(src, source.Span{Start: l.End, End: l.End}, string(line)))
	}
	ms := widthRE.FindAllSubmatchIndex(src, -1)
	for _, k := range spread(len(ms), sitesPerKind) {
		m := ms[k]
		add(kindZero, replace(src, source.Span{Start: m[4], End: m[5]}, "0"))
	}
	for _, i := range pick(func(k int, t syntax.Token) bool {
		return t.Kind == syntax.DIMS && k > 0 && toks[k-1].Kind == syntax.IDENT && toks[k-1].Text == "size"
	}) {
		add(kindNegative, replace(src, source.Span{Start: toks[i].Sp.Start, End: toks[i].Sp.Start}, "-"))
	}
	declared := map[string]bool{}
	for k := 0; k+2 < len(toks); k++ {
		if toks[k].Text == "id" && toks[k+1].Kind == syntax.ASSIGN && len(toks[k+2].Text) >= 4 {
			declared[toks[k+2].Text] = true
		}
	}
	for n, i := range pick(func(k int, t syntax.Token) bool {
		if k == 0 || t.Kind != syntax.IDENT || !declared[t.Text] {
			return false
		}
		p := toks[k-1].Text
		return p == "on" || p == "right-of" || p == "left-of" || p == "above" || p == "below"
	}) {
		add(kindRef, replace(src, toks[i].Sp, misspell(toks[i].Text, n)))
	}
	return out
}

// archBlock matches a fenced ```arch block of a Markdown resource.
var archBlock = regexp.MustCompile("(?s)```arch\n(.*?)```")

// healCorpus is every example plan the tests have without ../shared that
// compiles without errors: room grids, the whole plans of the published
// documents, the test plans of the resources and of the analysis, repair
// and suggest packages, and the $ARCHLANG_EXAMPLES plans when that is set.
func healCorpus(t *testing.T) (names []string, srcs [][]byte) {
	t.Helper()
	plans := map[string][]byte{"grid-1x1": plangen.Grid(1, 1), "grid-2x2": plangen.Grid(2, 2), "grid-3x2": plangen.Grid(3, 2)}
	for _, dir := range []string{"../../resources/testdata", "../analysis/testdata", "../repair/testdata", "../suggest/testdata"} {
		ns, ss, err := plangen.Examples(os.DirFS(dir))
		if err != nil {
			t.Fatal(err)
		}
		for i, n := range ns {
			plans[dir+"/"+n] = ss[i]
		}
	}
	for _, p := range []string{"readme.md", "spec.md", "context.md"} {
		b, err := fs.ReadFile(resources.FS(), p)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range archBlock.FindAllSubmatch(b, -1) {
			if bytes.HasPrefix(m[1], []byte("plan ")) {
				plans[fmt.Sprintf("%s#%d", p, i)] = m[1]
			}
		}
	}
	if dir := os.Getenv(plangen.ExamplesEnv); dir != "" {
		ns, ss, err := plangen.Examples(os.DirFS(dir))
		if err != nil {
			t.Fatal(err)
		}
		for i, n := range ns {
			plans["examples/"+n] = ss[i]
		}
	}
	for n := range plans {
		names = append(names, n)
	}
	sort.Strings(names)
	var keep []string
	for _, n := range names {
		src := plans[n]
		if bytes.Contains(src, []byte("import ")) || compile.Compile(src, compile.Options{}).Diagnostics.HasErrors() {
			continue
		}
		keep = append(keep, n)
		srcs = append(srcs, src)
	}
	return keep, srcs
}

// facts is describe's answer without its diagnostics (their spans move
// with any edit).
func facts(t *testing.T, src string) string {
	r := compile.Describe([]byte(src), compile.DescribeOptions{})
	b, err := json.Marshal(r.Value)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if json.Unmarshal(b, &m) != nil {
		return string(b)
	}
	delete(m, "diagnostics")
	b, _ = json.Marshal(m)
	return string(b)
}

// TestFinishHealsOneMistake makes every kind of single mistake at several
// places of every example plan and checks that one finish call with
// unsafe:true makes at least MinHealRate of them compile, none worse
// (more errors than before), and that misspellings, repeated ids and
// left-out braces come back as the plan written (or one with the same
// describe facts). The rate of each kind is logged (go test -v).
func TestFinishHealsOneMistake(t *testing.T) {
	const minHealRate = 0.90
	if testing.Short() {
		t.Skip("slow: several hundred finish calls")
	}
	names, srcs := healCorpus(t)
	type tally struct{ n, healed, same int }
	per := map[string]*tally{}
	total, healed := 0, 0
	for i, name := range names {
		want := compile.Finish(srcs[i], compile.FinishOptions{Unsafe: true}).Source
		for _, m := range mutate(name, srcs[i]) {
			before := compile.Compile(m.src, compile.Options{}).Diagnostics
			if !before.HasErrors() {
				continue // the slip made another valid plan
			}
			res := compile.Finish(m.src, compile.FinishOptions{Unsafe: true})
			after := compile.Compile([]byte(res.Source), compile.Options{}).Diagnostics
			tl := per[m.kind]
			if tl == nil {
				tl = &tally{}
				per[m.kind] = tl
			}
			tl.n++
			total++
			if after.Errors() > before.Errors() {
				t.Errorf("%s %s: finish made it worse (%d errors, was %d)\n%s", m.plan, m.kind, after.Errors(), before.Errors(), m.src)
			}
			if after.HasErrors() {
				if os.Getenv("HEAL_DEBUG") != "" {
					t.Logf("%s %s: still %d errors, first %q\n%s", m.plan, m.kind, after.Errors(), after[0].Message, m.src)
				}
				continue
			}
			tl.healed++
			healed++
			if res.Source == want || facts(t, res.Source) == facts(t, want) {
				tl.same++
			} else if equivalentKinds[m.kind] {
				t.Errorf("%s %s: healed to another plan:\n%s", m.plan, m.kind, res.Source)
			}
		}
	}
	kinds := make([]string, 0, len(per))
	for k := range per {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		tl := per[k]
		t.Logf("%-14s %4d mutants, %4d compile after finish (%.0f%%), %4d as written", k, tl.n, tl.healed, 100*float64(tl.healed)/float64(tl.n), tl.same)
	}
	t.Logf("%d plans, %d mutants, %d compile after one finish (%.1f%%)", len(names), total, healed, 100*float64(healed)/float64(total))
	if total < 200 {
		t.Errorf("only %d mutants; the generator makes too few", total)
	}
	if float64(healed) < minHealRate*float64(total) {
		t.Errorf("%d of %d mutants compile after finish, under %.0f%%", healed, total, 100*minHealRate)
	}
}

// TestFixingLeavesValidPlans: a plan that compiles gets none of the
// server's own fixes, and the fixing step of finish leaves it byte for
// byte as it is unless the reference's own fixes ask for a change (a
// door off its wall, in a test plan made for it).
func TestFixingLeavesValidPlans(t *testing.T) {
	names, srcs := healCorpus(t)
	for i, name := range names {
		ds := compile.Compile(srcs[i], compile.Options{}).Diagnostics
		reference := false
		for _, d := range ds {
			if len(d.Extra) > 0 {
				t.Errorf("%s: a plan that compiles has extra fixes on %s", name, d.Message)
			}
			reference = reference || len(d.Fixes) > 0
		}
		r := compile.Finish(srcs[i], compile.FinishOptions{Unsafe: true})
		if !reference && len(r.Applied) != 0 {
			t.Errorf("%s: finish applied fixes to a plan that compiles: %+v", name, r.Applied)
		}
	}
}

// BenchmarkFinishOneMistake times finish (unsafe) on a 16 KB grid with one
// mistake of each kind, one call per kind.
func BenchmarkFinishOneMistake(b *testing.B) {
	src := plangen.GridOfSize(16 << 10)
	ms := mutate("grid", src)
	seen := map[string]bool{}
	for _, m := range ms {
		if seen[m.kind] {
			continue
		}
		seen[m.kind] = true
		b.Run(m.kind, func(b *testing.B) {
			b.SetBytes(int64(len(m.src)))
			b.ReportAllocs()
			for b.Loop() {
				compile.Finish(m.src, compile.FinishOptions{Unsafe: true})
			}
		})
	}
}
