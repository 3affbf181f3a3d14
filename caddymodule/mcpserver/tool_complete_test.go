package mcpserver

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

const completePlan = "plan \"C\" {\n  let W = 4000\n  for i in 0..2 {\n    let x = i * W\n  }\n}\n"

func TestCompleteTool(t *testing.T) {
	cs := connect(t, context.Background(), Options{})
	inFor := strings.Index(completePlan, "let x")
	for _, c := range []struct {
		name    string
		args    map[string]any
		isError bool
		want    string // the labels after the fixed vocabulary
	}{
		{"plan level", map[string]any{"source": completePlan, "at": 0}, false, "W"},
		{"inside the loop", map[string]any{"source": completePlan, "at": inFor}, false, "W i x"},
		{"exponent form", map[string]any{"source": completePlan, "at": json.Number("3e1")}, false, "W i x"},
		{"past the end", map[string]any{"source": completePlan, "at": 1 << 40}, false, "W"},
		{"negative", map[string]any{"source": completePlan, "at": -3}, false, "W"},
		{"broken source", map[string]any{"source": "plan \"B\" { let A = 1 room at (", "at": 5}, false, "A"},
		{"no at", map[string]any{"source": completePlan}, true, ""},
		{"null at", map[string]any{"source": completePlan, "at": nil}, true, ""},
		{"fractional at", map[string]any{"source": completePlan, "at": 2.5}, true, ""},
		{"string at", map[string]any{"source": completePlan, "at": "12"}, true, ""},
		{"no source", map[string]any{"at": 0}, true, ""},
		{"unknown argument", map[string]any{"source": completePlan, "at": 0, "offset": 0}, true, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, isErr := call(t, cs, "complete", c.args)
			if isErr != c.isError {
				t.Fatalf("isError = %v, want %v (%v)", isErr, c.isError, m)
			}
			if c.isError {
				if m["ok"] != false {
					t.Errorf("ok = %v, want false", m["ok"])
				}
				return
			}
			items, _ := m["items"].([]any)
			if m["ok"] != true || len(items) < 40 {
				t.Fatalf("ok = %v, %d items", m["ok"], len(items))
			}
			var got []string
			for _, it := range items[40:] {
				got = append(got, it.(map[string]any)["label"].(string))
			}
			if strings.Join(got, " ") != c.want {
				t.Errorf("labels = %q, want %q", strings.Join(got, " "), c.want)
			}
		})
	}
}

func TestParseOffset(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"0", 0, true}, {"120", 120, true}, {"-4", -4, true}, {"1e3", 1000, true}, {"12.0", 12, true},
		{"1e400", maxOffset, true}, {"-1e400", -maxOffset, true}, {"99999999999", maxOffset, true},
		{"2.5", 0, false}, {`"3"`, 0, false}, {"null", 0, false}, {"true", 0, false}, {"", 0, false}, {"[1]", 0, false},
	} {
		got, ok := parseOffset(json.RawMessage(c.in))
		if got != c.want || ok != c.ok {
			t.Errorf("parseOffset(%s) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// FuzzParseOffset: any argument text is read without a panic, and an
// accepted one is within ±maxOffset.
func FuzzParseOffset(f *testing.F) {
	for _, s := range []string{"0", "-1", "1e3", "1e400", "2.5", `"x"`, "null", " 7 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, ok := parseOffset(json.RawMessage(s))
		if ok && (n > maxOffset || n < -maxOffset) {
			t.Fatalf("parseOffset(%q) = %d, out of bounds", s, n)
		}
		if !ok && n != 0 {
			t.Fatalf("parseOffset(%q) refused but returned %d", s, n)
		}
	})
}

func TestClipArg(t *testing.T) {
	if got := clipArg(`"`+strings.Repeat("é", 30)+`"`, 10); got != `"éééé…` {
		t.Errorf("clipArg = %q", got)
	}
	if got := clipArg("12", 10); got != "12" {
		t.Errorf("clipArg = %q", got)
	}
}

func BenchmarkCompleteTool(b *testing.B) {
	benchTool(b, "complete", map[string]any{"source": completePlan, "at": strings.Index(completePlan, "let x")})
}
