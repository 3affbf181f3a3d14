package compile

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/internal/golden"
)

// goldenDiag is the machine-readable part of a diagnostic: what must match
// the reference exactly (the prose of messages and fix titles is ours).
type goldenDiag struct {
	Code     string      `json:"code"`
	Severity string      `json:"severity"`
	Line     int         `json:"line,omitempty"`
	Col      int         `json:"col,omitempty"`
	Span     *[2]int     `json:"span,omitempty"`
	Level    *int        `json:"level,omitempty"`
	Fixes    []goldenFix `json:"fixes,omitempty"`
}

type goldenFix struct {
	FixID         string       `json:"fixId"`
	Applicability string       `json:"applicability"`
	Edits         []goldenEdit `json:"edits"`
}

type goldenEdit struct {
	Span    [2]int `json:"span"`
	NewText string `json:"newText"`
}

// goldenText renders a result in the golden format: one diagnostic a line.
func goldenText(r Result) string {
	var b strings.Builder
	b.WriteString(`{"ok":`)
	if r.OK {
		b.WriteString("true")
	} else {
		b.WriteString("false")
	}
	b.WriteString(`,"diagnostics":[`)
	env := r.Envelope()
	for i, d := range env.Diagnostics {
		if i == 0 {
			b.WriteString("\n")
		}
		g := goldenDiag{Code: d.Code, Severity: d.Severity, Line: d.Line, Col: d.Col, Span: d.Span, Level: d.Level}
		for _, f := range d.Fixes {
			gf := goldenFix{FixID: f.FixID, Applicability: f.Applicability}
			for _, e := range f.Edits {
				gf.Edits = append(gf.Edits, goldenEdit{Span: e.Span, NewText: e.NewText})
			}
			g.Fixes = append(g.Fixes, gf)
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(g)
		b.WriteString(strings.TrimSuffix(buf.String(), "\n"))
		if i < len(env.Diagnostics)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("]}\n")
	return b.String()
}

// TestDiagnosticsGolden compiles every plan under testdata/diag and checks
// ok and each diagnostic's code, severity, line, col, span and fix edits
// against the golden file, which was taken from the reference compiler.
func TestDiagnosticsGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "diag", "*.arch"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test plans: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".arch")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got := goldenText(Compile(src, Options{}))
			gf := strings.TrimSuffix(f, ".arch") + ".golden.json"
			if golden.Update() {
				if err := os.WriteFile(gf, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(gf)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("diagnostics differ\n--- got\n%s--- want\n%s", got, want)
			}
		})
	}
}

// TestCases pins single diagnostics of small inline plans.
func TestCases(t *testing.T) {
	const shell = "  wall id=w exterior thickness 200 { (0,0) (5000,0) (5000,4000) (0,4000) close }\n"
	tests := []struct {
		name string
		src  string
		ok   bool
		code string
		line int
		col  int
		span [2]int
	}{
		{"off-wall window", "plan \"A\" {\n" + shell + "  window at (2500,-400) width 1200\n}\n", true, "W_WINDOW_OFF_WALL", 3, 3, [2]int{94, 126}},
		{"room size", "plan \"A\" {\n  room at (0,0) size 0x10\n}\n", false, "E_ROOM_SIZE", 2, 3, [2]int{13, 36}},
		{"attach range", "plan \"A\" {\n" + shell + "  door on w at 120% width 900\n}\n", false, "E_ATTACH_POS_RANGE", 3, 8, [2]int{99, 111}},
		{"unknown attach wall", "plan \"A\" {\n" + shell + "  window on nope at 10% width 900\n}\n", false, "E_ATTACH_WALL_REF", 3, 10, [2]int{101, 115}},
		{"layout ref", "plan \"A\" {\n  room id=b below nope size 10x10\n}\n", false, "E_LAYOUT_REF", 2, 3, [2]int{13, 44}},
		{"furniture room", "plan \"A\" {\n  furniture bed at (0,0) size 10x10 in nope\n}\n", false, "E_FURN_ROOM", 2, 3, [2]int{13, 54}},
		{"rotate", "plan \"A\" {\n  furniture bed at (0,0) size 10x10 rotate 45\n}\n", false, "E_FURN_ROTATE", 2, 3, [2]int{13, 56}},
		{"dim no wall", "plan \"A\" {\n" + shell + "  dim faces (0,9000)->(5000,9000) offset 600\n}\n", true, "W_DIM_NO_WALL", 3, 3, [2]int{94, 136}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Compile([]byte(tc.src), Options{})
			if r.OK != tc.ok {
				t.Errorf("ok = %v, want %v", r.OK, tc.ok)
			}
			env := r.Envelope()
			for _, d := range env.Diagnostics {
				if d.Code != tc.code {
					continue
				}
				if d.Line != tc.line || d.Col != tc.col || d.Span == nil || *d.Span != tc.span {
					t.Errorf("%s at %d:%d %v, want %d:%d %v", d.Code, d.Line, d.Col, d.Span, tc.line, tc.col, tc.span)
				}
				return
			}
			t.Errorf("no %s in %+v", tc.code, env.Diagnostics)
		})
	}
}

// TestPNG checks that format png draws the plan as a PNG (standard
// base64 in Output) at the asked width, the same bytes every time and
// through the cache, and that a plan with errors gets no output.
func TestPNG(t *testing.T) {
	src := []byte("plan \"A\" {\n  wall exterior thickness 200 { (0,0) (3000,0) (3000,3000) (0,3000) close }\n  room at (0,0) size 3000x3000 label \"R\"\n}\n")
	r := Compile(src, Options{Format: "png", Width: 320})
	if !r.OK || r.Format != "png" {
		t.Fatalf("png: ok=%v format=%q diagnostics=%v", r.OK, r.Format, r.Diagnostics)
	}
	b, err := base64.StdEncoding.DecodeString(r.Output)
	if err != nil {
		t.Fatalf("output is not base64: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("output is not a PNG: %v", err)
	}
	if w := img.Bounds().Dx(); w != 320 {
		t.Errorf("width %d, want 320", w)
	}
	if again := Compile(src, Options{Format: "png", Width: 320}); again.Output != r.Output {
		t.Error("two compiles gave different PNGs")
	}
	c := NewCache(1 << 20)
	for range 2 {
		if cached := Compile(src, Options{Format: "png", Width: 320, Cache: c}); cached.Output != r.Output {
			t.Error("a cached compile gave a different PNG")
		}
	}
	if other := Compile(src, Options{Format: "png", Width: 200, Cache: c}); other.Output == r.Output {
		t.Error("the cache gave the 320-pixel PNG for width 200")
	}
	bad := Compile([]byte("plan \"A\" {\n  room at (0,0) size\n}\n"), Options{Format: "png"})
	if bad.OK || bad.Output != "" || !bad.Diagnostics.HasErrors() {
		t.Errorf("a plan with errors: ok=%v output=%d bytes", bad.OK, len(bad.Output))
	}
}

// TestOutput checks the result rules: output only when ok, SVG for every
// other format name, and determinism.
func TestOutput(t *testing.T) {
	src := []byte("plan \"A\" {\n  wall exterior thickness 200 { (0,0) (3000,0) (3000,3000) (0,3000) close }\n  room at (0,0) size 3000x3000 label \"R\"\n}\n")
	for _, format := range []string{"", "svg", "dxf", "whatever"} {
		r := Compile(src, Options{Format: format})
		if !r.OK || !strings.HasPrefix(r.Output, "<svg") {
			t.Errorf("format %q: ok=%v output starts %.20q", format, r.OK, r.Output)
		}
		if r2 := Compile(src, Options{Format: format}); r2.Output != r.Output {
			t.Errorf("format %q: output is not deterministic", format)
		}
	}
	bad := Compile([]byte("plan \"A\" {\n  room at (0,0) size 0x10\n}\n"), Options{})
	if bad.OK || bad.Output != "" {
		t.Errorf("failed compile: ok=%v output=%d bytes", bad.OK, len(bad.Output))
	}
}
