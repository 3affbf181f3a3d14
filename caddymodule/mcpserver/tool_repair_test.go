package mcpserver

import (
	"context"
	"testing"
)

// repairPlan has a sofa straddling the partition.
const repairPlan = "plan \"R\" {\n" +
	"  units mm\n" +
	"  grid 50\n" +
	"  wall exterior thickness 200 { (0,0) (8000,0) (8000,4000) (0,4000) close }\n" +
	"  wall partition thickness 100 { (4000,0) (4000,4000) }\n" +
	"  room id=a at (0,0) size 4000x4000 label \"A\"\n" +
	"  room id=b at (4000,0) size 4000x4000 label \"B\"\n" +
	"  furniture sofa at (3200,1000) size 1000x900\n" +
	"}\n"

const repairedPlan = "plan \"R\" {\n" +
	"  units mm\n" +
	"  grid 50\n" +
	"  north up\n" +
	"\n" +
	"  wall exterior thickness 200 { (0, 0) (8000, 0) (8000, 4000) (0, 4000) close }\n" +
	"  wall partition thickness 100 { (4000, 0) (4000, 4000) }\n" +
	"  room id=a at (0, 0) size 4000x4000 label \"A\"\n" +
	"  room id=b at (4000, 0) size 4000x4000 label \"B\"\n" +
	"  furniture sofa at (2950, 1000) size 1000x900\n" +
	"}\n"

func TestRepairTool(t *testing.T) {
	cs := connect(t, context.Background(), Options{})
	broken := "plan \"E\" {\n  room\n"
	for _, c := range []struct {
		name       string
		args       map[string]any
		isError    bool
		changed    bool
		changes    int
		unresolved int
		source     string
	}{
		{"a sofa through a wall", map[string]any{"source": repairPlan}, false, true, 1, 0, repairedPlan},
		{"already sound", map[string]any{"source": repairedPlan}, false, false, 0, 0, repairedPlan},
		{"does not parse", map[string]any{"source": broken}, false, false, 0, 1, broken},
		{"no source", map[string]any{}, true, false, 0, 0, ""},
		{"unknown argument", map[string]any{"source": repairPlan, "unsafe": true}, true, false, 0, 0, ""},
		{"source must be a string", map[string]any{"source": 5}, true, false, 0, 0, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, isErr := call(t, cs, "repair", c.args)
			if isErr != c.isError {
				t.Fatalf("isError = %v, want %v (%v)", isErr, c.isError, m)
			}
			if c.isError {
				if m["ok"] != false {
					t.Errorf("ok = %v, want false", m["ok"])
				}
				return
			}
			if m["ok"] != true || m["changed"] != c.changed || m["source"] != c.source {
				t.Errorf("ok = %v, changed = %v, source =\n%v\nwant changed %v, source =\n%s", m["ok"], m["changed"], m["source"], c.changed, c.source)
			}
			if ch, ok := m["changes"].([]any); !ok || len(ch) != c.changes {
				t.Errorf("changes = %v, want %d", m["changes"], c.changes)
			}
			if un, ok := m["unresolved"].([]any); !ok || len(un) != c.unresolved {
				t.Errorf("unresolved = %v, want %d", m["unresolved"], c.unresolved)
			}
		})
	}
}

func BenchmarkRepairTool(b *testing.B) {
	benchTool(b, "repair", map[string]any{"source": repairPlan})
}
