// Package mcpserver is ArchLang's MCP adapter: it builds one go-sdk server
// with the hosted tool set (compile, link, read_me) and the embedded
// resources. It knows nothing about Caddy; the Caddy module serves it over
// stateless Streamable HTTP, and tests drive it in memory.
//
// The server is built once and shared by every request: tools are pure
// functions of their arguments (plus the request's origin, carried in the
// context by WithImageRoutes), so nothing is kept between calls.
package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"log/slog"
	"reflect"
	"slices"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/caddymodule/routes"
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

// toolEntry is one tool New registers: its definition, its handler, and
// the Go types its answers are encoded from (for its outputSchema; the
// refusal every tool can answer is added to them).
type toolEntry struct {
	tool    *mcp.Tool
	handler func(*tools) mcp.ToolHandler
	shapes  []reflect.Type
}

// toolTable is every tool, in tools/list order.
var toolTable = []toolEntry{
	{compileTool, func(t *tools) mcp.ToolHandler { return t.compile },
		[]reflect.Type{reflect.TypeFor[compile.Envelope](), reflect.TypeFor[compile.LevelEnvelope](), reflect.TypeFor[compile.PlanJSONRefusal]()}},
	{linkTool, func(t *tools) mcp.ToolHandler { return t.link }, []reflect.Type{reflect.TypeFor[LinkResult]()}},
	{readMeTool, func(t *tools) mcp.ToolHandler { return t.readMe }, []reflect.Type{reflect.TypeFor[guideResult]()}},
	{completeTool, func(t *tools) mcp.ToolHandler { return t.complete }, []reflect.Type{resultOf(compile.Complete)}},
	{describeTool, func(t *tools) mcp.ToolHandler { return sourceTool(t, "describe", t.describe) },
		[]reflect.Type{fieldType(reflect.TypeFor[compile.DescribeResult](), "Facts")}},
	{finishTool, func(t *tools) mcp.ToolHandler { return sourceTool(t, "finish", t.finish) }, []reflect.Type{resultOf(compile.Finish)}},
	{fixTool, func(t *tools) mcp.ToolHandler { return sourceTool(t, "fix", t.fix) }, []reflect.Type{resultOf(compile.Fix)}},
	{lintTool, func(t *tools) mcp.ToolHandler { return sourceTool(t, "lint", t.lint) }, []reflect.Type{reflect.TypeFor[compile.LintEnvelope]()}},
	{repairTool, func(t *tools) mcp.ToolHandler { return sourceTool(t, "repair", t.repair) }, []reflect.Type{resultOf(compile.Repair)}},
	{scoreTool, func(t *tools) mcp.ToolHandler { return sourceTool(t, "score", t.score) },
		[]reflect.Type{reflect.TypeFor[compile.ScoreEnvelope](), reflect.TypeFor[compile.IntentErrorsEnvelope]()}},
	{suggestTool, func(t *tools) mcp.ToolHandler { return sourceTool(t, "suggest", t.suggest) }, []reflect.Type{resultOf(compile.Suggest)}},
	{validateTool, func(t *tools) mcp.ToolHandler { return sourceTool(t, "validate", t.validate) },
		[]reflect.Type{reflect.TypeFor[compile.ValidateEnvelope](), reflect.TypeFor[compile.IntentErrorsEnvelope]()}},
}

// fieldType is the type of t's field name, pointers taken off.
func fieldType(t reflect.Type, name string) reflect.Type {
	f, ok := t.FieldByName(name)
	if !ok {
		panic("no field " + name + " in " + t.String())
	}
	ft := f.Type
	for ft.Kind() == reflect.Pointer {
		ft = ft.Elem()
	}
	return ft
}

// guideResult is read_me's structured answer: the guide's Markdown, which
// is also the result's text.
type guideResult struct {
	OK    bool   `json:"ok"`
	Guide string `json:"guide"`
}

// toolNames lists the tools New registers, in tools/list order.
var toolNames = func() []string {
	var names []string
	for _, e := range toolTable {
		names = append(names, e.tool.Name)
	}
	return names
}()

// ToolNames returns the names of the tools New registers, in tools/list
// order: metrics use them as the fixed list of tool label values. The
// slice is the caller's own.
func ToolNames() []string { return slices.Clone(toolNames) }

// IsTool reports whether name is one of the tools New registers.
func IsTool(name string) bool { return slices.Contains(toolNames, name) }

// outputSchemas holds each tool's outputSchema, built once.
var outputSchemas = sync.OnceValue(func() map[string]json.RawMessage {
	m := map[string]json.RawMessage{}
	for _, e := range toolTable {
		m[e.tool.Name] = outputSchema(e.shapes...)
	}
	return m
})

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
	schemas := outputSchemas()
	for _, e := range toolTable {
		def := *e.tool
		def.OutputSchema = schemas[def.Name]
		if def.Name == "compile" {
			def.Description = fmt.Sprintf(def.Description, byteSize(opts.MaxArgument))
			if opts.ViewerURI != "" {
				def.Meta = viewerMeta(opts.ViewerURI)
			}
		}
		s.AddTool(&def, t.wrap(def.Name, e.handler(t)))
	}
	for _, r := range opts.Resources {
		s.AddResource(&mcp.Resource{
			URI: r.URI, Name: r.Name, Title: r.Title, Description: r.Description,
			MIMEType: r.MIMEType, Size: int64(len(r.Text)), Meta: r.Meta,
		}, textResource(r))
	}
	s.AddReceivingMiddleware(encodeResults)
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

type imageRoutesKey struct{}

// WithImageRoutes returns ctx carrying where the server's image routes are
// as the client of the HTTP request being served reaches them: its scheme
// and host, the prefix the routes are mounted under and the route table.
// link mints its absolute image URLs from it; without an origin, link
// returns only the playground URL.
func WithImageRoutes(ctx context.Context, b routes.Base) context.Context {
	return context.WithValue(ctx, imageRoutesKey{}, b)
}

// WithOrigin is WithImageRoutes with the default routes at the root of
// origin ("https://mcp.example.org").
func WithOrigin(ctx context.Context, origin string) context.Context {
	return WithImageRoutes(ctx, routes.Base{Origin: origin, Table: routes.Default()})
}

// ImageRoutesFrom returns the routes WithImageRoutes stored, or a Base with
// no origin.
func ImageRoutesFrom(ctx context.Context) routes.Base {
	b, _ := ctx.Value(imageRoutesKey{}).(routes.Base)
	return b
}

const instructions = "ArchLang compiles floor plans written as code (.arch source: plan \"Name\" { walls, rooms, doors, windows, furniture }) " +
	"into SVG drawings. Call read_me first for the language in brief and this server's limits. " +
	"compile returns the drawing and diagnostics as JSON; link returns a playground URL and image URLs for a plan."
