package mcpserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

var finishTool = &mcp.Tool{
	Name:  "finish",
	Title: "Fix, repair and validate a plan in one call",
	Description: "Take a plan as far as the automatic correctors can: each round applies the compiler's machine-applicable fixes (as the fix tool does), " +
		"and also this server's own fixes of ordinary slips (the extraFixes of compile's diagnostics: a misspelt keyword, clause word or id, an unclosed block, " +
		"a file cut off, a statement pasted twice, a zero or negative width or size), errors first; " +
		"then it moves furniture out of walls, doorways and door swings (as the repair tool does); rounds repeat until one changes nothing, at most three. " +
		"unsafe also applies the maybe-incorrect fixes (guesses). A plan that compiles gets none of the server's own fixes. " +
		"The finished program is then validated (compile errors and warnings, then lint advice). Doors and windows are never added or moved. " +
		"Returns one JSON text: {ok, rounds, applied: [{code, title, applicability, reason (the diagnostic's message), span (the bytes rewritten, in the source of that round)}], skipped: [{code, reason}], changes: [repair's moves], " +
		"unresolved: [pieces repair could not move, with the reason], source, diagnostics}. " +
		"ok is true when the finished source has no errors; diagnostics are what is left for you to decide (missing doors, windows, fixtures, …). " +
		"Nothing is stored: use the returned source.",
	Annotations: readOnly,
	InputSchema: fixInputSchema,
}

func (t *tools) finish(ctx context.Context, a fixArgs, src []byte) *mcp.CallToolResult {
	return jsonResult(compile.Finish(src, compile.FinishOptions{Ctx: ctx, Cache: t.opts.Cache, World: t.world(), Unsafe: a.Unsafe}), false)
}
