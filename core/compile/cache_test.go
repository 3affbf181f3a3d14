package compile

import (
	"fmt"
	"sync"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/plangen"
)

// TestCacheSameAnswers holds every cached tool to the answer it gives
// without a cache, in an order where a narrowing or an annotation leaking
// into the shared entry would show.
func TestCacheSameAnswers(t *testing.T) {
	src := plangen.Grid(3, 2)
	c := NewCache(64 << 20)
	room := analysis.Options{Rooms: []string{"r0_0"}}
	narrowed := envelopeJSON(t, Describe(src, DescribeOptions{Filter: room}).Value)
	if got := envelopeJSON(t, Describe(src, DescribeOptions{Filter: room, Cache: c}).Value); got != narrowed {
		t.Fatalf("cached narrowed describe differs")
	}
	checks := []struct {
		name string
		run  func(*Cache) any
	}{
		{"describe", func(c *Cache) any { return Describe(src, DescribeOptions{Cache: c}).Value }},
		{"compile", func(c *Cache) any { return Compile(src, Options{Cache: c}).Envelope() }},
		{"compile txt", func(c *Cache) any { return Compile(src, Options{Cache: c, Format: "txt"}).Envelope() }},
		{"compile accessible", func(c *Cache) any { return Compile(src, Options{Cache: c, Accessible: true}).Envelope() }},
		{"lint", func(c *Cache) any { return Lint(src, LintOptions{Cache: c}).Envelope() }},
		{"lint codes", func(c *Cache) any {
			return Lint(src, LintOptions{Cache: c, Codes: []string{"W_PATH_TOO_NARROW"}}).Envelope()
		}},
		{"lint profile", func(c *Cache) any {
			return Lint(src, LintOptions{Cache: c, Profile: "accessibility-advisory"}).Envelope()
		}},
		{"validate", func(c *Cache) any { return Validate(src, ValidateOptions{Cache: c}).Envelope() }},
		{"suggest", func(c *Cache) any { return Suggest(src, SuggestOptions{Cache: c}) }},
		{"score", func(c *Cache) any { return Score(src, []byte(`{"rooms":[]}`), ScoreOptions{Cache: c}) }},
		{"finish", func(c *Cache) any { return Finish(src, FinishOptions{Cache: c}) }},
		{"fix", func(c *Cache) any { return Fix(src, FixOptions{Cache: c}) }},
		{"describe again", func(c *Cache) any { return Describe(src, DescribeOptions{Cache: c}).Value }},
	}
	for _, ck := range checks {
		want := envelopeJSON(t, ck.run(nil))
		for round := range 2 {
			if got := envelopeJSON(t, ck.run(c)); got != want {
				t.Errorf("%s (round %d): cached answer differs from the uncached one", ck.name, round)
			}
		}
	}
	// One miss for the plan, and one for finish's corrected program when
	// finish changed it.
	wantMisses := int64(1)
	if Finish(src, FinishOptions{}).Source != string(src) {
		wantMisses++
	}
	hits, misses := c.Stats()
	if misses != wantMisses || hits < int64(2*len(checks)) {
		t.Errorf("hits %d misses %d: want %d misses and every other call a hit", hits, misses, wantMisses)
	}
}

// TestCacheConcurrent analyses one plan once however many callers ask at
// the same time.
func TestCacheConcurrent(t *testing.T) {
	src := plangen.Grid(2, 2)
	c := NewCache(64 << 20)
	want := envelopeJSON(t, Describe(src, DescribeOptions{}).Value)
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for range 16 {
		wg.Go(func() {
			if got := envelopeJSON(t, Describe(src, DescribeOptions{Cache: c}).Value); got != want {
				errs <- "differs"
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if _, misses := c.Stats(); misses != 1 {
		t.Errorf("misses = %d, want 1", misses)
	}
}

// TestCacheBound keeps the estimated size under the bound and evicts the
// least recently used plan first.
func TestCacheBound(t *testing.T) {
	per := int64(cacheEntryBase + cacheBytesPerByte*len(plangen.Grid(1, 1)))
	c := NewCache(10 * per)
	for i := range 40 {
		src := append(plangen.Grid(1, 1), fmt.Sprintf("# %02d\n", i)...)
		Describe(src, DescribeOptions{Cache: c})
	}
	if n := c.Len(); n < 1 || n > 10 {
		t.Errorf("%d entries held, want at most 10", n)
	}
	c.mu.Lock()
	size := c.size
	c.mu.Unlock()
	if size > 10*per+int64(10*cacheBytesPerByte) {
		t.Errorf("size %d over the bound %d", size, 10*per)
	}
	// A plan too large for an eighth of the bound is analysed but not kept.
	small := NewCache(cacheEntryBase)
	Describe(plangen.Grid(2, 2), DescribeOptions{Cache: small})
	if small.Len() != 0 {
		t.Errorf("an oversized plan was kept")
	}
}

// BenchmarkCacheHit is describe answered from the cache.
func BenchmarkCacheHit(b *testing.B) {
	src := plangen.GridOfSize(16000)
	c := NewCache(64 << 20)
	Describe(src, DescribeOptions{Cache: c})
	b.ReportAllocs()
	for b.Loop() {
		Describe(src, DescribeOptions{Cache: c})
	}
}

// TestSuggestWithoutCirculation: suggest skips the circulation walk when
// no other tool has walked the plan, and answers as it does from the full
// facts (a cache that already holds them).
func TestSuggestWithoutCirculation(t *testing.T) {
	plans := [][]byte{
		plangen.Grid(3, 3),
		[]byte("plan \"two storeys\" {\n  units mm\n  level 0 \"Ground\" {\n    wall exterior thickness 200 { (0,0) (6000,0) (6000,4000) (0,4000) close }\n    room id=k at (0,0) size 6000x4000 label \"Kitchen\"\n    door at (1000,0) width 900 wall exterior\n  }\n  level 1 \"Upper\" {\n    wall exterior thickness 200 { (0,0) (6000,0) (6000,4000) (0,4000) close }\n    wall partition thickness 100 { (3000,0) (3000,4000) }\n    room id=b at (0,0) size 3000x4000 label \"Bedroom\"\n    room id=w at (3000,0) size 3000x4000 label \"Bath\"\n    door at (3000,2000) width 800 wall partition\n  }\n}\n"),
	}
	for i, src := range plans {
		light := envelopeJSON(t, Suggest(src, SuggestOptions{}))
		c := NewCache(64 << 20)
		Describe(src, DescribeOptions{Cache: c})
		full := envelopeJSON(t, Suggest(src, SuggestOptions{Cache: c}))
		if light != full {
			t.Errorf("plan %d: suggest without the walk differs from suggest with the full facts:\n%s\n%s", i, light, full)
		}
	}
}
