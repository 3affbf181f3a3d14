package mcpserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

var finishTool = &mcp.Tool{
	Name:  "finish",
	Title: "Fix, repair and validate a plan in one call",
	Description: "Take a plan as far as the automatic correctors can: each round applies the compiler's machine-applicable fixes (as the fix tool does) " +
		"and then moves furniture out of walls, doorways and door swings (as the repair tool does); rounds repeat until one changes nothing, at most three. " +
		"The finished program is then validated (compile errors and warnings, then lint advice). Doors and windows are never added or moved. " +
		"Returns one JSON text: {ok, rounds, applied: [{code, title, applicability}], skipped: [{code, reason}], changes: [repair's moves], " +
		"unresolved: [pieces repair could not move, with the reason], source, diagnostics}. " +
		"ok is true when the finished source has no errors; diagnostics are what is left for you to decide (missing doors, windows, fixtures, …). " +
		"Nothing is stored: use the returned source.",
	Annotations: readOnly,
	InputSchema: fixInputSchema,
}

func (t *tools) finish(ctx context.Context, a fixArgs, src []byte) *mcp.CallToolResult {
	return jsonResult(compile.Finish(src, compile.FinishOptions{Ctx: ctx, Cache: t.opts.Cache, World: t.world(), Unsafe: a.Unsafe}), false)
}
