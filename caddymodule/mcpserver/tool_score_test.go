package mcpserver

import (
	"context"
	"testing"
)

func TestScoreTool(t *testing.T) {
	cs := connect(t, context.Background(), Options{})
	for _, c := range []struct {
		name    string
		args    map[string]any
		isError bool
		check   func(t *testing.T, m map[string]any)
	}{
		{"partial", map[string]any{"source": gatePlan, "brief": map[string]any{
			"rooms": 3, "roomsInclude": []any{map[string]any{"concept": "bedroom"}, map[string]any{"concept": "kitchen"}},
			"totalAreaM2": map[string]any{"min": 20, "source": "at least 20 m²"}}}, false,
			func(t *testing.T, m map[string]any) {
				if m["ok"] != false || m["satisfied"] != 2.0 || m["total"] != 4.0 || m["score"] != 0.5 {
					t.Errorf("got %v", m)
				}
				sub := m["subscores"].(map[string]any)
				if sub["rooms"] != 0.5 || sub["labels"] != 0.5 || sub["area"] != 1.0 || sub["adjacency"] != nil {
					t.Errorf("subscores = %v", sub)
				}
				if _, ok := m["feedback"]; ok {
					t.Error("score carries no feedback")
				}
				vs := m["violations"].([]any)
				if len(vs) != 2 || vs[0].(map[string]any)["code"] != "E_INTENT_ROOM_COUNT" || vs[1].(map[string]any)["code"] != "E_INTENT_ROOM_MISSING" {
					t.Errorf("violations = %v", vs)
				}
			}},
		{"empty brief", map[string]any{"source": gatePlan, "brief": map[string]any{}}, false, func(t *testing.T, m map[string]any) {
			if m["ok"] != true || m["score"] != 1.0 || m["total"] != 0.0 {
				t.Errorf("got %v", m)
			}
		}},
		{"advisory miss keeps ok", map[string]any{"source": gatePlan, "brief": map[string]any{"reachable": true,
			"adjacency": map[string]any{"requiredEdges": map[string]any{"living-room": []string{"kitchen"}}, "source": ""}}}, false,
			func(t *testing.T, m map[string]any) {
				if m["ok"] != true || m["score"] != 0.5 || m["subscores"].(map[string]any)["adjacency"] != 0.5 {
					t.Errorf("got %v", m)
				}
			}},
		{"malformed brief", map[string]any{"source": gatePlan, "brief": map[string]any{"roomsInclude": []any{map[string]any{}}}}, true,
			func(t *testing.T, m map[string]any) {
				errs := m["intentErrors"].([]any)
				if m["ok"] != false || len(errs) != 1 || errs[0] != "/roomsInclude/0/concept: expected a string" {
					t.Errorf("got %v", m)
				}
				if _, ok := m["strict"]; ok {
					t.Error("score has no strict")
				}
			}},
		{"no brief", map[string]any{"source": gatePlan}, true, func(t *testing.T, m map[string]any) {
			if errs, _ := m["intentErrors"].([]any); len(errs) != 1 {
				t.Errorf("got %v", m)
			}
		}},
		{"plan errors measure as empty", map[string]any{"source": "plan \"E\" {\n  room at (0,0) size 0x10 label \"Bedroom\"\n}\n",
			"brief": map[string]any{"roomsInclude": []any{map[string]any{"concept": "bedroom", "count": map[string]any{"min": 0}}}}}, false,
			func(t *testing.T, m map[string]any) {
				if m["ok"] != false || m["satisfied"] != 1.0 {
					t.Errorf("got %v", m)
				}
			}},
		{"no source", map[string]any{"brief": map[string]any{}}, true, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, isErr := call(t, cs, "score", c.args)
			if isErr != c.isError {
				t.Errorf("isError = %v, want %v (%v)", isErr, c.isError, m)
			}
			if c.check != nil {
				c.check(t, m)
			}
		})
	}
}

func BenchmarkScoreTool(b *testing.B) {
	benchTool(b, "score", map[string]any{"source": gatePlan, "brief": map[string]any{
		"rooms": 2, "roomsInclude": []any{map[string]any{"concept": "bedroom", "areaM2": map[string]any{"min": 9, "max": 11, "source": "about 10 m²"}}},
		"adjacency": map[string]any{"requiredEdges": map[string]any{"bedroom": []string{"living-room"}}, "source": "off the living room"}}})
}
