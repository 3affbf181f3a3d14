package vocab

// Compass is a compass point, as a site block names it.
type Compass string

// The compass points.
const (
	North Compass = "north"
	South Compass = "south"
	East  Compass = "east"
	West  Compass = "west"
)

// Streets lists the sides a site's street may lie on (`street south`), in
// the order messages list them.
var Streets = []Compass{North, South, East, West}

// Hemispheres lists the hemispheres a site may lie in (`hemisphere
// south`), in the order messages list them.
var Hemispheres = []Compass{North, South}
