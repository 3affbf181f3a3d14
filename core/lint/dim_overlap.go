package lint

import (
	"math"
	"regexp"
	"sort"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/internal/numfmt"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// How a hand-written dimension is drawn, as lint measures it. Without a
// sheet every size is a fraction of the drawing's reference dimension
// (the larger side of the box around the walls' vertices, the rooms and
// the dimensions' measured points); with `paper` it is sheet millimetres
// times the scale denominator.
const (
	dimTierFrac    = 0.044 // one chain tier
	dimTextFrac    = 0.02  // text height
	dimTextOffFrac = 0.014 // text centre beyond the line, on the left-normal side
	dimTickFrac    = 0.012 // half a tick; ticks lean 45°

	dimTierSheet    = 5.5
	dimTextSheet    = 2.5
	dimTextOffSheet = 1.75
	dimTickSheet    = 1.2

	// dimGlyphWidth is the advance of one character of dimension text, in
	// text heights.
	dimGlyphWidth = 0.62
	// dimParallelTol is the largest cross product of two unit directions
	// that still counts as parallel.
	dimParallelTol = 1e-9
	// dimAlongEps keeps two bands that only touch end to end (a chain's
	// shared station tick) from counting as overlapping.
	dimAlongEps = 1e-6
	// maxTierSteps bounds the search for a clear tier.
	maxTierSteps = 1000
	// dimDefaultRef is the reference dimension of a plan with nothing to
	// measure.
	dimDefaultRef = 10000
)

// dimSizes are the drawn sizes of a dimension in plan mm.
type dimSizes struct{ tier, text, textOff, tick float64 }

// dimBand is one hand-written dimension laid out: its frame and the box
// it claims, in its own along/cross coordinates from From.
type dimBand struct {
	k        int // index in p.Dims
	from, u  geom.Point
	n        geom.Point // left normal: the text side
	l        float64
	offset   float64
	textLo   float64 // text extent along the line, from From
	textHi   float64
	tickSide float64 // cross extent of the ticks on either side of the line
	far      float64 // cross extent of the text beyond the line
	span     source.Span
}

// cross is the band's extent across its own line, from its measured line.
func (b dimBand) cross(offset float64) (lo, hi float64) {
	return offset - b.tickSide, offset + b.far
}

// dimOverlap reports hand-written dimensions whose drawn bands (line,
// ticks, text) cross a parallel dimension's band. Each pair is checked
// once, in source order; the later statement gets the finding, at most one
// per statement, against the first it collides with. Dimensions a loop
// made from one statement share a span and are never compared.
func (c *checker) dimOverlap() {
	if len(c.p.Dims) < 2 || c.full(diag.WarnDimOverlap) {
		return
	}
	z := c.dimSizes()
	bands := make([]dimBand, 0, len(c.p.Dims))
	for k, dm := range c.p.Dims {
		if b, ok := layoutDim(k, dm, z); ok {
			bands = append(bands, b)
		}
	}
	// Compared in source order: a loop's dimensions share their
	// statement's place.
	sort.SliceStable(bands, func(x, y int) bool { return bands[x].span.Start < bands[y].span.Start })
	reported := map[source.Span]bool{}
	for x, bi := range bands {
		if !c.spend(len(bands) - x) {
			return
		}
		for _, bj := range bands[x+1:] {
			if reported[bj.span] || bi.span == bj.span || !dimsCollide(bi, bj, bj.offset) {
				continue
			}
			reported[bj.span] = true
			c.add(c.dimOverlapFinding(bi, bj, z))
		}
	}
}

// layoutDim lays dimension k out; false for one that draws no band to
// compare: no length, an offset of zero, a curve call-out, or numbers
// out of range.
func layoutDim(k int, dm ir.Dim, z dimSizes) (dimBand, bool) {
	if dm.Mode == "radius" || dm.Mode == "diameter" || dm.Offset == 0 || !finitePt(dm.From) || !finitePt(dm.To) ||
		math.IsNaN(dm.Offset) || math.IsInf(dm.Offset, 0) {
		return dimBand{}, false
	}
	v := dm.To.Sub(dm.From)
	l := v.Len()
	if !(l > geom.Eps) || math.IsInf(l, 0) {
		return dimBand{}, false
	}
	u := v.Mul(1 / l)
	text := dm.Text
	if text == "" {
		text = numfmt.Fixed(numfmt.HalfAwayTo(l, 2), -1)
	}
	w := float64(len([]rune(text))) * dimGlyphWidth * z.text
	return dimBand{k: k, from: dm.From, u: u, n: geom.Point{X: -u.Y, Y: u.X}, l: l, offset: dm.Offset,
		textLo: l/2 - w/2, textHi: l/2 + w/2, tickSide: z.tick / math.Sqrt2, far: z.textOff + z.text/2, span: dm.Span}, true
}

func finitePt(p geom.Point) bool {
	return !math.IsNaN(p.X) && !math.IsNaN(p.Y) && !math.IsInf(p.X, 0) && !math.IsInf(p.Y, 0)
}

// dimsCollide reports whether b, drawn at offset, overlaps a's band. Both
// must run parallel (either way round).
func dimsCollide(a, b dimBand, offset float64) bool {
	if math.Abs(a.u.Cross(b.u)) > dimParallelTol {
		return false
	}
	// Along a's line, from a.from.
	p, q := b.from.Sub(a.from).Dot(a.u), b.from.Add(b.u.Mul(b.l)).Sub(a.from).Dot(a.u)
	mid, half := (p+q)/2, (b.textHi-b.textLo)/2
	bLo, bHi := math.Min(math.Min(p, q), mid-half), math.Max(math.Max(p, q), mid+half)
	aLo, aHi := math.Min(0, a.textLo), math.Max(a.l, a.textHi)
	if !(bLo < aHi-dimAlongEps && aLo < bHi-dimAlongEps) {
		return false
	}
	// Across a's line.
	base := b.from.Sub(a.from).Dot(a.n)
	lo, hi := b.cross(offset)
	if a.n.Dot(b.n) < 0 {
		lo, hi = -hi, -lo
	}
	lo, hi = base+lo, base+hi
	alo, ahi := a.cross(a.offset)
	return lo < ahi && alo < hi
}

// dimOverlapFinding builds the finding on b, which collides with a, with
// a fix moving b out by the fewest whole tiers that clear a.
func (c *checker) dimOverlapFinding(a, b dimBand, z dimSizes) diag.Diagnostic {
	name, other := quote("dim_"+itoa(b.k+1)), quote("dim_"+itoa(a.k+1))
	d := diag.New(diag.WarnDimOverlap, b.span, "Dimension %s overlaps %s: both sit in one tier (offset %s and offset %s), so their lines and texts are drawn over each other.",
		name, other, num(b.offset), num(a.offset))
	next, ok := clearTier(a, b, z.tier)
	if !ok {
		return d
	}
	d.Hints = []string{"Move it out a tier: offset " + num(next) + " clears the other dimension's line and text."}
	if sp, text, ok := c.offsetEdit(b.span, "offset "+num(next)); ok {
		d.Fixes = []diag.Fix{{Title: "move dimension " + name + " out to offset " + num(next) + ", the nearest clear tier",
			Applicability: "machine-applicable", FixID: "dim-overlap", Edits: []diag.Edit{{Span: sp, NewText: text}}}}
	}
	return d
}

// clearTier is b's offset moved away from its line, keeping its sign, by
// the fewest whole tiers that clear a, rounded to the millimetre.
func clearTier(a, b dimBand, tier float64) (float64, bool) {
	if !(tier > 0) {
		return 0, false
	}
	sign := 1.0
	if b.offset < 0 {
		sign = -1
	}
	for k := 1; k <= maxTierSteps; k++ {
		o := b.offset + sign*float64(k)*tier
		if !dimsCollide(a, b, o) {
			return numfmt.FloorHalf(o), true
		}
	}
	return 0, false
}

// num writes a number as the source would: shortest digits, no trailing
// zeros, never "-0".
func num(v float64) string { return numfmt.Fixed(v, -1) }

var offsetWord = regexp.MustCompile(`\boffset\b`)

// offsetEdit is the edit that makes the dimension statement at sp read
// clause for its offset: the written `offset …` clause replaced, or the
// clause added after the second point when none is written.
func (c *checker) offsetEdit(sp source.Span, clause string) (source.Span, string, bool) {
	text, ok := c.stmt("", sp)
	if !ok {
		return source.Span{}, "", false
	}
	end := afterSecondPoint(text)
	if end < 0 {
		return source.Span{}, "", false
	}
	rest := text[end:]
	if q := indexByte(rest, '"'); q >= 0 {
		rest = rest[:q]
	}
	loc := offsetWord.FindIndex(rest)
	if loc == nil {
		at := sp.Start + end
		return source.Span{Start: at, End: at}, " " + clause, true
	}
	// The clause runs to the text clause or the end of the statement.
	stop := len(rest)
	if t := textWord.FindIndex(rest[loc[1]:]); t != nil {
		stop = loc[1] + t[0]
	}
	for stop > loc[1] && isSpace(rest[stop-1]) {
		stop--
	}
	return source.Span{Start: sp.Start + end + loc[0], End: sp.Start + end + stop}, clause, true
}

var textWord = regexp.MustCompile(`\btext\b`)

// afterSecondPoint is the offset just past the point after "->" in a
// dimension statement, or -1.
func afterSecondPoint(text []byte) int {
	i := 0
	for ; i+1 < len(text); i++ {
		if text[i] == '-' && text[i+1] == '>' {
			break
		}
	}
	if i+1 >= len(text) {
		return -1
	}
	depth := 0
	for j := i + 2; j < len(text); j++ {
		switch text[j] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return j + 1
			}
		case '"':
			return -1
		}
	}
	return -1
}

func indexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// dimSizes are the storey's dimension sizes.
func (c *checker) dimSizes() dimSizes {
	st := c.p.Settings
	if w, h, _, ok := st.SheetSize(); ok {
		d := st.ScaleDenom
		if !(d > 0) || math.IsInf(d, 0) {
			d = c.autoScale(w, h, st)
		}
		return dimSizes{tier: dimTierSheet * d, text: dimTextSheet * d, textOff: dimTextOffSheet * d, tick: dimTickSheet * d}
	}
	s := float64(dimDefaultRef)
	if b, ok := c.dimExtent(); ok {
		if m := math.Max(b.W(), b.H()); m > 0 && !math.IsInf(m, 0) {
			s = m
		}
	}
	return dimSizes{tier: dimTierFrac * s, text: dimTextFrac * s, textOff: dimTextOffFrac * s, tick: dimTickFrac * s}
}

// dimExtent is the box around the walls' vertices, the rooms' corners and
// the dimensions' measured points.
func (c *checker) dimExtent() (geom.Rect, bool) {
	var box geom.Bounds
	add := func(q geom.Point) {
		if finitePt(q) {
			box.Add(q)
		}
	}
	for _, w := range c.p.Walls {
		for _, q := range w.Points {
			add(q)
		}
	}
	for _, rm := range c.p.Rooms {
		for _, q := range rm.Polygon {
			add(q)
		}
	}
	for _, dm := range c.p.Dims {
		add(dm.From)
		add(dm.To)
	}
	return box.Rect, box.OK
}

// autoScale is the finest scale whose sheet holds the building (walls
// with their thickness, and rooms).
func (c *checker) autoScale(w, h float64, st ir.Settings) float64 {
	var box geom.Bounds
	add := box.AddRect
	for _, w := range c.p.Walls {
		t := geom.Point{X: w.Thickness / 2, Y: w.Thickness / 2}
		for _, q := range w.Points {
			if finitePt(q) {
				add(geom.Rect{Min: q.Sub(t), Max: q.Add(t)})
			}
		}
	}
	for _, rm := range c.p.Rooms {
		for _, q := range rm.Polygon {
			if finitePt(q) {
				add(geom.Rect{Min: q, Max: q})
			}
		}
	}
	d, _ := ir.AutoScale(w, h, box.Rect.W(), box.Rect.H(), st.DimsAuto != "")
	return d
}
