package integration

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestCompilePlanJSON compiles a plan given as Plan JSON through the live
// server, then a document that does not fit the schema.
func TestCompilePlanJSON(t *testing.T) {
	ctx, cs := connectSDK(t, 20*time.Second)

	type envelope struct {
		OK          bool    `json:"ok"`
		Format      *string `json:"format"`
		Output      string  `json:"output"`
		Diagnostics []struct {
			Code    string `json:"code"`
			Message string `json:"message"`
			Line    *int   `json:"line"`
		} `json:"diagnostics"`
	}
	compile := func(doc string) (envelope, bool) {
		t.Helper()
		var pj map[string]any
		if err := json.Unmarshal([]byte(doc), &pj); err != nil {
			t.Fatal(err)
		}
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "compile", Arguments: map[string]any{"plan_json": pj}})
		if err != nil {
			t.Fatal(err)
		}
		var env envelope
		if err := json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &env); err != nil {
			t.Fatal(err)
		}
		return env, res.IsError
	}

	good := `{"plan":"Cabin ` + canary + `","walls":[{"id":"shell","category":"exterior","points":[{"x":0,"y":0},{"x":4000,"y":0},{"x":4000,"y":3000},{"x":0,"y":3000}],"thickness":200,"closed":true}],
		"rooms":[{"id":"main","label":"` + canary + `","room_type":"LivingRoom","x":0,"y":0,"width":4000,"height":3000}],
		"openings":[{"kind":"door","on":{"wall":"shell","at":"50%"},"width":900,"swing":"in"}],"furniture":[]}`
	env, isErr := compile(good)
	if !env.OK || isErr || env.Format == nil || *env.Format != "svg" || !strings.Contains(env.Output, "<svg") {
		t.Errorf("valid Plan JSON: ok=%v isError=%v diagnostics=%v", env.OK, isErr, env.Diagnostics)
	}

	env, isErr = compile(`{"plan":"Bad","rooms":[{"x":0,"y":0,"width":"big","height":3000}]}`)
	if env.OK || !isErr || env.Format != nil || env.Output != "" {
		t.Fatalf("schema refusal: ok=%v isError=%v format=%v", env.OK, isErr, env.Format)
	}
	if len(env.Diagnostics) != 1 || env.Diagnostics[0].Code != "E_JSON_SCHEMA" ||
		env.Diagnostics[0].Message != "plan JSON /rooms/0/width: expected a number" || env.Diagnostics[0].Line != nil {
		t.Errorf("diagnostics = %+v", env.Diagnostics)
	}
}
