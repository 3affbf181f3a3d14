// Package txt draws a resolved plan as a grid of text characters: the
// "txt" compile format. Wall outlines are box-drawing lines (─ │ and ┼ where
// they cross), windows are '=', doors and cased openings '·', furniture and
// vertical circulation one capital letter each, and every room its name
// centred on its floor. The output is deterministic and its size bounded:
// at most Cols characters wide and MaxRows lines tall, whatever the plan's
// extent.
package txt

import (
	"math"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/internal/numfmt"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// Grid limits. The drawing is Cols characters wide unless the plan is so
// tall that MaxRows lines would not hold it at that width; a text row is
// read as two columns tall.
const (
	Cols    = 80
	MaxRows = 48
	// rowAspect is how many column widths one text row stands for.
	rowAspect = 2
)

// maxCoord bounds the coordinates drawn; anything further out is treated
// as degenerate input and skipped.
const maxCoord = 1e12

// defaultExtent is the side of the square drawn for a plan with nothing in
// it, in mm.
const defaultExtent = 1000

// Glyphs.
const (
	glyphH      = '─'
	glyphV      = '│'
	glyphCross  = '┼'
	glyphWindow = '='
	glyphDoor   = '·'
	glyphNoName = '*'
)

// Render draws p as text: one line per grid row, each ending in a newline,
// trailing spaces trimmed.
func Render(p *ir.Plan) string {
	if p == nil {
		return ""
	}
	segs := wallSegments(p)
	ext, ok := extent(p, segs)
	if !ok {
		ext = geom.Rect{Max: geom.Point{X: defaultExtent, Y: defaultExtent}}
	}
	g := newGrid(ext)
	drawWalls(g, p, segs)
	drawOpenings(g, p, segs)
	drawObjects(g, p)
	drawRoomLabels(g, p)
	return g.String()
}

// finite reports whether q is a usable coordinate.
func finite(q geom.Point) bool {
	return !math.IsNaN(q.X) && !math.IsNaN(q.Y) && math.Abs(q.X) < maxCoord && math.Abs(q.Y) < maxCoord
}

// extent is the box the grid spans: wall solids, rooms, furniture,
// columns and vertical circulation.
func extent(p *ir.Plan, segs []wallSeg) (geom.Rect, bool) {
	var b geom.Rect
	ok := false
	add := func(q geom.Point) {
		if !finite(q) {
			return
		}
		if !ok {
			b, ok = geom.Rect{Min: q, Max: q}, true
			return
		}
		b = b.Union(geom.Rect{Min: q, Max: q})
	}
	for _, sg := range segs {
		for _, q := range footprint(sg) {
			add(q)
		}
	}
	for _, rm := range p.Rooms {
		for _, q := range rm.Polygon {
			add(q)
		}
	}
	for _, f := range p.Furniture {
		add(f.Rect.Min)
		add(f.Rect.Max)
	}
	for _, c := range p.Columns {
		add(c.Rect.Min)
		add(c.Rect.Max)
	}
	for _, v := range p.Vertical {
		add(v.Rect.Min)
		add(v.Rect.Max)
	}
	return b, ok
}

// cell is one character of the grid: a glyph, or line flags that become
// one when the grid is printed.
type cell struct {
	r    rune
	h, v bool
}

// grid is the character canvas over the plan extent.
type grid struct {
	cols, rows int
	minX, minY float64
	cw, ch     float64 // mm per cell (0 when the extent is flat)
	cells      []cell
}

func newGrid(ext geom.Rect) *grid {
	w, h := ext.W(), ext.H()
	if !(w > 0) {
		w = 0
	}
	if !(h > 0) {
		h = 0
	}
	// The grid is Cols wide, with as many rows as that scale needs; only
	// when they round to more than MaxRows is the scale set by the height
	// instead, and the columns rounded from it.
	cols, rows := Cols, 1
	cw := w / Cols
	if cw > 0 {
		rows = jsRound(h / (rowAspect * cw))
	}
	if !(cw > 0) || rows > MaxRows {
		cw = h / (rowAspect * MaxRows)
		if cw > 0 {
			cols = jsRound(w / cw)
			rows = MaxRows
		}
	}
	cols = clampInt(cols, 1, Cols)
	rows = clampInt(rows, 1, MaxRows)
	g := &grid{cols: cols, rows: rows, minX: ext.Min.X, minY: ext.Min.Y}
	if w > 0 {
		g.cw = w / float64(cols)
	}
	if h > 0 {
		g.ch = h / float64(rows)
	}
	g.cells = make([]cell, cols*rows)
	return g
}

// jsRound rounds as the reference does, by floor(v+0.5) (numfmt.FloorHalf),
// with NaN as 0 and a cap far beyond any grid.
func jsRound(v float64) int {
	if math.IsNaN(v) {
		return 0
	}
	if v > 1e9 {
		return 1e9
	}
	return int(numfmt.FloorHalf(v))
}

func clampInt(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// fx and fy are a coordinate in (fractional) cells: the distance from the
// grid's corner divided by the cell size, as the reference computes it (a
// product with the reciprocal can fall just short of a whole cell).
func (g *grid) fx(x float64) float64 { return cells(x-g.minX, g.cw) }
func (g *grid) fy(y float64) float64 { return cells(y-g.minY, g.ch) }

func cells(d, size float64) float64 {
	if size == 0 {
		return 0
	}
	return d / size
}

// col and row are the cell a coordinate falls in, clamped to the grid.
func (g *grid) col(x float64) int { return clampCell(g.fx(x), g.cols) }
func (g *grid) row(y float64) int { return clampCell(g.fy(y), g.rows) }

func clampCell(f float64, n int) int {
	if math.IsNaN(f) || f < 0 {
		return 0
	}
	if f >= float64(n) {
		return n - 1
	}
	return int(math.Floor(f))
}

func (g *grid) at(c, r int) *cell {
	if c < 0 || r < 0 || c >= g.cols || r >= g.rows {
		return nil
	}
	return &g.cells[r*g.cols+c]
}

// put writes glyph ch at (c, r), replacing what was there.
func (g *grid) put(c, r int, ch rune) {
	if ce := g.at(c, r); ce != nil {
		*ce = cell{r: ch}
	}
}

// line draws a straight line from a to b (plan mm). Lines are marked, not
// written: a cell crossed both ways prints as a junction. A glyph, when
// given, is written instead.
func (g *grid) line(a, b geom.Point, glyph rune) {
	if !finite(a) || !finite(b) {
		return
	}
	// Step once per cell along the longer axis, between the cells the
	// ends fall in; the other axis is rounded to the nearest cell, a tie
	// going toward the start.
	c0, r0 := g.col(a.X), g.row(a.Y)
	dc := g.col(b.X) - c0
	dr := g.row(b.Y) - r0
	n := max(abs(dc), abs(dr))
	horiz := abs(dc) >= abs(dr)
	if n == 0 && glyph == 0 {
		// A line inside one cell marks it as running across, unless the
		// line is exactly upright: then it marks nothing (a jamb across a
		// wall's thickness leaves the face's cell as it was).
		if ce := g.at(c0, r0); ce != nil && ce.r == 0 && a.X != b.X {
			ce.h = true
		}
		return
	}
	for i := 0; i <= n; i++ {
		c := c0 + stepRound(dc*i, n)
		r := r0 + stepRound(dr*i, n)
		ce := g.at(c, r)
		if ce == nil {
			continue
		}
		switch {
		case glyph != 0:
			*ce = cell{r: glyph}
		case ce.r != 0:
			// A glyph already there stays.
		case horiz:
			ce.h = true
		default:
			ce.v = true
		}
	}
}

// stepRound is p/q (q > 0) rounded to the nearest integer, a half going
// toward zero.
func stepRound(p, q int) int {
	if q == 0 {
		return 0
	}
	if p < 0 {
		return -stepRound(-p, q)
	}
	return (2*p + q - 1) / (2 * q)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// text writes s from column c on row r, clipped to the grid.
func (g *grid) text(c, r int, s []rune) {
	for i, ch := range s {
		g.put(c+i, r, ch)
	}
}

// String prints the grid, trailing spaces trimmed, one newline per row.
func (g *grid) String() string {
	var sb strings.Builder
	line := make([]rune, g.cols)
	for r := 0; r < g.rows; r++ {
		for c := 0; c < g.cols; c++ {
			ce := g.cells[r*g.cols+c]
			ch := ' '
			switch {
			case ce.r != 0:
				ch = ce.r
			case ce.h && ce.v:
				ch = glyphCross
			case ce.h:
				ch = glyphH
			case ce.v:
				ch = glyphV
			}
			line[c] = ch
		}
		sb.WriteString(strings.TrimRight(string(line), " "))
		sb.WriteByte('\n')
	}
	return sb.String()
}
