package mcpserver

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// sdkEncoding is the result as the SDK writes it, with the HTML escapes
// of its text content undone (encodeResult writes <, > and & as they are,
// as JSON.stringify does; both decode to the same text).
func sdkEncoding(t *testing.T, r *mcp.CallToolResult) string {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&").Replace(string(b))
}

// TestEncodeResultMatchesSDK: for every shape the tools answer with,
// encodeResult writes the bytes the SDK would (up to the HTML escapes).
func TestEncodeResultMatchesSDK(t *testing.T) {
	body := `{"ok":true,"format":"svg","output":"<svg a=\"1\">&amp;</svg>\n\t\u2028 é"}`
	cases := map[string]*mcp.CallToolResult{
		"text":            {Content: []mcp.Content{&mcp.TextContent{Text: "plain text, \"quoted\" <b>\x01\x1f"}}},
		"structured":      textResult([]byte(body), false),
		"error":           textResult(Refusal(invalid("too <big> & bad")), true),
		"meta":            {Meta: viewerMeta("ui://archlang/viewer"), Content: []mcp.Content{&mcp.TextContent{Text: body}}, StructuredContent: json.RawMessage(body)},
		"empty text":      {Content: []mcp.Content{&mcp.TextContent{}}},
		"invalid utf8":    {Content: []mcp.Content{&mcp.TextContent{Text: "a\xffb"}}},
		"meta and error":  {Meta: mcp.Meta{"k": []int{1, 2}}, Content: []mcp.Content{&mcp.TextContent{Text: "x"}}, IsError: true},
		"request state":   {Content: []mcp.Content{&mcp.TextContent{Text: "x"}}, RequestState: "s"},
		"structured any":  {Content: []mcp.Content{&mcp.TextContent{Text: "x"}}, StructuredContent: map[string]int{"a": 1}},
		"two contents":    {Content: []mcp.Content{&mcp.TextContent{Text: "x"}, &mcp.TextContent{Text: "y"}}},
		"image":           {Content: []mcp.Content{&mcp.ImageContent{Data: []byte{1, 2}, MIMEType: "image/png"}}},
		"annotated text":  {Content: []mcp.Content{&mcp.TextContent{Text: "x", Annotations: &mcp.Annotations{Priority: 1}}}},
		"no content":      {},
		"empty raw":       {Content: []mcp.Content{&mcp.TextContent{Text: "x"}}, StructuredContent: json.RawMessage{}},
		"text with metas": {Content: []mcp.Content{&mcp.TextContent{Text: "x", Meta: mcp.Meta{"a": 1}}}},
	}
	fast := map[string]bool{"text": true, "structured": true, "error": true, "meta": true, "empty text": true, "invalid utf8": true, "meta and error": true}
	for name, r := range cases {
		t.Run(name, func(t *testing.T) {
			got, ok := encodeResult(r)
			if ok != fast[name] {
				t.Fatalf("encoded: %v, want %v", ok, fast[name])
			}
			if !ok {
				return
			}
			if want := sdkEncoding(t, r); string(got) != want {
				t.Errorf("encoding differs from the SDK's\n got %s\nwant %s", got, want)
			}
			// What the SDK will do with it: marshal it as a Result,
			// without HTML escapes.
			var res mcp.Result = preEncoded{CallToolResult: r, json: got}
			again, err := marshal(res)
			if err != nil || string(again) != string(got) {
				t.Errorf("marshalled again: %s, %v", again, err)
			}
		})
	}
}

// BenchmarkEncodeResult is the encoding of a compile result of an
// ordinary plan.
func BenchmarkEncodeResult(b *testing.B) {
	svg := strings.Repeat(`<path d="M 0 0 L 100 200" class="wall"/>`+"\n", 400)
	body, err := marshal(map[string]any{"ok": true, "format": "svg", "output": svg, "diagnostics": []int{}})
	if err != nil {
		b.Fatal(err)
	}
	r := textResult(body, false)
	b.Run("ours", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok := encodeResult(r); !ok {
				b.Fatal("not encoded")
			}
		}
	})
	b.Run("sdk", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(r); err != nil {
				b.Fatal(err)
			}
		}
	})
}
