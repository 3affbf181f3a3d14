// Package geom is plane geometry in millimetres: value types only.
// The y axis points down the sheet, as in SVG.
package geom

import "math"

// Eps is the one tolerance used for geometric comparisons, in millimetres.
const Eps = 1e-6

// Point is a position (or a vector) in mm.
type Point struct{ X, Y float64 }

// Add returns p+q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Sub returns p-q.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y} }

// Mul scales p by k.
func (p Point) Mul(k float64) Point { return Point{p.X * k, p.Y * k} }

// Dot is the dot product.
func (p Point) Dot(q Point) float64 { return p.X*q.X + p.Y*q.Y }

// Cross is the z component of the cross product.
func (p Point) Cross(q Point) float64 { return p.X*q.Y - p.Y*q.X }

// Len is the vector's length.
func (p Point) Len() float64 { return math.Hypot(p.X, p.Y) }

// Unit returns p scaled to length 1 (the zero vector stays zero).
func (p Point) Unit() Point {
	l := p.Len()
	if l == 0 {
		return p
	}
	return Point{p.X / l, p.Y / l}
}

// ApproxEqual reports whether p and q are within Eps of each other.
func (p Point) ApproxEqual(q Point) bool {
	return math.Abs(p.X-q.X) <= Eps && math.Abs(p.Y-q.Y) <= Eps
}

// Rect is an axis-aligned rectangle: Min is the top-left corner.
type Rect struct{ Min, Max Point }

// RectXYWH builds a rectangle from its top-left corner and size.
func RectXYWH(x, y, w, h float64) Rect { return Rect{Point{x, y}, Point{x + w, y + h}} }

// W is the width.
func (r Rect) W() float64 { return r.Max.X - r.Min.X }

// H is the height.
func (r Rect) H() float64 { return r.Max.Y - r.Min.Y }

// Center is the rectangle's centre.
func (r Rect) Center() Point { return Point{(r.Min.X + r.Max.X) / 2, (r.Min.Y + r.Max.Y) / 2} }

// Union returns the smallest rectangle covering r and s.
func (r Rect) Union(s Rect) Rect {
	return Rect{
		Point{min(r.Min.X, s.Min.X), min(r.Min.Y, s.Min.Y)},
		Point{max(r.Max.X, s.Max.X), max(r.Max.Y, s.Max.Y)},
	}
}

// Segment is a straight line from A to B.
type Segment struct{ A, B Point }

// Len is the segment's length.
func (s Segment) Len() float64 { return s.B.Sub(s.A).Len() }

// At returns the point at distance d from A along the segment.
func (s Segment) At(d float64) Point { return s.A.Add(s.B.Sub(s.A).Unit().Mul(d)) }

// Project returns the distance along s of the foot of the perpendicular from p,
// and the distance from p to that foot (the foot is not clamped to the segment).
func (s Segment) Project(p Point) (along, off float64) {
	u := s.B.Sub(s.A).Unit()
	v := p.Sub(s.A)
	along = v.Dot(u)
	off = math.Abs(v.Cross(u))
	return
}

// Polygon is a closed ring of vertices (the last joins the first).
type Polygon []Point

// Area is the polygon's unsigned area (shoelace formula).
func (pg Polygon) Area() float64 {
	var a float64
	for i := range pg {
		j := (i + 1) % len(pg)
		a += pg[i].X*pg[j].Y - pg[j].X*pg[i].Y
	}
	return math.Abs(a) / 2
}

// Centroid is the polygon's area centroid, or the mean of its vertices when
// its area is (near) zero; the zero Point for an empty polygon.
func (pg Polygon) Centroid() Point {
	var a, cx, cy float64
	for i := range pg {
		p, q := pg[i], pg[(i+1)%len(pg)]
		c := p.X*q.Y - q.X*p.Y
		a += c
		cx += (p.X + q.X) * c
		cy += (p.Y + q.Y) * c
	}
	if math.Abs(a) < Eps {
		var m Point
		for _, p := range pg {
			m = m.Add(p)
		}
		if len(pg) > 0 {
			m = m.Mul(1 / float64(len(pg)))
		}
		return m
	}
	return Point{X: cx / (3 * a), Y: cy / (3 * a)}
}

// Bounds is the polygon's bounding box.
func (pg Polygon) Bounds() Rect {
	if len(pg) == 0 {
		return Rect{}
	}
	r := Rect{pg[0], pg[0]}
	for _, p := range pg[1:] {
		r = r.Union(Rect{p, p})
	}
	return r
}

// Bounds grows a bounding box a point or a box at a time; the zero value
// holds nothing yet.
type Bounds struct {
	Rect Rect
	// OK reports whether anything was added.
	OK bool
}

// Add takes point q into the box.
func (b *Bounds) Add(q Point) { b.AddRect(Rect{Min: q, Max: q}) }

// AddRect takes box r into the box.
func (b *Bounds) AddRect(r Rect) {
	if b.OK {
		b.Rect = b.Rect.Union(r)
		return
	}
	b.Rect, b.OK = r, true
}
