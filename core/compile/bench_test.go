package compile

import (
	"os"
	"path/filepath"
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
