package heal

import (
	"slices"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// fixed applies the first extra fix of the first diagnostic to src.
func fixed(src string, ds diag.List) (string, bool) {
	if len(ds) == 0 || len(ds[0].Extra) == 0 {
		return src, false
	}
	var b strings.Builder
	at := 0
	for _, e := range ds[0].Extra[0].Edits {
		b.WriteString(src[at:e.Span.Start])
		b.WriteString(e.NewText)
		at = e.Span.End
	}
	return b.String() + src[at:], true
}

func TestAttach(t *testing.T) {
	const room = "  room id=a at (0,0) size 4000x3000\n"
	for _, c := range []struct {
		name, src, code, stmt, want string
	}{
		{"pasted twice", "plan \"P\" {\n" + room + room + "}\n", "E_DUP_ID", room[2 : len(room)-1], "plan \"P\" {\n" + room + "}\n"},
		{"id reused", "plan \"P\" {\n" + room + "  room id=a at (0,3000) size 1x1\n}\n", "E_DUP_ID", "room id=a at (0,3000) size 1x1",
			"plan \"P\" {\n" + room + "  room id=a_2 at (0,3000) size 1x1\n}\n"},
		{"zero door", "plan \"P\" {\n  door at (0,0) width 0\n}\n", "E_DOOR_WIDTH", "door at (0,0) width 0", "plan \"P\" {\n  door at (0,0) width 900\n}\n"},
		{"negative window", "plan \"P\" {\n  window at (0,0) width -1200\n}\n", "E_WINDOW_WIDTH", "window at (0,0) width -1200", "plan \"P\" {\n  window at (0,0) width 1200\n}\n"},
		{"zero room", "plan \"P\" {\n  room at (0,0) size 0x3000\n}\n", "E_ROOM_SIZE", "room at (0,0) size 0x3000", "plan \"P\" {\n  # room at (0,0) size 0x3000\n}\n"},
		{"misspelt room", "plan \"P\" {\n  room id=kitchen at (0,0) size 1x1\n  room id=b right-of kitchn size 1x1\n}\n", "E_LAYOUT_REF",
			"room id=b right-of kitchn size 1x1", "plan \"P\" {\n  room id=kitchen at (0,0) size 1x1\n  room id=b right-of kitchen size 1x1\n}\n"},
		{"two rooms as near", "plan \"P\" {\n  room id=bed1 at (0,0) size 1x1\n  room id=bed2 at (0,0) size 1x1\n  room id=b right-of bed size 1x1\n}\n", "E_LAYOUT_REF",
			"room id=b right-of bed size 1x1", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			i := strings.LastIndex(c.src, c.stmt)
			ds := diag.List{{Code: c.code, Severity: diag.Error, Span: source.Span{Start: i, End: i + len(c.stmt)}}}
			got, ok := fixed(c.src, Attach(source.NewFile("t.arch", []byte(c.src)), ds))
			if c.want == "" {
				if ok {
					t.Errorf("offered a fix where none is clearly meant:\n%s", got)
				}
				return
			}
			if got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

// FuzzAttach: any source and any span give fixes whose edits lie inside
// the source, in order, without a panic.
func FuzzAttach(f *testing.F) {
	f.Add("plan \"P\" {\n  room id=a at (0,0) size 1x1\n  room id=a at (0,0) size 1x1\n}\n", 12, 40, 0)
	f.Add("plan \"P\" {\n  door at (0,0) width -0\n}\n", 12, 33, 1)
	f.Fuzz(func(t *testing.T, src string, start, end, code int) {
		codes := make([]string, 0, len(handlers))
		for c := range handlers {
			codes = append(codes, c)
		}
		if start < 0 || end < start || end > len(src) || code < 0 {
			return
		}
		slices.Sort(codes) // map order is random: pick by sorted name
		d := diag.Diagnostic{Code: codes[code%len(codes)], Severity: diag.Error, Span: source.Span{Start: start, End: end}, Hints: []string{"did you mean \"abcd\"?"}}
		for _, fx := range Attach(source.NewFile("f.arch", []byte(src)), diag.List{d})[0].Extra {
			at := 0
			for _, e := range fx.Edits {
				if e.Span.Start < at || e.Span.End < e.Span.Start || e.Span.End > len(src) {
					t.Fatalf("fix %q: edit %v out of order or range", fx.Title, e.Span)
				}
				at = e.Span.End
			}
		}
	})
}
