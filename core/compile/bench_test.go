package compile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func benchPlan(b *testing.B, name string) []byte {
	b.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "diag", name))
	if err != nil {
		b.Fatal(err)
	}
	return src
}

// BenchmarkCompile measures a full compile (parse, expand, resolve, SVG)
// of a small plan with scripting, instances and furniture.
func BenchmarkCompile(b *testing.B) {
	src := benchPlan(b, "instances.arch")
	b.ReportAllocs()
	for b.Loop() {
		Compile(src, Options{})
	}
}

// BenchmarkCompileDiagnostics measures a compile that stops at errors.
func BenchmarkCompileDiagnostics(b *testing.B) {
	src := benchPlan(b, "stage-order.arch")
	b.ReportAllocs()
	for b.Loop() {
		Compile(src, Options{})
	}
}

// BenchmarkCompileManyMisspeltRefs is the heal pass at its worst under the
// byte cap: hundreds of doors naming a wall id one letter off from one of
// hundreds of long, alike ids, so every unknown id is matched against every
// declared one.
func BenchmarkCompileManyMisspeltRefs(b *testing.B) {
	var s strings.Builder
	s.WriteString("plan \"H\" {\n  units mm\n")
	long := strings.Repeat("w", 60)
	for i := range 290 {
		fmt.Fprintf(&s, "  wall id=%s%05d partition thickness 100 { (%d,0) (%d,1000) }\n", long, i, i*10, i*10)
	}
	for i := range 290 {
		fmt.Fprintf(&s, "  door on %s%05dx at 50%% width 800\n", long, i)
	}
	s.WriteString("}\n")
	src := []byte(s.String())
	b.ReportAllocs()
	for b.Loop() {
		Compile(src, Options{})
	}
}
