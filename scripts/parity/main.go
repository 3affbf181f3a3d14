// Command parity is a differential runner: it calls our MCP tools (the
// real server, over in-memory transports) and the reference's (the oracle,
// a Node.js black box) on the same plans and reports, per tool, how many
// answers are exactly equal as JSON values.
//
// The corpus is the public examples, the fault examples, and generated
// plans: room grids from core/plangen, and seeded mutations of them that
// swap furniture kinds, move and turn pieces, drop doors and add fixtures.
//
// Answers are compared as JSON values, with two deliberate differences
// taken out: the prose fields (reason, rationale, problem, message, fix,
// hints, and a fix's title) are written in our own words, so only their
// presence counts; and
// the reference counts span offsets in UTF-16 code units where ours are
// bytes, so its spans are converted before the comparison.
//
// Usage (from the repository root):
//
//	go run ./scripts/parity [-tools repair,fix,suggest,txt] [-gen 300] [-seed 1] [-out dir] [-v] [plan.arch ...]
//
// Plans named on the command line replace the corpus (for probing).
//
// The oracle's answers are cached under $PARITY_CACHE (default
// /tmp/parity-oracle-cache), keyed by tool, arguments and source, so a
// second run only pays for our side. With -out, every mismatching plan is
// written there with both answers, for reading with diff.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/caddymodule/mcpserver"
	"github.com/archlang-go/caddy-archlang/core/plangen"
	"github.com/archlang-go/caddy-archlang/scripts/internal/oracle"
)

// tool is one compared call: the MCP tool name and its extra arguments.
type tool struct {
	name string // what the report calls it
	mcp  string // the MCP tool
	args map[string]any
}

var allTools = []tool{
	{"repair", "repair", nil},
	{"fix", "fix", nil},
	{"suggest", "suggest", nil},
	{"txt", "compile", map[string]any{"format": "txt"}},
	{"lint", "lint", nil}, // not in the default set: the lead owns it
	{"describe", "describe", nil},
	{"validate", "validate", nil},
}

// plan is one corpus entry (group: examples, faults, generated).
type plan = oracle.Plan

func main() {
	toolsFlag := flag.String("tools", "repair,fix,suggest,txt", "comma-separated tools to compare")
	gen := flag.Int("gen", 300, "number of generated plans")
	seed := flag.Int64("seed", 1, "seed of the mutations")
	out := flag.String("out", "", "write mismatches (plan, ours, reference) into this directory")
	verbose := flag.Bool("v", false, "name every mismatching plan")
	only := flag.String("only", "", "only plans whose name contains this")
	examples := flag.String("examples", "../shared/examples", "directory of example plans")
	script := flag.String("oracle", "../shared/oracle/oracle.mjs", "the reference's oracle script")
	writeTo := flag.String("write", "", "write the corpus's plans as <group>-<name>.arch into this directory and stop (a fixed corpus for other tools)")
	flag.Parse()
	if abs, err := filepath.Abs(*script); err == nil {
		*script = abs
	}

	var tools []tool
	for _, n := range strings.Split(*toolsFlag, ",") {
		for _, t := range allTools {
			if t.name == n {
				tools = append(tools, t)
			}
		}
	}
	tmp, err := os.MkdirTemp("", "parity-")
	check(err)
	defer os.RemoveAll(tmp)
	var plans []plan
	if flag.NArg() > 0 {
		// Plans named on the command line replace the corpus.
		plans, err = oracle.Named(flag.Args(), "examples")
		check(err)
	} else {
		plans = corpus(*examples, tmp, *gen, *seed)
	}
	plans = oracle.Only(plans, *only, func(p plan) string { return p.Name })
	if *writeTo != "" {
		check(os.MkdirAll(*writeTo, 0o755))
		for _, p := range plans {
			check(os.WriteFile(filepath.Join(*writeTo, p.Group+"-"+p.Name+".arch"), p.Src, 0o644))
		}
		return
	}
	cache, err := oracle.CacheDir("PARITY_CACHE", "/tmp/parity-oracle-cache")
	check(err)
	if *out != "" {
		check(os.MkdirAll(*out, 0o755))
	}

	cs := connect()
	groups := []string{"examples", "faults", "generated"}
	fmt.Printf("%-8s", "tool")
	for _, g := range groups {
		fmt.Printf(" %18s", g)
	}
	fmt.Printf(" %18s\n", "all")
	for _, t := range tools {
		same := map[string]int{}
		total := map[string]int{}
		var misses []string
		results := make([]bool, len(plans))
		var wg sync.WaitGroup
		sem := make(chan struct{}, 2)
		for i, p := range plans {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				ref := reference(*script, cache, t, p)
				ours := call(cs, t, p.Src)
				ok := equalJSON(ref, ours, p.Src)
				results[i] = ok
				if !ok && *out != "" {
					base := filepath.Join(*out, t.name+"-"+p.Name)
					os.WriteFile(base+".arch", p.Src, 0o644)
					os.WriteFile(base+".ours", pretty(ours, t), 0o644)
					os.WriteFile(base+".ref", pretty(ref, t), 0o644)
				}
			}()
		}
		wg.Wait()
		for i, p := range plans {
			total[p.Group]++
			total["all"]++
			if results[i] {
				same[p.Group]++
				same["all"]++
			} else {
				misses = append(misses, p.Name)
			}
		}
		fmt.Printf("%-8s", t.name)
		for _, g := range append(groups, "all") {
			fmt.Printf(" %18s", rate(same[g], total[g]))
		}
		fmt.Println()
		if *verbose && len(misses) > 0 {
			fmt.Printf("  misses: %s\n", strings.Join(misses, " "))
		}
	}
}

func rate(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d %5.1f%%", n, d, 100*float64(n)/float64(d))
}

func check(err error) { oracle.Check("parity", err) }

// corpus gathers the examples, the faults and n generated plans; generated
// plans are written under tmp so the oracle can read them.
func corpus(examples, tmp string, n int, seed int64) []plan {
	var ps []plan
	for _, g := range []struct{ group, glob string }{
		{"examples", filepath.Join(examples, "*.arch")},
		{"faults", filepath.Join(examples, "faults", "*.arch")},
	} {
		files, _ := filepath.Glob(g.glob)
		sort.Strings(files)
		for _, f := range files {
			src, err := os.ReadFile(f)
			check(err)
			abs, _ := filepath.Abs(f)
			ps = append(ps, plan{Name: strings.TrimSuffix(filepath.Base(f), ".arch"), Group: g.group, Path: abs, Src: src})
		}
	}
	r := rand.New(rand.NewSource(seed))
	for i := 0; i < n; i++ {
		var src []byte
		cols, rows := 1+i%4, 1+(i/4)%3
		if i < 12 {
			src = plangen.Grid(cols, rows)
		} else {
			src = mutate(r, plangen.Grid(cols, rows))
		}
		name := fmt.Sprintf("gen%03d", i)
		path := filepath.Join(tmp, name+".arch")
		check(os.WriteFile(path, src, 0o644))
		ps = append(ps, plan{Name: name, Group: "generated", Path: path, Src: src})
	}
	return ps
}

// fixtureKinds are the kinds a mutation swaps in: fixtures that want a
// wall behind them, and free-standing pieces.
var fixtureKinds = []string{"wc", "basin", "sink", "kitchen_sink", "stove", "fridge", "counter", "shower", "bathtub", "bed", "table", "sofa", "desk", "wardrobe"}

var sizes = []string{"400x700", "600x450", "800x600", "600x650", "900x900", "1700x700", "1400x2000", "800x800", "2000x900"}

// mutate changes a generated grid line by line: furniture kinds, sizes,
// positions (on a 100 mm step, sometimes into a wall or a doorway) and
// turns; doors dropped; fixtures added in rooms.
func mutate(r *rand.Rand, src []byte) []byte {
	lines := strings.Split(string(src), "\n")
	var out []string
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "furniture "):
			var kind string
			var x, y, w, h int
			if _, err := fmt.Sscanf(t, "furniture %s at (%d,%d) size %dx%d", &kind, &x, &y, &w, &h); err != nil {
				out = append(out, l)
				continue
			}
			if r.Intn(2) == 0 {
				kind = fixtureKinds[r.Intn(len(fixtureKinds))]
			}
			if r.Intn(3) == 0 {
				fmt.Sscanf(sizes[r.Intn(len(sizes))], "%dx%d", &w, &h)
			}
			if r.Intn(2) == 0 {
				x += 100 * (r.Intn(13) - 6)
				y += 100 * (r.Intn(13) - 6)
			}
			rot := ""
			if r.Intn(4) == 0 {
				rot = fmt.Sprintf(" rotate %d", 90*r.Intn(4))
			}
			if r.Intn(10) == 0 {
				continue
			}
			out = append(out, fmt.Sprintf("  furniture %s at (%d,%d) size %dx%d%s", kind, x, y, w, h, rot))
		case strings.HasPrefix(t, "door ") && r.Intn(8) == 0:
			continue
		case strings.HasPrefix(t, "room ") && r.Intn(4) == 0:
			out = append(out, l)
			var id string
			var x, y int
			if _, err := fmt.Sscanf(t, "room id=%s at (%d,%d)", &id, &x, &y); err != nil {
				continue
			}
			id = strings.TrimSuffix(id, " ")
			kind := fixtureKinds[r.Intn(9)]
			px, py := x+100*r.Intn(34), y+100*r.Intn(28)
			out = append(out, fmt.Sprintf("  furniture %s at (%d,%d) size %s", kind, px, py, sizes[r.Intn(4)]))
		default:
			out = append(out, l)
		}
	}
	return []byte(strings.Join(out, "\n"))
}

// oracleTimeout bounds one oracle call (the reference loops on a few
// inputs); a call cut short counts as a mismatch and is not cached.
// reference is the oracle's answer, from the cache when it has one (nil
// when the oracle fails, which is reported).
func reference(script, cache string, t tool, p plan) []byte {
	var args []byte
	if t.args != nil {
		args, _ = json.Marshal(t.args)
	}
	b, err := oracle.Call(script, cache, t.mcp, args, p)
	if err != nil {
		fmt.Fprintln(os.Stderr, "parity:", err)
		return nil
	}
	return b
}

// connect starts our MCP server and a client on in-memory transports.
func connect() *mcp.ClientSession {
	ctx := context.Background()
	srv := mcpserver.New(mcpserver.Options{})
	ct, st := mcp.NewInMemoryTransports()
	_, err := srv.Connect(ctx, st, nil)
	check(err)
	c := mcp.NewClient(&mcp.Implementation{Name: "parity", Version: "0"}, nil)
	cs, err := c.Connect(ctx, ct, nil)
	check(err)
	return cs
}

// call is our server's text answer.
func call(cs *mcp.ClientSession, t tool, src []byte) []byte {
	args := map[string]any{"source": string(src)}
	for k, v := range t.args {
		args[k] = v
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: t.mcp, Arguments: args})
	if err != nil {
		return []byte(fmt.Sprintf("{\"error\":%q}", err.Error()))
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return []byte(b.String())
}

// equalJSON compares the reference's answer with ours, after masking the
// prose and turning the reference's spans (UTF-16 code units, as
// JavaScript counts) into byte offsets, as ours are.
func equalJSON(ref, ours, src []byte) bool {
	var x, y any
	if json.Unmarshal(ref, &x) != nil || json.Unmarshal(ours, &y) != nil {
		return bytes.Equal(bytes.TrimSpace(ref), bytes.TrimSpace(ours))
	}
	return reflect.DeepEqual(mask(bytesSpans(x, utf16Index(src))), mask(y))
}

// utf16Index maps each UTF-16 offset of src to its byte offset.
func utf16Index(src []byte) map[int]int {
	m := map[int]int{}
	u := 0
	for b, r := range string(src) {
		m[u] = b
		if r >= 0x10000 {
			u += 2
		} else {
			u++
		}
	}
	m[u] = len(src)
	return m
}

// bytesSpans rewrites every span ({start, end} or [start, end]) in v.
func bytesSpans(v any, at map[int]int) any {
	conv := func(e any) any {
		if f, ok := e.(float64); ok {
			if b, ok := at[int(f)]; ok {
				return float64(b)
			}
		}
		return e
	}
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			if k == "span" {
				switch sp := e.(type) {
				case map[string]any:
					sp["start"], sp["end"] = conv(sp["start"]), conv(sp["end"])
					continue
				case []any:
					for i := range sp {
						sp[i] = conv(sp[i])
					}
					continue
				}
			}
			v[k] = bytesSpans(e, at)
		}
	case []any:
		for i, e := range v {
			v[i] = bytesSpans(e, at)
		}
	}
	return v
}

// proseKeys are the fields whose text is our own wording (the reference's
// sentences are not copied): they are compared by presence only.
var proseKeys = map[string]bool{"reason": true, "rationale": true, "problem": true, "message": true, "fix": true, "hints": true, "title": true}

// mask replaces the prose fields' text with a placeholder.
func mask(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			switch e.(type) {
			case string, []any:
				if proseKeys[k] {
					v[k] = "…"
					continue
				}
			}
			v[k] = mask(e)
		}
	case []any:
		for i, e := range v {
			v[i] = mask(e)
		}
	}
	return v
}

// pretty indents a JSON answer for reading; the txt drawing is printed as
// its lines.
func pretty(b []byte, t tool) []byte {
	var v map[string]any
	if json.Unmarshal(b, &v) != nil {
		return b
	}
	var extra string
	if t.name == "txt" {
		if s, ok := v["output"].(string); ok {
			extra = s
			delete(v, "output")
		}
	}
	if t.name == "repair" || t.name == "fix" {
		if s, ok := v["source"].(string); ok {
			extra = s
			delete(v, "source")
		}
	}
	o, _ := json.MarshalIndent(v, "", "  ")
	return append(append(o, '\n'), extra...)
}
