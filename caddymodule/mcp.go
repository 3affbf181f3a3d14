package caddymodule

import (
	"bytes"
	"errors"
	"io"
	"math"
	"net/http"
	"strconv"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"

	"github.com/archlang-go/caddy-archlang/caddymodule/mcpserver"
	"github.com/archlang-go/caddy-archlang/core/diag"
)

// serveMCP buffers the body under the byte cap, checks that it is exactly
// one JSON-RPC message (a batch, a parse error or an invalid request is
// answered here as a JSON-RPC error), counts the message, refuses an
// oversized notification, takes a computation slot for a tool call that
// computes (503 with Retry-After when none comes free in time), and hands
// the request to the SDK. Once the SDK has the request it writes the
// reply, so the handler returns nil.
func (h *Handler) serveMCP(w http.ResponseWriter, r *http.Request) error {
	if r.Method != http.MethodPost {
		h.mcp.ServeHTTP(w, r) // 405 with Allow: POST
		return nil
	}
	if r.ContentLength > h.MaxBody {
		h.refuseBody(w, r.ContentLength)
		return nil
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, h.MaxBody+1))
	if err != nil {
		// The client went away, was too slow (read_body timeout) or the
		// body was malformed on the wire; there is nothing useful to
		// answer.
		http.Error(w, "could not read the request body", http.StatusBadRequest)
		return nil
	}
	if int64(len(body)) > h.MaxBody {
		h.refuseBody(w, -1)
		return nil
	}

	msg, rerr := checkEnvelope(body)
	if rerr != nil {
		h.metrics.message(other, "")
		h.metrics.refused(rerr.reason)
		writeRPCError(w, rerr)
		return nil
	}
	if msg.isReply {
		h.metrics.message(other, "")
	} else {
		h.metrics.message(msg.method, msg.name)
	}
	ctx := r.Context()
	if msg.method == "tools/call" {
		if _, over := mcpserver.OversizedArgument(msg.args, h.MaxArgument); over {
			h.metrics.refused(reasonArgTooLarge)
			if msg.isNotification() {
				// Nothing to answer: accepted, not acted on.
				w.WriteHeader(http.StatusAccepted)
				return nil
			}
			// A request: the tool handler answers with the refusal.
		} else if !msg.isNotification() && mcpserver.NeedsSlot(msg.name) {
			release, err := h.limiter.Acquire(ctx)
			if err != nil {
				if errors.Is(err, mcpserver.ErrBusy) {
					h.refuseBusy(w)
				} else {
					h.metrics.refused(reasonCancelled) // the client left while queued
				}
				return nil
			}
			var slot *mcpserver.Slot
			ctx, slot = mcpserver.WithSlot(ctx, release)
			defer slot.Release()
		}
	}

	r.Body = io.NopCloser(bytes.NewReader(body))
	r.ContentLength = int64(len(body))
	ctx = mcpserver.WithRequest(ctx, r.Context())
	ctx = mcpserver.WithImageRoutes(ctx, h.base(r, true))
	ctx = mcpserver.WithURLLimit(ctx, h.svgURLLimit(r))
	rw := &rpcWriter{ResponseWriter: w, id: msg.id}
	h.mcp.ServeHTTP(rw, r.WithContext(ctx))
	rw.finish()
	return nil
}

// refuseBusy answers a request that found no computation slot within
// queue_timeout: 503 with Retry-After and the E_RATE_LIMITED refusal.
func (h *Handler) refuseBusy(w http.ResponseWriter) {
	h.metrics.refused(reasonBusy)
	w.Header().Set("Retry-After", h.retryAfter())
	writeJSONRefusal(w, http.StatusServiceUnavailable, mcpserver.BusyDiagnostic(h.limiter.Wait()))
}

// retryAfter is the Retry-After of a busy refusal: the queue wait in whole
// seconds, at least 1.
func (h *Handler) retryAfter() string {
	return strconv.Itoa(max(1, int(math.Ceil(h.limiter.Wait().Seconds()))))
}

// urlReserve is what the image-URL limit leaves of the server's header
// limit for the request line's method and version and the other headers.
const urlReserve = 2 << 10

// svgURLLimit is the longest image URL link mints for r: max_svg_url when
// set, else the serving Caddy server's max_header_size less urlReserve.
func (h *Handler) svgURLLimit(r *http.Request) int {
	if h.MaxSVGURL > 0 {
		return int(min(h.MaxSVGURL, math.MaxInt32))
	}
	limit := caddyDefaultMaxHeader
	if srv, ok := r.Context().Value(caddyhttp.ServerCtxKey).(*caddyhttp.Server); ok && srv != nil && srv.MaxHeaderBytes > 0 {
		limit = srv.MaxHeaderBytes
	}
	return max(limit-urlReserve, 1<<10)
}

// caddyDefaultMaxHeader is Caddy's default max_header_size (16 KiB).
const caddyDefaultMaxHeader = 16 << 10

// refuseBody answers 413 with the E_INPUT_TOO_LARGE refusal as JSON. It
// writes the reply itself rather than returning caddyhttp.Error, so the
// diagnostic reaches the client even in a site without handle_errors. size
// is the declared length, or -1 when only "more than the cap" is known.
func (h *Handler) refuseBody(w http.ResponseWriter, size int64) {
	h.metrics.refused(reasonBodyTooLarge)
	if size < 0 {
		size = h.MaxBody + 1
	}
	writeJSONRefusal(w, http.StatusRequestEntityTooLarge, diag.InputTooLarge("The request body", size, h.MaxBody))
}

func writeJSONRefusal(w http.ResponseWriter, status int, d diag.Diagnostic) {
	b := mcpserver.Refusal(d)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}
