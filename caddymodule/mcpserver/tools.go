package mcpserver

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/caddymodule/routes"
	"github.com/archlang-go/caddy-archlang/core"
	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/payload"
)

var readOnly = &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: new(false)}

var compileTool = &mcp.Tool{
	Name:  "compile",
	Title: "Compile an ArchLang plan",
	Description: "Compile a floor plan into a drawing. Give either source (a complete ArchLang program, `plan \"Name\" { ... }`) " +
		"or plan_json (the same plan as a Plan JSON object, the RPLAN-style shape described by this server's plan schema resource); when both are given, plan_json is used. " +
		"Returns one JSON text: {ok, format, output, diagnostics}. ok is true when the plan compiled; output is then the SVG document " +
		"(omitted when ok is false). diagnostics is always an array of {code? (absent on plain syntax errors), severity (error|warning|info), message, line?, col?, span?: [start,end] byte offsets (absent when the finding is about the whole plan), fix?, hints?, fixes?}; " +
		"read each error's message and fix, correct the input, and call compile again until ok is true. The result is marked isError when ok is false. " +
		"A plan_json that does not fit the schema is answered {ok:false, diagnostics} with E_JSON_SCHEMA (or E_JSON_KIND for an unknown opening kind) findings whose messages read `plan JSON <path>: <problem>` (e.g. `plan JSON /rooms/0/width: expected a number`) and carry no line or col. " +
		"A plan_json that fits is turned into an ArchLang program first, so line, col and span of later findings point into that generated program (one statement per line). " +
		"format \"svg\" is the default; \"txt\" draws the plan as a text grid (walls as box-drawing lines, windows =, doors ·, room names), readable without an image viewer; " +
		"\"png\" draws the plan as a PNG image " + strconv.Itoa(compile.DefaultPNGWidth) + " pixels wide: output (and each page's output) is then the PNG in base64 (standard alphabet), and the result also carries each image as an image content block (image/png) that hosts show to the user. accessible adds a title, a description and ARIA roles to the SVG. overlay \"circulation\" draws the circulation over the plan (svg and png, each storey on its own): a dashed walk from the entrance to each room it reaches, a diamond with the clear width in mm where that walk is narrowest, and the key routes between rooms (kitchen to living or dining, bedroom to bath or WC) in a lighter dash (on a plan of very many rooms, only as many walks and routes as a bounded amount of work lays out, in plan order); any other overlay value draws the plain plan. Any argument over this server's byte cap (%s) is refused with E_INPUT_TOO_LARGE.",
	Annotations: readOnly,
	InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "source": {"type": "string", "description": "The whole .arch program, starting with plan \"Name\" {"},
    "plan_json": {"type": "object", "description": "The plan as a Plan JSON object (rooms, walls, openings, furniture, dims, columns; millimetres, y pointing down) instead of source; used when both are given"},
    "format": {"type": "string", "enum": ["svg", "txt", "png"], "default": "svg", "description": "Output format: svg (the drawing), txt (a text grid) or png (the drawing as a raster image, also returned as an image content block)"},
    "level": {"type": "integer", "description": "For a plan with level blocks: draw only this storey. The result is then {ok, format, level, output, levels, diagnostics}, or ok:false with error and the storeys the plan has"},
    "accessible": {"type": "boolean", "default": false, "description": "Add an accessible title, description and ARIA roles to the SVG"},
    "overlay": {"type": "string", "description": "\"circulation\" draws the entrance walks (with their narrowest clear width) and the key routes over the plan; any other value draws the plain plan"}
  },
  "additionalProperties": false
}`),
}

var linkTool = &mcp.Tool{
	Name:  "link",
	Title: "Link to a plan",
	Description: "Make shareable URLs for ArchLang source without compiling it. Returns one JSON text: " +
		"{ok, url, payload, svg_url?, pinned_svg_url?, png_url?, pinned_png_url?, svg_url_omitted?, render_version}. url opens the plan in the ArchLang playground (the plan rides in the #z= fragment, which browsers never send to a server). " +
		"svg_url is an image URL this server renders on request (it follows compiler updates; errors in the plan are drawn as a list of diagnostics); " +
		"pinned_svg_url is the same drawing pinned to this server's current render version, cacheable for a year. " +
		"png_url and pinned_png_url are the same two as PNG images (1000 pixels wide; add ?width=N for another width), for the places that show a raster but not an SVG: chat messages, Markdown renderers, link previews. " +
		"The image URLs carry the plan in the path, so they reach the server; they are present only when the server knows its own address and the URL is short enough for it to accept (otherwise svg_url_omitted says why). " +
		"Use compile first if you need to know the plan is valid.",
	Annotations: readOnly,
	InputSchema: json.RawMessage(`{
  "type": "object",
  "properties": {
    "source": {"type": "string", "description": "The whole .arch program to link"}
  },
  "required": ["source"],
  "additionalProperties": false
}`),
}

var readMeTool = &mcp.Tool{
	Name:  "read_me",
	Title: "Read me first",
	Description: "Return this server's one-page guide as Markdown: what ArchLang is, the language in brief with a small example, " +
		"the tools and how to use their results, the image URLs, the limits (byte caps, rate limits) and the privacy notes. " +
		"Takes no arguments. Call it once before writing a plan.",
	Annotations: readOnly,
	InputSchema: json.RawMessage(`{"type": "object", "properties": {}, "additionalProperties": false}`),
}

type tools struct{ opts Options }

// wrap is every tool's handler chain: the compute bounds (guard) around
// the panic guard (safe) around the tool.
func (t *tools) wrap(name string, h mcp.ToolHandler) mcp.ToolHandler {
	return t.guard(name, t.safe(name, h))
}

// NeedsSlot reports whether a call of the named tool computes on a plan
// and so takes a computation slot (every registered tool but read_me and
// link). An unknown name needs none: the SDK answers it with an error.
func NeedsSlot(name string) bool {
	return !cheapTools[name] && IsTool(name)
}

// safe turns a panic in a tool into an isError result. The SDK runs tool
// handlers on their own goroutines with no recovery, so one plan that
// crashes the compiler would otherwise stop the whole Caddy process. The
// panic value is not logged: it could quote the source.
func (t *tools) safe(name string, h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			if recover() != nil {
				if t.opts.Logger != nil {
					t.opts.Logger.Error("tool panicked; the input was not logged", "tool", name, "stack", string(debug.Stack()))
				}
				res, err = textResult(Refusal(invalid("Internal error: the server failed on this input. This is a bug in the server, not in the plan.")), true), nil
			}
		}()
		return h(ctx, req)
	}
}

// refusal is the envelope of a request refused before any work.
type refusal struct {
	OK          bool        `json:"ok"`
	Diagnostics []diag.JSON `json:"diagnostics"`
}

// Refusal returns the JSON body {ok:false, diagnostics:[d]} for a refusal
// that has no source (a cap, a rate limit).
func Refusal(d diag.Diagnostic) []byte {
	b, _ := marshal(refusal{OK: false, Diagnostics: []diag.JSON{diag.ToJSON(nil, d)}})
	return b
}

// marshal is json.Marshal without HTML escaping: the text is read as JSON,
// never embedded in HTML, and an SVG output full of < and > would otherwise
// grow by a factor of six. It matches JSON.stringify's output.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

func textResult(body []byte, isError bool) *mcp.CallToolResult {
	r := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(body)}}, IsError: isError}
	if len(body) > 0 && body[0] == '{' {
		// Every JSON body here was written by marshal (or Refusal): the
		// same bytes are the structured result, with no second check.
		r.StructuredContent = json.RawMessage(body)
	}
	return r
}

func jsonResult(v any, isError bool) *mcp.CallToolResult {
	b, err := marshal(v)
	if err != nil { // the values marshalled here cannot fail
		return textResult(Refusal(invalid("internal error encoding the result")), true)
	}
	return textResult(b, isError)
}

// invalid is an uncoded error diagnostic about the arguments themselves.
func invalid(format string, args ...any) diag.Diagnostic {
	return diag.Diagnostic{Severity: diag.Error, Message: fmt.Sprintf(format, args...)}
}

// OversizedArgument reports the first argument in a tools/call arguments
// object whose size is over max: a JSON string counts its decoded bytes,
// any other value its JSON text. It returns the diagnostic and true, or
// false when every argument fits (or args is not an object). The Caddy
// module uses it on notifications, which the tool handlers never see.
func OversizedArgument(args json.RawMessage, max int64) (diag.Diagnostic, bool) {
	if int64(len(args)) <= max {
		// No member's value, decoded, is longer than the whole text.
		return diag.Diagnostic{}, false
	}
	var m map[string]json.RawMessage
	if len(args) == 0 || json.Unmarshal(args, &m) != nil {
		return diag.Diagnostic{}, false
	}
	// Sort-free: report the largest, so the result does not depend on map order.
	var worst string
	var worstSize int64 = -1
	for k, v := range m {
		size := int64(len(v))
		if len(v) > 0 && v[0] == '"' {
			var s string
			if json.Unmarshal(v, &s) == nil {
				size = int64(len(s))
			}
		}
		if size > worstSize || (size == worstSize && k < worst) {
			worst, worstSize = k, size
		}
	}
	if worstSize > max {
		return diag.InputTooLarge(fmt.Sprintf("The %q argument", worst), worstSize, max), true
	}
	return diag.Diagnostic{}, false
}

// args checks the size cap, then decodes the arguments into v. It returns
// a finished result when the call must be answered without doing the work.
func (t *tools) args(req *mcp.CallToolRequest, v any) *mcp.CallToolResult {
	raw := req.Params.Arguments
	if d, over := OversizedArgument(raw, t.opts.MaxArgument); over {
		return textResult(Refusal(d), true)
	}
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		raw = json.RawMessage("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return textResult(Refusal(invalid("The arguments of %s do not match its input schema: %s", req.Params.Name, argumentProblem(err))), true)
	}
	return nil
}

// argumentProblem says in plain words why the arguments did not decode,
// naming the argument and the JSON types, never a Go type.
func argumentProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		got, _, _ := strings.Cut(te.Value, " ")
		if te.Field == "" {
			return fmt.Sprintf("the arguments must be an object, not %s", jsonKind(got))
		}
		// Field is a Go path ("sourceField.source" for an embedded
		// struct); every argument is a top-level member, so keep the last.
		field := te.Field[strings.LastIndexByte(te.Field, '.')+1:]
		return fmt.Sprintf("%q must be %s, not %s", field, goKind(te.Type), jsonKind(got))
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return "the arguments are not valid JSON"
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return fmt.Sprintf("unknown argument %s", clipArg(name, maxQuoted))
	}
	return "the arguments could not be read"
}

// jsonKind names a JSON value kind as encoding/json's UnmarshalTypeError
// reports it ("bool", "number", …) for a message.
func jsonKind(v string) string {
	switch v {
	case "string":
		return "a string"
	case "number":
		return "a number"
	case "bool":
		return "a boolean"
	case "array":
		return "an array"
	case "object":
		return "an object"
	}
	return "null"
}

// goKind names the JSON kind a Go type decodes from.
func goKind(t reflect.Type) string {
	if t == nil {
		return "another kind of value"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "another kind of value"
}

type sourceArgs struct {
	Source *string `json:"source"`
	Format string  `json:"format,omitempty"`
	// Level picks one storey of a multi-storey plan (compile only).
	Level *int `json:"level,omitempty"`
}

func (a sourceArgs) check(tool string) *mcp.CallToolResult {
	if a.Source == nil {
		return textResult(Refusal(invalid("%s needs a \"source\" argument: the .arch program as a string", tool)), true)
	}
	return nil
}

// sourceField is the "source" argument every plan-reading tool takes;
// embedding it in a tool's argument struct makes the struct a withSource.
type sourceField struct {
	Source *string `json:"source"`
}

func (f sourceField) source() *string { return f.Source }

// sourceOnlySchema is the input schema of a tool that takes nothing but
// source.
var sourceOnlySchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "source": {"type": "string", "description": "The whole .arch program, starting with plan \"Name\" {"}
  },
  "required": ["source"],
  "additionalProperties": false
}`)

// sourceOnly are the arguments of a tool that takes nothing but source.
type sourceOnly struct{ sourceField }

// withSource is an argument struct that carries the plan's source.
type withSource interface{ source() *string }

// sourceTool is the handler of a tool that reads one plan: it checks the
// argument cap, decodes the arguments into A (unknown ones are refused),
// refuses a call without source, then lets run answer with the source's
// bytes. ctx carries the request and the compute deadline; run passes it
// to the core as its options' Ctx.
func sourceTool[A withSource](t *tools, name string, run func(ctx context.Context, a A, src []byte) *mcp.CallToolResult) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var a A
		if r := t.args(req, &a); r != nil {
			return r, nil
		}
		src := a.source()
		if r := (sourceArgs{Source: src}).check(name); r != nil {
			return r, nil
		}
		return run(ctx, a, []byte(*src)), nil
	}
}

// world is the import world every tool of this server reads modules from.
func (t *tools) world() compile.World { return t.compileOptions().World }

// compileArgs are the compile tool's arguments. PlanJSON stays raw: a
// present plan_json (even null) is what the tool compiles, and the core
// reports its shape problems as E_JSON_SCHEMA findings.
type compileArgs struct {
	Source     *string         `json:"source"`
	PlanJSON   json.RawMessage `json:"plan_json,omitempty"`
	Format     string          `json:"format,omitempty"`
	Level      *int            `json:"level,omitempty"`
	Accessible bool            `json:"accessible,omitempty"`
	Overlay    string          `json:"overlay,omitempty"`
}

func (t *tools) compile(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a compileArgs
	if r := t.args(req, &a); r != nil {
		return r, nil
	}
	if a.Source == nil && a.PlanJSON == nil {
		return textResult(Refusal(invalid("compile needs a \"source\" argument (the .arch program as a string) or a \"plan_json\" argument (the plan as a Plan JSON object)")), true), nil
	}
	opts := t.compileOptions()
	opts.Ctx = ctx
	opts.Accessible = a.Accessible
	opts.Overlay = a.Overlay
	switch a.Format {
	case "", "svg":
	case "txt":
		opts.Format = "txt"
	case "png":
		opts.Format = "png"
	default:
		return textResult(Refusal(invalid("format must be \"svg\", \"txt\" or \"png\", not %q", a.Format)), true), nil
	}
	var res compile.Result
	if a.PlanJSON != nil {
		jr := compile.CompilePlanJSON(a.PlanJSON, opts)
		if jr.Refused {
			// A refused document has no format and no drawing, as in the reference.
			r := jsonResult(jr.Response(), true)
			if t.opts.ViewerURI != "" {
				r.Meta = viewerMeta(t.opts.ViewerURI)
			}
			return r, nil
		}
		res = jr.Result
	} else {
		res = compile.Compile([]byte(*a.Source), opts)
	}
	var r *mcp.CallToolResult
	var images []string // base64 PNGs to show as image blocks
	if a.Level != nil && res.OK {
		le, _ := res.LevelEnvelope(*a.Level)
		r = jsonResult(le, !le.OK)
		if le.OK {
			images = []string{le.Output}
		}
	} else {
		env := res.Envelope()
		r = jsonResult(env, !env.OK)
		if env.OK {
			images = []string{env.Output}
			if len(env.Pages) > 0 {
				images = images[:0]
				for _, p := range env.Pages {
					images = append(images, p.Output)
				}
			}
		}
	}
	if opts.Format == "png" {
		r.Content = append(r.Content, pngBlocks(images)...)
	}
	if t.opts.ViewerURI != "" {
		r.Meta = viewerMeta(t.opts.ViewerURI)
	}
	return r, nil
}

// pngBlocks turns base64 PNGs into MCP image content blocks, skipping any
// that does not decode (the core writes only valid base64).
func pngBlocks(images []string) []mcp.Content {
	var out []mcp.Content
	for _, s := range images {
		b, err := base64.StdEncoding.DecodeString(s)
		if err != nil || len(b) == 0 {
			continue
		}
		out = append(out, &mcp.ImageContent{Data: b, MIMEType: "image/png"})
	}
	return out
}

// compileOptions are the options every compile of this server uses.
func (t *tools) compileOptions() compile.Options {
	o := compile.Options{Format: "svg", Cache: t.opts.Cache}
	if t.opts.Imports != nil {
		o.World = compile.FSWorld(t.opts.Imports)
	}
	return o
}

// byteSize writes n as KiB or MiB when it is a whole number of them.
func byteSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// LinkResult is link's JSON result.
type LinkResult struct {
	OK           bool   `json:"ok"`
	URL          string `json:"url"`
	Payload      string `json:"payload"`
	SVGURL       string `json:"svg_url,omitempty"`
	PinnedSVGURL string `json:"pinned_svg_url,omitempty"`
	// PNGURL and PinnedPNGURL are the same drawing as PNG images, when the
	// server has a PNG route and the URLs fit the same bound.
	PNGURL       string `json:"png_url,omitempty"`
	PinnedPNGURL string `json:"pinned_png_url,omitempty"`
	// SVGURLOmitted says why svg_url or pinned_svg_url is missing when the
	// server knows its address but an image URL would be longer than it
	// accepts.
	SVGURLOmitted string `json:"svg_url_omitted,omitempty"`
	RenderVersion string `json:"render_version"`
}

// Link builds link's result for src, with the image routes at their default
// paths at the root of origin ("https://host"), which may be "" when the
// server's own address is unknown.
func Link(playgroundURL, origin string, src []byte) LinkResult {
	return LinkWithin(playgroundURL, routes.Base{Origin: origin, Table: routes.Default()}, 0, src)
}

// LinkWithin is Link with the image routes where base places them and a
// bound on the image URLs: one longer than maxURL bytes (the server would
// refuse its request line) is left out and svg_url_omitted says why.
// maxURL <= 0 means no bound. With no base.Origin there are no image URLs.
func LinkWithin(playgroundURL string, base routes.Base, maxURL int, src []byte) LinkResult {
	p := payload.Encode(src)
	rv := core.RenderVersion()
	r := LinkResult{OK: true, URL: playgroundURL + "/#z=" + p, Payload: p, RenderVersion: rv}
	if base.Origin == "" {
		return r
	}
	svg, pinned := base.Image(routes.SVG, p), base.Pinned(routes.SVG, rv, p)
	if maxURL <= 0 || len(svg) <= maxURL {
		r.SVGURL = svg
	}
	if maxURL <= 0 || len(pinned) <= maxURL {
		r.PinnedSVGURL = pinned
	}
	if base.Table.ImagePath(routes.PNG) != "" {
		png, pinnedPNG := base.Image(routes.PNG, p), base.Pinned(routes.PNG, rv, p)
		if maxURL <= 0 || len(png) <= maxURL {
			r.PNGURL = png
		}
		if maxURL <= 0 || len(pinnedPNG) <= maxURL {
			r.PinnedPNGURL = pinnedPNG
		}
	}
	if r.SVGURL == "" || r.PinnedSVGURL == "" {
		r.SVGURLOmitted = fmt.Sprintf("the image URL would be %d bytes, longer than the %d bytes this server accepts in a request; "+
			"share url (the playground link, whose plan rides after #) or call compile for the drawing", len(pinned), maxURL)
		if r.SVGURL == "" {
			r.SVGURLOmitted = fmt.Sprintf("the image URLs would be %d bytes, longer than the %d bytes this server accepts in a request; "+
				"share url (the playground link, whose plan rides after #) or call compile for the drawing", len(svg), maxURL)
		}
	}
	return r
}

type urlLimitKey struct{}

// WithURLLimit returns ctx carrying the longest image URL, in bytes, that
// the server serving the request accepts; link leaves out longer ones.
func WithURLLimit(ctx context.Context, n int) context.Context {
	return context.WithValue(ctx, urlLimitKey{}, n)
}

// URLLimitFrom returns the limit WithURLLimit stored, or 0 (no limit).
func URLLimitFrom(ctx context.Context) int {
	n, _ := ctx.Value(urlLimitKey{}).(int)
	return n
}

func (t *tools) link(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a sourceArgs
	if r := t.args(req, &a); r != nil {
		return r, nil
	}
	if r := a.check("link"); r != nil {
		return r, nil
	}
	if a.Format != "" {
		return textResult(Refusal(invalid("link takes only a \"source\" argument")), true), nil
	}
	return jsonResult(LinkWithin(t.opts.PlaygroundURL, ImageRoutesFrom(ctx), URLLimitFrom(ctx), []byte(*a.Source)), false), nil
}

func (t *tools) readMe(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a struct{}
	if r := t.args(req, &a); r != nil {
		return r, nil
	}
	// The text is the guide's Markdown; the structured answer wraps it.
	r := textResult([]byte(t.opts.Guide), false)
	r.StructuredContent = guideResult{OK: true, Guide: t.opts.Guide}
	return r, nil
}

const fallbackGuide = `# ArchLang on MCP

ArchLang describes floor plans as code. A plan is one program:

    plan "Cabin" {
      wall id=shell exterior thickness 200 { (0,0) (4000,0) (4000,3000) (0,3000) close }
      room id=main at (0,0) size 4000x3000 label "Cabin" uses living
      door id=d on shell at 50% width 900 swing in
    }

Coordinates and sizes are millimetres.

Tools: compile (source or plan_json → {ok, format, output, diagnostics}; fix the errors it lists and
compile again), describe (the plan's rooms, areas, doors, windows and access as data), lint (advisory
W_ findings), validate (compile errors + lint as a gate; strict, graph and intent checks), score (how
much of a brief the plan meets), fix (apply the machine-applicable edits the diagnostics carry),
repair (move furniture out of walls and doorways), finish (fix, repair and validate in one call),
suggest (candidate doors and windows), complete (names in scope at a byte offset), link (a playground URL and /svg/ and /png/ image URLs), read_me (this page).

Limits: every tool argument is capped (64 KiB by default) and requests are rate limited per address;
a refusal is a normal result with ok:false and the code E_INPUT_TOO_LARGE or E_RATE_LIMITED.

Privacy: nothing logs a request body or a source. An image URL carries the plan in its path, so it
reaches the server; a playground link carries it after #, which browsers never send.
`
