package svg

import (
	"strconv"
	"unicode/utf8"
)

// Problem is one diagnostic as the error drawing lists it.
type Problem struct {
	Severity string // "error", "warning" or "info"
	Code     string // "" for a syntax error with no catalogued code
	// Line and Col are 1-based; 0 when the finding has no position.
	Line, Col int
	Message   string
	Fix       string // "" when there is no fix text
}

// Error drawing layout, in px.
const (
	errWidth      = 800
	errMargin     = 28
	errHeaderH    = 80
	errRowH       = 74
	errRowFixH    = 20 // extra height of a row with a fix line
	errRowGap     = 10
	errMaxRows    = 40  // problems listed before "… and N more"
	errMaxRunes   = 100 // longer messages are cut with an ellipsis
	errTitleSize  = 20
	errTextSize   = 14
	errSmallSize  = 13
	errAccentW    = 4
	errColourBad  = "#c23b3b"
	errColourWarn = "#b7791f"
)

// RenderErrors draws the diagnostics of a plan that could not be drawn: a
// small self-contained SVG card with a heading and one row per problem
// (severity, code, line:col, message, fix). All text is escaped.
func RenderErrors(title string, problems []Problem) []byte {
	if title == "" {
		title = "ArchLang: the plan could not be drawn"
	}
	shown := problems
	if len(shown) > errMaxRows {
		shown = shown[:errMaxRows]
	}
	h := errHeaderH + errMargin
	for _, p := range shown {
		h += errRowH + errRowGap
		if p.Fix != "" {
			h += errRowFixH
		}
	}
	if len(problems) > len(shown) {
		h += errRowH / 2
	}
	var b w
	W, H := strconv.Itoa(errWidth), strconv.Itoa(h)
	b.s(`<svg xmlns="http://www.w3.org/2000/svg" width="`, W, `" height="`, H, `" viewBox="0 0 `, W, " ", H,
		`" font-family="Helvetica, Arial, sans-serif" role="img" aria-label="`, esc(title), `">`, "\n")
	b.s(`<rect x="0" y="0" width="`, W, `" height="`, H, `" fill="`, colRoom, `"/>`, "\n")
	b.s(`<text x="`, itoa(errMargin), `" y="44" font-size="`, itoa(errTitleSize), `" font-weight="700" fill="`, colRoomName, `">`, esc(clip(title)), "</text>\n")
	b.s(`<text x="`, itoa(errMargin), `" y="66" font-size="`, itoa(errSmallSize), `" fill="`, colTitleLabel, `">`, esc(count(problems)), "</text>\n")
	y := errHeaderH
	for _, p := range shown {
		rh := errRowH
		if p.Fix != "" {
			rh += errRowFixH
		}
		colour := errColourBad
		if p.Severity == "warning" || p.Severity == "info" {
			colour = errColourWarn
		}
		b.s(`<rect x="`, itoa(errMargin), `" y="`, itoa(y), `" width="`, itoa(errWidth-2*errMargin), `" height="`, itoa(rh),
			`" fill="#ffffff" stroke="`, colTitleLabel, `" stroke-width="1"/>`, "\n")
		b.s(`<rect x="`, itoa(errMargin), `" y="`, itoa(y), `" width="`, itoa(errAccentW), `" height="`, itoa(rh), `" fill="`, colour, `"/>`, "\n")
		head := p.Severity
		if head == "" {
			head = "error"
		}
		if p.Code != "" {
			head += "  " + p.Code
		}
		if p.Line > 0 {
			head += "  " + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
		}
		x := itoa(errMargin + 20)
		b.s(`<text x="`, x, `" y="`, itoa(y+25), `" font-size="`, itoa(errSmallSize), `" font-weight="700" fill="`, colour, `">`, esc(clip(head)), "</text>\n")
		b.s(`<text x="`, x, `" y="`, itoa(y+50), `" font-size="`, itoa(errTextSize), `" fill="`, colRoomName, `">`, esc(clip(p.Message)), "</text>\n")
		if p.Fix != "" {
			b.s(`<text x="`, x, `" y="`, itoa(y+72), `" font-size="`, itoa(errSmallSize), `" fill="`, colTitleLabel, `">`, esc(clip("Fix: "+p.Fix)), "</text>\n")
		}
		y += rh + errRowGap
	}
	if n := len(problems) - len(shown); n > 0 {
		b.s(`<text x="`, itoa(errMargin), `" y="`, itoa(y+20), `" font-size="`, itoa(errSmallSize), `" fill="`, colTitleLabel, `">… and `, itoa(n), " more</text>\n")
	}
	b.s("</svg>\n")
	return b.Bytes()
}

func itoa(v int) string { return strconv.Itoa(v) }

func count(ps []Problem) string {
	var e, o int
	for _, p := range ps {
		if p.Severity == "" || p.Severity == "error" {
			e++
		} else {
			o++
		}
	}
	s := plural(e, "error")
	if o > 0 {
		s += ", " + plural(o, "other finding")
	}
	return s
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// clip shortens s to errMaxRunes runes.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= errMaxRunes {
		return s
	}
	r := []rune(s)
	return string(r[:errMaxRunes-1]) + "…"
}
