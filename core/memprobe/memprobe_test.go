package memprobe

import "testing"

var sink []byte

// TestPeakHeap sees a 32 MiB allocation the call keeps while it runs.
func TestPeakHeap(t *testing.T) {
	got := PeakHeap(func() {
		sink = make([]byte, 32<<20)
		for i := range sink {
			sink[i] = byte(i)
		}
	})
	sink = nil
	if got < 30<<20 {
		t.Errorf("peak %d bytes, want at least about 32 MiB", got)
	}
}
