package raster

import (
	"bytes"
	"encoding/xml"
	"image"
	"image/color"
	"io"
	"math"
	"strings"
)

// style is the paint state an element inherits and may override.
type style struct {
	fill, stroke paint
	strokeWidth  float64
	cap, join    int
	miterLimit   float64
	dash         []float64
	fontSize     float64
	anchor       string
	baseline     string
	m            matrix // user space → device
}

// defaultStyle is SVG's initial values.
func defaultStyle(m matrix) style {
	return style{fill: paint{kind: paintColor, c: color.RGBA{0, 0, 0, 255}}, strokeWidth: 1, miterLimit: 4, fontSize: 16, m: m}
}

// canvas draws one document.
type canvas struct {
	stop  func() bool
	width int
	// budget is the work left of a budget that may be shared with other
	// images, left what is left of this image's own bound (see
	// WorkPerPixel); over is set once either is spent, and nothing more is
	// drawn.
	budget *int64
	left   int64
	over   bool

	img       *image.RGBA
	scan      scanner
	ts        *typesetter
	patterns  map[string]*pattern
	rootM     matrix // user space → device at the root
	inPattern bool   // drawing a pattern's tile
}

// maxDepth bounds element nesting (the writer nests three deep).
const maxDepth = 64

func (c *canvas) run(svg []byte) error {
	fc, err := loadFace()
	if err != nil {
		return err
	}
	c.ts = newTypesetter(fc)
	c.patterns = map[string]*pattern{}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	dec.Strict = true
	var stack []style
	var pat *pattern // the pattern being read, if any
	patDepth := 0
	var text *textRun
	n := 0
	for {
		tok, err := dec.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			if c.img == nil {
				return ErrNotDrawing
			}
			break // draw what was read
		}
		if n++; n&255 == 0 && c.stop != nil && c.stop() {
			return ErrStopped
		}
		if c.over {
			return ErrTooComplex
		}
		if c.img != nil && len(stack) == 0 {
			break // the root element has ended
		}
		switch t := tok.(type) {
		case xml.StartElement:
			name := t.Name.Local
			if t.Name.Space != "" && len(stack) > 0 {
				// Another vocabulary's element (none is drawn): its
				// content inherits as if it were not there.
				stack = append(stack, stack[len(stack)-1])
				continue
			}
			if c.img == nil {
				if name != "svg" {
					return ErrNotDrawing
				}
				if err := c.start(t); err != nil {
					return err
				}
				stack = append(stack, defaultStyle(c.root(t)))
				stack[0] = inherit(stack[0], t)
				continue
			}
			if len(stack) >= maxDepth {
				return ErrNotDrawing
			}
			st := inherit(stack[len(stack)-1], t)
			stack = append(stack, st)
			if pat != nil {
				patDepth++
				pat.children = append(pat.children, element{name: name, attrs: t.Attr})
				continue
			}
			switch name {
			case "pattern":
				pat = newPattern(t)
				patDepth = 0
			case "text":
				text = &textRun{st: st, attrs: t.Attr}
			default:
				c.draw(name, t.Attr, st)
			}
		case xml.EndElement:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			if pat != nil {
				if patDepth == 0 {
					if pat.id != "" {
						c.patterns[pat.id] = pat
					}
					pat = nil
				} else {
					patDepth--
				}
				continue
			}
			if text != nil && t.Name.Local == "text" {
				c.drawText(text)
				text = nil
			}
		case xml.CharData:
			if text != nil {
				text.content.Write(t)
			}
		}
	}
	if c.img == nil {
		return ErrNotDrawing
	}
	return nil
}

// start sizes the image from the root element and paints it white.
func (c *canvas) start(t xml.StartElement) error {
	vb := numbers(attr(t.Attr, "viewBox"))
	if len(vb) != 4 || !(vb[2] > 0) || !(vb[3] > 0) {
		return ErrNotDrawing
	}
	w, h := Size(vb[2], vb[3], c.width)
	c.left = max(MinWork, WorkPerPixel*int64(w)*int64(h))
	if !c.spend(2 * int64(w) * int64(h)) {
		return ErrTooComplex
	}
	c.img = image.NewRGBA(image.Rect(0, 0, w, h))
	pix := c.img.Pix
	if len(pix) > 0 {
		pix[0] = 0xff
		for n := 1; n < len(pix); n *= 2 {
			copy(pix[n:], pix[:n])
		}
	}
	return nil
}

// vertexWork is the work units a vertex of a filled shape counts for
// before its edges reach the scanner: mapped to device space, boxed,
// oriented and copied (text is thousands of them per label).
const vertexWork = 24

// spend takes n from the work budget and reports whether any was left;
// once it is spent, over is set.
func (c *canvas) spend(n int64) bool {
	if c.over {
		return false
	}
	*c.budget -= n
	c.left -= n
	if *c.budget < 0 || c.left < 0 {
		c.over = true
	}
	return !c.over
}

// root maps the viewBox onto the image (the width fitted, the height
// from the same proportions).
func (c *canvas) root(t xml.StartElement) matrix {
	vb := numbers(attr(t.Attr, "viewBox"))
	// Each axis is scaled to the whole pixels it got, as resvg does: the
	// height was rounded, so y is stretched or squeezed by a hair.
	sx := float64(c.img.Bounds().Dx()) / vb[2]
	sy := float64(c.img.Bounds().Dy()) / vb[3]
	c.rootM = translate(-vb[0], -vb[1]).then(matrix{A: sx, D: sy})
	return c.rootM
}

func attr(as []xml.Attr, name string) string {
	for _, a := range as {
		if a.Name.Local == name && a.Name.Space == "" {
			return a.Value
		}
	}
	return ""
}

// inherit applies an element's presentation attributes and transform.
func inherit(st style, t xml.StartElement) style {
	for _, a := range t.Attr {
		if a.Name.Space != "" {
			continue
		}
		v := a.Value
		switch a.Name.Local {
		case "fill":
			st.fill = parsePaint(v, st.fill)
		case "stroke":
			st.stroke = parsePaint(v, st.stroke)
		case "stroke-width":
			st.strokeWidth = number(v, st.strokeWidth)
		case "stroke-linecap":
			switch v {
			case "butt":
				st.cap = capButt
			case "square":
				st.cap = capSquare
			case "round":
				st.cap = capRound
			}
		case "stroke-linejoin":
			switch v {
			case "miter":
				st.join = joinMiter
			case "bevel":
				st.join = joinBevel
			case "round":
				st.join = joinRound
			}
		case "stroke-miterlimit":
			st.miterLimit = number(v, st.miterLimit)
		case "stroke-dasharray":
			if v == "none" {
				st.dash = nil
			} else {
				st.dash = numbers(v)
			}
		case "font-size":
			st.fontSize = number(v, st.fontSize)
		case "text-anchor":
			st.anchor = v
		case "dominant-baseline":
			st.baseline = v
		}
	}
	if tr := attr(t.Attr, "transform"); tr != "" {
		st.m = parseTransform(tr).then(st.m)
	}
	return st
}

// Paint kinds.
const (
	paintNone = iota
	paintColor
	paintPattern
)

type paint struct {
	kind int
	c    color.RGBA
	ref  string
}

// parsePaint reads none, #rgb, #rrggbb, a few colour names and url(#id).
func parsePaint(v string, cur paint) paint {
	v = strings.TrimSpace(v)
	switch {
	case v == "none":
		return paint{}
	case strings.HasPrefix(v, "url(#"):
		ref, _, _ := strings.Cut(v[5:], ")")
		return paint{kind: paintPattern, ref: ref}
	case strings.HasPrefix(v, "#"):
		h := v[1:]
		if len(h) == 3 {
			h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
		}
		if len(h) != 6 {
			return cur
		}
		var rgb [3]uint8
		for i := range rgb {
			hi, ok1 := hexVal(h[2*i])
			lo, ok2 := hexVal(h[2*i+1])
			if !ok1 || !ok2 {
				return cur
			}
			rgb[i] = hi<<4 | lo
		}
		return paint{kind: paintColor, c: color.RGBA{rgb[0], rgb[1], rgb[2], 255}}
	case v == "black":
		return paint{kind: paintColor, c: color.RGBA{0, 0, 0, 255}}
	case v == "white":
		return paint{kind: paintColor, c: color.RGBA{255, 255, 255, 255}}
	}
	return cur
}

func hexVal(b byte) (uint8, bool) {
	switch {
	case b >= '0' && b <= '9':
		return b - '0', true
	case b >= 'a' && b <= 'f':
		return b - 'a' + 10, true
	case b >= 'A' && b <= 'F':
		return b - 'A' + 10, true
	}
	return 0, false
}

// shape reads an element's geometry in user space: its subpaths and
// whether each is closed. ok is false for an element that draws nothing.
func shape(name string, as []xml.Attr, devScale float64) (p path, ok bool) {
	f := func(n string) float64 { return number(attr(as, n), 0) }
	switch name {
	case "rect":
		x, y, w, h := f("x"), f("y"), f("width"), f("height")
		if !(w > 0) || !(h > 0) {
			return p, false
		}
		p.subs = [][]pt{{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}}
		p.closed = []bool{true}
	case "line":
		p.subs = [][]pt{{{f("x1"), f("y1")}, {f("x2"), f("y2")}}}
		p.closed = []bool{false}
	case "polygon", "polyline":
		v := numbers(attr(as, "points"))
		if len(v) < 4 {
			return p, false
		}
		pts := make([]pt, 0, len(v)/2)
		for i := 0; i+1 < len(v); i += 2 {
			pts = append(pts, pt{v[i], v[i+1]})
		}
		p.subs = [][]pt{pts}
		p.closed = []bool{name == "polygon"}
	case "circle":
		r := f("r")
		if !(r > 0) {
			return p, false
		}
		p.subs = [][]pt{circle(pt{f("cx"), f("cy")}, r, devScale)}
		p.closed = []bool{true}
	case "path":
		p = parsePathData(attr(as, "d"), devScale)
	default:
		return p, false
	}
	return p, len(p.subs) > 0
}

// draw paints one shape element: fill, then stroke.
func (c *canvas) draw(name string, as []xml.Attr, st style) {
	c.drawOn(c.img, name, as, st)
}

func (c *canvas) drawOn(dst *image.RGBA, name string, as []xml.Attr, st style) {
	ds := st.m.scale()
	p, ok := shape(name, as, ds)
	if !ok {
		return
	}
	if st.fill.kind != paintNone && name != "line" {
		var polys [][]pt
		for _, s := range p.subs {
			if len(s) > 2 {
				polys = append(polys, s)
			}
		}
		c.fill(dst, polys, st.m, st.fill, false)
	}
	if st.stroke.kind != paintNone && st.strokeWidth > 0 {
		ss := strokeStyle{width: st.strokeWidth, cap: st.cap, join: st.join, miterLimit: st.miterLimit, dash: st.dash}
		pa := st.stroke
		if w := st.strokeWidth * ds; w < 1 && pa.kind == paintColor {
			c.hairlines(dst, p, ss, st.m, pa.c, w)
			return
		}
		var polys [][]pt
		emit := func(q []pt) { polys = append(polys, q) }
		for i, s := range p.subs {
			if len(st.dash) > 0 {
				dashes(s, p.closed[i], st.dash, func(d []pt) { strokePolys(d, false, ss, emit) })
			} else {
				strokePolys(s, p.closed[i], ss, emit)
			}
		}
		c.fill(dst, polys, st.m, pa, true)
	}
}

// hairlines draws a stroke thinner than a device pixel (see hairline),
// dashed first when it has a pattern, with square caps half a pixel long.
func (c *canvas) hairlines(dst *image.RGBA, p path, ss strokeStyle, m matrix, col color.RGBA, opacity float64) {
	rgb := [3]uint32{uint32(col.R), uint32(col.G), uint32(col.B)}
	clip := dst.Bounds()
	draw := func(pts []pt, closed bool) {
		pts = dedupe(pts, closed)
		if len(pts) < 2 {
			return
		}
		dev := make([]pt, len(pts))
		for i, q := range pts {
			dev[i] = m.apply(q)
		}
		if closed {
			dev = append(dev, dev[0])
		} else if ss.cap == capSquare {
			extend := func(end, from pt) pt {
				d := end.sub(from)
				if l := d.len(); l > 0 {
					return end.add(d.mul(0.5 / l))
				}
				return end
			}
			dev[0] = extend(dev[0], dev[1])
			dev[len(dev)-1] = extend(dev[len(dev)-1], dev[len(dev)-2])
		}
		for i := 0; i+1 < len(dev); i++ {
			// The pixels along the line, at most across the image.
			d := dev[i+1].sub(dev[i])
			along := min(math.Max(math.Abs(d.X), math.Abs(d.Y)), float64(clip.Dx()+clip.Dy()))
			if !(along > 0) {
				along = 0 // NaN or a point
			}
			if !c.spend(int64(along) + 1) {
				return
			}
			hairline(dst, clip, dev[i], dev[i+1], rgb, opacity)
		}
	}
	for i, s := range p.subs {
		if len(ss.dash) > 0 {
			dashes(s, p.closed[i], ss.dash, func(d []pt) { draw(d, false) })
		} else {
			draw(s, p.closed[i])
		}
	}
}

// fill paints the union of polys (in user space, mapped by m). With
// orient set every polygon is wound the same way first, so overlapping
// pieces of a stroke add up instead of cancelling.
func (c *canvas) fill(dst *image.RGBA, polys [][]pt, m matrix, pa paint, orient bool) {
	if len(polys) == 0 {
		return
	}
	verts := 0
	for _, poly := range polys {
		verts += len(poly)
	}
	if !c.spend(int64(verts) * vertexWork) {
		return
	}
	b := dst.Bounds()
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	dev := make([][]pt, len(polys))
	for i, poly := range polys {
		d := make([]pt, len(poly))
		area := 0.0
		for j, q := range poly {
			d[j] = m.apply(q)
			minX, minY = math.Min(minX, d[j].X), math.Min(minY, d[j].Y)
			maxX, maxY = math.Max(maxX, d[j].X), math.Max(maxY, d[j].Y)
		}
		if orient {
			for j := range d {
				area += d[j].cross(d[(j+1)%len(d)])
			}
			if area < 0 {
				for l, r := 0, len(d)-1; l < r; l, r = l+1, r-1 {
					d[l], d[r] = d[r], d[l]
				}
			}
		}
		dev[i] = d
	}
	if math.IsNaN(minX) || math.IsNaN(minY) || math.IsNaN(maxX) || math.IsNaN(maxY) {
		return
	}
	r := image.Rect(int(math.Floor(math.Max(minX, float64(b.Min.X)-1))), int(math.Floor(math.Max(minY, float64(b.Min.Y)-1))),
		int(math.Ceil(math.Min(maxX, float64(b.Max.X)+1))), int(math.Ceil(math.Min(maxY, float64(b.Max.Y)+1)))).Intersect(b)
	if r.Empty() {
		return
	}
	switch pa.kind {
	case paintColor:
		sr, sg, sb := uint32(pa.c.R), uint32(pa.c.G), uint32(pa.c.B)
		c.scan.fill(dev, r, func(y, x0 int, alpha []uint8) {
			row := dst.Pix[dst.PixOffset(x0, y):]
			for i, m := range alpha {
				k := uint32(m)
				if k == 0 {
					continue
				}
				p := row[4*i : 4*i+4 : 4*i+4]
				if k == 255 {
					p[0], p[1], p[2], p[3] = uint8(sr), uint8(sg), uint8(sb), 255
					continue
				}
				ik := 255 - k
				p[0] = uint8((uint32(p[0])*ik + sr*k + 127) / 255)
				p[1] = uint8((uint32(p[1])*ik + sg*k + 127) / 255)
				p[2] = uint8((uint32(p[2])*ik + sb*k + 127) / 255)
				p[3] = uint8((uint32(p[3])*ik + 255*k + 127) / 255)
			}
		})
	case paintPattern:
		pt := c.patterns[pa.ref]
		if pt == nil || c.inPattern {
			return
		}
		if !pt.drawn {
			pt.prepare(c, c.rootM)
		}
		if pt.tile == nil {
			return
		}
		c.scan.fill(dev, r, func(y, x0 int, alpha []uint8) { pt.paintRow(dst, y, x0, alpha) })
	}
}

// textRun is a text element being read.
type textRun struct {
	st      style
	attrs   []xml.Attr
	content bytes.Buffer
}

// drawText sets a label in the embedded face: anchored at x (start,
// middle or end), on the baseline at y or centred on it
// (dominant-baseline central: halfway between the face's ascent and
// descent).
func (c *canvas) drawText(t *textRun) {
	s := strings.TrimSpace(strings.Join(strings.Fields(t.content.String()), " "))
	if s == "" || t.st.fill.kind == paintNone || !(t.st.fontSize > 0) {
		return
	}
	fc := c.ts.face
	glyphs, adv := c.ts.layout(s)
	k := t.st.fontSize / fc.upm
	x := number(attr(t.attrs, "x"), 0)
	y := number(attr(t.attrs, "y"), 0)
	switch t.st.anchor {
	case "middle":
		x -= adv * k / 2
	case "end":
		x -= adv * k
	}
	switch t.st.baseline {
	case "central":
		y += (fc.ascent - fc.descent) / 2 * k
	case "middle":
		y += (fc.ascent - fc.descent) / 2 * k
	case "hanging", "text-before-edge":
		y += fc.ascent * k
	case "text-after-edge", "ideographic":
		y -= fc.descent * k
	}
	var polys [][]pt
	for _, g := range glyphs {
		for _, ct := range g.g.contours {
			q := make([]pt, len(ct))
			for i, p := range ct {
				q[i] = pt{x + (g.x+p.X)*k, y + p.Y*k}
			}
			polys = append(polys, q)
		}
	}
	c.fill(c.img, polys, t.st.m, t.st.fill, false)
}
