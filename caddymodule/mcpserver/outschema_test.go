package mcpserver

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/core/plangen"
)

// outputPlans are the plans every tool's answers are checked on: the
// repository's own test plans, room grids, and plans that make the
// unusual answers (errors, storeys, numbers that overflow).
func outputPlans(t *testing.T) map[string]string {
	t.Helper()
	plans := map[string]string{
		"grid":      string(plangen.Grid(3, 2)),
		"grid-16KB": string(plangen.GridOfSize(16000)),
		"errors":    "plan \"E\" {\n  units mm\n  room id=a at (0,0) size 0x3000\n  furnitur bed at (0,0) size 1x1\n",
		"overflow":  "plan \"x\" {\n  units mm\n  room at (0,0) size 1e300x1e300\n  room at (1e300,0) size 1e300x1e300\n  door at (1e300,500) width 900\n}\n",
		"storeys":   "plan \"two storeys\" {\n  units mm\n  level 0 \"Ground\" {\n    wall exterior thickness 200 { (0,0) (6000,0) (6000,4000) (0,4000) close }\n    room id=k at (0,0) size 6000x4000 label \"Kitchen\"\n    door at (1000,0) width 900 wall exterior\n  }\n  level 1 \"Upper\" {\n    wall exterior thickness 200 { (0,0) (6000,0) (6000,4000) (0,4000) close }\n    room id=b at (0,0) size 6000x4000 label \"Bedroom\"\n  }\n}\n",
	}
	for _, pattern := range []string{"../../core/analysis/testdata/*.arch", "../../core/lint/testdata/rules/*.arch", "../../core/repair/testdata/*.arch", "../../core/suggest/testdata/*.arch"} {
		paths, _ := filepath.Glob(pattern)
		for _, p := range paths {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			plans[p] = string(b)
		}
	}
	if len(plans) < 20 {
		t.Fatalf("only %d plans found", len(plans))
	}
	return plans
}

// TestStructuredContent: every tool declares an outputSchema; for every
// plan, every answer carries structuredContent that validates against it,
// and the text block is the same JSON.
func TestStructuredContent(t *testing.T) {
	ctx := context.Background()
	cs := connect(t, ctx, Options{})
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	schemas := map[string]*jsonschema.Resolved{}
	for _, tool := range list.Tools {
		raw, err := json.Marshal(tool.OutputSchema)
		if err != nil || tool.OutputSchema == nil {
			t.Fatalf("%s declares no outputSchema", tool.Name)
		}
		var s jsonschema.Schema
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
		if s.Type != "object" {
			t.Errorf("%s: outputSchema type %q, want object", tool.Name, s.Type)
		}
		rs, err := s.Resolve(nil)
		if err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
		schemas[tool.Name] = rs
	}
	if len(schemas) != len(ToolNames()) {
		t.Fatalf("%d tools listed, %d registered", len(schemas), len(ToolNames()))
	}
	plans := outputPlans(t)
	names := make([]string, 0, len(plans))
	for n := range plans {
		names = append(names, n)
	}
	sort.Strings(names)
	brief := json.RawMessage(`{"rooms":[{"use":"bedroom","min_area":9}]}`)
	argsFor := func(tool, src string) map[string]any {
		switch tool {
		case "read_me":
			return map[string]any{}
		case "complete":
			return map[string]any{"source": src, "at": len(src) / 2}
		case "score":
			return map[string]any{"source": src, "brief": brief}
		case "validate":
			return map[string]any{"source": src, "intent": brief}
		}
		return map[string]any{"source": src}
	}
	checked := 0
	for _, tool := range ToolNames() {
		for _, n := range names {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: argsFor(tool, plans[n])})
			if err != nil {
				t.Fatalf("%s on %s: %v", tool, n, err)
			}
			checkStructured(t, tool+" on "+n, res, schemas[tool])
			checked++
			if tool == "read_me" {
				break
			}
		}
		// A refusal (no source) validates too.
		if tool != "read_me" {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: map[string]any{}})
			if err != nil {
				t.Fatal(err)
			}
			checkStructured(t, tool+" refused", res, schemas[tool])
		}
	}
	// The other shapes: a storey of a compile, a Plan JSON refusal, a text
	// drawing, a finish that changes the plan, a validate with a graph.
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"compile", map[string]any{"source": plans["storeys"], "level": 1}},
		{"compile", map[string]any{"source": plans["storeys"], "level": 7}},
		{"compile", map[string]any{"plan_json": map[string]any{"rooms": "none"}}},
		{"compile", map[string]any{"source": plans["grid"], "format": "txt"}},
		{"compile", map[string]any{"source": plans["grid"], "format": "png"}},
		{"finish", map[string]any{"source": plans["errors"], "unsafe": true}},
		{"validate", map[string]any{"source": plans["grid"], "graph": map[string]any{"r0_0": []string{"r0_1"}}, "strict": true}},
		{"score", map[string]any{"source": plans["grid"], "brief": json.RawMessage(`{"rooms":"x"}`)}},
	} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
		if err != nil {
			t.Fatal(err)
		}
		checkStructured(t, c.tool+" (other shape)", res, schemas[c.tool])
		checked++
	}
	t.Logf("%d answers checked against their tools' output schemas", checked)

	// The schemas are not vacuous: a wrongly typed answer fails them.
	for name, rs := range schemas {
		for _, bad := range []string{`{"ok":"yes"}`, `{"diagnostics":[]}`, `{"ok":true,"diagnostics":"none"}`, `{"ok":true,"diagnostics":[{"line":"one"}]}`} {
			var inst any
			_ = json.Unmarshal([]byte(bad), &inst)
			if rs.Validate(inst) == nil {
				t.Errorf("%s: %s validates against the output schema", name, bad)
			}
		}
	}
}

func checkStructured(t *testing.T, what string, res *mcp.CallToolResult, schema *jsonschema.Resolved) {
	t.Helper()
	if res.StructuredContent == nil {
		t.Errorf("%s: no structuredContent", what)
		return
	}
	sc, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var inst any
	if err := json.Unmarshal(sc, &inst); err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(inst); err != nil {
		t.Errorf("%s: structuredContent does not validate: %v", what, err)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	var fromText any
	if json.Unmarshal([]byte(text), &fromText) == nil {
		a, _ := json.Marshal(fromText)
		b, _ := json.Marshal(inst)
		if string(a) != string(b) {
			t.Errorf("%s: the text block and structuredContent differ", what)
		}
	} else if m, ok := inst.(map[string]any); !ok || m["guide"] != text {
		t.Errorf("%s: the text is not JSON and structuredContent does not carry it", what)
	}
}
