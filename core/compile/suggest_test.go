package compile

import "testing"

const suggestPlan = "plan \"S\" {\n" +
	"  wall exterior thickness 200 { (0,0) (6000,0) (6000,4000) (0,4000) close }\n" +
	"  wall partition thickness 100 { (3000,0) (3000,4000) }\n" +
	"  room id=a at (0,0) size 3000x4000 label \"Living\"\n" +
	"  room id=b at (3000,0) size 3000x4000 label \"Bedroom\"\n" +
	"  door at (3000,2000) width 900 wall partition\n" +
	"}\n"

func TestSuggestFacade(t *testing.T) {
	for _, c := range []struct {
		name string
		src  string
		n    int
	}{
		{"faults", suggestPlan, 2},
		{"does not parse", "plan \"E\" {\n  room\n", 0},
		{"empty", "", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := Suggest([]byte(c.src), SuggestOptions{})
			if !r.OK || r.Suggestions == nil || len(r.Suggestions) != c.n {
				t.Errorf("Suggest = %+v, want ok and %d suggestions", r, c.n)
			}
		})
	}
}

func BenchmarkSuggest(b *testing.B) {
	src := []byte(suggestPlan)
	for b.Loop() {
		Suggest(src, SuggestOptions{})
	}
}
