package caddymodule

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/archlang-go/caddy-archlang/core/payload"
	"github.com/archlang-go/caddy-archlang/core/plangen"
)

// rpcErr decodes a JSON-RPC error reply.
func rpcErr(t *testing.T, w *httptest.ResponseRecorder) (id any, code float64, msg string) {
	t.Helper()
	if ct := w.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q, want application/json", ct)
	}
	var m struct {
		JSONRPC string `json:"jsonrpc"`
		ID      any    `json:"id"`
		Error   struct {
			Code    float64 `json:"code"`
			Message string  `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil || m.JSONRPC != "2.0" {
		t.Fatalf("not a JSON-RPC error: %v\n%s", err, w.Body)
	}
	return m.ID, m.Error.Code, m.Error.Message
}

func refusals(h *Handler, reason string) float64 {
	return testutil.ToFloat64(h.metrics.refusals.WithLabelValues(reason))
}

func lintCall(src string) string {
	b, _ := json.Marshal(src)
	return `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"lint","arguments":{"source":` + string(b) + `}}}`
}

func TestBatchRefused(t *testing.T) {
	h := newHandler(t, nil)
	batch := "  \n[" + lintCall(string(plangen.Grid(2, 2))) + "," + lintCall(string(plangen.Grid(2, 2))) + "]"
	before, lints := refusals(h, reasonBatch), testutil.ToFloat64(h.metrics.messages.WithLabelValues("tools/call", "lint"))
	for _, body := range []string{batch, "[]", "[1,2", `[{"jsonrpc":"2.0","method":"ping","id":1}]`} {
		w, n := serve(t, h, mcpPost(body))
		if w.Code != http.StatusBadRequest || n.called != 0 {
			t.Fatalf("%.30q: status %d", body, w.Code)
		}
		id, code, msg := rpcErr(t, w)
		if id != nil || code != -32600 || !strings.Contains(msg, "batches are not accepted") {
			t.Errorf("%.30q: id %v code %v msg %q", body, id, code, msg)
		}
	}
	if got := refusals(h, reasonBatch); got != before+4 {
		t.Errorf("refusals_total{batch} = %v, want %v", got, before+4)
	}
	if got := testutil.ToFloat64(h.metrics.messages.WithLabelValues("tools/call", "lint")); got != lints {
		t.Errorf("a batched call was counted as a lint call")
	}
}

func TestJSONRPCEdgeCases(t *testing.T) {
	h := newHandler(t, nil)
	tests := []struct {
		name, body string
		id         any
		code       float64
		msg        string
	}{
		{"no method", `{"jsonrpc":"2.0","id":1}`, 1.0, -32600, "no method"},
		{"no method, string id", `{"jsonrpc":"2.0","id":"a"}`, "a", -32600, "no method"},
		{"no method, no id", `{"jsonrpc":"2.0"}`, nil, -32600, "no method"},
		{"trailing bytes", `{"jsonrpc":"2.0","id":1,"method":"ping"} {"x":1}`, nil, -32700, "more data after"},
		{"trailing garbage", `{"jsonrpc":"2.0","id":1,"method":"ping"}x`, nil, -32700, "more data after"},
		{"parse error", `{"jsonrpc":"2.0","id":1,"method":`, nil, -32700, "not valid JSON"},
		{"empty", "  ", nil, -32700, "empty"},
		{"not an object", `"ping"`, nil, -32600, "one JSON-RPC message object"},
		{"wrong version", `{"jsonrpc":"1.0","id":1,"method":"ping"}`, 1.0, -32600, `"jsonrpc" must be "2.0"`},
		{"method not a string", `{"jsonrpc":"2.0","id":1,"method":5}`, 1.0, -32600, "method must be a string"},
		{"id an object", `{"jsonrpc":"2.0","id":{},"method":"ping"}`, nil, -32600, "id must be"},
		{"case-folded method key", `{"jsonrpc":"2.0","id":1,"Method":"tools/list"}`, 1.0, -32600, "no method"},
	}
	before := refusals(h, reasonMalformed)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, _ := serve(t, h, mcpPost(tt.body))
			if w.Code != http.StatusBadRequest {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			id, code, msg := rpcErr(t, w)
			if id != tt.id || code != tt.code || !strings.Contains(msg, tt.msg) {
				t.Errorf("id %v code %v msg %q; want id %v code %v msg ~%q", id, code, msg, tt.id, tt.code, tt.msg)
			}
		})
	}
	if got := refusals(h, reasonMalformed); got != before+float64(len(tests)) {
		t.Errorf("refusals_total{malformed} = %v, want %v", got, before+float64(len(tests)))
	}
	// White space after the message is fine; a response object goes to
	// the SDK (202, nothing to answer in a stateless server).
	w, _ := serve(t, h, mcpPost("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r\n \t"))
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"result"`) {
		t.Errorf("ping with trailing white space: %d %s", w.Code, w.Body)
	}
	w, _ = serve(t, h, mcpPost(`{"jsonrpc":"2.0","id":9,"result":{}}`))
	if w.Code != http.StatusAccepted {
		t.Errorf("a response object: %d %s", w.Code, w.Body)
	}
}

// TestSDKRejectionsAsJSONRPC: what the SDK refuses with a plain-text 400
// is answered as a JSON-RPC error carrying the request's id.
func TestSDKRejectionsAsJSONRPC(t *testing.T) {
	h := newHandler(t, nil)
	for _, tt := range []struct {
		body string
		id   any
		code float64
		msg  string
	}{
		{`{"jsonrpc":"2.0","id":5,"method":"foo/bar"}`, 5.0, -32601, `Method not found: "foo/bar" unsupported`},
		{`{"jsonrpc":"2.0","id":"x","method":"tools/call"}`, "x", -32600, `missing required "params"`},
		{`{"jsonrpc":"2.0","id":7,"method":"notifications/initialized"}`, 7.0, -32600, "unexpected id"},
		{`{"jsonrpc":"2.0","method":"tools/list"}`, nil, -32600, "missing id"},
	} {
		w, _ := serve(t, h, mcpPost(tt.body))
		if w.Code != http.StatusBadRequest {
			t.Errorf("%s: status %d %s", tt.body, w.Code, w.Body)
			continue
		}
		id, code, msg := rpcErr(t, w)
		if id != tt.id || code != tt.code || !strings.Contains(msg, tt.msg) {
			t.Errorf("%s: id %v code %v msg %q", tt.body, id, code, msg)
		}
	}
	// A missing Accept (the SDK checks headers first) gets the id too.
	r := mcpPost(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`)
	r.Header.Set("Accept", "application/json")
	w, _ := serve(t, h, r)
	if id, code, msg := rpcErr(t, w); w.Code != http.StatusBadRequest || id != 1.0 || code != -32600 || !strings.Contains(msg, "Accept") {
		t.Errorf("no event-stream in Accept: %d %s", w.Code, w.Body)
	}
}

// TestArgumentErrorsInPlainWords: no Go type name reaches a client.
func TestArgumentErrorsInPlainWords(t *testing.T) {
	h := newHandler(t, nil)
	for _, tt := range []struct{ args, want string }{
		{`{"source":5}`, `"source" must be a string, not a number`},
		{`{"source":"plan \"p\" {}","profile":["x"]}`, `"profile" must be a string, not an array`},
		{`{"source":"plan \"p\" {}","colour":1}`, `unknown argument "colour"`},
		{`[1]`, `the arguments must be an object, not an array`},
	} {
		w, _ := serve(t, h, mcpPost(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"lint","arguments":`+tt.args+`}}`))
		body := w.Body.String()
		if strings.Contains(body, "Go ") || strings.Contains(body, "json:") || strings.Contains(body, "lintArgs") || strings.Contains(body, "*string") {
			t.Errorf("%s: a Go name reached the client: %s", tt.args, body)
		}
		if w.Code == http.StatusOK {
			env, isErr := toolText(t, w)
			msg, _ := env["diagnostics"].([]any)[0].(map[string]any)["message"].(string)
			if !isErr || !strings.Contains(msg, tt.want) {
				t.Errorf("%s: isError %v message %q, want ~%q", tt.args, isErr, msg, tt.want)
			}
		} else if !strings.Contains(body, "must be an object") && !strings.Contains(body, "invalid") {
			t.Errorf("%s: %d %s", tt.args, w.Code, body)
		}
	}
}

// holdAll takes every slot of h's limiter until the test ends.
func holdAll(t *testing.T, h *Handler) {
	t.Helper()
	for range h.limiter.Slots() {
		release, err := h.limiter.Acquire(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(release)
	}
}

func TestBusyRefusal(t *testing.T) {
	h := newHandler(t, func(h *Handler) {
		h.MaxConcurrent = 1
		h.QueueTimeout = caddy.Duration(30 * time.Millisecond)
	})
	holdAll(t, h)
	before := refusals(h, reasonBusy)
	start := time.Now()
	w, _ := serve(t, h, mcpPost(lintCall(string(plangen.Grid(2, 2)))))
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") != "1" ||
		w.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("busy tools/call: %d Retry-After=%q %s", w.Code, w.Header().Get("Retry-After"), w.Body)
	}
	if waited := time.Since(start); waited < 30*time.Millisecond || waited > 2*time.Second {
		t.Errorf("waited %v for a slot, want about queue_timeout (30ms)", waited)
	}
	env := jsonBody(t, w)
	if env["ok"] != false || firstCode(env) != "E_RATE_LIMITED" {
		t.Errorf("busy body: %s", w.Body)
	}
	// An /svg/ render that misses the cache needs a slot too.
	r := httptest.NewRequest(http.MethodGet, "/svg/"+payload.Encode(plangen.Grid(2, 2)), nil)
	w, _ = serve(t, h, r)
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" ||
		w.Header().Get("Content-Type") != "image/svg+xml" || w.Header().Get("Cache-Control") != "no-store" ||
		!strings.Contains(w.Body.String(), "E_RATE_LIMITED") || w.Header().Get("ETag") != "" {
		t.Errorf("busy /svg: %d %v", w.Code, w.Header())
	}
	if got := refusals(h, reasonBusy); got != before+2 {
		t.Errorf("refusals_total{busy} = %v, want %v", got, before+2)
	}
	// Cheap messages need no slot.
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"archlang://readme"}}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_me","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"link","arguments":{"source":"plan \"p\" {}"}}}`,
	} {
		w, _ := serve(t, h, mcpPost(body))
		if w.Code != http.StatusOK || strings.Contains(w.Body.String(), "This server is busy") {
			t.Errorf("%.60s: %d %.200s", body, w.Code, w.Body)
		}
	}
	w, _ = serve(t, h, mcpPost(`{"jsonrpc":"2.0","method":"notifications/initialized"}`))
	if w.Code != http.StatusAccepted {
		t.Errorf("notification while busy: %d", w.Code)
	}
}

// TestSlotReturned: a served call gives its slot back.
func TestSlotReturned(t *testing.T) {
	h := newHandler(t, func(h *Handler) { h.MaxConcurrent = 1; h.QueueTimeout = caddy.Duration(10 * time.Millisecond) })
	for range 3 {
		w, _ := serve(t, h, mcpPost(lintCall(string(plangen.Grid(2, 2)))))
		if env, isErr := toolText(t, w); isErr || env["ok"] != true {
			t.Fatalf("lint: %s", w.Body)
		}
	}
	if b := h.limiter.Busy(); b != 0 {
		t.Errorf("%d slots still taken", b)
	}
}

func TestComputeTimeout(t *testing.T) {
	h := newHandler(t, func(h *Handler) { h.ComputeTimeout = 1 }) // 1ns: every computation is late
	before := refusals(h, reasonDeadline)
	w, _ := serve(t, h, mcpPost(lintCall(string(plangen.Grid(4, 4)))))
	env, isErr := toolText(t, w)
	msg, _ := env["diagnostics"].([]any)[0].(map[string]any)["message"].(string)
	if w.Code != http.StatusOK || !isErr || env["ok"] != false || !strings.Contains(msg, "compute limit") {
		t.Errorf("late lint: %d %s", w.Code, w.Body)
	}
	r := httptest.NewRequest(http.MethodGet, "/svg/"+payload.Encode(plangen.Grid(4, 4)), nil)
	w, _ = serve(t, h, r)
	if w.Code != http.StatusUnprocessableEntity || w.Header().Get("Cache-Control") != "no-store" ||
		!strings.Contains(w.Body.String(), "compute limit") {
		t.Errorf("late /svg: %d %v", w.Code, w.Header())
	}
	if _, n := h.cache.stats(); n != 0 {
		t.Errorf("a late drawing was cached")
	}
	if got := refusals(h, reasonDeadline); got != before+2 {
		t.Errorf("refusals_total{deadline} = %v, want %v", got, before+2)
	}
}

// TestClientGone: a request whose client left is not answered with the
// (incomplete) result, and the slot comes back.
func TestClientGone(t *testing.T) {
	h := newHandler(t, func(h *Handler) { h.MaxConcurrent = 5 })
	before := refusals(h, reasonCancelled)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := httptest.NewRequest(http.MethodGet, "/svg/"+payload.Encode(plangen.Grid(4, 4)), nil).WithContext(ctx)
	w, _ := serve(t, h, r)
	if w.Code != statusClientClosed || strings.Contains(w.Body.String(), "<svg") {
		t.Errorf("/svg for a gone client: %d", w.Code)
	}
	if _, n := h.cache.stats(); n != 0 {
		t.Errorf("a cancelled drawing was cached")
	}
	if got := refusals(h, reasonCancelled); got != before+1 {
		t.Errorf("refusals_total{cancelled} = %v, want %v", got, before+1)
	}
	if b := h.limiter.Busy(); b != 0 {
		t.Errorf("%d slots still taken", b)
	}
}

// TestLinkURLGuard: link leaves out image URLs the server would refuse.
func TestLinkURLGuard(t *testing.T) {
	link := func(h *Handler, r *http.Request) map[string]any {
		w, _ := serve(t, h, r)
		env, isErr := toolText(t, w)
		if isErr {
			t.Fatalf("link: %s", w.Body)
		}
		return env
	}
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"link","arguments":{"source":"plan \"p\" {}"}}}`
	env := link(newHandler(t, nil), mcpPost(body))
	if env["svg_url"] == nil || env["pinned_svg_url"] == nil || env["svg_url_omitted"] != nil {
		t.Errorf("short plan, default limit: %v", env)
	}
	env = link(newHandler(t, func(h *Handler) { h.MaxSVGURL = 30 }), mcpPost(body))
	if env["svg_url"] != nil || env["pinned_svg_url"] != nil || !strings.Contains(env["svg_url_omitted"].(string), "the 30 bytes") || env["url"] == nil {
		t.Errorf("max_svg_url 30: %v", env)
	}
	// Only the pinned URL (the longer one) over the limit.
	env = link(newHandler(t, func(h *Handler) { h.MaxSVGURL = 60 }), mcpPost(body))
	if env["svg_url"] == nil || env["pinned_svg_url"] != nil || !strings.Contains(env["svg_url_omitted"].(string), "the 60 bytes") {
		t.Errorf("max_svg_url 60: %v", env)
	}
	// By default the limit follows the serving server's max_header_size.
	big, _ := json.Marshal(noisyPlan(40 << 10))
	bigBody := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"link","arguments":{"source":` + string(big) + `}}}`
	env = link(newHandler(t, nil), mcpPost(bigBody))
	if n := len(env["payload"].(string)); n < 16<<10 {
		t.Fatalf("the test plan's payload is only %d bytes", n)
	}
	if env["svg_url"] != nil || env["svg_url_omitted"] == nil {
		t.Errorf("big plan, Caddy's default 16 KiB headers: svg_url kept")
	}
	r := mcpPost(bigBody)
	r = r.WithContext(context.WithValue(r.Context(), caddyhttp.ServerCtxKey, &caddyhttp.Server{MaxHeaderBytes: 256 << 10}))
	env = link(newHandler(t, nil), r)
	if env["svg_url"] == nil || env["pinned_svg_url"] == nil || env["svg_url_omitted"] != nil {
		t.Errorf("big plan, 256 KiB headers: %v", env["svg_url_omitted"])
	}
}

// noisyPlan is a valid plan of about n bytes that hardly compresses (a
// comment of random letters), so its /svg/ payload is long.
func noisyPlan(n int) string {
	rng := rand.New(rand.NewPCG(1, 2))
	const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	b := []byte("plan \"noise\" {\n  # ")
	for len(b) < n {
		b = append(b, letters[rng.IntN(len(letters))])
	}
	return string(b) + "\n}\n"
}

// FuzzCheckEnvelope: every body is either refused with a well-formed
// JSON-RPC error or is exactly one JSON object; a batch never passes.
func FuzzCheckEnvelope(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`, `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`,
		`{"jsonrpc":"2.0","id":1}`, `{"jsonrpc":"2.0","id":1,"result":{}}`, `{"jsonrpc":"2.0","id":1,"method":"ping"} x`,
		`{"jsonrpc":"2.0","id":{},"method":"ping"}`, `"x"`, ``, ` [`, `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"lint","arguments":{"source":"x"}}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		e, rerr := checkEnvelope(body)
		if rerr != nil {
			if rerr.code != rpcParseError && rerr.code != rpcInvalidRequest || rerr.reason == "" {
				t.Fatalf("error %+v", rerr)
			}
			w := httptest.NewRecorder()
			writeRPCError(w, rerr)
			if !json.Valid(w.Body.Bytes()) {
				t.Fatalf("invalid error body %q", w.Body)
			}
			return
		}
		trimmed := strings.TrimLeft(string(body), " \t\r\n")
		if !json.Valid(body) || !strings.HasPrefix(trimmed, "{") {
			t.Fatalf("accepted %q", body)
		}
		var m map[string]json.RawMessage
		if json.Unmarshal(body, &m) != nil {
			t.Fatalf("accepted %q", body)
		}
		if _, ok := m["method"]; !ok && !e.isReply {
			t.Fatalf("accepted a message with no method that is not a response: %q", body)
		}
	})
}
