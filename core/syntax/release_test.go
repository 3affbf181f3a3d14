package syntax_test

import (
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// TestReleaseReuse parses the plans of the expand and compile tests,
// releasing each tree, and then parses each again: the trees made from
// released memory equal those of a first parse, kept aside before any
// release, and so do the syntax errors.
func TestReleaseReuse(t *testing.T) {
	paths, _ := filepath.Glob("../expand/testdata/*/*.arch")
	more, _ := filepath.Glob("../compile/testdata/*/*.arch")
	paths = append(paths, more...)
	if len(paths) == 0 {
		t.Fatal("no plans")
	}
	files := make([]*source.File, len(paths))
	first := make([]*syntax.File, len(paths))
	for i, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[i] = source.NewFile(filepath.Base(p), src)
		first[i], _ = syntax.Parse(files[i])
	}
	for round := range 3 {
		for i := range files {
			f, _ := syntax.Parse(files[(i+round)%len(files)])
			f.Release()
		}
		for i, sf := range files {
			f, ds := syntax.Parse(sf)
			_, want := syntax.Parse(sf)
			if !reflect.DeepEqual(f.Plan, first[i].Plan) || !reflect.DeepEqual(ds, want) {
				t.Fatalf("round %d: %s parses differently from released memory", round, paths[i])
			}
			f.Release()
			f.Release() // a second release does nothing
		}
	}
}

// TestReleaseConcurrent parses and releases from several goroutines at
// once (for the race detector).
func TestReleaseConcurrent(t *testing.T) {
	sf := source.NewFile("a.arch", []byte("plan \"A\" {\n  wall exterior thickness 200 { (0,0) (5000,0) (5000,4000) close }\n  room at (0,0) size 1000x1000 label \"Room {1 + 2}\"\n  door on exterior at 50% width 900\n}\n"))
	want, _ := syntax.Parse(sf)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 50 {
				f, _ := syntax.Parse(sf)
				if !reflect.DeepEqual(f.Plan, want.Plan) {
					t.Error("a concurrent parse differs")
					return
				}
				f.Release()
			}
		})
	}
	wg.Wait()
}
