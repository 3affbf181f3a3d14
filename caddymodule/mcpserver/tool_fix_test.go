package mcpserver

import (
	"context"
	"testing"
)

// fixPlan has a door 400 mm off its wall (a machine-applicable fix) and a
// hinged door with an `open` clause (an error whose fix deletes it).
const fixPlan = "plan \"F\" {\n" +
	"  wall id=w exterior thickness 200 { (0,0) (5000,0) (5000,4000) (0,4000) close }\n" +
	"  room id=r at (0,0) size 5000x4000 label \"R\"\n" +
	"  door id=d1 at (2000,4400) width 900\n" +
	"  door id=d2 on w at 10% width 800 open 0.5\n" +
	"}\n"

// tiePlan's door is as near to one wall as to the other: its fix is only
// maybe-incorrect.
const tiePlan = "plan \"T\" {\n" +
	"  wall id=a exterior thickness 200 { (0,0) (4000,0) }\n" +
	"  wall id=b exterior thickness 200 { (0,2000) (4000,2000) }\n" +
	"  room id=r at (0,0) size 4000x2000 label \"R\"\n" +
	"  door at (2000,1000) width 800\n" +
	"}\n"

func TestFixTool(t *testing.T) {
	cs := connect(t, context.Background(), Options{})
	for _, c := range []struct {
		name    string
		args    map[string]any
		isError bool
		ok      bool
		passes  float64
		source  string
	}{
		{"two fixes in one pass", map[string]any{"source": fixPlan}, false, true, 1,
			"plan \"F\" {\n" +
				"  wall id=w exterior thickness 200 { (0,0) (5000,0) (5000,4000) (0,4000) close }\n" +
				"  room id=r at (0,0) size 5000x4000 label \"R\"\n" +
				"  door id=d1 on w at 66.667% width 900\n" +
				"  door id=d2 on w at 10% width 800\n" +
				"}\n"},
		{"maybe-incorrect waits for unsafe", map[string]any{"source": tiePlan}, false, true, 0, tiePlan},
		{"unsafe", map[string]any{"source": tiePlan, "unsafe": true}, false, true, 1,
			"plan \"T\" {\n" +
				"  wall id=a exterior thickness 200 { (0,0) (4000,0) }\n" +
				"  wall id=b exterior thickness 200 { (0,2000) (4000,2000) }\n" +
				"  room id=r at (0,0) size 4000x2000 label \"R\"\n" +
				"  door on a at 50% width 800\n" +
				"}\n"},
		{"errors without fixes stay", map[string]any{"source": "plan \"E\" {\n  rooom a\n}\n"}, false, false, 0, "plan \"E\" {\n  rooom a\n}\n"},
		{"no source", map[string]any{}, true, false, 0, ""},
		{"unknown argument", map[string]any{"source": fixPlan, "profile": "x"}, true, false, 0, ""},
		{"unsafe must be a boolean", map[string]any{"source": fixPlan, "unsafe": "yes"}, true, false, 0, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, isErr := call(t, cs, "fix", c.args)
			if isErr != c.isError {
				t.Fatalf("isError = %v, want %v (%v)", isErr, c.isError, m)
			}
			if m["ok"] != c.ok {
				t.Errorf("ok = %v, want %v", m["ok"], c.ok)
			}
			if c.isError {
				return
			}
			if m["passes"] != c.passes || m["source"] != c.source {
				t.Errorf("passes = %v, source =\n%v\nwant %v passes, source =\n%s", m["passes"], m["source"], c.passes, c.source)
			}
			if _, ok := m["applied"].([]any); !ok {
				t.Errorf("applied = %v, want an array", m["applied"])
			}
			if _, ok := m["skipped"].([]any); !ok {
				t.Errorf("skipped = %v, want an array", m["skipped"])
			}
		})
	}
}

func BenchmarkFixTool(b *testing.B) {
	benchTool(b, "fix", map[string]any{"source": fixPlan})
}
