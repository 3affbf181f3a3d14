// Package freelist keeps a few large scratch buffers between calls.
//
// A sync.Pool's contents are dropped by the garbage collector after two
// collection cycles. One call on a large plan allocates enough to trigger
// two cycles, so the buffer it put back is gone before the next call asks
// for it, and that call allocates (and the collector later reclaims) the
// whole buffer again. A List instead holds at most its size of items for
// as long as the process runs: bounded memory, and no loss to the
// collector.
package freelist

// List is a bounded stack of reusable items. It is safe for concurrent use.
type List[T any] struct{ items chan *T }

// New returns a list that keeps at most n items.
func New[T any](n int) *List[T] {
	return &List[T]{items: make(chan *T, n)}
}

// Get returns a kept item, or a new zero one when none is kept.
func (l *List[T]) Get() *T {
	select {
	case x := <-l.items:
		return x
	default:
		return new(T)
	}
}

// Put keeps x for a later Get; when the list is full, x is left to the
// collector.
func (l *List[T]) Put(x *T) {
	select {
	case l.items <- x:
	default:
	}
}
