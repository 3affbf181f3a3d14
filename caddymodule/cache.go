package caddymodule

import (
	"container/list"
	"sync"
)

// entryOverhead approximates the bookkeeping bytes of one cache entry (list
// element, map slot, headers), so many tiny drawings cannot exceed the bound.
const entryOverhead = 128

// svgCache is an LRU of rendered drawings bounded in bytes. Keys carry the
// render version, so a new core never serves a drawing an older one made.
type svgCache struct {
	mu    sync.Mutex
	max   int64
	size  int64
	ll    *list.List
	items map[string]*list.Element
}

type cacheEntry struct {
	key  string
	body []byte
}

func newSVGCache(maxBytes int64) *svgCache {
	return &svgCache{max: maxBytes, ll: list.New(), items: map[string]*list.Element{}}
}

func entrySize(key string, body []byte) int64 {
	return int64(len(key)+len(body)) + entryOverhead
}

// get returns the drawing for key and marks it recently used.
func (c *svgCache) get(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[key]
	if !ok {
		return nil, false
	}
	c.ll.MoveToFront(e)
	return e.Value.(*cacheEntry).body, true
}

// put stores body under key, evicting the least recently used entries until
// the total fits. A drawing larger than an eighth of the bound is not kept,
// so one huge plan cannot flush the cache.
func (c *svgCache) put(key string, body []byte) {
	sz := entrySize(key, body)
	if c.max <= 0 || sz > c.max/8 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[key]; ok {
		old := e.Value.(*cacheEntry)
		c.size += sz - entrySize(old.key, old.body)
		old.body = body
		c.ll.MoveToFront(e)
	} else {
		c.items[key] = c.ll.PushFront(&cacheEntry{key: key, body: body})
		c.size += sz
	}
	for c.size > c.max {
		e := c.ll.Back()
		ent := e.Value.(*cacheEntry)
		c.ll.Remove(e)
		delete(c.items, ent.key)
		c.size -= entrySize(ent.key, ent.body)
	}
}

// bytes reports the accounted size and the number of entries.
func (c *svgCache) stats() (size int64, n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.size, c.ll.Len()
}

func (c *svgCache) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ll.Init()
	c.items = map[string]*list.Element{}
	c.size = 0
}
