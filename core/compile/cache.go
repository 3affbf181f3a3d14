package compile

import (
	"container/list"
	"context"
	"crypto/sha256"
	"sync"
	"sync/atomic"

	"github.com/archlang-go/caddy-archlang/core"
	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/lint"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// Cache keeps analysed plans by the SHA-256 of their source, file name and
// render version, so the usual compile → lint → describe → validate loop
// on one plan resolves and analyses it once. It is bounded in (estimated)
// bytes and evicts the least recently used plan; it is safe for concurrent
// use, and a plan being analysed by one caller is waited for, not analysed
// again, by the others. Keys are hashes: no plan text is kept outside the
// entries themselves.
//
// Entries are shared, so everything the tools read from them (the plan,
// its diagnostics and its unfiltered facts) is read-only; the tools copy
// before narrowing or annotating.
//
// One Cache serves one World (the imports a plan may use): the World is
// not part of the key.
type Cache struct {
	max int64

	mu    sync.Mutex
	size  int64
	order *list.List // of *cacheEntry, most recently used first
	byKey map[[32]byte]*list.Element

	hits, misses atomic.Int64
	observe      func(hit bool)
}

// cacheEntry is one analysed plan.
type cacheEntry struct {
	key   [32]byte
	size  int64
	cache *Cache // nil when the entry is not kept

	once  sync.Once
	file  *source.File
	plan  *ir.Plan
	diags diag.List

	factsOnce sync.Once
	facts     *analysis.Facts

	// aborted marks an entry whose resolve a cancellation cut short.
	aborted atomic.Bool
	// hasFacts is set once facts is computed.
	hasFacts atomic.Bool

	lintMu sync.Mutex
	lints  map[string]diag.List // by profile name

	compileMu sync.Mutex
	compiles  map[string]Result // by format and options
}

// Bytes an entry is reckoned to take: a fixed part plus a multiple of its
// source (the syntax tree, the plan and the facts grow with it).
const (
	cacheEntryBase    = 64 << 10
	cacheBytesPerByte = 48
	// cacheBytesPerElement is reckoned per drawn element of the plan (its
	// resolved form, and its share of the facts and findings).
	cacheBytesPerElement = 2048
	maxCacheEntryShare   = 8 // one entry may use at most 1/8 of the bound
)

// NewCache returns a cache bounded to about maxBytes (at least one entry's
// worth is kept whatever the bound).
func NewCache(maxBytes int64) *Cache {
	return &Cache{max: maxBytes, order: list.New(), byKey: map[[32]byte]*list.Element{}}
}

// Observe makes c call f after every lookup with whether it was a hit
// (for metrics). Call it before the cache is shared.
func (c *Cache) Observe(f func(hit bool)) { c.observe = f }

// Stats reports how many lookups found an entry and how many did not.
func (c *Cache) Stats() (hits, misses int64) {
	return c.hits.Load(), c.misses.Load()
}

// Len is the number of plans held.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

func cacheKey(name string, src []byte) [32]byte {
	h := sha256.New()
	h.Write([]byte(core.RenderVersion()))
	h.Write([]byte{0})
	h.Write([]byte(name))
	h.Write([]byte{0})
	h.Write(src)
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// entry finds or makes the entry of src.
func (c *Cache) entry(name string, src []byte) *cacheEntry {
	key := cacheKey(name, src)
	size := int64(cacheEntryBase + cacheBytesPerByte*len(src))
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byKey[key]; ok {
		if e := el.Value.(*cacheEntry); !e.aborted.Load() {
			c.order.MoveToFront(el)
			c.hits.Add(1)
			if c.observe != nil {
				c.observe(true)
			}
			return e
		}
		c.order.Remove(el)
		delete(c.byKey, key)
		c.size -= el.Value.(*cacheEntry).size
	}
	c.misses.Add(1)
	if c.observe != nil {
		c.observe(false)
	}
	e := &cacheEntry{key: key, size: size}
	if size*maxCacheEntryShare > c.max {
		return e // too large to keep: used once and dropped
	}
	e.cache = c
	c.byKey[key] = c.order.PushFront(e)
	c.size += size
	c.evict()
	return e
}

// evict drops least recently used entries until the cache fits (keeping
// at least the newest). c.mu is held.
func (c *Cache) evict() {
	for c.size > c.max && c.order.Len() > 1 {
		old := c.order.Back()
		oe := old.Value.(*cacheEntry)
		c.order.Remove(old)
		delete(c.byKey, oe.key)
		c.size -= oe.size
	}
}

// grow adds n bytes to a kept entry's reckoning (a drawing stored with
// it), evicting others if the cache no longer fits.
func (e *cacheEntry) grow(n int64) {
	c := e.cache
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, kept := c.byKey[e.key]; !kept {
		return
	}
	e.size += n
	c.size += n
	c.evict()
}

// resolved takes src through resolve, once per cache entry. A resolve
// cut short by ctx marks the entry aborted: it is never answered from.
func (e *cacheEntry) resolved(name string, src []byte, world expand.World, ctx context.Context) {
	e.once.Do(func() {
		e.file = source.NewFile(name, src)
		e.plan, e.diags = resolveWith(e.file, world, stopFunc(ctx))
		if cancelled(ctx) {
			e.aborted.Store(true)
		}
		// A plan a loop built can be far larger than its source: reckon
		// its elements too.
		e.grow(cacheBytesPerElement * int64(planElements(e.plan)))
	})
}

// analysed is resolved plus the unfiltered facts.
func (e *cacheEntry) analysed(name string, src []byte, world expand.World, ctx context.Context) {
	e.resolved(name, src, world, ctx)
	e.factsOnce.Do(func() {
		defer e.hasFacts.Store(true)
		if e.diags.HasErrors() || e.plan == nil || e.aborted.Load() {
			e.facts = analysis.Empty()
			return
		}
		e.facts = analysis.Analyze(e.plan)
	})
}

// analysedAlready reports whether the entry's facts are computed (and may
// be read without waiting).
func (e *cacheEntry) analysedAlready() bool { return e.hasFacts.Load() }

// lookup resolves src through c, or afresh when c is nil. A caller that
// finds an entry another caller's cancellation cut short works afresh.
func (c *Cache) lookup(name string, src []byte, world expand.World, withFacts bool, ctx context.Context) *cacheEntry {
	e := &cacheEntry{}
	if c != nil {
		e = c.entry(name, src)
	}
	for range 2 {
		if withFacts {
			e.analysed(name, src, world, ctx)
		} else {
			e.resolved(name, src, world, ctx)
		}
		if !e.aborted.Load() || cancelled(ctx) {
			break
		}
		e = &cacheEntry{}
	}
	return e
}

// stopFunc is the expansion's Stop for ctx (nil: never).
func stopFunc(ctx context.Context) func() bool {
	if ctx == nil {
		return nil
	}
	return func() bool { return ctx.Err() != nil }
}

// cancelled reports whether ctx (nil: never) is done.
func cancelled(ctx context.Context) bool {
	return ctx != nil && ctx.Err() != nil
}

// lint returns lint's findings on an analysed plan for one profile
// (unfiltered), computed once per entry and profile. The list is shared:
// callers copy before changing it.
func (e *cacheEntry) lint(profile string, src []byte) diag.List {
	e.lintMu.Lock()
	defer e.lintMu.Unlock()
	if l, ok := e.lints[profile]; ok {
		return l
	}
	l := lint.Run(e.plan, e.facts, lint.Options{Profile: profile, Source: src})
	if e.lints == nil {
		e.lints = map[string]diag.List{}
	}
	e.lints[profile] = l
	return l
}

// compiled returns the compile result for one set of options, drawn once
// per entry (make draws it). A result drawn for a caller whose ctx is done
// is not kept. The result is shared: callers only read it.
func (e *cacheEntry) compiled(key string, ctx context.Context, make func() Result) Result {
	e.compileMu.Lock()
	defer e.compileMu.Unlock()
	if r, ok := e.compiles[key]; ok {
		return r
	}
	r := make()
	if e.aborted.Load() || cancelled(ctx) {
		return r
	}
	if e.compiles == nil {
		e.compiles = map[string]Result{}
	}
	e.compiles[key] = r
	n := int64(len(r.Output))
	for _, p := range r.Pages {
		n += int64(len(p.Output))
	}
	e.grow(n)
	return r
}

// planElements counts the elements of a resolved plan, every storey's
// included (0 for nil).
func planElements(p *ir.Plan) int {
	if p == nil {
		return 0
	}
	n := len(p.Walls) + len(p.Rooms) + len(p.Openings) + len(p.Furniture) + len(p.Dims) + len(p.Columns) + len(p.Vertical) + len(p.Zones) + len(p.Instances)
	for _, pg := range p.Pages {
		if pg != p {
			n += planElements(pg)
		}
	}
	return n
}
