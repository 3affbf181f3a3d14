package caddymodule

import (
	"errors"
	"net/http"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"

	"github.com/archlang-go/caddy-archlang/caddymodule/routes"
	"github.com/archlang-go/caddy-archlang/core/diag"
)

// serveRefusal runs inside handle_errors. It shapes the body of a 429 (from
// rate_limit) or a 413 (from request_body, say) on this handler's routes:
// the MCP path gets the JSON refusal {ok:false, diagnostics:[…]}, the image
// routes an error drawing (as a PNG on the PNG routes). Headers the refusing handler set, such as
// Retry-After, are kept. Any other error, or path, goes to next.
func (h *Handler) serveRefusal(w http.ResponseWriter, r *http.Request, herr error, next caddyhttp.Handler) error {
	var he caddyhttp.HandlerError
	if !errors.As(herr, &he) {
		return next.ServeHTTP(w, r)
	}
	var d diag.Diagnostic
	switch he.StatusCode {
	case http.StatusTooManyRequests:
		d = diag.RateLimited()
		h.metrics.refused(reasonRateLimited)
	case http.StatusRequestEntityTooLarge:
		// The refusing handler (request_body, say) knows its limit; this
		// one does not, so the message names none.
		d = diag.Unplaced(diag.ErrInputTooLarge, "The request body is over this server's byte limit")
		h.metrics.refused(reasonBodyTooLarge)
	default:
		return next.ServeHTTP(w, r)
	}
	m, ok := h.routes.Match(r.URL.Path)
	switch {
	case !ok:
		return next.ServeHTTP(w, r)
	case m.Route == routes.MCPRoute:
		writeJSONRefusal(w, he.StatusCode, d)
	default:
		k := h.svgImage(m.Payload)
		if m.Kind == routes.PNG {
			k = h.pngImage(r, m.Payload)
		}
		h.writeImage(w, r, k, he.StatusCode, cacheRefusal, k.errorBody([]diag.JSON{diag.ToJSON(nil, d)}))
	}
	return nil
}
