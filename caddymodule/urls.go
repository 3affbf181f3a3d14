package caddymodule

import (
	"net/http"
	"strings"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"

	"github.com/archlang-go/caddy-archlang/caddymodule/routes"
)

// base places this handler's routes where the client of r reaches them.
// With withOrigin the URLs are absolute (the link tool's); without, they
// are paths (Location, Content-Location). Origin is "" when the Host is
// not a plain host[:port], and link then mints no image URL.
func (h *Handler) base(r *http.Request, withOrigin bool) routes.Base {
	b := routes.Base{Mount: mountPoint(r), Table: h.routes}
	if withOrigin {
		b.Origin = requestOrigin(r)
	}
	return b
}

// mountPoint is the path prefix a handler in front of this one removed from
// the request (handle_path, uri strip_prefix): the original request's path
// less the path this handler sees, when the one ends with the other. Any
// other rewrite says nothing of where the routes are mounted, and they are
// taken to be at the root.
func mountPoint(r *http.Request) string {
	or, ok := r.Context().Value(caddyhttp.OriginalRequestCtxKey).(http.Request)
	if !ok || or.URL == nil {
		return ""
	}
	mount, ok := strings.CutSuffix(or.URL.Path, r.URL.Path)
	if !ok || !strings.HasPrefix(mount, "/") {
		return ""
	}
	return strings.TrimSuffix(mount, "/")
}

// requestOrigin is the scheme and host the client used to reach this
// server, or "" when the Host is not a plain host[:port]. When the peer is
// one of the server's trusted_proxies (Caddy decides that before any
// handler runs), the first X-Forwarded-Proto and X-Forwarded-Host values
// it sent replace the connection's own; from any other peer they are
// ignored, so a client cannot choose the host of the URLs minted for it.
func requestOrigin(r *http.Request) string {
	scheme, host := "http", r.Host
	if r.TLS != nil {
		scheme = "https"
	}
	if trusted, _ := caddyhttp.GetVar(r.Context(), caddyhttp.TrustedProxyVarKey).(bool); trusted {
		if p := strings.ToLower(firstValue(r.Header.Get("X-Forwarded-Proto"))); p == "http" || p == "https" {
			scheme = p
		}
		if fh := firstValue(r.Header.Get("X-Forwarded-Host")); fh != "" {
			host = fh
		}
	}
	if host == "" || !validHost(host) {
		return ""
	}
	return scheme + "://" + strings.ToLower(host)
}

// firstValue is the first element of a comma-separated header value: the
// one the proxy nearest the client wrote.
func firstValue(v string) string {
	v, _, _ = strings.Cut(v, ",")
	return strings.TrimSpace(v)
}

// validHost accepts the characters of a DNS name, an IPv4 or bracketed IPv6
// address and a port, so a hostile Host header cannot inject into a URL.
func validHost(h string) bool {
	if len(h) > 255 {
		return false
	}
	for _, c := range h {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == '.', c == '-', c == ':', c == '[', c == ']':
		default:
			return false
		}
	}
	return true
}
