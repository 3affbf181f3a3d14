package mcpserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

var suggestTool = &mcp.Tool{
	Name:  "suggest",
	Title: "Propose doors and windows for a plan's topology faults",
	Description: "Read a plan that compiles and propose door and window statements for four problems: a building with no exterior door or opening " +
		"(W_NO_ENTRANCE), rooms no route of doors reaches from the entrance (W_ROOM_UNREACHABLE), a bathroom entered only through a bedroom " +
		"(W_BATH_VIA_BEDROOM) and a bedroom without a window (W_BEDROOM_NO_WINDOW). " +
		"Each candidate is one statement ready to paste into the plan, such as `door on exterior at 25% width 900`: it names its wall by the wall's own id " +
		"or by a category only one wall has, and otherwise gives absolute coordinates, never a generated id that could move when the plan changes. " +
		"Candidates sit in the middle of the longest clear stretch of a room's edge (a door is kept off furniture standing in front of it), best first, at most three. " +
		"Nothing is applied and nothing is drawn. " +
		"Returns one JSON text: {ok: true, suggestions: [{problem, code, roomId, candidates: [{insertText, rationale}]}]}; " +
		"a plan that does not compile has no suggestions.",
	Annotations: readOnly,
	InputSchema: sourceOnlySchema,
}

func (t *tools) suggest(ctx context.Context, _ sourceOnly, src []byte) *mcp.CallToolResult {
	return jsonResult(compile.Suggest(src, compile.SuggestOptions{Ctx: ctx, Cache: t.opts.Cache, World: t.world()}), false)
}
