package resources

import (
	"bytes"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
	"github.com/archlang-go/caddy-archlang/resources/internal/gbnf"
	"github.com/archlang-go/caddy-archlang/resources/internal/grammargen"
)

// servedGrammar parses the GBNF grammar served as archlang://grammar.
func servedGrammar(t testing.TB) *gbnf.Grammar {
	t.Helper()
	b, err := Read(GrammarURI)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gbnf.Parse(string(b))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// parses reports whether the Go parser reads src without a diagnostic and
// nothing but blanks and comments follows the plan. (The parser ignores
// text after the plan's closing brace; the grammar, meant to stop a
// generator there, does not allow it.)
func parses(name string, src []byte) bool {
	f, diags := syntax.Parse(source.NewFile(name, src))
	return len(diags) == 0 && f.Plan != nil && onlyBlank(src[min(f.Plan.Sp.End, len(src)):])
}

// onlyBlank reports whether b holds only blanks and # comments.
func onlyBlank(b []byte) bool {
	for _, line := range bytes.Split(b, []byte("\n")) {
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
			return false
		}
	}
	return true
}

// corpus is every plan the grammar must accept: the plans under
// resources/testdata, the bundled library, the ```arch examples of the
// Markdown resources (fragments wrapped in a plan), and every .arch file
// under core/**/testdata that the Go parser reads without a diagnostic
// (the chunked example files of core/diag count chunk by chunk).
func corpus(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	own, err := filepath.Glob("testdata/*.arch")
	if err != nil || len(own) == 0 {
		t.Fatalf("no plans under resources/testdata: %v", err)
	}
	for _, p := range own {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !parses(p, b) {
			t.Errorf("%s does not parse; the corpus must hold valid plans", p)
		}
		out[p] = b
	}
	for _, r := range List() {
		b, _ := Read(r.URI)
		switch {
		case strings.HasSuffix(r.Path, ".arch"):
			out[r.Path] = b
		case r.MIMEType == MIMEMarkdown && r.URI != ErrorCodesURI:
			for i, m := range archBlock.FindAllSubmatch(b, -1) {
				src := m[1]
				if !bytes.HasPrefix(bytes.TrimLeft(stripComments(src), " \n"), []byte("plan")) {
					src = append(append([]byte("plan \"Fragment\" {\n"), src...), "}\n"...)
				}
				if parses(r.Path, src) {
					out[r.Path+"#"+string(rune('A'+i%26))+strings.Repeat("'", i/26)] = src
				}
			}
		}
	}
	var files, whole, chunks, skipped int
	err = filepath.WalkDir("../core", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".arch") || !strings.Contains(p, "testdata") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files++
		if parses(p, b) {
			out[p] = b
			whole++
			return nil
		}
		n := 0
		for i, chunk := range strings.Split(string(b), "---\n") {
			if c := []byte(chunk); parses(p, c) && bytes.Contains(c, []byte("plan")) {
				out[p+"@"+strconv.Itoa(i)] = c
				n++
			}
		}
		if n == 0 {
			skipped++
		}
		chunks += n
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("core/**/testdata: %d .arch files; %d parse whole, %d plans from chunked files, %d skipped (they do not parse)", files, whole, chunks, skipped)
	return out
}

// TestGrammarAcceptsCorpus is the grammar's main promise: every valid plan
// is in its language.
func TestGrammarAcceptsCorpus(t *testing.T) {
	g := servedGrammar(t)
	plans := corpus(t)
	if len(plans) < 400 {
		t.Errorf("the corpus has only %d plans", len(plans))
	}
	var bytesRead int
	used := map[string]bool{}
	start := time.Now()
	for name, src := range plans {
		bytesRead += len(src)
		if ok, at := g.Cover("root", src, used); !ok {
			t.Errorf("%s: refused at byte %d: %q", name, at, around(src, at))
		}
	}
	for _, r := range g.Rules {
		if !used[r] && !trieRule.MatchString(r) { // the generated tries are tested in grammargen
			t.Errorf("no plan of the corpus uses the rule %s", r)
		}
	}
	t.Logf("%d plans, %d bytes accepted in %v", len(plans), bytesRead, time.Since(start).Round(time.Millisecond))
}

// trieRule matches the names of the generated trie rules.
var trieRule = regexp.MustCompile(`^f[a-z]-`)

// around shows the text around offset at.
func around(src []byte, at int) string {
	lo, hi := max(at-40, 0), min(at+20, len(src))
	return string(src[lo:at]) + "⟨here⟩" + string(src[at:hi])
}

// TestGrammarRefusesBrokenPlans checks that the grammar is not a catch-all:
// each plan under testdata/broken is refused by the Go parser and by the
// grammar.
func TestGrammarRefusesBrokenPlans(t *testing.T) {
	g := servedGrammar(t)
	files, err := filepath.Glob("testdata/broken/*.arch")
	if err != nil || len(files) < 20 {
		t.Fatalf("want at least 20 broken plans, found %d (%v)", len(files), err)
	}
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if parses(p, src) {
			t.Errorf("%s parses; a broken plan must not", p)
		}
		if ok, _ := g.Match("root", src); ok {
			t.Errorf("%s: the grammar accepts a plan the parser refuses", p)
		}
	}
}

// looseTestdata are the files under core/**/testdata the parser refuses and
// the grammar accepts, each with the reason.
var looseTestdata = map[string]string{
	"../core/compile/testdata/diag/dup-component.arch": "a component declared twice: a check on names, which a context-free grammar cannot make",
}

// TestGrammarRefusesBrokenTestdata holds the grammar to the parser's
// verdict on the other side: every single-plan file under core/**/testdata
// that the parser refuses, the grammar refuses too, but for the few listed
// in looseTestdata.
func TestGrammarRefusesBrokenTestdata(t *testing.T) {
	g := servedGrammar(t)
	var refused, loose int
	err := filepath.WalkDir("../core", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".arch") || !strings.Contains(p, "testdata") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if parses(p, b) || bytes.Contains(b, []byte("---\n")) {
			return nil // valid, or a file of several plans
		}
		refused++
		ok, _ := g.Match("root", b)
		switch reason := looseTestdata[filepath.ToSlash(p)]; {
		case ok && reason == "":
			t.Errorf("%s: the grammar accepts a plan the parser refuses", p)
		case !ok && reason != "":
			t.Errorf("%s: the grammar now refuses it; drop it from looseTestdata", p)
		}
		if ok {
			loose++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files the parser refuses: the grammar refuses %d", refused, refused-loose)
	if refused < 100 {
		t.Errorf("only %d refused files found under core/**/testdata", refused)
	}
}

// TestGrammarIsLlamaCompatible checks the properties a constrained-decoding
// runtime needs beyond what gbnf.Parse already refuses (left recursion,
// undefined rules): rule names in llama.cpp's alphabet, no unused rules.
func TestGrammarIsLlamaCompatible(t *testing.T) {
	g := servedGrammar(t)
	for _, r := range g.Rules {
		for _, c := range r {
			if !(c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				t.Errorf("rule name %q has %q, which llama.cpp does not allow", r, c)
			}
		}
	}
	if u := g.Unused(); len(u) > 0 {
		t.Errorf("rules defined but never used: %v", u)
	}
	rules, prods := g.Size()
	t.Logf("%d rules, %d productions after expansion", rules, prods)
}

// TestGrammarSpeed reads a plan of tens of kilobytes: the grammar must stay
// usable on the largest plans a client may send.
func TestGrammarSpeed(t *testing.T) {
	g := servedGrammar(t)
	src := bigPlan(40 << 10)
	if !parses("big", src) {
		t.Fatal("the generated big plan does not parse")
	}
	start := time.Now()
	if ok, at := g.Match("root", src); !ok {
		t.Fatalf("big plan refused at %d: %q", at, around(src, at))
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("a %d-byte plan took %v", len(src), d)
	} else {
		t.Logf("a %d-byte plan took %v", len(src), d.Round(time.Millisecond))
	}
}

// bigPlan writes a valid plan of at least n bytes: a grid of rooms, each
// with its walls, door, window, furniture and a little script.
func bigPlan(n int) []byte {
	var b bytes.Buffer
	b.WriteString("plan \"Big\" {\n  units mm\n  grid 100\n  let gap = 100\n  let w(i) = 3000 + i * 10\n")
	for i := 0; b.Len() < n; i++ {
		x, y := (i%20)*4000, (i/20)*4000
		id := "r" + strconv.Itoa(i)
		b.WriteString("  # room " + strconv.Itoa(i) + "\n")
		b.WriteString("  wall id=" + id + "w exterior thickness 200 { (" + strconv.Itoa(x) + ", " + strconv.Itoa(y) + ") (" + strconv.Itoa(x+4000) + ", " + strconv.Itoa(y) + ") (" + strconv.Itoa(x+4000) + ", " + strconv.Itoa(y+4000) + ") (" + strconv.Itoa(x) + ", " + strconv.Itoa(y+4000) + ") close }\n")
		b.WriteString("  room id=" + id + " at (" + strconv.Itoa(x) + ", " + strconv.Itoa(y) + ") size 4000x4000 label \"Room {" + strconv.Itoa(i) + " + 1}\" uses bedroom\n")
		b.WriteString("  door on " + id + "w at 25% width 900 hinge left swing in\n")
		b.WriteString("  window on " + id + "w at 75% width 1200\n")
		b.WriteString("  furniture bed in " + id + " anchor top-left flush inset 100 size 1600x2000 label \"Bed\"\n")
		b.WriteString("  for k in 0..2 { column at (" + strconv.Itoa(x) + " + k * 1000, " + strconv.Itoa(y) + ") size 200x200 }\n")
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// TestGrammarAgreesWithParser mutates the plans of resources/testdata
// (deleting, inserting a blank, or repeating a few bytes) and checks that
// the grammar and the Go parser almost always agree on the result. The
// grammar's header says where they may differ: spacing the parser allows
// that the grammar refuses (statements glued together after a value).
func TestGrammarAgreesWithParser(t *testing.T) {
	g := servedGrammar(t)
	files, err := filepath.Glob("testdata/*.arch")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	var n, over, under int
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for range 100 {
			i := r.IntN(len(b))
			j := min(i+1+r.IntN(8), len(b))
			var m []byte
			switch r.IntN(3) {
			case 0:
				m = append(append(m, b[:i]...), b[j:]...)
			case 1:
				m = append(append(append(m, b[:i]...), ' '), b[i:]...)
			default:
				m = append(append(append(m, b[:j]...), b[i:j]...), b[j:]...)
			}
			n++
			byParser := parses(p, m)
			byGrammar, _ := g.Match("root", m)
			if byParser == byGrammar {
				continue
			}
			if byGrammar {
				over++
			} else {
				under++
			}
			t.Logf("%s: parser %v, grammar %v near %q", p, byParser, byGrammar, m[max(i-30, 0):min(j+30, len(m))])
		}
	}
	t.Logf("%d mutations: the grammar allows %d the parser refuses, and refuses %d the parser allows", n, over, under)
	if over*100 > n || under*100 > n {
		t.Errorf("the grammar and the parser disagree on more than 1%% of %d mutated plans", n)
	}
}

// TestGrammarGeneratedUpToDate keeps the generated section of grammar.gbnf
// in step with its generator.
func TestGrammarGeneratedUpToDate(t *testing.T) {
	b, err := Read(GrammarURI)
	if err != nil {
		t.Fatal(err)
	}
	want, err := grammargen.Rewrite(b)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, want) {
		t.Error("grammar.gbnf's generated section is stale: run `go generate ./resources`")
	}
}

// TestGrammarKeywordsMatchParser checks grammargen's keyword list against
// the parser: a keyword followed by "(" is never read as a call, and every
// other word the grammar spells out is.
func TestGrammarKeywordsMatchParser(t *testing.T) {
	b, err := Read(GrammarURI)
	if err != nil {
		t.Fatal(err)
	}
	call := func(w string) bool { return parses(w, []byte("plan \"x\" {\n  "+w+"(1)\n}\n")) }
	kw := map[string]bool{}
	for _, k := range grammargen.Keywords {
		kw[k] = true
		if call(k) {
			t.Errorf("%s(1) parses as a call, but grammargen lists %q as a keyword", k, k)
		}
	}
	words := regexp.MustCompile(`"([A-Za-z_][A-Za-z0-9_]*)"`).FindAllStringSubmatch(string(b), -1)
	for _, m := range words {
		if w := m[1]; !kw[w] && !call(w) {
			t.Errorf("%s(1) does not parse as a call: is %q a statement keyword grammargen lacks?", w, w)
		}
	}
	if len(words) < 100 {
		t.Errorf("only %d words found in the grammar", len(words))
	}
}

// TestGrammarUseWordsMatchParser checks grammargen's room use words against
// the parser: each is taken after `uses`, and no other word of the grammar
// is.
func TestGrammarUseWordsMatchParser(t *testing.T) {
	b, err := Read(GrammarURI)
	if err != nil {
		t.Fatal(err)
	}
	uses := func(w string) bool {
		return parses(w, []byte("plan \"x\" {\n  room at (0, 0) size 1x1 uses "+w+"\n}\n"))
	}
	use := map[string]bool{}
	for _, u := range grammargen.UseWords {
		use[u] = true
		if !uses(u) {
			t.Errorf("uses %s does not parse, but grammargen lists %q as a room use", u, u)
		}
	}
	for _, m := range regexp.MustCompile(`"([A-Za-z_][A-Za-z0-9_]*)"`).FindAllStringSubmatch(string(b), -1) {
		if w := m[1]; !use[w] && uses(w) {
			t.Errorf("uses %s parses: is %q a room use grammargen lacks?", w, w)
		}
	}
}

// TestGrammarThemeKeysMatchParser checks grammargen's theme string keys
// against the parser: each refuses a number, and no other key does.
func TestGrammarThemeKeysMatchParser(t *testing.T) {
	b, err := Read(GrammarURI)
	if err != nil {
		t.Fatal(err)
	}
	number := func(k string) bool {
		return parses(k, []byte("plan \"x\" {\n  theme { "+k+": 1 }\n}\n"))
	}
	str := map[string]bool{}
	for _, k := range grammargen.ThemeStringKeys {
		str[k] = true
		if number(k) {
			t.Errorf("theme { %s: 1 } parses, but grammargen says %q takes a string", k, k)
		}
	}
	probe := []string{"lineWeight", "furnitureLabel", "gap", "scale"}
	for _, m := range regexp.MustCompile(`"([A-Za-z_][A-Za-z0-9_]*)"`).FindAllStringSubmatch(string(b), -1) {
		probe = append(probe, m[1])
	}
	for _, w := range probe {
		if !str[w] && !number(w) {
			t.Errorf("theme { %s: 1 } does not parse: is %q a string key grammargen lacks?", w, w)
		}
	}
}

// TestGrammarFollowsClauseGreed checks the statement lists against the
// parser where they are most delicate: a call or an assignment right after
// a statement, named like a keyword, like a clause that statement could
// still take, or like neither. The grammar and the parser must agree on
// every such plan.
func TestGrammarFollowsClauseGreed(t *testing.T) {
	g := servedGrammar(t)
	samples := []string{
		`room at (0,0) size 1x1`, `room at (0,0) size 1x1 label "a"`, `room at (0,0) size 1x1 label "a" at (0,0)`,
		`room at (0,0) size 1x1 uses bath`, `room polygon (0,0) (1,0) (1,1)`,
		`door on w at 1 width 1`, `door at (0,0) width 1`, `door at (0,0) width 1 wall w`, `door on w at 1 width 1 hinge left`,
		`door on w at 1 width 1 swing in`, `door sliding on w at 1 width 1 slide left`, `door on w at 1 width 1 open 1`,
		`window at (0,0) width 1`, `opening on w at 50% width 1`,
		`furniture a at (0,0)`, `furniture a against wall w`, `furniture a against wall w segment 1`, `furniture a against wall w side left`,
		`furniture a in r centered`, `furniture a in r anchor top`, `furniture a in r anchor top flush`, `furniture a in r anchor top inset 1`,
		`furniture a at (0,0) size 1x1`, `furniture a at (0,0) label "a"`, `furniture a at (0,0) rotate 90`, `furniture a at (0,0) in r`,
		`dim radius w`, `dim radius w segment 1`, `dim diameter r`, `dim (0,0)->(1,1)`, `dim (0,0)->(1,1) offset 1`, `dim (0,0)->(1,1) text "a"`,
		`stair at (0,0) size 1x1 dir up`, `stair at (0,0) size 1x1 dir up width 1`, `escalator at (0,0) size 1x1 dir up`,
		`column at (0,0) size 1x1`, `elevator at (0,0) size 1x1`,
		`place c() as a at (0,0)`, `place c() as a at (0,0) rotate 90`, `place c() as a at (0,0) mirror x`,
		`import "x": a`, `import "x": a as b`, `import "x": *`, `import "x" as n`,
		`paper A4`, `paper A4 landscape`, `dims auto`, `dims auto all`, `grid 5`, `units mm`, `north up`, `scale 1:5`,
		`schedule rooms`, `legend`, `accTitle "x"`, `theme x`, `theme from "#fff"`, `theme { }`, `style room { }`,
		`let a = 1`, `a = 1`, `f(1)`, `set door()`, `if true { }`, `if true { } else { }`, `while false { }`, `for i in [] { }`,
		`wall a thickness 1 { (0,0) (1,1) }`, `zone z { }`, `level 0 { }`, `component c() { }`, `site { street north }`,
		`title { }`, `axes { }`, `strip right at (0,0) gap 0 { }`,
	}
	probe := map[string]bool{"x": true, "foo": true, "walls2": true}
	for _, k := range grammargen.Keywords {
		probe[k] = true
	}
	for _, gd := range grammargen.Guards {
		for _, w := range gd.Words {
			probe[w] = true
		}
	}
	// guarded reports whether w is a word the grammar keeps from following
	// the statement s: a clause word of its kind.
	guarded := func(s, w string) bool {
		class := strings.Fields(s)[0]
		switch class {
		case "door", "window", "opening":
			class = "opening"
		case "room":
			if strings.Contains(s, " uses ") {
				class = "uses"
			}
		}
		for _, gd := range grammargen.Guards {
			if gd.Class == class && slices.Contains(gd.Words, w) {
				return true
			}
		}
		return false
	}
	var n, strict int
	for _, s := range samples {
		for w := range probe {
			for _, next := range []string{w + "(1)", w + " = 1"} {
				src := []byte("plan \"x\" {\n  " + s + "\n  " + next + "\n}\n")
				byParser := parses("clause", src)
				byGrammar, _ := g.Match("root", src)
				n++
				switch {
				case byParser == byGrammar:
				case byParser && guarded(s, w):
					strict++ // the grammar's guard is per kind of statement
				default:
					t.Errorf("parser %v, grammar %v on %q then %q", byParser, byGrammar, s, next)
				}
			}
		}
	}
	t.Logf("%d plans; the grammar is stricter than the parser on %d, each a clause word after a statement of its kind", n, strict)
}
