package compile

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestFinish(t *testing.T) {
	for _, c := range []struct {
		name, src       string
		ok              bool
		rounds          int
		applied, moved  int
		wantIn, wantOut string
	}{
		{"fix then repair", `plan "Fin" {
  units mm
  grid 100
  wall exterior thickness 200 { (0,0) (5000,0) (5000,4000) (0,4000) close }
  room id=liv at (0,0) size 5000x4000 label "Living" uses living
  door sliding at (2500,4000) width 900 wall exterior hinge left
  furniture sofa at (-100,1000) size 2000x900 label "Sofa"
}
`, true, 1, 1, 1, "sofa at (100, 1000)", "hinge left"},
		{"nothing to do", `plan "Ok" {
  units mm
  room id=r at (0,0) size 3000x3000 label "Store" uses storage
}
`, true, 0, 0, 0, `label "Store"`, ""},
		{"syntax error stays", "plan \"Bad\" {\n  room at (0,0) size\n}\n", false, 0, 0, 0, "size", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := Finish([]byte(c.src), FinishOptions{})
			if r.OK != c.ok || r.Rounds != c.rounds || len(r.Applied) != c.applied || len(r.Changes) != c.moved {
				t.Errorf("ok %v rounds %d applied %d moved %d, want %v %d %d %d", r.OK, r.Rounds, len(r.Applied), len(r.Changes), c.ok, c.rounds, c.applied, c.moved)
			}
			if !strings.Contains(r.Source, c.wantIn) || c.wantOut != "" && strings.Contains(r.Source, c.wantOut) {
				t.Errorf("source:\n%s", r.Source)
			}
			if c.rounds == 0 && r.Source != c.src {
				t.Errorf("source changed with no round")
			}
			if !c.ok && len(r.Diagnostics) == 0 {
				t.Errorf("a failing finish carries no diagnostics")
			}
			a, _ := json.Marshal(r)
			b, _ := json.Marshal(Finish([]byte(c.src), FinishOptions{}))
			if string(a) != string(b) {
				t.Errorf("finish is not deterministic")
			}
		})
	}
}

func BenchmarkFinish(b *testing.B) {
	src := []byte(`plan "Fin" {
  units mm
  grid 100
  wall exterior thickness 200 { (0,0) (5000,0) (5000,4000) (0,4000) close }
  room id=liv at (0,0) size 5000x4000 label "Living" uses living
  door sliding at (2500,4000) width 900 wall exterior hinge left
  furniture sofa at (-100,1000) size 2000x900 label "Sofa"
}
`)
	for b.Loop() {
		Finish(src, FinishOptions{})
	}
}
