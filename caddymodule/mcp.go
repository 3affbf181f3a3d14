package caddymodule

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/archlang-go/caddy-archlang/caddymodule/mcpserver"
	"github.com/archlang-go/caddy-archlang/core/diag"
)

// peeked is what the handler reads of a JSON-RPC message for metrics and
// for refusing oversized notifications. It is never logged.
type peeked struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	} `json:"params"`
}

func (p peeked) isNotification() bool {
	return len(p.ID) == 0 || string(p.ID) == "null"
}

// serveMCP buffers the body under the byte cap, counts the message, refuses
// an oversized notification, and hands the request to the SDK. Once the SDK
// has the request it writes the reply, so the handler returns nil.
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
		// The client went away or the body was malformed on the wire;
		// there is nothing useful to answer.
		http.Error(w, "could not read the request body", http.StatusBadRequest)
		return nil
	}
	if int64(len(body)) > h.MaxBody {
		h.refuseBody(w, -1)
		return nil
	}

	var msg peeked
	if json.Unmarshal(body, &msg) == nil && msg.Method != "" {
		h.metrics.message(msg.Method, msg.Params.Name)
		if msg.Method == "tools/call" {
			if _, over := mcpserver.OversizedArgument(msg.Params.Arguments, h.MaxArgument); over {
				h.metrics.refused(reasonArgTooLarge)
				if msg.isNotification() {
					// Nothing to answer: accepted, not acted on.
					w.WriteHeader(http.StatusAccepted)
					return nil
				}
				// A request: the tool handler answers with the refusal.
			}
		}
	} else {
		h.metrics.message(other, "")
	}

	r.Body = io.NopCloser(bytes.NewReader(body))
	r.ContentLength = int64(len(body))
	r = r.WithContext(mcpserver.WithOrigin(r.Context(), requestOrigin(r)))
	h.mcp.ServeHTTP(w, r)
	return nil
}

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

// requestOrigin is the scheme and host the client used to reach this
// server, or "" when the Host is not a plain host[:port].
func requestOrigin(r *http.Request) string {
	host := r.Host
	if host == "" || !validHost(host) {
		return ""
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + strings.ToLower(host)
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
