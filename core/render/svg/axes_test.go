package svg

import (
	"regexp"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/ir"
)

var axisLineRE = regexp.MustCompile(`<line x1="([^"]*)" y1="([^"]*)" x2="([^"]*)" y2="([^"]*)"[^>]*stroke-dasharray`)

// TestAxes checks the positioning axes against the reference: they start a
// little past the near face and end, with the bubble, past the far face or
// the dimension text beyond it (automatic chains included).
func TestAxes(t *testing.T) {
	axes := func(p *ir.Plan) { p.Settings.AxesX, p.Settings.AxesY = []float64{0, 3000}, []float64{0, 3000} }
	auto := func(scope string) func(p *ir.Plan) { return func(p *ir.Plan) { p.Settings.DimsAuto = scope } }
	cases := []struct {
		name     string
		add      func(p *ir.Plan)
		first    string // first axis line: x1 y1 x2 y2
		last     string // last axis line
		wantVBox string
	}{
		{"bare", axes, "0 -176.8 0 3189.6", "3176.8 0 -189.6 0", "-644 -644 4288 4416"},
		{"dims auto rooms", all(axes, auto("rooms")), "0 -176.8 0 3516", "3176.8 0 -516 0", "-791.2 -644 4435.2 4742.4"},
		{"dims auto all", all(axes, auto("all")), "0 -176.8 0 3656.8", "3176.8 0 -656.8 0", "-932 -644 4576 4883.2"},
		{"manual dims", all(axes, func(p *ir.Plan) {
			p.Dims = append(p.Dims, ir.Dim{From: pt(0, 4000), To: pt(3000, 4000)}, ir.Dim{From: pt(-2000, 0), To: pt(-2000, 3000)})
		}), "0 -222.4 0 4316.2", "3222.4 0 -2316.2 0", "-2867 -967 6834 6211.4"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := Render(squarePlan(c.add), Options{})
			ls := axisLineRE.FindAllSubmatch(out, -1)
			if len(ls) != 4 {
				t.Fatalf("%d axis lines, want 4", len(ls))
			}
			line := func(m [][]byte) string {
				return string(m[1]) + " " + string(m[2]) + " " + string(m[3]) + " " + string(m[4])
			}
			if got := line(ls[0]); got != c.first {
				t.Errorf("first axis %s, want %s", got, c.first)
			}
			if got := line(ls[3]); got != c.last {
				t.Errorf("last axis %s, want %s", got, c.last)
			}
			if got := string(viewBoxRE.FindSubmatch(out)[1]); got != c.wantVBox {
				t.Errorf("viewBox %q, want %q", got, c.wantVBox)
			}
		})
	}
}
