package caddymodule

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"go.uber.org/zap"

	"github.com/archlang-go/caddy-archlang/caddymodule/mcpserver"
	"github.com/archlang-go/caddy-archlang/caddymodule/routes"
	"github.com/archlang-go/caddy-archlang/core"
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/payload"
	"github.com/archlang-go/caddy-archlang/core/render/raster"
)

// pngCSP is the policy of a PNG response: an image runs nothing, and a
// browser that opens one directly is told so.
const pngCSP = "default-src 'none'; sandbox"

// widthParam is the query parameter that asks for a PNG's width in pixels.
const widthParam = "width"

// servePNG answers {png_path}<p> (rv == "") and {pin_path}<rv>/png/<p>:
// the drawing of servePNG's SVG sibling, rasterised. It follows every rule
// of the SVG routes (caps, error drawings for 400 and 413, ETag and 304,
// Content-Location, immutable pins and a 302 for old ones, nosniff, the
// byte-bounded cache) and adds one: ?width=N picks the width in pixels,
// png_width when absent, at most png_max_width (a larger value is lowered
// to it). The width is part of the ETag and of the cache key, and the URLs
// sent back keep the width the client asked for.
func (h *Handler) servePNG(w http.ResponseWriter, r *http.Request, rv, p string) error {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
		return nil
	}
	width, query, werr := h.pngWidth(r)
	current := core.RenderVersion()
	pinned := rv != ""
	if pinned && rv != current && werr == nil {
		h.metrics.pngResult(svgRedirect)
		w.Header().Set("Location", h.base(r, false).Image(routes.PNG, p)+query)
		w.Header().Set("Cache-Control", cacheRedirect)
		w.WriteHeader(http.StatusFound)
		return nil
	}

	hd := w.Header()
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Content-Security-Policy", pngCSP)

	if werr != nil {
		h.metrics.pngResult(svgBadPayload)
		h.writePNG(w, r, http.StatusBadRequest, cacheRefusal, h.errorPNG([]diag.JSON{diag.ToJSON(nil, diag.Diagnostic{Severity: diag.Error, Message: werr.Error()})}, width))
		return nil
	}
	if max := payload.MaxEncodedLen(h.MaxInflated); max > 0 && int64(len(p)) > max {
		h.metrics.refused(reasonPayloadTooBig)
		h.writePNG(w, r, http.StatusRequestEntityTooLarge, cacheRefusal,
			h.errorPNG([]diag.JSON{diag.ToJSON(nil, diag.InputTooLarge("The /png/ payload", int64(len(p)), max))}, width))
		return nil
	}

	etag := pngETag(current, p, width)
	hd.Set("ETag", etag)
	hd.Set("Content-Location", h.base(r, false).Pinned(routes.PNG, current, p)+query)
	if pinned {
		hd.Set("Cache-Control", cachePinned)
	} else {
		hd.Set("Cache-Control", cacheUnpinned)
	}
	if etagMatch(r.Header.Get("If-None-Match"), etag) {
		h.metrics.pngResult(svgNotModified)
		w.WriteHeader(http.StatusNotModified)
		return nil
	}

	key := current + "\x00png\x00" + strconv.Itoa(width) + "\x00" + p
	if body, ok := h.cache.get(key); ok {
		h.metrics.pngResult(svgHit)
		h.writePNG(w, r, http.StatusOK, "", body)
		return nil
	}

	src, err := payload.Decode(p, h.MaxInflated)
	if err != nil {
		hd.Del("ETag")
		hd.Del("Content-Location")
		status, d := http.StatusBadRequest, imagePayloadDiagnostic("/png/", err)
		if errors.Is(err, payload.ErrTooLarge) {
			status = http.StatusRequestEntityTooLarge
			d = diag.InputTooLarge("The plan in the /png/ payload", h.MaxInflated+1, h.MaxInflated)
			h.metrics.refused(reasonPayloadTooBig)
		} else {
			h.metrics.pngResult(svgBadPayload)
		}
		h.writePNG(w, r, status, cacheRefusal, h.errorPNG([]diag.JSON{diag.ToJSON(nil, d)}, width))
		return nil
	}

	release, err := h.limiter.Acquire(r.Context())
	if err != nil {
		hd.Del("ETag")
		hd.Del("Content-Location")
		if !errors.Is(err, mcpserver.ErrBusy) {
			h.metrics.refused(reasonCancelled)
			w.WriteHeader(statusClientClosed)
			return nil
		}
		h.metrics.refused(reasonBusy)
		hd.Set("Retry-After", h.retryAfter())
		h.writePNG(w, r, http.StatusServiceUnavailable, cacheRefusal,
			h.errorPNG([]diag.JSON{diag.ToJSON(nil, mcpserver.BusyDiagnostic(h.limiter.Wait()))}, width))
		return nil
	}
	defer release()
	ctx, cancel := context.WithTimeout(r.Context(), time.Duration(h.ComputeTimeout))
	defer cancel()

	h.metrics.pngResult(svgMiss)
	h.renders.Add(1)
	body, ok := h.rasterise(ctx, src, width)
	if ctx.Err() != nil {
		hd.Del("ETag")
		hd.Del("Content-Location")
		if r.Context().Err() != nil {
			h.metrics.refused(reasonCancelled)
			w.WriteHeader(statusClientClosed)
			return nil
		}
		h.metrics.refused(reasonDeadline)
		h.writePNG(w, r, http.StatusUnprocessableEntity, cacheRefusal,
			h.errorPNG([]diag.JSON{diag.ToJSON(nil, mcpserver.DeadlineDiagnostic(time.Duration(h.ComputeTimeout)))}, width))
		return nil
	}
	if !ok {
		hd.Del("ETag")
		hd.Del("Content-Location")
		h.writePNG(w, r, http.StatusInternalServerError, cacheRefusal, body)
		return nil
	}
	h.cache.put(key, body)
	h.writePNG(w, r, http.StatusOK, "", body)
	return nil
}

// pngWidth reads the width a request asks for. The query it returns is
// what the URLs sent back carry ("?width=N" when the request named a width,
// "" otherwise). A width that is not a whole number of pixels above zero is
// an error; one over png_max_width is lowered to it.
func (h *Handler) pngWidth(r *http.Request) (width int, query string, err error) {
	width = h.PNGWidth
	vs, asked := r.URL.Query()[widthParam]
	if !asked {
		return width, "", nil
	}
	if len(vs) != 1 {
		return width, "", errors.New("the width parameter must be given once")
	}
	n, perr := strconv.Atoi(vs[0])
	if perr != nil || n <= 0 || len(vs[0]) > 6 {
		return width, "", errors.New("the width parameter must be a whole number of pixels above zero, not " + strconv.Quote(clipParam(vs[0])))
	}
	width = min(raster.Width(n), h.PNGMaxWidth)
	return width, "?" + url.Values{widthParam: {strconv.Itoa(width)}}.Encode(), nil
}

// clipParam shortens a client's value before it is quoted in a message.
func clipParam(s string) string {
	const max = 32
	if len(s) > max {
		return s[:max] + "…"
	}
	return s
}

// rasterise compiles src and draws it (or its error drawing) as a PNG of
// the given width. ok is false only when the compiler or the rasteriser
// panicked; the body is then an internal-error image and nothing of the
// input is logged.
func (h *Handler) rasterise(ctx context.Context, src []byte, width int) (body []byte, ok bool) {
	defer func() {
		if recover() != nil {
			h.logger.Error("compiler or rasteriser panicked on a /png/ payload; the input was not logged", zap.Stack("stack"))
			body, ok = h.errorPNG([]diag.JSON{diag.ToJSON(nil, diag.Diagnostic{Severity: diag.Error,
				Message: "Internal error: the server failed on this plan. This is a bug in the server, not in the plan."})}, width), false
		}
	}()
	svg := drawing(ctx, src, h.plans)
	if ctx.Err() != nil {
		return nil, true
	}
	h.rasters.Add(1)
	b, err := raster.PNG(svg, raster.Options{Width: width, Stop: func() bool { return ctx.Err() != nil }})
	if err != nil {
		if ctx.Err() != nil {
			return nil, true
		}
		panic(err) // the writer's SVG always rasterises; treat otherwise as a bug
	}
	return b, true
}

// errorPNG draws diagnostics as the error card, rasterised.
func (h *Handler) errorPNG(ds []diag.JSON, width int) []byte {
	b, err := raster.PNG(errorDrawing(ds), raster.Options{Width: width})
	if err != nil {
		return nil
	}
	return b
}

// imagePayloadDiagnostic says why a payload on the image route named by
// route ("/png/") is not a playground payload.
func imagePayloadDiagnostic(route string, err error) diag.Diagnostic {
	msg := "The " + route + " payload is not a playground #z= payload"
	switch {
	case errors.Is(err, payload.ErrBase64):
		msg += ": it is not base64url text"
	case errors.Is(err, payload.ErrDeflate):
		msg += ": it does not inflate as raw deflate"
	}
	return diag.Diagnostic{Severity: diag.Error, Message: msg}
}

// writePNG writes a PNG body; cacheControl overrides the header when not
// "". HEAD gets the headers only.
func (h *Handler) writePNG(w http.ResponseWriter, r *http.Request, status int, cacheControl string, body []byte) {
	hd := w.Header()
	hd.Set("Content-Type", "image/png")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Content-Security-Policy", pngCSP)
	if cacheControl != "" {
		hd.Set("Cache-Control", cacheControl)
	}
	hd.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// pngETag is a strong validator derived from the render version, the
// payload and the width.
func pngETag(rv, p string, width int) string {
	sum := sha256.Sum256([]byte(rv + "\x00png\x00" + strconv.Itoa(width) + "\x00" + p))
	return `"` + hex.EncodeToString(sum[:16]) + `"`
}
