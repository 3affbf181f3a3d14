package caddymodule

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/archlang-go/caddy-archlang/caddymodule/mcpserver"
	"github.com/archlang-go/caddy-archlang/caddymodule/routes"
	"github.com/archlang-go/caddy-archlang/core"
	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/payload"
)

// Cache-Control values of the SVG routes.
const (
	cacheUnpinned = "public, max-age=300, stale-while-revalidate=86400"
	cachePinned   = "public, max-age=31536000, immutable"
	cacheRedirect = "public, max-age=300"
	cacheRefusal  = "no-store"
	// svgCSP forbids scripts, external fetches and everything else an SVG
	// opened directly could do; inline styles stay allowed.
	svgCSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
)

// serveSVG answers {svg_path}<p> (rv == "") and {pin_path}<rv>/svg/<p>.
// The URLs it sends back (Content-Location, the Location of an old pin's
// redirect) are paths under the prefix the client's request had.
//
// A plan that does not compile is answered 200 with a drawing that lists its
// diagnostics: the URL names a plan, the plan is what it is, and an <img>
// shows a readable error instead of a broken-image icon. Payloads that are
// not a plan at all (bad base64url or deflate) are 400, oversized ones 413;
// both also come with an error drawing.
func (h *Handler) serveSVG(w http.ResponseWriter, r *http.Request, rv, p string) error {
	return h.serveImage(w, r, rv, p, h.svgImage(p))
}

// svgImage is the SVG route's way with payload p.
func (h *Handler) svgImage(p string) imageKind {
	current := core.RenderVersion()
	return imageKind{
		kind: routes.SVG, name: "/svg/", contentType: "image/svg+xml", csp: svgCSP,
		etag:   svgETag(current, p),
		key:    current + "\x00" + p,
		result: h.metrics.svgResult,
		errorBody: func(ds []diag.JSON) []byte {
			return errorDrawing(ds)
		},
		render: h.render,
	}
}

// imageKind is what one image route does its own way; serveImage does the
// rest, the same for every format.
type imageKind struct {
	kind        routes.Kind
	name        string // the route as messages name it ("/svg/")
	contentType string
	csp         string
	// query is what the URLs sent back carry after the path ("" or
	// "?width=N"); badQuery, when set, is why the request's query is
	// refused (400).
	query    string
	badQuery error
	// etag and key name the bytes this request asks for: the validator,
	// and the key of the drawings cache.
	etag, key string
	// result counts a response in the route's metric.
	result func(string)
	// errorBody draws diagnostics as an image of the route's format.
	errorBody func([]diag.JSON) []byte
	// render draws src; ok is false only when the compiler panicked.
	render func(ctx context.Context, src []byte) (body []byte, ok bool)
}

// serveImage answers an image route: {route}<p> (rv == "") and
// {pin_path}<rv>/<format>/<p>. The URLs it sends back (Content-Location,
// the Location of an old pin's redirect) are paths under the prefix the
// client's request had.
//
// A plan that does not compile is answered 200 with an image that lists its
// diagnostics: the URL names a plan, the plan is what it is, and an <img>
// shows a readable error instead of a broken-image icon. Payloads that are
// not a plan at all (bad base64url or deflate) are 400, oversized ones 413;
// both also come with an error image.
func (h *Handler) serveImage(w http.ResponseWriter, r *http.Request, rv, p string, k imageKind) error {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
		return nil
	}
	current := core.RenderVersion()
	pinned := rv != ""
	if pinned && rv != current && k.badQuery == nil {
		// The pin promises bytes this compiler no longer draws: send the
		// client to the image that follows the compiler.
		k.result(svgRedirect)
		w.Header().Set("Location", h.base(r, false).Image(k.kind, p)+k.query)
		w.Header().Set("Cache-Control", cacheRedirect)
		w.WriteHeader(http.StatusFound)
		return nil
	}

	hd := w.Header()
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Content-Security-Policy", k.csp)
	refuse := func(status int, d diag.Diagnostic) {
		h.writeImage(w, r, k, status, cacheRefusal, k.errorBody([]diag.JSON{diag.ToJSON(nil, d)}))
	}

	if k.badQuery != nil {
		k.result(svgBadPayload)
		refuse(http.StatusBadRequest, diag.Diagnostic{Severity: diag.Error, Message: k.badQuery.Error()})
		return nil
	}
	if max := payload.MaxEncodedLen(h.MaxInflated); max > 0 && int64(len(p)) > max {
		h.metrics.refused(reasonPayloadTooBig)
		refuse(http.StatusRequestEntityTooLarge, diag.InputTooLarge("The "+k.name+" payload", int64(len(p)), max))
		return nil
	}

	hd.Set("ETag", k.etag)
	hd.Set("Content-Location", h.base(r, false).Pinned(k.kind, current, p)+k.query)
	if pinned {
		hd.Set("Cache-Control", cachePinned)
	} else {
		hd.Set("Cache-Control", cacheUnpinned)
	}
	if etagMatch(r.Header.Get("If-None-Match"), k.etag) {
		k.result(svgNotModified)
		w.WriteHeader(http.StatusNotModified)
		return nil
	}

	if body, ok := h.cache.get(k.key); ok {
		k.result(svgHit)
		h.writeImage(w, r, k, http.StatusOK, "", body)
		return nil
	}

	// From here on a refusal names no cached bytes.
	unname := func() {
		hd.Del("ETag")
		hd.Del("Content-Location")
	}
	src, err := payload.Decode(p, h.MaxInflated)
	if err != nil {
		unname()
		status, d := http.StatusBadRequest, imagePayloadDiagnostic(k.name, err)
		if errors.Is(err, payload.ErrTooLarge) {
			status = http.StatusRequestEntityTooLarge
			d = diag.InputTooLarge("The plan in the "+k.name+" payload", h.MaxInflated+1, h.MaxInflated)
			h.metrics.refused(reasonPayloadTooBig)
		} else {
			k.result(svgBadPayload)
		}
		refuse(status, d)
		return nil
	}

	release, err := h.limiter.Acquire(r.Context())
	if err != nil {
		unname()
		if !errors.Is(err, mcpserver.ErrBusy) {
			h.metrics.refused(reasonCancelled) // the client left while queued
			w.WriteHeader(statusClientClosed)
			return nil
		}
		h.metrics.refused(reasonBusy)
		hd.Set("Retry-After", h.retryAfter())
		refuse(http.StatusServiceUnavailable, mcpserver.BusyDiagnostic(h.limiter.Wait()))
		return nil
	}
	defer release()
	ctx, cancel := context.WithTimeout(r.Context(), time.Duration(h.ComputeTimeout))
	defer cancel()

	k.result(svgMiss)
	h.renders.Add(1)
	body, ok := k.render(ctx, src)
	if ctx.Err() != nil {
		// The result is incomplete: never cache or send it.
		unname()
		if r.Context().Err() != nil {
			h.metrics.refused(reasonCancelled)
			w.WriteHeader(statusClientClosed)
			return nil
		}
		h.metrics.refused(reasonDeadline)
		refuse(http.StatusUnprocessableEntity, mcpserver.DeadlineDiagnostic(time.Duration(h.ComputeTimeout)))
		return nil
	}
	if !ok {
		unname()
		h.writeImage(w, r, k, http.StatusInternalServerError, cacheRefusal, body)
		return nil
	}
	h.cache.put(k.key, body)
	h.writeImage(w, r, k, http.StatusOK, "", body)
	return nil
}

// render compiles src and returns the drawing, or an error drawing that
// lists the diagnostics when the plan does not compile. ok is false only
// when the compiler panicked: the body is then an internal-error drawing,
// and the panic value (which could quote the source) is not logged.
func (h *Handler) render(ctx context.Context, src []byte) (body []byte, ok bool) {
	defer func() {
		if recover() != nil {
			h.logger.Error("compiler panicked on an /svg/ payload; the input was not logged", zap.Stack("stack"))
			body, ok = errorDrawing([]diag.JSON{diag.ToJSON(nil, diag.Diagnostic{Severity: diag.Error,
				Message: "Internal error: the server failed on this plan. This is a bug in the server, not in the plan."})}), false
		}
	}()
	return drawing(ctx, src, h.plans), true
}

// statusClientClosed is written (for the access log's sake) when the
// client went away before its drawing was ready; nobody reads it.
const statusClientClosed = 499

// drawing compiles src to its drawing or its error drawing; ctx stops the
// core early (the caller must then discard the result). plans (may be nil)
// shares the compile with the MCP tools' calls on the same plan.
func drawing(ctx context.Context, src []byte, plans *compile.Cache) []byte {
	env := compile.Compile(src, compile.Options{Ctx: ctx, Format: "svg", World: libraryWorld, Cache: plans}).Envelope()
	if env.OK && env.Output != "" {
		return []byte(env.Output)
	}
	return errorDrawing(env.Diagnostics)
}

// writeImage writes an image body of k's format; cacheControl overrides
// the header when not "". HEAD gets the headers only.
func (h *Handler) writeImage(w http.ResponseWriter, r *http.Request, k imageKind, status int, cacheControl string, body []byte) {
	hd := w.Header()
	hd.Set("Content-Type", k.contentType)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Content-Security-Policy", k.csp)
	if cacheControl != "" {
		hd.Set("Cache-Control", cacheControl)
	}
	hd.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// svgETag is a strong validator derived from the render version and the
// payload: the same pair always names the same bytes.
func svgETag(rv, p string) string {
	sum := sha256.Sum256([]byte(rv + "\x00" + p))
	return `"` + hex.EncodeToString(sum[:16]) + `"`
}

// etagMatch implements If-None-Match's weak comparison (RFC 9110 §13.1.2).
func etagMatch(header, etag string) bool {
	if header == "" {
		return false
	}
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == etag {
			return true
		}
	}
	return false
}
