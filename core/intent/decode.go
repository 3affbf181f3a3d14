package intent

import (
	"math"
	"strconv"
	"strings"
)

// Intent is a decoded intent document. Numbers keep JSON's float64 range:
// an integer field may hold 1e300.
type Intent struct {
	// Rooms is the exact expected room count, when asserted.
	Rooms *float64
	// RoomsInclude are the room concepts the brief names, in order.
	RoomsInclude []RoomReq
	// TotalArea is the total floor-area band, when asserted.
	TotalArea *Band
	// Adjacency is the required interior-door adjacency, when asserted.
	Adjacency *Adjacency
	// Reachable asserts that every room is reachable from an entrance.
	Reachable bool
}

// RoomReq is one roomsInclude entry.
type RoomReq struct {
	Concept string
	// Count is the concept's room-count band; nil means at least one.
	Count *Range
	// Area is the per-room floor-area band.
	Area *Band
	// Windows is the window requirement for the concept's rooms.
	Windows *WindowReq
}

// Range is an integer band; a nil bound is open. A nil Min means the
// default minimum (1).
type Range struct {
	Min, Max *float64
}

// Band is an area band in m² with the brief phrase that licensed it.
type Band struct {
	Min, Max *float64
	Source   string
}

// WindowReq asks for a number of windows, optionally facing one way.
type WindowReq struct {
	Range
	// Facing is a compass letter (N, S, E, W), a site direction name, or "".
	Facing string
}

// Adjacency is the adjacency block: concept pairs in document order.
type Adjacency struct {
	Edges  []Edge
	Source string
}

// Edge is one required adjacency between two concepts.
type Edge struct {
	From, To string
}

// facings are the accepted windows.facing values: the compass letters, then
// the site direction names.
var facings = []string{"N", "S", "E", "W", "street", "back", "equator_side", "sunrise_side", "sunset_side"}

// isLetter reports a compass-letter facing.
func isLetter(f string) bool { return f == "N" || f == "S" || f == "E" || f == "W" }

// Decode parses and checks an intent document. On any error it returns nil
// and every error found, each a JSON-pointer path and what was expected
// there, in the order the reference reports them. Text that is not JSON at
// all yields a single error at "/".
func Decode(raw []byte) (*Intent, []string) {
	v, err := parseValue(raw)
	if err != nil {
		return nil, []string{"/: expected a top-level object"}
	}
	return decodeValue(v)
}

// DecodeAbsent is the answer for an intent argument that was not given at
// all (JavaScript's undefined): not an object.
func DecodeAbsent() (*Intent, []string) {
	return nil, []string{"/: expected a top-level object"}
}

// decoder collects errors while walking a document.
type decoder struct{ errs []string }

func (d *decoder) fail(path, msg string) { d.errs = append(d.errs, path+": "+msg) }

// unknown reports every key of obj not in allowed, in property order.
func (d *decoder) unknown(path string, obj *value, allowed ...string) {
	for _, k := range obj.keys {
		ok := false
		for _, a := range allowed {
			if k == a {
				ok = true
				break
			}
		}
		if !ok {
			d.fail(path+"/"+k, "unknown key")
		}
	}
}

func decodeValue(v *value) (*Intent, []string) {
	if !v.isObject() {
		return nil, []string{"/: expected a top-level object"}
	}
	d := &decoder{}
	in := &Intent{}
	d.unknown("", v, "rooms", "roomsInclude", "totalAreaM2", "adjacency", "reachable")
	if r, ok := v.get("rooms"); ok {
		in.Rooms = d.count("/rooms", r)
	}
	if r, ok := v.get("roomsInclude"); ok {
		if r.kind != kArray {
			d.fail("/roomsInclude", "expected an array")
		} else {
			for i, e := range r.arr {
				in.RoomsInclude = append(in.RoomsInclude, d.roomReq("/roomsInclude/"+strconv.Itoa(i), e))
			}
		}
	}
	if b, ok := v.get("totalAreaM2"); ok {
		in.TotalArea = d.band("/totalAreaM2", b)
	}
	if a, ok := v.get("adjacency"); ok {
		in.Adjacency = d.adjacency("/adjacency", a)
	}
	if r, ok := v.get("reachable"); ok {
		if r.kind != kBool {
			d.fail("/reachable", "expected a boolean")
		} else {
			in.Reachable = r.b
		}
	}
	if len(d.errs) > 0 {
		return nil, d.errs
	}
	return in, nil
}

// count checks a non-negative integer; nil when it is not one.
func (d *decoder) count(path string, v *value) *float64 {
	if v.kind != kNumber || math.IsInf(v.num, 0) || v.num != math.Trunc(v.num) || v.num < 0 {
		d.fail(path, "expected an integer ≥ 0")
		return nil
	}
	n := v.num
	return &n
}

// area checks a finite non-negative number; nil when it is not one.
func (d *decoder) area(path string, v *value) *float64 {
	if v.kind != kNumber || math.IsInf(v.num, 0) || v.num < 0 {
		d.fail(path, "expected a number ≥ 0")
		return nil
	}
	n := v.num
	return &n
}

// rangeOf reads min and max of an integer band and checks their order.
func (d *decoder) rangeOf(path string, v *value) Range {
	var r Range
	if m, ok := v.get("min"); ok {
		r.Min = d.count(path+"/min", m)
	}
	if m, ok := v.get("max"); ok {
		r.Max = d.count(path+"/max", m)
	}
	if r.Min != nil && r.Max != nil && *r.Min > *r.Max {
		d.fail(path, "min must be ≤ max")
	}
	return r
}

func (d *decoder) roomReq(path string, v *value) RoomReq {
	var q RoomReq
	if !v.isObject() {
		d.fail(path, "expected an object")
		return q
	}
	d.unknown(path, v, "concept", "count", "areaM2", "windows")
	if c, ok := v.get("concept"); ok && c.kind == kString {
		q.Concept = c.str
	} else {
		d.fail(path+"/concept", "expected a string")
	}
	if c, ok := v.get("count"); ok {
		if !c.isObject() {
			d.fail(path+"/count", "expected an object")
		} else {
			d.unknown(path+"/count", c, "min", "max")
			r := d.rangeOf(path+"/count", c)
			q.Count = &r
		}
	}
	if b, ok := v.get("areaM2"); ok {
		q.Area = d.band(path+"/areaM2", b)
	}
	if w, ok := v.get("windows"); ok {
		if !w.isObject() {
			d.fail(path+"/windows", "expected an object")
		} else {
			d.unknown(path+"/windows", w, "min", "max", "facing")
			wr := &WindowReq{Range: d.rangeOf(path+"/windows", w)}
			if f, ok := w.get("facing"); ok {
				if f.kind == kString && validFacing(f.str) {
					wr.Facing = f.str
				} else {
					d.fail(path+"/windows/facing", "expected one of "+quotedFacings())
				}
			}
			q.Windows = wr
		}
	}
	return q
}

func validFacing(s string) bool {
	for _, f := range facings {
		if f == s {
			return true
		}
	}
	return false
}

func quotedFacings() string {
	q := make([]string, len(facings))
	for i, f := range facings {
		q[i] = strconv.Quote(f)
	}
	return strings.Join(q, ", ")
}

// band checks an area band: min/max non-negative with min ≤ max, a source
// string, and at least one bound.
func (d *decoder) band(path string, v *value) *Band {
	if !v.isObject() {
		d.fail(path, "expected an object")
		return nil
	}
	d.unknown(path, v, "min", "max", "source")
	b := &Band{}
	if m, ok := v.get("min"); ok {
		b.Min = d.area(path+"/min", m)
	}
	if m, ok := v.get("max"); ok {
		b.Max = d.area(path+"/max", m)
	}
	if b.Min != nil && b.Max != nil && *b.Min > *b.Max {
		d.fail(path, "min must be ≤ max")
	}
	if s, ok := v.get("source"); ok && s.kind == kString {
		b.Source = s.str
	} else {
		d.fail(path+"/source", "expected a string")
	}
	if b.Min == nil && b.Max == nil {
		d.fail(path, "expected at least one of min/max")
	}
	return b
}

func (d *decoder) adjacency(path string, v *value) *Adjacency {
	if !v.isObject() {
		d.fail(path, "expected an object")
		return nil
	}
	d.unknown(path, v, "requiredEdges", "source")
	a := &Adjacency{}
	if s, ok := v.get("source"); ok && s.kind == kString {
		a.Source = s.str
	} else {
		d.fail(path+"/source", "expected a string")
	}
	e, ok := v.get("requiredEdges")
	if !ok || !e.isObject() {
		d.fail(path+"/requiredEdges", "expected an object of concept → concept[]")
		return a
	}
	for _, k := range e.keys {
		list := e.props[k]
		good := list.kind == kArray
		if good {
			for _, t := range list.arr {
				if t.kind != kString {
					good = false
					break
				}
			}
		}
		if !good {
			d.fail(path+"/requiredEdges/"+k, "expected an array of strings")
			continue
		}
		for _, t := range list.arr {
			a.Edges = append(a.Edges, Edge{From: k, To: t.str})
		}
	}
	return a
}
