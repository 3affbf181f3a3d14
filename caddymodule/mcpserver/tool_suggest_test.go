package mcpserver

import (
	"context"
	"testing"
)

// suggestPlan has no entrance and a windowless bedroom.
const suggestPlan = "plan \"S\" {\n" +
	"  wall exterior thickness 200 { (0,0) (6000,0) (6000,4000) (0,4000) close }\n" +
	"  wall partition thickness 100 { (3000,0) (3000,4000) }\n" +
	"  room id=a at (0,0) size 3000x4000 label \"Living\"\n" +
	"  room id=b at (3000,0) size 3000x4000 label \"Bedroom\"\n" +
	"  door at (3000,2000) width 900 wall partition\n" +
	"}\n"

func TestSuggestTool(t *testing.T) {
	cs := connect(t, context.Background(), Options{})
	for _, c := range []struct {
		name    string
		args    map[string]any
		isError bool
		codes   []string
		first   string
	}{
		{"faults", map[string]any{"source": suggestPlan}, false,
			[]string{"W_NO_ENTRANCE", "W_BEDROOM_NO_WINDOW"}, "door on exterior at 90% width 900"},
		{"does not parse", map[string]any{"source": "plan \"E\" {\n  room\n"}, false, nil, ""},
		{"no source", map[string]any{}, true, nil, ""},
		{"unknown argument", map[string]any{"source": suggestPlan, "strict": true}, true, nil, ""},
		{"source must be a string", map[string]any{"source": 5}, true, nil, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, isErr := call(t, cs, "suggest", c.args)
			if isErr != c.isError {
				t.Fatalf("isError = %v, want %v (%v)", isErr, c.isError, m)
			}
			if c.isError {
				if m["ok"] != false {
					t.Errorf("ok = %v, want false", m["ok"])
				}
				return
			}
			if m["ok"] != true {
				t.Errorf("ok = %v, want true", m["ok"])
			}
			sg, ok := m["suggestions"].([]any)
			if !ok || len(sg) != len(c.codes) {
				t.Fatalf("suggestions = %v, want codes %v", m["suggestions"], c.codes)
			}
			for i, s := range sg {
				s := s.(map[string]any)
				if s["code"] != c.codes[i] {
					t.Errorf("suggestion %d code = %v, want %s", i, s["code"], c.codes[i])
				}
			}
			if len(sg) > 0 {
				cand := sg[0].(map[string]any)["candidates"].([]any)
				if got := cand[0].(map[string]any)["insertText"]; got != c.first {
					t.Errorf("first candidate = %v, want %s", got, c.first)
				}
			}
		})
	}
}

func BenchmarkSuggestTool(b *testing.B) {
	benchTool(b, "suggest", map[string]any{"source": suggestPlan})
}
