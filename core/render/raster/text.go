package raster

import (
	_ "embed"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// robotoTTF is Roboto Regular (Apache-2.0, see font/LICENSE-Apache-2.0.txt),
// the face every label is set in, whatever font-family the SVG names.
//
//go:embed font/Roboto-Regular.ttf
var robotoTTF []byte

// face is the parsed font with the metrics text layout needs, in font
// units.
type face struct {
	f       *sfnt.Font
	upm     float64
	ascent  float64 // above the baseline, positive
	descent float64 // below the baseline, positive
}

// loadFace parses the embedded font once; the result is read-only and
// shared by every rasterisation (sfnt.Font is safe for concurrent use,
// each caller bringing its own Buffer).
var loadFace = sync.OnceValues(func() (*face, error) {
	f, err := sfnt.Parse(robotoTTF)
	if err != nil {
		return nil, err
	}
	var b sfnt.Buffer
	upm := f.UnitsPerEm()
	m, err := f.Metrics(&b, fixed.I(int(upm)), font.HintingNone)
	if err != nil {
		return nil, err
	}
	fc := &face{f: f, upm: float64(upm), ascent: float64(m.Ascent) / 64, descent: float64(m.Descent) / 64}
	if a, d, ok := typoMetrics(robotoTTF); ok {
		fc.ascent, fc.descent = a, d
	}
	return fc, nil
})

// typoMetrics reads the OS/2 table's typographic ascender and descender
// (font units; the descender returned positive). Labels are centred on
// these: this Roboto's hhea line metrics are tighter than the ones the
// reference's raster backend sets its labels with, and its OS/2 values are
// those same numbers.
func typoMetrics(ttf []byte) (ascent, descent float64, ok bool) {
	u16 := func(b []byte, i int) int { return int(b[i])<<8 | int(b[i+1]) }
	if len(ttf) < 12 {
		return 0, 0, false
	}
	n := u16(ttf, 4)
	for i := 0; i < n; i++ {
		rec := 12 + 16*i
		if rec+16 > len(ttf) {
			return 0, 0, false
		}
		if string(ttf[rec:rec+4]) != "OS/2" {
			continue
		}
		off := int(ttf[rec+8])<<24 | int(ttf[rec+9])<<16 | int(ttf[rec+10])<<8 | int(ttf[rec+11])
		if off < 0 || off+72 > len(ttf) {
			return 0, 0, false
		}
		a := int16(u16(ttf, off+68))
		d := int16(u16(ttf, off+70))
		if a <= 0 || d >= 0 {
			return 0, 0, false
		}
		return float64(a), -float64(d), true
	}
	return 0, 0, false
}

// glyph is one glyph's outline in font units (y down), flattened.
type glyph struct {
	contours [][]pt
	advance  float64
}

// typesetter lays out labels for one rasterisation, keeping the glyphs it
// has loaded.
type typesetter struct {
	face   *face
	buf    sfnt.Buffer
	glyphs map[sfnt.GlyphIndex]*glyph
}

func newTypesetter(fc *face) *typesetter {
	return &typesetter{face: fc, glyphs: map[sfnt.GlyphIndex]*glyph{}}
}

// load returns glyph x's outline, flattening its curves finely enough for
// any size this package draws.
func (t *typesetter) load(x sfnt.GlyphIndex) *glyph {
	if g, ok := t.glyphs[x]; ok {
		return g
	}
	g := &glyph{}
	ppem := fixed.I(int(t.face.upm))
	if adv, err := t.face.f.GlyphAdvance(&t.buf, x, ppem, font.HintingNone); err == nil {
		g.advance = float64(adv) / 64
	}
	segs, err := t.face.f.LoadGlyph(&t.buf, x, ppem, nil)
	if err == nil {
		var cur []pt
		var pen pt
		flush := func() {
			if len(cur) > 2 {
				g.contours = append(g.contours, cur)
			}
			cur = nil
		}
		fp := func(p fixed.Point26_6) pt { return pt{float64(p.X) / 64, float64(p.Y) / 64} }
		for _, s := range segs {
			switch s.Op {
			case sfnt.SegmentOpMoveTo:
				flush()
				pen = fp(s.Args[0])
				cur = []pt{pen}
			case sfnt.SegmentOpLineTo:
				pen = fp(s.Args[0])
				cur = append(cur, pen)
			case sfnt.SegmentOpQuadTo:
				c, e := fp(s.Args[0]), fp(s.Args[1])
				const n = 8
				for i := 1; i <= n; i++ {
					tt := float64(i) / n
					u := 1 - tt
					cur = append(cur, pt{u*u*pen.X + 2*u*tt*c.X + tt*tt*e.X, u*u*pen.Y + 2*u*tt*c.Y + tt*tt*e.Y})
				}
				pen = e
			case sfnt.SegmentOpCubeTo:
				c1, c2, e := fp(s.Args[0]), fp(s.Args[1]), fp(s.Args[2])
				const n = 12
				for i := 1; i <= n; i++ {
					tt := float64(i) / n
					u := 1 - tt
					cur = append(cur, pt{
						u*u*u*pen.X + 3*u*u*tt*c1.X + 3*u*tt*tt*c2.X + tt*tt*tt*e.X,
						u*u*u*pen.Y + 3*u*u*tt*c1.Y + 3*u*tt*tt*c2.Y + tt*tt*tt*e.Y,
					})
				}
				pen = e
			}
		}
		flush()
	}
	t.glyphs[x] = g
	return g
}

// placed is a glyph at a pen position, in font units along the line.
type placed struct {
	g *glyph
	x float64
}

// layout sets s on one line: each glyph at its pen position (kerned), and
// the line's advance, all in font units.
func (t *typesetter) layout(s string) ([]placed, float64) {
	var out []placed
	x := 0.0
	prev, havePrev := sfnt.GlyphIndex(0), false
	ppem := fixed.I(int(t.face.upm))
	for _, r := range s {
		gi, err := t.face.f.GlyphIndex(&t.buf, r)
		if err != nil {
			gi = 0
		}
		if havePrev {
			if k, err := t.face.f.Kern(&t.buf, prev, gi, ppem, font.HintingNone); err == nil {
				x += float64(k) / 64
			}
		}
		g := t.load(gi)
		out = append(out, placed{g: g, x: x})
		x += g.advance
		prev, havePrev = gi, true
	}
	return out, x
}
