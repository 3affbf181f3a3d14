package mcpserver

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

var repairTool = &mcp.Tool{
	Name:  "repair",
	Title: "Move furniture clear of walls, doorways and door swings",
	Description: "Rewrite a plan that compiles so its furniture stands clear: a piece sunk into a wall is pushed out to the nearer face, " +
		"a piece standing in a doorway's approach is moved back from the opening, and a piece in a hinged leaf's sweep is moved past its reach (on the plan's grid). " +
		"Each move runs straight across the wall or door in question, by the least distance that clears it. " +
		"Only pieces placed with a literal `at (x, y)` are rewritten; others are listed as unresolved with the reason. " +
		"Doors and windows are never added, removed or moved. Nothing is drawn and nothing is stored: the new program is returned for review. " +
		"Returns one JSON text: {ok: true, changed, changes: [{id, category, kind, from: {x, y}, to: {x, y}, via, span: {start, end}, reason}], unresolved: [{id, reason, span?}], source}. " +
		"source is the whole program in canonical layout when something moved, otherwise the input unchanged; spans are byte offsets of the input. " +
		"A plan that does not parse or has errors comes back unchanged with one unresolved entry for the plan.",
	Annotations: readOnly,
	InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "source": {"type": "string", "description": "The whole .arch program, starting with plan \"Name\" {"}
  },
  "required": ["source"],
  "additionalProperties": false
}`),
}

func init() {
	register(repairTool, func(t *tools) mcp.ToolHandler { return t.repair })
}

// repairArgs are the repair tool's arguments.
type repairArgs struct {
	Source *string `json:"source"`
}

func (t *tools) repair(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a repairArgs
	if r := t.args(req, &a); r != nil {
		return r, nil
	}
	if r := (sourceArgs{Source: a.Source}).check("repair"); r != nil {
		return r, nil
	}
	res := compile.Repair([]byte(*a.Source), compile.RepairOptions{World: t.compileOptions().World})
	return jsonResult(res, false), nil
}
