// Command lintcodes compares our lint with the reference's, code by code:
// for each plan it runs core/lint (through compile.Lint) and the oracle
// (a Node.js black box, one call at a time), and reports how many
// findings of each chosen code each side raises, how many plans agree on
// those codes exactly (code, line, column, span and fix edits), and how
// many agree on the whole lint output the same way.
//
// The corpus is the plan files named on the command line plus, with -gen,
// generated room grids (core/plangen) whose furniture is pushed toward the
// doors so rooms get crowded.
//
// Usage (from the repository root):
//
//	go run ./scripts/lintcodes [-codes W_DIM_OVERLAP,W_ROOM_NO_CLEAR_PATH] [-gen 200] [-seed 1] [-keep dir] [-v] [plan.arch ...]
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/plangen"
)

// oracleTimeout bounds one oracle call.
const oracleTimeout = 60 * time.Second

type finding struct {
	Code    string `json:"code"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Span    []int  `json:"span"`
	Level   *int   `json:"level"`
	Fixes   []fix  `json:"fixes"`
	Message string `json:"message"`
	Source  string `json:"-"`
}

type fix struct {
	Edits []struct {
		Span    []int  `json:"span"`
		NewText string `json:"newText"`
	} `json:"edits"`
}

// key is a finding as compared: everything but the prose (the message is
// kept only to be shown).
func (f finding) key() string {
	b, _ := json.Marshal(struct {
		C string
		L int
		K int
		S []int
		V *int
		F []fix
	}{f.Code, f.Line, f.Col, f.Span, f.Level, f.Fixes})
	return string(b)
}

func main() {
	codesFlag := flag.String("codes", "W_DIM_OVERLAP,W_ROOM_NO_CLEAR_PATH", "codes to count")
	gen := flag.Int("gen", 0, "number of generated plans")
	seed := flag.Int64("seed", 1, "seed of the generated plans")
	oracle := flag.String("oracle", "../shared/oracle/oracle.mjs", "the reference's oracle script")
	verbose := flag.Bool("v", false, "name every plan that differs on the codes")
	keep := flag.String("keep", "", "write the generated plans into this directory and keep them")
	flag.Parse()
	codes := strings.Split(*codesFlag, ",")
	tmp := *keep
	if tmp == "" {
		d, err := os.MkdirTemp("", "lintcodes-")
		check(err)
		defer os.RemoveAll(d)
		tmp = d
	} else {
		check(os.MkdirAll(tmp, 0o755))
	}
	files := flag.Args()
	r := rand.New(rand.NewSource(*seed))
	for i := range *gen {
		path := filepath.Join(tmp, fmt.Sprintf("gen%03d.arch", i))
		check(os.WriteFile(path, crowd(r, plangen.Grid(1+i%4, 1+(i/4)%3)), 0o644))
		files = append(files, path)
	}
	ours, ref := map[string]int{}, map[string]int{}
	sameCodes, sameAll, misordered, n := 0, 0, 0, 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		check(err)
		a := lintOurs(src)
		b, ok := lintRef(*oracle, f)
		if !ok {
			fmt.Fprintf(os.Stderr, "lintcodes: oracle failed on %s\n", f)
			continue
		}
		n++
		for _, d := range a {
			ours[d.Code]++
		}
		for _, d := range b {
			ref[d.Code]++
		}
		if equal(a, b, nil) {
			sameAll++
		}
		if !sameOrder(a, b, codes) {
			misordered++
			if *verbose {
				fmt.Println("order differs:", f)
			}
		}
		if equal(a, b, codes) {
			sameCodes++
		} else if *verbose {
			fmt.Println("differs:", f)
			showDiff(a, b, codes)
		}
	}
	fmt.Printf("plans %d\n", n)
	for _, c := range codes {
		fmt.Printf("%-24s ours %4d  reference %4d\n", c, ours[c], ref[c])
	}
	fmt.Printf("equal on these codes  %d/%d\n", sameCodes, n)
	fmt.Printf("equal on all of lint  %d/%d\n", sameAll, n)
	fmt.Printf("codes out of place    %d/%d\n", misordered, n)
}

// equal compares the findings of codes (all when nil), in order.
func equal(a, b []finding, codes []string) bool {
	keep := func(l []finding) []string {
		var out []string
		for _, f := range l {
			if codes == nil || slices.Contains(codes, f.Code) {
				out = append(out, f.key())
			}
		}
		return out
	}
	return slices.Equal(keep(a), keep(b))
}

// sameOrder reports whether the findings both sides raise come in the
// same order around those of codes: each finding of codes that both raise
// has the same common findings before it on both sides.
func sameOrder(a, b []finding, codes []string) bool {
	common := func(l, o []finding) []string {
		var out []string
		for _, f := range l {
			if slices.ContainsFunc(o, func(g finding) bool { return g.key() == f.key() }) {
				out = append(out, f.key())
			}
		}
		return out
	}
	ka, kb := common(a, b), common(b, a)
	for i, k := range ka {
		var f finding
		check(json.Unmarshal([]byte(k), &struct{ C *string }{&f.Code}))
		if !slices.Contains(codes, f.Code) {
			continue
		}
		j := slices.Index(kb, k)
		if j < 0 || !slices.Equal(sortedCopy(ka[:i]), sortedCopy(kb[:j])) {
			return false
		}
	}
	return true
}

func sortedCopy(l []string) []string {
	c := slices.Clone(l)
	slices.Sort(c)
	return c
}

// showDiff prints the findings of codes that one side raises and the
// other does not, with their messages.
func showDiff(a, b []finding, codes []string) {
	in := func(l []finding, f finding) bool {
		return slices.ContainsFunc(l, func(g finding) bool { return g.key() == f.key() })
	}
	for _, side := range []struct {
		name string
		l, o []finding
	}{{"  ours only:", a, b}, {"  reference only:", b, a}} {
		for _, f := range side.l {
			if slices.Contains(codes, f.Code) && !in(side.o, f) {
				fmt.Println(side.name, f.Code, f.Line, f.Message)
			}
		}
	}
}

func lintOurs(src []byte) []finding {
	res := compile.Lint(src, compile.LintOptions{})
	var out []finding
	for _, d := range res.Findings {
		j := diag.ToJSON(res.File, d)
		b, _ := json.Marshal(j)
		var f finding
		check(json.Unmarshal(b, &f))
		out = append(out, f)
	}
	return out
}

func lintRef(oracle, path string) ([]finding, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), oracleTimeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, "node", oracle, "lint", path).Output()
	if err != nil {
		return nil, false
	}
	var res struct {
		OK          bool      `json:"ok"`
		Diagnostics []finding `json:"diagnostics"`
	}
	if json.Unmarshal(out, &res) != nil {
		return nil, false
	}
	if !res.OK {
		return nil, true
	}
	return res.Diagnostics, true
}

// crowd moves and grows a grid's furniture toward the rooms' doors.
func crowd(r *rand.Rand, src []byte) []byte {
	lines := strings.Split(string(src), "\n")
	for i, l := range lines {
		t := strings.TrimSpace(l)
		var kind string
		var x, y, w, h int
		if _, err := fmt.Sscanf(t, "furniture %s at (%d,%d) size %dx%d", &kind, &x, &y, &w, &h); err != nil {
			continue
		}
		if r.Intn(2) == 0 {
			x += 100 * (r.Intn(21) - 10)
			y += 100 * (r.Intn(21) - 10)
		}
		if r.Intn(2) == 0 {
			w += 100 * r.Intn(25)
			h += 100 * r.Intn(25)
		}
		lines[i] = fmt.Sprintf("  furniture %s at (%d,%d) size %dx%d", kind, x, y, w, h)
	}
	return []byte(strings.Join(lines, "\n"))
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "lintcodes:", err)
		os.Exit(1)
	}
}
