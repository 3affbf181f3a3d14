package svg

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/internal/numfmt"
)

// num formats v the way every number in the drawing is written: rounded to
// two decimals (halves toward +∞), trailing zeros dropped, never "-0"
// (numfmt.Hundredths), and non-finite values written as 0 so a degenerate
// plan still gives valid SVG.
func num(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "0"
	}
	return numfmt.Hundredths(v)
}

// numLen is len(num(v)), found without building the string (num writes
// only ASCII, so it is also the number of characters).
func numLen(v float64) int {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 1
	}
	var buf [32]byte
	return len(numfmt.AppendHundredths(buf[:0], v))
}

// esc escapes text for use in element content and in double-quoted
// attribute values.
func esc(s string) string {
	if !strings.ContainsAny(s, "<>&\"") && validUTF8Controls(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '"':
			b.WriteString("&quot;")
		case '\uFFFD':
			b.WriteRune(r)
		default:
			if r < 0x20 && r != '\t' && r != '\n' && r != '\r' {
				continue // not allowed in XML 1.0
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// validUTF8Controls reports whether s is valid UTF-8 with no control
// characters XML forbids.
func validUTF8Controls(s string) bool {
	for _, r := range s {
		if r == '\uFFFD' || (r < 0x20 && r != '\t' && r != '\n' && r != '\r') {
			return false
		}
	}
	return true
}

// w accumulates the document in buf[:n]; the rest of buf is room for
// what comes next. A write copies its bytes into the room and moves n, an
// integer: buf itself is stored again only when it grows. (Storing the
// slice back on every append, as b.buf = append(b.buf, …) does, writes a
// pointer into the heap each time, which costs a write barrier whenever
// the collector is marking.)
type w struct {
	buf []byte
	n   int
	// memo, when set, holds numbers already formatted (see num).
	memo *numMemos
}

// numMemos is a direct-mapped memo of formatted numbers: a drawing writes
// the same coordinates again and again (about three numbers in four are
// ones it wrote shortly before), and num's output depends on the value
// alone.
type numMemos [numMemoSlots]numMemo

// numMemo is one formatted number: the value's bits and its text.
type numMemo struct {
	bits uint64
	text [numMemoLen]byte
	n    uint8 // len of the text; 0 marks an empty slot
}

const (
	// numMemoSlots is the number of entries of a numMemos (a power of
	// two, indexed by the top bits of a hash of the value's bits).
	numMemoSlots = 512
	numMemoShift = 64 - 9 // log2(numMemoSlots) top bits
	// numMemoLen is the longest text kept; longer numbers (rare) are
	// formatted each time.
	numMemoLen = 24
)

// minWriterRoom is the least room a writer grows to.
const minWriterRoom = 256

// grow makes room for k more bytes: at least double the room.
func (b *w) grow(k int) {
	nb := make([]byte, max(2*len(b.buf), b.n+k, minWriterRoom))
	copy(nb, b.buf[:b.n])
	b.buf = nb
}

// WriteString appends s.
func (b *w) WriteString(s string) {
	if len(b.buf)-b.n < len(s) {
		b.grow(len(s))
	}
	b.n += copy(b.buf[b.n:], s)
}

// byte appends c.
func (b *w) byte(c byte) {
	if b.n == len(b.buf) {
		b.grow(1)
	}
	b.buf[b.n] = c
	b.n++
}

// Write appends p.
func (b *w) Write(p []byte) {
	if len(b.buf)-b.n < len(p) {
		b.grow(len(p))
	}
	b.n += copy(b.buf[b.n:], p)
}

// WriteRune appends r's UTF-8 encoding.
func (b *w) WriteRune(r rune) {
	if len(b.buf)-b.n < utf8.UTFMax {
		b.grow(utf8.UTFMax)
	}
	b.n += utf8.EncodeRune(b.buf[b.n:], r)
}

// Len is the number of bytes written.
func (b *w) Len() int { return b.n }

// Truncate keeps the first n bytes written.
func (b *w) Truncate(n int) { b.n = n }

// Bytes is what has been written.
func (b *w) Bytes() []byte { return b.buf[:b.n] }

// String is what has been written, as a string.
func (b *w) String() string { return string(b.buf[:b.n]) }

func (b *w) s(parts ...string) {
	for _, p := range parts {
		b.WriteString(p)
	}
}

// num writes v as the package's num formats it, straight into the buffer:
// the drawing's hot writers use it so a number costs no allocation.
func (b *w) num(v float64) {
	if len(b.buf)-b.n < numMemoLen {
		b.grow(numMemoLen)
	}
	m := b.memo
	if m == nil {
		b.appendNum(v)
		return
	}
	bits := math.Float64bits(v)
	e := &m[(bits*0x9E3779B97F4A7C15)>>numMemoShift]
	if e.n != 0 && e.bits == bits {
		// The whole slot is copied and n then moved past the text: a
		// fixed-size copy, no call.
		*(*[numMemoLen]byte)(b.buf[b.n:]) = e.text
		b.n += int(e.n)
		return
	}
	l := b.n
	b.appendNum(v)
	if n := b.n - l; n <= numMemoLen {
		e.bits, e.n = bits, uint8(n)
		copy(e.text[:], b.buf[l:b.n])
	}
}

// appendNum writes v as num formats it: in place in the room, when it
// fits.
func (b *w) appendNum(v float64) {
	room := b.buf[b.n:b.n:len(b.buf)]
	t := appendNum(room, v)
	if len(t) > cap(room) {
		// It did not fit: appendNum wrote it elsewhere.
		b.Write(t)
		return
	}
	b.n += len(t)
}

// appendNum appends v as num formats it.
func appendNum(dst []byte, v float64) []byte {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return append(dst, '0')
	}
	return numfmt.AppendHundredths(dst, v)
}

// pair writes "x,y".
func (b *w) pair(p geom.Point) {
	b.num(p.X)
	b.byte(',')
	b.num(p.Y)
}

// points writes "x,y x,y …".
func (b *w) points(pts []geom.Point) {
	for i, p := range pts {
		if i > 0 {
			b.byte(' ')
		}
		b.pair(p)
	}
}

// points is w.points as a string, for an attribute built apart.
func points(pts []geom.Point) string {
	var b w
	b.points(pts)
	return b.String()
}

func (b *w) polygon(pts []geom.Point, attrs string) {
	b.WriteString(`<polygon points="`)
	b.points(pts)
	b.s(`" `, attrs, "/>\n")
}

// two writes a, then x, then c, then y: two numeric attributes in a row
// (`<rect x="` x `" y="` y), the quote after y left to the caller.
func (b *w) two(a string, x float64, c string, y float64) {
	b.WriteString(a)
	b.num(x)
	b.WriteString(c)
	b.num(y)
}

func (b *w) line(p, q geom.Point, attrs string) {
	b.two(`<line x1="`, p.X, `" y1="`, p.Y)
	b.two(`" x2="`, q.X, `" y2="`, q.Y)
	b.s(`" `, attrs, "/>\n")
}

// circle writes a circle element whose attributes after the centre and
// radius are tail.
func (b *w) circle(c geom.Point, rad float64, tail ...string) {
	b.two(`<circle cx="`, c.X, `" cy="`, c.Y)
	b.WriteString(`" r="`)
	b.num(rad)
	b.s(tail...)
}

// text writes a text element; attrs follow the coordinates, content is escaped.
func (b *w) text(p geom.Point, attrs, content string) {
	b.two(`<text x="`, p.X, `" y="`, p.Y)
	b.s(`" `, attrs, `>`, esc(content), "</text>")
}

// joinMemo is one attribute string a renderer has joined from parts.
type joinMemo struct{ a, b, c, abc string }

// maxJoinMemos bounds the joined attribute strings a renderer keeps.
const maxJoinMemos = 16

// join is a + b + c, each joining built once per drawing: the attributes
// of the door and window symbols, joined anew for each, are the same few.
func (r *renderer) join(a, b, c string) string {
	for _, m := range r.joins[:r.nJoins] {
		if m.a == a && m.b == b && m.c == c {
			return m.abc
		}
	}
	abc := a + b + c
	if r.nJoins < maxJoinMemos {
		r.joins[r.nJoins] = joinMemo{a, b, c, abc}
		r.nJoins++
	}
	return abc
}

// poly writes a polygon through pts, a list built on r.pts, whose room
// is then kept for the next.
func (r *renderer) poly(pts []geom.Point, attrs string) {
	r.b.polygon(pts, attrs)
	r.pts = pts[:0]
}

// textFS writes a text element whose attributes are a font size, a fill
// and then tail (empty, or starting with a space), as text would with
// attrs `font-size="fs" fill="fill"` + tail, with no string built.
func (b *w) textFS(p geom.Point, fs float64, fill, tail, content string) {
	b.two(`<text x="`, p.X, `" y="`, p.Y)
	b.WriteString(`" font-size="`)
	b.num(fs)
	b.s(`" fill="`, fill, `"`, tail, `>`, esc(content), "</text>")
}

// stroke returns the common stroke attributes.
func stroke(colour string, width float64) string {
	return `stroke="` + colour + `" stroke-width="` + num(width) + `"`
}

// strokeMemo is one stroke attribute string a renderer has built, with a
// leading space (strokeOpt's form; stroke's is the rest).
type strokeMemo struct {
	colour string
	width  float64
	attr   string
}

// maxStrokeMemos bounds the stroke attribute strings a renderer keeps: a
// drawing uses a handful of pens, each over and over.
const maxStrokeMemos = 16

// strokeAttr is " " + stroke(colour, width), built once per drawing.
func (r *renderer) strokeAttr(colour string, width float64) string {
	for _, m := range r.strokes[:r.nStrokes] {
		if m.width == width && m.colour == colour {
			return m.attr
		}
	}
	var buf [64]byte
	b := append(buf[:0], ` stroke="`...)
	b = append(b, colour...)
	b = append(b, `" stroke-width="`...)
	if math.IsNaN(width) || math.IsInf(width, 0) {
		b = append(b, '0')
	} else {
		b = numfmt.AppendHundredths(b, width)
	}
	a := string(append(b, '"'))
	if r.nStrokes < maxStrokeMemos {
		r.strokes[r.nStrokes] = strokeMemo{colour, width, a}
		r.nStrokes++
	}
	return a
}

// stroke is the package's stroke, each pen's string built once per
// drawing.
func (r *renderer) stroke(colour string, width float64) string {
	return r.strokeAttr(colour, width)[1:]
}

// strokeOpt is the package's strokeOpt, each pen's string built once per
// drawing.
func (r *renderer) strokeOpt(colour string, width float64) string {
	if colour == "" {
		return ""
	}
	return r.strokeAttr(colour, width)
}

// strokeOpt is stroke, with a leading space, for the shapes whose stroke
// the reference leaves off altogether (colour and width) when the colour
// is blank.
func strokeOpt(colour string, width float64) string {
	if colour == "" {
		return ""
	}
	return " " + stroke(colour, width)
}
