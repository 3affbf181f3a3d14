package svg

import (
	"bytes"
	"math/rand/v2"
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

// TestStraightSolid checks straightSolid gives the corners wallseg's
// Solid does, bit for bit.
func TestStraightSolid(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 10000 {
		sg := wallSeg{A: pt(rng.Float64()*1e5, rng.Float64()*1e5), H: rng.Float64() * 300}
		switch rng.IntN(3) {
		case 0:
			sg.B = pt(sg.A.X, rng.Float64()*1e5)
		case 1:
			sg.B = pt(rng.Float64()*1e5, sg.A.Y+rng.Float64()*1e-3)
		default:
			sg.B = pt(rng.Float64()*1e5, rng.Float64()*1e5)
		}
		if got, want := straightSolid(nil, &sg), sg.Solid(); !slices.Equal(got, want) {
			t.Fatalf("%+v: solid %v, want %v", sg, got, want)
		}
	}
}
