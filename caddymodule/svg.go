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
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
		return nil
	}
	current := core.RenderVersion()
	pinned := rv != ""
	if pinned && rv != current {
		// The pin promises bytes this compiler no longer draws: send the
		// client to the drawing that follows the compiler.
		h.metrics.svgResult(svgRedirect)
		w.Header().Set("Location", h.base(r, false).Image(routes.SVG, p))
		w.Header().Set("Cache-Control", cacheRedirect)
		w.WriteHeader(http.StatusFound)
		return nil
	}

	hd := w.Header()
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Content-Security-Policy", svgCSP)

	if max := payload.MaxEncodedLen(h.MaxInflated); max > 0 && int64(len(p)) > max {
		h.metrics.refused(reasonPayloadTooBig)
		h.writeDrawing(w, r, http.StatusRequestEntityTooLarge, cacheRefusal,
			errorDrawing([]diag.JSON{diag.ToJSON(nil, diag.InputTooLarge("The /svg/ payload", int64(len(p)), max))}))
		return nil
	}

	etag := svgETag(current, p)
	hd.Set("ETag", etag)
	hd.Set("Content-Location", h.base(r, false).Pinned(routes.SVG, current, p))
	if pinned {
		hd.Set("Cache-Control", cachePinned)
	} else {
		hd.Set("Cache-Control", cacheUnpinned)
	}
	if etagMatch(r.Header.Get("If-None-Match"), etag) {
		h.metrics.svgResult(svgNotModified)
		w.WriteHeader(http.StatusNotModified)
		return nil
	}

	key := current + "\x00" + p
	if body, ok := h.cache.get(key); ok {
		h.metrics.svgResult(svgHit)
		h.writeDrawing(w, r, http.StatusOK, "", body)
		return nil
	}

	src, err := payload.Decode(p, h.MaxInflated)
	if err != nil {
		hd.Del("ETag")
		hd.Del("Content-Location")
		status, d := http.StatusBadRequest, payloadDiagnostic(err)
		if errors.Is(err, payload.ErrTooLarge) {
			status = http.StatusRequestEntityTooLarge
			d = diag.InputTooLarge("The plan in the /svg/ payload", h.MaxInflated+1, h.MaxInflated)
			h.metrics.refused(reasonPayloadTooBig)
		} else {
			h.metrics.svgResult(svgBadPayload)
		}
		h.writeDrawing(w, r, status, cacheRefusal, errorDrawing([]diag.JSON{diag.ToJSON(nil, d)}))
		return nil
	}

	release, err := h.limiter.Acquire(r.Context())
	if err != nil {
		hd.Del("ETag")
		hd.Del("Content-Location")
		if !errors.Is(err, mcpserver.ErrBusy) {
			h.metrics.refused(reasonCancelled) // the client left while queued
			w.WriteHeader(statusClientClosed)
			return nil
		}
		h.metrics.refused(reasonBusy)
		hd.Set("Retry-After", h.retryAfter())
		h.writeDrawing(w, r, http.StatusServiceUnavailable, cacheRefusal,
			errorDrawing([]diag.JSON{diag.ToJSON(nil, mcpserver.BusyDiagnostic(h.limiter.Wait()))}))
		return nil
	}
	defer release()
	ctx, cancel := context.WithTimeout(r.Context(), time.Duration(h.ComputeTimeout))
	defer cancel()

	h.metrics.svgResult(svgMiss)
	h.renders.Add(1)
	body, ok := h.render(ctx, src)
	if ctx.Err() != nil {
		// The result is incomplete: never cache or send it.
		hd.Del("ETag")
		hd.Del("Content-Location")
		if r.Context().Err() != nil {
			h.metrics.refused(reasonCancelled)
			w.WriteHeader(statusClientClosed)
			return nil
		}
		h.metrics.refused(reasonDeadline)
		h.writeDrawing(w, r, http.StatusUnprocessableEntity, cacheRefusal,
			errorDrawing([]diag.JSON{diag.ToJSON(nil, mcpserver.DeadlineDiagnostic(time.Duration(h.ComputeTimeout)))}))
		return nil
	}
	if !ok {
		hd.Del("ETag")
		hd.Del("Content-Location")
		h.writeDrawing(w, r, http.StatusInternalServerError, cacheRefusal, body)
		return nil
	}
	h.cache.put(key, body)
	h.writeDrawing(w, r, http.StatusOK, "", body)
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

func payloadDiagnostic(err error) diag.Diagnostic {
	msg := "The /svg/ payload is not a playground #z= payload"
	switch {
	case errors.Is(err, payload.ErrBase64):
		msg += ": it is not base64url text"
	case errors.Is(err, payload.ErrDeflate):
		msg += ": it does not inflate as raw deflate"
	}
	return diag.Diagnostic{Severity: diag.Error, Message: msg}
}

// writeDrawing writes an SVG body; cacheControl overrides the header when
// not "". HEAD gets the headers only.
func (h *Handler) writeDrawing(w http.ResponseWriter, r *http.Request, status int, cacheControl string, body []byte) {
	hd := w.Header()
	hd.Set("Content-Type", "image/svg+xml")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Content-Security-Policy", svgCSP)
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
