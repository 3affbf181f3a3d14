package mcpserver

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image/png"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestCompilePNG draws a plan as a PNG through the compile tool: the
// envelope carries it in base64 and an image block carries the same bytes;
// a plan with errors gets no image.
func TestCompilePNG(t *testing.T) {
	cs := connect(t, context.Background(), Options{})
	src := "plan \"T\" {\n  wall exterior thickness 200 { (0,0) (8000,0) (8000,4000) (0,4000) close }\n" +
		"  room id=k at (0,0) size 8000x4000 label \"Kitchen\"\n}\n"
	tests := []struct {
		name   string
		args   map[string]any
		images int
	}{
		{"plan", map[string]any{"source": src, "format": "png"}, 1},
		{"level of a one-storey plan", map[string]any{"source": src, "format": "png", "level": 2}, 0},
		{"plan with errors", map[string]any{"source": "plan \"T\" {", "format": "png"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "compile", Arguments: tt.args})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Content) != 1+tt.images {
				t.Fatalf("%d content blocks, want %d", len(res.Content), 1+tt.images)
			}
			var env struct {
				OK     bool   `json:"ok"`
				Format string `json:"format"`
				Output string `json:"output"`
			}
			if err := json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &env); err != nil {
				t.Fatal(err)
			}
			if tt.images == 0 {
				if env.Output != "" {
					t.Errorf("output without an image block: %d bytes", len(env.Output))
				}
				return
			}
			if !env.OK || env.Format != "png" || res.IsError {
				t.Fatalf("envelope ok=%v format=%q isError=%v", env.OK, env.Format, res.IsError)
			}
			img, ok := res.Content[1].(*mcp.ImageContent)
			if !ok || img.MIMEType != "image/png" {
				t.Fatalf("second block is %T %+v, want an image/png block", res.Content[1], res.Content[1])
			}
			if base64.StdEncoding.EncodeToString(img.Data) != env.Output {
				t.Error("the image block and the envelope's output differ")
			}
			if _, err := png.Decode(bytes.NewReader(img.Data)); err != nil {
				t.Errorf("image block is not a PNG: %v", err)
			}
		})
	}
}
