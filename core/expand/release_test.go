package expand_test

import (
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// TestReleaseReuse expands the plans of the expand and compile tests, releasing each result, and
// then expands each again: the items made from released memory equal
// those of a first expansion, kept aside before any release.
func TestReleaseReuse(t *testing.T) {
	paths, _ := filepath.Glob("testdata/*/*.arch")
	more, _ := filepath.Glob("../compile/testdata/*/*.arch")
	paths = append(paths, more...)
	if len(paths) == 0 {
		t.Fatal("no plans")
	}
	files := make([]*syntax.File, len(paths))
	first := make([]*expand.Result, len(paths))
	for i, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[i], _ = syntax.Parse(source.NewFile(filepath.Base(p), src))
		first[i], _ = expand.Expand(files[i], expand.Options{})
	}
	for round := range 3 {
		for i := range files {
			x, _ := expand.Expand(files[(i+round)%len(files)], expand.Options{})
			x.Release()
		}
		for i, f := range files {
			x, _ := expand.Expand(f, expand.Options{})
			if !reflect.DeepEqual(x.Items, first[i].Items) || x.Name != first[i].Name || x.Span != first[i].Span {
				t.Fatalf("round %d: %s expands differently from released memory", round, paths[i])
			}
			x.Release()
			x.Release() // a second release does nothing
		}
	}
}

// TestReleaseConcurrent expands and releases from several goroutines at
// once (for the race detector).
func TestReleaseConcurrent(t *testing.T) {
	src := []byte("plan \"A\" {\n  for i in 0..20 {\n    room at (i * 1000, 0) size 1000x1000\n    door at (i * 1000 + 500, 0) width 800\n  }\n}\n")
	file, _ := syntax.Parse(source.NewFile("a.arch", src))
	want, _ := expand.Expand(file, expand.Options{})
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 50 {
				x, _ := expand.Expand(file, expand.Options{})
				if !reflect.DeepEqual(x.Items, want.Items) {
					t.Error("a concurrent expansion differs")
					return
				}
				x.Release()
			}
		})
	}
	wg.Wait()
}
