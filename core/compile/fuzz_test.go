package compile

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzCompile checks that no input makes Compile panic, and that a result
// with errors never carries output.
func FuzzCompile(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "diag", "*.arch"))
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`plan "x" { room id=a right-of a size 1x1 }`))
	f.Add([]byte(`plan "x" { wall w thickness 1 { (0,0) arc (10,0) radius 1 } door on w at 50% width 1 }`))
	f.Fuzz(func(t *testing.T, src []byte) {
		r := Compile(src, Options{})
		if r.Diagnostics.HasErrors() && (r.OK || r.Output != "") {
			t.Fatalf("errors but ok=%v output=%d bytes", r.OK, len(r.Output))
		}
		_ = r.Envelope()
	})
}
