package planjson

import (
	"strconv"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/internal/vocab"
)

// The two catalogued codes this package reports.
const (
	codeSchema = diag.ErrJSONSchema
	codeKind   = diag.ErrJSONKind
)

// The short phrases after "plan JSON <path>: ". They are part of the
// machine contract (agents match on them), so they never change wording.
const (
	msgNumber      = "expected a number"
	msgString      = "expected a string"
	msgArray       = "expected an array"
	msgObject      = "expected an object"
	msgTopObject   = "expected a top-level object"
	msgPoints      = "expected an array of points"
	msgPoint       = "expected an object with numeric x and y"
	msgVersion     = "only version 1 is supported"
	msgUnits       = `only "mm" is supported`
	msgUnknownKey  = "unknown key"
	msgRoomUse     = "unknown room use"
	msgPolyMin     = "a polygon room needs at least three vertices"
	msgWallMin     = "a wall needs at least two points"
	msgKind        = `expected "door", "window", or "opening"`
	msgOpeningAt   = "needs either numeric x and y, or an `on` { wall, at } attachment"
	msgFurnitureAt = "needs a placement: `x`/`y`, `against_wall`, or (`centered`/`anchor` with `room`)"
	msgLeftRight   = `expected "left" or "right"`
	msgInOut       = `expected "in" or "out"`
	msgOpen        = "expected a number in [0,1]"
	msgNorth       = `expected "up", "down", "left", "right" or an object with a numeric deg`
)

// The smallest vertex counts of a polygon room and a wall polyline.
const (
	minPolygonVertices = 3
	minWallPoints      = 2
)

// The only supported schema version and unit.
const (
	schemaVersion = 1
	unitMM        = "mm"
)

// Enumerations of the Plan JSON schema, in the order the messages list them.
var (
	streets     = vocab.Words(vocab.Streets)
	hemispheres = vocab.Words(vocab.Hemispheres)
	doorKinds   = vocab.DoorKindWords()
	// msgDoorKind lists them: expected "hinged" or "sliding" or ….
	msgDoorKind  = "expected " + quotedOr(doorKinds)
	openingKinds = []string{"door", "window", "opening"}
	roomUses     = vocab.Words(vocab.RoomUses)
	hands        = vocab.Words(vocab.Hands)
	swings       = vocab.Words(vocab.Swings)
)

// roomTypes maps each RPLAN room_type to the ArchLang use it stands for
// ("" for the generic Room), in the order the schema lists them.
var roomTypes = []struct{ name, use string }{
	{"LivingRoom", "living"},
	{"MasterRoom", "bedroom"},
	{"Kitchen", "kitchen"},
	{"Bathroom", "bath"},
	{"DiningRoom", "dining"},
	{"ChildRoom", "bedroom"},
	{"StudyRoom", "office"},
	{"SecondRoom", "bedroom"},
	{"GuestRoom", "bedroom"},
	{"Balcony", "utility"},
	{"Entrance", "entry"},
	{"Storage", "storage"},
	{"Room", ""},
}

// roomTypeUse returns the use a room_type maps to and whether it is known.
func roomTypeUse(name string) (string, bool) {
	for _, rt := range roomTypes {
		if rt.name == name {
			return rt.use, true
		}
	}
	return "", false
}

func roomTypeNames() string {
	names := make([]string, len(roomTypes))
	for i, rt := range roomTypes {
		names[i] = rt.name
	}
	return strings.Join(names, ", ")
}

func oneOf(v Value, set []string) bool {
	if !v.IsStr() {
		return false
	}
	for _, s := range set {
		if s == v.Str {
			return true
		}
	}
	return false
}

// checker collects findings in the order the reference reports them.
type checker struct{ diags diag.List }

func (c *checker) add(code, path, msg string) {
	c.diags = append(c.diags, unplaced(code, "plan JSON %s: %s", path, msg))
}

// unplaced builds a catalogued finding about the JSON document: it has no
// place in any .arch text, so its wire form has no line, col or span.
func unplaced(code, format string, args ...any) diag.Diagnostic {
	var d diag.Diagnostic // its zero Span stands in for source.Span{}
	d = diag.New(code, d.Span, format, args...)
	d.Unplaced = true
	return d
}

func (c *checker) schema(path, msg string) { c.add(codeSchema, path, msg) }

func at(path string, key string) string { return path + "/" + key }
func idx(path string, i int) string     { return path + "/" + strconv.Itoa(i) }

// number checks that an object member is a finite number.
func (c *checker) number(o Value, path, key string) {
	if !o.Get(key).IsNum() {
		c.schema(at(path, key), msgNumber)
	}
}

// optString checks that a member, when present, is a string.
func (c *checker) optString(o Value, path, key string) {
	if v := o.Get(key); v.Defined() && !v.IsStr() {
		c.schema(at(path, key), msgString)
	}
}

// optNumber checks that a member, when present, is a finite number.
func (c *checker) optNumber(o Value, path, key string) {
	if v := o.Get(key); v.Defined() && !v.IsNum() {
		c.schema(at(path, key), msgNumber)
	}
}

// optEnum checks that a member, when present, is one of set.
func (c *checker) optEnum(o Value, path, key string, set []string, msg string) {
	if v := o.Get(key); v.Defined() && !oneOf(v, set) {
		c.schema(at(path, key), msg)
	}
}

// point checks one {x, y} vertex.
func (c *checker) point(p Value, path string) {
	if !p.IsObject() {
		c.schema(path, msgPoint)
		return
	}
	c.number(p, path, "x")
	c.number(p, path, "y")
}

// points checks a vertex list with at least min entries.
func (c *checker) points(v Value, path string, min int, short string) {
	if v.Kind != Array {
		c.schema(path, msgPoints)
		return
	}
	if len(v.Arr) < min {
		c.schema(path, short)
	}
	for i, p := range v.Arr {
		c.point(p, idx(path, i))
	}
}

// list checks that a top-level member, when present, is an array of
// objects and runs each object through one.
func (c *checker) list(doc Value, key string, one func(o Value, path string)) {
	v := doc.Get(key)
	if !v.Defined() {
		return
	}
	path := "/" + key
	if v.Kind != Array {
		c.schema(path, msgArray)
		return
	}
	for i, o := range v.Arr {
		p := idx(path, i)
		if !o.IsObject() {
			c.schema(p, msgObject)
			continue
		}
		one(o, p)
	}
}

// check validates a decoded document. The order of the findings is part
// of the contract: header members, then rooms, walls, openings,
// furniture, dims and columns, each element's members in a fixed order.
func check(doc Value) diag.List {
	c := &checker{}
	if !doc.IsObject() {
		c.schema("", msgTopObject)
		return c.diags
	}
	if v := doc.Get("version"); v.Defined() && !(v.Kind == Number && v.Num == schemaVersion) {
		c.schema("/version", msgVersion)
	}
	if v := doc.Get("units"); v.Defined() && !(v.IsStr() && v.Str == unitMM) {
		c.schema("/units", msgUnits)
	}
	c.optString(doc, "", "plan")
	c.site(doc.Get("site"))
	c.list(doc, "rooms", c.room)
	c.list(doc, "walls", c.wall)
	c.list(doc, "openings", c.opening)
	c.list(doc, "furniture", c.furniture)
	c.list(doc, "dims", c.dim)
	c.list(doc, "columns", c.column)
	if len(c.diags) > 0 {
		return c.diags
	}
	// Values the reference cannot convert at all (it fails outright on
	// them, after its checks passed): they are reported only when nothing
	// else is, so that every finding the reference makes stays as it is.
	c.north(doc.Get("north"))
	c.list(doc, "furniture", func(f Value, path string) { c.optString(f, path, "label") })
	c.title(doc.Get("title"))
	return c.diags
}

func (c *checker) site(s Value) {
	if !s.Defined() {
		return
	}
	if !s.IsObject() {
		c.schema("/site", msgObject)
		return
	}
	for _, k := range s.Keys {
		if k != "street" && k != "hemisphere" {
			c.schema(at("/site", k), msgUnknownKey)
		}
	}
	if !oneOf(s.Get("street"), streets) {
		c.schema("/site/street", "expected one of "+strings.Join(streets, ", "))
	}
	c.optEnum(s, "/site", "hemisphere", hemispheres, "expected one of "+strings.Join(hemispheres, ", "))
}

func (c *checker) room(r Value, path string) {
	if poly := r.Get("polygon"); poly.Defined() {
		c.points(poly, at(path, "polygon"), minPolygonVertices, msgPolyMin)
	} else {
		for _, k := range []string{"x", "y", "width", "height"} {
			c.number(r, path, k)
		}
	}
	c.optString(r, path, "id")
	c.optString(r, path, "label")
	if v := r.Get("room_type"); v.Defined() {
		if _, ok := roomTypeUse(v.Str); !v.IsStr() || !ok {
			c.schema(at(path, "room_type"), "expected one of "+roomTypeNames())
		}
	}
	if v := r.Get("uses"); v.Defined() {
		if v.Kind != Array {
			c.schema(at(path, "uses"), msgArray)
		} else {
			for i, u := range v.Arr {
				if !oneOf(u, roomUses) {
					c.schema(idx(at(path, "uses"), i), msgRoomUse)
				}
			}
		}
	}
}

func (c *checker) wall(w Value, path string) {
	c.points(w.Get("points"), at(path, "points"), minWallPoints, msgWallMin)
	c.optNumber(w, path, "thickness")
	c.optString(w, path, "category")
}

// placedOn reports whether an opening has a usable `on` attachment.
func placedOn(o Value) bool {
	on := o.Get("on")
	return on.IsObject() && on.Get("wall").IsStr() && on.Get("at").IsStr()
}

func (c *checker) opening(o Value, path string) {
	if k := o.Get("kind"); !oneOf(k, openingKinds) {
		msg := msgKind
		if k.IsStr() {
			msg += ` (got "` + k.Str + `")`
		}
		c.add(codeKind, at(path, "kind"), msg)
	}
	c.number(o, path, "width")
	if !(o.Get("x").IsNum() && o.Get("y").IsNum()) && !placedOn(o) {
		c.schema(path, msgOpeningAt)
	}
	c.optEnum(o, path, "hinge", hands, msgLeftRight)
	c.optEnum(o, path, "swing", swings, msgInOut)
	c.optEnum(o, path, "slide", hands, msgLeftRight)
	c.optEnum(o, path, "door_kind", doorKinds, msgDoorKind)
	if v := o.Get("open"); v.Defined() && !(v.IsNum() && v.Num >= 0 && v.Num <= 1) {
		c.schema(at(path, "open"), msgOpen)
	}
}

func (c *checker) furniture(f Value, path string) {
	if !f.Get("category").IsStr() {
		c.schema(at(path, "category"), msgString)
	}
	byXY := f.Get("x").IsNum() && f.Get("y").IsNum()
	byWall := f.Get("against_wall").IsStr()
	inRoom := f.Get("room").IsStr() && (isTrue(f.Get("centered")) || f.Get("anchor").IsStr())
	if !byXY && !byWall && !inRoom {
		c.schema(path, msgFurnitureAt)
	}
	c.optNumber(f, path, "rotate")
	c.optEnum(f, path, "side", []string{"left", "right"}, msgLeftRight)
}

func isTrue(v Value) bool { return v.Kind == Bool && v.Bool }

func (c *checker) dim(d Value, path string) {
	c.point(d.Get("from"), at(path, "from"))
	c.point(d.Get("to"), at(path, "to"))
	c.optNumber(d, path, "offset")
	c.optString(d, path, "text")
}

func (c *checker) column(o Value, path string) {
	for _, k := range []string{"x", "y", "width", "height"} {
		c.number(o, path, k)
	}
}

// north rejects the values the reference cannot convert at all (null);
// every other value is written into the source as given, where the
// parser judges it.
func (c *checker) north(n Value) {
	if n.Kind == Null {
		c.schema("/north", msgNorth)
	}
}

// title rejects title members that are not strings; the reference fails
// outright on them.
func (c *checker) title(t Value) {
	if !t.Truthy() || !t.IsObject() {
		return
	}
	for _, k := range []string{"project", "drawn_by", "date"} {
		c.optString(t, "/title", k)
	}
}

// quotedOr writes words as "a" or "b" or "c".
func quotedOr(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = strconv.Quote(w)
	}
	return strings.Join(q, " or ")
}
