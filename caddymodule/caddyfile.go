package caddymodule

import (
	"math"
	"strconv"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"
	"github.com/caddyserver/caddy/v2/caddyconfig/httpcaddyfile"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"github.com/dustin/go-humanize"
)

func init() {
	httpcaddyfile.RegisterHandlerDirective("archlang_mcp", parseCaddyfile)
	// Before respond, so the directive works in any site block without a
	// global order option (and a respond in the same block is the fallback
	// for every path the handler does not own).
	httpcaddyfile.RegisterDirectiveOrder("archlang_mcp", httpcaddyfile.Before, "respond")
}

func parseCaddyfile(h httpcaddyfile.Helper) (caddyhttp.MiddlewareHandler, error) {
	m := new(Handler)
	err := m.UnmarshalCaddyfile(h.Dispenser)
	return m, err
}

// UnmarshalCaddyfile sets up the handler from Caddyfile tokens. Syntax:
//
//	archlang_mcp {
//	    mcp_path       <path>       # default /mcp
//	    svg_path       <prefix>     # default /svg/
//	    pin_path       <prefix>     # default /v/
//	    png_path       <prefix>     # default /png/
//	    png_width      <pixels>     # default 1000
//	    png_max_width  <pixels>     # default 2048
//	    max_body       <size>       # default 256KiB
//	    max_argument   <size>       # default 64KiB
//	    max_inflated   <size>       # default 64KiB
//	    playground_url <url>        # default https://playground.archlang.uk
//	    svg_cache_size <size>       # default 32MiB
//	    analysis_cache_size <size>  # default 64MiB
//	    disable_localhost_protection
//	    compute_timeout <duration>  # default 10s
//	    max_concurrent  <n>         # default 2×GOMAXPROCS
//	    queue_timeout   <duration>  # default 2s
//	    max_svg_url     <size>      # default: the server's max_header_size less 2KiB
//	}
//
// Sizes take units (KiB = 1024 bytes, KB = 1000 bytes). The block is
// optional; every subdirective may appear once.
func (h *Handler) UnmarshalCaddyfile(d *caddyfile.Dispenser) error {
	d.Next() // the directive name
	if d.NextArg() {
		return d.ArgErr()
	}
	seen := map[string]bool{}
	for d.NextBlock(0) {
		name := d.Val()
		if seen[name] {
			return d.Errf("duplicate subdirective %s", name)
		}
		seen[name] = true
		switch name {
		case "mcp_path":
			if err := oneArg(d, &h.MCPPath); err != nil {
				return err
			}
		case "svg_path":
			if err := oneArg(d, &h.SVGPath); err != nil {
				return err
			}
		case "pin_path":
			if err := oneArg(d, &h.PinPath); err != nil {
				return err
			}
		case "png_path":
			if err := oneArg(d, &h.PNGPath); err != nil {
				return err
			}
		case "png_width", "png_max_width":
			var v string
			if err := oneArg(d, &v); err != nil {
				return err
			}
			n, err := strconv.Atoi(v)
			if err != nil || n <= 0 {
				return d.Errf("%s must be a positive whole number of pixels, got %q", name, v)
			}
			if name == "png_width" {
				h.PNGWidth = n
			} else {
				h.PNGMaxWidth = n
			}
		case "playground_url":
			if err := oneArg(d, &h.PlaygroundURL); err != nil {
				return err
			}
		case "max_body":
			if err := sizeArg(d, name, &h.MaxBody); err != nil {
				return err
			}
		case "max_argument":
			if err := sizeArg(d, name, &h.MaxArgument); err != nil {
				return err
			}
		case "max_inflated":
			if err := sizeArg(d, name, &h.MaxInflated); err != nil {
				return err
			}
		case "svg_cache_size":
			if err := sizeArg(d, name, &h.SVGCacheSize); err != nil {
				return err
			}
		case "analysis_cache_size":
			if err := sizeArg(d, name, &h.AnalysisCacheSize); err != nil {
				return err
			}
		case "compute_timeout":
			if err := durationArg(d, name, &h.ComputeTimeout); err != nil {
				return err
			}
		case "queue_timeout":
			if err := durationArg(d, name, &h.QueueTimeout); err != nil {
				return err
			}
		case "max_concurrent":
			var v string
			if err := oneArg(d, &v); err != nil {
				return err
			}
			n, err := strconv.Atoi(v)
			if err != nil || n <= 0 {
				return d.Errf("max_concurrent must be a positive whole number, got %q", v)
			}
			h.MaxConcurrent = n
		case "max_svg_url":
			if err := sizeArg(d, name, &h.MaxSVGURL); err != nil {
				return err
			}
		case "disable_localhost_protection":
			if d.NextArg() {
				return d.ArgErr()
			}
			h.DisableLocalhostProtection = true
		default:
			return d.Errf("unrecognized archlang_mcp subdirective %q", name)
		}
	}
	return nil
}

func oneArg(d *caddyfile.Dispenser, dst *string) error {
	if !d.NextArg() {
		return d.ArgErr()
	}
	*dst = d.Val()
	if d.NextArg() {
		return d.ArgErr()
	}
	return nil
}

func sizeArg(d *caddyfile.Dispenser, name string, dst *int64) error {
	var s string
	if err := oneArg(d, &s); err != nil {
		return err
	}
	n, err := humanize.ParseBytes(s)
	if err != nil {
		return d.Errf("parsing %s size %q: %w", name, s, err)
	}
	if n == 0 || n > math.MaxInt64 {
		return d.Errf("%s must be a positive size, got %q", name, s)
	}
	*dst = int64(n)
	return nil
}

func durationArg(d *caddyfile.Dispenser, name string, dst *caddy.Duration) error {
	var s string
	if err := oneArg(d, &s); err != nil {
		return err
	}
	v, err := caddy.ParseDuration(s)
	if err != nil {
		return d.Errf("parsing %s duration %q: %v", name, s, err)
	}
	if v <= 0 {
		return d.Errf("%s must be a positive duration, got %q", name, s)
	}
	*dst = caddy.Duration(v)
	return nil
}
