package compile

import (
	"context"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/repair"
	"github.com/archlang-go/caddy-archlang/core/resolve"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// RepairOptions tune a repair run.
type RepairOptions struct {
	// Ctx, when set, stops the work early once it is done (a client that
	// went away, a deadline): the result is then incomplete, and a caller
	// that sees Ctx.Err() != nil must discard it. nil never stops.
	Ctx context.Context
	// Name is the file name used for the source (default "plan.arch").
	Name string
	// World resolves `import` statements, as in Options.
	World expand.World
}

// Repair runs the geometric corrector on src: furniture is moved out of
// wall solids, doorway approaches and door sweeps, and the rewritten
// program comes back with a log of every move. A source that does not
// parse or resolve comes back unchanged with the reason in Unresolved.
func Repair(src []byte, opts RepairOptions) repair.Result {
	name := sourceName(opts.Name)
	f := source.NewFile(name, src)
	tree, pd := syntax.Parse(f)
	if pd.HasErrors() {
		return repair.Refused(src, repair.NoParse)
	}
	x, xd := expand.Expand(tree, expand.Options{World: opts.World, Stop: stopFunc(opts.Ctx)})
	plan, ds := resolve.Resolve(resolve.Input{File: f, Syntax: tree, Expanded: x, ParseDiags: pd, ExpandDiags: xd})
	if ds.HasErrors() || plan == nil {
		return repair.Refused(src, repair.NoResolve)
	}
	return repair.RunGuarded(f, tree, plan, guardMeasure())
}

// maxGuardCells bounds the nav-grid cells one repair's walk guard may
// measure: ten measures of a grid at the analysis's cell budget, tens of
// milliseconds in all. A plan whose many moves would need more has its
// later moves go unguarded, as in a repair without the guard, so no plan
// under the caps makes repair cost seconds.
const maxGuardCells = 10 * analysis.CellBudget

// guardMeasure returns repair's walk measure for one repair: the walk from
// the entrance to each room and each key route, with its narrowest clear
// width, as describe reports them, within maxGuardCells.
func guardMeasure() repair.Measure {
	spent := 0
	return func(p *ir.Plan) ([]repair.Walk, bool) {
		cells := analysis.GridCells(p)
		if spent+cells > maxGuardCells {
			return nil, false
		}
		spent += cells
		c := analysis.Walks(p)
		if c == nil {
			return nil, true
		}
		out := make([]repair.Walk, 0, len(c.Rooms)+len(c.Routes))
		for _, r := range c.Rooms {
			out = append(out, repair.Walk{Room: r.RoomID, Width: r.BottleneckClearWidthMm})
		}
		for _, r := range c.Routes {
			out = append(out, repair.Walk{From: r.FromRoomID, To: r.ToRoomID, Width: r.BottleneckClearWidthMm})
		}
		return out, true
	}
}
