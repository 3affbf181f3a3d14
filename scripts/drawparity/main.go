// Command drawparity measures how far our drawings are from the
// reference's. For every plan of a corpus (the public examples, room grids
// from core/plangen, seeded variations of those grids, and grids whose
// doors and windows sit off their walls' centrelines) it writes our SVG and
// the oracle's, rasterises both through the oracle's svgdiff.mjs,
// and prints the share of ink that differs, plan by plan and as a
// distribution per group.
//
// Usage (from the repository root, after ../shared/oracle/setup.sh):
//
//	go run ./scripts/drawparity [-gen 60] [-off 20] [-seed 1] [-keep dir] [-only name] [-args '{"accessible":true}'] [plan.arch ...]
//
// Plans named on the command line replace the corpus. The oracle's SVGs
// are cached under $DRAWPARITY_CACHE (default /tmp/drawparity-cache),
// keyed by arguments and source, so a second run only pays for our side
// and the rasterising. With -keep, both SVGs and the diff image of every
// plan are left in that directory.
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
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/plangen"
	"github.com/archlang-go/caddy-archlang/resources"
	"github.com/archlang-go/caddy-archlang/scripts/internal/oracle"
)

// plan is one corpus entry.
type plan = oracle.Plan

// result is one plan's measurement; ratio < 0 means it could not be made.
type result struct {
	ratio float64
	note  string
}

// nodeTimeout bounds one node call.
const nodeTimeout = 60 * time.Second

func main() {
	gen := flag.Int("gen", 60, "number of varied grids (besides the 12 plain ones)")
	off := flag.Int("off", 20, "number of grids with openings written off their wall's centreline")
	seed := flag.Int64("seed", 1, "seed of the variations")
	keep := flag.String("keep", "", "leave both SVGs and the diff PNG of every plan here")
	only := flag.String("only", "", "only plans whose name contains this")
	argsFlag := flag.String("args", "", "extra compile arguments, as JSON (for both sides)")
	width := flag.Int("width", 1000, "raster width")
	list := flag.Int("list", 15, "name this many of the worst plans")
	examples := flag.String("examples", "../shared/examples", "directory of example plans")
	oracleDir := flag.String("oracle", "../shared/oracle", "the oracle's directory")
	flag.Parse()
	od, err := filepath.Abs(*oracleDir)
	check(err)

	tmp, err := os.MkdirTemp("", "drawparity-")
	check(err)
	defer os.RemoveAll(tmp)
	var plans []plan
	if flag.NArg() > 0 {
		plans, err = oracle.Named(flag.Args(), "named")
		check(err)
	} else {
		plans = corpus(*examples, tmp, *gen, *off, *seed)
	}
	plans = oracle.Only(plans, *only, func(p plan) string { return p.Name })
	cache, err := oracle.CacheDir("DRAWPARITY_CACHE", "/tmp/drawparity-cache")
	check(err)
	work := *keep
	if work == "" {
		work = tmp
	}
	check(os.MkdirAll(work, 0o755))
	var extra map[string]any
	if *argsFlag != "" {
		check(json.Unmarshal([]byte(*argsFlag), &extra))
	}

	res := make([]result, len(plans))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2) // two node processes at a time
	for i, p := range plans {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			res[i] = measure(p, od, cache, work, *width, *argsFlag, extra)
		}()
	}
	wg.Wait()
	report(plans, res, *list)
}

// measure draws p both ways and compares the drawings.
func measure(p plan, oracleDir, cache, work string, width int, rawArgs string, extra map[string]any) result {
	ref, note := reference(p, oracleDir, cache, rawArgs)
	if ref == nil {
		return result{-1, "oracle: " + note}
	}
	opts := compile.Options{World: dirThenLib{dir: compile.FSWorld(os.DirFS(filepath.Dir(p.Path))), lib: compile.FSWorld(resources.Lib())}}
	if err := applyArgs(&opts, extra); err != nil {
		return result{-1, err.Error()}
	}
	r := compile.Compile(p.Src, opts)
	if !r.OK {
		return result{-1, "ours does not compile"}
	}
	base := filepath.Join(work, p.Group+"-"+p.Name)
	check(os.WriteFile(base+".arch", p.Src, 0o644))
	check(os.WriteFile(base+".ref.svg", ref, 0o644))
	check(os.WriteFile(base+".ours.svg", []byte(r.Output), 0o644))
	ctx, cancel := context.WithTimeout(context.Background(), nodeTimeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, "node", filepath.Join(oracleDir, "svgdiff.mjs"), base+".ref.svg", base+".ours.svg", fmt.Sprint(width), base+".diff.png").Output()
	if err != nil {
		return result{-1, "svgdiff: " + err.Error()}
	}
	var d struct {
		HeightA  int     `json:"height_a"`
		HeightB  int     `json:"height_b"`
		DiffRate float64 `json:"diff_ratio"`
	}
	if err := json.Unmarshal(out, &d); err != nil {
		return result{-1, "svgdiff: " + err.Error()}
	}
	n := ""
	if d.HeightA != d.HeightB {
		n = fmt.Sprintf("heights %d/%d", d.HeightA, d.HeightB)
	}
	return result{d.DiffRate, n}
}

// applyArgs copies the compile arguments our Options know.
func applyArgs(o *compile.Options, extra map[string]any) error {
	for k, v := range extra {
		switch k {
		case "format":
			o.Format, _ = v.(string)
		case "accessible":
			o.Accessible, _ = v.(bool)
		default:
			return fmt.Errorf("drawparity: argument %q is not handled", k)
		}
	}
	return nil
}

// reference is the oracle's SVG for p, from the cache when it has one.
func reference(p plan, oracleDir, cache, rawArgs string) ([]byte, string) {
	var args []byte
	if rawArgs != "" {
		args = []byte(rawArgs)
	}
	b, err := oracle.Call(filepath.Join(oracleDir, "oracle.mjs"), cache, "compile", args, p)
	if err != nil {
		return nil, err.Error()
	}
	var ans struct {
		OK     bool   `json:"ok"`
		Output string `json:"output"`
	}
	if err := json.Unmarshal(b, &ans); err != nil {
		return nil, err.Error()
	}
	if !ans.OK {
		return nil, "refused"
	}
	return []byte(ans.Output), ""
}

func report(plans []plan, res []result, list int) {
	groups := map[string][]float64{}
	var order []string
	type named struct {
		name  string
		ratio float64
	}
	var all []named
	for i, p := range plans {
		r := res[i]
		if r.ratio < 0 {
			fmt.Printf("%-10s %-24s  -      %s\n", p.Group, p.Name, r.note)
			continue
		}
		if _, ok := groups[p.Group]; !ok {
			order = append(order, p.Group)
		}
		groups[p.Group] = append(groups[p.Group], r.ratio)
		all = append(all, named{p.Group + "/" + p.Name, r.ratio})
		if r.note != "" {
			fmt.Printf("%-10s %-24s %6.2f%% %s\n", p.Group, p.Name, 100*r.ratio, r.note)
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].ratio > all[j].ratio })
	fmt.Printf("\nworst:\n")
	for i := 0; i < len(all) && i < list; i++ {
		fmt.Printf("  %-36s %6.2f%%\n", all[i].name, 100*all[i].ratio)
	}
	fmt.Printf("\n%-10s %5s %8s %8s %8s %8s %8s %8s\n", "group", "n", "≤0.5%", "≤2%", "median", "p95", "max", "mean")
	var every []float64
	for _, g := range order {
		every = append(every, groups[g]...)
		line(g, groups[g])
	}
	if len(order) > 1 {
		line("all", every)
	}
}

func line(g string, v []float64) {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	n := len(s)
	if n == 0 {
		return
	}
	within := func(lim float64) string {
		k := 0
		for _, x := range s {
			if x <= lim {
				k++
			}
		}
		return fmt.Sprintf("%5.1f%%", 100*float64(k)/float64(n))
	}
	sum := 0.0
	for _, x := range s {
		sum += x
	}
	pct := func(q float64) float64 { return 100 * s[min(n-1, int(q*float64(n)))] }
	fmt.Printf("%-10s %5d %8s %8s %7.2f%% %7.2f%% %7.2f%% %7.2f%%\n", g, n, within(0.005), within(0.02), pct(0.5), pct(0.95), 100*s[n-1], 100*sum/float64(n))
}

func check(err error) { oracle.Check("drawparity", err) }

// corpus gathers the examples, the twelve plain grids (1–4 columns by 1–3
// rows), n varied grids and off grids whose openings sit off their walls'
// centrelines, written under tmp for the oracle to read.
func corpus(examples, tmp string, n, off int, seed int64) []plan {
	var ps []plan
	files, _ := filepath.Glob(filepath.Join(examples, "*.arch"))
	sort.Strings(files)
	for _, f := range files {
		src, err := os.ReadFile(f)
		check(err)
		abs, _ := filepath.Abs(f)
		ps = append(ps, plan{Name: strings.TrimSuffix(filepath.Base(f), ".arch"), Group: "examples", Path: abs, Src: src})
	}
	add := func(group, name string, src []byte) {
		path := filepath.Join(tmp, name+".arch")
		check(os.WriteFile(path, src, 0o644))
		ps = append(ps, plan{Name: name, Group: group, Path: path, Src: src})
	}
	for i := 0; i < 12; i++ {
		c, r := 1+i%4, 1+i/4
		add("grids", fmt.Sprintf("grid%dx%d", c, r), plangen.Grid(c, r))
	}
	rnd := rand.New(rand.NewSource(seed))
	for i := 0; i < n; i++ {
		c, r := 1+rnd.Intn(4), 1+rnd.Intn(3)
		add("varied", fmt.Sprintf("var%03d", i), vary(rnd, plangen.Grid(c, r)))
	}
	for i := 0; i < off; i++ {
		c, r := 1+rnd.Intn(4), 1+rnd.Intn(3)
		add("offcentre", fmt.Sprintf("off%03d", i), offCentre(rnd, plangen.Grid(c, r)))
	}
	return ps
}

// offCentre moves every door and window of a grid by up to 45 mm across
// and along its wall (the grid's walls are 100 and 250 mm thick), and drops
// the snapping grid that would move them back.
func offCentre(r *rand.Rand, src []byte) []byte {
	var out []string
	for _, l := range strings.Split(string(src), "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "grid ") {
			continue
		}
		var kind, rest string
		var x, y int
		if n, _ := fmt.Sscanf(t, "%s at (%d,%d)", &kind, &x, &y); n == 3 && (kind == "door" || kind == "window") {
			rest = t[strings.Index(t, ")")+1:]
			l = fmt.Sprintf("  %s at (%d,%d)%s", kind, x+5*(r.Intn(19)-9), y+5*(r.Intn(19)-9), rest)
		}
		out = append(out, l)
	}
	return []byte(strings.Join(out, "\n"))
}

// Furniture a variation may swap in, and sizes it may give.
var (
	kinds = []string{"bed", "table", "sofa", "desk", "wardrobe", "wc", "basin", "sink", "stove", "fridge", "counter", "shower", "bathtub", "chair"}
	sizes = [][2]int{{400, 700}, {600, 450}, {800, 600}, {900, 900}, {1700, 700}, {1400, 2000}, {2000, 900}, {500, 500}}
)

// vary rewrites a grid line by line: furniture changes kind, size, place
// (100 mm steps) and turn, or goes; doors change hinge and swing, or go;
// rooms sometimes get an extra piece.
func vary(r *rand.Rand, src []byte) []byte {
	var out []string
	for _, l := range strings.Split(string(src), "\n") {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "furniture "):
			var kind string
			var x, y, w, h int
			if _, err := fmt.Sscanf(t, "furniture %s at (%d,%d) size %dx%d", &kind, &x, &y, &w, &h); err != nil {
				out = append(out, l)
				continue
			}
			if r.Intn(8) == 0 {
				continue
			}
			if r.Intn(2) == 0 {
				kind = kinds[r.Intn(len(kinds))]
			}
			if r.Intn(3) == 0 {
				s := sizes[r.Intn(len(sizes))]
				w, h = s[0], s[1]
			}
			if r.Intn(2) == 0 {
				x += 100 * (r.Intn(13) - 6)
				y += 100 * (r.Intn(13) - 6)
			}
			rot := ""
			if r.Intn(4) == 0 {
				rot = fmt.Sprintf(" rotate %d", 90*r.Intn(4))
			}
			out = append(out, fmt.Sprintf("  furniture %s at (%d,%d) size %dx%d%s", kind, x, y, w, h, rot))
		case strings.HasPrefix(t, "door "):
			if r.Intn(8) == 0 {
				continue
			}
			if r.Intn(3) == 0 {
				t += " hinge right"
			}
			if r.Intn(3) == 0 {
				t += " swing out"
			}
			out = append(out, "  "+t)
		case strings.HasPrefix(t, "room "):
			out = append(out, l)
			var id string
			var x, y int
			if r.Intn(3) != 0 {
				continue
			}
			if _, err := fmt.Sscanf(t, "room id=%s at (%d,%d)", &id, &x, &y); err != nil {
				continue
			}
			s := sizes[r.Intn(len(sizes))]
			out = append(out, fmt.Sprintf("  furniture %s at (%d,%d) size %dx%d", kinds[r.Intn(len(kinds))], x+100*r.Intn(30), y+100*r.Intn(24), s[0], s[1]))
		default:
			out = append(out, l)
		}
	}
	return []byte(strings.Join(out, "\n"))
}

// dirThenLib resolves an import beside the plan first, then in the bundled
// library.
type dirThenLib struct{ dir, lib compile.World }

func (w dirThenLib) Read(path string) ([]byte, bool) {
	if b, ok := w.dir.Read(path); ok {
		return b, true
	}
	return w.lib.Read(path)
}
