package analysis_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/plangen"
	"github.com/archlang-go/caddy-archlang/core/source"
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

// walkPlans is what the walk and route comparisons start from: the
// analysis testdata, the walk plans and room grids of about 3, 9 and 20 KB.
func walkPlans(t testing.TB, globs ...string) map[string][]byte {
	t.Helper()
	plans := readPlans(t, append([]string{"testdata/*.arch", "testdata/intorooms/*.arch"}, globs...)...)
	for _, n := range []int{3000, 9000, 20000} {
		plans[fmt.Sprintf("grid of %d bytes", n)] = plangen.GridOfSize(n)
	}
	return plans
}

// compareResolved resolves every plan and, for each that resolves without
// errors, calls compare, which reports how many things it compared and a
// difference ("" for none). It fails the test on every difference and when
// fewer than atLeast things were compared in all.
func compareResolved(t *testing.T, plans map[string][]byte, atLeast int, compare func(p *ir.Plan, src []byte) (int, string)) {
	t.Helper()
	compared := 0
	for name, src := range plans {
		p, diags := compile.Resolve(source.NewFile("plan.arch", src))
		if p == nil || diags.HasErrors() {
			continue
		}
		n, diff := compare(p, src)
		if diff != "" {
			t.Errorf("%s: %s", name, diff)
		}
		compared += n
	}
	if compared < atLeast {
		t.Fatalf("only %d compared, want at least %d", compared, atLeast)
	}
}
