package mcpserver

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

var scoreTool = &mcp.Tool{
	Name:  "score",
	Title: "Score an ArchLang plan against a brief",
	Description: "Measure how much of a brief a plan satisfies, as a number you can watch improve between edits. It never gates: use validate's intent for a pass/fail answer. " +
		"brief is the intent contract (shape: the archlang://intent-schema resource): room count, room concepts with count/area/window bands, total area, adjacency, reachability. " +
		"Returns one JSON text: {ok, satisfied, total, score, subscores {rooms, labels, area, adjacency}, violations [{code (E_INTENT_…), message, gate}]}. " +
		"score is satisfied/total rounded to 4 decimals (1 when nothing is asserted); a subscore is null when the brief asserts nothing in that dimension; " +
		"ok is whether every gating assertion holds, for information. A plan that does not compile is measured as a plan with no rooms. " +
		"A malformed brief answers {ok: false, intentErrors: [\"/json/pointer: what was expected\"]} and is marked isError.",
	Annotations: readOnly,
	InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "source": {"type": "string", "description": "The whole .arch program, starting with plan \"Name\" {"},
    "brief": {"type": "object", "description": "The brief's intent contract (see the archlang://intent-schema resource)"}
  },
  "required": ["source", "brief"],
  "additionalProperties": false
}`),
}

// scoreArgs are score's arguments; brief stays raw for the core's decoder.
type scoreArgs struct {
	sourceField
	Brief json.RawMessage `json:"brief,omitempty"`
}

func (t *tools) score(ctx context.Context, a scoreArgs, src []byte) *mcp.CallToolResult {
	res := compile.Score(src, a.Brief, compile.ScoreOptions{Ctx: ctx, Cache: t.opts.Cache, World: t.world()})
	return jsonResult(res.Envelope(), res.Report == nil)
}
