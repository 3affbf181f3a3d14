package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFirstDiff(t *testing.T) {
	for _, c := range []struct{ got, want, has string }{
		{"a\nb\nc", "a\nx\nc", "line 2:\n got  b\n want x"},
		{"a\nb", "a\nb\nc", "got 2 lines, want 3"},
	} {
		if d := FirstDiff(c.got, c.want); !strings.Contains(d, c.has) {
			t.Errorf("FirstDiff(%q, %q) = %q, want it to say %q", c.got, c.want, d, c.has)
		}
	}
}

// recorder is a testing.TB that records failures instead of stopping.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.golden")
	if err := os.WriteFile(path, []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &recorder{TB: t}
	Check(r, path, []byte("one\ntwo\n"))
	if r.failed {
		t.Error("equal output failed the check")
	}
	r = &recorder{TB: t}
	Check(r, path, []byte("one\nthree\n"))
	if !r.failed {
		t.Error("a different output passed the check")
	}
}
