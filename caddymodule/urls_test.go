package caddymodule

import (
	"context"
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
)

// caddyRequest is a request as Caddy hands it to a handler: the original
// request kept in the context, the path possibly rewritten since, and the
// trusted-proxy verdict Caddy reached from the peer's address.
func caddyRequest(original, path string, trusted bool, hdr map[string]string) *http.Request {
	r := httptest.NewRequest(http.MethodGet, original, nil)
	for k, v := range hdr {
		r.Header.Set(k, v)
	}
	ou, _ := url.Parse(original)
	ctx := context.WithValue(r.Context(), caddyhttp.OriginalRequestCtxKey, http.Request{URL: ou})
	ctx = context.WithValue(ctx, caddyhttp.VarsCtxKey, map[string]any{caddyhttp.TrustedProxyVarKey: trusted})
	r = r.WithContext(ctx)
	r.URL.Path = path
	return r
}

func TestMountPoint(t *testing.T) {
	tests := []struct {
		name, original, path, want string
	}{
		{"root", "http://h/mcp", "/mcp", ""},
		{"handle_path", "http://h/archlang/mcp", "/mcp", "/archlang"},
		{"deeper", "http://h/a/b/svg/xyz", "/svg/xyz", "/a/b"},
		{"escaped", "http://h/a%20b/mcp", "/mcp", "/a b"},
		{"other rewrite", "http://h/rpc", "/mcp", ""},
		{"suffix not at a segment", "http://h/xmcp", "/mcp", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mountPoint(caddyRequest(tt.original, tt.path, false, nil)); got != tt.want {
				t.Errorf("mountPoint = %q, want %q", got, tt.want)
			}
		})
	}
	if got := mountPoint(httptest.NewRequest(http.MethodGet, "/mcp", nil)); got != "" {
		t.Errorf("outside Caddy: %q", got)
	}
}

func TestRequestOrigin(t *testing.T) {
	fwd := map[string]string{"X-Forwarded-Proto": "https", "X-Forwarded-Host": "public.example.org"}
	tests := []struct {
		name    string
		trusted bool
		hdr     map[string]string
		tls     bool
		want    string
	}{
		{"plain", false, nil, false, "http://inner:8080"},
		{"tls", false, nil, true, "https://inner:8080"},
		{"untrusted peer's headers ignored", false, fwd, false, "http://inner:8080"},
		{"trusted proxy", true, fwd, false, "https://public.example.org"},
		{"trusted, first of a list", true, map[string]string{"X-Forwarded-Proto": "https, http", "X-Forwarded-Host": "a.example, b.example"}, false, "https://a.example"},
		{"trusted, bad proto ignored", true, map[string]string{"X-Forwarded-Proto": "javascript"}, false, "http://inner:8080"},
		{"trusted, hostile host refused", true, map[string]string{"X-Forwarded-Host": "evil.example/path?"}, false, ""},
		{"trusted, no headers", true, nil, true, "https://inner:8080"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := caddyRequest("http://inner:8080/mcp", "/mcp", tt.trusted, tt.hdr)
			if tt.tls {
				r.TLS = &tls.ConnectionState{}
			}
			if got := requestOrigin(r); got != tt.want {
				t.Errorf("requestOrigin = %q, want %q", got, tt.want)
			}
		})
	}
}
