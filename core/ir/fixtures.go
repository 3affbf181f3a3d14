package ir

import (
	"math"

	"github.com/archlang-go/caddy-archlang/core/geom"
)

// WallFixture is what the soundness checks and the repair tool know about
// one fixture type: a piece that stands against a wall (a WC, a basin, a
// counter, …). The resolver's own footprint table (for `anchor`/`against`
// sizing) is separate: it also knows types, such as "oven", that the
// checks do not treat as wall fixtures.
type WallFixture struct {
	// Back reports a symbol with a distinct back (a shower tray has none).
	Back bool
	// W and D are the catalogue footprint: width along the back, depth.
	W, D float64
	// Clear is the activity space needed in front, in mm; 0 when none is
	// asked for.
	Clear float64
}

// WallFixtures maps every wall-fixture type name, aliases included, to its
// facts. Every type listed needs a wall behind it.
var WallFixtures = map[string]WallFixture{
	"wc":           {Back: true, W: 400, D: 700, Clear: 450},
	"toilet":       {Back: true, W: 400, D: 700, Clear: 450},
	"basin":        {Back: true, W: 600, D: 450, Clear: 450},
	"sink":         {Back: true, W: 600, D: 450, Clear: 550},
	"shower":       {W: 900, D: 900},
	"bathtub":      {Back: true, W: 1700, D: 700, Clear: 550},
	"bath":         {Back: true, W: 1700, D: 700, Clear: 550},
	"tub":          {Back: true, W: 1700, D: 700, Clear: 550},
	"kitchen_sink": {Back: true, W: 800, D: 600, Clear: 550},
	"counter":      {Back: true, W: 600, D: 600, Clear: 550},
	"worktop":      {Back: true, W: 600, D: 600, Clear: 550},
	"stove":        {Back: true, W: 600, D: 600, Clear: 550},
	"hob":          {Back: true, W: 600, D: 600, Clear: 550},
	"cooktop":      {Back: true, W: 600, D: 600, Clear: 550},
	"fridge":       {Back: true, W: 600, D: 650, Clear: 550},
	"refrigerator": {Back: true, W: 600, D: 650, Clear: 550},
}

// The sides of a rectangle, numbered as quarter turns: a fixture with
// rotate 90·k has its back on side k (rotate 0: the top, the smaller y).
const (
	SideTop = iota
	SideRight
	SideBottom
	SideLeft
	SideCount
)

// SideNames names the sides, by number.
var SideNames = [SideCount]string{"top", "right", "bottom", "left"}

// FitsBack reports whether side s of a footprint r can be this fixture's
// back: any side of a square footprint or a square catalogue piece;
// otherwise the long side when the catalogue piece is wider than deep, and
// the short one when it is deeper than wide.
func (fx WallFixture) FitsBack(r geom.Rect, s int) bool {
	along, depth := r.W(), r.H()
	if s == SideLeft || s == SideRight {
		along, depth = depth, along
	}
	if math.Abs(along-depth) <= geom.Eps || fx.W == fx.D {
		return true
	}
	return (along > depth) == (fx.W > fx.D)
}
