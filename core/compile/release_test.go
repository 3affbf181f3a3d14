package compile

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/source"
)

// TestResolveKeepsNothingReleased resolves the plans of the compile and
// expand tests, keeping every plan and its diagnostics, then resolves them
// all again: the front end hands the memory of each syntax tree and
// expansion on to the next parse, so a kept plan that pointed into it
// would change under the later ones and differ from its second resolve.
func TestResolveKeepsNothingReleased(t *testing.T) {
	paths, _ := filepath.Glob("testdata/*/*.arch")
	more, _ := filepath.Glob("../expand/testdata/*/*.arch")
	paths = append(paths, more...)
	if len(paths) == 0 {
		t.Fatal("no plans")
	}
	type resolved struct {
		plan  any
		diags any
	}
	files := make([]*source.File, len(paths))
	first := make([]resolved, len(paths))
	for i, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[i] = source.NewFile(filepath.Base(p), src)
		plan, diags := Resolve(files[i])
		first[i] = resolved{plan, diags}
	}
	for i, f := range files {
		plan, diags := Resolve(f)
		if !reflect.DeepEqual(plan, first[i].plan) || !reflect.DeepEqual(diags, first[i].diags) {
			t.Fatalf("%s: a plan kept across later resolves changed", paths[i])
		}
	}
}
