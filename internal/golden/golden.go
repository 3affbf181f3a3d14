// Package golden is the one golden-file helper of the module's tests: a
// single -update flag, and a check that compares an output with its file
// under testdata (or rewrites the file when -update is given).
//
//	go test ./core/... -update   # rewrite the goldens, then review the diff
package golden

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata from the current output")

// Update reports whether the tests run with -update: goldens are to be
// rewritten, not compared.
func Update() bool { return *update }

// Check compares got with the golden file at path. With -update it writes
// got to path instead (creating its directory). A mismatch fails the test
// with the first differing line.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output (run go test -update and review the diff):\n%s", path, FirstDiff(string(got), string(want)))
	}
}

// FirstDiff describes the first line where got and want differ.
func FirstDiff(got, want string) string {
	gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(gl) && i < len(wl); i++ {
		if gl[i] != wl[i] {
			return fmt.Sprintf("line %d:\n got  %s\n want %s", i+1, gl[i], wl[i])
		}
	}
	return fmt.Sprintf("got %d lines, want %d", len(gl), len(wl))
}
