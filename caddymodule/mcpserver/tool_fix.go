package mcpserver

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

var fixTool = &mcp.Tool{
	Name:  "fix",
	Title: "Apply the compiler's own fixes to a plan",
	Description: "Rewrite a plan by applying the source edits that compile's diagnostics carry in their fixes (for example a door placed off its wall is re-attached " +
		"with `on <wall> at <p>%`, an out-of-range attachment or `open` value is clamped, a clause a door kind does not take is removed). " +
		"The edits are applied in source order; an edit that would touch text an earlier one already rewrites is skipped for that round. " +
		"Rounds repeat on the rewritten source until none applies, at most four, and a round that would add errors is not kept. " +
		"Only fixes marked machine-applicable are used unless unsafe is true, which adds the maybe-incorrect ones (a guess between two equally near walls); " +
		"fixes with placeholders are never applied. Lint advice is not applied. Nothing is drawn. " +
		"Returns one JSON text: {ok, passes, applied: [{code, title, applicability}], skipped: [{code, reason}], source}. " +
		"source is the rewritten program (the input itself when nothing applied); ok is true when it compiles without errors. " +
		"Call compile on the result to see what is left.",
	Annotations: readOnly,
	InputSchema: fixInputSchema,
}

// fixInputSchema is the input schema of fix and finish.
var fixInputSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "source": {"type": "string", "description": "The whole .arch program, starting with plan \"Name\" {"},
    "unsafe": {"type": "boolean", "default": false, "description": "Also apply fixes marked maybe-incorrect"}
  },
  "required": ["source"],
  "additionalProperties": false
}`)

// fixArgs are the arguments of fix and finish.
type fixArgs struct {
	sourceField
	Unsafe bool `json:"unsafe,omitempty"`
}

func (t *tools) fix(ctx context.Context, a fixArgs, src []byte) *mcp.CallToolResult {
	return jsonResult(compile.Fix(src, compile.FixOptions{Ctx: ctx, Cache: t.opts.Cache, World: t.world(), Unsafe: a.Unsafe}), false)
}
