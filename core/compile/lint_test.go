package compile

import (
	"testing"

	"github.com/archlang-go/caddy-archlang/core/diag"
)

// worldMap is a World of in-memory modules.
type worldMap map[string]string

func (w worldMap) Read(path string) ([]byte, bool) {
	s, ok := w[path]
	return []byte(s), ok
}

// TestLintImportedModule: a finding about an element written in an
// imported module points into that module: file set, span into its text,
// no line or col (as the reference reports it).
func TestLintImportedModule(t *testing.T) {
	world := worldMap{"lib/m.arch": `plan "lib" {
  component bedroom_box(x, y) {
    room at (x, y) size 3000x3000 label "Bedroom"
  }
}
`}
	src := `plan "I" {
  units mm
  import "lib/m.arch": bedroom_box
  wall exterior thickness 200 { (0,0) (3000,0) (3000,3000) (0,3000) close }
  bedroom_box(0, 0)
  door at (1500,3000) width 900 wall exterior
}
`
	res := Lint([]byte(src), LintOptions{World: world})
	js := diag.ListToJSON(res.File, res.Findings)
	if len(js) != 1 {
		t.Fatalf("findings %+v", js)
	}
	d := js[0]
	if d.Code != "W_BEDROOM_NO_WINDOW" || d.File != "lib/m.arch" || d.Span == nil || *d.Span != [2]int{49, 94} || d.Line != 0 {
		t.Errorf("finding %+v (span %v)", d, d.Span)
	}
}
