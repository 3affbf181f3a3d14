package mcpserver

import (
	"context"
	"strings"
	"testing"
)

// overlayPlan is a 2×2 grid of rooms entered from the north, every room
// reached through doors.
const overlayPlan = `plan "G" {
  units mm
  wall exterior thickness 200 { (0,0) (3000,0) (3000,3000) (0,3000) close }
  wall partition thickness 100 { (1500,0) (1500,3000) }
  wall partition thickness 100 { (0,1500) (3000,1500) }
  room id=a at (0,0) size 1500x1500 label "A"
  room id=b at (1500,0) size 1500x1500 label "B"
  room id=c at (0,1500) size 1500x1500 label "C"
  room id=d at (1500,1500) size 1500x1500 label "D"
  door id=e at (750,0) width 900 wall exterior
  door at (750,1500) width 800 wall partition
  door at (1500,750) width 800 wall partition
  door at (2250,1500) width 800 wall partition
}
`

// TestCompileOverlay: overlay "circulation" adds the walks' layer; any
// other value (and none) draws the plain plan.
func TestCompileOverlay(t *testing.T) {
	cs := connect(t, context.Background(), Options{})
	env, isErr := call(t, cs, "compile", map[string]any{"source": overlayPlan, "overlay": "circulation"})
	out, _ := env["output"].(string)
	if isErr || env["ok"] != true {
		t.Fatalf("isError %v, envelope %v", isErr, env)
	}
	if !strings.Contains(out, `<g id="A-ANNO"`) || strings.Count(out, "stroke-dasharray") < 4 || !strings.Contains(out, ">840</text>") {
		t.Errorf("no circulation layer:\n%s", out)
	}
	plain, _ := call(t, cs, "compile", map[string]any{"source": overlayPlan})
	other, isErr := call(t, cs, "compile", map[string]any{"source": overlayPlan, "overlay": "heatmap"})
	if isErr || other["ok"] != true || other["output"] != plain["output"] {
		t.Errorf("an unknown overlay should draw the plain plan: isError %v", isErr)
	}
	if s, _ := plain["output"].(string); strings.Contains(s, `<g id="A-ANNO"`) {
		t.Errorf("plain plan has the overlay layer")
	}
}
