package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A tool result reaches the wire through three nested encodings in the
// SDK: CallToolResult.MarshalJSON marshals its structured content and its
// text content (each re-scanned by encoding/json, which compacts every
// Marshaler's output), the result is compacted again when the SDK turns it
// into the response's raw result, and that raw result is compacted once
// more when the response is written. A drawing is in a compile result
// twice (the text is the structured content, quoted), so for an ordinary
// plan those scans were the largest cost of a call: about 40% of the CPU
// of a compile under load.
//
// encodeResults writes a tool result's JSON once, in the SDK's own field
// order and shape, and hands the SDK a result that returns those bytes, so
// only the SDK's two outer passes remain. Results of any other shape pass
// through untouched.

// preEncoded is a tool result whose JSON is already written. It embeds the
// result so it still is an mcp.Result (and so every method the SDK may ask
// of it answers as the result would); only its encoding is replaced.
type preEncoded struct {
	*mcp.CallToolResult
	json []byte
}

// MarshalJSON returns the bytes written by encodeResult.
func (r preEncoded) MarshalJSON() ([]byte, error) { return r.json, nil }

// encodeResults is the receiving middleware that pre-encodes tools/call
// results. It is added after the SDK's own middleware, so it sees each
// result last, as the SDK will send it.
func encodeResults(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if err != nil || method != "tools/call" {
			return res, err
		}
		if r, ok := res.(*mcp.CallToolResult); ok {
			if b, ok := encodeResult(r); ok {
				return preEncoded{CallToolResult: r, json: b}, nil
			}
		}
		return res, err
	}
}

// skeletonHead is how the SDK's encoding of a result with no _meta, no
// structured content and an empty content list begins; what follows it
// (isError, resultType and any field a later SDK adds) is copied as the
// SDK writes it.
const skeletonHead = `{"content":[]`

// encodeResult writes r as the SDK would, for the shape every tool here
// answers with: one plain text content and structured content that is nil
// or raw JSON. The text is escaped as JSON.stringify does (no \u003c for
// <, >, &), which decodes to the same string. It reports false for any
// other shape.
func encodeResult(r *mcp.CallToolResult) ([]byte, bool) {
	if len(r.Content) != 1 || r.InputRequests != nil || r.RequestState != "" {
		return nil, false
	}
	text, ok := r.Content[0].(*mcp.TextContent)
	if !ok || text.Meta != nil || text.Annotations != nil {
		return nil, false
	}
	var structured json.RawMessage
	switch sc := r.StructuredContent.(type) {
	case nil:
	case json.RawMessage:
		if len(sc) == 0 {
			return nil, false
		}
		structured = sc
	default:
		return nil, false
	}
	// The fields around the two large ones, in the SDK's own words.
	skel := *r
	skel.Meta, skel.Content, skel.StructuredContent = nil, []mcp.Content{}, nil
	tail, err := json.Marshal(&skel)
	if err != nil || !bytes.HasPrefix(tail, []byte(skeletonHead)) {
		return nil, false
	}
	tail = tail[len(skeletonHead):]
	var meta []byte
	if len(r.Meta) > 0 {
		if meta, err = json.Marshal(r.Meta); err != nil {
			return nil, false
		}
	}

	var buf bytes.Buffer
	buf.Grow(len(meta) + len(text.Text) + len(text.Text)/8 + len(structured) + len(tail) + 80)
	buf.WriteByte('{')
	if meta != nil {
		buf.WriteString(`"_meta":`)
		buf.Write(meta)
		buf.WriteByte(',')
	}
	buf.WriteString(`"content":[{"type":"text","text":`)
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if enc.Encode(text.Text) != nil {
		return nil, false
	}
	buf.Truncate(buf.Len() - 1) // Encode's newline
	buf.WriteString(`}]`)
	if structured != nil {
		buf.WriteString(`,"structuredContent":`)
		buf.Write(structured)
	}
	buf.Write(tail)
	return buf.Bytes(), true
}
