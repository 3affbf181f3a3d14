package suggest_test

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/lint"
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
		plan, _ := compile.Resolve(source.NewFile("plan.arch", []byte(src)))
		facts := analysis.AccessFacts(plan)
		findings := lint.Run(plan, facts, lint.Options{Source: []byte(src), Codes: suggest.Codes})
		if suggest.NeedsFindings(plan) {
			needed++
			continue
		}
		for _, d := range findings {
			if d.Code == suggest.CodeBathVia || d.Code == suggest.CodeNoWindowBed {
				t.Errorf("%s: NeedsFindings is false, but lint raises %s", name, d.Code)
			}
		}
		if got, want := suggest.Suggest(plan, facts, nil), suggest.Suggest(plan, facts, findings); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: suggest without findings %+v, with them %+v", name, got, want)
		}
	}
	if needed == 0 {
		t.Error("no plan needs findings: the test checks nothing")
	}
	for _, name := range []string{"bedroom", "levels"} {
		plan, _ := compile.Resolve(source.NewFile("plan.arch", []byte(srcs[name])))
		if !suggest.NeedsFindings(plan) {
			t.Errorf("%s: a plan with a bedroom needs findings", name)
		}
	}
	if suggest.NeedsFindings(nil) {
		t.Error("a nil plan needs no findings")
	}
}
