package expand_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// mapWorld is an in-memory World.
type mapWorld map[string]string

func (w mapWorld) Read(p string) ([]byte, bool) {
	s, ok := w[p]
	return []byte(s), ok
}

var testWorld = mapWorld{
	"lib/fx.arch": `plan "fixtures" {
  units mm
  component wc(x, y) {
    furniture wc at (x, y) size 400x700
  }
  component basin(x, y) {
    furniture basin at (x, y) size 600x450
  }
}
`,
	"lib/fu.arch": `plan "furniture" {
  component bed(x, y) { furniture bed at (x, y) size 1600x2000 label "Bed" }
}
`,
	"lib/bad.arch": "plan \"bad\" {\n  component q( { }\n}\n",
	"lib/ns.arch": `plan "ns" {
  import "fx.arch": wc
  component pair(x) { wc(x, 0) part(x) }
  component part(x) { room at (x, 0) size 1000x1000 }
  part(0)
  part(5000)
}
`,
	"lib/broken.arch": `plan "broken" {
  units mm
  component bad() {
    room at (0,0) size
  }
  component good() {
    room at (0,0) size 1000x1000
  }
}
`,
	"lib/cyc1.arch": `plan "c1" {
  import "cyc2.arch": b
  component a() { b() }
}
`,
	"lib/cyc2.arch": `plan "c2" {
  import "cyc1.arch": a
  component b() { room at (0,0) size 1x1 }
}
`,
	"lib/empty.arch": "plan \"e\" {\n  units mm\n}\n",
	"lib/err.arch": `plan "e" {
  component e1(x) { room at (x, zz) size 1x1 }
  room at (0,0) size 0x1
  let q = 1/0
}
`,
	"lib/lets.arch": `plan "l" {
  let K = 5
  component k(x) { room at (x, K) size 1000x1000 label "{K}" }
  component k2() { k(1) }
  room id=top at (0,0) size 1000x1000
}
`,
	"wing.arch": `plan "Wing" {
  units mm
  wall id=shell exterior thickness 300 { (0,0) (9000,0) (9000,6000) (0,6000) close }
  room id=main at (0,0) size 9000x6000 label "Gallery"
}
`,
}

// noMessage drops the message (our own wording) and any hint other than a
// "did you mean" from a JSON diagnostic line.
var noMessage = regexp.MustCompile(`"message":"(?:[^"\\]|\\.)*",|,"hints":\["draw[^]]*\]`)

// TestImports checks import resolution against what the reference's
// command-line compiler reports for the same files: code, position, file
// and suggestions (messages are worded independently).
func TestImports(t *testing.T) {
	for _, tt := range []struct {
		body  string
		want  []string // JSON lines: code, message, line, col, span, file, hints
		items int
	}{
		{"import \"lib/fx.arch\": wc, nope\n  wc(0,0)", []string{
			`{"code":"E_IMPORT_NOT_EXPORTED","message":"Module \"lib/fx.arch\" has no exported component \"nope\"","line":2,"col":3,"span":[13,43]}`}, 1},
		{"import \"lib/fx.arch\": wc as toilet\n  toilet(0,0)\n  wc(0,0)", []string{
			`{"code":"E_UNKNOWN_COMPONENT","message":"Unknown component \"wc\"","line":4,"col":3,"span":[64,71]}`}, 1},
		{"import \"lib/fx.arch\": *\n  basin(0,0)", nil, 1},
		{"import \"lib/bad.arch\": q", []string{
			`{"code":"E_IMPORT_PARSE","message":"In module \"lib/bad.arch\": Expected ident but found \"{\"","line":2,"col":3,"span":[13,37]}`,
			`{"code":"E_IMPORT_NOT_EXPORTED","message":"Module \"lib/bad.arch\" has no exported component \"q\"","line":2,"col":3,"span":[13,37]}`}, 0},
		// A module with a parse error is used as recovered: the
		// components declared whole are still exported.
		{"import \"lib/broken.arch\": bad, good\n  good()\n  bad()\n  good()", []string{
			`{"code":"E_IMPORT_PARSE","message":"In module \"lib/broken.arch\": Expected a value but found \"}\"","line":2,"col":3,"span":[13,48]}`}, 2},
		{"import \"lib/broken.arch\": nope", []string{
			`{"code":"E_IMPORT_PARSE","message":"In module \"lib/broken.arch\": Expected a value but found \"}\"","line":2,"col":3,"span":[13,43]}`,
			`{"code":"E_IMPORT_NOT_EXPORTED","message":"Module \"lib/broken.arch\" has no exported component \"nope\"","line":2,"col":3,"span":[13,43]}`}, 0},
		// A component body calls in its caller's namespace, not its
		// module's: pair's wc and part are unknown to this plan ...
		{"import \"lib/ns.arch\": pair\n  pair(1)", []string{
			`{"code":"E_UNKNOWN_COMPONENT","message":"Unknown component \"wc\"","span":[57,65],"file":"lib/ns.arch"}`,
			`{"code":"E_UNKNOWN_COMPONENT","message":"Unknown component \"part\"","span":[66,73],"file":"lib/ns.arch","hints":["did you mean \"pair\"?"]}`}, 0},
		// ... unless the plan has them: a module re-exports its imports.
		{"import \"lib/ns.arch\": pair, wc, part\n  pair(1)", nil, 2},
		// A whole-file import runs in its module's namespace.
		{"import \"lib/ns.arch\" as whole\n  whole()", nil, 2},
		{"import \"lib/cyc1.arch\": a\n  a()", []string{
			`{"code":"E_IMPORT_CYCLE","message":"Cyclic import of module \"lib/cyc1.arch\"","line":2,"col":4,"span":[14,35]}`,
			`{"code":"E_UNKNOWN_COMPONENT","message":"Unknown component \"b\"","span":[54,57],"file":"lib/cyc1.arch","hints":["did you mean \"a\"?"]}`}, 0},
		{"import \"lib/empty.arch\" as e\n  place e() as x at (0,0)", []string{
			"{\"code\":\"W_IMPORT_EMPTY_FILE\",\"message\":\"Module \\\"lib/empty.arch\\\" has no top-level statements, so `import … as e` binds an empty component\",\"line\":2,\"col\":3,\"span\":[13,41],\"hints\":[\"draw in the module's plan body, or import a named `component` with `import \\\"…\\\": \\u003cname\\u003e`\"]}"}, 1},
		{"import \"lib/err.arch\": e1\n  e1(5)", []string{
			`{"code":"E_UNKNOWN_REF","message":"Unknown name \"zz\"","span":[43,45],"file":"lib/err.arch","hints":["did you mean \"x\"?"]}`}, 1},
		{"import \"lib/err.arch\" as w\n  place w() as x at (0,0)", []string{
			`{"code":"E_DIV_ZERO","message":"Division by zero","file":"lib/err.arch"}`}, 1},
		{"import \"lib/fx.arch\": wc\n  import \"lib/fu.arch\": bed as wc", []string{
			`{"code":"E_IMPORT_CONFLICT","message":"Imported name \"wc\" conflicts with an existing component","line":3,"col":3,"span":[40,71]}`}, 0},
		{"import \"lib/fx.arch\": wc\n  component wc(x,y) { }", []string{
			`{"code":"E_IMPORT_CONFLICT","message":"Imported name \"wc\" conflicts with an existing component","line":2,"col":3,"span":[13,37]}`}, 0},
		{"import \"wing.arch\" as wing\n  place wing() as west at (0,0)\n  wing()", nil, 3},
		{"import \"lib/nothere.arch\": wc", []string{
			`{"code":"E_IMPORT_NOT_FOUND","message":"Cannot resolve imported module \"lib/nothere.arch\"","line":2,"col":3,"span":[13,42]}`}, 0},
		{"let K = 7\n  import \"lib/lets.arch\": k\n  k(0)", nil, 1},
	} {
		t.Run(strings.SplitN(tt.body, "\n", 2)[0], func(t *testing.T) {
			src := "plan \"x\" {\n  " + tt.body + "\n}\n"
			f := source.NewFile("plan.arch", []byte(src))
			file, ds := syntax.Parse(f)
			res, eds := expand.Expand(file, expand.Options{World: testWorld, Path: "plan.arch"})
			all := append(ds, eds...)
			for _, it := range res.Items {
				all = append(all, it.Info().Diags()...)
				if inst, ok := it.(*expand.Instance); ok {
					for _, x := range inst.Items {
						all = append(all, x.Info().Diags()...)
					}
				}
			}
			var got []string
			for _, j := range diag.ListToJSON(f, all) {
				j.Severity, j.Fix = "", ""
				b, _ := json.Marshal(struct {
					Code    string   `json:"code"`
					Message string   `json:"message"`
					Line    int      `json:"line,omitzero"`
					Col     int      `json:"col,omitzero"`
					Span    *[2]int  `json:"span,omitempty"`
					File    string   `json:"file,omitempty"`
					Hints   []string `json:"hints,omitempty"`
				}{j.Code, j.Message, j.Line, j.Col, j.Span, j.File, j.Hints})
				got = append(got, string(b))
			}
			g := noMessage.ReplaceAllString(strings.Join(got, "\n"), "")
			w := noMessage.ReplaceAllString(strings.Join(tt.want, "\n"), "")
			if g != w {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if len(res.Items) != tt.items {
				t.Errorf("got %d items, want %d", len(res.Items), tt.items)
			}
		})
	}
}

func TestResolveImport(t *testing.T) {
	for _, tt := range [][3]string{
		{"", "./lib/x.arch", "lib/x.arch"}, {"", "lib/../lib/x.arch", "lib/x.arch"}, {"", "a//b.arch", "a/b.arch"},
		{"", "../../x.arch", "../../x.arch"}, {"", "", ""}, {"", "/etc/passwd", "etc/passwd"},
		{"", "http://x/y.arch", "http:/x/y.arch"}, {"lib/cyc1.arch", "cyc2.arch", "lib/cyc2.arch"},
	} {
		if got := expand.ResolveImport(tt[0], tt[1]); got != tt[2] {
			t.Errorf("ResolveImport(%q, %q) = %q, want %q", tt[0], tt[1], got, tt[2])
		}
	}
}

// TestPackagePath checks the reference's rule for package specs: the
// shape @namespace/name:major.minor.patch, and only the local namespace.
func TestPackagePath(t *testing.T) {
	for _, tt := range []struct {
		spec, path string
		bad        bool
	}{
		{spec: "@local/kit:1.0.0", path: "@local/kit/1.0.0/index.arch"},
		{spec: "@local/kit/x:1.2.3", path: "@local/kit/x/1.2.3/index.arch"},
		{spec: "@tools/kit", bad: true},
		{spec: "@tools/kit:1.0.0", bad: true},
		{spec: "@LOCAL/kit:1.0.0", bad: true},
		{spec: "@local/kit:1.0", bad: true},
		{spec: "@local/kit:1.0.0.0", bad: true},
		{spec: "@local/kit:v1.0.0", bad: true},
		{spec: "@local/kit:1.0.0-beta", bad: true},
		{spec: "@local/:1.0.0", bad: true},
		{spec: "@/kit:1.0.0", bad: true},
		{spec: "@local/k t:1.0.0", bad: true},
		{spec: "@local/kit:1.0.0:1.0.0", bad: true},
		{spec: "@a.b/kit:1.0.0", bad: true},
		{spec: "@", bad: true},
	} {
		p, problem := expand.PackagePath(tt.spec)
		if (problem != "") != tt.bad || p != tt.path {
			t.Errorf("PackagePath(%q) = %q, %q; want %q, refused %v", tt.spec, p, problem, tt.path, tt.bad)
		}
	}
}
