// Package mcpserver is ArchLang's MCP adapter: it builds one go-sdk server
// with the hosted tool set (compile, link, read_me) and the embedded
// resources. It knows nothing about Caddy; the Caddy module serves it over
// stateless Streamable HTTP, and tests drive it in memory.
//
// The server is built once and shared by every request: tools are pure
// functions of their arguments (plus the request's origin, carried in the
// context by WithOrigin), so nothing is kept between calls.
package mcpserver

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/core"
	"github.com/archlang-go/caddy-archlang/core/compile"
)

// Defaults for Options' zero values.
const (
	// DefaultMaxArgument is the byte cap on any one tool argument.
	DefaultMaxArgument = 64 << 10
	// DefaultPlaygroundURL is the playground that link's URLs open.
	DefaultPlaygroundURL = "https://playground.archlang.uk"
	// ServerName is the implementation name reported to clients.
	ServerName = "archlang"
)

// Resource is one document the server offers through resources/list and
// resources/read.
type Resource struct {
	URI         string
	Name        string
	Title       string
	Description string
	MIMEType    string
	// Text is the resource's content.
	Text string
	// Meta, when set, is the resource's _meta, in resources/list and on
	// the resources/read content (an MCP App declares _meta.ui there).
	Meta map[string]any
}

// Options configure New. The zero value is usable.
type Options struct {
	// MaxArgument is the byte cap on any one tool argument (a string is
	// measured decoded, anything else as its JSON). Default DefaultMaxArgument.
	MaxArgument int64
	// PlaygroundURL is the playground's base URL, without a trailing slash.
	// Default DefaultPlaygroundURL.
	PlaygroundURL string
	// Guide is the text read_me returns. Default: a built-in short guide.
	Guide string
	// Resources are served by resources/list and resources/read, in order.
	Resources []Resource
	// ViewerURI, when set, names an MCP App resource (one of Resources)
	// that shows a drawing: compile's definition and results then carry it
	// as _meta.ui.resourceUri (and the older flat key ui/resourceUri), so a
	// host with MCP Apps can attach the viewer. The result text is the same
	// either way.
	ViewerURI string
	// Imports is the file system `import` statements read from (the
	// bundled standard library on the hosted server). Nil: every import is
	// reported as not found.
	Imports fs.FS
	// Logger receives the SDK's own log lines. It must never be given a body
	// or a source; the SDK logs neither. Nil means no logging.
	Logger *slog.Logger
	// ComputeTimeout bounds one tool call's computation: past it the core
	// is stopped through its options' Ctx and the call is answered with an
	// isError refusal. Zero means no deadline beyond the request's own.
	ComputeTimeout time.Duration
	// Limiter bounds the tool calls computing at once; a call that finds no
	// slot within the limiter's wait is answered with an isError
	// E_RATE_LIMITED refusal (the Caddy module usually takes the slot
	// before the SDK runs and answers 503 itself; see WithSlot). read_me
	// and link take no slot. Nil means no bound.
	Limiter *Limiter
	// Refused, when set, is told each refusal made after the SDK accepted
	// a call, with one of the Reason* values (for metrics).
	Refused func(reason string)
	// Cache, when set, is shared by the tools that read a plan (describe,
	// lint, validate, score, suggest, fix, finish), so a loop of calls on
	// one plan resolves and analyses it once. Nil analyses every call
	// afresh.
	Cache *compile.Cache
}

func (o Options) withDefaults() Options {
	if o.MaxArgument <= 0 {
		o.MaxArgument = DefaultMaxArgument
	}
	if o.PlaygroundURL == "" {
		o.PlaygroundURL = DefaultPlaygroundURL
	}
	for len(o.PlaygroundURL) > 0 && o.PlaygroundURL[len(o.PlaygroundURL)-1] == '/' {
		o.PlaygroundURL = o.PlaygroundURL[:len(o.PlaygroundURL)-1]
	}
	if o.Guide == "" {
		o.Guide = fallbackGuide
	}
	return o
}

// ToolNames lists the tools New registers, in registration order. Metrics
// use it as the fixed list of tool label values.
// The tool_<name>.go files append theirs through register.
var ToolNames = []string{"compile", "link", "read_me"}

// toolEntry is a tool defined in its own file (tool_<name>.go), which adds
// itself to registered from an init function. New registers them after
// read_me, in file-name order.
type toolEntry struct {
	tool    *mcp.Tool
	handler func(*tools) mcp.ToolHandler
}

// registered holds the tools added by the tool_<name>.go files.
var registered []toolEntry

// register adds a tool to every server New builds. It is called only from
// init functions.
func register(tool *mcp.Tool, handler func(*tools) mcp.ToolHandler) {
	registered = append(registered, toolEntry{tool, handler})
	ToolNames = append(ToolNames, tool.Name)
}

// New builds the server. Capabilities are declared explicitly — tools,
// resources, prompts (an empty list, answered by the SDK) and logging — so a
// 2026-07-28 server/discover reports every feature the server answers. None
// advertises listChanged: a stateless server never sends notifications.
func New(opts Options) *mcp.Server {
	opts = opts.withDefaults()
	s := mcp.NewServer(&mcp.Implementation{
		Name:    ServerName,
		Title:   "ArchLang",
		Version: core.RenderVersion(),
	}, &mcp.ServerOptions{
		Instructions: instructions,
		Logger:       opts.Logger,
		Capabilities: &mcp.ServerCapabilities{
			Tools:     &mcp.ToolCapabilities{},
			Resources: &mcp.ResourceCapabilities{},
			Prompts:   &mcp.PromptCapabilities{},
			Logging:   &mcp.LoggingCapabilities{},
		},
	})
	t := &tools{opts: opts}
	ct := *compileTool
	ct.Description = fmt.Sprintf(ct.Description, byteSize(opts.MaxArgument))
	if opts.ViewerURI != "" {
		ct.Meta = viewerMeta(opts.ViewerURI)
	}
	s.AddTool(&ct, t.wrap("compile", t.compile))
	s.AddTool(linkTool, t.wrap("link", t.link))
	s.AddTool(readMeTool, t.wrap("read_me", t.readMe))
	for _, e := range registered {
		s.AddTool(e.tool, t.wrap(e.tool.Name, e.handler(t)))
	}
	for _, r := range opts.Resources {
		s.AddResource(&mcp.Resource{
			URI: r.URI, Name: r.Name, Title: r.Title, Description: r.Description,
			MIMEType: r.MIMEType, Size: int64(len(r.Text)), Meta: r.Meta,
		}, textResource(r))
	}
	return s
}

func textResource(r Resource) mcp.ResourceHandler {
	return func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		if req.Params.URI != r.URI {
			return nil, mcp.ResourceNotFoundError(req.Params.URI)
		}
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{
			URI: r.URI, MIMEType: r.MIMEType, Text: r.Text, Meta: r.Meta,
		}}}, nil
	}
}

// viewerMeta is the _meta that points an MCP Apps host at the viewer.
func viewerMeta(uri string) mcp.Meta {
	return mcp.Meta{"ui": map[string]any{"resourceUri": uri}, "ui/resourceUri": uri}
}

type originKey struct{}

// WithOrigin returns ctx carrying origin, the scheme and host
// ("https://mcp.example.org") of the HTTP request being served. link uses it
// to mint absolute /svg/ URLs; without it, link returns only the playground
// URL.
func WithOrigin(ctx context.Context, origin string) context.Context {
	return context.WithValue(ctx, originKey{}, origin)
}

// OriginFrom returns the origin WithOrigin stored, or "".
func OriginFrom(ctx context.Context) string {
	o, _ := ctx.Value(originKey{}).(string)
	return o
}

const instructions = "ArchLang compiles floor plans written as code (.arch source: plan \"Name\" { walls, rooms, doors, windows, furniture }) " +
	"into SVG drawings. Call read_me first for the language in brief and this server's limits. " +
	"compile returns the drawing and diagnostics as JSON; link returns a playground URL and image URLs for a plan."
