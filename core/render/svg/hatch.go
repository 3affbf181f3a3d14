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

// hatchKinds are the pattern ids the walls use, each once in the order
// its first wall comes, and kindOf[wi] is wall wi's (an index into ids).
// They are worked out once per drawing (see wallKinds).
type hatchKinds struct {
	ids    []string
	kindOf []int32
}

// maxKindScan is how many pattern ids are told apart by a scan of the list
// before a map is built: plans use a handful.
const maxKindScan = 16

// wallKinds is the walls' pattern ids, worked out on first use.
func (r *renderer) wallKinds() *hatchKinds {
	if r.kinds != nil {
		return r.kinds
	}
	hk := &hatchKinds{kindOf: make([]int32, len(r.p.Walls))}
	var byID map[string]int32
	// Walls come in runs sharing a hatch: the id is looked up again only
	// when the hatch changes.
	last, lastK := hatch{}, int32(-1)
	for wi := range r.p.Walls {
		h := r.hatchOf(wi)
		if lastK < 0 || h != last {
			id := h.id()
			k := int32(-1)
			if byID != nil {
				if kk, ok := byID[id]; ok {
					k = kk
				}
			} else {
				for kk, have := range hk.ids {
					if have == id {
						k = int32(kk)
						break
					}
				}
			}
			if k < 0 {
				k = int32(len(hk.ids))
				hk.ids = append(hk.ids, id)
				if byID != nil {
					byID[id] = k
				} else if len(hk.ids) > maxKindScan {
					byID = make(map[string]int32, 2*len(hk.ids))
					for kk, have := range hk.ids {
						byID[have] = int32(kk)
					}
				}
			}
			last, lastK = h, k
		}
		hk.kindOf[wi] = lastK
	}
	r.kinds = hk
	return hk
}

// hatchID is wall wi's pattern id (hatchOf(wi).id()).
func (r *renderer) hatchID(wi int) string {
	hk := r.wallKinds()
	return hk.ids[hk.kindOf[wi]]
}

// hatchGroups splits the wall segments by hatch, ordered by material name
// and then pattern id. A group's hatch is its first segment's.
func (r *renderer) hatchGroups(only []int) []hatchGroup {
	hk := r.wallKinds()
	// at[k] is 1 + the group of kind k, 0 before its first segment;
	// count[g] is group g's segments.
	at := make([]int32, len(hk.ids))
	var gs []hatchGroup
	var count []int
	for _, i := range only {
		wi := r.segs[i].Wall
		k := hk.kindOf[wi]
		if at[k] == 0 {
			gs = append(gs, hatchGroup{h: r.hatchOf(wi), id: hk.ids[k]})
			count = append(count, 0)
			at[k] = int32(len(gs))
		}
		count[at[k]-1]++
	}
	// The groups' lists share one array, filled in the order given.
	flat := make([]int, len(only))
	for gi, n := range count {
		gs[gi].segs, flat = flat[:0:n], flat[n:]
	}
	for _, i := range only {
		g := &gs[at[hk.kindOf[r.segs[i].Wall]]-1]
		g.segs = append(g.segs, i)
	}
	slices.SortStableFunc(gs, func(a, b hatchGroup) int {
		if a.h.material != b.h.material {
			return strings.Compare(a.h.material, b.h.material)
		}
		return strings.Compare(a.id, b.id)
	})
	return gs
}

// allGroups is hatchGroups of every segment, worked out once.
func (r *renderer) allGroups() []hatchGroup {
	if r.groupsMemo == nil {
		r.groupsMemo = r.hatchGroups(allSegs(len(r.segs)))
	}
	return r.groupsMemo
}

// patterns writes the <pattern> of every hatch in use (the default poché
// always), in group order.
func (r *renderer) patterns() {
	for _, g := range r.allGroups() {
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
		b.two(`<line x1="`, x1, `" y1="`, y1)
		b.two(`" x2="`, x2, `" y2="`, y2)
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
			b.two(`<circle cx="`, d[0]*sz, `" cy="`, d[1]*sz)
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
