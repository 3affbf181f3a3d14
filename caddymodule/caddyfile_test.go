package caddymodule

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/archlang-go/caddy-archlang/internal/golden"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/caddyconfig"
	"github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"
	_ "github.com/caddyserver/caddy/v2/caddyconfig/httpcaddyfile" // the caddyfile adapter
	"github.com/caddyserver/caddy/v2/caddytest"
	_ "github.com/caddyserver/caddy/v2/modules/standard"
)

func TestUnmarshalCaddyfile(t *testing.T) {
	tests := []struct {
		name    string
		input   string
		want    Handler
		wantErr string
	}{
		{name: "bare", input: `archlang_mcp`, want: Handler{}},
		{name: "empty block", input: `archlang_mcp {
		}`, want: Handler{}},
		{name: "all", input: `archlang_mcp {
			mcp_path /rpc
			max_body 512KiB
			max_argument 32KB
			max_inflated 1MiB
			playground_url https://play.example.org
			svg_cache_size 8MiB
			disable_localhost_protection
		}`, want: Handler{MCPPath: "/rpc", MaxBody: 512 << 10, MaxArgument: 32000, MaxInflated: 1 << 20,
			PlaygroundURL: "https://play.example.org", SVGCacheSize: 8 << 20, DisableLocalhostProtection: true}},
		{name: "routes", input: "archlang_mcp {\n mcp_path /archlang/mcp\n svg_path /archlang/svg/\n pin_path /archlang/v/\n}",
			want: Handler{MCPPath: "/archlang/mcp", SVGPath: "/archlang/svg/", PinPath: "/archlang/v/"}},
		{name: "png", input: "archlang_mcp {\n png_path /images/png/\n png_width 800\n png_max_width 1600\n}",
			want: Handler{PNGPath: "/images/png/", PNGWidth: 800, PNGMaxWidth: 1600}},
		{name: "bad png width", input: "archlang_mcp {\n png_width wide\n}", wantErr: `png_width must be a positive whole number of pixels, got "wide"`},
		{name: "zero png max width", input: "archlang_mcp {\n png_max_width 0\n}", wantErr: "png_max_width must be a positive whole number"},
		{name: "svg_path twice", input: "archlang_mcp {\n svg_path /a/\n svg_path /b/\n}", wantErr: "duplicate subdirective svg_path"},
		{name: "pin_path without value", input: "archlang_mcp {\n pin_path\n}", wantErr: "wrong argument count"},
		{name: "plain bytes", input: "archlang_mcp {\n max_body 1000\n}", want: Handler{MaxBody: 1000}},
		{name: "compute bounds", input: "archlang_mcp {\n compute_timeout 5s\n max_concurrent 3\n queue_timeout 500ms\n max_svg_url 100KiB\n}",
			want: Handler{ComputeTimeout: caddy.Duration(5 * time.Second), MaxConcurrent: 3, QueueTimeout: caddy.Duration(500 * time.Millisecond), MaxSVGURL: 100 << 10}},
		{name: "day duration", input: "archlang_mcp {\n compute_timeout 1d\n}", want: Handler{ComputeTimeout: caddy.Duration(24 * time.Hour)}},
		{name: "bad duration", input: "archlang_mcp {\n compute_timeout soon\n}", wantErr: `parsing compute_timeout duration "soon"`},
		{name: "zero duration", input: "archlang_mcp {\n queue_timeout 0s\n}", wantErr: "queue_timeout must be a positive duration"},
		{name: "bad count", input: "archlang_mcp {\n max_concurrent many\n}", wantErr: `max_concurrent must be a positive whole number, got "many"`},
		{name: "zero count", input: "archlang_mcp {\n max_concurrent 0\n}", wantErr: "max_concurrent must be a positive whole number"},
		{name: "argument on directive", input: `archlang_mcp /mcp`, wantErr: "wrong argument count"},
		{name: "unknown subdirective", input: "archlang_mcp {\n max_bodies 1MiB\n}", wantErr: `unrecognized archlang_mcp subdirective "max_bodies"`},
		{name: "missing size", input: "archlang_mcp {\n max_body\n}", wantErr: "wrong argument count"},
		{name: "two sizes", input: "archlang_mcp {\n max_body 1MiB 2MiB\n}", wantErr: "wrong argument count"},
		{name: "bad size", input: "archlang_mcp {\n max_inflated lots\n}", wantErr: `parsing max_inflated size "lots"`},
		{name: "zero size", input: "archlang_mcp {\n svg_cache_size 0\n}", wantErr: "svg_cache_size must be a positive size"},
		{name: "negative size", input: "archlang_mcp {\n max_argument -5\n}", wantErr: "parsing max_argument size"},
		{name: "duplicate", input: "archlang_mcp {\n max_body 1MiB\n max_body 2MiB\n}", wantErr: "duplicate subdirective max_body"},
		{name: "flag with argument", input: "archlang_mcp {\n disable_localhost_protection yes\n}", wantErr: "wrong argument count"},
		{name: "nested block", input: "archlang_mcp {\n mcp_path /x {\n }\n}", wantErr: `subdirective "{"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var h Handler
			err := h.UnmarshalCaddyfile(caddyfile.NewTestDispenser(tt.input))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error = %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			gj, _ := json.Marshal(&h)
			wj, _ := json.Marshal(&tt.want)
			if string(gj) != string(wj) {
				t.Errorf("got %s, want %s", gj, wj)
			}
		})
	}
}

// TestJSONRoundTrip checks the JSON field names (snake_case, omitted when
// zero) by decoding and re-encoding a full configuration.
func TestJSONRoundTrip(t *testing.T) {
	in := `{"mcp_path":"/rpc","svg_path":"/d/","pin_path":"/p/","max_body":1000,"max_argument":500,"max_inflated":2000,"playground_url":"https://p.example","svg_cache_size":4096,"disable_localhost_protection":true}`
	var h Handler
	dec := json.NewDecoder(strings.NewReader(in))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&h); err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(&h)
	if string(out) != in {
		t.Errorf("round trip:\n got %s\nwant %s", out, in)
	}
	zero, _ := json.Marshal(&Handler{})
	if string(zero) != "{}" {
		t.Errorf("zero value encodes as %s, want {}", zero)
	}
}

func TestValidate(t *testing.T) {
	base := func() Handler {
		return Handler{MCPPath: "/mcp", SVGPath: "/svg/", PinPath: "/v/", MaxBody: 100, MaxArgument: 50, MaxInflated: 10, SVGCacheSize: 10, PlaygroundURL: "https://p.example"}
	}
	tests := []struct {
		name    string
		mod     func(*Handler)
		wantErr string
	}{
		{"ok", func(*Handler) {}, ""},
		{"relative path", func(h *Handler) { h.MCPPath = "mcp" }, "must start with /"},
		{"mcp under svg", func(h *Handler) { h.MCPPath = "/svg/x" }, `mcp_path "/svg/x" is under svg_path "/svg/"`},
		{"mcp under pin", func(h *Handler) { h.MCPPath = "/v/mcp" }, `is under pin_path "/v/"`},
		{"svg no slash", func(h *Handler) { h.SVGPath = "/drawings" }, `svg_path "/drawings" must start and end with /`},
		{"pin root", func(h *Handler) { h.PinPath = "/" }, "pin_path"},
		{"svg under pin", func(h *Handler) { h.SVGPath = "/v/svg/" }, "overlap"},
		{"moved", func(h *Handler) { h.SVGPath, h.PinPath = "/drawings/", "/pinned/" }, ""},
		{"png under svg", func(h *Handler) { h.PNGPath = "/svg/png/" }, "overlap"},
		{"png width over max", func(h *Handler) { h.PNGWidth, h.PNGMaxWidth = 900, 800 }, "png_width (900 pixels) is larger than png_max_width (800 pixels)"},
		{"default png width over max", func(h *Handler) { h.PNGMaxWidth = 800 }, "png_width (1000 pixels)"},
		{"png max over the rasteriser", func(h *Handler) { h.PNGMaxWidth = 5000 }, "over the rasteriser's limit of 4096"},
		{"negative png width", func(h *Handler) { h.PNGWidth = -1 }, "must not be negative"},
		{"argument over body", func(h *Handler) { h.MaxArgument = 101 }, "larger than max_body"},
		{"negative", func(h *Handler) { h.MaxInflated = -1 }, "must not be negative"},
		{"bad playground", func(h *Handler) { h.PlaygroundURL = "playground.example" }, "absolute http(s) URL"},
		{"playground fragment", func(h *Handler) { h.PlaygroundURL = "https://p.example/#z=" }, "absolute http(s) URL"},
	}
	for _, tt := range tests {
		h := base()
		tt.mod(&h)
		err := h.Validate()
		if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("%s: Validate() = %v, want %q", tt.name, err, tt.wantErr)
		}
	}
}

// TestCaddyfileAdapt adapts every testdata/*.caddyfiletest (a Caddyfile, a
// line of dashes, the expected JSON) with the real Caddyfile adapter.
func TestCaddyfileAdapt(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.caddyfiletest")
	if len(files) == 0 {
		t.Fatal("no testdata/*.caddyfiletest")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			caddyfileText, want, ok := strings.Cut(string(b), "\n----------\n")
			if !ok {
				t.Fatalf("%s: no ---------- separator", f)
			}
			caddyfileText += "\n"
			want = strings.TrimSuffix(want, "\n")
			if golden.Update() {
				out, _, err := caddyconfig.GetAdapter("caddyfile").Adapt([]byte(caddyfileText), nil)
				if err != nil {
					t.Fatal(err)
				}
				var pretty json.RawMessage = out
				ind, _ := json.MarshalIndent(pretty, "", "\t")
				os.WriteFile(f, []byte(caddyfileText+"----------\n"+string(ind)+"\n"), 0o644)
				return
			}
			if !caddytest.CompareAdapt(t, f, caddyfileText, "caddyfile", want) {
				t.Errorf("adapted JSON differs (run with -update to accept)")
			}
		})
	}
}

func TestCaddyfileAdaptErrors(t *testing.T) {
	for _, in := range []string{
		":80 {\n archlang_mcp {\n  nope 1\n }\n}\n",
		":80 {\n archlang_mcp {\n  max_body huge\n }\n}\n",
	} {
		if _, _, err := caddyconfig.GetAdapter("caddyfile").Adapt([]byte(in), nil); err == nil {
			t.Errorf("adapting %q succeeded", in)
		}
	}
}

// FuzzUnmarshalCaddyfile: any token stream parses or errors, never panics,
// and a success never leaves a negative size.
func FuzzUnmarshalCaddyfile(f *testing.F) {
	f.Add("archlang_mcp {\n max_body 1MiB\n mcp_path /x\n}")
	f.Add("archlang_mcp {\n disable_localhost_protection\n svg_cache_size 1KB\n}")
	f.Add("archlang_mcp")
	f.Add("archlang_mcp {\n svg_path /d/\n pin_path /p/\n mcp_path /d\n}")
	f.Fuzz(func(t *testing.T, in string) {
		// NewTestDispenser exits the process on a lexer error, so lex here
		// and leave input that is not a Caddyfile at all to Caddy's lexer.
		tokens, err := caddyfile.Tokenize([]byte(in), "Caddyfile")
		if err != nil {
			return
		}
		var h Handler
		if err := h.UnmarshalCaddyfile(caddyfile.NewDispenser(tokens)); err == nil {
			if h.MaxBody < 0 || h.MaxArgument < 0 || h.MaxInflated < 0 || h.SVGCacheSize < 0 {
				t.Fatalf("negative size from %q: %+v", in, h)
			}
		}
	})
}
