package integration

import (
	"strings"
	"testing"
	"time"
)

// TestFinishHealsThroughCaddy: an MCP client calls finish (unsafe) through
// Caddy on plans with one ordinary mistake each (a misspelt keyword, a
// missing closing brace, a pasted statement); the source it gets back
// compiles, and every change is reported with its reason and span.
func TestFinishHealsThroughCaddy(t *testing.T) {
	ctx, cs := connectSDK(t, 30*time.Second)
	call := func(name string, args map[string]any) map[string]any {
		t.Helper()
		var v map[string]any
		callJSON(t, ctx, cs, name, args, &v)
		return v
	}
	mistakes := map[string]string{
		"keyword": strings.Replace(plan, "  room ", "  rooom ", 1),
		"brace":   strings.TrimSuffix(strings.TrimSpace(plan), "}") + "\n",
		"pasted":  strings.Replace(plan, "  room ", "  room id=r1 at (0,0) size 4000x3000\n  room id=r1 at (0,0) size 4000x3000\n  room ", 1),
	}
	for kind, src := range mistakes {
		if call("compile", map[string]any{"source": src})["ok"] == true {
			t.Fatalf("%s: the broken plan compiles", kind)
		}
		f := call("finish", map[string]any{"source": src, "unsafe": true})
		fixed, _ := f["source"].(string)
		if fixed == "" {
			t.Fatalf("%s: finish returned no source: %v", kind, f)
		}
		if got := call("compile", map[string]any{"source": fixed}); got["ok"] != true {
			t.Errorf("%s: the finished plan does not compile: %v\n%s", kind, got["diagnostics"], fixed)
		}
		applied, _ := f["applied"].([]any)
		if len(applied) == 0 {
			t.Errorf("%s: finish reports no applied fix: %v", kind, f)
		}
		for _, a := range applied {
			m, _ := a.(map[string]any)
			if m["reason"] == nil || m["span"] == nil {
				t.Errorf("%s: an applied fix without reason or span: %v", kind, m)
			}
		}
	}
}
