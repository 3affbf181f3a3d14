// Package routes is the table of request paths the archlang_mcp handler
// owns, and the URLs of those routes as a client reaches them: at the root
// of a site, under a prefix that handle_path or a proxy strips, on another
// scheme and host behind a trusted proxy. It knows nothing of Caddy or MCP,
// so the handler (which matches and redirects) and the link tool (which
// mints URLs) read one table.
package routes

import (
	"fmt"
	"net/url"
	"strings"
)

// Kind is a drawing format served on an image route. It is also the path
// segment that names the format in a pinned route.
type Kind string

// The drawing formats.
const (
	SVG Kind = "svg" // the vector drawing
	PNG Kind = "png" // the same drawing rasterised
)

// Default paths.
const (
	DefaultMCP = "/mcp"  // exact path of the MCP endpoint
	DefaultSVG = "/svg/" // prefix of the unpinned SVG route
	DefaultPNG = "/png/" // prefix of the unpinned PNG route
	DefaultPin = "/v/"   // prefix of the pinned routes
)

// Image is the unpinned route of one drawing format: Path + payload.
type Image struct {
	Kind Kind
	Path string // starts and ends with "/"
}

// Table is the set of paths the handler owns. Every other path goes to the
// next handler.
type Table struct {
	// MCP is the exact path of the MCP endpoint.
	MCP string
	// Images are the unpinned image routes, one per format.
	Images []Image
	// Pin is the prefix of the pinned routes: Pin + render version + "/" +
	// kind + "/" + payload.
	Pin string
}

// Default is the table with every path at its default.
func Default() Table {
	return Table{MCP: DefaultMCP, Images: []Image{{SVG, DefaultSVG}, {PNG, DefaultPNG}}, Pin: DefaultPin}
}

// Route says which of the table's routes a path matched.
type Route int

// The routes of a Table.
const (
	None        Route = iota
	MCPRoute          // the MCP endpoint
	ImageRoute        // an unpinned image: Match.Kind, Match.Payload
	PinnedRoute       // a pinned image: Match.Kind, Match.Version, Match.Payload
)

// Match is what a path matched.
type Match struct {
	Route   Route
	Kind    Kind
	Version string // the render version of a pinned route
	Payload string
}

// Match finds the route that owns path. ok is false for a path the table
// does not own (including a pinned path whose version or kind segment is
// missing or unknown): the handler passes it on.
func (t Table) Match(path string) (m Match, ok bool) {
	if path == t.MCP {
		return Match{Route: MCPRoute}, true
	}
	for _, im := range t.Images {
		if p, found := strings.CutPrefix(path, im.Path); found {
			return Match{Route: ImageRoute, Kind: im.Kind, Payload: p}, true
		}
	}
	rest, found := strings.CutPrefix(path, t.Pin)
	if !found || t.Pin == "" {
		return Match{}, false
	}
	rv, rest, found := strings.Cut(rest, "/")
	if !found || rv == "" {
		return Match{}, false
	}
	kind, p, found := strings.Cut(rest, "/")
	if !found || !t.has(Kind(kind)) {
		return Match{}, false
	}
	return Match{Route: PinnedRoute, Kind: Kind(kind), Version: rv, Payload: p}, true
}

// Owns reports whether the table owns path.
func (t Table) Owns(path string) bool {
	_, ok := t.Match(path)
	return ok
}

func (t Table) has(k Kind) bool {
	for _, im := range t.Images {
		if im.Kind == k {
			return true
		}
	}
	return false
}

// ImagePath is the unpinned route's prefix for k, or "" when the table
// serves no such format.
func (t Table) ImagePath(k Kind) string {
	for _, im := range t.Images {
		if im.Kind == k {
			return im.Path
		}
	}
	return ""
}

// Validate reports a malformed or ambiguous table: the MCP path must start
// with "/", each prefix must start and end with "/", and no route may
// contain another (the MCP path under a prefix, one prefix under another),
// so every path has at most one owner. name maps a route to the name its
// setting has in the configuration, for the message.
func (t Table) Validate(name func(r Route, k Kind) string) error {
	if !strings.HasPrefix(t.MCP, "/") {
		return fmt.Errorf("%s %q must start with /", name(MCPRoute, ""), t.MCP)
	}
	type prefix struct{ name, path string }
	var ps []prefix
	for _, im := range t.Images {
		ps = append(ps, prefix{name(ImageRoute, im.Kind), im.Path})
	}
	ps = append(ps, prefix{name(PinnedRoute, ""), t.Pin})
	for i, p := range ps {
		if len(p.path) < 2 || !strings.HasPrefix(p.path, "/") || !strings.HasSuffix(p.path, "/") {
			return fmt.Errorf("%s %q must start and end with / and name a path below the root", p.name, p.path)
		}
		if strings.HasPrefix(t.MCP, p.path) {
			return fmt.Errorf("%s %q is under %s %q", name(MCPRoute, ""), t.MCP, p.name, p.path)
		}
		for _, q := range ps[:i] {
			if strings.HasPrefix(p.path, q.path) || strings.HasPrefix(q.path, p.path) {
				return fmt.Errorf("%s %q and %s %q overlap", q.name, q.path, p.name, p.path)
			}
		}
	}
	return nil
}

// Base places a table's routes where a client reaches them.
type Base struct {
	// Origin is the scheme and host the client used ("https://host:port"),
	// or "" to mint path-only URLs (Location, Content-Location).
	Origin string
	// Mount is the path prefix in front of the table's paths as the client
	// sees them ("/archlang" under handle_path /archlang/*), "" at the root.
	// It has no trailing slash.
	Mount string
	Table Table
}

// Image is the unpinned URL of payload in format k.
func (b Base) Image(k Kind, payload string) string {
	return b.Origin + escapePath(b.Mount+b.Table.ImagePath(k)) + payload
}

// Pinned is the URL of payload in format k pinned to render version rv.
func (b Base) Pinned(k Kind, rv, payload string) string {
	return b.Origin + escapePath(b.Mount+b.Table.Pin+rv+"/"+string(k)+"/") + payload
}

// escapePath percent-encodes what a path may not carry as it is: the mount
// point and the configured prefixes are decoded paths. (A payload is
// base64url and needs no escaping.)
func escapePath(p string) string {
	if p == "" {
		return ""
	}
	return (&url.URL{Path: p}).EscapedPath()
}
