package analysis_test

import (
	"os"
	"path/filepath"
	"testing"
)

// readPlans reads every .arch file the globs match, keyed by its path:
// the plans the comparison tests start from before adding random ones.
func readPlans(t testing.TB, globs ...string) map[string][]byte {
	t.Helper()
	plans := map[string][]byte{}
	for _, g := range globs {
		files, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			plans[f] = src
		}
	}
	if len(plans) == 0 {
		t.Fatalf("no plans match %q", globs)
	}
	return plans
}
