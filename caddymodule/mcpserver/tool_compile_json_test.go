package mcpserver

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

const jsonPlan = `{"plan":"Cabin","walls":[{"id":"shell","category":"exterior","points":[{"x":0,"y":0},{"x":4000,"y":0},{"x":4000,"y":3000},{"x":0,"y":3000}],"thickness":200,"closed":true}],"rooms":[{"id":"main","label":"Cabin","room_type":"LivingRoom","x":0,"y":0,"width":4000,"height":3000}],"openings":[{"kind":"door","on":{"wall":"shell","at":"50%"},"width":900,"swing":"in"}],"furniture":[]}`

func planJSON(t testing.TB, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// messages lists "code message" for each diagnostic, and whether any of
// them carries a position.
func messages(env map[string]any) (out []string, placed bool) {
	ds, _ := env["diagnostics"].([]any)
	for _, d := range ds {
		m := d.(map[string]any)
		code, _ := m["code"].(string)
		out = append(out, code+" "+m["message"].(string))
		if m["line"] != nil || m["col"] != nil || m["span"] != nil {
			placed = true
		}
	}
	return out, placed
}

func TestCompilePlanJSON(t *testing.T) {
	cs := connect(t, context.Background(), Options{})
	tests := []struct {
		name       string
		args       map[string]any
		ok         bool
		wantFormat bool
		want       []string // code + message of every diagnostic; nil = not checked
		placed     bool
	}{
		{name: "valid plan", args: map[string]any{"plan_json": planJSON(t, jsonPlan)}, ok: true, wantFormat: true, want: []string{}},
		{name: "plan_json wins over source", args: map[string]any{"source": "not arch", "plan_json": planJSON(t, jsonPlan)}, ok: true, wantFormat: true},
		{name: "wrong type", args: map[string]any{"plan_json": planJSON(t, `{"rooms":[{"x":0,"y":0,"width":"big","height":3000}]}`)},
			want: []string{"E_JSON_SCHEMA plan JSON /rooms/0/width: expected a number"}},
		{name: "every finding at once", args: map[string]any{"plan_json": planJSON(t, `{"plan":1,"rooms":[{}],"openings":[{"kind":"portal","width":1,"x":0,"y":0}]}`)},
			want: []string{
				"E_JSON_SCHEMA plan JSON /plan: expected a string",
				"E_JSON_SCHEMA plan JSON /rooms/0/x: expected a number",
				"E_JSON_SCHEMA plan JSON /rooms/0/y: expected a number",
				"E_JSON_SCHEMA plan JSON /rooms/0/width: expected a number",
				"E_JSON_SCHEMA plan JSON /rooms/0/height: expected a number",
				`E_JSON_KIND plan JSON /openings/0/kind: expected "door", "window", or "opening" (got "portal")`,
			}},
		{name: "not an object", args: map[string]any{"plan_json": "{}"}, want: []string{"E_JSON_SCHEMA plan JSON : expected a top-level object"}},
		{name: "null plan_json still wins", args: map[string]any{"source": "plan \"A\" {}", "plan_json": nil}, want: []string{"E_JSON_SCHEMA plan JSON : expected a top-level object"}},
		{name: "generated program does not parse", args: map[string]any{"plan_json": planJSON(t, `{"north":"nowhere"}`)}, placed: true},
		{name: "compile finding points into the generated program", args: map[string]any{"plan_json": planJSON(t, `{"plan":"A","rooms":[{"x":0,"y":0,"width":0,"height":3000}]}`)}, wantFormat: true, placed: true},
		{name: "png", args: map[string]any{"plan_json": planJSON(t, jsonPlan), "format": "png"}, ok: true, wantFormat: true, want: []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env, isErr := call(t, cs, "compile", tt.args)
			if env["ok"] != tt.ok || isErr == tt.ok {
				t.Fatalf("ok = %v, isError = %v; want ok %v: %v", env["ok"], isErr, tt.ok, env)
			}
			if _, has := env["format"]; has != tt.wantFormat {
				t.Errorf("format present = %v, want %v: %v", has, tt.wantFormat, env)
			}
			got, placed := messages(env)
			if placed != tt.placed {
				t.Errorf("positions present = %v, want %v: %v", placed, tt.placed, env["diagnostics"])
			}
			if tt.want != nil && strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if tt.ok && tt.args["format"] != "png" {
				if out, _ := env["output"].(string); !strings.HasPrefix(out, "<svg") {
					t.Errorf("ok without an SVG")
				}
			}
		})
	}
}

func TestCompilePlanJSONSpan(t *testing.T) {
	cs := connect(t, context.Background(), Options{})
	env, _ := call(t, cs, "compile", map[string]any{"plan_json": planJSON(t, `{"plan":"A","rooms":[{"x":0,"y":0,"width":0,"height":3000}]}`)})
	d := env["diagnostics"].([]any)[0].(map[string]any)
	// The generated program: `plan "A" {`, `  units mm`, then the room.
	if d["code"] != "E_ROOM_SIZE" || d["line"] != 3.0 || d["col"] != 3.0 {
		t.Errorf("diagnostic = %v", d)
	}
	if sp, _ := d["span"].([]any); len(sp) != 2 || sp[0] != 24.0 || sp[1] != 49.0 {
		t.Errorf("span = %v, want [24 49]", d["span"])
	}
}

func TestCompileNeitherSourceNorPlanJSON(t *testing.T) {
	cs := connect(t, context.Background(), Options{})
	env, isErr := call(t, cs, "compile", map[string]any{"format": "svg"})
	if !isErr || env["ok"] != false {
		t.Fatalf("want a refusal: %v", env)
	}
	if _, has := env["format"]; has {
		t.Errorf("refusal carries a format: %v", env)
	}
	got, _ := messages(env)
	if len(got) != 1 || !strings.Contains(got[0], "plan_json") {
		t.Errorf("diagnostics = %v", got)
	}
}

func TestCompileAccessible(t *testing.T) {
	cs := connect(t, context.Background(), Options{})
	src := "plan \"Cabin\" {\n  room id=main at (0,0) size 4000x3000 label \"Cabin\"\n}\n"
	for _, args := range []map[string]any{
		{"source": src},
		{"plan_json": planJSON(t, jsonPlan)},
	} {
		plain, _ := call(t, cs, "compile", args)
		args["accessible"] = true
		acc, _ := call(t, cs, "compile", args)
		p, _ := plain["output"].(string)
		a, _ := acc["output"].(string)
		if p == "" || a == "" || p == a {
			t.Errorf("accessible made no difference (%d vs %d bytes)", len(p), len(a))
		}
		if strings.Contains(p, "<title") || !strings.Contains(a, "<title") {
			t.Errorf("want <title> only with accessible")
		}
	}
	env, isErr := call(t, cs, "compile", map[string]any{"source": src, "accessible": "yes"})
	if !isErr || env["ok"] != false {
		t.Errorf("a non-boolean accessible should be refused: %v", env)
	}
}

func TestCompilePlanJSONOverCap(t *testing.T) {
	cs := connect(t, context.Background(), Options{MaxArgument: 100})
	env, isErr := call(t, cs, "compile", map[string]any{"plan_json": planJSON(t, jsonPlan)})
	got, _ := messages(env)
	if !isErr || len(got) != 1 || !strings.HasPrefix(got[0], "E_INPUT_TOO_LARGE") {
		t.Errorf("want E_INPUT_TOO_LARGE, got %v", got)
	}
}

func BenchmarkCompilePlanJSONTool(b *testing.B) {
	benchTool(b, "compile", map[string]any{"plan_json": planJSON(b, jsonPlan)})
}
