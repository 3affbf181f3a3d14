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
func IsDoorKind(w string) bool {
	for _, k := range DoorKinds {
		if string(k) == w {
			return true
		}
	}
	return false
}

// DoorKindWords is DoorKinds as plain strings.
func DoorKindWords() []string {
	out := make([]string, len(DoorKinds))
	for i, k := range DoorKinds {
		out[i] = string(k)
	}
	return out
}
