package mcpserver

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

var lintTool = &mcp.Tool{
	Name:  "lint",
	Title: "Lint an ArchLang plan for soundness",
	Description: "Check a plan that compiles for habitability problems the compiler does not stop at: rooms with no way in or no route from the entrance, " +
		"bedrooms without a window, wet rooms that are open or have no fixtures, a plan with no entrance, furniture overlapping, sunk into walls or blocking " +
		"a doorway or a door's swing, fixtures facing the wrong way or away from a wall, doors narrower than the profile allows, pocket doors with no wall to slide into, " +
		"and a room use guessed from an indirect word in its label. " +
		"Returns one JSON text: {ok: true, diagnostics: [{code (W_…), severity, message, line?, col?, span?, fix, hints?, fixes?, level?}]}. " +
		"The findings are advice: ok stays true and the plan still compiles. fixes, when present, are machine-applicable source edits. " +
		"A plan with compile errors has no findings; run compile first. " +
		"profile picks the thresholds: \"residential-basic\" (default: doors from 700 mm, rooms from 4 m²) or \"accessibility-advisory\" " +
		"(doors from 850 mm, rooms from 5 m², a 150 mm margin around door swings). These are drafting checks, not a building-code review.",
	Annotations: readOnly,
	InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "source": {"type": "string", "description": "The whole .arch program, starting with plan \"Name\" {"},
    "profile": {"type": "string", "description": "Threshold set: residential-basic (default) or accessibility-advisory; any other value uses the default"}
  },
  "required": ["source"],
  "additionalProperties": false
}`),
}

// lintArgs are the lint tool's arguments.
type lintArgs struct {
	sourceField
	Profile string `json:"profile,omitempty"`
}

func (t *tools) lint(ctx context.Context, a lintArgs, src []byte) *mcp.CallToolResult {
	res := compile.Lint(src, compile.LintOptions{Ctx: ctx, Cache: t.opts.Cache, World: t.world(), Profile: a.Profile})
	return jsonResult(res.Envelope(), false)
}
