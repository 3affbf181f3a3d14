package svg

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/internal/vocab"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// Door part sizes as fractions of the host wall's thickness t.
const (
	barnTrack    = 0.05  // track line, beyond the wall face
	barnGap      = 0.1   // panel's near side, beyond the wall face
	barnFar      = 0.45  // panel's far side, beyond the wall face
	barnLen      = 1.1   // panel length, in door widths
	barnTrackLen = 2.0   // track length, in door widths
	slideTrack   = 0.15  // sliding door tracks, either side of the centreline
	slideNear    = 0.05  // sliding panel near side, from the centreline
	slideFar     = 0.25  // sliding panel far side
	slideLen     = 0.55  // sliding panel length, in door widths
	pocketHalf   = 0.125 // pocket panel and cavity, either side of the centreline
	pocketEnd    = 0.05  // pocket panel clearance at each jamb
	foldHalf     = 0.1   // bifold leaf half thickness
	foldHinge    = 0.25  // bifold fold hinge radius
	dashOn       = 4     // dash length, in pens
	dashOff      = 3     // dash gap, in pens
	quarterTurn  = 90.0  // degrees in a quarter turn
	glazeExtra   = 1.0   // window mask overhang beyond the wall face, in wall pens
)

// doorFrame is an opening's geometry on its host segment.
type doorFrame struct {
	a, b geom.Point // jambs on the centreline, a toward the segment start
	d, n geom.Point // unit direction and left normal
	h, t float64    // half thickness and thickness of the wall
	w    float64
}

func (r *renderer) frame(o ir.Opening) (doorFrame, bool) { return r.frameOn(o, r.host(o)) }

// frameMemo is one opening's frame, once worked out.
type frameMemo struct {
	f        doorFrame
	ok, done bool
}

// frameAt is the frame of opening oi of the plan, worked out once per
// drawing (the symbols, the label obstacles and the facade chains all ask
// for it).
func (r *renderer) frameAt(oi int) (doorFrame, bool) {
	if r.frames == nil {
		r.frames = reuse(r.sc.frames, len(r.p.Openings))
		r.sc.frames = r.frames
	}
	m := &r.frames[oi]
	if !m.done {
		m.f, m.ok = r.frameOn(r.p.Openings[oi], r.hostAt(oi))
		m.done = true
	}
	return m.f, m.ok
}

// frameOn is the frame of opening o hosted by segment sg (nil when it has
// none).
func (r *renderer) frameOn(o ir.Opening, sg *wallSeg) (doorFrame, bool) {
	if sg == nil {
		return doorFrame{}, false
	}
	d, n := sg.Dir(), sg.Normal()
	// On a straight wall the opening is drawn where it was written, along
	// the wall: a point off the centreline moves the symbol with it (the
	// wall's cut still spans the point's projection).
	mid := o.Center
	if !finite(mid) {
		c, _ := geom.Segment{A: sg.A, B: sg.B}.Project(o.Center)
		mid = sg.A.Add(d.Mul(c))
	}
	if sg.Arc != nil {
		// On a curve the opening is drawn square to the arc: along the
		// tangent at the point of the arc nearest its centre.
		t := sg.ArcParam(o.Center)
		mid = sg.ArcAt(t, sg.Arc.Radius)
		d = sg.ArcTangent(t)
		n = geom.Point{X: -d.Y, Y: d.X}
	}
	if o.OffWall {
		// An opening off every wall is drawn where it was written, square
		// to the nearest wall.
		mid = o.Center
	}
	return doorFrame{
		a: mid.Sub(d.Mul(o.Width / 2)), b: mid.Add(d.Mul(o.Width / 2)),
		d: d, n: n, h: sg.H, t: 2 * sg.H, w: o.Width,
	}, true
}

// at is the point k mm along the opening from jamb a, off mm along the normal.
func (f doorFrame) at(k, off float64) geom.Point { return f.a.Add(f.d.Mul(k)).Add(f.n.Mul(off)) }

// rect is the quadrilateral between along-positions k0..k1 and offsets o0..o1.
func (f doorFrame) rect(dst []geom.Point, k0, k1, o0, o1 float64) []geom.Point {
	return append(dst, f.at(k0, o0), f.at(k1, o0), f.at(k1, o1), f.at(k0, o1))
}

func (r *renderer) dash() string {
	if r.dashMemo == "" {
		r.dashMemo = ` stroke-dasharray="` + num(dashOn*r.pen) + " " + num(dashOff*r.pen) + `"`
	}
	return r.dashMemo
}

func (r *renderer) drawDoors() {
	for oi, o := range r.p.Openings {
		if o.Kind == ir.Window {
			continue
		}
		f, ok := r.frameAt(oi)
		if !ok {
			continue
		}
		if sg := r.hostAt(oi); r.anyAngled || r.curvedWall[sg.Wall] {
			// Walls drawn segment by segment are not cut (see cuts): mask
			// the reveal instead. Once any straight wall is slanted every
			// door is masked so, even in a joined and cut wall of another
			// hatch (probed).
			m := f.h + glazeExtra*r.z.wallPen
			r.poly(f.rect(r.pts[:0], 0, f.w, m, -m), r.join(`fill="`, r.pal.paper, `"`))
		} else {
			r.poly(f.rect(r.pts[:0], 0, f.w, f.h, -f.h), `fill="none"`)
		}
		if o.Kind != ir.Door {
			at := r.join(r.stroke(r.pal.wall, r.pen), r.dash(), "")
			r.b.line(f.at(0, f.h), f.at(f.w, f.h), at)
			r.b.line(f.at(0, -f.h), f.at(f.w, -f.h), at)
			continue
		}
		switch o.DoorKind {
		case vocab.Sliding:
			r.slidingDoor(o, f)
		case vocab.Pocket:
			r.pocketDoor(o, f)
		case vocab.Barn:
			r.barnDoor(o, f)
		case vocab.Bifold:
			r.bifoldDoor(o, f)
		default:
			r.hingedDoor(o, f)
		}
	}
}

// side is +1 when a door swings (or hangs, or folds) to the left normal.
func side(o ir.Opening) float64 {
	if o.Swing == vocab.Out {
		return -1
	}
	return 1
}

// openness is the drawn fraction open, clamped to [0,1].
func openness(o ir.Opening) float64 {
	v := o.Open
	if math.IsNaN(v) || v < 0 {
		return 0
	}
	return math.Min(v, 1)
}

func (r *renderer) hingedDoor(o ir.Opening, f doorFrame) {
	hinge, jamb := f.a, f.b
	if o.Hinge == vocab.Right {
		hinge, jamb = f.b, f.a
	}
	end := hinge.Add(f.n.Mul(side(o) * f.w))
	r.b.line(hinge, end, r.stroke(r.pal.door, penLeaf*r.pen))
	sweep := "0"
	if end.Sub(hinge).Cross(jamb.Sub(hinge)) > 0 {
		sweep = "1"
	}
	b := &r.b
	b.WriteString(`<path d="M `)
	b.pair(end)
	b.WriteString(" A ")
	b.num(f.w)
	b.byte(' ')
	b.num(f.w)
	b.s(" 0 0 ", sweep, " ")
	b.pair(jamb)
	b.s(`" fill="none"`, r.strokeOpt(r.pal.door, r.pen), r.dash(), "/>\n")
}

func (r *renderer) slidingDoor(o ir.Opening, f doorFrame) {
	at := r.stroke(r.pal.door, r.pen)
	r.b.line(f.at(0, slideTrack*f.t), f.at(f.w, slideTrack*f.t), at)
	r.b.line(f.at(0, -slideTrack*f.t), f.at(f.w, -slideTrack*f.t), at)
	pl := slideLen * f.w
	travel := openness(o) * (f.w - pl)
	fill := r.join(r.join(`fill="`, r.pal.paper, `" `), at, "")
	if o.Slide == vocab.Right {
		r.poly(f.rect(r.pts[:0], f.w-pl, f.w, slideNear*f.t, slideFar*f.t), fill)
		// Each leaf's corners start from its face nearer the -n side.
		r.poly(f.rect(r.pts[:0], travel, travel+pl, -slideFar*f.t, -slideNear*f.t), fill)
		return
	}
	r.poly(f.rect(r.pts[:0], 0, pl, -slideFar*f.t, -slideNear*f.t), fill)
	k := f.w - pl - travel
	r.poly(f.rect(r.pts[:0], k, k+pl, slideNear*f.t, slideFar*f.t), fill)
}

func (r *renderer) pocketDoor(o ir.Opening, f doorFrame) {
	at := r.stroke(r.pal.door, r.pen)
	e := pocketHalf * f.t
	shift := openness(o) * f.w
	lo, hi := pocketEnd*f.t, f.w-pocketEnd*f.t
	if o.Slide == vocab.Right {
		r.b.line(f.at(f.w, e), f.at(2*f.w, e), at)
		r.b.line(f.at(f.w, -e), f.at(2*f.w, -e), at)
		r.poly(f.rect(r.pts[:0], lo+shift, hi+shift, -e, e), r.join(r.join(`fill="`, r.pal.paper, `" `), at, ""))
		return
	}
	r.b.line(f.at(0, e), f.at(-f.w, e), at)
	r.b.line(f.at(0, -e), f.at(-f.w, -e), at)
	// The panel's corners run from the -e face either way it slides.
	r.poly(f.rect(r.pts[:0], lo-shift, hi-shift, -e, e), r.join(r.join(`fill="`, r.pal.paper, `" `), at, ""))
}

func (r *renderer) barnDoor(o ir.Opening, f doorFrame) {
	at := r.stroke(r.pal.door, r.pen)
	r.b.line(f.at(0, f.h), f.at(f.w, f.h), r.join(at, r.dash(), ""))
	r.b.line(f.at(0, -f.h), f.at(f.w, -f.h), r.join(at, r.dash(), ""))
	sd := side(o)
	track := sd * (f.h + barnTrack*f.t)
	pl := barnLen * f.w
	k0 := f.w/2 - pl/2
	shift := openness(o) * f.w
	if o.Slide == vocab.Right {
		r.b.line(f.at(0, track), f.at(barnTrackLen*f.w, track), at)
		k0 += shift
	} else {
		r.b.line(f.at(f.w, track), f.at(f.w-barnTrackLen*f.w, track), at)
		k0 -= shift
	}
	// The panel's corners start from its lower offset, whichever side it
	// hangs on.
	o0, o1 := sd*(f.h+barnGap*f.t), sd*(f.h+barnFar*f.t)
	if o0 > o1 {
		o0, o1 = o1, o0
	}
	r.poly(f.rect(r.pts[:0], k0, k0+pl, o0, o1), r.join(r.join(`fill="`, r.pal.paper, `" `), at, ""))
}

func (r *renderer) bifoldDoor(o ir.Opening, f doorFrame) {
	at := r.stroke(r.pal.door, r.pen)
	r.b.line(f.a, f.b, r.join(at, r.dash(), ""))
	theta := openness(o) * quarterTurn * math.Pi / 180
	leaf := f.w / 2
	start, along := f.a, f.d
	if o.Slide == vocab.Right {
		start, along = f.b, f.d.Mul(-1)
	}
	out := f.n.Mul(side(o))
	u := along.Mul(math.Cos(theta)).Add(out.Mul(math.Sin(theta)))
	fold := start.Add(u.Mul(leaf))
	back := start.Add(along.Mul(2 * leaf * math.Cos(theta)))
	half := foldHalf * f.t
	for _, lf := range [][2]geom.Point{{start, fold}, {fold, back}} {
		dv := lf[1].Sub(lf[0]).Unit()
		m := geom.Point{X: -dv.Y, Y: dv.X}.Mul(half)
		r.b.polygon([]geom.Point{lf[0].Sub(m), lf[1].Sub(m), lf[1].Add(m), lf[0].Add(m)}, r.join(r.join(`fill="`, r.pal.paper, `" `), at, ""))
	}
	r.b.circle(fold, foldHinge*f.t, `" fill="`, r.pal.paper, `" `, at, "/>\n")
}

func (r *renderer) drawWindows() {
	for oi, o := range r.p.Openings {
		if o.Kind != ir.Window {
			continue
		}
		f, ok := r.frameAt(oi)
		if !ok {
			continue
		}
		m := f.h + glazeExtra*r.z.wallPen
		r.poly(f.rect(r.pts[:0], 0, f.w, m, -m), r.join(`fill="`, r.pal.paper, `"`))
		at := r.stroke(r.pal.wall, r.pen)
		r.b.line(f.at(0, f.h), f.at(f.w, f.h), at)
		r.b.line(f.at(0, -f.h), f.at(f.w, -f.h), at)
		r.b.line(f.a, f.b, r.stroke(r.pal.glass, r.pen))
	}
}
