package syntax

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// Kind is a token kind.
type Kind uint8

// Token kinds.
const (
	EOF Kind = iota
	IDENT
	NUMBER
	DIMS   // a `WxH` literal such as 4000x3000 or 3mx4m
	STRING // a double-quoted string, holes included
	LPAREN
	RPAREN
	LCURLY
	RCURLY
	LBRACKET
	RBRACKET
	COMMA
	COLON
	ASSIGN // =
	EQ     // ==
	NEQ    // !=
	LT
	GT
	LE
	GE
	PLUS
	MINUS
	STAR
	SLASH
	PERCENT
	NOT    // !
	AND    // &&
	OR     // ||
	DOTDOT // ..
	DOT
	ARROW // ->
)

var kindNames = [...]string{
	EOF: "eof", IDENT: "ident", NUMBER: "number", DIMS: "dims", STRING: "string",
	LPAREN: "lparen", RPAREN: "rparen", LCURLY: "lcurly", RCURLY: "rcurly",
	LBRACKET: "lbracket", RBRACKET: "rbracket", COMMA: "comma", COLON: "colon",
	ASSIGN: "eq", EQ: "eqeq", NEQ: "neq", LT: "lt", GT: "gt", LE: "le", GE: "ge",
	PLUS: "plus", MINUS: "minus", STAR: "star", SLASH: "slash", PERCENT: "percent",
	NOT: "bang", AND: "and", OR: "or", DOTDOT: "dotdot", DOT: "dot", ARROW: "arrow",
}

// String is the kind's short name.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "token"
}

var kindShown = [...]string{
	EOF: "end of input", IDENT: "a name", NUMBER: "a number", DIMS: "a size", STRING: "a string",
	LPAREN: `"("`, RPAREN: `")"`, LCURLY: `"{"`, RCURLY: `"}"`, LBRACKET: `"["`, RBRACKET: `"]"`,
	COMMA: `","`, COLON: `":"`, ASSIGN: `"="`, EQ: `"=="`, NEQ: `"!="`, LT: `"<"`, GT: `">"`,
	LE: `"<="`, GE: `">="`, PLUS: `"+"`, MINUS: `"-"`, STAR: `"*"`, SLASH: `"/"`, PERCENT: `"%"`,
	NOT: `"!"`, AND: `"&&"`, OR: `"||"`, DOTDOT: `".."`, DOT: `"."`, ARROW: `"->"`,
}

// describe is how an expected token kind is named in a parse error.
func (k Kind) describe() string {
	if int(k) < len(kindShown) {
		return kindShown[k]
	}
	return "a token"
}

// Token is one lexeme. (The parser lexes the whole file up front and keeps
// its tokens more compactly, as tokens: see token.)
type Token struct {
	Kind Kind
	// LineStart reports that the token is the first on its line.
	LineStart bool
	// cross is a DIMS literal's offset of its `x` from Sp.Start.
	cross int32
	Text  string // the source text
	Sp    source.Span
	// Num is the value of a NUMBER in mm, and a DIMS literal's width.
	Num float64
	// H is a DIMS literal's height in mm.
	H float64
}

// WSp is the span of a DIMS literal's width, the half before its `x`.
func (t Token) WSp() source.Span {
	return source.Span{Start: t.Sp.Start, End: t.Sp.Start + int(t.cross)}
}

// HSp is the span of a DIMS literal's height, the half after its `x`.
func (t Token) HSp() source.Span {
	return source.Span{Start: t.Sp.Start + int(t.cross) + 1, End: t.Sp.End}
}

// token is a Token as the lexer writes it and the parser's buffer holds
// it: without its text, which is always the source its span covers. It
// holds no pointer, so the collector neither scans a buffer of them nor
// charges a write barrier for filling one, and a buffer kept for the next
// parse needs no clearing.
type token struct {
	Kind      Kind
	LineStart bool
	cross     int32
	Sp        source.Span
	Num, H    float64
}

// full is t as a Token, its text cut from text (the source as a string).
func (t *token) full(text string) Token {
	return Token{Kind: t.Kind, LineStart: t.LineStart, cross: t.cross, Text: text[t.Sp.Start:t.Sp.End], Sp: t.Sp, Num: t.Num, H: t.H}
}

// MaxTokens bounds the number of tokens lexed from one source, so a
// pathological input cannot exhaust memory.
const MaxTokens = 1 << 20

// lexer produces tokens one at a time; the parser drains it up front.
type lexer struct {
	src   []byte
	text  string // src as a string, so token texts share its memory
	i     int
	end   int
	n     int
	diags *diag.List
	// nl reports a newline (or the start of input) since the last token.
	nl bool
}

func newLexer(src []byte, text string, start, end int, diags *diag.List) *lexer {
	return &lexer{src: src, text: text, i: start, end: end, diags: diags, nl: true}
}

// next returns the next token; at the end it returns EOF forever.
func (l *lexer) next() Token {
	var t token
	l.nextInto(&t)
	return t.full(l.text)
}

// nextInto is next written into *t (a token buffer's slot: no copies).
func (l *lexer) nextInto(t *token) {
	l.scanInto(t)
	t.LineStart = l.nl
	l.nl = false
}

// set overwrites the whole of *t with a token of kind k and span
// [start, end).
func (t *token) set(k Kind, start, end int) {
	*t = token{Kind: k, Sp: source.Span{Start: start, End: end}}
}

// scanInto scans the next token into *t, which it overwrites whole.
func (l *lexer) scanInto(t *token) {
	src, end := l.src, l.end
	for l.i < end && l.n < MaxTokens {
		i := l.i
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			l.i++
			continue
		case c == '\n':
			l.i++
			l.nl = true
			continue
		case c == '#':
			if k := bytes.IndexByte(src[i:end], '\n'); k >= 0 {
				l.i = i + k
			} else {
				l.i = end
			}
			continue
		case isDigit(c) || (c == '.' && i+1 < end && isDigit(src[i+1])):
			n := lexNumber(t, src, i, end)
			l.i = n
			l.n++
			return
		case isIdentStart(c):
			j := i + 1
			for j < end && isIdentPart(src[j]) {
				j++
			}
			// A dotted name (`west.shell`) is one identifier.
			for j+1 < end && src[j] == '.' && isIdentStart(src[j+1]) {
				j += 2
				for j < end && isIdentPart(src[j]) {
					j++
				}
			}
			// Hyphenated keywords (right-of, top-left, …) are one token.
			for j < end && src[j] == '-' {
				k := j + 1
				for k < end && isIdentPart(src[k]) {
					k++
				}
				if k == j+1 || !hyphenWords[string(src[i:k])] {
					break
				}
				j = k
			}
			l.i = j
			l.n++
			t.set(IDENT, i, j)
			return
		case c == '"':
			j, ok := scanString(src, i, end)
			if !ok {
				l.diags.Add(diag.Syntax(source.Span{Start: i, End: j}, "string is not closed on this line"))
			}
			l.i = j
			l.n++
			t.set(STRING, i, j)
			return
		}
		k, n := punct(src, i, end)
		if n == 0 {
			r, size := decodeRune(src[i:end])
			l.diags.Add(diag.Syntax(source.Span{Start: i, End: i + size}, "stray character %s", strconv.Quote(string(r))))
			l.i += size
			continue
		}
		l.i += n
		l.n++
		t.set(k, i, i+n)
		return
	}
	*t = token{Kind: EOF, Sp: source.Span{Start: end, End: end}}
}

var hyphenWords = map[string]bool{
	"right-of": true, "left-of": true,
	"top-left": true, "top-right": true, "bottom-left": true, "bottom-right": true,
}

func punct(src []byte, i, end int) (Kind, int) {
	c := src[i]
	var d byte
	if i+1 < end {
		d = src[i+1]
	}
	switch c {
	case '(':
		return LPAREN, 1
	case ')':
		return RPAREN, 1
	case '{':
		return LCURLY, 1
	case '}':
		return RCURLY, 1
	case '[':
		return LBRACKET, 1
	case ']':
		return RBRACKET, 1
	case ',':
		return COMMA, 1
	case ':':
		return COLON, 1
	case '+':
		return PLUS, 1
	case '*':
		return STAR, 1
	case '/':
		return SLASH, 1
	case '%':
		return PERCENT, 1
	case '=':
		if d == '=' {
			return EQ, 2
		}
		return ASSIGN, 1
	case '!':
		if d == '=' {
			return NEQ, 2
		}
		return NOT, 1
	case '<':
		if d == '=' {
			return LE, 2
		}
		return LT, 1
	case '>':
		if d == '=' {
			return GE, 2
		}
		return GT, 1
	case '-':
		if d == '>' {
			return ARROW, 2
		}
		return MINUS, 1
	case '&':
		if d == '&' {
			return AND, 2
		}
	case '|':
		if d == '|' {
			return OR, 2
		}
	case '.':
		if d == '.' {
			return DOTDOT, 2
		}
	}
	return 0, 0
}

// lexNumber scans a number (with an optional unit suffix) at i, and a
// following `x<number>` when it forms a WxH literal.
func lexNumber(t *token, src []byte, i, end int) int {
	w, wEnd := scanDecimal(src, i, end)
	if wEnd < end && src[wEnd] == 'x' && wEnd+1 < end && (isDigit(src[wEnd+1]) || src[wEnd+1] == '.' && wEnd+2 < end && isDigit(src[wEnd+2])) {
		h, hEnd := scanDecimal(src, wEnd+1, end)
		*t = token{Kind: DIMS, Sp: source.Span{Start: i, End: hEnd}, Num: w, H: h, cross: int32(wEnd - i)}
		return hEnd
	}
	*t = token{Kind: NUMBER, Sp: source.Span{Start: i, End: wEnd}, Num: w}
	return wEnd
}

// scanDecimal scans digits[.digits] and an optional mm/cm/m suffix that is
// not followed by a letter (except the `x` of a WxH literal), folding the
// suffix exactly by shifting the decimal point.
func scanDecimal(src []byte, i, end int) (float64, int) {
	j := i
	for j < end && isDigit(src[j]) {
		j++
	}
	if j < end && src[j] == '.' && j+1 < end && isDigit(src[j+1]) {
		j++
		for j < end && isDigit(src[j]) {
			j++
		}
	}
	numEnd := j
	shift := 0
	// (Only an m or a c can start a suffix.)
	if j < end && (src[j] == 'm' || src[j] == 'c') {
		for _, u := range [...]struct {
			s     string
			shift int
		}{{"mm", 0}, {"cm", 1}, {"m", 3}} {
			k := j + len(u.s)
			if k <= end && string(src[j:k]) == u.s {
				if k < end && isIdentPart(src[k]) && !(src[k] == 'x' && k+1 < end && (isDigit(src[k+1]) || src[k+1] == '.')) {
					break // 3meters: the suffix does not fire
				}
				shift = u.shift
				j = k
				break
			}
		}
	}
	if v, ok := exactDecimal(src[i:numEnd], shift); ok {
		return v, j
	}
	return shiftDecimal(string(src[i:numEnd]), shift), j
}

// exactDecimal is shiftDecimal for a literal of at most maxExactDigits
// digits whose value times 10^shift is a whole number below 2^53, or
// such a whole number over a power of ten up to 10^22: both exact as
// doubles, so the one rounding is IEEE's, the same correctly rounded
// result strconv.ParseFloat gives (and its own first path).
func exactDecimal(digits []byte, shift int) (float64, bool) {
	if len(digits) > maxExactDigits+1 {
		return 0, false
	}
	var m uint64
	n := 0     // digits read
	frac := -1 // digits after the point; -1 before it
	for _, c := range digits {
		if c == '.' {
			frac = 0
			continue
		}
		if n++; n > maxExactDigits {
			return 0, false
		}
		m = m*10 + uint64(c-'0')
		if frac >= 0 {
			frac++
		}
	}
	if frac < 0 {
		frac = 0
	}
	if e := shift - frac; e >= 0 {
		for ; e > 0; e-- {
			m *= 10
		}
		if m >= 1<<53 {
			return 0, false
		}
		return float64(m), true
	} else if -e < len(exactPow10) {
		return float64(m) / exactPow10[-e], true
	}
	return 0, false
}

// maxExactDigits bounds the digits exactDecimal reads: fewer than 16, so
// the digits' integer is below 2^53 and a double holds it exactly.
const maxExactDigits = 15

// exactPow10 are the powers of ten a double holds exactly.
var exactPow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// shiftDecimal parses a decimal literal multiplied by 10^shift without a
// floating-point multiply.
func shiftDecimal(digits string, shift int) float64 {
	if shift > 0 {
		intPart, frac, _ := strings.Cut(digits, ".")
		for len(frac) < shift {
			frac += "0"
		}
		digits = intPart + frac[:shift] + "." + frac[shift:]
		if strings.HasSuffix(digits, ".") {
			digits += "0"
		}
	}
	v, err := strconv.ParseFloat(digits, 64)
	if err != nil {
		return 0
	}
	return v
}

// scanString scans a string literal starting at the opening quote, up to
// the first unescaped quote. It returns the end offset and whether the
// closing quote was found (a string may not span lines).
func scanString(src []byte, i, end int) (int, bool) {
	j := i + 1
	for j < end {
		switch src[j] {
		case '\\':
			if j+1 < end && src[j+1] != '\n' {
				j += 2
				continue
			}
			j++
		case '\n':
			return j, false
		case '"':
			return j + 1, true
		default:
			j++
		}
	}
	return j, false
}

func decodeRune(b []byte) (rune, int) {
	r, n := utf8.DecodeRune(b)
	if n == 0 {
		n = 1
	}
	return r, n
}

func isDigit(c byte) bool      { return c >= '0' && c <= '9' }
func isIdentStart(c byte) bool { return identClass[c]&identStart != 0 }
func isIdentPart(c byte) bool  { return identClass[c] != 0 }

// identClass classes every byte: identStart for a letter or '_', identDigit
// for a digit, 0 for the rest.
var identClass = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			t[c] = identStart
		case c >= '0' && c <= '9':
			t[c] = identDigit
		}
	}
	return t
}()

const (
	identStart = 1 << iota
	identDigit
)
