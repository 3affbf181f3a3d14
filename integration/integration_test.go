// Package integration boots Caddy in-process (caddytest: admin on
// localhost:2999, HTTP on 9080) with the archlang_mcp handler and
// caddy-ratelimit, and talks to it over real HTTP: the go-sdk MCP client,
// raw protocol requests, the /svg routes, rate limiting and the logs.
//
// Every live-server test is in this one package, because caddytest runs
// one global server on fixed ports. `go test -short` skips them.
package integration

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2/caddyconfig"
	"github.com/caddyserver/caddy/v2/caddytest"
	_ "github.com/mholt/caddy-ratelimit"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	_ "github.com/archlang-go/caddy-archlang" // the module root registers archlang_mcp
	"github.com/archlang-go/caddy-archlang/caddymodule/mcpserver"
	"github.com/archlang-go/caddy-archlang/core"
	"github.com/archlang-go/caddy-archlang/core/payload"
)

const base = "http://localhost:9080"

// canary is a string that must never reach a log: it rides in plan
// sources and labels sent to every route.
const canary = "CANARY-7f3a9c-private-label"

var logFile = filepath.Join(os.TempDir(), fmt.Sprintf("archlang-integration-%d.log", os.Getpid()))

// config is the one configuration every test loads (reloading an identical
// config is a no-op, so state such as rate-limit counters carries over).
var config = `
{
	skip_install_trust
	admin localhost:2999
	http_port 9080
	https_port 9443
	grace_period 1ns
	metrics
	log {
		output file ` + logFile + `
		level DEBUG
	}
}

http://localhost:9080 {
	log {
		output file ` + logFile + `
	}
	encode
	archlang_mcp {
		max_body 256KiB
		max_argument 64KiB
		max_inflated 64KiB
	}
	respond "hello"
}

# A public name reaching a loopback listener, as behind a local proxy.
http://public.example.test:9080 {
	archlang_mcp {
		disable_localhost_protection
	}
	respond "public"
}

# The same name without the opt-out: the SDK's DNS-rebinding guard answers.
http://guarded.example.test:9080 {
	archlang_mcp
}

# PNG widths set in the Caddyfile.
http://narrow.localhost:9080 {
	archlang_mcp {
		png_width 300
		png_max_width 400
	}
}

http://limited.localhost:9080 {
	log {
		output file ` + logFile + `
	}
	rate_limit {
		zone mcp {
			match {
				method POST
				path /mcp
			}
			key {remote_host}
			events 2
			window 1m
		}
		zone svg {
			match {
				path /svg/* /v/*
			}
			key {remote_host}
			events 2
			window 1m
		}
		zone png {
			match {
				path /png/*
			}
			key {remote_host}
			events 2
			window 1m
		}
	}
	archlang_mcp {
		disable_localhost_protection
	}
	handle_errors 429 {
		archlang_mcp
	}
}
`

func start(t *testing.T) *caddytest.Tester {
	t.Helper()
	tc := caddytest.NewTester(t)
	tc.InitServer(config, "caddyfile")
	return tc
}

func post(t *testing.T, tc *caddytest.Tester, url, body string, hdr map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	res, err := tc.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, b
}

func get(t *testing.T, tc *caddytest.Tester, method, url string, hdr map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(method, url, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	// Do not follow redirects: the 302 is under test.
	c := *tc.Client
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, b
}

func diagCode(t *testing.T, body []byte) string {
	t.Helper()
	var env struct {
		OK          bool `json:"ok"`
		Diagnostics []struct {
			Code string `json:"code"`
		} `json:"diagnostics"`
	}
	if err := json.Unmarshal(body, &env); err != nil || env.OK || len(env.Diagnostics) == 0 {
		t.Fatalf("not a refusal envelope: %s", body)
	}
	return env.Diagnostics[0].Code
}

// plan is a small valid plan with the canary in its name and a label.
const plan = `plan "Cabin ` + canary + `" {
  wall id=shell exterior thickness 200 { (0,0) (4000,0) (4000,3000) (0,3000) close }
  room id=main at (0,0) size 4000x3000 label "Cabin ` + canary + `" uses living
  door id=d on shell at 50% width 900 swing in
}
`

// connectSDK starts Caddy and connects the go-sdk client to its MCP
// endpoint for the test; the session and its context (timeout long)
// end with the test.
func connectSDK(t *testing.T, timeout time.Duration) (context.Context, *mcp.ClientSession) {
	t.Helper()
	start(t)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	t.Cleanup(cancel)
	c := mcp.NewClient(&mcp.Implementation{Name: "integration", Version: "1"}, nil)
	cs, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: base + "/mcp"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return ctx, cs
}

// callJSON calls tool name with args over the session cs and decodes its
// result's JSON text into v; it reports whether the result is marked
// isError.
func callJSON(t *testing.T, ctx context.Context, cs *mcp.ClientSession, name string, args map[string]any, v any) bool {
	t.Helper()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	if err := json.Unmarshal([]byte(text), v); err != nil {
		t.Fatalf("%s: %v in %s", name, err, text)
	}
	return res.IsError
}

func TestSDKClient(t *testing.T) {
	ctx, cs := connectSDK(t, 20*time.Second)
	if v := cs.InitializeResult().ProtocolVersion; v == "" {
		t.Errorf("no protocol version negotiated")
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range tools.Tools {
		names = append(names, tl.Name)
	}
	if !slices.Equal(sortedStrings(names), sortedStrings(mcpserver.ToolNames())) {
		t.Errorf("tools = %v, want %v", names, mcpserver.ToolNames())
	}

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "compile", Arguments: map[string]any{"source": plan}})
	if err != nil {
		t.Fatal(err)
	}
	var env struct {
		OK          bool              `json:"ok"`
		Format      string            `json:"format"`
		Output      string            `json:"output"`
		Diagnostics []json.RawMessage `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &env); err != nil {
		t.Fatal(err)
	}
	if env.Format != "svg" || env.Diagnostics == nil || !env.OK || res.IsError || !strings.Contains(env.Output, "<svg") {
		t.Errorf("compile: ok=%v isError=%v format=%q", env.OK, res.IsError, env.Format)
	}

	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "link", Arguments: map[string]any{"source": plan}})
	if err != nil {
		t.Fatal(err)
	}
	var link map[string]string
	json.Unmarshal([]byte(strings.Replace(res.Content[0].(*mcp.TextContent).Text, `"ok":true,`, "", 1)), &link)
	p := payload.Encode([]byte(plan))
	if link["svg_url"] != base+"/svg/"+p || link["pinned_svg_url"] != base+"/v/"+core.RenderVersion()+"/svg/"+p ||
		link["url"] != "https://playground.archlang.uk/#z="+p {
		t.Errorf("link = %v", link)
	}
	// The minted image URL works.
	r, body := get(t, caddytest.NewTester(t), http.MethodGet, link["svg_url"], nil)
	if r.StatusCode != http.StatusOK || !bytes.Contains(body, []byte("<svg")) {
		t.Errorf("GET svg_url: %d", r.StatusCode)
	}

	rl, err := cs.ListResources(ctx, nil)
	if err != nil || len(rl.Resources) == 0 {
		t.Fatalf("resources/list: %v, %v", rl, err)
	}
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: rl.Resources[0].URI})
	if err != nil || len(rr.Contents) != 1 || rr.Contents[0].Text == "" {
		t.Errorf("resources/read: %v", err)
	}
}

func TestDiscover2026(t *testing.T) {
	tc := start(t)
	hdr := map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "server/discover"}
	res, body := post(t, tc, base+"/mcp",
		`{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":`+meta2026+`}}`, hdr)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("discover: %d %s", res.StatusCode, body)
	}
	var m struct {
		Result struct {
			SupportedVersions []string                   `json:"supportedVersions"`
			Capabilities      map[string]json.RawMessage `json:"capabilities"`
		} `json:"result"`
	}
	json.Unmarshal(body, &m)
	if !contains(m.Result.SupportedVersions, "2026-07-28") || !contains(m.Result.SupportedVersions, "2025-11-25") {
		t.Errorf("supportedVersions = %v", m.Result.SupportedVersions)
	}
	for _, c := range []string{"tools", "resources", "prompts"} {
		if _, ok := m.Result.Capabilities[c]; !ok {
			t.Errorf("discover lacks capability %s: %s", c, body)
		}
	}
	// A mismatched Mcp-Method header is refused by the SDK.
	hdr["Mcp-Method"] = "tools/list"
	res, _ = post(t, tc, base+"/mcp",
		`{"jsonrpc":"2.0","id":2,"method":"server/discover","params":{"_meta":`+meta2026+`}}`, hdr)
	if res.StatusCode != http.StatusBadRequest {
		t.Errorf("mismatched Mcp-Method: %d", res.StatusCode)
	}
	// tools/call at 2026-07-28 with the Mcp-Name header.
	res, body = post(t, tc, base+"/mcp",
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"read_me","arguments":{},"_meta":`+meta2026+`}}`,
		map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "read_me"})
	if res.StatusCode != http.StatusOK || !bytes.Contains(body, []byte("ArchLang")) {
		t.Errorf("tools/call at 2026-07-28: %d %.200s", res.StatusCode, body)
	}
}

// meta2026 is the per-request _meta the 2026-07-28 protocol requires.
const meta2026 = `{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"raw","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}`

// sortedStrings returns a sorted copy of s.
func sortedStrings(s []string) []string {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func TestInitializeEcho(t *testing.T) {
	tc := start(t)
	for _, v := range []string{"2025-06-18", "2025-11-25"} {
		res, body := post(t, tc, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"`+v+`","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`, nil)
		if res.StatusCode != http.StatusOK || !bytes.Contains(body, []byte(`"protocolVersion":"`+v+`"`)) || res.Header.Get("Mcp-Session-Id") != "" {
			t.Errorf("initialize %s: %d %s", v, res.StatusCode, body)
		}
	}
}

func TestRawStatuses(t *testing.T) {
	tc := start(t)
	p := payload.Encode([]byte(plan))
	rv := core.RenderVersion()

	for _, m := range []string{http.MethodGet, http.MethodDelete} {
		res, _ := get(t, tc, m, base+"/mcp", map[string]string{"Accept": "text/event-stream"})
		if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "POST" {
			t.Errorf("%s /mcp: %d Allow=%q", m, res.StatusCode, res.Header.Get("Allow"))
		}
	}

	res, body := post(t, tc, base+"/mcp", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, nil)
	if res.StatusCode != http.StatusAccepted || len(body) != 0 {
		t.Errorf("notification: %d %q", res.StatusCode, body)
	}

	big := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"compile","arguments":{"source":"` + strings.Repeat("# "+canary+"\\n", 20000) + `"}}}`
	res, body = post(t, tc, base+"/mcp", big, nil)
	if res.StatusCode != http.StatusRequestEntityTooLarge || diagCode(t, body) != "E_INPUT_TOO_LARGE" {
		t.Errorf("big body: %d %s", res.StatusCode, body)
	}

	arg := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"compile","arguments":{"source":"` + strings.Repeat("# "+canary+"\\n", 3000) + `"}}}`
	res, body = post(t, tc, base+"/mcp", arg, nil)
	if res.StatusCode != http.StatusOK || !bytes.Contains(body, []byte(`"isError":true`)) || !bytes.Contains(body, []byte("E_INPUT_TOO_LARGE")) {
		t.Errorf("big argument: %d %.300s", res.StatusCode, body)
	}
	res, body = post(t, tc, base+"/mcp", strings.Replace(arg, `"id":2,`, "", 1), nil)
	if res.StatusCode != http.StatusAccepted || len(body) != 0 {
		t.Errorf("big argument in a notification: %d %q", res.StatusCode, body)
	}

	res, body = get(t, tc, http.MethodGet, base+"/svg/"+p, nil)
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/svg+xml" ||
		res.Header.Get("Cache-Control") != "public, max-age=300, stale-while-revalidate=86400" ||
		res.Header.Get("Content-Location") != "/v/"+rv+"/svg/"+p || res.Header.Get("X-Content-Type-Options") != "nosniff" ||
		!strings.Contains(res.Header.Get("Content-Security-Policy"), "default-src 'none'") || !bytes.Contains(body, []byte("<svg")) {
		t.Errorf("GET /svg: %d %v", res.StatusCode, res.Header)
	}
	etag := res.Header.Get("ETag")
	res, body = get(t, tc, http.MethodGet, base+"/svg/"+p, map[string]string{"If-None-Match": etag})
	if res.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Errorf("If-None-Match: %d", res.StatusCode)
	}
	res, _ = get(t, tc, http.MethodGet, base+"/v/"+rv+"/svg/"+p, nil)
	if res.StatusCode != http.StatusOK || res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Errorf("pinned: %d %q", res.StatusCode, res.Header.Get("Cache-Control"))
	}
	res, _ = get(t, tc, http.MethodGet, base+"/v/1.0.0-00000000/svg/"+p, nil)
	if res.StatusCode != http.StatusFound || res.Header.Get("Location") != "/svg/"+p || res.Header.Get("Cache-Control") != "public, max-age=300" {
		t.Errorf("old pin: %d %v", res.StatusCode, res.Header)
	}
	res, _ = get(t, tc, http.MethodGet, base+"/svg/***", nil)
	if res.StatusCode != http.StatusBadRequest {
		t.Errorf("bad base64: %d", res.StatusCode)
	}
	res, _ = get(t, tc, http.MethodGet, base+"/svg/"+payload.Encode(bytes.Repeat([]byte("a"), 1<<20)), nil)
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("payload bomb: %d", res.StatusCode)
	}
	res, _ = get(t, tc, http.MethodPost, base+"/svg/"+p, nil)
	if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST /svg: %d %q", res.StatusCode, res.Header.Get("Allow"))
	}

	res, body = get(t, tc, http.MethodGet, base+"/anything/else", nil)
	if res.StatusCode != http.StatusOK || string(body) != "hello" {
		t.Errorf("unrelated path: %d %q", res.StatusCode, body)
	}
}

// TestLocalhostProtection shows the deliberate choice: by default a public
// Host reaching a loopback listener is refused by the SDK's DNS-rebinding
// guard; disable_localhost_protection lets a local proxy forward it.
func TestLocalhostProtection(t *testing.T) {
	tc := start(t)
	req := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`
	res, _ := post(t, tc, "http://guarded.example.test:9080/mcp", req, nil)
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("guarded site: %d, want 403", res.StatusCode)
	}
	res, body := post(t, tc, "http://public.example.test:9080/mcp", req, nil)
	if res.StatusCode != http.StatusOK || !bytes.Contains(body, []byte(`"compile"`)) {
		t.Errorf("public site with the opt-out: %d %.100s", res.StatusCode, body)
	}
	// And link mints URLs on the name the client used.
	res, body = post(t, tc, "http://public.example.test:9080/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"link","arguments":{"source":"plan \"p\" {}"}}}`, nil)
	if !bytes.Contains(body, []byte(`http://public.example.test:9080/svg/`)) {
		t.Errorf("link on the public site: %s", body)
	}
}

func TestRateLimit(t *testing.T) {
	tc := start(t)
	const site = "http://limited.localhost:9080"
	req := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`
	var last *http.Response
	var body []byte
	for range 3 {
		last, body = post(t, tc, site+"/mcp", req, nil)
	}
	if last.StatusCode != http.StatusTooManyRequests || last.Header.Get("Retry-After") == "" || diagCode(t, body) != "E_RATE_LIMITED" ||
		!strings.HasPrefix(last.Header.Get("Content-Type"), "application/json") {
		t.Errorf("third POST: %d Retry-After=%q %s", last.StatusCode, last.Header.Get("Retry-After"), body)
	}
	p := payload.Encode([]byte(plan))
	for range 3 {
		last, body = get(t, tc, http.MethodGet, site+"/svg/"+p, nil)
	}
	if last.StatusCode != http.StatusTooManyRequests || last.Header.Get("Retry-After") == "" ||
		last.Header.Get("Content-Type") != "image/svg+xml" || !bytes.Contains(body, []byte("E_RATE_LIMITED")) {
		t.Errorf("third GET /svg: %d %v", last.StatusCode, last.Header)
	}
}

func TestMetrics(t *testing.T) {
	tc := start(t)
	post(t, tc, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_me","arguments":{}}}`, nil)
	post(t, tc, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"`+canary+`"}`, nil)
	_, body := get(t, tc, http.MethodGet, "http://localhost:2999/metrics", nil)
	for _, want := range []string{
		`caddy_archlang_mcp_messages_total{method="tools/call",tool="read_me"}`,
		`caddy_archlang_mcp_messages_total{method="(other)",tool=""}`,
	} {
		if !bytes.Contains(body, []byte(want)) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if bytes.Contains(body, []byte(canary)) {
		t.Errorf("a client-chosen method reached a metric label")
	}
}

// TestCanaryNeverLogged sends the canary through every route, then reads
// the log file (server log at DEBUG plus access logs): it must never appear.
func TestCanaryNeverLogged(t *testing.T) {
	tc := start(t)
	p := payload.Encode([]byte(plan))
	src, _ := json.Marshal(plan)
	post(t, tc, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"compile","arguments":{"source":`+string(src)+`}}}`, nil)
	post(t, tc, base+"/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"link","arguments":{"source":`+string(src)+`}}}`, nil)
	post(t, tc, base+"/mcp", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"compile","arguments":{"source":`+string(src)+`,"format":"`+canary+`"}}}`, nil)
	post(t, tc, base+"/mcp", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"`+canary+`","arguments":{}}}`, nil)
	post(t, tc, base+"/mcp", `{"broken json `+canary, nil)
	post(t, tc, base+"/mcp", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"compile","arguments":{"source":"`+strings.Repeat(canary, 5000)+`"}}}`, nil)
	post(t, tc, base+"/mcp", strings.Repeat(canary, 20000), nil)
	get(t, tc, http.MethodGet, base+"/svg/"+p, nil)
	get(t, tc, http.MethodGet, base+"/svg/"+p+"broken", nil)
	get(t, tc, http.MethodGet, base+"/png/"+p, nil)
	get(t, tc, http.MethodGet, base+"/png/"+p+"broken", nil)
	post(t, tc, base+"/mcp", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"compile","arguments":{"source":`+string(src)+`,"format":"png"}}}`, nil)
	post(t, tc, "http://limited.localhost:9080/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"compile","arguments":{"source":`+string(src)+`}}}`, nil)

	time.Sleep(200 * time.Millisecond)
	logs, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(logs, []byte(`"uri":"/mcp"`)) {
		t.Fatalf("the access log recorded nothing; the test would prove nothing (%d bytes)", len(logs))
	}
	if bytes.Contains(logs, []byte(canary)) {
		i := bytes.Index(logs, []byte(canary))
		lo := max(0, i-300)
		t.Errorf("the canary reached the log:\n%s", logs[lo:min(len(logs), i+100)])
	}
}

func TestCaddyfileExampleAdapts(t *testing.T) {
	b, err := os.ReadFile("../Caddyfile.example")
	if err != nil {
		t.Fatal(err)
	}
	for _, site := range []string{"", "http://localhost:8081"} {
		t.Setenv("ARCHLANG_SITE", site) // restores the variable after the test
		if site == "" {
			os.Unsetenv("ARCHLANG_SITE")
		}
		out, _, err := caddyconfig.GetAdapter("caddyfile").Adapt(b, nil)
		if err != nil {
			t.Fatalf("ARCHLANG_SITE=%q: %v", site, err)
		}
		for _, want := range []string{`"handler":"archlang_mcp"`, `"handler":"rate_limit"`, `"max_events":600`, `"max_events":3000`, `"{http.request.remote.host}"`} {
			if !bytes.Contains(out, []byte(want)) {
				t.Errorf("adapted example lacks %s", want)
			}
		}
		wantHost := "mcp.archlang.uk"
		if site != "" {
			wantHost = "localhost"
		}
		if !bytes.Contains(out, []byte(`"`+wantHost+`"`)) {
			t.Errorf("ARCHLANG_SITE=%q: no host %s", site, wantHost)
		}
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	os.Remove(logFile)
	os.Exit(code)
}

// TestJSONConfig loads a native JSON configuration (the handler's JSON
// field names) and checks that the options take effect. The next test to
// call start reloads the Caddyfile configuration.
func TestJSONConfig(t *testing.T) {
	tc := caddytest.NewTester(t)
	tc.InitServer(`{
		"admin": {"listen": "localhost:2999"},
		"apps": {
			"http": {
				"http_port": 9080,
				"servers": {
					"json": {
						"listen": [":9080"],
						"routes": [{
							"handle": [
								{"handler": "archlang_mcp", "mcp_path": "/rpc", "max_inflated": 1000, "max_body": 2000, "max_argument": 1000,
								 "playground_url": "https://play.example", "svg_cache_size": 1048576},
								{"handler": "static_response", "body": "json next"}
							]
						}]
					}
				}
			},
			"pki": {"certificate_authorities": {"local": {"install_trust": false}}}
		}
	}`, "json")
	res, body := post(t, tc, base+"/rpc", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"link","arguments":{"source":"plan \"j\" {}"}}}`, nil)
	if res.StatusCode != http.StatusOK || !bytes.Contains(body, []byte(`https://play.example/#z=`)) {
		t.Errorf("link on /rpc: %d %s", res.StatusCode, body)
	}
	res, body = get(t, tc, http.MethodGet, base+"/mcp", nil)
	if string(body) != "json next" {
		t.Errorf("/mcp is not the MCP path here: %d %q", res.StatusCode, body)
	}
	res, _ = post(t, tc, base+"/rpc", strings.Repeat(" ", 2001), nil)
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("max_body 2000: %d", res.StatusCode)
	}
	res, _ = get(t, tc, http.MethodGet, base+"/svg/"+payload.Encode(bytes.Repeat([]byte("a"), 1001)), nil)
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("max_inflated 1000: %d", res.StatusCode)
	}
}

// TestBundledLibrary: a plan importing the bundled standard library
// compiles through /svg, as it does through the compile tool.
func TestBundledLibrary(t *testing.T) {
	tc := start(t)
	src := "plan \"Lib\" {\n  units mm\n  import \"lib/fixtures.arch\": wc\n" +
		"  wall exterior thickness 200 { (0,0) (3000,0) (3000,3000) (0,3000) close }\n" +
		"  room at (0,0) size 3000x3000 label \"Bath\"\n  wc(300, 300)\n}\n"
	res, body := get(t, tc, http.MethodGet, base+"/svg/"+payload.Encode([]byte(src)), nil)
	if res.StatusCode != http.StatusOK || !bytes.Contains(body, []byte("<svg")) || bytes.Contains(body, []byte("E_IMPORT")) {
		t.Fatalf("GET /svg with an import: %d %.300s", res.StatusCode, body)
	}
	if !bytes.Contains(body, []byte("A-FURN")) || !bytes.Contains(body, []byte("Bath")) {
		t.Errorf("the drawing lacks the imported fixture's layer or the room: %.300s", body)
	}
}
