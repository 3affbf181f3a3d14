package intent

import "github.com/archlang-go/caddy-archlang/core/analysis"

// vocabEntry is what a known concept key accepts: label phrases (each a
// list of words), authored or inferred uses, and room types. Matching by id
// is for unknown concepts only.
type vocabEntry struct {
	phrases [][]string
	uses    []string
	types   []string
}

// entry builds a vocabEntry from space-separated phrases.
func entry(phrases []string, uses, types []string) *vocabEntry {
	e := &vocabEntry{uses: uses, types: types}
	for _, p := range phrases {
		e.phrases = append(e.phrases, words(p))
	}
	return e
}

// Concept keys with a vocabulary. Keys are matched exactly (case and
// punctuation included); any other concept falls back to literal matching.
const (
	ConceptHall     = "hall"
	ConceptCorridor = "corridor"
)

// vocabulary maps the concept keys a brief commonly names to the labels,
// uses and room types that satisfy them.
var vocabulary = map[string]*vocabEntry{
	"bathroom": entry([]string{"bath", "bathroom", "cloakroom", "ensuite", "en suite", "lavatory", "restroom", "toilet", "washroom", "wc", "shower room", "wet room"},
		[]string{"bath", "wc"}, nil),
	"wc":            entry([]string{"bathroom", "cloakroom", "lavatory", "restroom", "toilet", "washroom", "wc"}, nil, []string{analysis.TypeBathroom}),
	"wet-room":      entry([]string{"bathroom", "wetroom", "shower room", "wet room"}, nil, []string{analysis.TypeBathroom}),
	"main-bathroom": entry([]string{"bathroom"}, nil, []string{analysis.TypeBathroom}),
	"bedroom":       entry([]string{"bedroom", "bed room"}, []string{"bedroom"}, nil),
	"master-bedroom": entry([]string{"main bedroom", "master bedroom", "master suite", "primary bedroom", "principal bedroom"},
		nil, []string{analysis.TypeMaster}),
	"living-room":     entry([]string{"living", "lounge", "family room", "sitting room"}, nil, []string{analysis.TypeLiving}),
	"studio-room":     entry([]string{"bedsit", "living", "studio", "main room"}, nil, []string{analysis.TypeLiving}),
	"kitchen":         entry([]string{"galley", "kitchen", "kitchenette"}, []string{"kitchen"}, nil),
	"kitchenette":     entry([]string{"kitchen", "kitchenette", "pantry", "tea point"}, nil, []string{analysis.TypeKitchen}),
	"tea-point":       entry([]string{"breakout", "kitchenette", "pantry", "tea", "teapoint", "break area"}, []string{"kitchen"}, nil),
	"dining":          entry([]string{"dining"}, nil, []string{analysis.TypeDining}),
	ConceptHall:       entry([]string{"corridor", "entrance", "entry", "foyer", "hall", "hallway", "landing", "passage", "vestibule"}, []string{"hall"}, []string{analysis.TypeEntrance}),
	ConceptCorridor:   entry([]string{"circulation", "corridor", "hall", "hallway", "passage"}, nil, []string{analysis.TypeEntrance}),
	"utility":         entry([]string{"laundry", "utility"}, nil, []string{analysis.TypeStorage}),
	"study":           entry([]string{"den", "office", "study", "workroom"}, []string{"office"}, nil),
	"open-office":     entry([]string{"office", "workspace", "open area", "open plan", "work area"}, []string{"office"}, nil),
	"private-office":  entry([]string{"office"}, nil, nil),
	"meeting-room":    entry([]string{"boardroom", "meeting", "conference room"}, nil, nil),
	"reception":       entry([]string{"lobby", "reception", "front desk", "waiting area"}, nil, nil),
	"consulting-room": entry([]string{"consult", "room"}, nil, nil),
	"suite":           entry([]string{"suite"}, nil, nil),
}
