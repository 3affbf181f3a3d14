package resolve

import (
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// themeKeys are the accepted `theme { … }` keys: the friendly aliases and
// the canonical field names.
var themeKeys = map[string]bool{
	"background": true, "wall": true, "wallFill": true, "wallHatch": true, "wallStroke": true,
	"room": true, "roomFill": true, "roomLabel": true, "areaLabel": true,
	"furniture": true, "furnitureFill": true, "furnitureStroke": true, "furnitureLabel": true,
	"door": true, "window": true, "dim": true, "annotation": true, "font": true, "lineWeight": true,
}

// styleKeys are the accepted `style <kind> { … }` keys, per element kind.
var styleKeys = map[string]map[string]bool{
	"room":      {"fill": true, "label": true, "area": true},
	"wall":      {"fill": true, "stroke": true, "hatch": true},
	"door":      {"leaf": true},
	"window":    {"pane": true},
	"furniture": {"fill": true, "stroke": true, "label": true},
	"dim":       {"stroke": true, "label": true},
	"column":    {"fill": true, "stroke": true},
	"stair":     {"fill": true, "stroke": true, "label": true},
	"elevator":  {"fill": true, "stroke": true, "label": true},
	"escalator": {"fill": true, "stroke": true, "label": true},
}

// addSetting records a finding about a plan setting. The reference raises
// these while parsing, so they are merged into the syntax errors by
// position rather than queued with resolve's own findings.
// A statement repeated by a loop is reported once, as the parser would.
func (r *resolver) addSetting(d diag.Diagnostic) {
	for _, e := range r.setDiags {
		if e.Code == d.Code && e.Span == d.Span {
			return
		}
	}
	r.setDiags = append(r.setDiags, d)
}

// settings applies the plan-level settings in source order and reports
// their diagnostics (duplicate accessible metadata, misplaced metadata,
// unknown theme and style keys, site problems).
func (r *resolver) settings(items []expand.Item) {
	s := &r.plan.Settings
	accSeen := map[string]bool{}
	siteSeen := false
	var axesX, axesY []float64
	for _, it := range items {
		switch n := it.(type) {
		case *expand.Setting:
			r.setting(n)
		case *expand.Acc:
			r.addAll(n.Diags())
			if n.InBlock || r.misplacedAcc[n.Span.Start] {
				// The parser reported misplaced metadata (E_ACC_PLACEMENT),
				// in a zone too, and the reference ignores it.
				continue
			}
			if accSeen[n.Key] {
				sp := n.Span
				sp.End = sp.Start + len(n.Key)
				r.addSetting(diag.New(diag.WarnDupAccMetadata, sp, "%q is declared more than once; the last value is used", n.Key))
			}
			accSeen[n.Key] = true
			if n.Key == "accTitle" {
				s.AccTitle = n.Text.V
			} else {
				s.AccDescr = n.Text.V
			}
		case *expand.Title:
			t := &ir.Title{Span: n.Span}
			if len(n.Fields) > 0 {
				t.Fields = make([]ir.TitleField, 0, len(n.Fields))
			}
			for _, f := range n.Fields {
				t.Fields = append(t.Fields, ir.TitleField{Key: f.Key.V, Value: f.Value.V})
			}
			r.plan.Title = t
		case *expand.Axes:
			// The reference evaluates the axis positions last, once the
			// elements are checked (see axesDiags).
			r.axesDiags = append(r.axesDiags, n.Diags()...)
			for _, v := range n.X {
				axesX = append(axesX, v.V)
			}
			for _, v := range n.Y {
				axesY = append(axesY, v.V)
			}
		case *expand.Theme:
			r.addAll(n.Diags())
			if n.Name.Set() {
				s.Theme = n.Name.V
			}
			if n.From.Set() {
				s.ThemeFrom = n.From.V
			}
			for _, kv := range n.Entries {
				if !themeKeys[kv.Key.V] {
					r.addSetting(diag.New(diag.WarnUnknownThemeKey, kv.Key.Span, "%q is not a theme key; it is ignored", kv.Key.V))
					continue
				}
				s.ThemeEntries = append(s.ThemeEntries, r.sanitized(kv, "theme"))
			}
		case *expand.Style:
			r.addAll(n.Diags())
			st := ir.Style{Kind: n.Kind.V}
			for _, kv := range n.Entries {
				if !styleKeys[n.Kind.V][kv.Key.V] {
					r.addSetting(diag.New(diag.WarnUnknownStyleKey, kv.Key.Span, "%q is not a style key for %q; it is ignored", kv.Key.V, n.Kind.V))
					continue
				}
				st.Entries = append(st.Entries, r.sanitized(kv, "style"))
			}
			s.Styles = append(s.Styles, st)
		case *expand.Site:
			r.addAll(n.Diags())
			if !n.Street.Set() {
				// The parser reported it (E_SITE_NO_STREET) and the
				// reference drops it: it does not count as the plan's site.
				continue
			}
			if siteSeen {
				r.addSetting(diag.New(diag.ErrSiteDup, n.Span, "The plan already has a `site` block; a plan has one orientation"))
				continue
			}
			siteSeen = true
			s.SiteStreet, s.SiteHemisphere = n.Street.V, n.Hemisphere.V
		}
	}
	s.AxesX = r.axes(axesX)
	s.AxesY = r.axes(axesY)
}

// sanitized converts a known theme or style entry. A string value that
// could smuggle markup or an inline resource into the drawing (see
// unsafeConfigValue) is blanked, as the reference does, with
// W_SANITIZED_CONFIG at the key.
func (r *resolver) sanitized(kv expand.KeyValue, what string) ir.KeyValue {
	v := keyValue(kv)
	if !v.IsNum && unsafeConfigValue(v.Str) {
		r.addSetting(diag.New(diag.WarnSanitizedConfig, kv.Key.Span, "The value of %s key %q could inject markup or inline data into the drawing, so it was removed", what, kv.Key.V))
		v.Str = ""
	}
	return v
}

// unsafeConfigValue reports a theme or style value holding an angle
// bracket or a `url(` whose target, after optional white space, is a
// `data:` URL (letter case ignored).
func unsafeConfigValue(v string) bool {
	if strings.ContainsAny(v, "<>") {
		return true
	}
	low := strings.ToLower(v)
	for {
		i := strings.Index(low, "url(")
		if i < 0 {
			return false
		}
		low = low[i+len("url("):]
		if strings.HasPrefix(strings.TrimLeftFunc(low, jsSpace), "data:") {
			return true
		}
	}
}

// jsSpace reports the white space of a JavaScript regular expression's \s.
func jsSpace(c rune) bool { return c == 0xFEFF || (c != 0x85 && unicode.IsSpace(c)) }

func keyValue(kv expand.KeyValue) ir.KeyValue {
	if kv.Num.Set() {
		return ir.KeyValue{Key: kv.Key.V, Num: kv.Num.V, IsNum: true}
	}
	return ir.KeyValue{Key: kv.Key.V, Str: kv.Str.V}
}

// axes snaps, sorts and deduplicates axis positions.
func (r *resolver) axes(vs []float64) []float64 {
	if len(vs) == 0 {
		return nil
	}
	out := make([]float64, 0, len(vs))
	for _, v := range vs {
		out = append(out, snap(v, r.grid))
	}
	sort.Float64s(out)
	j := 0
	for i, v := range out {
		if i == 0 || v != out[j-1] {
			out[j] = v
			j++
		}
	}
	return out[:j]
}

func (r *resolver) setting(n *expand.Setting) {
	r.addAll(n.Diags())
	s := &r.plan.Settings
	word := func(i int) string {
		if i < len(n.Args) {
			return n.Args[i].V
		}
		return ""
	}
	switch n.Key {
	case "units":
		if w := word(0); w != "" {
			s.Units = w
		}
	case "grid":
		if n.Value.Set() && n.Value.V > 0 && !math.IsInf(n.Value.V, 0) {
			r.grid = n.Value.V
			s.Grid = n.Value.V
		} else {
			r.grid, s.Grid = 0, 0
		}
		s.GridSet = true
	case "north":
		s.NorthSet = true
		if n.Value.Set() {
			s.North = num(n.Value.V)
			s.NorthAngle = n.Value.V
			break
		}
		s.North = word(0)
		switch s.North {
		case "up":
			s.NorthAngle = 0
		case "right":
			s.NorthAngle = 90
		case "down":
			s.NorthAngle = 180
		case "left":
			s.NorthAngle = 270
		}
	case "scale":
		r.scaleSpan = n.Span
		s.ScaleSet = true
		s.ScaleNum = n.ScaleNum.V
		s.ScaleDenom = n.ScaleDen.V
	case "paper":
		s.Paper = strings.ToUpper(word(0))
		if o := word(1); o != "" {
			s.Orientation = o
		}
	case "dims":
		// `dims auto [scope]`
		scope := "all"
		if w := word(1); w != "" {
			scope = w
		}
		s.DimsAuto = scope
	case "schedule":
		s.Schedule = true
	case "legend":
		s.Legend = true
	}
}
