package raster

import (
	"encoding/xml"
	"image"
	"math"
)

// element is a child of a pattern, kept until the pattern is painted.
type element struct {
	name  string
	attrs []xml.Attr
}

// pattern is a userSpaceOnUse tile (the wall poché and the material
// hatches).
type pattern struct {
	id         string
	x, y, w, h float64
	transform  matrix // patternTransform: tile space → user space
	children   []element

	// Drawn on first use, for the canvas's one user-to-device transform.
	tile   *image.RGBA
	toTile matrix // device → tile pixels
	drawn  bool
}

func newPattern(t xml.StartElement) *pattern {
	p := &pattern{
		id: attr(t.Attr, "id"),
		x:  number(attr(t.Attr, "x"), 0), y: number(attr(t.Attr, "y"), 0),
		w: number(attr(t.Attr, "width"), 0), h: number(attr(t.Attr, "height"), 0),
		transform: identity,
	}
	if tr := attr(t.Attr, "patternTransform"); tr != "" {
		p.transform = parseTransform(tr)
	}
	return p
}

// prepare draws the tile the way resvg does, so the two repeat alike: at
// the device scale, on a whole number of pixels (the tile's size rounded),
// its content unstretched.
func (p *pattern) prepare(c *canvas, root matrix) {
	p.drawn = true
	global := p.transform.then(root)
	sx := math.Hypot(global.A, global.B)
	sy := math.Hypot(global.C, global.D)
	tw, th := int(math.Round(p.w*sx)), int(math.Round(p.h*sy))
	if tw <= 0 || th <= 0 || tw*th > MaxPixels/4 {
		return
	}
	toDev := matrix{A: 1 / sx, D: 1 / sy}.then(translate(p.x, p.y)).then(global)
	inv, ok := toDev.invert()
	if !ok {
		return
	}
	p.toTile = inv
	p.tile = image.NewRGBA(image.Rect(0, 0, tw, th))
	inner := matrix{A: sx, D: sy}
	c.inPattern = true
	st := defaultStyle(inner)
	for _, e := range p.children {
		es := st
		es = inherit(es, xml.StartElement{Name: xml.Name{Local: e.name}, Attr: e.attrs})
		c.drawOn(p.tile, e.name, e.attrs, es)
	}
	c.inPattern = false
}

// paintRow composites the repeating tile over the pixels x0, x0+1, … of
// row y of dst, each with its coverage in alpha.
func (p *pattern) paintRow(dst *image.RGBA, y, x0 int, alpha []uint8) {
	tw, th := p.tile.Rect.Dx(), p.tile.Rect.Dy()
	tp := p.tile.Pix
	ts := p.tile.Stride
	m := p.toTile
	drow := dst.Pix[dst.PixOffset(x0, y):]
	for i, cov := range alpha {
		if cov == 0 {
			continue
		}
		x := x0 + i
		// Sample the tile at the pixel's centre, bilinearly, wrapping.
		fx := m.A*(float64(x)+0.5) + m.C*(float64(y)+0.5) + m.E - 0.5
		fy := m.B*(float64(x)+0.5) + m.D*(float64(y)+0.5) + m.F - 0.5
		fx0, fy0 := math.Floor(fx), math.Floor(fy)
		ax, ay := fx-fx0, fy-fy0
		ix0 := wrap(int(fx0), tw)
		iy0 := wrap(int(fy0), th)
		ix1, iy1 := wrap(ix0+1, tw), wrap(iy0+1, th)
		var s [4]float64
		for ch := 0; ch < 4; ch++ {
			v00 := float64(tp[iy0*ts+ix0*4+ch])
			v10 := float64(tp[iy0*ts+ix1*4+ch])
			v01 := float64(tp[iy1*ts+ix0*4+ch])
			v11 := float64(tp[iy1*ts+ix1*4+ch])
			s[ch] = (v00*(1-ax)+v10*ax)*(1-ay) + (v01*(1-ax)+v11*ax)*ay
		}
		k := float64(cov) / 255
		inv := 1 - s[3]/255*k
		d := drow[4*i : 4*i+4 : 4*i+4]
		for ch := 0; ch < 4; ch++ {
			d[ch] = uint8(math.Min(255, float64(d[ch])*inv+s[ch]*k+0.5))
		}
	}
}

func wrap(i, n int) int {
	i %= n
	if i < 0 {
		i += n
	}
	return i
}
