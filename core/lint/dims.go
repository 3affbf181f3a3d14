package lint

import (
	"math"
	"regexp"
	"strconv"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// dimInsideMargin is how far (mm) a dimension line's midpoint must be
// inside the rooms' extent to count as drawn inside the building.
const dimInsideMargin = 1

// dimRules are the hand-written dimension checks.
func (c *checker) dimRules() {
	c.dimInside()
	c.dimOverlap()
}

// roomExtent is the box around every room's floor; false without rooms.
func (c *checker) roomExtent() (geom.Rect, bool) {
	if len(c.p.Rooms) == 0 {
		return geom.Rect{}, false
	}
	r := c.p.Rooms[0].Polygon.Bounds()
	for _, rm := range c.p.Rooms[1:] {
		r = r.Union(rm.Polygon.Bounds())
	}
	return r, true
}

func strictlyInside(r geom.Rect, p geom.Point, m float64) bool {
	return p.X > r.Min.X+m && p.X < r.Max.X-m && p.Y > r.Min.Y+m && p.Y < r.Max.Y-m
}

// dimInside reports dimensions whose offset puts their line inside the
// rooms' extent, with a fix that swaps the endpoints when the mirrored
// line lands outside.
func (c *checker) dimInside() {
	box, ok := c.roomExtent()
	if !ok {
		return
	}
	for k, dm := range c.p.Dims {
		if dm.Mode != "" && dm.Mode != "faces" && dm.Mode != "clear" || dm.Offset == 0 {
			continue
		}
		v := dm.To.Sub(dm.From)
		if v.Len() <= geom.Eps {
			continue
		}
		u := v.Unit()
		n := geom.Point{X: -u.Y, Y: u.X}
		mid := dm.From.Add(dm.To).Mul(0.5)
		if !strictlyInside(box, mid.Add(n.Mul(dm.Offset)), dimInsideMargin) {
			continue
		}
		d := diag.New(diag.WarnDimInside, dm.Span, "Dimension %s is drawn inside the building: its offset of %s mm moves the line into the plan rather than out into the margin.",
			quote("dim_"+itoa(k+1)), mm(dm.Offset))
		d.Hints = []string{"Give the endpoints in the other order (or change the offset's sign) so the line is drawn outside the building."}
		if !strictlyInside(box, mid.Sub(n.Mul(dm.Offset)), dimInsideMargin) {
			if text, ok := c.swappedDim(dm.Span.Start, dm.Span.End, dm.Offset); ok {
				d.Fixes = []diag.Fix{{Title: "give the endpoints in the other order so the line is drawn outside the building",
					Applicability: "machine-applicable", FixID: "dim-inside", Edits: []diag.Edit{{Span: dm.Span, NewText: text}}}}
			}
		}
		c.add(d)
	}
}

var dimStmt = regexp.MustCompile(`^dim\s+(?:(faces|clear)\s+)?\(\s*(-?[0-9.]+)\s*,\s*(-?[0-9.]+)\s*\)\s*->\s*\(\s*(-?[0-9.]+)\s*,\s*(-?[0-9.]+)\s*\)(?:\s+offset\s+-?[0-9.]+)?(?:\s+text\s+("(?:[^"\\]|\\.)*"))?\s*$`)

// swappedDim rewrites a dimension statement written with literal numbers
// with its endpoints in the other order.
func (c *checker) swappedDim(start, end int, offset float64) (string, bool) {
	text, ok := c.stmt("", source.Span{Start: start, End: end})
	if !ok {
		return "", false
	}
	m := dimStmt.FindSubmatch(text)
	if m == nil {
		return "", false
	}
	var xs [4]string
	for i := range xs {
		f, err := strconv.ParseFloat(string(m[2+i]), 64)
		if err != nil || math.IsInf(f, 0) {
			return "", false
		}
		xs[i] = strconv.FormatFloat(f, 'f', -1, 64)
	}
	out := "dim "
	if len(m[1]) > 0 {
		out += string(m[1]) + " "
	}
	out += "(" + xs[2] + ", " + xs[3] + ")->(" + xs[0] + ", " + xs[1] + ") offset " + strconv.FormatFloat(offset, 'f', -1, 64)
	if len(m[6]) > 0 {
		out += " text " + string(m[6])
	}
	return out, true
}
