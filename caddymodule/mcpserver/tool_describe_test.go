package mcpserver

import (
	"context"
	"testing"
)

const describePlan = "plan \"D\" {\n  units mm\n" +
	"  wall exterior thickness 200 { (0,0) (6000,0) (6000,4000) (0,4000) close }\n" +
	"  wall partition thickness 100 { (3500,0) (3500,4000) }\n" +
	"  room id=liv at (0,0) size 3500x4000 label \"Living\" uses living\n  room id=bed at (3500,0) size 2500x4000 label \"Bedroom\"\n" +
	"  door id=front at (1500,0) width 900 wall exterior\n  opening id=o at (3500,2000) width 900 wall partition\n" +
	"  window at (5000,4000) width 1200 wall exterior\n  furniture bed at (4000,300) size 1500x2000\n}\n"

func TestDescribeTool(t *testing.T) {
	cs := connect(t, context.Background(), Options{})
	for _, c := range []struct {
		name    string
		args    map[string]any
		isError bool
		check   func(t *testing.T, m map[string]any)
	}{
		{"facts", map[string]any{"source": describePlan}, false, func(t *testing.T, m map[string]any) {
			if m["ok"] != true || m["plan"] != "D" {
				t.Errorf("ok/plan = %v/%v", m["ok"], m["plan"])
			}
			rooms := m["rooms"].([]any)
			if len(rooms) != 2 || rooms[1].(map[string]any)["room_type"] != "MasterRoom" {
				t.Errorf("rooms = %v", rooms)
			}
			want := "\"D\" — a 2-room floor plan, 24 m² total: Living (14 m²), Bedroom (10 m²); 1 door, 1 window, entrance via front."
			if m["caption"] != want {
				t.Errorf("caption = %q, want %q", m["caption"], want)
			}
			acc := m["access"].(map[string]any)
			if acc["hasEntrance"] != true {
				t.Errorf("access = %v", acc)
			}
		}},
		{"errors", map[string]any{"source": "plan \"E\" {\n  room id=a right-of nowhere size 1000x1000\n}\n"}, true, func(t *testing.T, m map[string]any) {
			if m["ok"] != false || m["plan"] != "" || len(m["rooms"].([]any)) != 0 || len(m["diagnostics"].([]any)) == 0 {
				t.Errorf("got %v", m)
			}
			if m["circulation"] != nil {
				t.Errorf("circulation = %v, want null", m["circulation"])
			}
		}},
		{"no source", map[string]any{}, true, func(t *testing.T, m map[string]any) {
			if m["ok"] != false {
				t.Errorf("got %v", m)
			}
		}},
		{"unknown argument", map[string]any{"source": describePlan, "format": "svg"}, true, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, isErr := call(t, cs, "describe", c.args)
			if isErr != c.isError {
				t.Errorf("isError = %v, want %v (%v)", isErr, c.isError, m)
			}
			if c.check != nil {
				c.check(t, m)
			}
		})
	}
}

func BenchmarkDescribeTool(b *testing.B) {
	benchTool(b, "describe", map[string]any{"source": describePlan})
}
