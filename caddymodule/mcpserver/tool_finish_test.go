package mcpserver

import (
	"context"
	"strings"
	"testing"
)

// finishPlan has one machine-fixable error (a hinge clause on a sliding
// door) and a sofa sunk 100 mm into the exterior wall.
const finishPlan = `plan "Fin" {
  units mm
  grid 100
  wall exterior thickness 200 { (0,0) (5000,0) (5000,4000) (0,4000) close }
  room id=liv at (0,0) size 5000x4000 label "Living" uses living
  door sliding at (2500,4000) width 900 wall exterior hinge left
  furniture sofa at (-100,1000) size 2000x900 label "Sofa"
}
`

func TestFinish(t *testing.T) {
	cs := connect(t, context.Background(), Options{})
	env, isErr := call(t, cs, "finish", map[string]any{"source": finishPlan})
	if isErr || env["ok"] != true {
		t.Fatalf("isError %v, envelope %v", isErr, env)
	}
	applied, _ := env["applied"].([]any)
	changes, _ := env["changes"].([]any)
	if len(applied) != 1 || applied[0].(map[string]any)["code"] != "E_DOOR_KIND_CLAUSE" {
		t.Errorf("applied = %v", applied)
	}
	if len(changes) != 1 || changes[0].(map[string]any)["kind"] != "moved" {
		t.Errorf("changes = %v", changes)
	}
	src, _ := env["source"].(string)
	if strings.Contains(src, "hinge left") || !strings.Contains(src, "sofa at (100, 1000)") {
		t.Errorf("finished source:\n%s", src)
	}
	if r, _ := env["rounds"].(float64); r < 1 {
		t.Errorf("rounds = %v", env["rounds"])
	}
	// A finished plan is a fixpoint: finishing it again changes nothing.
	again, _ := call(t, cs, "finish", map[string]any{"source": src})
	if again["source"] != src || again["rounds"] != float64(0) {
		t.Errorf("second finish changed the source or counted rounds: %v", again["rounds"])
	}
}

func BenchmarkFinishTool(b *testing.B) {
	benchTool(b, "finish", map[string]any{"source": finishPlan})
}
