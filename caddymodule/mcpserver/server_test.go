package mcpserver

import (
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/core"
	"github.com/archlang-go/caddy-archlang/core/payload"
	"github.com/archlang-go/caddy-archlang/internal/golden"
)

// connect runs New(opts) over in-memory transports and returns a client
// session; ctx carries the origin link will see.
func connect(t testing.TB, ctx context.Context, opts Options) *mcp.ClientSession {
	t.Helper()
	srv := New(opts)
	ct, st := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	c := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil)
	cs, err := c.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func call(t testing.TB, cs *mcp.ClientSession, name string, args any) (map[string]any, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(res.Content) != 1 && !(name == "compile" && len(res.Content) > 1) {
		t.Fatalf("%s: %d content items, want 1", name, len(res.Content))
	}
	text := res.Content[0].(*mcp.TextContent).Text
	var m map[string]any
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		if name != "read_me" {
			t.Fatalf("%s: result text is not JSON: %v\n%s", name, err, text)
		}
		m = map[string]any{"text": text}
	}
	return m, res.IsError
}

// TestToolsList pins the advertised tools (names, descriptions, schemas)
// in a golden file: what a model reads is part of the contract.
func TestToolsList(t *testing.T) {
	cs := connect(t, context.Background(), Options{})
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
		if tl.Description == "" || tl.InputSchema == nil {
			t.Errorf("tool %s lacks a description or a schema", tl.Name)
		}
	}
	if strings.Join(names, ",") != strings.Join(sortedCopy(ToolNames()), ",") {
		t.Errorf("tools/list = %v, ToolNames() = %v", names, ToolNames())
	}
	got, _ := json.MarshalIndent(res.Tools, "", "  ")
	golden.Check(t, filepath.Join("testdata", "tools.json"), got)

	caps := cs.InitializeResult().Capabilities
	if caps.Tools == nil || caps.Resources == nil || caps.Prompts == nil || caps.Logging == nil {
		t.Errorf("capabilities not all declared: %+v", caps)
	}
}

func sortedCopy(s []string) []string {
	c := append([]string(nil), s...)
	for i := range c {
		for j := i + 1; j < len(c); j++ {
			if c[j] < c[i] {
				c[i], c[j] = c[j], c[i]
			}
		}
	}
	return c
}

func TestCompile(t *testing.T) {
	cs := connect(t, context.Background(), Options{})
	env, isErr := call(t, cs, "compile", map[string]any{"source": "plan \"T\" {\n}\n"})
	for _, k := range []string{"ok", "format", "diagnostics"} {
		if _, ok := env[k]; !ok {
			t.Errorf("envelope lacks %q: %v", k, env)
		}
	}
	if env["format"] != "svg" {
		t.Errorf("format = %v", env["format"])
	}
	if ok, _ := env["ok"].(bool); ok == isErr {
		t.Errorf("isError = %v but ok = %v", isErr, ok)
	}
	if ok, _ := env["ok"].(bool); ok {
		if out, _ := env["output"].(string); !strings.Contains(out, "<svg") {
			t.Errorf("ok without an SVG output")
		}
	}
}

func TestCompileRefusals(t *testing.T) {
	cs := connect(t, context.Background(), Options{MaxArgument: 100})
	big := "plan \"x\" {}\n#" + strings.Repeat("a", 200)
	tests := []struct {
		name string
		tool string
		args any
		code string
	}{
		{"source over cap", "compile", map[string]any{"source": big}, "E_INPUT_TOO_LARGE"},
		{"link source over cap", "link", map[string]any{"source": big}, "E_INPUT_TOO_LARGE"},
		{"unknown argument over cap", "compile", map[string]any{"source": "x", "extra": big}, "E_INPUT_TOO_LARGE"},
		{"read_me argument over cap", "read_me", map[string]any{"x": big}, "E_INPUT_TOO_LARGE"},
		{"bad format", "compile", map[string]any{"source": "plan \"x\" {}", "format": "gif"}, ""},
		{"missing source", "compile", map[string]any{}, ""},
		{"unknown argument", "link", map[string]any{"source": "x", "nope": 1}, ""},
		{"wrong type", "compile", map[string]any{"source": 12}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env, isErr := call(t, cs, tt.tool, tt.args)
			if !isErr {
				t.Errorf("isError = false")
			}
			if env["ok"] != false {
				t.Errorf("ok = %v", env["ok"])
			}
			ds, _ := env["diagnostics"].([]any)
			if len(ds) != 1 {
				t.Fatalf("diagnostics = %v", env["diagnostics"])
			}
			d := ds[0].(map[string]any)
			if d["code"] != nil && d["code"] != tt.code || d["code"] == nil && tt.code != "" {
				t.Errorf("code = %v, want %q", d["code"], tt.code)
			}
			if d["severity"] != "error" || d["message"] == "" {
				t.Errorf("diagnostic = %v", d)
			}
			if tt.code != "" && d["fix"] == nil {
				t.Errorf("catalogued refusal without a fix: %v", d)
			}
		})
	}
}

func TestLink(t *testing.T) {
	src := "plan \"L\" { }\n"
	ctx := WithOrigin(context.Background(), "https://mcp.example.org")
	cs := connect(t, ctx, Options{PlaygroundURL: "https://play.example.org/"})
	res, isErr := call(t, cs, "link", map[string]any{"source": src})
	if isErr {
		t.Fatalf("link isError: %v", res)
	}
	p := payload.Encode([]byte(src))
	rv := core.RenderVersion()
	want := map[string]any{
		"ok": true, "payload": p, "render_version": rv,
		"url":            "https://play.example.org/#z=" + p,
		"svg_url":        "https://mcp.example.org/svg/" + p,
		"pinned_svg_url": "https://mcp.example.org/v/" + rv + "/svg/" + p,
	}
	for k, v := range want {
		if res[k] != v {
			t.Errorf("%s = %v, want %v", k, res[k], v)
		}
	}
	back, err := payload.Decode(res["payload"].(string), 1<<16)
	if err != nil || string(back) != src {
		t.Errorf("payload does not decode to the source: %q %v", back, err)
	}

	// Without a known origin there are no image URLs.
	r := Link(DefaultPlaygroundURL, "", []byte(src))
	if r.SVGURL != "" || r.PinnedSVGURL != "" || r.URL != DefaultPlaygroundURL+"/#z="+p {
		t.Errorf("Link without origin = %+v", r)
	}
}

func TestReadMeAndResources(t *testing.T) {
	cs := connect(t, context.Background(), Options{
		Guide:     "# Guide\nhello",
		Resources: []Resource{{URI: "archlang://spec", Name: "spec", MIMEType: "text/markdown", Text: "SPEC"}},
	})
	res, isErr := call(t, cs, "read_me", map[string]any{})
	if isErr || res["text"] != "# Guide\nhello" {
		t.Errorf("read_me = %v, %v", res, isErr)
	}
	lr, err := cs.ListResources(context.Background(), nil)
	if err != nil || len(lr.Resources) != 1 || lr.Resources[0].URI != "archlang://spec" {
		t.Fatalf("resources/list = %+v, %v", lr, err)
	}
	rr, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "archlang://spec"})
	if err != nil || rr.Contents[0].Text != "SPEC" {
		t.Errorf("resources/read = %+v, %v", rr, err)
	}
	if _, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "archlang://nope"}); err == nil {
		t.Errorf("reading an unknown resource succeeded")
	}

	// The fallback guide is used when none is given.
	cs2 := connect(t, context.Background(), Options{})
	res, _ = call(t, cs2, "read_me", nil)
	if !strings.Contains(res["text"].(string), "ArchLang") {
		t.Errorf("fallback guide missing")
	}
}

func TestOversizedArgument(t *testing.T) {
	tests := []struct {
		args string
		max  int64
		over bool
	}{
		{`{"source":"abc"}`, 3, false},
		{`{"source":"abcd"}`, 3, true},
		{`{"source":"\u00e9\u00e9"}`, 4, false}, // 4 bytes decoded, 14 escaped
		{`{"n":12345}`, 4, true},
		{`{"a":"xx","b":"yyyyyy"}`, 5, true},
		{`[1,2,3]`, 1, false},
		{``, 1, false},
		{`not json`, 1, false},
	}
	for _, tt := range tests {
		d, over := OversizedArgument(json.RawMessage(tt.args), tt.max)
		if over != tt.over {
			t.Errorf("OversizedArgument(%s, %d) = %v, want %v", tt.args, tt.max, over, tt.over)
		}
		if over && d.Code != "E_INPUT_TOO_LARGE" {
			t.Errorf("code = %q", d.Code)
		}
	}
	d, _ := OversizedArgument(json.RawMessage(`{"a":"xxxxxx","b":"yyyyyy"}`), 5)
	if !strings.Contains(d.Message, `"a"`) {
		t.Errorf("ties should name the first key in order: %s", d.Message)
	}
}

// BenchmarkTools measures one tools/call of every tool through an in-memory
// MCP session (the SDK's JSON-RPC included, HTTP excluded).
func BenchmarkTools(b *testing.B) {
	const plan = "plan \"B\" {\n  units mm\n" +
		"  wall exterior thickness 200 { (0,0) (6000,0) (6000,4000) (0,4000) close }\n" +
		"  wall partition thickness 100 { (3500,0) (3500,4000) }\n" +
		"  room at (0,0) size 3500x4000 label \"Living\"\n  room at (3500,0) size 2500x4000 label \"Bed\"\n" +
		"  door at (1500,0) width 900 wall exterior\n  opening at (3500,2000) width 900 wall partition\n" +
		"  window at (5000,4000) width 1200 wall exterior\n  furniture bed at (4000,300) size 1500x2000\n}\n"
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"compile", map[string]any{"source": plan}},
		{"compile_errors", map[string]any{"source": "plan \"B\" {\n  room a \"A\" at (0,0) size (3000,3000)\n}\n"}},
		{"compile_txt", map[string]any{"source": plan, "format": "txt"}},
		{"link", map[string]any{"source": plan}},
		{"read_me", map[string]any{}},
	} {
		name, _, _ := strings.Cut(c.tool, "_")
		if c.tool == "read_me" {
			name = c.tool
		}
		b.Run(c.tool, func(b *testing.B) { benchTool(b, name, c.args) })
	}
}

// benchTool measures one tools/call of the named tool with args through an
// in-memory session. Each tool's test file benchmarks its own tool with it.
func benchTool(b *testing.B, name string, args map[string]any) {
	cs := connect(b, context.Background(), Options{})
	b.ReportAllocs()
	for b.Loop() {
		call(b, cs, name, args)
	}
}

func TestViewerMeta(t *testing.T) {
	cs := connect(t, context.Background(), Options{ViewerURI: "ui://archlang/viewer",
		Resources: []Resource{{URI: "ui://archlang/viewer", Name: "viewer", MIMEType: "text/html;profile=mcp-app", Text: "<html></html>"}}})
	lt, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range lt.Tools {
		ui, _ := tl.Meta["ui"].(map[string]any)
		if (tl.Name == "compile") != (ui != nil && ui["resourceUri"] == "ui://archlang/viewer") {
			t.Errorf("tool %s _meta = %v", tl.Name, tl.Meta)
		}
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "compile", Arguments: map[string]any{"source": "plan \"v\" {}"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Meta["ui/resourceUri"] != "ui://archlang/viewer" {
		t.Errorf("compile result _meta = %v", res.Meta)
	}
}

func TestResultTextIsNotHTMLEscaped(t *testing.T) {
	b, err := marshal(map[string]string{"output": "<svg a=\"1\">&</svg>"})
	if err != nil || string(b) != `{"output":"<svg a=\"1\">&</svg>"}` {
		t.Errorf("marshal = %s, %v", b, err)
	}
}

func TestToolPanicIsAnErrorResult(t *testing.T) {
	tl := &tools{opts: Options{}.withDefaults()}
	h := tl.safe("boom", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		panic("secret source text")
	})
	res, err := h(context.Background(), &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "boom"}})
	if err != nil || !res.IsError {
		t.Fatalf("res = %+v, err = %v", res, err)
	}
	if text := res.Content[0].(*mcp.TextContent).Text; strings.Contains(text, "secret") || !strings.Contains(text, "Internal error") {
		t.Errorf("text = %s", text)
	}
}

func TestByteSize(t *testing.T) {
	for n, want := range map[int64]string{64 << 10: "64 KiB", 1 << 20: "1 MiB", 1000: "1000 bytes", 1536: "1536 bytes"} {
		if got := byteSize(n); got != want {
			t.Errorf("byteSize(%d) = %q, want %q", n, got, want)
		}
	}
}

// FuzzOversizedArgument: never panics, and agrees with itself.
func FuzzOversizedArgument(f *testing.F) {
	f.Add(`{"source":"abc"}`, int64(2))
	f.Add(`{"a":"\u00e9","b":[1,2,3]}`, int64(3))
	f.Add(`[]`, int64(0))
	f.Fuzz(func(t *testing.T, args string, max int64) {
		d1, o1 := OversizedArgument(json.RawMessage(args), max)
		d2, o2 := OversizedArgument(json.RawMessage(args), max)
		if o1 != o2 || d1.Message != d2.Message {
			t.Fatalf("not deterministic on %q", args)
		}
		if o1 && d1.Code != "E_INPUT_TOO_LARGE" {
			t.Fatalf("code %q", d1.Code)
		}
	})
}

// TestFallbackGuideNamesEveryTool keeps the built-in read_me guide in step
// with the tool table: a tool added to the server is a tool the guide
// names (it once forgot finish).
func TestFallbackGuideNamesEveryTool(t *testing.T) {
	for _, name := range ToolNames() {
		if !regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`).MatchString(fallbackGuide) {
			t.Errorf("the fallback guide does not name the %s tool", name)
		}
	}
}
