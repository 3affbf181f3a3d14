package lint

// Profile is a named set of lint thresholds.
type Profile struct {
	Name string
	// MinDoorWidth is the smallest nominal door width (mm) that passes
	// W_DOOR_CLEARANCE.
	MinDoorWidth float64
	// MinRoomArea is the smallest room floor area (m²) that passes
	// W_ROOM_TOO_SMALL.
	MinRoomArea float64
	// MinWalkClear is the narrowest clear walking width (mm) on the way to
	// a room that passes W_PATH_TOO_NARROW; it is also the minimum passable
	// width the door rules quote.
	MinWalkClear float64
	// MaxDetour is the largest walk/straight-line ratio that passes
	// W_CIRCUITOUS_PATH.
	MaxDetour float64
	// SwingBuffer (mm) is added to a door leaf's radius when checking its
	// swing for obstructions.
	SwingBuffer float64
}

// DefaultProfile is the profile used when none (or an unknown one) is named.
const DefaultProfile = "residential-basic"

// Profiles are the known profiles, default first.
var Profiles = []Profile{
	{Name: DefaultProfile, MinDoorWidth: 700, MinRoomArea: 4, MinWalkClear: 700, MaxDetour: 3.0, SwingBuffer: 0},
	{Name: "accessibility-advisory", MinDoorWidth: 850, MinRoomArea: 5, MinWalkClear: 900, MaxDetour: 3.0, SwingBuffer: 150},
}

// ProfileByName returns the named profile, or the default one.
func ProfileByName(name string) Profile {
	for _, p := range Profiles {
		if p.Name == name {
			return p
		}
	}
	return Profiles[0]
}
