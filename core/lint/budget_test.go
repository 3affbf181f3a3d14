package lint_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/lint"
	"github.com/archlang-go/caddy-archlang/core/plangen"
)

// stackedBeds is n beds on one spot: every pair overlaps.
func stackedBeds(n int) []byte {
	return []byte("plan \"beds\" {\n  units mm\n  for i in 0.." + strconv.Itoa(n) + " { furniture bed at (100,100) size 1000x2000 }\n}\n")
}

// TestFindingCaps checks the per-code cap, the note that ends a cut list
// and the count it gives, the display filter's effect on both, and that
// the listed findings are the first ones in the reference's order.
func TestFindingCaps(t *testing.T) {
	res := compile.Lint(stackedBeds(200), compile.LintOptions{}) // 19 900 pairs
	fs := res.Findings
	if len(fs) != lint.MaxFindingsPerCode+1 {
		t.Fatalf("%d findings, want %d and the note", len(fs), lint.MaxFindingsPerCode)
	}
	for _, d := range fs[:lint.MaxFindingsPerCode] {
		if d.Code != "W_FURNITURE_OVERLAP" {
			t.Fatalf("listed %s, want only W_FURNITURE_OVERLAP", d.Code)
		}
	}
	note := fs[len(fs)-1]
	if note.Code != lint.TruncatedCode || note.Severity != diag.Info || !note.Unplaced {
		t.Fatalf("last = %+v, want the info note", note)
	}
	if !strings.Contains(note.Message, "18900 more findings were left out (W_FURNITURE_OVERLAP: 18900)") {
		t.Errorf("note = %q", note.Message)
	}
	if strings.Contains(note.Message, "stopped comparing") {
		t.Errorf("200 beds should not run out of pairs: %q", note.Message)
	}
	// Filtered to another code, nothing is cut.
	other := compile.Lint(stackedBeds(200), compile.LintOptions{Codes: []string{"W_NO_ENTRANCE"}})
	for _, d := range other.Findings {
		if d.Code == lint.TruncatedCode {
			t.Errorf("a filter that drops the cut code still has the note: %q", d.Message)
		}
	}
}

// TestFindingOrderUnderCap checks that the findings kept under the cap are
// the first ones of the full list, pair by pair.
func TestFindingOrderUnderCap(t *testing.T) {
	var b strings.Builder
	b.WriteString("plan \"beds\" {\n  units mm\n")
	const n = 50 // 1225 pairs
	for i := range n {
		// Later pieces further left, so the sweep's order is not the
		// source order.
		b.WriteString("  furniture bed at (" + strconv.Itoa(1000-i*10) + ",100) size 1000x2000\n")
	}
	b.WriteString("}\n")
	src := []byte(b.String())
	fs := compile.Lint(src, compile.LintOptions{}).Findings
	f := compile.Lint(src, compile.LintOptions{}).File
	var got []int
	for _, d := range fs {
		if d.Code == "W_FURNITURE_OVERLAP" {
			line, _ := f.Position(d.Span.Start)
			got = append(got, line)
		}
	}
	// The reference's order: for each earlier piece i, each later piece j,
	// reported at j (line j+3).
	var want []int
	for i := range n {
		for j := i + 1; j < n; j++ {
			want = append(want, j+3)
		}
	}
	want = want[:lint.MaxFindingsPerCode]
	if len(got) != len(want) {
		t.Fatalf("%d overlaps listed, want %d", len(got), len(want))
	}
	for k := range want {
		if got[k] != want[k] {
			t.Fatalf("overlap %d at line %d, want %d", k, got[k], want[k])
		}
	}
}

// TestPairBudget checks that 3000 stacked pieces, 4.5 million overlapping
// pairs, stop at MaxPairs quickly and say so.
func TestPairBudget(t *testing.T) {
	start := time.Now()
	fs := compile.Lint(stackedBeds(3000), compile.LintOptions{}).Findings
	el := time.Since(start)
	note := fs[len(fs)-1]
	if note.Code != lint.TruncatedCode || !strings.Contains(note.Message, "stopped comparing elements after") {
		t.Fatalf("last finding %s %q, want the note of a pair budget run out", note.Code, note.Message)
	}
	if len(fs) > lint.MaxFindings+1 {
		t.Errorf("%d findings, over the cap", len(fs))
	}
	if el > 2*time.Second {
		t.Errorf("took %v", el)
	}
	t.Logf("3000 stacked beds: %v, %d findings", el, len(fs))
}

// TestTotalCap checks MaxFindings over several codes: tiny bedrooms (too
// small, no door, no window) each holding two overlapping WCs away from
// any wall, 1100 of them: five codes of 1100 or 2200 findings.
func TestTotalCap(t *testing.T) {
	src := []byte("plan \"cells\" {\n  units mm\n  for i in 0..1100 {\n    room at (i*1000,0) size 500x500 label \"Bedroom\"\n    furniture wc at (i*1000+100,100) size 100x100\n    furniture wc at (i*1000+150,100) size 100x100\n  }\n}\n")
	fs := compile.Lint(src, compile.LintOptions{}).Findings
	counts := map[string]int{}
	for _, d := range fs {
		counts[d.Code]++
	}
	for code, n := range counts {
		if n > lint.MaxFindingsPerCode && code != lint.TruncatedCode {
			t.Errorf("%s listed %d times", code, n)
		}
	}
	if len(fs) != lint.MaxFindings+1 {
		t.Errorf("%d findings listed, want %d and the note", len(fs), lint.MaxFindings)
	}
	if fs[len(fs)-1].Code != lint.TruncatedCode {
		t.Errorf("no note at the end: %v", counts)
	}
	t.Logf("listed %v; %s", counts, fs[len(fs)-1].Message)
}

// TestBudgetsSpareRealPlans lints generated grids and the $ARCHLANG_EXAMPLES plans
// up to 64 KiB: none may be cut.
func TestBudgetsSpareRealPlans(t *testing.T) {
	plans, examples, err := plangen.EnvCorpus()
	if err != nil {
		t.Fatal(err)
	}
	var world compile.World
	if examples != nil {
		world = compile.FSWorld(examples)
	} else {
		t.Log(plangen.ExamplesEnv + " is not set: generated grids only")
	}
	for name, src := range plans {
		res := compile.Lint(src, compile.LintOptions{World: world})
		per := map[string]int{}
		for _, d := range res.Findings {
			per[d.Code]++
			if d.Code == lint.TruncatedCode {
				t.Errorf("%s: cut: %s", name, d.Message)
			}
		}
		most := 0
		for _, n := range per {
			most = max(most, n)
		}
		if most*3 > lint.MaxFindingsPerCode || len(res.Findings)*3 > lint.MaxFindings {
			t.Errorf("%s: %d findings, %d of one code: within a factor of 3 of a cap", name, len(res.Findings), most)
		}
	}
}
