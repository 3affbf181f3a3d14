package analysis

import (
	"strings"

	"github.com/archlang-go/caddy-archlang/core/ir"
)

// compassWords maps a direction word to its compass letter.
var compassWords = map[string]string{"north": "N", "south": "S", "east": "E", "west": "W", "n": "N", "s": "S", "e": "E", "w": "W"}

var opposite = map[string]string{"N": "S", "S": "N", "E": "W", "W": "E"}

func siteFacts(st ir.Settings) *Site {
	if st.SiteStreet == "" {
		return nil
	}
	street := compassWords[strings.ToLower(st.SiteStreet)]
	hemi := strings.ToLower(st.SiteHemisphere)
	if hemi == "" {
		hemi = "north"
	}
	eq := "S"
	if hemi == "south" {
		eq = "N"
	}
	return &Site{Street: street, Back: opposite[street], EquatorSide: eq, SunriseSide: "E", SunsetSide: "W", Hemisphere: hemi}
}

// SiteDirection resolves a site direction name (street, back,
// equator_side, sunrise_side, sunset_side) to its compass letter; ok is
// false when the plan has no site or the name is not one of them.
func SiteDirection(st ir.Settings, name string) (string, bool) {
	s := siteFacts(st)
	if s == nil {
		return "", false
	}
	switch name {
	case "street":
		return s.Street, true
	case "back":
		return s.Back, true
	case "equator_side":
		return s.EquatorSide, true
	case "sunrise_side":
		return s.SunriseSide, true
	case "sunset_side":
		return s.SunsetSide, true
	}
	return "", false
}
