// Package lint is ArchLang's advisory soundness pass: it reads a resolved
// plan (and the facts core/analysis derives from it) and reports W_*
// warnings about habitability — rooms nobody can enter, bedrooms without a
// window, furniture through walls or in a door's swing, doors too narrow for
// the chosen profile. Lint never changes the plan and never fails it: every
// finding is a warning.
//
// The rules run storey by storey, always in one fixed order (rooms, then
// furniture, then access, then doors, then the fix-carrying rules), so the
// same plan always yields the same list.
package lint

import (
	"slices"
	"strconv"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// Options tune a lint run.
type Options struct {
	// Profile names the threshold set (see Profiles); "" or an unknown name
	// selects DefaultProfile.
	Profile string
	// Codes, when not empty, keeps only findings with these codes. It is a
	// display filter: callers that gate on findings must run unfiltered.
	Codes []string
	// Source is the main file's text. Fixes that rewrite part of a
	// statement (a rotate clause, a slide direction) read it; without it
	// those findings carry no machine-applicable fix.
	Source []byte
}

// Run lints p. facts are describe's facts for the whole of p (as
// analysis.Describe returns them unfiltered); lint reads each storey's
// circulation from them instead of measuring it again. A nil facts is
// fine: lint then derives what it needs itself. The result is in rule
// order, storey by storey; in a multi-storey plan every finding carries its
// storey's Level.
func Run(p *ir.Plan, facts *analysis.Facts, opts Options) diag.List {
	if p == nil {
		return diag.List{}
	}
	prof := ProfileByName(opts.Profile)
	out := diag.List{}
	pages := p.Pages
	if len(pages) == 0 {
		pages = []*ir.Plan{p}
	}
	multi := len(p.Pages) > 0
	arrivals := shaftArrivals(pages)
	counts := verticalCounts(pages)
	b := newBudget()
	for i, pg := range pages {
		c := &checker{p: pg, m: analysis.NewModel(pg), prof: prof, src: opts.Source, shafts: counts, arrivals: arrivals[i], budget: b, keep: keeps(opts.Codes)}
		c.circ, c.circKnown = storeyCirculation(facts, i, len(pages), multi)
		if multi && pg.Level != nil {
			if n, err := strconv.Atoi(pg.Level.Number); err == nil {
				c.level = &n
			}
		}
		c.run()
		out = append(out, c.out...)
	}
	return b.cap(filter(out, opts.Codes), keeps(opts.Codes))
}

// keeps reports whether a code passes the display filter codes.
func keeps(codes []string) func(string) bool {
	return func(code string) bool { return len(codes) == 0 || slices.Contains(codes, code) }
}

// storeyCirculation picks storey i's circulation out of facts, when facts
// describe every storey of the plan.
func storeyCirculation(facts *analysis.Facts, i, pages int, multi bool) (*analysis.Circulation, bool) {
	switch {
	case facts == nil || !facts.OK || facts.Filtered:
		return nil, false
	case !multi:
		return facts.Circulation, true
	case len(facts.Levels) == pages:
		return facts.Levels[i].Circulation, true
	}
	return nil, false
}

// filter keeps the findings whose code is in codes (all when codes is empty).
func filter(l diag.List, codes []string) diag.List {
	if len(codes) == 0 {
		return l
	}
	keep := make(map[string]bool, len(codes))
	for _, c := range codes {
		keep[c] = true
	}
	out := diag.List{}
	for _, d := range l {
		if keep[d.Code] {
			out = append(out, d)
		}
	}
	return out
}

// checker lints one storey.
type checker struct {
	p      *ir.Plan
	m      *analysis.Model
	prof   Profile
	src    []byte
	level  *int
	shafts map[string]int // vertical id -> number of storeys drawing it
	// arrivals are the rooms a shaft from a reachable storey lands in:
	// they count as entrances.
	arrivals []int
	out      diag.List
	walls    []band // every straight wall segment's solid band, built once
	// circ is the storey's circulation when the caller's facts carry it
	// (circKnown); otherwise the circulation rules measure it.
	circ      *analysis.Circulation
	circKnown bool
	// budget counts the findings and pairs of the whole run.
	budget *budget
	// keep is the display filter: a costly rule none of whose codes it
	// keeps is not run at all (the filter is applied before the caps, so
	// what is shown is the same).
	keep func(code string) bool
	// roomOps lists each room's openings (see openingsOf).
	roomOps [][]int
	// pieces and wallIx index the furniture and the wall bands (index.go);
	// roomIDs maps a room id to its first room.
	pieces, wallIx *geom.RectIndex
	roomIDs        map[string]int
	// roomUses is each room's uses, authored or inferred (see uses).
	roomUses [][]string
	// scratch is a reused buffer for index answers consumed at once.
	scratch []int
}

// add appends d, stamped with the storey's level, unless its code already
// has MaxFindingsPerCode findings (it is then counted as left out).
func (c *checker) add(d diag.Diagnostic) {
	if c.full(d.Code) {
		c.omit(d.Code)
		return
	}
	c.budget.listed[d.Code]++
	if c.level != nil {
		n := *c.level
		d.Level = &n
	}
	c.out = append(c.out, d)
}

// addIn appends d about a statement written in file (an imported module,
// "" for the main file): the finding and its fixes name that file.
func (c *checker) addIn(file string, d diag.Diagnostic) {
	if file != "" {
		d.File = file
		for i := range d.Fixes {
			d.Fixes[i].File = file
		}
	}
	c.add(d)
}

// stmt returns the main file's text of span sp; false for a statement in
// an imported module (whose text lint does not have) or a span out of range.
func (c *checker) stmt(file string, sp source.Span) ([]byte, bool) {
	if file != "" || sp.Start < 0 || sp.End > len(c.src) || sp.Start >= sp.End {
		return nil, false
	}
	return c.src[sp.Start:sp.End], true
}

// run applies every rule in the reference's order.
func (c *checker) run() {
	c.walls = wallBands(c.p)
	c.roomOps = openingsOf(c.m, len(c.p.Rooms))
	c.roomRules()
	c.furnitureOverlap()
	c.furnitureClearance()
	c.fixturePlacement()
	c.wallCollision()
	c.accessRules()
	if c.keep(diag.WarnSwingObstructed) || c.keep(diag.WarnDoorwayBlocked) || c.keep(diag.WarnDoorClearance) {
		c.doorRules()
	}
	if c.keep(diag.WarnRoomNoClearPath) {
		c.roomNoClearPath()
	}
	c.noEntrance()
	if c.keep(diag.WarnPathTooNarrow) || c.keep(diag.WarnCircuitousPath) {
		c.circulationRules()
	}
	c.aliasMatch()
	c.fixtureBackToRoom()
	c.dimRules()
	c.equatorFacing()
	c.pocketRun()
	c.stairUnmatched()
}
