package caddymodule

import (
	"errors"
	"slices"
	"sync"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/archlang-go/caddy-archlang/caddymodule/mcpserver"
)

// other is the label value for anything outside a fixed list, so no
// client-chosen string ever becomes a label.
const other = "(other)"

// mcpMethods are the method label values: the methods an MCP client sends.
var mcpMethods = []string{
	"initialize", "ping", "server/discover",
	"tools/list", "tools/call",
	"resources/list", "resources/read", "resources/templates/list",
	"resources/subscribe", "resources/unsubscribe",
	"prompts/list", "prompts/get", "completion/complete",
	"logging/setLevel", "subscriptions/listen",
	"notifications/initialized", "notifications/cancelled",
	"notifications/progress", "notifications/roots/list_changed",
}

// Refusal reasons, the reason label's fixed list.
const (
	reasonRateLimited   = "rate_limited"
	reasonBodyTooLarge  = "body_too_large"
	reasonArgTooLarge   = "argument_too_large"
	reasonPayloadTooBig = "inflated_too_large"
	reasonBatch         = "batch"     // a JSON-RPC batch (a JSON array body)
	reasonMalformed     = "malformed" // not one JSON-RPC message: -32700 or -32600
	reasonBusy          = mcpserver.ReasonBusy
	reasonDeadline      = mcpserver.ReasonDeadline
	reasonCancelled     = mcpserver.ReasonCancelled
)

// SVG result label values.
const (
	svgHit         = "hit"
	svgMiss        = "miss"
	svgNotModified = "not_modified"
	svgRedirect    = "redirect"
	svgBadPayload  = "bad_payload"
)

type metrics struct {
	messages  *prometheus.CounterVec
	refusals  *prometheus.CounterVec
	svg       *prometheus.CounterVec
	png       *prometheus.CounterVec
	collector []prometheus.Collector
}

var (
	metricsOnce sync.Once
	sharedStats *metrics
)

// registerMetrics builds the collectors once per process and registers them
// with this configuration's registry; a second registration of the same
// collectors (several handlers in one config) is not an error.
func registerMetrics(reg prometheus.Registerer) *metrics {
	metricsOnce.Do(func() {
		const ns, sub = "caddy", "archlang_mcp"
		m := &metrics{
			messages: prometheus.NewCounterVec(prometheus.CounterOpts{
				Namespace: ns, Subsystem: sub, Name: "messages_total",
				Help: "MCP messages received, by JSON-RPC method and tool name; values outside fixed lists are (other).",
			}, []string{"method", "tool"}),
			refusals: prometheus.NewCounterVec(prometheus.CounterOpts{
				Namespace: ns, Subsystem: sub, Name: "refusals_total",
				Help: "Requests or tool calls refused before any work, by reason.",
			}, []string{"reason"}),
			svg: prometheus.NewCounterVec(prometheus.CounterOpts{
				Namespace: ns, Subsystem: sub, Name: "svg_responses_total",
				Help: "Responses on /svg/ and /v/…/svg/, by result (hit and miss are 200s from and to the drawing cache).",
			}, []string{"result"}),
		}
		m.png = prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: ns, Subsystem: sub, Name: "png_responses_total",
			Help: "Responses on /png/ and /v/…/png/, by result (hit and miss are 200s from and to the drawing cache), as svg_responses_total counts them.",
		}, []string{"result"})
		running := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Namespace: ns, Subsystem: sub, Name: "computations",
			Help: "Computations (tool calls that read a plan, /svg/ renders that miss the cache) running now, each holding a max_concurrent slot.",
		}, func() float64 { return float64(mcpserver.Running()) })
		m.collector = []prometheus.Collector{m.messages, m.refusals, m.svg, m.png, running}
		sharedStats = m
	})
	if reg != nil {
		for _, c := range sharedStats.collector {
			if err := reg.Register(c); err != nil {
				var are prometheus.AlreadyRegisteredError
				if !errors.As(err, &are) {
					panic(err) // only a programming error (a clashing name) gets here
				}
			}
		}
	}
	return sharedStats
}

// methodLabel maps a JSON-RPC method to a fixed label value.
func methodLabel(m string) string {
	if slices.Contains(mcpMethods, m) {
		return m
	}
	return other
}

// toolLabel maps a tools/call tool name to a fixed label value; "" when the
// message is not a tool call.
func toolLabel(method, name string) string {
	if method != "tools/call" {
		return ""
	}
	if mcpserver.IsTool(name) {
		return name
	}
	return other
}

func (m *metrics) message(method, tool string) {
	m.messages.WithLabelValues(methodLabel(method), toolLabel(method, tool)).Inc()
}

func (m *metrics) refused(reason string) { m.refusals.WithLabelValues(reason).Inc() }

func (m *metrics) svgResult(result string) { m.svg.WithLabelValues(result).Inc() }

func (m *metrics) pngResult(result string) { m.png.WithLabelValues(result).Inc() }
