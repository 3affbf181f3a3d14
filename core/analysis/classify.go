package analysis

import "strings"

// Room types, the RPLAN-style categories describe reports as room_type.
const (
	TypeLiving   = "LivingRoom"
	TypeMaster   = "MasterRoom"
	TypeKitchen  = "Kitchen"
	TypeBathroom = "Bathroom"
	TypeDining   = "DiningRoom"
	TypeStudy    = "StudyRoom"
	TypeEntrance = "Entrance"
	TypeStorage  = "Storage"
	TypeRoom     = "Room"
)

// typeOrder ranks the room types: a room with several uses takes the first
// type any of its uses maps to.
var typeOrder = []struct {
	typ  string
	uses []string
}{
	{TypeLiving, []string{"living"}},
	{TypeMaster, []string{"bedroom"}},
	{TypeKitchen, []string{"kitchen"}},
	{TypeDining, []string{"dining"}},
	{TypeStudy, []string{"office"}},
	{TypeBathroom, []string{"bath", "wc"}},
	{TypeEntrance, []string{"hall", "circulation", "entry"}},
	{TypeStorage, []string{"storage", "utility"}},
}

// RoomType maps a room's uses to its room_type ("Room" when none applies).
func RoomType(uses []string) string {
	for _, t := range typeOrder {
		for _, u := range t.uses {
			for _, v := range uses {
				if u == v {
					return t.typ
				}
			}
		}
	}
	return TypeRoom
}

// useTerm is one word the label classifier recognises. Alias terms are
// indirect (the lint layer flags a use read only from an alias).
type useTerm struct {
	pattern string // lower case; a space matches one optional ' ', '-' or '_'
	alias   bool
}

// useRule is the terms of one inferred use.
type useRule struct {
	use   string
	terms []useTerm
}

// useRules are the inferred uses in output order. Within one group only
// the first matching use is kept (a "WC" beats "bath", "entry" beats
// "hall").
var useRules = [][]useRule{
	{{"bedroom", []useTerm{{"bedroom", false}, {"bed room", false}, {"bed", false}}}},
	{
		{"wc", []useTerm{{"wc", false}, {"toilet", false}, {"powder", true}}},
		{"bath", []useTerm{{"bathroom", false}, {"bath", false}, {"shower", false}, {"en suite", true}, {"washroom", true}}},
	},
	{{"kitchen", []useTerm{{"kitchenette", false}, {"kitchen", false}}}},
	{
		{"entry", []useTerm{{"entrance", false}, {"entry", false}, {"foyer", true}, {"vestibule", true}, {"mudroom", true}}},
		{"hall", []useTerm{{"hallway", false}, {"hall", false}, {"corridor", false}, {"landing", true}}},
	},
}

// UseMatch is one use inferred from a room's label (or id), with the term
// that matched it.
type UseMatch struct {
	Use   string
	Term  string // the term as the classifier names it ("en suite", "powder")
	Alias bool   // the term is an indirect alias, not a direct word
}

// InferUses classifies a room that has no authored uses from its label, or
// from its id when it has no label. It returns the inferred uses in the
// order describe lists them.
func InferUses(label, id string) []UseMatch {
	text := label
	if text == "" {
		text = id
	}
	text = strings.ToLower(text)
	// The bytes the text's words start with: a term whose first byte is
	// none of them matches nowhere (see matchTerm).
	var starts [256]bool
	for i := 0; i < len(text); i++ {
		if i == 0 || isWordSep(text[i-1]) {
			starts[text[i]] = true
		}
	}
	var out []UseMatch
	for _, group := range useRules {
	rules:
		for _, r := range group {
			for _, t := range r.terms {
				if c := t.pattern[0]; c != ' ' && !starts[c] {
					continue
				}
				if m, ok := matchTerm(text, t.pattern); ok {
					out = append(out, UseMatch{Use: r.use, Term: m, Alias: t.alias})
					break rules
				}
			}
		}
	}
	return out
}

// RoomUses returns a room's uses as describe reports them: the authored
// tags (duplicates dropped), else the ones inferred from its label or id.
func RoomUses(authored []string, label, id string) []string {
	out := []string{}
	if len(authored) > 0 {
		for _, u := range authored {
			dup := false
			for _, v := range out {
				dup = dup || v == u
			}
			if !dup {
				out = append(out, u)
			}
		}
		return out
	}
	for _, m := range InferUses(label, id) {
		out = append(out, m.Use)
	}
	return out
}

// matchTerm reports whether pattern occurs in text as a whole word. A
// label is read as words split only on ' ', '-', '_' and '/'; a word
// matches when it equals the term, or equals it once its trailing digits
// are dropped ("bath2" reads as "bath"). Any other punctuation stays part
// of the word, so "(Bath)" and "Bath." match nothing. It returns the
// matched text with its separators read as spaces.
func matchTerm(text, pattern string) (string, bool) {
	for i := 0; i < len(text); i++ {
		// A match starts a word, with the pattern's first byte unless
		// that is an optional separator.
		if i > 0 && !isWordSep(text[i-1]) || len(pattern) > 0 && pattern[0] != ' ' && text[i] != pattern[0] {
			continue
		}
		n, ok := matchAt(text[i:], pattern)
		if !ok {
			continue
		}
		j := i + n
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		if j == len(text) || isWordSep(text[j]) {
			return spaced(text[i : i+n]), true
		}
	}
	return "", false
}

// spaced is m with its '-' and '_' read as spaces.
func spaced(m string) string {
	if strings.IndexAny(m, "-_") < 0 {
		return m
	}
	b := []byte(m)
	for i, c := range b {
		if c == '-' || c == '_' {
			b[i] = ' '
		}
	}
	return string(b)
}

// isWordSep reports whether c separates the words of a label.
func isWordSep(c byte) bool { return c == ' ' || c == '-' || c == '_' || c == '/' }

// matchAt matches pattern at the start of s, a space in the pattern
// standing for an optional ' ', '-' or '_'. It returns the bytes consumed.
func matchAt(s, pattern string) (int, bool) {
	j := 0
	for k := 0; k < len(pattern); k++ {
		c := pattern[k]
		if c == ' ' {
			if j < len(s) && (s[j] == ' ' || s[j] == '-' || s[j] == '_') {
				j++
			}
			continue
		}
		if j >= len(s) || s[j] != c {
			return 0, false
		}
		j++
	}
	return j, true
}
