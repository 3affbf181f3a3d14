package analysis_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/internal/golden"
)

// encode writes facts the way the describe tool does: two-space indent, no
// HTML escaping, a final newline.
func encode(t testing.TB, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestGolden describes every testdata plan through the facade and compares
// the JSON with its golden file. Each golden was checked against the
// reference describe (equal but for the wording of diagnostic messages).
func TestGolden(t *testing.T) {
	plans, err := filepath.Glob("testdata/*.arch")
	if err != nil || len(plans) == 0 {
		t.Fatalf("no testdata plans: %v", err)
	}
	for _, path := range plans {
		name := strings.TrimSuffix(filepath.Base(path), ".arch")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			got := encode(t, compile.Describe(src, compile.DescribeOptions{}).Facts)
			gpath := strings.TrimSuffix(path, ".arch") + ".golden.json"
			if golden.Update() {
				if err := os.WriteFile(gpath, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(gpath)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("describe differs from %s (run with -update after checking)\n%s", gpath, got)
			}
		})
	}
}

// TestDeterministic describes the same plan twice and expects identical
// bytes.
func TestDeterministic(t *testing.T) {
	src, err := os.ReadFile("testdata/rooms-doors.arch")
	if err != nil {
		t.Fatal(err)
	}
	a := encode(t, compile.Describe(src, compile.DescribeOptions{}).Facts)
	b := encode(t, compile.Describe(src, compile.DescribeOptions{}).Facts)
	if !bytes.Equal(a, b) {
		t.Error("two describes of one plan differ")
	}
}

// TestEmpty pins the shape of a plan that did not compile: every list
// present and empty, circulation null.
func TestEmpty(t *testing.T) {
	got := string(encode(t, analysis.Empty()))
	for _, want := range []string{`"ok": false`, `"rooms": []`, `"circulation": null`, `"input_graph": {}`, `"elements": []`, `"diagnostics": null`} {
		if !strings.Contains(got, want) {
			t.Errorf("Empty() lacks %s:\n%s", want, got)
		}
	}
	if analysis.Describe(nil, analysis.Options{}).OK {
		t.Error("Describe(nil) is ok")
	}
}

func BenchmarkDescribe(b *testing.B) {
	src, err := os.ReadFile("testdata/rooms-doors.arch")
	if err != nil {
		b.Fatal(err)
	}
	p, diags := compile.Resolve(source.NewFile("plan.arch", src))
	if p == nil || diags.HasErrors() {
		b.Fatal("plan does not resolve")
	}
	b.ReportAllocs()
	for b.Loop() {
		analysis.Describe(p, analysis.Options{})
	}
}

func BenchmarkDescribeFacade(b *testing.B) {
	src, err := os.ReadFile("testdata/zones.arch")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		compile.Describe(src, compile.DescribeOptions{})
	}
}

// TestHostile describes plans with extreme geometry: no panic, bounded
// work.
func TestHostile(t *testing.T) {
	for _, src := range []string{
		"plan \"H\" {\n  room id=a at (0,0) size 1000000000x100\n  wall exterior thickness 200 { (0,0) (1000000000,0) }\n  door at (500,0) width 900 wall exterior\n}\n",
		"plan \"H\" {\n  room id=a at (-1e300,-1e300) size 1e300x1e300\n  door at (0,0) width 900\n}\n",
		"plan \"H\" {\n  wall exterior thickness 200 { (0,0) (0,0) }\n  room id=a polygon (0,0) (0,0) (0,0)\n  window at (0,0) width 10 wall exterior\n}\n",
	} {
		r := compile.Describe([]byte(src), compile.DescribeOptions{})
		_ = encode(t, r.Facts)
	}
}

// FuzzDescribe feeds arbitrary source through describe: it must not panic
// and its answer must always encode.
func FuzzDescribe(f *testing.F) {
	plans, _ := filepath.Glob("testdata/*.arch")
	for _, p := range plans {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 1<<14 {
			return
		}
		r := compile.Describe(src, compile.DescribeOptions{})
		if _, err := json.Marshal(r.Facts); err != nil {
			t.Fatalf("facts do not encode: %v", err)
		}
	})
}
