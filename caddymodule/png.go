package caddymodule

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/url"
	"strconv"

	"go.uber.org/zap"

	"github.com/archlang-go/caddy-archlang/caddymodule/routes"
	"github.com/archlang-go/caddy-archlang/core"
	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/payload"
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
	return h.serveImage(w, r, rv, p, h.pngImage(r, p))
}

// pngImage is the PNG route's way with payload p, at the width r asks for.
func (h *Handler) pngImage(r *http.Request, p string) imageKind {
	width, query, werr := h.pngWidth(r)
	current := core.RenderVersion()
	return imageKind{
		kind: routes.PNG, name: "/png/", contentType: "image/png", csp: pngCSP,
		query: query, badQuery: werr,
		etag:   pngETag(current, p, width),
		key:    current + "\x00png\x00" + strconv.Itoa(width) + "\x00" + p,
		result: h.metrics.pngResult,
		errorBody: func(ds []diag.JSON) []byte {
			return h.errorPNG(ds, width)
		},
		render: func(ctx context.Context, src []byte) ([]byte, bool) {
			return h.rasterise(ctx, src, width)
		},
	}
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
	width = min(compile.PNGWidth(n), h.PNGMaxWidth)
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
	b, err := compile.RasterizeSVG(svg, width, func() bool { return ctx.Err() != nil })
	switch {
	case err == nil:
		return b, true
	case ctx.Err() != nil:
		return nil, true
	case compile.IsPNGTooComplex(err):
		// Its elements overlap too often at this width: the refusal is
		// drawn instead, as any other finding would be.
		return h.errorPNG([]diag.JSON{diag.ToJSON(nil, compile.PNGTooComplex())}, width), true
	}
	panic(err) // the writer's SVG always rasterises; treat otherwise as a bug
}

// errorPNG draws diagnostics as the error card, rasterised.
func (h *Handler) errorPNG(ds []diag.JSON, width int) []byte {
	b, err := compile.RasterizeSVG(errorDrawing(ds), width, nil)
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

// pngETag is a strong validator derived from the render version, the
// payload and the width.
func pngETag(rv, p string, width int) string {
	sum := sha256.Sum256([]byte(rv + "\x00png\x00" + strconv.Itoa(width) + "\x00" + p))
	return `"` + hex.EncodeToString(sum[:16]) + `"`
}
