package suggest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

// FuzzSuggest feeds arbitrary sources to suggest: no panics, ok always,
// never a nil list, and every candidate is one door or window statement.
func FuzzSuggest(f *testing.F) {
	plans, _ := filepath.Glob("testdata/*.arch")
	for _, p := range plans {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		res := compile.Suggest(src, compile.SuggestOptions{})
		if !res.OK || res.Suggestions == nil {
			t.Fatalf("result %+v", res)
		}
		for _, s := range res.Suggestions {
			if s.Candidates == nil || len(s.Candidates) > 3 {
				t.Fatalf("candidates %+v", s.Candidates)
			}
			for _, c := range s.Candidates {
				if !strings.HasPrefix(c.InsertText, "door ") && !strings.HasPrefix(c.InsertText, "window ") || strings.Contains(c.InsertText, "\n") {
					t.Fatalf("insertText %q", c.InsertText)
				}
			}
		}
	})
}
