package svg

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// circleSegments is how many straight sides approximate a round symbol part.
const circleSegments = 24

// cornerSteps is how many straight sides approximate a rounded corner.
const cornerSteps = 4

// Fixture symbol proportions. u runs along the fixture's back (its width
// when unrotated), v is its depth, m is the smaller of the two.
const (
	sinkMargin    = 0.14 // of m: bowl inset and the gap between bowls
	sinkBowlTop   = 0.12 // of v, below the margin
	tapTop        = 0.08 // of v
	tapBot        = 0.2  // of v
	counterNosing = 0.82 // of v
	stoveRingAt   = 0.3  // of u and v, from either side
	stoveRing     = 0.16 // of m
	fridgeDoor    = 0.36 // of v
	fridgeHandleX = 0.86 // of u
	fridgeHandleT = 0.12 // of v
	fridgeHandleB = 0.28 // of v
	wcCistern     = 0.22 // of v
	wcBowlX       = 0.4  // of u
	wcBowlAt      = 0.52 // of the depth in front of the cistern
	wcBowlY       = 0.46 // of the depth in front of the cistern
	basinAt       = 0.56 // of v
	basinX        = 0.34 // of u
	basinY        = 0.32 // of v
	basinTap      = 0.1  // of v
	showerDrain   = 0.08 // of m
	tubCorner     = 0.18 // of m
	tubInset      = 0.14 // of m
	tubInner      = 0.12 // of m
	tubDrainAt    = 0.07 // of u
	tubDrain      = 0.05 // of m
)

// fixtureKinds maps every catalogue name and alias that draws a symbol to
// its symbol.
var fixtureKinds = map[string]string{
	"wc": "wc", "toilet": "wc",
	"basin": "basin", "sink": "kitchen_sink",
	"shower":  "shower",
	"bathtub": "bathtub", "bath": "bathtub", "tub": "bathtub",
	"kitchen_sink": "kitchen_sink",
	"counter":      "counter", "worktop": "counter",
	"stove": "stove", "hob": "stove", "cooktop": "stove", "oven": "stove",
	"fridge": "fridge", "refrigerator": "fridge",
}

// local maps fixture-local coordinates (u along the back, v into the room)
// onto the plan for one of the four quarter-turns.
type local struct {
	r    geom.Rect
	turn int // 0..3 quarter turns clockwise
	u, v float64
}

func newLocal(f ir.Furniture) local {
	t := int(math.Round(f.Rotate/quarterTurn)) % 4
	if t < 0 {
		t += 4
	}
	l := local{r: f.Rect, turn: t, u: f.Rect.W(), v: f.Rect.H()}
	if t%2 == 1 {
		l.u, l.v = l.v, l.u
	}
	return l
}

func (l local) pt(u, v float64) geom.Point {
	r := l.r
	switch l.turn {
	case 1:
		return geom.Point{X: r.Max.X - v, Y: r.Min.Y + u}
	case 2:
		return geom.Point{X: r.Max.X - u, Y: r.Max.Y - v}
	case 3:
		return geom.Point{X: r.Min.X + v, Y: r.Max.Y - u}
	}
	return geom.Point{X: r.Min.X + u, Y: r.Min.Y + v}
}

// rect, ellipse and rounded append their outlines to dst.

func (l local) rect(dst []geom.Point, u0, v0, u1, v1 float64) []geom.Point {
	return append(dst, l.pt(u0, v0), l.pt(u1, v0), l.pt(u1, v1), l.pt(u0, v1))
}

func (l local) ellipse(dst []geom.Point, cu, cv, ru, rv float64) []geom.Point {
	for i := range circleSegments {
		dst = append(dst, l.pt(cu+ru*ellipseCos[i], cv+rv*ellipseSin[i]))
	}
	return dst
}

// ellipseCos and ellipseSin are the cosines and sines of an ellipse's
// circleSegments angles, 2π·i/circleSegments, worked out once.
var ellipseCos, ellipseSin = func() (c, s [circleSegments]float64) {
	for i := range circleSegments {
		a := 2 * math.Pi * float64(i) / circleSegments
		c[i], s[i] = math.Cos(a), math.Sin(a)
	}
	return c, s
}()

// cornerCos and cornerSin are the cosines and sines of a rounded
// rectangle's corner angles, corner by corner (starting at -90°, 0°, 90°
// and 180°), worked out once.
var cornerCos, cornerSin = func() (c, s [4][cornerSteps + 1]float64) {
	for q, start := range [4]float64{-90, 0, 90, 180} {
		for k := 0; k <= cornerSteps; k++ {
			a := (start + quarterTurn*float64(k)/cornerSteps) * math.Pi / 180
			c[q][k], s[q][k] = math.Cos(a), math.Sin(a)
		}
	}
	return c, s
}()

// rounded is a rectangle with corner radius rad, corners walked clockwise
// from the top-right one.
func (l local) rounded(pts []geom.Point, u0, v0, u1, v1, rad float64) []geom.Point {
	corners := [4][2]float64{ // centre u, centre v; start angles -90°, 0°, 90°, 180° (cornerCos)
		{u1 - rad, v0 + rad}, {u1 - rad, v1 - rad}, {u0 + rad, v1 - rad}, {u0 + rad, v0 + rad},
	}
	for q, c := range corners {
		for k := 0; k <= cornerSteps; k++ {
			pts = append(pts, l.pt(c[0]+rad*cornerCos[q][k], c[1]+rad*cornerSin[q][k]))
		}
	}
	return pts
}

func (r *renderer) drawFurniture() {
	for _, f := range r.p.Furniture {
		if !finite(f.Rect.Min) || !finite(f.Rect.Max) {
			continue
		}
		r.drawPiece(f)
	}
}

// pieceAttrs are the attributes every piece of furniture is drawn with,
// built for the first piece of a drawing.
type pieceAttrs struct {
	body  string // the footprint and solid parts
	white string // the parts filled with paper
	label string // a plain piece's name
}

// drawPiece draws one piece of furniture: its fixture symbol, or a
// labelled rectangle.
func (r *renderer) drawPiece(f ir.Furniture) {
	{
		l := newLocal(f)
		if r.piece.body == "" {
			r.piece = pieceAttrs{
				body:  `fill="` + r.pal.furnFill + `"` + r.strokeOpt(r.pal.furnLine, r.pen),
				white: `fill="` + r.pal.paper + `" ` + r.stroke(r.pal.furnLine, r.pen),
				label: `font-size="` + num(r.z.furnText) + `" fill="` + r.pal.furnText + `" text-anchor="middle" dominant-baseline="central"`,
			}
		}
		body, white := r.piece.body, r.piece.white
		ln := r.stroke(r.pal.furnLine, r.pen)
		u, v := l.u, l.v
		m := math.Min(u, v)
		kind := fixtureKinds[f.Type]
		switch kind {
		case "bathtub":
			r.poly(l.rounded(r.pts[:0], 0, 0, u, v, tubCorner*m), body)
		case "shower":
			r.poly(l.rect(r.pts[:0], 0, 0, u, v), white)
		case "wc":
			// The pan and cistern are the whole symbol; no footprint box.
		default:
			r.poly(l.rect(r.pts[:0], 0, 0, u, v), body)
		}
		switch kind {
		case "kitchen_sink":
			// The bowls stop the margin g short of the front, and start
			// 0.12 of the depth past the margin at the back, where the tap
			// is (probed on deep sinks, 1400 x 1800 and 1000 x 2000, whose
			// margin comes from the width; on a wide sink this is the old
			// 0.26 to 0.86 of the depth).
			g := sinkMargin * m
			bw := (u - 3*g) / 2
			top, bot := g+sinkBowlTop*v, v-g
			r.poly(l.rect(r.pts[:0], g, top, g+bw, bot), white)
			r.poly(l.rect(r.pts[:0], 2*g+bw, top, u-g, bot), white)
			r.b.line(l.pt(u/2, tapTop*v), l.pt(u/2, tapBot*v), ln)
		case "counter":
			r.b.line(l.pt(0, counterNosing*v), l.pt(u, counterNosing*v), ln)
		case "stove":
			rad := stoveRing * m
			for _, cu := range []float64{stoveRingAt * u, (1 - stoveRingAt) * u} {
				for _, cv := range []float64{stoveRingAt * v, (1 - stoveRingAt) * v} {
					r.poly(l.ellipse(r.pts[:0], cu, cv, rad, rad), white)
				}
			}
		case "fridge":
			r.b.line(l.pt(0, fridgeDoor*v), l.pt(u, fridgeDoor*v), ln)
			r.b.line(l.pt(fridgeHandleX*u, fridgeHandleT*v), l.pt(fridgeHandleX*u, fridgeHandleB*v), ln)
		case "wc":
			c := wcCistern * v
			r.poly(l.rect(r.pts[:0], 0, 0, u, c), body)
			rest := v - c
			r.poly(l.ellipse(r.pts[:0], u/2, c+wcBowlAt*rest, wcBowlX*u, wcBowlY*rest), white)
		case "basin":
			cv, rv := basinAt*v, basinY*v
			r.poly(l.ellipse(r.pts[:0], u/2, cv, basinX*u, rv), white)
			r.b.line(l.pt(u/2, basinTap*v), l.pt(u/2, cv-rv), ln)
		case "shower":
			r.b.line(l.pt(0, 0), l.pt(u, v), ln)
			r.b.line(l.pt(u, 0), l.pt(0, v), ln)
			d := showerDrain * m
			r.poly(l.ellipse(r.pts[:0], u/2, v/2, d, d), body)
		case "bathtub":
			in := tubInset * m
			r.poly(l.rounded(r.pts[:0], in, in, u-in, v-in, tubInner*m), white)
			d := tubDrain * m
			r.poly(l.ellipse(r.pts[:0], tubDrainAt*u, v/2, d, d), `fill="`+r.pal.furnLine+`" `+ln)
		default:
			if f.Label != "" {
				c := f.Rect.Center()
				r.b.text(c, r.piece.label, f.Label)
				r.b.s("\n")
			}
		}
	}
}
