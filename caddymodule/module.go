// Package caddymodule is the Caddy v2 glue for ArchLang's hosted MCP
// server: the http.handlers.archlang_mcp handler and its Caddyfile directive
// archlang_mcp. The handler owns three routes (package routes holds the
// table; every path is configurable) and passes everything else on:
//
//   - POST {mcp_path} (default /mcp): stateless Streamable HTTP MCP, one JSON
//     reply per POST, served by the go-sdk from one shared server built at
//     Provision. Other methods get the SDK's 405 with Allow: POST.
//   - GET|HEAD {svg_path}<payload> (default /svg/): the playground's #z=
//     payload compiled to SVG.
//   - GET|HEAD {pin_path}<render version>/svg/<payload> (default /v/): the
//     same drawing pinned to one render version.
//
// The URLs it mints (link's image URLs, Content-Location, the redirect of
// an old pin) are the ones the client reached: under the prefix handle_path
// or uri strip_prefix removed, and on the scheme and host a trusted proxy
// forwarded.
//
// Inside handle_errors the same handler renders refusals instead: a 429
// (from rate_limit) or a 413 becomes E_RATE_LIMITED or E_INPUT_TOO_LARGE,
// as JSON on the MCP path and as an error drawing on the SVG paths.
//
// The module holds no language logic: it calls core/compile and
// core/payload, and the MCP adapter in package mcpserver.
//
// EXPERIMENTAL: the configuration may change before a 1.0 release.
package caddymodule

import (
	"cmp"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"go.uber.org/zap"

	"github.com/archlang-go/caddy-archlang/caddymodule/mcpserver"
	"github.com/archlang-go/caddy-archlang/caddymodule/routes"
	"github.com/archlang-go/caddy-archlang/core"
	"github.com/archlang-go/caddy-archlang/core/compile"
)

// Defaults for the handler's zero-valued fields.
const (
	DefaultMCPPath       = routes.DefaultMCP
	DefaultSVGPath       = routes.DefaultSVG
	DefaultPNGPath       = routes.DefaultPNG
	DefaultPinPath       = routes.DefaultPin
	DefaultMaxBody       = 256 << 10 // bytes
	DefaultMaxArgument   = mcpserver.DefaultMaxArgument
	DefaultMaxInflated   = 64 << 10 // bytes
	DefaultPlaygroundURL = mcpserver.DefaultPlaygroundURL
	DefaultSVGCacheSize  = 32 << 20 // bytes
	// DefaultAnalysisCacheSize bounds the cache of analysed plans.
	DefaultAnalysisCacheSize = 64 << 20 // bytes
	// DefaultComputeTimeout bounds one computation (a tool call, an /svg/
	// render).
	DefaultComputeTimeout = 10 * time.Second
	// DefaultQueueTimeout is how long a computation waits for a slot.
	DefaultQueueTimeout = 2 * time.Second
	// DefaultPNGWidth is the width of a PNG when the URL asks for none.
	DefaultPNGWidth = compile.DefaultPNGWidth
	// DefaultPNGMaxWidth is the widest PNG a URL may ask for.
	DefaultPNGMaxWidth = 2048
)

// DefaultMaxConcurrent is the default bound on computations running at
// once: twice GOMAXPROCS.
func DefaultMaxConcurrent() int { return 2 * runtime.GOMAXPROCS(0) }

func init() {
	caddy.RegisterModule(Handler{})
}

// Handler serves ArchLang's MCP endpoint and its SVG image URLs.
type Handler struct {
	// MCPPath is the exact request path of the MCP endpoint. It must start
	// with "/" and must not be under svg_path or pin_path. Default: "/mcp".
	MCPPath string `json:"mcp_path,omitempty"`

	// SVGPath is the path prefix of the SVG image route: a GET of
	// SVGPath + payload draws the plan. It must start and end with "/" and
	// must not overlap pin_path. Requests outside the handler's routes go
	// to the next handler, so moving it frees /svg/ for the site's own
	// files. Default: "/svg/".
	SVGPath string `json:"svg_path,omitempty"`

	// PNGPath is the path prefix of the PNG image route: a GET of
	// PNGPath + payload draws the plan as a PNG (the SVG drawing,
	// rasterised). It must start and end with "/" and must not overlap the
	// other prefixes. Default: "/png/".
	PNGPath string `json:"png_path,omitempty"`

	// PNGWidth is the width in pixels of a PNG whose URL has no width
	// query parameter. It must not exceed png_max_width. Default: 1000.
	PNGWidth int `json:"png_width,omitempty"`

	// PNGMaxWidth is the largest width in pixels a PNG URL may ask for
	// (?width=N); a larger one is drawn at this width. It may not exceed
	// 4096, and a tall drawing is drawn narrower so that no PNG has more
	// than 8 Mi pixels. Default: 2048.
	PNGMaxWidth int `json:"png_max_width,omitempty"`

	// PinPath is the path prefix of the pinned image routes: PinPath +
	// render version + "/svg/" (or "/png/") + payload. It must start and end with "/"
	// and must not overlap svg_path. Default: "/v/".
	PinPath string `json:"pin_path,omitempty"`

	// MaxBody is the largest MCP request body accepted, in bytes. A larger
	// body is answered 413 with an E_INPUT_TOO_LARGE diagnostic, reading no
	// more than MaxBody+1 bytes. Default: 262144 (256 KiB).
	MaxBody int64 `json:"max_body,omitempty"`

	// MaxArgument is the largest single tool argument accepted, in bytes (a
	// string counts its decoded bytes). A larger one is answered with a
	// normal tool result marked isError that carries E_INPUT_TOO_LARGE; a
	// notification carrying one gets 202 and no body. Default: 65536 (64 KiB).
	MaxArgument int64 `json:"max_argument,omitempty"`

	// MaxInflated is the largest plan an /svg/ payload may inflate to, in
	// bytes. Inflation stops there and the request is answered 413.
	// Default: 65536 (64 KiB).
	MaxInflated int64 `json:"max_inflated,omitempty"`

	// PlaygroundURL is the ArchLang playground the link tool points at, an
	// absolute http(s) URL. Default: "https://playground.archlang.uk".
	PlaygroundURL string `json:"playground_url,omitempty"`

	// SVGCacheSize bounds the in-memory cache of rendered drawings, in bytes
	// (keys and drawings both count). A hit compiles nothing. Default:
	// 33554432 (32 MiB).
	SVGCacheSize int64 `json:"svg_cache_size,omitempty"`

	// AnalysisCacheSize bounds the in-memory cache of analysed plans, in
	// (estimated) bytes: resolved plans, describe's facts and lint's
	// findings, keyed by a hash of the source, so the tool calls of an
	// agent's loop on one plan (describe, lint, validate, score, suggest,
	// fix, finish) do the analysis once. Default: 67108864 (64 MiB).
	AnalysisCacheSize int64 `json:"analysis_cache_size,omitempty"`

	// DisableLocalhostProtection turns off the MCP SDK's DNS-rebinding guard,
	// which answers 403 to a request that reached a loopback address with a
	// Host that is not localhost. Leave it off (the default) when Caddy
	// faces clients directly; set it when Caddy sits behind a proxy or
	// tunnel on the same machine that forwards the public Host, and let the
	// site address restrict the Host instead. Default: false.
	DisableLocalhostProtection bool `json:"disable_localhost_protection,omitempty"`

	// ComputeTimeout bounds one computation: a tool call that reads a plan
	// or an /svg/ render. Past it the core is stopped through its context
	// and the request is answered with a refusal (an isError tool result,
	// or a 422 error drawing), never a 5xx. Default: 10s.
	ComputeTimeout caddy.Duration `json:"compute_timeout,omitempty"`

	// MaxConcurrent bounds the computations (tool calls that read a plan,
	// /svg/ renders that miss the cache) running at once in this process,
	// shared by every archlang_mcp handler with the same max_concurrent
	// and queue_timeout. Cheap messages (initialize, tools/list,
	// resources/read, ping, notifications, read_me, link) and cache hits
	// need no slot. Default: twice GOMAXPROCS.
	MaxConcurrent int `json:"max_concurrent,omitempty"`

	// QueueTimeout is how long a computation waits for a free slot before
	// it is refused with 503, a Retry-After header and E_RATE_LIMITED.
	// Default: 2s.
	QueueTimeout caddy.Duration `json:"queue_timeout,omitempty"`

	// MaxSVGURL is the longest image URL, in bytes, that the link tool
	// mints; a longer svg_url or pinned_svg_url is left out and
	// svg_url_omitted says why. Default: the serving server's
	// max_header_size (Caddy's default is 16 KiB) less 2 KiB for the rest
	// of the request's headers.
	MaxSVGURL int64 `json:"max_svg_url,omitempty"`

	routes  routes.Table
	logger  *zap.Logger
	limiter *mcpserver.Limiter
	limKey  string
	mcp     http.Handler
	cache   *svgCache
	plans   *compile.Cache
	metrics *metrics
	renders *atomic.Int64 // compiles done for /svg/ and /png/ (a test hook: hits and 304s add none)
	rasters *atomic.Int64 // PNGs rasterised for /png/ (a test hook: hits and 304s add none)
}

// CaddyModule returns the Caddy module information.
func (Handler) CaddyModule() caddy.ModuleInfo {
	return caddy.ModuleInfo{
		ID:  "http.handlers.archlang_mcp",
		New: func() caddy.Module { return new(Handler) },
	}
}

// Provision fills in defaults, registers the metrics and builds the MCP
// server and its tool registry once for this configuration.
func (h *Handler) Provision(ctx caddy.Context) error {
	h.logger = ctx.Logger()
	if h.MCPPath == "" {
		h.MCPPath = DefaultMCPPath
	}
	if h.SVGPath == "" {
		h.SVGPath = DefaultSVGPath
	}
	if h.PinPath == "" {
		h.PinPath = DefaultPinPath
	}
	if h.PNGPath == "" {
		h.PNGPath = DefaultPNGPath
	}
	if h.PNGWidth == 0 {
		h.PNGWidth = DefaultPNGWidth
	}
	if h.PNGMaxWidth == 0 {
		h.PNGMaxWidth = DefaultPNGMaxWidth
	}
	h.routes = h.routeTable()
	if h.MaxBody == 0 {
		h.MaxBody = DefaultMaxBody
	}
	if h.MaxArgument == 0 {
		h.MaxArgument = DefaultMaxArgument
	}
	if h.MaxInflated == 0 {
		h.MaxInflated = DefaultMaxInflated
	}
	if h.PlaygroundURL == "" {
		h.PlaygroundURL = DefaultPlaygroundURL
	}
	if h.SVGCacheSize == 0 {
		h.SVGCacheSize = DefaultSVGCacheSize
	}
	if h.AnalysisCacheSize == 0 {
		h.AnalysisCacheSize = DefaultAnalysisCacheSize
	}
	if h.ComputeTimeout == 0 {
		h.ComputeTimeout = caddy.Duration(DefaultComputeTimeout)
	}
	if h.MaxConcurrent == 0 {
		h.MaxConcurrent = DefaultMaxConcurrent()
	}
	if h.QueueTimeout == 0 {
		h.QueueTimeout = caddy.Duration(DefaultQueueTimeout)
	}
	h.metrics = registerMetrics(ctx.GetMetricsRegistry())
	h.limiter, h.limKey = sharedLimiter(h.MaxConcurrent, time.Duration(h.QueueTimeout))
	h.cache = newSVGCache(h.SVGCacheSize)
	h.plans = compile.NewCache(h.AnalysisCacheSize)
	h.plans.Observe(registerCacheMetrics(ctx.GetMetricsRegistry()))
	h.renders = new(atomic.Int64)
	h.rasters = new(atomic.Int64)

	// The SDK logs a line per stateless request at Info; keep Warn and up.
	sl := slog.New(minLevel{ctx.Slogger().Handler(), slog.LevelWarn})
	guide, res := serverResources()
	srv := mcpserver.New(mcpserver.Options{
		MaxArgument:   h.MaxArgument,
		PlaygroundURL: h.PlaygroundURL,
		Guide:         guide,
		Resources:     res,
		ViewerURI:     viewerURI(res),
		Imports:       libraryFS(),
		Logger:        sl,

		ComputeTimeout: time.Duration(h.ComputeTimeout),
		Limiter:        h.limiter,
		Refused:        h.metrics.refused,
		Cache:          h.plans,
	})
	h.mcp = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv },
		&mcp.StreamableHTTPOptions{
			Stateless:                  true,
			JSONResponse:               true,
			Logger:                     sl,
			MaxRequestBodyBytes:        h.MaxBody,
			DisableLocalhostProtection: h.DisableLocalhostProtection,
		})
	h.logger.Debug("provisioned",
		zap.String("mcp_path", h.MCPPath),
		zap.String("svg_path", h.SVGPath),
		zap.String("pin_path", h.PinPath),
		zap.String("png_path", h.PNGPath),
		zap.Int("png_width", h.PNGWidth),
		zap.Int("png_max_width", h.PNGMaxWidth),
		zap.Int64("max_body", h.MaxBody),
		zap.Int64("max_argument", h.MaxArgument),
		zap.Int64("max_inflated", h.MaxInflated),
		zap.Int64("svg_cache_size", h.SVGCacheSize),
		zap.Int64("analysis_cache_size", h.AnalysisCacheSize),
		zap.Duration("compute_timeout", time.Duration(h.ComputeTimeout)),
		zap.Int("max_concurrent", h.MaxConcurrent),
		zap.Duration("queue_timeout", time.Duration(h.QueueTimeout)),
		zap.Int64("max_svg_url", h.MaxSVGURL),
		zap.String("render_version", core.RenderVersion()))
	return nil
}

// Validate rejects contradictory or malformed settings.
func (h *Handler) Validate() error {
	if err := h.routeTable().Validate(routeSetting); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		v    int64
	}{{"max_body", h.MaxBody}, {"max_argument", h.MaxArgument}, {"max_inflated", h.MaxInflated}, {"svg_cache_size", h.SVGCacheSize},
		{"compute_timeout", int64(h.ComputeTimeout)}, {"max_concurrent", int64(h.MaxConcurrent)}, {"queue_timeout", int64(h.QueueTimeout)},
		{"max_svg_url", h.MaxSVGURL}, {"png_width", int64(h.PNGWidth)}, {"png_max_width", int64(h.PNGMaxWidth)}} {
		if f.v < 0 {
			return fmt.Errorf("%s must not be negative, got %d", f.name, f.v)
		}
	}
	if h.PNGMaxWidth > compile.MaxPNGWidth {
		return fmt.Errorf("png_max_width (%d pixels) is over the rasteriser's limit of %d pixels", h.PNGMaxWidth, compile.MaxPNGWidth)
	}
	maxW, defW := cmp.Or(h.PNGMaxWidth, DefaultPNGMaxWidth), cmp.Or(h.PNGWidth, DefaultPNGWidth)
	if defW > maxW {
		return fmt.Errorf("png_width (%d pixels) is larger than png_max_width (%d pixels)", defW, maxW)
	}
	if h.MaxArgument > h.MaxBody {
		return fmt.Errorf("max_argument (%d bytes) is larger than max_body (%d bytes): no request could carry such an argument", h.MaxArgument, h.MaxBody)
	}
	u, err := url.Parse(h.PlaygroundURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return fmt.Errorf("playground_url %q must be an absolute http(s) URL with no query or fragment", h.PlaygroundURL)
	}
	return nil
}

// Cleanup releases the drawing cache and this handler's hold on the shared
// computation limiter.
func (h *Handler) Cleanup() error {
	if h.cache != nil {
		h.cache.reset()
	}
	if h.limKey != "" {
		_, _ = limiters.Delete(h.limKey)
		h.limKey = ""
	}
	return nil
}

// limiters holds one computation limiter per (max_concurrent,
// queue_timeout), shared by every handler of the process that has those
// settings (two site blocks, or the old and new config during a reload),
// so the bound is per process rather than per site.
var limiters = caddy.NewUsagePool()

type pooledLimiter struct{ *mcpserver.Limiter }

func (pooledLimiter) Destruct() error { return nil }

// sharedLimiter returns the process's limiter for these settings and the
// key to release it with at Cleanup.
func sharedLimiter(n int, wait time.Duration) (*mcpserver.Limiter, string) {
	key := fmt.Sprintf("%d/%s", n, wait)
	v, _, _ := limiters.LoadOrNew(key, func() (caddy.Destructor, error) {
		return pooledLimiter{mcpserver.NewLimiter(n, wait)}, nil
	})
	return v.(pooledLimiter).Limiter, key
}

// ServeHTTP routes to the MCP endpoint or the SVG routes and passes every
// other request to next. Inside handle_errors it renders refusals.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request, next caddyhttp.Handler) error {
	if herr, ok := r.Context().Value(caddyhttp.ErrorCtxKey).(error); ok {
		return h.serveRefusal(w, r, herr, next)
	}
	m, ok := h.routes.Match(r.URL.Path)
	switch {
	case !ok:
		return next.ServeHTTP(w, r)
	case m.Route == routes.MCPRoute:
		return h.serveMCP(w, r)
	case m.Kind == routes.PNG:
		rv := ""
		if m.Route == routes.PinnedRoute {
			rv = m.Version
		}
		return h.servePNG(w, r, rv, m.Payload)
	case m.Route == routes.PinnedRoute:
		return h.serveSVG(w, r, m.Version, m.Payload)
	default:
		return h.serveSVG(w, r, "", m.Payload)
	}
}

// routeTable is the table of the paths this handler owns, from its
// settings (defaults already filled in by Provision, or not, for Validate).
func (h *Handler) routeTable() routes.Table {
	return routes.Table{
		MCP:    h.MCPPath,
		Images: []routes.Image{{Kind: routes.SVG, Path: h.SVGPath}, {Kind: routes.PNG, Path: cmp.Or(h.PNGPath, DefaultPNGPath)}},
		Pin:    h.PinPath,
	}
}

// routeSetting names the setting of a route, for configuration errors.
func routeSetting(r routes.Route, k routes.Kind) string {
	switch r {
	case routes.MCPRoute:
		return "mcp_path"
	case routes.PinnedRoute:
		return "pin_path"
	}
	return string(k) + "_path"
}

// Interface guards.
var (
	_ caddy.Provisioner           = (*Handler)(nil)
	_ caddy.Validator             = (*Handler)(nil)
	_ caddy.CleanerUpper          = (*Handler)(nil)
	_ caddyhttp.MiddlewareHandler = (*Handler)(nil)
	_ caddyfile.Unmarshaler       = (*Handler)(nil)
)
