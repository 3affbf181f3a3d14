package routes

import (
	"strings"
	"testing"
)

func TestMatch(t *testing.T) {
	moved := Table{MCP: "/rpc", Images: []Image{{SVG, "/drawings/"}}, Pin: "/pinned/"}
	tests := []struct {
		name  string
		table Table
		path  string
		want  Match
		ok    bool
	}{
		{"mcp", Default(), "/mcp", Match{Route: MCPRoute}, true},
		{"mcp is exact", Default(), "/mcp/x", Match{}, false},
		{"svg", Default(), "/svg/abc", Match{Route: ImageRoute, Kind: SVG, Payload: "abc"}, true},
		{"svg empty payload", Default(), "/svg/", Match{Route: ImageRoute, Kind: SVG}, true},
		{"svg without slash", Default(), "/svg", Match{}, false},
		{"pinned", Default(), "/v/1.0-ab/svg/abc", Match{Route: PinnedRoute, Kind: SVG, Version: "1.0-ab", Payload: "abc"}, true},
		{"pinned unknown kind", Default(), "/v/1.0-ab/gif/abc", Match{}, false},
		{"pinned no version", Default(), "/v//svg/abc", Match{}, false},
		{"pinned no kind", Default(), "/v/1.0-ab", Match{}, false},
		{"png", Default(), "/png/abc", Match{Route: ImageRoute, Kind: PNG, Payload: "abc"}, true},
		{"pinned png", Default(), "/v/1.0-ab/png/abc", Match{Route: PinnedRoute, Kind: PNG, Version: "1.0-ab", Payload: "abc"}, true},
		{"other", Default(), "/index.html", Match{}, false},
		{"moved svg", moved, "/drawings/abc", Match{Route: ImageRoute, Kind: SVG, Payload: "abc"}, true},
		{"moved pinned", moved, "/pinned/9/svg/abc", Match{Route: PinnedRoute, Kind: SVG, Version: "9", Payload: "abc"}, true},
		{"moved leaves /svg/", moved, "/svg/readme.txt", Match{}, false},
		{"moved leaves /v/", moved, "/v/9/svg/abc", Match{}, false},
		{"moved leaves /mcp", moved, "/mcp", Match{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.table.Match(tt.path)
			if got != tt.want || ok != tt.ok {
				t.Errorf("Match(%q) = %+v, %v; want %+v, %v", tt.path, got, ok, tt.want, tt.ok)
			}
			if tt.table.Owns(tt.path) != tt.ok {
				t.Errorf("Owns(%q) != %v", tt.path, tt.ok)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	name := func(r Route, k Kind) string {
		return map[Route]string{MCPRoute: "mcp_path", ImageRoute: string(k) + "_path", PinnedRoute: "pin_path"}[r]
	}
	tests := []struct {
		name  string
		table Table
		err   string // "" = valid
	}{
		{"default", Default(), ""},
		{"moved", Table{MCP: "/a/mcp", Images: []Image{{SVG, "/a/svg/"}}, Pin: "/a/v/"}, ""},
		{"mcp relative", Table{MCP: "mcp", Images: []Image{{SVG, "/svg/"}}, Pin: "/v/"}, "mcp_path"},
		{"mcp under svg", Table{MCP: "/svg/mcp", Images: []Image{{SVG, "/svg/"}}, Pin: "/v/"}, `mcp_path "/svg/mcp" is under svg_path`},
		{"mcp under pin", Table{MCP: "/v/mcp", Images: []Image{{SVG, "/svg/"}}, Pin: "/v/"}, "is under pin_path"},
		{"svg no trailing slash", Table{MCP: "/mcp", Images: []Image{{SVG, "/svg"}}, Pin: "/v/"}, "svg_path"},
		{"svg root", Table{MCP: "/mcp", Images: []Image{{SVG, "/"}}, Pin: "/v/"}, "svg_path"},
		{"pin empty", Table{MCP: "/mcp", Images: []Image{{SVG, "/svg/"}}, Pin: ""}, "pin_path"},
		{"pin under svg", Table{MCP: "/mcp", Images: []Image{{SVG, "/svg/"}}, Pin: "/svg/v/"}, "overlap"},
		{"same", Table{MCP: "/mcp", Images: []Image{{SVG, "/x/"}}, Pin: "/x/"}, "overlap"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.table.Validate(name)
			switch {
			case tt.err == "" && err != nil:
				t.Errorf("unexpected error %v", err)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Errorf("error %v, want one containing %q", err, tt.err)
			}
		})
	}
}

func TestBase(t *testing.T) {
	moved := Table{MCP: "/rpc", Images: []Image{{SVG, "/drawings/"}}, Pin: "/pinned/"}
	tests := []struct {
		name          string
		base          Base
		image, pinned string
	}{
		{"root path", Base{Table: Default()}, "/svg/P", "/v/RV/svg/P"},
		{"origin", Base{Origin: "https://h.example", Table: Default()}, "https://h.example/svg/P", "https://h.example/v/RV/svg/P"},
		{"mount", Base{Origin: "http://h:8080", Mount: "/archlang", Table: Default()}, "http://h:8080/archlang/svg/P", "http://h:8080/archlang/v/RV/svg/P"},
		{"mount escaped", Base{Mount: "/a b", Table: Default()}, "/a%20b/svg/P", "/a%20b/v/RV/svg/P"},
		{"moved", Base{Origin: "https://h", Mount: "/x", Table: moved}, "https://h/x/drawings/P", "https://h/x/pinned/RV/svg/P"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.base.Image(SVG, "P"); got != tt.image {
				t.Errorf("Image = %q, want %q", got, tt.image)
			}
			if got := tt.base.Pinned(SVG, "RV", "P"); got != tt.pinned {
				t.Errorf("Pinned = %q, want %q", got, tt.pinned)
			}
		})
	}
}

// TestRoundTrip: every URL a Base mints (path-only, at the root) is matched
// by its own table as the route it names.
func TestRoundTrip(t *testing.T) {
	for _, tb := range []Table{Default(), {MCP: "/rpc", Images: []Image{{SVG, "/drawings/"}}, Pin: "/pinned/"}} {
		b := Base{Table: tb}
		if m, ok := tb.Match(b.Image(SVG, "abc")); !ok || m != (Match{Route: ImageRoute, Kind: SVG, Payload: "abc"}) {
			t.Errorf("%+v: image URL matched %+v %v", tb, m, ok)
		}
		if m, ok := tb.Match(b.Pinned(SVG, "1.2-x", "abc")); !ok || m != (Match{Route: PinnedRoute, Kind: SVG, Version: "1.2-x", Payload: "abc"}) {
			t.Errorf("%+v: pinned URL matched %+v %v", tb, m, ok)
		}
	}
}

// FuzzMatch: any path matches at most one route without panicking, and a
// matched image or pinned path is the URL the table mints for what it
// matched (so a redirect or Content-Location leads back to the same route).
func FuzzMatch(f *testing.F) {
	for _, s := range []string{"/mcp", "/svg/abc", "/v/1.0-x/svg/abc", "/v//svg/", "/v/a/b/c/d", "/svg", "/"} {
		f.Add(s)
	}
	tb := Default()
	b := Base{Table: tb}
	f.Fuzz(func(t *testing.T, path string) {
		m, ok := tb.Match(path)
		if !ok {
			if m != (Match{}) {
				t.Fatalf("no match but %+v", m)
			}
			return
		}
		var minted string
		switch m.Route {
		case MCPRoute:
			minted = tb.MCP
		case ImageRoute:
			minted = tb.ImagePath(m.Kind) + m.Payload
		case PinnedRoute:
			minted = b.Table.Pin + m.Version + "/" + string(m.Kind) + "/" + m.Payload
			if strings.Contains(m.Version, "/") {
				t.Fatalf("version %q holds a slash", m.Version)
			}
		default:
			t.Fatalf("ok with route %v", m.Route)
		}
		if minted != path {
			t.Fatalf("%q matched %+v, which names %q", path, m, minted)
		}
	})
}
