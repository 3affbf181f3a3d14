package lint_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/internal/golden"
)

// TestClearPath lints the plans under testdata/clear_path with both
// profiles and checks their W_ROOM_NO_CLEAR_PATH findings (code, line,
// column, span, order) against the expectations taken from the
// reference's lint, then those findings, prose included, against a golden
// file. Only this code is compared: the plans crowd rooms on purpose, and
// the circulation findings that brings are core/analysis's to match.
func TestClearPath(t *testing.T) {
	const code = "W_ROOM_NO_CLEAR_PATH"
	for _, c := range []struct {
		plan, profile, suffix string
		n                     int // clear-path findings expected
	}{
		{"doorways", "", "", 3},
		{"doorways", "accessibility-advisory", ".a11y", 3},
		{"nodoor", "", "", 0},
		{"nodoor", "accessibility-advisory", ".a11y", 0},
		{"oblique", "", "", 1},
		{"oblique", "accessibility-advisory", ".a11y", 1},
		{"curved", "", "", 1},
		{"curved", "accessibility-advisory", ".a11y", 1},
	} {
		t.Run(c.plan+c.suffix, func(t *testing.T) {
			base := filepath.Join("testdata", "clear_path", c.plan)
			src, err := os.ReadFile(base + ".arch")
			if err != nil {
				t.Fatal(err)
			}
			res := compile.Lint(src, compile.LintOptions{Profile: c.profile})
			if res.Compile.HasErrors() {
				t.Fatalf("plan does not compile: %v", res.Compile)
			}
			found := slices.DeleteFunc(slices.Clone(res.Findings), func(d diag.Diagnostic) bool { return d.Code != code })
			var got []string
			for _, d := range found {
				got = append(got, line(res.File, d))
			}
			wantText, err := os.ReadFile(base + c.suffix + ".want")
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, l := range strings.Split(strings.TrimSpace(string(wantText)), "\n") {
				if strings.HasPrefix(l, code+" ") {
					want = append(want, l)
				}
			}
			if len(want) != c.n {
				t.Fatalf("%s holds %d %s findings, the table says %d", base+c.suffix+".want", len(want), code, c.n)
			}
			if !slices.Equal(got, want) {
				t.Errorf("findings differ\n got:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
			}
			var js []diag.JSON
			for _, d := range found {
				js = append(js, diag.ToJSON(res.File, d))
			}
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			if err := enc.Encode(js); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, base+c.suffix+".golden.json", buf.Bytes())
		})
	}
}
