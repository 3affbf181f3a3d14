package suggest_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/lint"
	"github.com/archlang-go/caddy-archlang/core/plangen"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/suggest"
)

// TestNeedsFindings holds NeedsFindings to what lint finds: on a plan it
// says needs no findings, lint raises neither finding Suggest reads, and
// Suggest answers the same without them. The plans are the golden ones,
// a few written here, and the examples when ARCHLANG_EXAMPLES names them.
func TestNeedsFindings(t *testing.T) {
	plans, _ := filepath.Glob("testdata/*.arch")
	if dir := os.Getenv("ARCHLANG_EXAMPLES"); dir != "" {
		more, _ := filepath.Glob(filepath.Join(dir, "*.arch"))
		plans = append(plans, more...)
	}
	srcs := map[string]string{
		"no-bedroom": "plan \"A\" {\n  wall exterior thickness 200 { (0,0) (6000,0) (6000,4000) (0,4000) close }\n" +
			"  wall partition thickness 100 { (3000,0) (3000,4000) }\n" +
			"  room id=a at (0,0) size 3000x4000 label \"Living\"\n  room id=b at (3000,0) size 3000x4000 label \"Bath\"\n" +
			"  door on partition at 50% width 900\n  door on exterior at 10% width 900\n}\n",
		"bedroom": "plan \"A\" {\n  wall exterior thickness 200 { (0,0) (6000,0) (6000,4000) (0,4000) close }\n" +
			"  wall partition thickness 100 { (3000,0) (3000,4000) }\n" +
			"  room id=a at (0,0) size 3000x4000 label \"Bedroom\"\n  room id=b at (3000,0) size 3000x4000 label \"Bath\"\n" +
			"  door on partition at 50% width 900\n  door on exterior at 10% width 900\n}\n",
		"levels": "plan \"A\" {\n  level 0 {\n    wall exterior thickness 200 { (0,0) (6000,0) (6000,4000) (0,4000) close }\n" +
			"    room id=a at (0,0) size 6000x4000 label \"Hall\"\n  }\n  level 1 {\n" +
			"    wall exterior thickness 200 { (0,0) (6000,0) (6000,4000) (0,4000) close }\n" +
			"    room id=b at (0,0) size 6000x4000 uses bedroom\n  }\n}\n",
	}
	for _, p := range plans {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		srcs[p] = string(src)
	}
	needed := 0
	for name, src := range srcs {
		if checkNeedsFindings(t, name, src) {
			needed++
		}
	}
	if needed == 0 {
		t.Error("no plan needs findings: the test checks nothing")
	}
	for _, name := range []string{"bedroom", "levels", "testdata/bath-via-bedroom.arch"} {
		plan, _ := compile.Resolve(source.NewFile("plan.arch", []byte(srcs[name])))
		if !suggest.NeedsFindings(plan) {
			t.Errorf("%s: a plan with a bedroom needs findings", name)
		}
	}
	if suggest.NeedsFindings(nil) {
		t.Error("a nil plan needs no findings")
	}
}

// TestNeedsFindingsRandom checks NeedsFindings on room grids of bedrooms,
// bathrooms and other rooms with random doors and windows left out, so
// that bedrooms lose their windows and bathrooms their ways round the
// bedrooms.
func TestNeedsFindingsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var needed, spared, sparedBedrooms int
	for n := range 300 {
		lines := strings.SplitAfter(string(plangen.Grid(1+rng.IntN(4), 1+rng.IntN(3))), "\n")
		var b strings.Builder
		for _, l := range lines {
			t := strings.TrimSpace(l)
			if (strings.HasPrefix(t, "door ") || strings.HasPrefix(t, "window ")) && rng.IntN(3) == 0 {
				continue
			}
			b.WriteString(l)
		}
		src := b.String()
		if checkNeedsFindings(t, fmt.Sprint("grid ", n), src) {
			needed++
		} else {
			spared++
			if strings.Contains(src, "Bedroom") {
				sparedBedrooms++
			}
		}
	}
	if needed == 0 || sparedBedrooms == 0 {
		t.Errorf("%d plans need findings, %d do not (%d of them with bedrooms): both kinds must be checked", needed, spared, sparedBedrooms)
	}
}

// checkNeedsFindings resolves src and, when NeedsFindings says it needs
// no findings, checks that lint raises neither finding Suggest reads and
// that Suggest answers the same without the findings. It returns what
// NeedsFindings said.
func checkNeedsFindings(t *testing.T, name, src string) bool {
	t.Helper()
	plan, _ := compile.Resolve(source.NewFile("plan.arch", []byte(src)))
	facts := analysis.AccessFacts(plan)
	findings := lint.Run(plan, facts, lint.Options{Source: []byte(src), Codes: suggest.Codes})
	needs := suggest.NeedsFindings(plan)
	if of := suggest.NeedsFindingsOf(analysis.NewModel(plan)); of != needs {
		t.Errorf("%s: NeedsFindings %v, NeedsFindingsOf the plan's model %v", name, needs, of)
	}
	if needs {
		return true
	}
	for _, d := range findings {
		if d.Code == suggest.CodeBathVia || d.Code == suggest.CodeNoWindowBed {
			t.Errorf("%s: NeedsFindings is false, but lint raises %s", name, d.Code)
		}
	}
	if got, want := suggest.Suggest(plan, facts, nil), suggest.Suggest(plan, facts, findings); !reflect.DeepEqual(got, want) {
		t.Errorf("%s: suggest without findings %+v, with them %+v", name, got, want)
	}
	return false
}
