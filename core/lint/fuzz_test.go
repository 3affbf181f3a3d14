package lint_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

// FuzzLint feeds arbitrary sources through compile and lint: lint must
// never panic, and a plan with errors has no findings.
func FuzzLint(f *testing.F) {
	plans, _ := filepath.Glob("testdata/rules/*.arch")
	for _, p := range plans {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b, false)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, a11y bool) {
		opts := compile.LintOptions{}
		if a11y {
			opts.Profile = "accessibility-advisory"
		}
		res := compile.Lint(src, opts)
		if res.Compile.HasErrors() && len(res.Findings) != 0 {
			t.Fatalf("findings on a plan with errors: %v", res.Findings)
		}
		for _, d := range res.Findings {
			if d.Code == "" || d.Span.Start < 0 || d.Span.End > len(src) || d.Span.Start > d.Span.End {
				t.Fatalf("bad finding %+v", d)
			}
			for _, fx := range d.Fixes {
				for _, e := range fx.Edits {
					if e.Span.Start < 0 || e.Span.End > len(src) || e.Span.Start > e.Span.End {
						t.Fatalf("bad edit %+v in %+v", e, d)
					}
				}
			}
		}
	})
}
