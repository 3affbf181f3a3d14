package integration

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image/png"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2/caddytest"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/core"
	"github.com/archlang-go/caddy-archlang/core/payload"
)

// pngWidth decodes body as a PNG and returns its width; 0 when it is not
// one.
func pngWidth(body []byte) int {
	img, err := png.Decode(bytes.NewReader(body))
	if err != nil {
		return 0
	}
	return img.Bounds().Dx()
}

// metricValue reads one sample of the admin endpoint's metrics.
func metricValue(t *testing.T, tc *caddytest.Tester, series string) float64 {
	t.Helper()
	_, body := get(t, tc, http.MethodGet, "http://localhost:2999/metrics", nil)
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(series) + ` (\S+)$`).FindSubmatch(body)
	if m == nil {
		return 0
	}
	v, _ := strconv.ParseFloat(string(m[1]), 64)
	return v
}

// TestPNGRoutes takes every rule of the image routes through Caddy on the
// PNG routes, and the width parameter.
func TestPNGRoutes(t *testing.T) {
	tc := start(t)
	// A plan of its own, so the drawing cache is cold for it whatever ran
	// before.
	src := strings.Replace(plan, "Cabin", "PNG cabin "+strconv.FormatInt(time.Now().UnixNano(), 36), 1)
	p := payload.Encode([]byte(src))
	rv := core.RenderVersion()
	const hits, misses = `caddy_archlang_mcp_png_responses_total{result="hit"}`, `caddy_archlang_mcp_png_responses_total{result="miss"}`

	miss0, hit0 := metricValue(t, tc, misses), metricValue(t, tc, hits)
	res, body := get(t, tc, http.MethodGet, base+"/png/"+p, nil)
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/png" || pngWidth(body) != 1000 ||
		res.Header.Get("Cache-Control") != "public, max-age=300, stale-while-revalidate=86400" ||
		res.Header.Get("Content-Location") != "/v/"+rv+"/png/"+p || res.Header.Get("X-Content-Type-Options") != "nosniff" ||
		!strings.Contains(res.Header.Get("Content-Security-Policy"), "default-src 'none'") {
		t.Fatalf("GET /png/: %d width %d %v", res.StatusCode, pngWidth(body), res.Header)
	}
	etag := res.Header.Get("ETag")
	if !strings.HasPrefix(etag, `"`) {
		t.Errorf("ETag %q is not strong", etag)
	}
	// The second GET is a cache hit: the same bytes, counted as a hit, no
	// new miss (a miss is what compiles and rasterises).
	res2, body2 := get(t, tc, http.MethodGet, base+"/png/"+p, nil)
	if res2.StatusCode != http.StatusOK || !bytes.Equal(body, body2) {
		t.Errorf("second GET: %d, same bytes %v", res2.StatusCode, bytes.Equal(body, body2))
	}
	if m, h := metricValue(t, tc, misses)-miss0, metricValue(t, tc, hits)-hit0; m != 1 || h != 1 {
		t.Errorf("after a miss and a hit: %v misses, %v hits", m, h)
	}

	res, body = get(t, tc, http.MethodGet, base+"/png/"+p, map[string]string{"If-None-Match": etag})
	if res.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Errorf("If-None-Match: %d", res.StatusCode)
	}
	res, body = get(t, tc, http.MethodHead, base+"/png/"+p, nil)
	if res.StatusCode != http.StatusOK || len(body) != 0 || res.Header.Get("Content-Length") != strconv.Itoa(len(body2)) {
		t.Errorf("HEAD: %d, body %d, Content-Length %q", res.StatusCode, len(body), res.Header.Get("Content-Length"))
	}
	res, body = get(t, tc, http.MethodGet, base+"/v/"+rv+"/png/"+p, nil)
	if res.StatusCode != http.StatusOK || res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" || !bytes.Equal(body, body2) {
		t.Errorf("pinned: %d %q", res.StatusCode, res.Header.Get("Cache-Control"))
	}
	res, _ = get(t, tc, http.MethodGet, base+"/v/1.0.0-00000000/png/"+p+"?width=640", nil)
	if res.StatusCode != http.StatusFound || res.Header.Get("Location") != "/png/"+p+"?width=640" || res.Header.Get("Cache-Control") != "public, max-age=300" {
		t.Errorf("old pin: %d %v", res.StatusCode, res.Header)
	}

	// Width: asked, capped at png_max_width, part of the ETag.
	res, body = get(t, tc, http.MethodGet, base+"/png/"+p+"?width=640", nil)
	if res.StatusCode != http.StatusOK || pngWidth(body) != 640 || res.Header.Get("ETag") == etag ||
		res.Header.Get("Content-Location") != "/v/"+rv+"/png/"+p+"?width=640" {
		t.Errorf("?width=640: %d width %d %v", res.StatusCode, pngWidth(body), res.Header)
	}
	res, body = get(t, tc, http.MethodGet, base+"/png/"+p+"?width=100000", nil)
	if res.StatusCode != http.StatusOK || pngWidth(body) != 2048 {
		t.Errorf("?width=100000: %d width %d", res.StatusCode, pngWidth(body))
	}
	res, body = get(t, tc, http.MethodGet, base+"/png/"+p+"?width=wide", nil)
	if res.StatusCode != http.StatusBadRequest || res.Header.Get("Content-Type") != "image/png" || pngWidth(body) == 0 || res.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("?width=wide: %d %v", res.StatusCode, res.Header)
	}
	res, body = get(t, tc, http.MethodGet, "http://narrow.localhost:9080/png/"+p, nil)
	if res.StatusCode != http.StatusOK || pngWidth(body) != 300 {
		t.Errorf("png_width 300: %d width %d", res.StatusCode, pngWidth(body))
	}
	res, body = get(t, tc, http.MethodGet, "http://narrow.localhost:9080/png/"+p+"?width=1000", nil)
	if res.StatusCode != http.StatusOK || pngWidth(body) != 400 {
		t.Errorf("png_max_width 400: %d width %d", res.StatusCode, pngWidth(body))
	}

	// Refusals and errors are images too.
	res, body = get(t, tc, http.MethodGet, base+"/png/***", nil)
	if res.StatusCode != http.StatusBadRequest || res.Header.Get("Content-Type") != "image/png" || pngWidth(body) == 0 || res.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("bad base64: %d %v", res.StatusCode, res.Header)
	}
	res, body = get(t, tc, http.MethodGet, base+"/png/"+payload.Encode(bytes.Repeat([]byte("a"), 1<<20)), nil)
	if res.StatusCode != http.StatusRequestEntityTooLarge || res.Header.Get("Content-Type") != "image/png" || pngWidth(body) == 0 {
		t.Errorf("payload bomb: %d", res.StatusCode)
	}
	res, body = get(t, tc, http.MethodGet, base+"/png/"+payload.Encode([]byte("plan \"broken\" {\n  room at (0,0) size\n}\n")), nil)
	if res.StatusCode != http.StatusOK || pngWidth(body) != 1000 {
		t.Errorf("plan with errors: %d width %d", res.StatusCode, pngWidth(body))
	}
	res, _ = get(t, tc, http.MethodPost, base+"/png/"+p, nil)
	if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST /png/: %d %q", res.StatusCode, res.Header.Get("Allow"))
	}
}

// TestPNGRateLimited: a 429 from rate_limit on a PNG route is shaped by
// the handler in handle_errors into an error image.
func TestPNGRateLimited(t *testing.T) {
	tc := start(t)
	p := payload.Encode([]byte(plan))
	var last *http.Response
	var body []byte
	for range 3 {
		last, body = get(t, tc, http.MethodGet, "http://limited.localhost:9080/png/"+p, nil)
	}
	if last.StatusCode != http.StatusTooManyRequests || last.Header.Get("Retry-After") == "" ||
		last.Header.Get("Content-Type") != "image/png" || pngWidth(body) == 0 {
		t.Errorf("third GET /png/: %d %v", last.StatusCode, last.Header)
	}
}

// TestSDKClientPNG: through Caddy, compile with format png answers a
// decodable PNG image block, and link mints PNG URLs that serve one.
func TestSDKClientPNG(t *testing.T) {
	ctx, cs := connectSDK(t, 20*time.Second)
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "compile", Arguments: map[string]any{"source": plan, "format": "png"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError || len(res.Content) != 2 {
		t.Fatalf("compile png: isError %v, %d content blocks", res.IsError, len(res.Content))
	}
	img, ok := res.Content[1].(*mcp.ImageContent)
	if !ok || img.MIMEType != "image/png" || pngWidth(img.Data) != 1000 {
		t.Fatalf("second block: %T, not a 1000-pixel image/png", res.Content[1])
	}
	var env struct {
		OK     bool   `json:"ok"`
		Format string `json:"format"`
		Output string `json:"output"`
	}
	if err := json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &env); err != nil {
		t.Fatal(err)
	}
	if !env.OK || env.Format != "png" || env.Output != base64.StdEncoding.EncodeToString(img.Data) {
		t.Errorf("envelope: ok %v format %q, output matches the image: %v", env.OK, env.Format, env.Output == base64.StdEncoding.EncodeToString(img.Data))
	}

	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "link", Arguments: map[string]any{"source": plan}})
	if err != nil {
		t.Fatal(err)
	}
	var link map[string]any
	json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &link)
	p := payload.Encode([]byte(plan))
	if link["png_url"] != base+"/png/"+p || link["pinned_png_url"] != base+"/v/"+core.RenderVersion()+"/png/"+p {
		t.Errorf("link: %v", link)
	}
	r, body := get(t, caddytest.NewTester(t), http.MethodGet, link["png_url"].(string), nil)
	if r.StatusCode != http.StatusOK || pngWidth(body) == 0 {
		t.Errorf("GET png_url: %d", r.StatusCode)
	}
}
