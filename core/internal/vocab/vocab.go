// Package vocab holds the closed word sets of ArchLang that several stages
// share: the parser accepts them, Plan JSON checks them, the plan model
// carries them and the renderers switch on them. One list each, so a word
// added to the language is added once.
package vocab

// DoorKind is a door's mechanism, as a plan names it.
type DoorKind string

// The door kinds.
const (
	Hinged  DoorKind = "hinged"
	Sliding DoorKind = "sliding"
	Barn    DoorKind = "barn"
	Bifold  DoorKind = "bifold"
	Pocket  DoorKind = "pocket"
)

// DoorKinds lists every door kind, in the order the language documents
// them.
var DoorKinds = []DoorKind{Hinged, Sliding, Barn, Bifold, Pocket}

// IsDoorKind reports whether w names a door kind.
func IsDoorKind(w string) bool { return Has(DoorKinds, w) }

// DoorKindWords is DoorKinds as plain strings.
func DoorKindWords() []string { return Words(DoorKinds) }

// Hand is the side a door's leaf is hinged on (`hinge left`) or slides
// to (`slide right`).
type Hand string

// The hands.
const (
	Left  Hand = "left"
	Right Hand = "right"
)

// Hands lists both hands.
var Hands = []Hand{Left, Right}

// Swing is the side a hinged door's leaf opens to (`swing in`). The
// parser's `swing into <room>` names a room instead and is not a Swing.
type Swing string

// The swings.
const (
	In  Swing = "in"
	Out Swing = "out"
)

// Swings lists both swings.
var Swings = []Swing{In, Out}
