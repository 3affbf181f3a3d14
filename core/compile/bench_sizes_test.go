package compile

import (
	"bytes"
	"os"
	"sync"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/memprobe"
	"github.com/archlang-go/caddy-archlang/core/plangen"
)

// The benchmarks in this file time every tool of the facade on generated
// room grids of about 8, 16, 32 and 60 KiB (BenchmarkToolSizes) and, when
// ARCHLANG_EXAMPLES names a directory of .arch files, on each of those
// plans (BenchmarkToolExamples). Sub-benchmarks are named tool/size or
// tool/example so benchstat can read them:
//
//	go test -run XXX -bench 'ToolSizes' -benchtime 2s -count 6 ./core/compile/ | tee new.txt
//	ARCHLANG_EXAMPLES=../shared/examples go test -run XXX -bench 'ToolExamples' ./core/compile/
//
// Each call gets a distinct trailing comment, so no cache keyed by the
// source can answer it, and no Cache is passed: the figures are the work,
// not a cache (B/op then includes one copy of the source).
// BenchmarkToolSizesCacheHit gives the cache-hit figures separately. Besides ns/op, B/op and allocs/op,
// each sub-benchmark reports peak-heap-MB: the largest heap (live objects
// and not yet swept garbage) seen during one extra call run with the
// collector at GOGC=1, above the heap before the call — an estimate of the
// peak live heap one call needs.

// benchBrief is the brief the score tool measures against: an ordinary
// two-bedroom brief with every kind of expectation.
const benchBrief = `{"rooms":4,"roomsInclude":[{"concept":"bathroom","count":{"min":1},"areaM2":{"min":3,"max":12,"source":"a bathroom of 3 to 12 m²"}},{"concept":"bedroom","count":{"min":2},"windows":{"min":1}},{"concept":"kitchen","count":{"min":1}}],"totalAreaM2":{"min":30,"max":5000,"source":"30 m² or more"},"adjacency":{"requiredEdges":{"kitchen":["living-room"]},"source":"a kitchen off the living room"},"reachable":true}`

// benchTool is one tool of the facade, called as the hosted server calls
// it (with the given import world and cache; a nil cache is off).
type benchTool struct {
	name string
	call func(src []byte, w World, c *Cache)
}

// benchTools lists every tool of the facade, in the order the README
// tables use.
var benchTools = []benchTool{
	{"compile", func(src []byte, w World, _ *Cache) { Compile(src, Options{World: w}) }},
	{"describe", func(src []byte, w World, c *Cache) { Describe(src, DescribeOptions{World: w, Cache: c}) }},
	{"lint", func(src []byte, w World, c *Cache) { Lint(src, LintOptions{World: w, Cache: c}) }},
	{"validate", func(src []byte, w World, c *Cache) { Validate(src, ValidateOptions{World: w, Cache: c}) }},
	{"score", func(src []byte, w World, c *Cache) {
		Score(src, []byte(benchBrief), ScoreOptions{World: w, Cache: c})
	}},
	{"suggest", func(src []byte, w World, c *Cache) { Suggest(src, SuggestOptions{World: w, Cache: c}) }},
	{"repair", func(src []byte, w World, _ *Cache) { Repair(src, RepairOptions{World: w}) }},
	{"fix", func(src []byte, w World, c *Cache) { Fix(src, FixOptions{World: w, Cache: c}) }},
	{"finish", func(src []byte, w World, c *Cache) { Finish(src, FinishOptions{World: w, Cache: c}) }},
	// complete just inside the plan block (after the first "{" that ends
	// a line), where every statement keyword is in scope.
	{"complete", func(src []byte, _ World, _ *Cache) { Complete(src, completeAt(src)) }},
}

func completeAt(src []byte) int {
	if i := bytes.Index(src, []byte("{\n")); i >= 0 {
		return i + 2
	}
	return len(src)
}

// benchSizes are the generated plans' byte budgets.
var benchSizes = []struct {
	name  string
	bytes int
}{
	{"8KB", 8 << 10},
	{"16KB", 16 << 10},
	{"32KB", 32 << 10},
	{"60KB", 60 << 10},
}

var (
	benchPlansOnce sync.Once
	benchPlans     [][]byte
)

func generatedPlans() [][]byte {
	benchPlansOnce.Do(func() {
		for _, s := range benchSizes {
			benchPlans = append(benchPlans, plangen.GridOfSize(s.bytes))
		}
	})
	return benchPlans
}

// BenchmarkToolSizes times every tool on room grids of about 8, 16, 32 and
// 60 KiB (plangen.GridOfSize).
func BenchmarkToolSizes(b *testing.B) {
	plans := generatedPlans()
	for _, t := range benchTools {
		b.Run(t.name, func(b *testing.B) {
			for i, s := range benchSizes {
				b.Run(s.name, func(b *testing.B) { benchCall(b, t, plans[i], nil) })
			}
		})
	}
}

// BenchmarkToolSizesCacheHit times the same calls when every one sees the
// same source and a shared Cache answers it (compile, repair and complete
// take no cache, so theirs is the plain figure).
func BenchmarkToolSizesCacheHit(b *testing.B) {
	plans := generatedPlans()
	for _, t := range benchTools {
		b.Run(t.name, func(b *testing.B) {
			for i, s := range benchSizes {
				b.Run(s.name, func(b *testing.B) {
					c := NewCache(64 << 20)
					src := plans[i]
					t.call(src, nil, c)
					b.SetBytes(int64(len(src)))
					b.ReportAllocs()
					for b.Loop() {
						t.call(src, nil, c)
					}
				})
			}
		})
	}
}

// BenchmarkToolExamples times every tool on each .arch file of the
// directory ARCHLANG_EXAMPLES names (imports resolve against that
// directory); it is skipped when the variable is unset.
func BenchmarkToolExamples(b *testing.B) {
	dir := os.Getenv("ARCHLANG_EXAMPLES")
	if dir == "" {
		b.Skip("ARCHLANG_EXAMPLES is not set")
	}
	names, srcs, err := plangen.Examples(os.DirFS(dir))
	if err != nil {
		b.Fatal(err)
	}
	if len(names) == 0 {
		b.Skipf("no .arch files in %s", dir)
	}
	world := FSWorld(os.DirFS(dir))
	for _, t := range benchTools {
		b.Run(t.name, func(b *testing.B) {
			for i, n := range names {
				b.Run(n, func(b *testing.B) { benchCall(b, t, srcs[i], world) })
			}
		})
	}
}

// runCounter makes every call's trailing comment distinct across the
// whole test binary.
var runCounter uint64

// withRunComment returns src tagged with a comment no other call in this
// process has had.
func withRunComment(src []byte) []byte {
	runCounter++
	return plangen.Tagged(src, runCounter)
}

func benchCall(b *testing.B, t benchTool, src []byte, w World) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		t.call(withRunComment(src), w, nil)
	}
	b.StopTimer()
	b.ReportMetric(float64(memprobe.PeakHeap(func() { t.call(withRunComment(src), w, nil) }))/(1<<20), "peak-heap-MB")
}
