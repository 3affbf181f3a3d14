package integration

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/caddyserver/caddy/v2/caddytest"

	"github.com/archlang-go/caddy-archlang/core"
	"github.com/archlang-go/caddy-archlang/core/payload"
)

// routesConfig mounts the module three ways on a file_server site: under
// handle_path /archlang/*, with its routes moved under /api/, and (on a
// second server whose peers are not trusted) at the root. The server on
// 9080 trusts loopback peers as proxies; the one on 9084 trusts nobody.
func routesConfig(root string) string {
	return `
{
	skip_install_trust
	admin localhost:2999
	http_port 9080
	https_port 9443
	grace_period 1ns
	servers :9080 {
		trusted_proxies static 127.0.0.1/32 ::1/128
	}
}

http://localhost:9080 {
	root * ` + root + `
	handle_path /archlang/* {
		archlang_mcp
	}
	handle {
		archlang_mcp {
			mcp_path /api/mcp
			svg_path /api/svg/
			pin_path /api/v/
		}
		file_server
	}
}

http://localhost:9084 {
	archlang_mcp
	respond "untrusted"
}
`
}

// linkURLs calls link at mcpURL and returns its svg_url and pinned_svg_url.
func linkURLs(t *testing.T, tc *caddytest.Tester, mcpURL string, hdr map[string]string) (svg, pinned string) {
	t.Helper()
	res, body := post(t, tc, mcpURL, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"link","arguments":{"source":"plan \"R\" {}"}}}`, hdr)
	var env struct {
		Result struct {
			StructuredContent struct {
				SVGURL       string `json:"svg_url"`
				PinnedSVGURL string `json:"pinned_svg_url"`
			} `json:"structuredContent"`
		} `json:"result"`
	}
	if err := json.Unmarshal(body, &env); res.StatusCode != http.StatusOK || err != nil {
		t.Fatalf("link at %s: %d %s", mcpURL, res.StatusCode, body)
	}
	return env.Result.StructuredContent.SVGURL, env.Result.StructuredContent.PinnedSVGURL
}

func TestRoutesMountedAndMoved(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "svg"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "svg", "readme.txt"), []byte("the site's own file"), 0o644); err != nil {
		t.Fatal(err)
	}
	tc := caddytest.NewTester(t)
	tc.InitServer(routesConfig(root), "caddyfile")
	rv := core.RenderVersion()
	p := payload.Encode([]byte(`plan "R" {}`))

	t.Run("file outside the routes is served", func(t *testing.T) {
		res, body := get(t, tc, http.MethodGet, base+"/svg/readme.txt", nil)
		if res.StatusCode != http.StatusOK || string(body) != "the site's own file" {
			t.Errorf("GET /svg/readme.txt: %d %q", res.StatusCode, body)
		}
		res, _ = get(t, tc, http.MethodGet, base+"/v/"+rv+"/svg/"+p, nil)
		if res.StatusCode != http.StatusNotFound {
			t.Errorf("GET /v/… outside the moved routes: %d, want the file server's 404", res.StatusCode)
		}
	})

	t.Run("moved routes", func(t *testing.T) {
		res, body := get(t, tc, http.MethodGet, base+"/api/svg/"+p, nil)
		if res.StatusCode != http.StatusOK || !strings.Contains(string(body), "<svg") {
			t.Fatalf("GET /api/svg/: %d %.200s", res.StatusCode, body)
		}
		if cl := res.Header.Get("Content-Location"); cl != "/api/v/"+rv+"/svg/"+p {
			t.Errorf("Content-Location %q", cl)
		}
		res, _ = get(t, tc, http.MethodGet, base+"/api/v/0.0.0-old/svg/"+p, nil)
		if res.StatusCode != http.StatusFound || res.Header.Get("Location") != "/api/svg/"+p {
			t.Errorf("old pin: %d Location %q", res.StatusCode, res.Header.Get("Location"))
		}
		svg, pinned := linkURLs(t, tc, base+"/api/mcp", nil)
		if svg != base+"/api/svg/"+p || pinned != base+"/api/v/"+rv+"/svg/"+p {
			t.Errorf("link: %q %q", svg, pinned)
		}
	})

	t.Run("handle_path", func(t *testing.T) {
		svg, pinned := linkURLs(t, tc, base+"/archlang/mcp", nil)
		if svg != base+"/archlang/svg/"+p || pinned != base+"/archlang/v/"+rv+"/svg/"+p {
			t.Fatalf("link under /archlang: %q %q", svg, pinned)
		}
		for _, u := range []string{svg, pinned} {
			res, body := get(t, tc, http.MethodGet, u, nil)
			if res.StatusCode != http.StatusOK || !strings.Contains(string(body), "<svg") {
				t.Errorf("GET %s: %d", u, res.StatusCode)
			}
		}
		res, _ := get(t, tc, http.MethodGet, svg, nil)
		if cl := res.Header.Get("Content-Location"); cl != "/archlang/v/"+rv+"/svg/"+p {
			t.Errorf("Content-Location %q", cl)
		}
		res, _ = get(t, tc, http.MethodGet, base+"/archlang/v/0.0.0-old/svg/"+p, nil)
		if res.StatusCode != http.StatusFound || res.Header.Get("Location") != "/archlang/svg/"+p {
			t.Errorf("old pin: %d Location %q", res.StatusCode, res.Header.Get("Location"))
		}
	})

	fwd := map[string]string{"X-Forwarded-Proto": "https", "X-Forwarded-Host": "plans.example.org"}
	t.Run("trusted proxy", func(t *testing.T) {
		svg, pinned := linkURLs(t, tc, base+"/archlang/mcp", fwd)
		if svg != "https://plans.example.org/archlang/svg/"+p || pinned != "https://plans.example.org/archlang/v/"+rv+"/svg/"+p {
			t.Errorf("link behind a trusted proxy: %q %q", svg, pinned)
		}
	})

	t.Run("untrusted peer", func(t *testing.T) {
		const untrusted = "http://localhost:9084"
		svg, _ := linkURLs(t, tc, untrusted+"/mcp", fwd)
		if svg != untrusted+"/svg/"+p {
			t.Errorf("link honoured an untrusted peer's X-Forwarded-*: %q", svg)
		}
	})
}
