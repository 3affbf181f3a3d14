package caddymodule

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/archlang-go/caddy-archlang/caddymodule/mcpserver"
	"github.com/archlang-go/caddy-archlang/core"
	"github.com/archlang-go/caddy-archlang/core/payload"
)

func newHandler(t *testing.T, mod func(*Handler)) *Handler {
	t.Helper()
	ctx, cancel := caddy.NewContext(caddy.Context{Context: context.Background()})
	t.Cleanup(cancel)
	h := &Handler{}
	if mod != nil {
		mod(h)
	}
	if err := h.Provision(ctx); err != nil {
		t.Fatal(err)
	}
	if err := h.Validate(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Cleanup() })
	return h
}

// nextHandler records that a request was passed on.
type nextHandler struct{ called int }

func (n *nextHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) error {
	n.called++
	w.WriteHeader(http.StatusTeapot)
	io.WriteString(w, "next")
	return nil
}

func serve(t *testing.T, h *Handler, r *http.Request) (*httptest.ResponseRecorder, *nextHandler) {
	t.Helper()
	w := httptest.NewRecorder()
	n := &nextHandler{}
	if err := h.ServeHTTP(w, r, n); err != nil {
		t.Fatalf("ServeHTTP returned %v", err)
	}
	return w, n
}

func mcpPost(body string) *http.Request {
	r := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "application/json, text/event-stream")
	return r
}

func jsonBody(t *testing.T, w *httptest.ResponseRecorder) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil {
		t.Fatalf("body is not JSON: %v\n%s", err, w.Body)
	}
	return m
}

// toolText returns the text and isError of a tools/call JSON-RPC reply.
func toolText(t *testing.T, w *httptest.ResponseRecorder) (map[string]any, bool) {
	t.Helper()
	m := jsonBody(t, w)
	res, ok := m["result"].(map[string]any)
	if !ok {
		t.Fatalf("no result: %s", w.Body)
	}
	text := res["content"].([]any)[0].(map[string]any)["text"].(string)
	var env map[string]any
	if err := json.Unmarshal([]byte(text), &env); err != nil {
		t.Fatalf("tool text is not JSON: %s", text)
	}
	isErr, _ := res["isError"].(bool)
	return env, isErr
}

func firstCode(env map[string]any) string {
	ds, _ := env["diagnostics"].([]any)
	if len(ds) == 0 {
		return ""
	}
	c, _ := ds[0].(map[string]any)["code"].(string)
	return c
}

func TestMCPToolsList(t *testing.T) {
	h := newHandler(t, nil)
	before := testutil.ToFloat64(h.metrics.messages.WithLabelValues("tools/list", ""))
	w, n := serve(t, h, mcpPost(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	if w.Code != http.StatusOK || n.called != 0 {
		t.Fatalf("status %d, next called %d: %s", w.Code, n.called, w.Body)
	}
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type = %q", ct)
	}
	if w.Header().Get("Mcp-Session-Id") != "" {
		t.Errorf("stateless server issued a session id")
	}
	tools := jsonBody(t, w)["result"].(map[string]any)["tools"].([]any)
	if len(tools) != len(mcpserver.ToolNames()) {
		t.Errorf("%d tools, want %d", len(tools), len(mcpserver.ToolNames()))
	}
	if got := testutil.ToFloat64(h.metrics.messages.WithLabelValues("tools/list", "")); got != before+1 {
		t.Errorf("messages_total{tools/list} = %v, want %v", got, before+1)
	}
}

func TestMCPInitializeEchoesVersion(t *testing.T) {
	h := newHandler(t, nil)
	for _, v := range []string{"2025-06-18", "2025-11-25"} {
		w, _ := serve(t, h, mcpPost(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"`+v+`","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`))
		res := jsonBody(t, w)["result"].(map[string]any)
		if res["protocolVersion"] != v {
			t.Errorf("initialize %s answered %v", v, res["protocolVersion"])
		}
		caps := res["capabilities"].(map[string]any)
		for _, c := range []string{"tools", "resources", "prompts", "logging"} {
			if _, ok := caps[c]; !ok {
				t.Errorf("capability %s not declared", c)
			}
		}
	}
}

func TestMCPMethodsAndNotifications(t *testing.T) {
	h := newHandler(t, nil)
	for _, m := range []string{http.MethodGet, http.MethodDelete, http.MethodPut} {
		r := httptest.NewRequest(m, "/mcp", nil)
		r.Header.Set("Accept", "text/event-stream")
		w, _ := serve(t, h, r)
		if w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != "POST" {
			t.Errorf("%s /mcp: %d Allow=%q", m, w.Code, w.Header().Get("Allow"))
		}
	}
	w, _ := serve(t, h, mcpPost(`{"jsonrpc":"2.0","method":"notifications/initialized"}`))
	if w.Code != http.StatusAccepted || w.Body.Len() != 0 {
		t.Errorf("notification: %d %q", w.Code, w.Body)
	}
}

func TestMCPBodyCap(t *testing.T) {
	h := newHandler(t, func(h *Handler) { h.MaxBody = 1000; h.MaxArgument = 500 })
	big := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"compile","arguments":{"source":"` + strings.Repeat("a", 2000) + `"}}}`
	before := testutil.ToFloat64(h.metrics.refusals.WithLabelValues(reasonBodyTooLarge))

	// Declared length over the cap.
	w, _ := serve(t, h, mcpPost(big))
	// Unknown length (chunked): read at most cap+1 bytes.
	r := mcpPost("")
	cr := &countingReader{r: strings.NewReader(big)}
	r.Body = io.NopCloser(cr)
	r.ContentLength = -1
	w2, _ := serve(t, h, r)
	for _, w := range []*httptest.ResponseRecorder{w, w2} {
		if w.Code != http.StatusRequestEntityTooLarge {
			t.Fatalf("status %d: %s", w.Code, w.Body)
		}
		env := jsonBody(t, w)
		if env["ok"] != false || firstCode(env) != "E_INPUT_TOO_LARGE" {
			t.Errorf("413 body = %s", w.Body)
		}
	}
	if cr.n > 1001+512 { // LimitReader reads cap+1; allow one buffer of slack
		t.Errorf("read %d bytes of an over-cap body", cr.n)
	}
	if got := testutil.ToFloat64(h.metrics.refusals.WithLabelValues(reasonBodyTooLarge)); got != before+2 {
		t.Errorf("refusals_total{body_too_large} = %v, want %v", got, before+2)
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func TestMCPArgumentCap(t *testing.T) {
	h := newHandler(t, func(h *Handler) { h.MaxArgument = 100 })
	args := `{"source":"` + strings.Repeat("a", 200) + `"}`
	before := testutil.ToFloat64(h.metrics.refusals.WithLabelValues(reasonArgTooLarge))

	w, _ := serve(t, h, mcpPost(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"compile","arguments":`+args+`}}`))
	if w.Code != http.StatusOK {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	env, isErr := toolText(t, w)
	if !isErr || env["ok"] != false || firstCode(env) != "E_INPUT_TOO_LARGE" {
		t.Errorf("oversized argument: isError=%v %v", isErr, env)
	}

	w, _ = serve(t, h, mcpPost(`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"compile","arguments":`+args+`}}`))
	if w.Code != http.StatusAccepted || w.Body.Len() != 0 {
		t.Errorf("oversized notification: %d %q", w.Code, w.Body)
	}
	if got := testutil.ToFloat64(h.metrics.refusals.WithLabelValues(reasonArgTooLarge)); got != before+2 {
		t.Errorf("refusals_total{argument_too_large} = %v, want %v", got, before+2)
	}
}

func TestMCPCompileAndLink(t *testing.T) {
	h := newHandler(t, nil)
	w, _ := serve(t, h, mcpPost(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"compile","arguments":{"source":"plan \"x\" {\n}\n"}}}`))
	env, isErr := toolText(t, w)
	if _, ok := env["diagnostics"].([]any); !ok || env["format"] != "svg" || (env["ok"] == true) == isErr {
		t.Errorf("compile envelope = %v (isError %v)", env, isErr)
	}

	src := "plan \"x\" {\n}\n"
	r := mcpPost(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"link","arguments":{"source":"plan \"x\" {\n}\n"}}}`)
	r.Host = "MCP.Example.org"
	r.TLS = &tls.ConnectionState{}
	w, _ = serve(t, h, r)
	link, isErr := toolText(t, w)
	p := payload.Encode([]byte(src))
	if isErr || link["svg_url"] != "https://mcp.example.org/svg/"+p ||
		link["pinned_svg_url"] != "https://mcp.example.org/v/"+core.RenderVersion()+"/svg/"+p ||
		link["url"] != DefaultPlaygroundURL+"/#z="+p {
		t.Errorf("link = %v", link)
	}

	// A Host that is not a plain host name gives no image URLs.
	r = mcpPost(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"link","arguments":{"source":"x"}}}`)
	r.Host = "evil.example/<script>"
	w, _ = serve(t, h, r)
	link, _ = toolText(t, w)
	if _, ok := link["svg_url"]; ok {
		t.Errorf("link minted an image URL from a hostile Host: %v", link)
	}
}

func TestPassThrough(t *testing.T) {
	h := newHandler(t, nil)
	for _, path := range []string{"/", "/mcp/", "/mcpx", "/v/1/gif/x", "/v//svg/x", "/svgx", "/healthz"} {
		w, n := serve(t, h, httptest.NewRequest(http.MethodGet, path, nil))
		if n.called != 1 || w.Code != http.StatusTeapot {
			t.Errorf("%s: next called %d, status %d", path, n.called, w.Code)
		}
	}
	h2 := newHandler(t, func(h *Handler) { h.MCPPath = "/rpc" })
	if _, n := serve(t, h2, mcpPost(`{}`)); n.called != 1 {
		t.Errorf("/mcp not passed on when mcp_path is /rpc")
	}
}

func svgGet(method, path string) *http.Request {
	return httptest.NewRequest(method, path, nil)
}

func TestSVG(t *testing.T) {
	h := newHandler(t, nil)
	rv := core.RenderVersion()
	p := payload.Encode([]byte("plan \"S\" {\n}\n"))

	w, n := serve(t, h, svgGet(http.MethodGet, "/svg/"+p))
	if w.Code != http.StatusOK || n.called != 0 {
		t.Fatalf("GET /svg: %d", w.Code)
	}
	hd := w.Header()
	want := map[string]string{
		"Content-Type":            "image/svg+xml",
		"Cache-Control":           "public, max-age=300, stale-while-revalidate=86400",
		"Content-Location":        "/v/" + rv + "/svg/" + p,
		"X-Content-Type-Options":  "nosniff",
		"Content-Security-Policy": svgCSP,
	}
	for k, v := range want {
		if hd.Get(k) != v {
			t.Errorf("%s = %q, want %q", k, hd.Get(k), v)
		}
	}
	etag := hd.Get("ETag")
	if !strings.HasPrefix(etag, `"`) || strings.HasPrefix(etag, "W/") {
		t.Errorf("ETag %q is not strong", etag)
	}
	if !bytes.Contains(w.Body.Bytes(), []byte("<svg")) {
		t.Errorf("body is not SVG: %.100s", w.Body)
	}
	if h.renders.Load() != 1 {
		t.Fatalf("renders = %d after one miss", h.renders.Load())
	}

	// A second GET is a cache hit: same bytes, nothing compiled.
	w2, _ := serve(t, h, svgGet(http.MethodGet, "/svg/"+p))
	if !bytes.Equal(w2.Body.Bytes(), w.Body.Bytes()) || h.renders.Load() != 1 {
		t.Errorf("hit compiled again (renders %d) or changed bytes", h.renders.Load())
	}

	// If-None-Match: 304, nothing compiled, validators kept.
	h.cache.reset()
	for _, inm := range []string{etag, `"nope", ` + etag, "W/" + etag, "*"} {
		r := svgGet(http.MethodGet, "/svg/"+p)
		r.Header.Set("If-None-Match", inm)
		w3, _ := serve(t, h, r)
		if w3.Code != http.StatusNotModified || w3.Body.Len() != 0 || w3.Header().Get("ETag") != etag {
			t.Errorf("If-None-Match %s: %d", inm, w3.Code)
		}
	}
	if h.renders.Load() != 1 {
		t.Errorf("a 304 compiled (renders %d)", h.renders.Load())
	}

	// HEAD: headers, no body.
	w4, _ := serve(t, h, svgGet(http.MethodHead, "/svg/"+p))
	if w4.Code != http.StatusOK || w4.Body.Len() != 0 || w4.Header().Get("Content-Length") == "" {
		t.Errorf("HEAD: %d body %d", w4.Code, w4.Body.Len())
	}

	// Pinned to the current version: same drawing, immutable.
	w5, _ := serve(t, h, svgGet(http.MethodGet, "/v/"+rv+"/svg/"+p))
	if w5.Code != http.StatusOK || w5.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" ||
		!bytes.Equal(w5.Body.Bytes(), w.Body.Bytes()) || w5.Header().Get("ETag") != etag {
		t.Errorf("pinned: %d %q", w5.Code, w5.Header().Get("Cache-Control"))
	}

	// Pinned to another version: 302 to the unpinned URL.
	w6, _ := serve(t, h, svgGet(http.MethodGet, "/v/0.0.1-deadbeef/svg/"+p))
	if w6.Code != http.StatusFound || w6.Header().Get("Location") != "/svg/"+p || w6.Header().Get("Cache-Control") != "public, max-age=300" {
		t.Errorf("old pin: %d Location=%q Cache-Control=%q", w6.Code, w6.Header().Get("Location"), w6.Header().Get("Cache-Control"))
	}

	// Other methods: 405 with Allow.
	w7, _ := serve(t, h, svgGet(http.MethodPost, "/svg/"+p))
	if w7.Code != http.StatusMethodNotAllowed || w7.Header().Get("Allow") != "GET, HEAD" {
		t.Errorf("POST /svg: %d Allow=%q", w7.Code, w7.Header().Get("Allow"))
	}
}

func TestSVGBadPayloads(t *testing.T) {
	h := newHandler(t, func(h *Handler) { h.MaxInflated = 1000 })
	bomb := payload.Encode(bytes.Repeat([]byte("a"), 1<<20))
	tests := []struct {
		name, p string
		status  int
	}{
		{"bad base64", "not*base64", http.StatusBadRequest},
		{"bad deflate", "AAAA", http.StatusBadRequest},
		{"empty", "", http.StatusBadRequest},
		{"inflates past the cap", bomb, http.StatusRequestEntityTooLarge},
		{"too long to be under the cap", strings.Repeat("A", 5000), http.StatusRequestEntityTooLarge},
	}
	for _, tt := range tests {
		w, _ := serve(t, h, svgGet(http.MethodGet, "/svg/"+tt.p))
		if w.Code != tt.status {
			t.Errorf("%s: status %d, want %d", tt.name, w.Code, tt.status)
		}
		if w.Header().Get("Content-Type") != "image/svg+xml" || !bytes.Contains(w.Body.Bytes(), []byte("<svg")) ||
			w.Header().Get("X-Content-Type-Options") != "nosniff" || w.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("%s: not an uncacheable error drawing: %v", tt.name, w.Header())
		}
		if tt.status == http.StatusRequestEntityTooLarge && !bytes.Contains(w.Body.Bytes(), []byte("E_INPUT_TOO_LARGE")) {
			t.Errorf("%s: drawing does not name E_INPUT_TOO_LARGE", tt.name)
		}
	}
	if h.renders.Load() != 0 {
		t.Errorf("a bad payload was compiled")
	}
}

func TestRefusalInHandleErrors(t *testing.T) {
	h := newHandler(t, nil)
	withErr := func(r *http.Request, status int) *http.Request {
		return r.WithContext(context.WithValue(r.Context(), caddyhttp.ErrorCtxKey, caddyhttp.Error(status, nil)))
	}
	before := testutil.ToFloat64(h.metrics.refusals.WithLabelValues(reasonRateLimited))

	r := withErr(mcpPost(`{}`), http.StatusTooManyRequests)
	w := httptest.NewRecorder()
	w.Header().Set("Retry-After", "42") // as rate_limit leaves it
	if err := h.ServeHTTP(w, r, &nextHandler{}); err != nil {
		t.Fatal(err)
	}
	env := jsonBody(t, w)
	if w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") != "42" || firstCode(env) != "E_RATE_LIMITED" || env["ok"] != false {
		t.Errorf("429 on /mcp: %d %v %s", w.Code, w.Header(), w.Body)
	}

	w, _ = serve(t, h, withErr(svgGet(http.MethodGet, "/svg/abc"), http.StatusTooManyRequests))
	if w.Code != http.StatusTooManyRequests || w.Header().Get("Content-Type") != "image/svg+xml" || !bytes.Contains(w.Body.Bytes(), []byte("E_RATE_LIMITED")) {
		t.Errorf("429 on /svg: %d %s", w.Code, w.Body)
	}
	if got := testutil.ToFloat64(h.metrics.refusals.WithLabelValues(reasonRateLimited)); got != before+2 {
		t.Errorf("refusals_total{rate_limited} = %v, want %v", got, before+2)
	}

	w, _ = serve(t, h, withErr(mcpPost(`{}`), http.StatusRequestEntityTooLarge))
	if w.Code != http.StatusRequestEntityTooLarge || firstCode(jsonBody(t, w)) != "E_INPUT_TOO_LARGE" {
		t.Errorf("413 on /mcp: %d %s", w.Code, w.Body)
	}

	// Other statuses and other paths go to next.
	if _, n := serve(t, h, withErr(mcpPost(`{}`), http.StatusInternalServerError)); n.called != 1 {
		t.Errorf("500 not passed on")
	}
	if _, n := serve(t, h, withErr(svgGet(http.MethodGet, "/other"), http.StatusTooManyRequests)); n.called != 1 {
		t.Errorf("429 on another path not passed on")
	}
}

func TestSVGCache(t *testing.T) {
	c := newSVGCache(8 * (entryOverhead + 10 + 100))
	body := bytes.Repeat([]byte("x"), 100)
	for i := range 20 {
		c.put(string(rune('a'+i))+"123456789", body)
	}
	size, n := c.stats()
	if size > c.max || n == 0 || n >= 20 {
		t.Errorf("size %d (max %d), %d entries", size, c.max, n)
	}
	if _, ok := c.get("a123456789"); ok {
		t.Errorf("oldest entry survived")
	}
	last := string(rune('a'+19)) + "123456789"
	if _, ok := c.get(last); !ok {
		t.Errorf("newest entry evicted")
	}
	big := newSVGCache(100)
	big.put("k", bytes.Repeat([]byte("x"), 1000))
	if _, n := big.stats(); n != 0 {
		t.Errorf("an entry over an eighth of the bound was kept")
	}
	c.reset()
	if size, n := c.stats(); size != 0 || n != 0 {
		t.Errorf("reset left %d bytes, %d entries", size, n)
	}
}

func TestLRUOrder(t *testing.T) {
	body := []byte("x")
	es := entrySize("k00", body)
	c := newSVGCache(16 * es)
	for i := range 16 {
		c.put(fmt.Sprintf("k%02d", i), body)
	}
	c.get("k00") // k01 is now the least recently used
	c.put("k16", body)
	if _, ok := c.get("k01"); ok {
		t.Errorf("k01 should have been evicted")
	}
	for _, k := range []string{"k00", "k02", "k16"} {
		if _, ok := c.get(k); !ok {
			t.Errorf("%s evicted", k)
		}
	}
	if size, n := c.stats(); size != 16*es || n != 16 {
		t.Errorf("size %d, %d entries", size, n)
	}
}

func TestLabels(t *testing.T) {
	tests := []struct{ method, tool, wantM, wantT string }{
		{"tools/call", "compile", "tools/call", "compile"},
		{"tools/call", "rm -rf", "tools/call", other},
		{"tools/list", "compile", "tools/list", ""},
		{"secret/source", "", other, ""},
		{"server/discover", "", "server/discover", ""},
	}
	for _, tt := range tests {
		if m, tl := methodLabel(tt.method), toolLabel(tt.method, tt.tool); m != tt.wantM || tl != tt.wantT {
			t.Errorf("labels(%q,%q) = %q,%q want %q,%q", tt.method, tt.tool, m, tl, tt.wantM, tt.wantT)
		}
	}
}

func TestETag(t *testing.T) {
	a, b := svgETag("1-a", "p"), svgETag("1-b", "p")
	if a == b || svgETag("1-a", "p") != a || svgETag("1-a", "q") == a {
		t.Errorf("ETag must depend on render version and payload, deterministically")
	}
	if etagMatch("", a) || etagMatch(`"x"`, a) || !etagMatch(" "+a+" ", a) {
		t.Errorf("etagMatch")
	}
}

func TestErrorDrawingEscapes(t *testing.T) {
	b := string(errorDrawing(nil))
	if !strings.Contains(b, "<svg") {
		t.Errorf("no svg")
	}
}

func BenchmarkSVGHit(b *testing.B) {
	ctx, cancel := caddy.NewContext(caddy.Context{Context: context.Background()})
	defer cancel()
	h := &Handler{}
	h.Provision(ctx)
	p := payload.Encode([]byte("plan \"B\" {\n}\n"))
	n := &nextHandler{}
	for b.Loop() {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/svg/"+p, nil), n)
	}
}

func BenchmarkMCPToolsList(b *testing.B) {
	ctx, cancel := caddy.NewContext(caddy.Context{Context: context.Background()})
	defer cancel()
	h := &Handler{}
	h.Provision(ctx)
	n := &nextHandler{}
	for b.Loop() {
		h.ServeHTTP(httptest.NewRecorder(), mcpPost(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`), n)
	}
}

// BenchmarkMCPCompile is one tools/call compile of an ordinary plan
// through the handler (no Caddy server, no network): the MCP transport,
// the JSON both ways, the compile and the caches, each call with a fresh
// source so no cache answers.
func BenchmarkMCPCompile(b *testing.B) {
	ctx, cancel := caddy.NewContext(caddy.Context{Context: context.Background()})
	defer cancel()
	h := &Handler{}
	if err := h.Provision(ctx); err != nil {
		b.Fatal(err)
	}
	n := &nextHandler{}
	src, err := json.Marshal(benchPlan)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		body := fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"compile","arguments":{"source":%s}}}`, strings.Replace(string(src), `}\n"`, fmt.Sprintf(`}\n// %d\n"`, i), 1))
		w := httptest.NewRecorder()
		h.ServeHTTP(w, mcpPost(body), n)
		if w.Code != http.StatusOK {
			b.Fatalf("status %d: %s", w.Code, w.Body)
		}
	}
}

// benchPlan is an ordinary small flat.
const benchPlan = `plan "Bench flat" {
  wall exterior thickness 200 { (0,0) (8000,0) (8000,6000) (0,6000) (0,0) }
  wall interior thickness 100 { (4000,0) (4000,6000) }
  room living at (0,0) size 4000x6000 label "Living"
  room bed at (4000,0) size 4000x6000 label "Bedroom"
  door at (2000,0) width 900 wall exterior
  door at (4000,3000) width 800 wall interior
  window at (6000,0) width 1200 wall exterior
  furniture bed at (5000,1000) size 1600x2000
  furniture sofa at (500,4000) size 2000x900
}
`
