package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

var completeTool = &mcp.Tool{
	Name:  "complete",
	Title: "List what can be written at a position",
	Description: "List the completion items an editor would offer at a byte offset of a plan: the statement keywords, the element kinds with their clause signatures, " +
		"the built-in functions, then the names bound in the scopes around the offset (let values and functions, for-loop variables, components and, inside a component, its parameters). " +
		"The plan does not have to compile; only its syntax is read. " +
		"Returns one JSON text: {ok: true, items: [{label, kind (keyword|element|function|variable|component), detail?, doc?}]}. " +
		"at counts UTF-8 bytes from the start of source; an offset outside the source lists the plan-wide names only.",
	Annotations: readOnly,
	InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "source": {"type": "string", "description": "The whole .arch program, starting with plan \"Name\" {"},
    "at": {"type": "integer", "description": "Byte offset into source (UTF-8) to list completions at"}
  },
  "required": ["source", "at"],
  "additionalProperties": false
}`),
}

// completeArgs are the complete tool's arguments; At stays raw so that
// any number is read the same way (see parseOffset).
type completeArgs struct {
	Source *string         `json:"source"`
	At     json.RawMessage `json:"at"`
}

// maxQuoted is how much of a bad at argument an error message repeats.
const maxQuoted = 40

// maxOffset caps an offset: anything larger is past the end of any source
// the argument cap admits, and is treated as such.
const maxOffset = math.MaxInt32

// parseOffset reads the at argument: a JSON number with an integral value
// (1e3 and 12.0 are accepted). Values past ±maxOffset are clamped, which
// keeps them outside every source.
func parseOffset(raw json.RawMessage) (int, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || (raw[0] != '-' && (raw[0] < '0' || raw[0] > '9')) {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil && !isRange(err) {
		return 0, false
	}
	if math.IsNaN(f) || f != math.Trunc(f) {
		return 0, false
	}
	switch {
	case f > maxOffset:
		return maxOffset, true
	case f < -maxOffset:
		return -maxOffset, true
	}
	return int(f), true
}

func isRange(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

func (t *tools) complete(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a completeArgs
	if r := t.args(req, &a); r != nil {
		return r, nil
	}
	if r := (sourceArgs{Source: a.Source}).check("complete"); r != nil {
		return r, nil
	}
	if a.At == nil {
		return textResult(Refusal(invalid("complete needs an \"at\" argument: the byte offset in source to list completions at")), true), nil
	}
	at, ok := parseOffset(a.At)
	if !ok {
		return textResult(Refusal(invalid("\"at\" must be a whole number (a byte offset into source), not %s", clipArg(string(a.At), maxQuoted))), true), nil
	}
	return jsonResult(compile.Complete([]byte(*a.Source), at), false), nil
}

// clipArg shortens an argument's JSON text to at most n bytes, cut on a
// character boundary, for an error message.
func clipArg(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
