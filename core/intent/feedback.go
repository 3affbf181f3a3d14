package intent

import "strings"

// Feedback returns one correction prompt per violation, in the same order:
// advisory text an author (or an agent) may act on, never applied by
// ArchLang itself.
func Feedback(r Report) []string {
	out := []string{}
	vi := 0
	for _, res := range r.Results {
		if res.Pass {
			continue
		}
		v := r.Violations[vi]
		vi++
		detail := v.Message
		if _, rest, ok := strings.Cut(detail, ": "); ok {
			detail = rest
		}
		out = append(out, prompt(res.Predicate, v.Code)+" ("+detail+").")
	}
	return out
}

// prompt is the instruction for one failed predicate.
func prompt(p Predicate, code string) string {
	switch code {
	case CodeRoomCount:
		return "Add or remove rooms until the count matches the brief; one extra hall or corridor beyond the ones the brief names is tolerated"
	case CodeRoomMissing:
		return "Add a room for " + quote(p.Req.Concept) + " whose label, uses tag or room type the concept recognises"
	case CodeRoomArea:
		return "Resize the " + quote(p.Req.Concept) + " room(s) until their floor area falls inside the brief's band"
	case CodeTotalArea:
		return "Grow or shrink rooms until the plan's total floor area falls inside the brief's band"
	case CodeNoWindow:
		return "Give the " + quote(p.Req.Concept) + " room(s) windows on their walls, facing the way the brief asks if it names a direction"
	case CodeNoSite:
		return "Declare a site block with a street so the direction name has a compass letter, or assert the letter itself"
	case CodeNotAdjacent:
		return "Put a door or a cased opening in a wall the two rooms share"
	case CodeNoDoor:
		return "Add an entrance door on an exterior wall"
	}
	return "Add interior doors until every room connects back to an entrance"
}

func quote(s string) string { return `"` + s + `"` }
