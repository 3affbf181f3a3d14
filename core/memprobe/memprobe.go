// Package memprobe measures how much heap a call needs, for benchmarks and
// measurement tools. It is used by tests and commands only.
package memprobe

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// heapObjects is the runtime metric sampled: bytes in live and not yet
// swept heap objects.
const heapObjects = "/memory/classes/heap/objects:bytes"

// PeakHeap estimates the peak heap fn needs: it runs fn once with the
// collector at GOGC=1 (so the heap stays close to what is live) while a
// sampler reads the heap's object bytes, and returns the largest reading
// above the heap before the call. Pools emptied by two collections first
// count in the call's share.
func PeakHeap(fn func()) uint64 {
	read := func(s []metrics.Sample) uint64 {
		metrics.Read(s)
		if s[0].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return s[0].Value.Uint64()
	}
	// Two collections: the first moves sync.Pool contents to the victim
	// caches, the second frees them, so the baseline is what is live.
	runtime.GC()
	runtime.GC()
	old := debug.SetGCPercent(1)
	defer debug.SetGCPercent(old)
	first := []metrics.Sample{{Name: heapObjects}}
	base := read(first)
	var peak uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		s := []metrics.Sample{{Name: heapObjects}}
		tick := time.NewTicker(50 * time.Microsecond)
		defer tick.Stop()
		for {
			if v := read(s); v > peak {
				peak = v
			}
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	fn()
	end := read(first)
	close(stop)
	<-done
	peak = max(peak, end)
	if peak < base {
		return 0
	}
	return peak - base
}
