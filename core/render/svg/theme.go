package svg

import (
	"fmt"
	"math"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/ir"
)

// palette is every colour, the font and the line-weight multiplier a
// drawing uses.
type palette struct {
	font                 string
	weight               float64 // multiplier on every stroke width
	bg                   string  // page background
	paper                string  // window masks and fixture basins
	hatchFill, hatchLine string
	room                 string
	furnFill, furnLine   string
	furnText             string
	wall                 string // glazing faces, cased lintels (and the outline)
	wallOutline          string // cut wall outline
	door                 string
	glass                string
	roomLabel, areaLabel string
	dim                  string
	chrome, chromeLabel  string
}

const defaultFont = "Helvetica, Arial, sans-serif"

// basePalettes are the built-in palettes, by `theme <name>`.
var basePalettes = map[string]palette{
	"": {font: defaultFont, weight: 1, bg: colPaper, paper: colPaper, hatchFill: colPocheFill, hatchLine: colPocheLine,
		room: colRoom, furnFill: colFurnFill, furnLine: colFurnLine, furnText: colFurnText, wall: colWall, door: colDoor,
		glass: colGlass, roomLabel: colRoomName, areaLabel: colRoomArea, dim: colDim, chrome: colChrome, chromeLabel: colTitleLabel},
	"blueprint": {font: defaultFont, weight: 1, bg: "#0b3d6b", paper: "#0b3d6b", hatchFill: "#0e4a82", hatchLine: "#3b6ea5",
		room: "#0b3d6b", furnFill: "#0e4a82", furnLine: "#9fc0e6", furnText: "#cfe0f5", wall: "#ffffff", door: "#cfe0f5",
		glass: "#bcd6f2", roomLabel: "#eaf2fb", areaLabel: "#a9c6e8", dim: "#eaf2fb", chrome: "#eaf2fb", chromeLabel: "#9fc0e6"},
	"mono": {font: defaultFont, weight: 1, bg: "#ffffff", paper: "#ffffff", hatchFill: "#ffffff", hatchLine: "#000000",
		room: "#ffffff", furnFill: "#ffffff", furnLine: "#000000", furnText: "#333333", wall: "#000000", door: "#000000",
		glass: "#000000", roomLabel: "#000000", areaLabel: "#444444", dim: "#000000", chrome: "#000000", chromeLabel: "#555555"},
	"dark": {font: defaultFont, weight: 1, bg: "#1e2127", paper: "#1e2127", hatchFill: "#3a3f4b", hatchLine: "#5a6172",
		room: "#272b33", furnFill: "#2f343d", furnLine: "#6b7280", furnText: "#c9ced8", wall: "#e8e8e8", door: "#c9ced8",
		glass: "#6cb6ff", roomLabel: "#f0f0f0", areaLabel: "#9aa0aa", dim: "#6cb6ff", chrome: "#cfd3da", chromeLabel: "#888f99"},
	"presentation": {font: "Georgia, 'Times New Roman', serif", weight: 1.1, bg: "#faf7f2", paper: "#faf7f2", hatchFill: "#e7ded0",
		hatchLine: "#b9a98f", room: "#fffdf9", furnFill: "#f3ece0", furnLine: "#b7a98f", furnText: "#9a8d78", wall: "#2b2b2b",
		door: "#6b5d49", glass: "#7fa8c9", roomLabel: "#2b2b2b", areaLabel: "#8a7f70", dim: "#3c6b8a", chrome: "#3a3a3a", chromeLabel: "#9a8d78"},
}

// Saturation factors and lightness of the hatch colours `theme from`
// derives from its one colour.
const (
	fromFillSat   = 0.3
	fromFillLight = 0.92
	fromLineSat   = 0.55
	fromLineLight = 0.72
	maxLineWeight = 100
)

// themeOf resolves the plan's palette: the named base, then `theme from`,
// then the `theme { … }` entries in source order.
func themeOf(st ir.Settings) palette {
	p, ok := basePalettes[st.Theme]
	if !ok {
		p = basePalettes[""]
	}
	if c, ok := parseHex(st.ThemeFrom); ok {
		h, s, _ := hsl(c)
		p.wall = hexOf(c)
		p.hatchFill = hexOf(fromHSL(h, s*fromFillSat, fromFillLight))
		p.hatchLine = hexOf(fromHSL(h, s*fromLineSat, fromLineLight))
	}
	for _, e := range st.ThemeEntries {
		if e.Key == "lineWeight" {
			if e.IsNum && e.Num > 0 && e.Num <= maxLineWeight {
				p.weight = e.Num
			}
			continue
		}
		if e.IsNum {
			continue
		}
		v := e.Str
		if e.Key == "font" {
			p.font = v
			continue
		}
		// A blank value (resolve blanks an unsafe one, W_SANITIZED_CONFIG)
		// replaces the colour too: the reference then draws the attribute
		// empty, or leaves an optional stroke off.
		if v != "" && !safeColour(v) {
			continue
		}
		switch e.Key {
		case "background":
			p.bg = v
		case "wall", "wallStroke":
			p.wall = v
		case "wallFill":
			p.hatchFill = v
		case "wallHatch":
			p.hatchLine = v
		case "room", "roomFill":
			p.room = v
		case "roomLabel":
			p.roomLabel = v
		case "areaLabel":
			p.areaLabel = v
		case "furniture", "furnitureFill":
			p.furnFill = v
		case "furnitureStroke":
			p.furnLine = v
		case "door", "doorStroke":
			p.door = v
		case "window", "glass", "windowStroke":
			p.glass = v
		case "dim", "dimStroke":
			p.dim = v
		case "annotation":
			p.chrome = v
		}
	}
	outlineSet := false
	for _, sty := range st.Styles {
		for _, e := range sty.Entries {
			if e.IsNum {
				continue
			}
			v := e.Str
			sk := sty.Kind + "." + e.Key
			if v == "" && !blankStyleKeys[sk] || v != "" && !safeColour(v) {
				continue
			}
			switch sk {
			case "wall.stroke":
				p.wallOutline, outlineSet = v, true
			case "wall.fill":
				p.hatchFill = v
			case "room.fill":
				p.room = v
			case "room.label", "room.text":
				p.roomLabel = v
			case "furniture.fill":
				p.furnFill = v
			case "furniture.stroke":
				p.furnLine = v
			case "door.stroke":
				p.door = v
			case "window.stroke":
				p.glass = v
			case "dim.stroke", "dim.fill":
				p.dim = v
			}
		}
	}
	if !outlineSet {
		p.wallOutline = p.wall
	}
	return p
}

// blankStyleKeys are the `style` entries whose blank value (an unsafe
// one blanked by resolve) still replaces the colour, as in the reference;
// the others keep the colour they had.
var blankStyleKeys = map[string]bool{
	"wall.stroke": true, "room.fill": true, "room.label": true,
	"furniture.fill": true, "furniture.stroke": true,
}

// safeColour accepts a CSS colour word or #hex, nothing that could break
// out of an attribute.
func safeColour(v string) bool {
	if v == "" || len(v) > 64 {
		return false
	}
	for _, r := range v {
		if !(r == '#' || r == '(' || r == ')' || r == ',' || r == '.' || r == '%' || r == ' ' ||
			(r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')) {
			return false
		}
	}
	return true
}

type rgb struct{ r, g, b float64 } // 0..1

func parseHex(s string) (rgb, bool) {
	s = strings.TrimPrefix(s, "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if len(s) != 6 {
		return rgb{}, false
	}
	var v [3]int
	for i := range v {
		if _, err := fmt.Sscanf(s[2*i:2*i+2], "%02x", &v[i]); err != nil {
			return rgb{}, false
		}
	}
	return rgb{float64(v[0]) / 255, float64(v[1]) / 255, float64(v[2]) / 255}, true
}

func hexOf(c rgb) string {
	ch := func(v float64) int { return int(math.Round(math.Max(0, math.Min(1, v)) * 255)) }
	return fmt.Sprintf("#%02x%02x%02x", ch(c.r), ch(c.g), ch(c.b))
}

func hsl(c rgb) (h, s, l float64) {
	mx := math.Max(c.r, math.Max(c.g, c.b))
	mn := math.Min(c.r, math.Min(c.g, c.b))
	l = (mx + mn) / 2
	d := mx - mn
	if d == 0 {
		return 0, 0, l
	}
	if l > 0.5 {
		s = d / (2 - mx - mn)
	} else {
		s = d / (mx + mn)
	}
	switch mx {
	case c.r:
		h = math.Mod((c.g-c.b)/d+6, 6)
	case c.g:
		h = (c.b-c.r)/d + 2
	default:
		h = (c.r-c.g)/d + 4
	}
	return h * 60, s, l
}

func fromHSL(h, s, l float64) rgb {
	c := (1 - math.Abs(2*l-1)) * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := l - c/2
	var r, g, b float64
	switch {
	case h < 60:
		r, g, b = c, x, 0
	case h < 120:
		r, g, b = x, c, 0
	case h < 180:
		r, g, b = 0, c, x
	case h < 240:
		r, g, b = 0, x, c
	case h < 300:
		r, g, b = x, 0, c
	default:
		r, g, b = c, 0, x
	}
	return rgb{r + m, g + m, b + m}
}
