package lint

import (
	"sort"
	"strconv"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// Budgets. The reference lists every finding and compares every pair of
// elements; a plan of a few hundred bytes can then ask for millions of
// findings (800 stacked beds make 320 000 overlaps). Lint lists at most
// MaxFindingsPerCode findings of one code and MaxFindings in all, and its
// rules examine at most MaxPairs element pairs per run; a list cut by any
// of them ends with one I_FINDINGS_TRUNCATED note saying how many findings
// were left out. No example plan, and no generated grid of up to 64 KiB,
// comes within a factor of three of any of them (the 64 KiB grid has 741
// findings, 271 of one code; TestBudgetsSpareRealPlans).
const (
	// MaxFindingsPerCode is the most findings of one code a run lists.
	MaxFindingsPerCode = 1000
	// MaxFindings is the most findings a run lists in all.
	MaxFindings = 4000
	// MaxPairs caps the element-by-element tests (a piece against a
	// piece, a room against an opening, …) the rules of one run make.
	// Past it the rules stop comparing, and the note says more findings
	// may be missing.
	MaxPairs = 4_000_000
)

// TruncatedCode is the code of the note that ends a cut list.
const TruncatedCode = diag.InfoFindingsTruncated

// budget is what one run has spent, shared by the checkers of its storeys.
type budget struct {
	listed  map[string]int // findings kept, by code
	omitted map[string]int // findings over MaxFindingsPerCode, by code
	pairs   int
	// cut is set once the rules ran out of MaxPairs.
	cut bool
}

func newBudget() *budget {
	return &budget{listed: map[string]int{}, omitted: map[string]int{}}
}

// full reports whether code already has MaxFindingsPerCode findings; a
// rule that sees it counts the finding with omit instead of building it.
func (c *checker) full(code string) bool {
	return c.budget.listed[code] >= MaxFindingsPerCode
}

// omit counts one finding of code that is not listed.
func (c *checker) omit(code string) { c.budget.omitted[code]++ }

// spend charges n element-by-element tests to the run; false once MaxPairs
// is spent, when the rule should stop comparing.
func (c *checker) spend(n int) bool {
	b := c.budget
	if b.cut {
		return false
	}
	b.pairs += n
	if b.pairs > MaxPairs {
		b.cut = true
		return false
	}
	return true
}

// cap applies the total budget to the (filtered) list l, in order, and
// ends a cut list with the note. kept reports whether a code survived the
// display filter, for counting what the per-code cap left out.
func (b *budget) cap(l diag.List, kept func(string) bool) diag.List {
	omitted := map[string]int{}
	for code, n := range b.omitted {
		if kept(code) {
			omitted[code] += n
		}
	}
	if len(l) > MaxFindings {
		for _, d := range l[MaxFindings:] {
			omitted[d.Code]++
		}
		l = l[:MaxFindings]
	}
	if len(omitted) == 0 && !b.cut {
		return l
	}
	return append(l, truncatedNote(omitted, b.cut))
}

// truncatedNote says how many findings were left out, by code, and
// whether the pair budget ran out too.
func truncatedNote(omitted map[string]int, cut bool) diag.Diagnostic {
	codes := make([]string, 0, len(omitted))
	total := 0
	for code, n := range omitted {
		codes = append(codes, code)
		total += n
	}
	sort.Strings(codes)
	var msg strings.Builder
	if total > 0 {
		msg.WriteString("The list was cut: " + strconv.Itoa(total) + " more " + plural(total, "finding") + " left out (")
		for i, code := range codes {
			if i > 0 {
				msg.WriteString(", ")
			}
			msg.WriteString(code + ": " + strconv.Itoa(omitted[code]))
		}
		msg.WriteString("). At most " + strconv.Itoa(MaxFindingsPerCode) + " findings of one code and " + strconv.Itoa(MaxFindings) + " in all are listed.")
	} else {
		msg.WriteString("The list may be incomplete.")
	}
	if cut {
		msg.WriteString(" The rules stopped comparing elements after " + strconv.Itoa(MaxPairs) + " pairs, so more findings may be missing.")
	}
	d := diag.New(TruncatedCode, source.Span{}, "%s", msg.String())
	d.Unplaced = true
	return d
}

// plural is "finding was" or "findings were", for n.
func plural(n int, word string) string {
	if n == 1 {
		return word + " was"
	}
	return word + "s were"
}

// pairHeap keeps the max smallest pairs (i, j) pushed to it, by i and then
// j, and counts the others: a rule that may find millions of pairs lists
// the first ones in the reference's order in bounded memory.
type pairHeap struct {
	max     int
	pairs   [][2]int // a max-heap on (i, j)
	dropped int
}

func pairLess(a, b [2]int) bool { return a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]) }

// push offers the pair (i, j).
func (h *pairHeap) push(i, j int) {
	p := [2]int{i, j}
	if h.max <= 0 {
		h.dropped++
		return
	}
	if len(h.pairs) == h.max {
		h.dropped++
		if !pairLess(p, h.pairs[0]) {
			return
		}
		h.pairs[0] = p
		h.down(0)
		return
	}
	h.pairs = append(h.pairs, p)
	for k := len(h.pairs) - 1; k > 0; {
		up := (k - 1) / 2
		if !pairLess(h.pairs[up], h.pairs[k]) {
			break
		}
		h.pairs[up], h.pairs[k] = h.pairs[k], h.pairs[up]
		k = up
	}
}

// down restores the heap below k.
func (h *pairHeap) down(k int) {
	n := len(h.pairs)
	for {
		big := k
		for _, ch := range []int{2*k + 1, 2*k + 2} {
			if ch < n && pairLess(h.pairs[big], h.pairs[ch]) {
				big = ch
			}
		}
		if big == k {
			return
		}
		h.pairs[big], h.pairs[k] = h.pairs[k], h.pairs[big]
		k = big
	}
}

// sorted returns the kept pairs in order.
func (h *pairHeap) sorted() [][2]int {
	out := append([][2]int(nil), h.pairs...)
	sort.Slice(out, func(a, b int) bool { return pairLess(out[a], out[b]) })
	return out
}
