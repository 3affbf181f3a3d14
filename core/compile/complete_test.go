package compile

import (
	"os"
	"strings"
	"testing"
)

func TestComplete(t *testing.T) {
	const src = "plan \"P\" {\n  let W = 4000\n  for i in 0..2 {\n    let x = i * W\n  }\n}\n"
	for _, c := range []struct {
		at   int
		want string
	}{
		{0, "W"},
		{strings.Index(src, "for"), "W i x"},
		{strings.Index(src, "let x"), "W i x"},
		{len(src), "W"},
	} {
		r := Complete([]byte(src), c.at)
		if !r.OK || len(r.Items) < 40 {
			t.Fatalf("at %d: ok=%v, %d items", c.at, r.OK, len(r.Items))
		}
		var got []string
		for _, it := range r.Items[40:] {
			got = append(got, it.Label)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("at %d: %q, want %q", c.at, strings.Join(got, " "), c.want)
		}
	}
}

func BenchmarkComplete(b *testing.B) {
	src, err := os.ReadFile("testdata/fix/two-passes.arch")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		Complete(src, 100)
	}
}
