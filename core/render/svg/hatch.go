package svg

import (
	"math"
	"slices"
	"strings"
)

// hatch is one wall material's fill pattern.
type hatch struct {
	material     string // poche, concrete, brick, insulation, tile, none
	scale, angle float64
}

// Tile sizes of the hatch patterns, in hatch pitches.
const (
	brickW      = 3.0
	brickH      = 1.4
	concreteS   = 1.6
	insulationS = 1.2
	tileS       = 1.8
	pocheAngle  = 45.0
	brickPen    = 0.6
	tilePen     = 0.6
	insulPen    = 0.5
)

// concreteDots are the aggregate dots of the concrete tile: centre (in
// tile sizes) and radius (in pens).
var concreteDots = [][3]float64{{0.25, 0.3, 0.9}, {0.7, 0.62, 0.6}, {0.45, 0.85, 0.75}}

var knownMaterials = map[string]bool{"poche": true, "concrete": true, "brick": true, "insulation": true, "tile": true, "none": true}

// id is the pattern's element id: "poche" for the default hatch, else
// "hatch-<material>", with "-s<scale>" and "-a<angle>" when tuned.
func (h hatch) id() string {
	id := "poche"
	if h.material != "poche" {
		id = "hatch-" + h.material
	}
	if h.scale != 1 {
		id += "-s" + strings.ReplaceAll(num(h.scale), ".", "_")
	}
	if h.angle != 0 {
		id += "-a" + strings.ReplaceAll(strings.ReplaceAll(num(h.angle), ".", "_"), "-", "m")
	}
	return id
}

// hatchOf is wall wi's hatch, defaults applied.
func (r *renderer) hatchOf(wi int) hatch {
	h := hatch{material: "poche", scale: 1}
	if wi < 0 || wi >= len(r.p.Walls) {
		return h
	}
	wl := r.p.Walls[wi]
	if knownMaterials[wl.Material] {
		h.material = wl.Material
	}
	if sc := wl.MaterialScale; sc > 0 && sc < maxHatchScale {
		h.scale = sc
	}
	if a := wl.MaterialAngle; !math.IsNaN(a) && math.Abs(a) < maxCoord {
		h.angle = a
	}
	return h
}

// maxHatchScale bounds a hatch tile multiplier.
const maxHatchScale = 1000

// hatchGroup is the wall segments sharing one hatch.
type hatchGroup struct {
	h    hatch
	id   string // h.id()
	segs []int
}

// hatchGroups splits the wall segments by hatch, ordered by material name
// and then pattern id.
func (r *renderer) hatchGroups(only []int) []hatchGroup {
	idx := map[string]int{}
	var gs []hatchGroup
	// A wall's segments come together and share its hatch: the last
	// hatch's group is looked up again only when the hatch changes.
	last, lastK := hatch{}, -1
	for _, i := range only {
		sg := r.segs[i]
		h := r.hatchOf(sg.Wall)
		k := lastK
		if k < 0 || h != last {
			id := h.id()
			var ok bool
			if k, ok = idx[id]; !ok {
				k = len(gs)
				idx[id] = k
				gs = append(gs, hatchGroup{h: h, id: id})
			}
			last, lastK = h, k
		}
		gs[k].segs = append(gs[k].segs, i)
	}
	slices.SortStableFunc(gs, func(a, b hatchGroup) int {
		if a.h.material != b.h.material {
			return strings.Compare(a.h.material, b.h.material)
		}
		return strings.Compare(a.id, b.id)
	})
	return gs
}

// patterns writes the <pattern> of every hatch in use (the default poché
// always), in group order.
func (r *renderer) patterns() {
	for _, g := range r.hatchGroups(allSegs(len(r.segs))) {
		r.pattern(&r.b, g.h)
	}
}

// pattern writes hatch h's <pattern>.
func (r *renderer) pattern(b *w, h hatch) {
	p := r.hatchPitch() * h.scale
	fill, line := r.pal.hatchFill, r.pal.hatchLine
	open := func(wd, ht, rot float64) {
		b.s(`<pattern id="`, h.id(), `" patternUnits="userSpaceOnUse" width="`)
		b.num(wd)
		b.WriteString(`" height="`)
		b.num(ht)
		b.byte('"')
		if rot != 0 {
			b.WriteString(` patternTransform="rotate(`)
			b.num(rot)
			b.WriteString(`)"`)
		}
		b.WriteString(`><rect width="`)
		b.num(wd)
		b.WriteString(`" height="`)
		b.num(ht)
		b.s(`" fill="`, fill, `"/>`)
	}
	ln := func(x1, y1, x2, y2, pen float64) {
		b.WriteString(`<line x1="`)
		b.num(x1)
		b.WriteString(`" y1="`)
		b.num(y1)
		b.WriteString(`" x2="`)
		b.num(x2)
		b.WriteString(`" y2="`)
		b.num(y2)
		b.s(`" `, stroke(line, pen), `/>`)
	}
	switch h.material {
	case "brick":
		w, ht := brickW*p, brickH*p
		pw := brickPen * r.pen
		open(w, ht, h.angle)
		ln(0, ht, w, ht, pw)
		ln(0, ht/2, w, ht/2, pw)
		ln(w/2, 0, w/2, ht/2, pw)
		ln(0, ht/2, 0, ht, pw)
		ln(w, ht/2, w, ht, pw)
	case "concrete":
		sz := concreteS * p
		open(sz, sz, h.angle)
		for _, d := range concreteDots {
			b.WriteString(`<circle cx="`)
			b.num(d[0] * sz)
			b.WriteString(`" cy="`)
			b.num(d[1] * sz)
			b.WriteString(`" r="`)
			b.num(d[2] * r.pen)
			b.s(`" fill="`, line, `"/>`)
		}
	case "insulation":
		sz := insulationS * p
		open(sz, sz, h.angle)
		b.WriteString(`<path d="M0,0 L`)
		b.num(sz)
		b.byte(',')
		b.num(sz)
		b.WriteString(` M`)
		b.num(sz)
		b.WriteString(`,0 L0,`)
		b.num(sz)
		b.s(`" `, stroke(line, insulPen*r.pen), ` fill="none"/>`)
	case "tile":
		sz := tileS * p
		open(sz, sz, h.angle)
		b.WriteString(`<rect x="0" y="0" width="`)
		b.num(sz)
		b.WriteString(`" height="`)
		b.num(sz)
		b.s(`" fill="none" `, stroke(line, tilePen*r.pen), `/>`)
	case "none":
		open(p, p, h.angle)
	default:
		open(p, p, pocheAngle+h.angle)
		ln(0, 0, 0, p, penExt*r.pen)
	}
	b.WriteString(`</pattern>`)
}

// hatchPitch is the poché line spacing.
func (r *renderer) hatchPitch() float64 { return r.z.hatch }
