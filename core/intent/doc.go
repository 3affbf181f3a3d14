// Package intent is ArchLang's intent contract: a brief's checkable
// expectations written as data (room count, room concepts with count, area
// and window bands, total area, door adjacency, reachability), decoded from
// untrusted JSON, lowered to a flat list of predicates and measured against
// a plan's describe facts.
//
// Entry points:
//
//   - Decode(raw) (*Intent, []string): the no-panic walker. A malformed
//     document yields nil and the pathed errors ("/rooms: expected an
//     integer ≥ 0"), in the reference's order.
//   - Lower(in) []Predicate: the assertions, in evaluation order.
//   - Evaluate(in, facts) Report: {ok, satisfied, total, subscores,
//     violations}; Report.Score is the meter's single number.
//   - Feedback(report) []string: one correction prompt per violation.
//   - CheckGraph(facts, raw) GraphReport: interior-door adjacency against an
//     intended room graph (validate's graph option).
//
// Gating predicates (room count, presence, area, windows, site) decide ok;
// adjacency and reachability are advisory and only score. Evaluation is
// pure and deterministic: lists follow the intent's and the plan's order,
// never map order.
package intent
