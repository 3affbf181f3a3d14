// Command benchcore times the Go core's tools (core/compile) in-process,
// warm, on a set of plans, each call on a source with a distinct trailing
// comment so that no cache keyed by the source can answer it. It is the Go
// half of scripts/bench-vs-reference, whose Node half (benchref.mjs) times
// the reference core on the same manifest with the same protocol.
//
//	benchcore -write-manifest m.json -examples DIR -gen DIR
//	    writes the generated room grids (8, 16, 32, 60 KiB) into -gen and a
//	    manifest listing them and every .arch file directly in -examples.
//	benchcore -manifest m.json [-runs 10] [-warmup 2] [-big-runs 5] [-min-time 300ms] [-tools a,b]
//	    prints one JSON line per (tool, plan): the timed runs in ms and an
//	    estimate of the call's peak heap. A (tool, plan) is timed at least
//	    -runs (-big-runs) times and then on until the runs add up to
//	    -min-time.
//	benchcore -manifest m.json -same-source -cache-mb 64
//	    the same, without the trailing comments and with a shared
//	    compile.Cache: every call after the first sees an identical source,
//	    which the cache of analysed plans answers (the cache-hit figures).
//
// Without -cache-mb no compile.Cache is passed: the core's cache of
// analysed plans is off, and every call does the whole work.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/memprobe"
	"github.com/archlang-go/caddy-archlang/core/plangen"
)

// Brief is the intent the score tool measures against; benchref.mjs uses
// the same document.
const Brief = `{"rooms":4,"roomsInclude":[{"concept":"bathroom","count":{"min":1},"areaM2":{"min":3,"max":12,"source":"a bathroom of 3 to 12 m²"}},{"concept":"bedroom","count":{"min":2},"windows":{"min":1}},{"concept":"kitchen","count":{"min":1}}],"totalAreaM2":{"min":30,"max":5000,"source":"30 m² or more"},"adjacency":{"requiredEdges":{"kitchen":["living-room"]},"source":"a kitchen off the living room"},"reachable":true}`

// Plan is one entry of the manifest both halves read.
type Plan struct {
	Name  string `json:"name"`
	Kind  string `json:"kind"` // "example" or "generated"
	Path  string `json:"path"`
	Bytes int    `json:"bytes"`
}

// Manifest is the brief and the plans, in order.
type Manifest struct {
	Brief string `json:"brief"`
	Plans []Plan `json:"plans"`
}

// Record is one output line.
type Record struct {
	Side     string    `json:"side"`
	Tool     string    `json:"tool"`
	Plan     string    `json:"plan"`
	Kind     string    `json:"kind"`
	Bytes    int       `json:"bytes"`
	TimesMS  []float64 `json:"times_ms"`
	PeakHeap float64   `json:"peak_heap_mb,omitempty"`
	AllocMB  float64   `json:"alloc_mb,omitempty"`
}

// Sizes are the generated plans' byte budgets.
var Sizes = []struct {
	Name  string
	Bytes int
}{{"8KB", 8 << 10}, {"16KB", 16 << 10}, {"32KB", 32 << 10}, {"60KB", 60 << 10}}

type tool struct {
	name string
	call func(src []byte)
}

func tools(brief []byte, c *compile.Cache) []tool {
	return []tool{
		{"compile", func(src []byte) { compile.Compile(src, compile.Options{}) }},
		{"describe", func(src []byte) { compile.Describe(src, compile.DescribeOptions{Cache: c}) }},
		{"lint", func(src []byte) { compile.Lint(src, compile.LintOptions{Cache: c}) }},
		{"validate", func(src []byte) { compile.Validate(src, compile.ValidateOptions{Cache: c}) }},
		{"score", func(src []byte) { compile.Score(src, brief, compile.ScoreOptions{Cache: c}) }},
		{"suggest", func(src []byte) { compile.Suggest(src, compile.SuggestOptions{Cache: c}) }},
		{"repair", func(src []byte) { compile.Repair(src, compile.RepairOptions{}) }},
		{"fix", func(src []byte) { compile.Fix(src, compile.FixOptions{Cache: c}) }},
		{"finish", func(src []byte) { compile.Finish(src, compile.FinishOptions{Cache: c}) }},
		{"complete", func(src []byte) { compile.Complete(src, completeAt(src)) }},
	}
}

// completeAt is where complete is asked: just inside the plan block
// (after the first "{" that ends a line), where every statement keyword is
// in scope; the end of the source when there is none.
func completeAt(src []byte) int {
	if i := bytes.Index(src, []byte("{\n")); i >= 0 {
		return i + 2
	}
	return len(src)
}

func main() {
	writeManifest := flag.String("write-manifest", "", "write a manifest to this file and exit")
	examples := flag.String("examples", "", "with -write-manifest: directory of .arch examples")
	gen := flag.String("gen", "", "with -write-manifest: directory to write the generated plans into")
	manifest := flag.String("manifest", "", "manifest to measure")
	runs := flag.Int("runs", 10, "timed runs per (tool, example)")
	bigRuns := flag.Int("big-runs", 5, "timed runs per (tool, generated plan)")
	warmup := flag.Int("warmup", 2, "untimed runs before the timed ones")
	only := flag.String("tools", "", "comma-separated tools to measure (default all)")
	plansList := flag.String("plans", "", "comma-separated plan names to measure (default all)")
	same := flag.Bool("same-source", false, "no trailing comments: repeated calls see the same source")
	cacheMB := flag.Int("cache-mb", 0, "share a compile.Cache of this many MiB between the calls (0: no cache, every call analyses afresh)")
	minTime := flag.Duration("min-time", 300*time.Millisecond, "keep timing a (tool, plan) past its runs until the timed runs add up to this (at most maxRuns runs): our calls are short, and a median of a few is at the mercy of one collection")
	peak := flag.Bool("peak", true, "estimate each call's peak heap (one extra run at GOGC=1)")
	flag.Parse()

	if *writeManifest != "" {
		if err := doManifest(*writeManifest, *examples, *gen); err != nil {
			fmt.Fprintln(os.Stderr, "benchcore:", err)
			os.Exit(1)
		}
		return
	}
	if *manifest == "" {
		fmt.Fprintln(os.Stderr, "benchcore: -manifest or -write-manifest is required")
		os.Exit(2)
	}
	raw, err := os.ReadFile(*manifest)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchcore:", err)
		os.Exit(1)
	}
	var m Manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		fmt.Fprintln(os.Stderr, "benchcore:", err)
		os.Exit(1)
	}
	srcs := make([][]byte, len(m.Plans))
	for i, p := range m.Plans {
		if srcs[i], err = os.ReadFile(p.Path); err != nil {
			fmt.Fprintln(os.Stderr, "benchcore:", err)
			os.Exit(1)
		}
	}
	keepTool := set(*only)
	keepPlan := set(*plansList)
	side := "ours"
	if *same {
		side = "ours-same-source"
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	var cache *compile.Cache
	if *cacheMB > 0 {
		cache = compile.NewCache(int64(*cacheMB) << 20)
		side += "-cached"
	}
	ts := tools([]byte(m.Brief), cache)
	// One warm pass over every example, so that the first plan measured
	// does not pay for the process's first calls.
	for _, t := range ts {
		if keepTool != nil && !keepTool[t.name] {
			continue
		}
		for i, p := range m.Plans {
			if p.Kind == "example" {
				t.call(srcs[i])
			}
		}
	}
	var counter uint64
	variant := func(src []byte) []byte {
		if *same {
			return src
		}
		counter++
		return plangen.Tagged(src, counter)
	}
	for _, t := range ts {
		if keepTool != nil && !keepTool[t.name] {
			continue
		}
		for i, p := range m.Plans {
			if keepPlan != nil && !keepPlan[p.Name] {
				continue
			}
			n := *runs
			if p.Kind != "example" {
				n = *bigRuns
			}
			rec := Record{Side: side, Tool: t.name, Plan: p.Name, Kind: p.Kind, Bytes: p.Bytes}
			for range *warmup {
				t.call(variant(srcs[i]))
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			var timed time.Duration
			for len(rec.TimesMS) < n || (timed < *minTime && len(rec.TimesMS) < maxRuns) {
				src := variant(srcs[i])
				start := time.Now()
				t.call(src)
				d := time.Since(start)
				timed += d
				rec.TimesMS = append(rec.TimesMS, float64(d.Nanoseconds())/1e6)
			}
			runtime.ReadMemStats(&after)
			rec.AllocMB = round3(float64(after.TotalAlloc-before.TotalAlloc) / float64(len(rec.TimesMS)) / (1 << 20))
			if *peak {
				src := variant(srcs[i])
				rec.PeakHeap = round3(float64(memprobe.PeakHeap(func() { t.call(src) })) / (1 << 20))
			}
			if err := enc.Encode(rec); err != nil {
				fmt.Fprintln(os.Stderr, "benchcore:", err)
				os.Exit(1)
			}
			out.Flush()
		}
	}
}

// maxRuns bounds the timed runs -min-time adds.
const maxRuns = 500

func round3(v float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'f', 3, 64), 64)
	return r
}

func set(list string) map[string]bool {
	if list == "" {
		return nil
	}
	m := map[string]bool{}
	for _, s := range strings.Split(list, ",") {
		m[strings.TrimSpace(s)] = true
	}
	return m
}

func doManifest(path, examples, gen string) error {
	m := Manifest{Brief: Brief}
	if examples != "" {
		paths, err := filepath.Glob(filepath.Join(examples, "*.arch"))
		if err != nil {
			return err
		}
		sort.Strings(paths)
		for _, p := range paths {
			abs, err := filepath.Abs(p)
			if err != nil {
				return err
			}
			fi, err := os.Stat(abs)
			if err != nil {
				return err
			}
			m.Plans = append(m.Plans, Plan{Name: strings.TrimSuffix(filepath.Base(p), ".arch"), Kind: "example", Path: abs, Bytes: int(fi.Size())})
		}
	}
	if gen != "" {
		if err := os.MkdirAll(gen, 0o755); err != nil {
			return err
		}
		for _, s := range Sizes {
			src := plangen.GridOfSize(s.Bytes)
			p, err := filepath.Abs(filepath.Join(gen, "grid-"+s.Name+".arch"))
			if err != nil {
				return err
			}
			if err := os.WriteFile(p, src, 0o644); err != nil {
				return err
			}
			m.Plans = append(m.Plans, Plan{Name: "grid-" + s.Name, Kind: "generated", Path: p, Bytes: len(src)})
		}
	}
	raw, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(raw, '\n'), 0o644)
}
