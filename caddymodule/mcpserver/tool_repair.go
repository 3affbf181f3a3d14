package mcpserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

var repairTool = &mcp.Tool{
	Name:  "repair",
	Title: "Move furniture clear of walls, doorways and door swings",
	Description: "Rewrite a plan that compiles so its furniture stands clear: a piece sunk into a wall is pushed out to the nearer face (one push per wall), " +
		"a fixture no wall backs (sink, stove, WC, ...) is set against the nearest wall, a piece standing in a doorway's approach or in a hinged leaf's sweep is moved by the least distance that clears it (across the wall or along it, on the plan's grid), " +
		"and a piece overlapping one placed before it is moved off it. Every storey of a multi-storey plan is treated, and its changes carry the level. " +
		"A piece written with a literal `at (x, y)` has that point rewritten; a room-anchored piece (`in <room> anchor ...` or `centered`) becomes an absolute `at`. " +
		"Pieces placed by expressions, by `against wall`, or by a statement that makes several pieces are left as written and listed as unresolved with the reason. " +
		"A move that would narrow the walk from the entrance to a room, or a key route between rooms, from 700 mm or more to less (or cut it off) is not made: the piece stays and is listed as unresolved, naming the walk. " +
		"Doors and windows are never added, removed or moved. Nothing is drawn and nothing is stored: the new program is returned for review. " +
		"Returns one JSON text: {ok: true, changed, changes: [{id, category, kind, from: {x, y}, to: {x, y}, via, span: {start, end}, level?, reason}], unresolved: [{id, reason, span?}], source}. " +
		"source is the whole program in canonical layout when something moved, otherwise the input unchanged; spans are byte offsets of the input. " +
		"A plan that does not parse or has errors comes back unchanged with one unresolved entry for the plan.",
	Annotations: readOnly,
	InputSchema: sourceOnlySchema,
}

func (t *tools) repair(ctx context.Context, _ sourceOnly, src []byte) *mcp.CallToolResult {
	return jsonResult(compile.Repair(src, compile.RepairOptions{Ctx: ctx, World: t.world()}), false)
}
