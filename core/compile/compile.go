// Package compile is the facade of the ArchLang core: the only API that
// hosts (the MCP adapter, the /svg route) call. It runs the stages in order,
// syntax → expand → resolve → render, and returns a result whose diagnostics
// are data.
package compile

import (
	"context"
	"encoding/base64"
	"errors"
	"strconv"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/heal"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/render/raster"
	"github.com/archlang-go/caddy-archlang/core/render/svg"
	"github.com/archlang-go/caddy-archlang/core/render/txt"
	"github.com/archlang-go/caddy-archlang/core/resolve"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// Options tune a compile.
type Options struct {
	// Ctx, when set, stops the work early once it is done (a client that
	// went away, a deadline): the result is then incomplete, and a caller
	// that sees Ctx.Err() != nil must discard it. nil never stops.
	Ctx context.Context
	// Format is the output format; "" means SVG. "txt" draws the plan as
	// text (core/render/txt). "png" rasterises the SVG (core/render/raster)
	// and the output is the PNG's bytes in standard base64; every other
	// value yields SVG, as the reference tool does.
	Format string
	// Width is the width in pixels of a "png" drawing; 0 means
	// raster.DefaultWidth, and raster.Size bounds it (raster.MaxWidth,
	// raster.MaxPixels). Other formats ignore it.
	Width int
	// Name is the file name used for the source (default "plan.arch").
	Name string
	// Accessible adds the accessible title and description to the SVG.
	Accessible bool
	// Overlay names an opt-in diagnostic layer drawn over an SVG or PNG
	// drawing: "circulation" (see OverlayCirculation); any other value
	// draws the plain plan.
	Overlay string
	// Cache, when set, keeps the result with the plan's other analyses
	// (see Cache), so compiling the same source again draws nothing.
	Cache *Cache
	// World resolves `import` statements; nil means every import is
	// reported as not found (E_IMPORT_NOT_FOUND). The hosted server passes
	// its bundled standard library (resources/lib).
	World expand.World
}

// Result is the outcome of a compile.
type Result struct {
	OK          bool
	Format      string
	Output      string // the drawing; "" when OK is false
	Diagnostics diag.List
	File        *source.File
	Plan        *ir.Plan // nil when the source did not resolve
	// Pages holds one drawing per storey of a multi-storey plan, lowest
	// first; Output is then the first page's drawing.
	Pages []Page
}

// Page is the drawing of one storey.
type Page struct {
	Level  int    `json:"level"`
	Name   string `json:"name,omitempty"`
	Output string `json:"output"`
}

// Envelope is the wire shape of a compile result, exactly as the reference
// tool returns it: {ok, format, output?, diagnostics}.
type Envelope struct {
	OK          bool        `json:"ok"`
	Format      string      `json:"format"`
	Output      string      `json:"output,omitempty"`
	Pages       []Page      `json:"pages,omitempty"`
	Diagnostics []diag.JSON `json:"diagnostics"`
}

// Envelope converts r for the wire.
func (r Result) Envelope() Envelope {
	return Envelope{OK: r.OK, Format: r.Format, Output: r.Output, Pages: r.Pages, Diagnostics: diag.ListToJSON(r.File, r.Diagnostics)}
}

// defaultName is the file name a source goes by when the caller gives
// none.
const defaultName = "plan.arch"

// sourceName is name, or defaultName when it is empty.
func sourceName(name string) string {
	if name == "" {
		return defaultName
	}
	return name
}

// Compile compiles src. It is safe for concurrent use and deterministic:
// the same source and options give byte-identical output.
func Compile(src []byte, opts Options) Result {
	name := sourceName(opts.Name)
	format := opts.Format
	if format == "" {
		format = "svg"
	}
	f := source.NewFile(name, src)
	res := Result{Format: format, File: f}
	if opts.Cache != nil {
		e := opts.Cache.lookup(name, src, opts.World, false, opts.Ctx)
		key := format
		if opts.Accessible {
			key += "+accessible"
		}
		if overlayOn(opts) {
			key += "+overlay=" + opts.Overlay
		}
		if format == "png" {
			key += "@" + strconv.Itoa(raster.Width(opts.Width))
		}
		return e.compiled(key, opts.Ctx, func() Result {
			return draw(Result{Format: format, File: e.file}, e.plan, e.diags, opts)
		})
	}
	plan, diags := resolveWith(f, opts.World, stopFunc(opts.Ctx))
	return draw(res, plan, diags, opts)
}

// draw finishes a compile of a resolved plan: the drawing of every storey
// when the plan has no errors.
func draw(res Result, plan *ir.Plan, diags diag.List, opts Options) Result {
	format := res.Format
	res.Diagnostics = diags
	res.Plan = plan
	if diags.HasErrors() || plan == nil {
		return res
	}
	res.OK = true
	tooComplex := false // a PNG ran out of its work budget
	drawn := 0          // the bytes of the drawings a PNG compile rasterised
	render := func(p *ir.Plan) string { return svg.RenderString(p, svgOptions(p, opts)) }
	switch format {
	case "txt":
		render = txt.Render
	case "png":
		// The storeys' PNGs share one work budget, so a plan of hundreds
		// of storeys is not hundreds of budgets.
		budget := min(raster.WorkFor(opts.Width)*int64(min(max(1, len(plan.Pages)), pngBudgetPages)), maxPNGCompileWork)
		render = func(p *ir.Plan) string {
			if tooComplex || drawn > MaxOutputBytes {
				return "" // refused below: the other storeys are not drawn
			}
			drawing := svg.Render(p, svgOptions(p, opts))
			// A drawing over the size cap is refused below whatever its
			// PNG would weigh: it is not rasterised first.
			if drawn += len(drawing); drawn > MaxOutputBytes {
				return ""
			}
			png, err := pngOf(drawing, opts, &budget)
			if errors.Is(err, raster.ErrTooComplex) {
				tooComplex = true
			}
			return png
		}
	}
	if len(plan.Pages) == 0 {
		// A multi-storey plan's output is its first page's drawing (below):
		// the whole plan is not drawn only to be replaced.
		res.Output = render(plan)
	}
	for _, pg := range plan.Pages {
		p := Page{Output: render(pg)}
		if pg.Level != nil {
			p.Level, _ = strconv.Atoi(pg.Level.Number)
			p.Name = pg.Level.Name
		}
		res.Pages = append(res.Pages, p)
	}
	if len(res.Pages) > 0 {
		res.Output = res.Pages[0].Output
	}
	if tooComplex {
		d := PNGTooComplex()
		res.OK, res.Output, res.Pages = false, "", nil
		res.Diagnostics = append(append(diag.List{}, res.Diagnostics...), d)
		return res
	}
	size := len(res.Output)
	for _, p := range res.Pages[min(1, len(res.Pages)):] {
		size += len(p.Output)
	}
	size = max(size, drawn)
	if size > MaxOutputBytes {
		// A plan within the source cap can still be made to draw tens of
		// megabytes (thousands of curved walls from a loop): refuse it
		// rather than send it.
		d := diag.New(diag.ErrRangeLimit, source.Span{}, "the drawing would be %d bytes, over this server's limit of %d bytes; draw fewer or simpler elements, or split the plan", size, MaxOutputBytes)
		d.Unplaced = true
		res.OK, res.Output, res.Pages = false, "", nil
		res.Diagnostics = append(append(diag.List{}, res.Diagnostics...), d)
	}
	return res
}

// DefaultPNGWidth is the width in pixels of a "png" compile that asks for
// none (Options.Width 0).
const DefaultPNGWidth = raster.DefaultWidth

// MaxPNGWidth is the widest PNG the rasteriser draws; a wider request is
// lowered to it.
const MaxPNGWidth = raster.MaxWidth

// PNGWidth is the width, in pixels, a PNG asked to be asked pixels wide is
// drawn at (0 asks for DefaultPNGWidth).
func PNGWidth(asked int) int { return raster.Width(asked) }

// RasterizeSVG draws an SVG this compiler wrote (a plan's drawing, or an
// ErrorDrawing) as a PNG width pixels wide. stop, when set, is polled and
// ends the work early, with an error.
func RasterizeSVG(svg []byte, width int, stop func() bool) ([]byte, error) {
	return rasterize(svg, width, stop, nil)
}

// rasterize is RasterizeSVG spending budget (nil: the image's own).
func rasterize(svg []byte, width int, stop func() bool, budget *int64) ([]byte, error) {
	return raster.PNG(svg, raster.Options{Width: width, Stop: stop, Budget: budget})
}

// pngOf rasterises a drawing within what budget has left and returns the
// PNG in standard base64, or "" and the error when the rasteriser ran out
// of budget (raster.ErrTooComplex), was stopped through opts.Ctx (the
// caller discards the result) or refused the drawing (which the SVG
// writer never makes).
func pngOf(drawing []byte, opts Options, budget *int64) (string, error) {
	b, err := rasterize(drawing, opts.Width, stopFunc(opts.Ctx), budget)
	if err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(b), nil
}

// PNGTooComplex is the E_RANGE_LIMIT refusal of a PNG that would take
// more than its work budget to paint (raster.ErrTooComplex).
func PNGTooComplex() diag.Diagnostic {
	d := diag.New(diag.ErrRangeLimit, source.Span{}, "the PNG would take more painting than this server allows (its elements overlap too often at this size); ask for a smaller width, draw fewer overlapping elements, or use the svg format")
	d.Unplaced = true
	return d
}

// IsPNGTooComplex reports whether err, from RasterizeSVG, is a drawing
// that ran out of its work budget (see PNGTooComplex).
func IsPNGTooComplex(err error) bool { return errors.Is(err, raster.ErrTooComplex) }

// pngBudgetPages is how many storeys' worth of work (raster.WorkFor the
// asked width) the PNGs of one compile share: a dozen storeys of an
// ordinary plan, and a bound of a few tenths of a second on the plans
// that ask for hundreds.
const pngBudgetPages = 4

// maxPNGCompileWork bounds the shared budget at the largest widths, where
// four images' worth would be over a second of painting: a plan of
// hundreds of storeys drawn 4096 pixels wide is refused after two
// images' worth of work.
const maxPNGCompileWork = 2 * raster.MaxWork

// MaxOutputBytes caps the size of one compile's drawing (every storey's
// together): past it the compile is refused with E_RANGE_LIMIT. No
// realistic plan comes near it (a 64 KiB plan of 400 furnished rooms
// draws about 330 KB).
const MaxOutputBytes = 16 << 20

// Resolve runs the front end (parse, expand, resolve) on f and returns the
// resolved plan with every diagnostic, in the reference's stage order:
// syntax errors, then scripting errors, then resolve findings.
func Resolve(f *source.File) (*ir.Plan, diag.List) { return resolveWith(f, nil, nil) }

// resolveWith is Resolve with imports resolved through world.
func resolveWith(f *source.File, world expand.World, stop func() bool) (*ir.Plan, diag.List) {
	file, pd := syntax.Parse(f)
	x, xd := expand.Expand(file, expand.Options{World: world, Stop: stop})
	plan, diags := resolve.Resolve(resolve.Input{File: f, Syntax: file, Expanded: x, ParseDiags: pd, ExpandDiags: xd})
	// The plan holds nothing of the expanded items or of the syntax tree
	// (the items point into the tree, so they go first): their memory
	// serves the next parse and expansion.
	x.Release()
	file.Release()
	// The server's own fixes for errors found after parsing (the parser
	// attaches its own): only a plan with errors pays for them.
	if diags.HasErrors() {
		diags = heal.Attach(f, diags)
	}
	return plan, diags
}

// LevelEnvelope is the wire shape of a compile that asked for one storey:
// {ok, format, level?, output?, error?, levels, diagnostics}.
type LevelEnvelope struct {
	OK          bool        `json:"ok"`
	Format      string      `json:"format"`
	Error       string      `json:"error,omitempty"`
	Level       *int        `json:"level,omitempty"`
	Output      string      `json:"output,omitempty"`
	Levels      []int       `json:"levels"`
	Diagnostics []diag.JSON `json:"diagnostics"`
}

// LevelEnvelope picks storey n of a compiled plan. A failed compile keeps
// the plain envelope's shape; a plan without storey n answers ok:false with
// the storeys it has.
func (r Result) LevelEnvelope(n int) (LevelEnvelope, bool) {
	if !r.OK {
		return LevelEnvelope{}, false
	}
	e := LevelEnvelope{Format: r.Format, Levels: []int{}, Diagnostics: diag.ListToJSON(r.File, r.Diagnostics)}
	for _, p := range r.Pages {
		e.Levels = append(e.Levels, p.Level)
	}
	for _, p := range r.Pages {
		if p.Level == n {
			e.OK, e.Level, e.Output = true, &n, p.Output
			return e, true
		}
	}
	e.Error = "this plan has no level " + strconv.Itoa(n)
	return e, true
}
