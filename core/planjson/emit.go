package planjson

import (
	"strings"
)

// Defaults the generated source spells out when the JSON omits them.
const (
	defaultPlanName      = ""
	defaultWallCategory  = "partition"
	defaultWallThickness = "100"
	defaultHemisphere    = "north"
	defaultNorth         = "up"
	defaultMaterial      = "poche"
	indent               = "  "
)

// quote writes s as an .arch string literal. Only the characters the
// lexer gives a meaning inside quotes are escaped: the backslash, the
// quote, the interpolation braces and the newline.
func quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\', '"', '{', '}':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// emitter writes the .arch program one statement per line.
type emitter struct {
	b     strings.Builder
	parts []string
}

// stmt starts a statement.
func (e *emitter) stmt(words ...string) { e.parts = append(e.parts[:0], words...) }

// add appends words to the current statement.
func (e *emitter) add(words ...string) { e.parts = append(e.parts, words...) }

// end writes the current statement as one indented line.
func (e *emitter) end() {
	e.b.WriteString(indent)
	e.b.WriteString(strings.Join(e.parts, " "))
	e.b.WriteByte('\n')
}

func pt(p Value) string { return "(" + p.Get("x").Text() + "," + p.Get("y").Text() + ")" }

// orZero is `v ?? 0`: a missing or null coordinate reads as 0.
func orZero(v Value) string {
	if v.Kind == Undefined || v.Kind == Null {
		return "0"
	}
	return v.Text()
}

// id writes the id clause of an element when the JSON gives a non-empty one.
func (e *emitter) id(o Value) {
	if v := o.Get("id"); v.Truthy() {
		e.add("id=" + v.Text())
	}
}

// size writes `size WxH` when both dimensions are numbers.
func (e *emitter) size(o Value) {
	w, h := o.Get("width"), o.Get("height")
	if w.Kind == Number && h.Kind == Number {
		e.add("size", w.Text()+"x"+h.Text())
	}
}

// emit converts a checked document into an .arch program. The layout is
// contract: diagnostics of the later compile carry spans into this text.
func emit(doc Value) []byte {
	e := &emitter{}
	name := defaultPlanName
	if v := doc.Get("plan"); v.IsStr() {
		name = v.Str
	}
	e.b.WriteString("plan " + quote(name) + " {\n")
	e.stmt("units", unitMM)
	e.end()
	if g := doc.Get("grid"); g.Kind == Number && g.Num > 0 {
		e.stmt("grid", g.Text())
		e.end()
	}
	if s := doc.Get("scale"); s.IsStr() && isScale(s.Str) {
		e.stmt("scale", s.Str)
		e.end()
	}
	if n := doc.Get("north"); n.Defined() && !(n.IsStr() && n.Str == defaultNorth) {
		if n.IsStr() {
			e.stmt("north", n.Str)
		} else {
			e.stmt("north", n.Get("deg").Text())
		}
		e.end()
	}
	if s := doc.Get("site"); s.IsObject() {
		h := defaultHemisphere
		if v := s.Get("hemisphere"); v.IsStr() {
			h = v.Str
		}
		e.stmt("site", "{", "street", s.Get("street").Text(), "hemisphere", h, "}")
		e.end()
	}
	each(doc, "walls", e.wall)
	each(doc, "rooms", e.room)
	each(doc, "openings", e.opening)
	each(doc, "furniture", e.furniture)
	each(doc, "columns", e.column)
	each(doc, "dims", e.dim)
	e.title(doc.Get("title"))
	e.b.WriteString("}\n")
	return []byte(e.b.String())
}

// isScale reports whether s has the form digits:digits.
func isScale(s string) bool {
	a, b, ok := strings.Cut(s, ":")
	return ok && allDigits(a) && allDigits(b)
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func each(doc Value, key string, f func(Value)) {
	for _, o := range doc.Get(key).Arr {
		f(o)
	}
}

func (e *emitter) wall(w Value) {
	e.stmt("wall")
	e.id(w)
	cat := defaultWallCategory
	if v := w.Get("category"); v.Defined() {
		cat = v.Text()
	}
	th := defaultWallThickness
	if v := w.Get("thickness"); v.Defined() {
		th = v.Text()
	}
	e.add(cat, "thickness", th)
	if m := w.Get("material"); m.Truthy() && !(m.IsStr() && m.Str == defaultMaterial) {
		e.add("material", m.Text())
		if v := w.Get("material_scale"); v.Kind == Number {
			e.add("scale", v.Text())
		}
		if v := w.Get("material_angle"); v.Kind == Number {
			e.add("angle", v.Text())
		}
	}
	e.add("{")
	for _, p := range w.Get("points").Arr {
		e.add(pt(p))
	}
	if w.Get("closed").Truthy() {
		e.add("close")
	}
	e.add("}")
	e.end()
}

func (e *emitter) room(r Value) {
	e.stmt("room")
	e.id(r)
	if poly := r.Get("polygon"); poly.Defined() {
		e.add("polygon")
		for _, p := range poly.Arr {
			e.add(pt(p))
		}
	} else {
		e.add("at", "("+r.Get("x").Text()+","+r.Get("y").Text()+")", "size", r.Get("width").Text()+"x"+r.Get("height").Text())
	}
	if l := r.Get("label"); l.IsStr() {
		e.add("label", quote(l.Str))
	}
	if u := r.Get("uses"); len(u.Arr) > 0 {
		e.add("uses")
		for _, x := range u.Arr {
			e.add(x.Str)
		}
	} else if t := r.Get("room_type"); t.IsStr() {
		if use, _ := roomTypeUse(t.Str); use != "" {
			e.add("uses", use)
		}
	}
	e.end()
}

func (e *emitter) opening(o Value) {
	kind := o.Get("kind").Str
	e.stmt(kind)
	e.id(o)
	door := kind == "door"
	if v := o.Get("door_kind"); door && v.Truthy() {
		e.add(v.Text())
	}
	on := o.Get("on")
	if on.Truthy() {
		e.add("on", on.Get("wall").Text(), "at", on.Get("at").Text())
	} else {
		e.add("at", "("+o.Get("x").Text()+","+o.Get("y").Text()+")")
	}
	e.add("width", o.Get("width").Text())
	if v := o.Get("wall"); v.Truthy() && !on.Truthy() {
		e.add("wall", v.Text())
	}
	if door {
		for _, k := range []string{"hinge", "swing", "slide"} {
			if v := o.Get(k); v.Defined() {
				e.add(k, v.Text())
			}
		}
		if v := o.Get("open"); v.Kind == Number {
			e.add("open", v.Text())
		}
	}
	e.end()
}

func (e *emitter) furniture(f Value) {
	e.stmt("furniture")
	e.id(f)
	e.add(f.Get("category").Text())
	room := f.Get("room")
	label := func() {
		if l := f.Get("label"); l.IsStr() {
			e.add("label", quote(l.Str))
		}
	}
	rotate := func() {
		if v := f.Get("rotate"); v.Kind == Number {
			e.add("rotate", v.Text())
		}
	}
	switch {
	case f.Get("against_wall").Truthy():
		e.add("against", "wall", f.Get("against_wall").Text())
		for _, k := range []string{"segment", "offset"} {
			if v := f.Get(k); v.Kind == Number {
				e.add(k, v.Text())
			}
		}
		if v := f.Get("side"); v.Defined() {
			e.add("side", v.Text())
		}
		e.size(f)
		label()
	case room.Truthy() && isTrue(f.Get("centered")):
		e.add("in", room.Text(), "centered")
		e.size(f)
		label()
		rotate()
	case room.Truthy() && f.Get("anchor").Truthy():
		e.add("in", room.Text(), "anchor", f.Get("anchor").Text())
		if v := f.Get("inset"); v.Kind == Number {
			e.add("inset", v.Text())
		}
		e.size(f)
		label()
		rotate()
	default:
		e.add("at", "("+orZero(f.Get("x"))+","+orZero(f.Get("y"))+")")
		e.size(f)
		label()
		rotate()
		if room.Truthy() {
			e.add("in", room.Text())
		}
	}
	e.end()
}

func (e *emitter) column(o Value) {
	e.stmt("column")
	e.id(o)
	e.add("at", "("+o.Get("x").Text()+","+o.Get("y").Text()+")")
	e.size(o)
	e.end()
}

func (e *emitter) dim(d Value) {
	e.stmt("dim", pt(d.Get("from"))+"->"+pt(d.Get("to")))
	if v := d.Get("offset"); v.Kind == Number {
		e.add("offset", v.Text())
	}
	if v := d.Get("text"); v.IsStr() {
		e.add("text", quote(v.Str))
	}
	e.end()
}

// title writes the title block when the JSON gives any of its fields.
func (e *emitter) title(t Value) {
	e.stmt("title", "{")
	n := len(e.parts)
	for _, k := range []string{"project", "drawn_by", "date"} {
		if v := t.Get(k); v.IsStr() {
			e.add(k, quote(v.Str))
		}
	}
	if len(e.parts) == n {
		return
	}
	e.add("}")
	e.end()
}
