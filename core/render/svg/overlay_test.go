package svg

import (
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/geom"
)

// TestOverlayLayer draws a hand-made overlay on the studio fixture: the
// annotation layer holds one dashed line per leg, a diamond and a width
// per walk, and the routes in the lighter dash; the sizes follow the
// drawing's thin pen and dimension text.
func TestOverlayLayer(t *testing.T) {
	p := loadPlan(t, "studio")
	plain := string(Render(p, Options{}))
	if got := string(Render(p, Options{Overlay: &Overlay{}})); got != plain {
		t.Fatalf("an empty overlay changed the drawing")
	}
	o := &Overlay{
		Walks: []OverlayWalk{{
			Points: []geom.Point{pt(3050, 5850), pt(2750, 5850), pt(2750, 4250)},
			Pinch:  pt(3050, 5850), Width: 939.6,
		}},
		Routes: [][]geom.Point{{pt(6150, 1450), pt(6450, 1450), pt(6450, 3150)}},
	}
	got := string(Render(p, Options{Overlay: o}))
	i := strings.Index(got, `<g id="A-ANNO" `)
	if i < 0 {
		t.Fatalf("no annotation layer:\n%s", got)
	}
	layer := got[i : i+strings.Index(got[i:], "</g>")]
	r := newRenderer(p, Options{})
	walk := `stroke-dasharray="` + num(8*r.pen) + " " + num(5*r.pen) + `"`
	route := `stroke-dasharray="` + num(3*r.pen) + " " + num(3*r.pen) + `"`
	for _, want := range []string{
		`<line x1="3050" y1="5850" x2="2750" y2="5850" stroke="` + r.pal.chrome + `" stroke-width="` + num(r.pen) + `" stroke-linecap="square" ` + walk + `/>`,
		`<line x1="2750" y1="5850" x2="2750" y2="4250" `,
		`<polygon points="3050,` + num(5850-0.55*r.z.dimText) + ` `,
		`font-size="` + num(r.z.dimText) + `" fill="` + r.pal.chrome + `" text-anchor="middle" dominant-baseline="central">940</text>`,
		`stroke="` + r.pal.chromeLabel + `" stroke-width="` + num(r.pen) + `" stroke-linecap="square" ` + route,
	} {
		if !strings.Contains(layer, want) {
			t.Errorf("layer lacks %s:\n%s", want, layer)
		}
	}
	if n := strings.Count(layer, "<line"); n != 4 {
		t.Errorf("%d lines, want 4", n)
	}
	wellFormed(t, []byte(got))
}
