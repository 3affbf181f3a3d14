package integration

import (
	"strings"
	"testing"
	"time"
)

// overlayPlan is three rooms in a row reached through one entrance, so
// every room has a walk to draw.
const overlayPlan = `plan "Row" {
  units mm
  wall exterior thickness 200 { (0,0) (9000,0) (9000,3000) (0,3000) close }
  wall id=v1 partition thickness 100 { (3000,0) (3000,3000) }
  wall id=v2 partition thickness 100 { (6000,0) (6000,3000) }
  room id=a at (0,0) size 3000x3000 label "Kitchen"
  room id=r at (3000,0) size 3000x3000 label "Hall"
  room id=b at (6000,0) size 3000x3000 label "Living"
  door at (1500,0) width 900 wall exterior
  door at (3000,1500) width 900 wall v1
  door at (6000,1500) width 900 wall v2
}
`

// TestCompileOverlayThroughCaddy: an MCP client asks compile for the
// circulation overlay through Caddy and gets the drawing with its walks
// layer (dashed legs, a pinch diamond with its width); the plain drawing
// has no such layer, and an unknown overlay value draws the plain plan.
func TestCompileOverlayThroughCaddy(t *testing.T) {
	ctx, cs := connectSDK(t, 30*time.Second)
	output := func(args map[string]any) string {
		t.Helper()
		var env struct {
			OK     bool   `json:"ok"`
			Output string `json:"output"`
		}
		if callJSON(t, ctx, cs, "compile", args, &env); !env.OK {
			t.Fatalf("compile %v: not ok", args["overlay"])
		}
		return env.Output
	}
	over := output(map[string]any{"source": overlayPlan, "overlay": "circulation"})
	plain := output(map[string]any{"source": overlayPlan})
	other := output(map[string]any{"source": overlayPlan, "overlay": "heatmap"})
	if !strings.Contains(over, `id="A-ANNO"`) || !strings.Contains(over, "stroke-dasharray") || !strings.Contains(over, "<polygon points=") {
		t.Errorf("the overlaid drawing has no walks layer with dashed legs and a diamond:\n%s", over)
	}
	if strings.Contains(plain, `id="A-ANNO"`) {
		t.Error("the plain drawing has a walks layer")
	}
	if other != plain {
		t.Error("an unknown overlay value does not draw the plain plan")
	}
}
