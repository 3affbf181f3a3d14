package svg

import (
	"bytes"
	"slices"
	"testing"
)

// TestScratchReuse checks a drawing made in memory left by other drawings
// (larger, smaller, of other kinds) is the drawing made in fresh memory.
func TestScratchReuse(t *testing.T) {
	names := fixtures(t)
	fresh := map[string][]byte{}
	for _, name := range names {
		fresh[name] = bytes.Clone(newRenderer(loadPlan(t, name), Options{}).render())
	}
	backward := slices.Clone(names)
	slices.Reverse(backward)
	sc := new(scratch)
	for _, order := range [][]string{names, backward} {
		for _, name := range order {
			r := newRendererIn(loadPlan(t, name), Options{}, sc)
			if got := r.render(); !bytes.Equal(got, fresh[name]) {
				t.Fatalf("%s: drawn in reused memory, the drawing differs", name)
			}
			r.handBack()
			sc.release()
		}
	}
}
