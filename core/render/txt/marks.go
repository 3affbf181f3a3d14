package txt

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/internal/vocab"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// Door panel placement, as fractions of the host wall's thickness t or of
// the door's width w (the reference's door symbols, reduced to lines).
const (
	slideOff     = 0.15 // sliding panel, either side of the centreline (t)
	slideLen     = 0.55 // sliding panel length (w)
	barnGap      = 0.1  // barn panel, beyond the wall face on its side (t)
	barnLen      = 1.1  // barn panel length (w)
	quarterTurn  = 90.0 // degrees a bifold leaf turns fully open
	defaultShift = 0.5  // how far open a panel is drawn when unstated
)

// drawOpenings draws each window as '=' and each door or cased opening as
// '·' along its span on the host wall's centreline. A sliding door adds its
// two panels beside the centreline, a barn door its panel beyond the wall
// face on its swing side, a bifold door its two folded leaves, and a
// pocket door the travel into its pocket.
func drawOpenings(g *grid, p *ir.Plan, segs []wallSeg) {
	for _, o := range p.Openings {
		if !(o.Width > 0) || o.Width > maxCoord || !finite(o.Center) {
			continue
		}
		d := geom.Point{X: 1}
		h, hosted := 0.0, false
		if i := hostIndex(segs, o); i >= 0 {
			sg := segs[i]
			h, hosted = sg.H, true
			if sg.Arc != nil {
				d = sg.ArcTangent(sg.ArcParam(o.Center))
			} else {
				d = sg.Dir()
			}
		}
		glyph := glyphDoor
		if o.Kind == ir.Window {
			glyph = glyphWindow
		}
		half := d.Mul(o.Width / 2)
		a, b := o.Center.Sub(half), o.Center.Add(half)
		if o.Kind == ir.Door && hosted {
			drawPanels(g, o, frame{a: a, d: d, n: geom.Point{X: -d.Y, Y: d.X}, h: h, w: o.Width})
		}
		if o.Kind == ir.Door && o.DoorKind == vocab.Pocket {
			// The leaf's travel shows too: half a width past the jamb it
			// slides toward.
			if o.Slide == vocab.Right {
				b = b.Add(half)
			} else {
				a = a.Sub(half)
			}
		}
		g.line(a, b, glyph)
	}
}

// frame is a door's geometry on its host wall: jamb a on the centreline,
// the unit direction d along the wall and its left normal n, the wall's
// half thickness h and the door's width w.
type frame struct {
	a, d, n geom.Point
	h, w    float64
}

// at is the point k mm along the door from jamb a, off mm along n.
func (f frame) at(k, off float64) geom.Point { return f.a.Add(f.d.Mul(k)).Add(f.n.Mul(off)) }

// drawPanels draws the moving parts of a sliding, barn or bifold door.
func drawPanels(g *grid, o ir.Opening, f frame) {
	drawPanelsWith(o, f, func(a, b geom.Point) { g.line(a, b, glyphDoor) })
}

// drawPanelsWith passes each line of a door's moving parts to line.
func drawPanelsWith(o ir.Opening, f frame, line func(a, b geom.Point)) {
	t := 2 * f.h
	open := openness(o)
	sd := 1.0
	if o.Swing == vocab.Out {
		sd = -1
	}
	panel := func(k0, k1, off float64) { line(f.at(k0, off), f.at(k1, off)) }
	switch o.DoorKind {
	case vocab.Sliding:
		pl := slideLen * f.w
		travel := open * (f.w - pl)
		if o.Slide == vocab.Right {
			panel(f.w-pl, f.w, slideOff*t)
			panel(travel, travel+pl, -slideOff*t)
			return
		}
		panel(0, pl, -slideOff*t)
		k := f.w - pl - travel
		panel(k, k+pl, slideOff*t)
	case vocab.Barn:
		pl := barnLen * f.w
		k0 := f.w/2 - pl/2
		if o.Slide == vocab.Right {
			k0 += open * f.w
		} else {
			k0 -= open * f.w
		}
		panel(k0, k0+pl, sd*(f.h+barnGap*t))
	case vocab.Bifold:
		theta := open * quarterTurn * math.Pi / 180
		leaf := f.w / 2
		start, along := f.a, f.d
		if o.Slide == vocab.Right {
			start, along = f.at(f.w, 0), f.d.Mul(-1)
		}
		u := along.Mul(math.Cos(theta)).Add(f.n.Mul(sd * math.Sin(theta)))
		fold := start.Add(u.Mul(leaf))
		back := start.Add(along.Mul(2 * leaf * math.Cos(theta)))
		line(start, fold)
		line(fold, back)
	}
}

// openness is how far open a door is drawn, in [0,1].
func openness(o ir.Opening) float64 {
	v := o.Open
	if math.IsNaN(v) || v < 0 {
		return 0
	}
	return math.Min(v, 1)
}

// fixtures are the catalogue names drawn as a symbol without their label.
var fixtures = map[string]bool{
	"wc": true, "toilet": true, "basin": true, "sink": true, "shower": true,
	"bathtub": true, "bath": true, "tub": true, "kitchen_sink": true,
	"counter": true, "worktop": true, "stove": true, "hob": true, "cooktop": true,
	"oven": true, "fridge": true, "refrigerator": true,
}

// initial is the letter a piece is drawn with: the first ASCII letter or
// digit of s, upper-cased, or '*' when s has none.
func initial(s string) rune {
	for _, ch := range s {
		switch {
		case ch >= 'a' && ch <= 'z':
			return ch - 'a' + 'A'
		case ch >= 'A' && ch <= 'Z', ch >= '0' && ch <= '9':
			return ch
		}
	}
	return glyphNoName
}

// drawObjects marks furniture, columns and vertical circulation with one
// letter on the middle cell of their footprint: a stair or escalator by its
// direction (U or D), anything else by its label or else its id.
func drawObjects(g *grid, p *ir.Plan) {
	at := func(c geom.Point, ch rune) { g.put(g.col(c.X), g.row(c.Y), ch) }
	mark := func(r geom.Rect, ch rune) {
		if !finite(r.Min) || !finite(r.Max) {
			return
		}
		at(r.Center(), ch)
	}
	for _, v := range p.Vertical {
		ch := initial(v.ID)
		if v.Kind != ir.Elevator {
			ch = 'U'
			if v.Dir == "down" {
				ch = 'D'
			}
		}
		mark(v.Rect, ch)
	}
	for _, c := range p.Columns {
		mark(c.Rect, initial(c.ID))
	}
	for _, f := range p.Furniture {
		name := f.ID
		if f.Label != "" && !fixtures[f.Type] {
			name = f.Label
		}
		if wcTypes[f.Type] && finite(f.Rect.Min) && finite(f.Rect.Max) {
			at(wcMark(f), initial(name))
			continue
		}
		mark(f.Rect, initial(name))
	}
}

// drawRoomLabels centres each room's name on the middle cell of its
// bounding box, cut to the cells between its sides. A room is named by the
// first room label whose anchor lies on its floor, else by its id.
func drawRoomLabels(g *grid, p *ir.Plan) {
	type anchor struct {
		at   geom.Point
		name string
	}
	var anchors []anchor
	for _, rm := range p.Rooms {
		if rm.Label == "" || len(rm.Polygon) < 3 {
			continue
		}
		at := rm.Polygon.Centroid()
		if rm.LabelAt != nil && finite(*rm.LabelAt) {
			at = *rm.LabelAt
		}
		anchors = append(anchors, anchor{at, rm.Label})
	}
	for _, rm := range p.Rooms {
		if len(rm.Polygon) < 3 {
			continue
		}
		bb := rm.Polygon.Bounds()
		if !finite(bb.Min) || !finite(bb.Max) {
			continue
		}
		name := rm.ID
		for _, a := range anchors {
			if inside(a.at, rm.Polygon) {
				name = a.name
				break
			}
		}
		c0, c1 := g.col(bb.Min.X), g.col(bb.Max.X)
		r0, r1 := g.row(bb.Min.Y), g.row(bb.Max.Y)
		room := c1 - c0 - 1
		if room <= 0 || name == "" {
			continue
		}
		txt := []rune(name)
		if len(txt) > room {
			txt = txt[:room]
		}
		cc := jsRound(float64(c0+c1) / 2)
		cr := jsRound(float64(r0+r1) / 2)
		g.text(cc-len(txt)/2, cr, txt)
	}
}

// wcTypes are the catalogue names drawn as a WC.
var wcTypes = map[string]bool{"wc": true, "toilet": true}

// wcDepthFrac is where a WC's letter sits along its depth, as a fraction
// of the depth measured from the back (the cistern): the middle of the
// drawn symbol, which stops short of the front edge.
const wcDepthFrac = 0.4925

// wcMark is the point a WC's letter is drawn at: centred across its width,
// wcDepthFrac of the way from its back to its front. The back is the top
// edge unturned and follows the piece's quarter-turns clockwise.
func wcMark(f ir.Furniture) geom.Point {
	r := f.Rect
	c := r.Center()
	switch quarter(f.Rotate) {
	case 1:
		c.X = r.Max.X - wcDepthFrac*r.W()
	case 2:
		c.Y = r.Max.Y - wcDepthFrac*r.H()
	case 3:
		c.X = r.Min.X + wcDepthFrac*r.W()
	default:
		c.Y = r.Min.Y + wcDepthFrac*r.H()
	}
	return c
}

// quarter is the number of clockwise quarter-turns in deg (0..3), rounded
// to the nearest; a non-finite angle counts as none.
func quarter(deg float64) int {
	if math.IsNaN(deg) || math.IsInf(deg, 0) || math.Abs(deg) > maxCoord {
		return 0
	}
	q := int(math.Round(deg/90)) % 4
	if q < 0 {
		q += 4
	}
	return q
}
