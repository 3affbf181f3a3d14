package compile_test

import (
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/diag"
)

// TestPNGWorkBudget: a small plan whose drawing paints its image over and
// over (beds stacked on one spot) is refused with E_RANGE_LIMIT, where it
// took 105 s at 4096 pixels wide; a plan whose drawing is over the size
// cap is refused before it is rasterised; a plan of a few storeys draws
// every one of them.
func TestPNGWorkBudget(t *testing.T) {
	stacked := loopPlan(800, "furniture bed at (100,100) size 1000x2000")
	for _, width := range []int{0, compile.MaxPNGWidth} {
		r := compile.Compile([]byte(stacked), compile.Options{Format: "png", Width: width})
		if r.OK || len(r.Diagnostics) == 0 || r.Diagnostics[len(r.Diagnostics)-1].Code != diag.ErrRangeLimit {
			t.Fatalf("width %d: ok=%v %v, want the E_RANGE_LIMIT refusal", width, r.OK, r.Diagnostics)
		}
	}
	arcs := loopPlan(22000, "wall exterior thickness 200 { (i*3000,0) (i*3000+2500,0) arc (i*3000+2500,2500) radius 2000 }")
	r := compile.Compile([]byte(arcs), compile.Options{Format: "png"})
	if r.OK || r.Diagnostics[len(r.Diagnostics)-1].Code != diag.ErrRangeLimit || !strings.Contains(r.Diagnostics[len(r.Diagnostics)-1].Message, "bytes") {
		t.Fatalf("a drawing over the size cap: ok=%v %v", r.OK, r.Diagnostics)
	}
	var b strings.Builder
	b.WriteString("plan \"tower\" {\n")
	for i := range 8 {
		b.WriteString("  level " + string(rune('0'+i)) + " \"L\" {\n    wall exterior thickness 200 { (0,0) (8000,0) (8000,6000) (0,6000) close }\n    room at (0,0) size 8000x6000 label \"Office\"\n    furniture desk at (500,500) size 1600x800\n  }\n")
	}
	b.WriteString("}\n")
	r = compile.Compile([]byte(b.String()), compile.Options{Format: "png"})
	if !r.OK || len(r.Pages) != 8 {
		t.Fatalf("8 storeys: ok=%v, %d pages, %v", r.OK, len(r.Pages), r.Diagnostics)
	}
	for i, p := range r.Pages {
		if p.Output == "" {
			t.Errorf("storey %d has no PNG", i)
		}
	}
}
