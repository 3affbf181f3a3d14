package mcpserver

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

var validateTool = &mcp.Tool{
	Name:  "validate",
	Title: "Validate an ArchLang plan (the ship gate)",
	Description: "Gate a plan before you ship it: parse, resolve and lint it without drawing, and optionally hold it to an intended room graph and to a brief's intent. " +
		"Returns one JSON text: {ok, strict, diagnostics, graph?, intent?}. diagnostics lists the compile's errors and warnings followed by lint's W_ advice, " +
		"each {code?, severity, message, line?, col?, span?, fix?, hints?, fixes?}. ok is false when there is any error, when strict is true and there is any warning, " +
		"when the graph does not match, or when a gating intent assertion fails. " +
		"graph is {room: [rooms it should open into], …} naming rooms by id or label; the result's graph block is {ok, missing_rooms, missing_connections, extra_connections} " +
		"(pairs of room ids joined, or not, by an interior door or cased opening). " +
		"intent is a brief's checkable contract (shape: the archlang://intent-schema resource): room count, room concepts with count/area/window bands, total area, " +
		"adjacency and reachability. Its block is {ok, satisfied, total, subscores {rooms, labels, area, adjacency}, violations [{code (E_INTENT_…), message, gate}], feedback [one correction prompt per violation]}; " +
		"room count, presence, area, window and site misses gate (gate: true), adjacency and reachability only score. " +
		"A malformed intent answers {ok: false, strict, intentErrors: [\"/json/pointer: what was expected\"]}. The result is marked isError when ok is false.",
	Annotations: readOnly,
	InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "source": {"type": "string", "description": "The whole .arch program, starting with plan \"Name\" {"},
    "strict": {"type": "boolean", "default": false, "description": "Fail on warnings (lint advice included), not only on errors"},
    "graph": {"type": "object", "description": "Intended interior-door adjacency: {room id or label: [room id or label, …]}", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
    "intent": {"type": "object", "description": "The brief's intent contract (see the archlang://intent-schema resource)"}
  },
  "required": ["source"],
  "additionalProperties": false
}`),
}

// validateArgs are validate's arguments. graph and intent stay raw: the
// core decodes them with the reference's rules and error paths.
type validateArgs struct {
	sourceField
	Strict bool            `json:"strict,omitempty"`
	Graph  json.RawMessage `json:"graph,omitempty"`
	Intent json.RawMessage `json:"intent,omitempty"`
}

func (t *tools) validate(ctx context.Context, a validateArgs, src []byte) *mcp.CallToolResult {
	opts := compile.ValidateOptions{Ctx: ctx, Cache: t.opts.Cache, World: t.world(), Strict: a.Strict, Intent: a.Intent, HasIntent: a.Intent != nil}
	if a.Graph != nil && string(a.Graph) != "null" {
		opts.Graph = a.Graph
	}
	res := compile.Validate(src, opts)
	if res.GraphErr != nil {
		return textResult(Refusal(invalid("validate's \"graph\" argument: %v", res.GraphErr)), true)
	}
	return jsonResult(res.Envelope(), !res.OK)
}
