package mcpserver

import (
	"context"
	"strings"
	"testing"
)

// TestCompileTxt draws a plan as a text grid through the compile tool.
func TestCompileTxt(t *testing.T) {
	cs := connect(t, context.Background(), Options{})
	src := "plan \"T\" {\n  wall exterior thickness 200 { (0,0) (8000,0) (8000,4000) (0,4000) close }\n" +
		"  room id=k at (0,0) size 8000x4000 label \"Kitchen\"\n  window at (4000,0) width 1200 wall exterior\n}\n"
	env, isErr := call(t, cs, "compile", map[string]any{"source": src, "format": "txt"})
	out, _ := env["output"].(string)
	if isErr || env["ok"] != true || env["format"] != "txt" {
		t.Fatalf("isError %v, envelope %v", isErr, env)
	}
	if strings.Contains(out, "<svg") || !strings.Contains(out, "Kitchen") || !strings.Contains(out, "=") || !strings.HasSuffix(out, "\n") {
		t.Errorf("txt output:\n%s", out)
	}
}
