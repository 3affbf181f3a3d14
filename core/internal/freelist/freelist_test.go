package freelist

import (
	"runtime"
	"sync"
	"testing"
)

func TestListKeepsAtMostItsSize(t *testing.T) {
	l := New[[]byte](2)
	a, b, c := new([]byte), new([]byte), new([]byte)
	l.Put(a)
	l.Put(b)
	l.Put(c) // full: dropped
	got := map[*[]byte]bool{l.Get(): true, l.Get(): true}
	if !got[a] || !got[b] {
		t.Fatalf("Get did not return the two kept items")
	}
	if x := l.Get(); x == a || x == b || x == c {
		t.Fatalf("an empty list returned a kept item")
	}
}

func TestListSurvivesCollections(t *testing.T) {
	l := New[[]byte](1)
	buf := make([]byte, 1<<20)
	l.Put(&buf)
	runtime.GC()
	runtime.GC()
	runtime.GC()
	if got := l.Get(); cap(*got) != 1<<20 {
		t.Fatalf("the kept buffer was lost across collections (cap %d)", cap(*got))
	}
}

func TestListConcurrent(t *testing.T) {
	l := New[int](4)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for range 1000 {
				x := l.Get()
				*x = i
				l.Put(x)
			}
		})
	}
	wg.Wait()
}
