package mcpserver

import (
	"context"
	"testing"
)

// gatePlan is a two-room flat: a living room off the entrance and a
// bedroom behind it, 24 m² in all, one window facing east.
const gatePlan = "plan \"G\" {\n  units mm\n" +
	"  wall exterior thickness 200 { (0,0) (6000,0) (6000,4000) (0,4000) close }\n" +
	"  wall partition thickness 100 { (3500,0) (3500,4000) }\n" +
	"  room id=liv at (0,0) size 3500x4000 label \"Living\" uses living\n  room id=bed at (3500,0) size 2500x4000 label \"Bedroom\"\n" +
	"  door id=front at (1500,4000) width 900 wall exterior\n  door id=d at (3500,2000) width 800 wall partition\n" +
	"  window at (6000,2000) width 1200 wall exterior\n}\n"

func TestValidateTool(t *testing.T) {
	cs := connect(t, context.Background(), Options{})
	for _, c := range []struct {
		name    string
		args    map[string]any
		isError bool
		check   func(t *testing.T, m map[string]any)
	}{
		{"plain", map[string]any{"source": gatePlan}, false, func(t *testing.T, m map[string]any) {
			if m["ok"] != true || m["strict"] != false || m["intent"] != nil || m["graph"] != nil {
				t.Errorf("got %v", m)
			}
			if _, ok := m["diagnostics"].([]any); !ok {
				t.Errorf("diagnostics = %v", m["diagnostics"])
			}
		}},
		{"strict", map[string]any{"source": gatePlan, "strict": true}, false, func(t *testing.T, m map[string]any) {
			if m["strict"] != true {
				t.Errorf("got %v", m)
			}
		}},
		{"errors fail", map[string]any{"source": "plan \"E\" {\n  room at (0,0) size 0x10\n}\n"}, true, func(t *testing.T, m map[string]any) {
			if m["ok"] != false || len(m["diagnostics"].([]any)) == 0 {
				t.Errorf("got %v", m)
			}
		}},
		{"graph match", map[string]any{"source": gatePlan, "graph": map[string]any{"Living": []string{"bed"}}}, false, func(t *testing.T, m map[string]any) {
			g := m["graph"].(map[string]any)
			if g["ok"] != true || len(g["missing_rooms"].([]any)) != 0 {
				t.Errorf("graph = %v", g)
			}
		}},
		{"graph mismatch", map[string]any{"source": gatePlan, "graph": map[string]any{"liv": []string{"kitchen"}}}, true, func(t *testing.T, m map[string]any) {
			g := m["graph"].(map[string]any)
			if g["ok"] != false || g["missing_rooms"].([]any)[0] != "kitchen" || len(g["extra_connections"].([]any)) != 1 {
				t.Errorf("graph = %v", g)
			}
		}},
		{"graph null is no graph", map[string]any{"source": gatePlan, "graph": nil}, false, func(t *testing.T, m map[string]any) {
			if _, ok := m["graph"]; ok {
				t.Errorf("got %v", m)
			}
		}},
		{"graph of the wrong shape", map[string]any{"source": gatePlan, "graph": map[string]any{"liv": "bed"}}, true, func(t *testing.T, m map[string]any) {
			if m["ok"] != false || m["diagnostics"] == nil {
				t.Errorf("got %v", m)
			}
		}},
		{"intent met", map[string]any{"source": gatePlan, "intent": map[string]any{
			"rooms": 2, "roomsInclude": []any{map[string]any{"concept": "bedroom", "windows": map[string]any{"facing": "E"}}},
			"totalAreaM2": map[string]any{"min": 21.6, "max": 26.4, "source": "about 24 m²"}, "reachable": true}}, false,
			func(t *testing.T, m map[string]any) {
				in := m["intent"].(map[string]any)
				if in["ok"] != true || in["satisfied"] != 5.0 || in["total"] != 5.0 || len(in["violations"].([]any)) != 0 || len(in["feedback"].([]any)) != 0 {
					t.Errorf("intent = %v", in)
				}
				sub := in["subscores"].(map[string]any)
				if sub["rooms"] != 1.0 || sub["labels"] != 1.0 || sub["area"] != 1.0 || sub["adjacency"] != 1.0 {
					t.Errorf("subscores = %v", sub)
				}
			}},
		{"intent missed", map[string]any{"source": gatePlan, "intent": map[string]any{
			"roomsInclude": []any{map[string]any{"concept": "bathroom"}},
			"adjacency":    map[string]any{"requiredEdges": map[string]any{"bedroom": []string{"living-room"}}, "source": "off the living room"}}}, true,
			func(t *testing.T, m map[string]any) {
				in := m["intent"].(map[string]any)
				vs := in["violations"].([]any)
				if m["ok"] != false || in["ok"] != false || len(vs) != 1 || len(in["feedback"].([]any)) != 1 {
					t.Fatalf("got %v", m)
				}
				v := vs[0].(map[string]any)
				if v["code"] != "E_INTENT_ROOM_MISSING" || v["gate"] != true {
					t.Errorf("violation = %v", v)
				}
			}},
		{"intent malformed", map[string]any{"source": gatePlan, "strict": true, "intent": map[string]any{"rooms": -1, "extra": true}}, true,
			func(t *testing.T, m map[string]any) {
				errs := m["intentErrors"].([]any)
				if m["ok"] != false || m["strict"] != true || m["diagnostics"] != nil || len(errs) != 2 ||
					errs[0] != "/extra: unknown key" || errs[1] != "/rooms: expected an integer ≥ 0" {
					t.Errorf("got %v", m)
				}
			}},
		{"intent null", map[string]any{"source": gatePlan, "intent": nil}, true, func(t *testing.T, m map[string]any) {
			if errs, _ := m["intentErrors"].([]any); len(errs) != 1 || errs[0] != "/: expected a top-level object" {
				t.Errorf("got %v", m)
			}
		}},
		{"no source", map[string]any{"strict": true}, true, nil},
		{"unknown argument", map[string]any{"source": gatePlan, "brief": map[string]any{}}, true, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, isErr := call(t, cs, "validate", c.args)
			if isErr != c.isError {
				t.Errorf("isError = %v, want %v (%v)", isErr, c.isError, m)
			}
			if c.check != nil {
				c.check(t, m)
			}
		})
	}
}

func BenchmarkValidateTool(b *testing.B) {
	benchTool(b, "validate", map[string]any{"source": gatePlan, "strict": true,
		"graph":  map[string]any{"liv": []string{"bed"}},
		"intent": map[string]any{"rooms": 2, "roomsInclude": []any{map[string]any{"concept": "bedroom", "windows": map[string]any{"min": 1}}}}})
}
