package svg

import (
	"math"
	"strconv"

	"github.com/archlang-go/caddy-archlang/core/geom"
)

// Overlay is the circulation overlay's geometry in plan millimetres, as
// the host measured it: the walks from the entrance to the rooms and the
// key routes between rooms. The renderer draws it as given and measures
// nothing itself.
type Overlay struct {
	Walks  []OverlayWalk
	Routes [][]geom.Point
}

// OverlayWalk is one walk: the corners of its path, start first, and the
// point where it is narrowest with that clear width in mm.
type OverlayWalk struct {
	Points []geom.Point
	Pinch  geom.Point
	Width  float64
}

// The overlay's proportions: walks are dashed 8 pens on, 5 off; routes 3
// on, 3 off; a pinch is a diamond reaching 0.55 of the dimension text size
// from its centre, with its width written in dimension-size text 1.25 of
// that size above it.
const (
	walkDashOn, walkDashOff   = 8, 5
	routeDashOn, routeDashOff = 3, 3
	pinchReach                = 0.55
	pinchLabelRise            = 1.25
)

// hasOverlay says whether the overlay draws anything.
func (r *renderer) hasOverlay() bool {
	o := r.opts.Overlay
	return o != nil && (len(o.Walks) > 0 || len(o.Routes) > 0)
}

// drawAnnoLayer fills the annotation layer: the sheet tables, then the
// overlay drawn over everything else on the plan.
func (r *renderer) drawAnnoLayer() {
	if r.hasTables() {
		r.drawTables()
	}
	if r.hasOverlay() {
		r.drawOverlay()
	}
}

// drawOverlay draws each walk as dashed segments between its corners, a
// diamond at its pinch and the pinch's width above it, then the routes in
// the lighter chrome colour and a shorter dash, unmarked.
func (r *renderer) drawOverlay() {
	o := r.opts.Overlay
	pen := r.pen
	walk := r.stroke(r.pal.chrome, pen) + ` stroke-linecap="square" stroke-dasharray="` +
		num(walkDashOn*pen) + " " + num(walkDashOff*pen) + `"`
	route := r.stroke(r.pal.chromeLabel, pen) + ` stroke-linecap="square" stroke-dasharray="` +
		num(routeDashOn*pen) + " " + num(routeDashOff*pen) + `"`
	fs := r.z.dimText
	reach := pinchReach * fs
	for _, wk := range o.Walks {
		r.overlayPath(wk.Points, walk)
		c := wk.Pinch
		r.b.polygon([]geom.Point{
			{X: c.X, Y: c.Y - reach}, {X: c.X + reach, Y: c.Y},
			{X: c.X, Y: c.Y + reach}, {X: c.X - reach, Y: c.Y},
		}, `fill="`+r.pal.chrome+`" stroke="none" stroke-width="0"`)
		r.b.text(geom.Point{X: c.X, Y: c.Y - pinchLabelRise*fs},
			`font-size="`+num(fs)+`" fill="`+r.pal.chrome+`" text-anchor="middle" dominant-baseline="central"`,
			widthLabel(wk.Width))
		r.b.s("\n")
	}
	for _, pts := range o.Routes {
		r.overlayPath(pts, route)
	}
}

// overlayPath draws a path's legs one line each.
func (r *renderer) overlayPath(pts []geom.Point, attrs string) {
	for i := 1; i < len(pts); i++ {
		r.b.line(pts[i-1], pts[i], attrs)
	}
}

// widthLabel writes a clear width in whole millimetres.
func widthLabel(w float64) string {
	if math.IsNaN(w) || math.IsInf(w, 0) {
		return "0"
	}
	return strconv.FormatFloat(math.Round(w), 'f', -1, 64)
}
