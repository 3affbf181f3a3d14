package mcpserver

import (
	"context"
	"testing"
)

// lintPlan compiles cleanly but has a room nobody can enter, a windowless
// bedroom of 4.5 m² (small only for the accessibility profile) and a
// 800 mm inner door (narrow only for that profile).
const lintPlan = "plan \"L\" {\n" +
	"  wall id=shell exterior thickness 200 { (0,0) (5500,0) (5500,4000) (0,4000) close }\n" +
	"  wall id=p partition thickness 100 { (4000,0) (4000,4000) }\n" +
	"  room id=hall at (0,0) size 4000x4000 label \"Hall\"\n" +
	"  room id=bed at (4000,0) size 1500x3000 label \"Bedroom\"\n" +
	"  room id=store at (4000,3000) size 1500x1000 label \"Store\"\n" +
	"  door id=entry on shell at 1000 width 1000\n" +
	"  door id=inner on p at 1500 width 800\n" +
	"}\n"

func TestLintTool(t *testing.T) {
	cs := connect(t, context.Background(), Options{})
	codes := func(m map[string]any) []string {
		var out []string
		for _, d := range m["diagnostics"].([]any) {
			out = append(out, d.(map[string]any)["code"].(string))
		}
		return out
	}
	for _, c := range []struct {
		name    string
		args    map[string]any
		isError bool
		want    []string
	}{
		{"default profile", map[string]any{"source": lintPlan},
			false, []string{"W_BEDROOM_NO_WINDOW", "W_ROOM_TOO_SMALL", "W_ROOM_DISCONNECTED"}},
		{"accessibility profile", map[string]any{"source": lintPlan, "profile": "accessibility-advisory"},
			false, []string{"W_ROOM_TOO_SMALL", "W_BEDROOM_NO_WINDOW", "W_ROOM_TOO_SMALL", "W_ROOM_DISCONNECTED", "W_DOOR_CLEARANCE"}},
		{"unknown profile is the default", map[string]any{"source": lintPlan, "profile": "nope"},
			false, []string{"W_BEDROOM_NO_WINDOW", "W_ROOM_TOO_SMALL", "W_ROOM_DISCONNECTED"}},
		{"errors give no findings", map[string]any{"source": "plan \"E\" {\n  room id=a right-of nowhere size 1000x1000\n}\n"}, false, nil},
		{"no source", map[string]any{}, true, nil},
		{"unknown argument", map[string]any{"source": lintPlan, "format": "svg"}, true, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, isErr := call(t, cs, "lint", c.args)
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
			// The wanted codes come first, in order (the nav-grid rules
			// may follow).
			got := codes(m)
			if len(got) < len(c.want) {
				t.Fatalf("codes = %v, want %v first", got, c.want)
			}
			for i := range c.want {
				if got[i] != c.want[i] {
					t.Errorf("codes = %v, want %v first", got, c.want)
					break
				}
			}
		})
	}
}

func BenchmarkLintTool(b *testing.B) {
	benchTool(b, "lint", map[string]any{"source": lintPlan})
}
