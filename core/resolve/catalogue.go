package resolve

// fixture is a catalogued fixture footprint: Along is the extent along the
// wall its back stands on, Depth the extent away from it.
type fixture struct {
	Along, Depth float64
}

// fixtureAlias maps every catalogued category name and alias to its
// canonical category.
var fixtureAlias = map[string]string{
	"wc": "wc", "toilet": "wc",
	"basin":   "basin",
	"shower":  "shower",
	"bathtub": "bathtub", "bath": "bathtub", "tub": "bathtub",
	"kitchen_sink": "kitchen_sink", "sink": "kitchen_sink",
	"counter": "counter", "worktop": "counter",
	"stove": "stove", "hob": "stove", "cooktop": "stove", "oven": "stove",
	"fridge": "fridge", "refrigerator": "fridge",
}

// fixtures are the default footprints of the catalogued fixtures.
var fixtures = map[string]fixture{
	"wc":           {400, 700},
	"basin":        {600, 450},
	"shower":       {900, 900},
	"bathtub":      {1700, 700},
	"kitchen_sink": {800, 600},
	"counter":      {600, 600},
	"stove":        {600, 600},
	"fridge":       {600, 650},
}

// lookupFixture returns the catalogued footprint of a furniture category.
func lookupFixture(category string) (fixture, string, bool) {
	c, ok := fixtureAlias[category]
	if !ok {
		return fixture{}, "", false
	}
	return fixtures[c], c, true
}

// facingFixture reports whether a category's symbol has a distinct back, so
// an anchor derives its rotation (a shower tray is symmetric).
func facingFixture(category string) bool {
	c, ok := fixtureAlias[category]
	return ok && c != "shower"
}

// knownMaterials are the wall hatch names.
var knownMaterials = []string{"poche", "concrete", "brick", "insulation", "tile", "none"}
