package mcpserver

import (
	"context"
	"testing"
	"testing/fstest"
)

// TestCompileImports: with Options.Imports set, compile resolves `import`
// through it; without, the same plan reports E_IMPORT_NOT_FOUND.
func TestCompileImports(t *testing.T) {
	lib := fstest.MapFS{"lib/bits.arch": {Data: []byte(
		"plan \"Bits\" {\n  component box(x, y) {\n    furniture crate at (x, y) size 500x500 label \"Box\"\n  }\n}\n")}}
	src := "plan \"I\" {\n  import \"lib/bits.arch\": box\n" +
		"  wall exterior thickness 200 { (0,0) (3000,0) (3000,3000) (0,3000) close }\n" +
		"  box(1000, 1000)\n}\n"
	for _, tc := range []struct {
		name     string
		opts     Options
		wantOK   bool
		wantCode string
	}{
		{"with library", Options{Imports: lib}, true, ""},
		{"without library", Options{}, false, "E_IMPORT_NOT_FOUND"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cs := connect(t, context.Background(), tc.opts)
			env, isErr := call(t, cs, "compile", map[string]any{"source": src})
			if ok, _ := env["ok"].(bool); ok != tc.wantOK || isErr == tc.wantOK {
				t.Fatalf("ok = %v, isError = %v; want ok %v: %v", env["ok"], isErr, tc.wantOK, env["diagnostics"])
			}
			ds, _ := env["diagnostics"].([]any)
			if tc.wantCode == "" {
				if len(ds) != 0 {
					t.Errorf("diagnostics = %v, want none", ds)
				}
				return
			}
			if len(ds) == 0 || ds[0].(map[string]any)["code"] != tc.wantCode {
				t.Errorf("diagnostics = %v, want %s first", ds, tc.wantCode)
			}
		})
	}
}

// TestCompileLevel: level picks one storey and lists the storeys there are.
func TestCompileLevel(t *testing.T) {
	src := "plan \"L\" {\n  units mm\n" +
		"  level 1 \"Ground\" {\n    wall exterior thickness 200 { (0,0) (3000,0) (3000,3000) (0,3000) close }\n  }\n" +
		"  level 2 \"Upper\" {\n    wall exterior thickness 200 { (0,0) (3000,0) (3000,3000) (0,3000) close }\n  }\n}\n"
	cs := connect(t, context.Background(), Options{})
	env, isErr := call(t, cs, "compile", map[string]any{"source": src, "level": 2})
	if env["ok"] != true || isErr || env["level"] != float64(2) || env["output"] == nil {
		t.Errorf("level 2: ok=%v isError=%v level=%v", env["ok"], isErr, env["level"])
	}
	if lv, _ := env["levels"].([]any); len(lv) != 2 {
		t.Errorf("levels = %v, want [1 2]", env["levels"])
	}
	env, isErr = call(t, cs, "compile", map[string]any{"source": src, "level": 7})
	if env["ok"] != false || !isErr || env["error"] == nil || env["output"] != nil {
		t.Errorf("level 7: %v", env)
	}
}
