package analysis_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// TestPoleMatchesScan holds pole, which stops measuring a cell at the
// first edge no farther than the best cell so far, to the scan of every
// edge from every cell, on the testdata and on plans of random polygon
// rooms (U shapes round a courtyard, whose centroid is off the floor, and
// rings on a coarse lattice, where many cells tie).
func TestPoleMatchesScan(t *testing.T) {
	plans := readPlans(t, "testdata/*.arch")
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 60 {
		// A U: a courtyard cut from the top of a rectangle.
		w, h := 3000+rng.IntN(90)*100, 3000+rng.IntN(90)*100
		cx, cw, ch := 500+rng.IntN(w/200)*100, 500+rng.IntN(w/400)*100, 500+rng.IntN(h/200)*100
		plans[fmt.Sprintf("U %d", i)] = []byte(fmt.Sprintf("plan \"P\" {\n  units mm\n  room id=u polygon (0,0) (%d,0) (%d,%d) (%d,%d) (%d,%d) (%d,%d) (%d,%d) (0,%d)\n}\n",
			w, w, h, cx+cw, h, cx+cw, h-ch, cx, h-ch, cx, h, h))
		// A random ring on a 500 mm lattice.
		var b strings.Builder
		b.WriteString("plan \"P\" {\n  units mm\n  room id=r polygon")
		for range 3 + rng.IntN(8) {
			fmt.Fprintf(&b, " (%d,%d)", rng.IntN(20)*500, rng.IntN(20)*500)
		}
		b.WriteString("\n}\n")
		plans[fmt.Sprintf("ring %d", i)] = []byte(b.String())
	}
	poles := 0
	for name, src := range plans {
		p, diags := compile.Resolve(source.NewFile("plan.arch", src))
		if p == nil || diags.HasErrors() {
			continue
		}
		fast, scan := analysis.PoleBothWays(p)
		if !slices.Equal(fast, scan) {
			t.Errorf("%s: pole %v, scan %v", name, fast, scan)
		}
		poles += len(fast)
	}
	if poles < 60 {
		t.Fatalf("only %d polygon rooms", poles)
	}
}
