package analysis_test

import (
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/compile"
)

func describeFile(t *testing.T, path string, opts analysis.Options) *analysis.Facts {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return compile.Describe(src, compile.DescribeOptions{Filter: opts}).Facts
}

func ids[T any](xs []T, id func(T) string) []string {
	out := []string{}
	for _, x := range xs {
		out = append(out, id(x))
	}
	return out
}

func TestFilters(t *testing.T) {
	for _, c := range []struct {
		name  string
		path  string
		opts  analysis.Options
		rooms []string
		doors []string
	}{
		{"rooms", "testdata/zones.arch", analysis.Options{Rooms: []string{"gal"}}, []string{"gal"}, []string{"d1"}},
		{"zone rolls up", "testdata/zones.arch", analysis.Options{Zones: []string{"west"}}, []string{"lobby", "gal"}, []string{"d_in", "d1", "d2"}},
		{"inner zone", "testdata/zones.arch", analysis.Options{Zones: []string{"west.inner"}}, []string{"gal"}, []string{"d1"}},
		{"level", "testdata/storeys.arch", analysis.Options{Level: 2}, []string{"landing", "bed"}, []string{"db"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := describeFile(t, c.path, c.opts)
			if !f.OK || !f.Filtered {
				t.Fatalf("ok=%v filtered=%v", f.OK, f.Filtered)
			}
			if got := ids(f.Rooms, func(r analysis.Room) string { return r.ID }); !slices.Equal(got, c.rooms) {
				t.Errorf("rooms = %v, want %v", got, c.rooms)
			}
			if got := ids(f.Doors, func(d analysis.Door) string { return d.ID }); !slices.Equal(got, c.doors) {
				t.Errorf("doors = %v, want %v", got, c.doors)
			}
		})
	}
}

func TestSelectKeys(t *testing.T) {
	f := describeFile(t, "testdata/zones.arch", analysis.Options{})
	raw, err := analysis.SelectKeys(f, []string{"totals", "rooms"})
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if len(m) != 6 || m["totals"] == nil || m["caption"] != nil {
		t.Errorf("selected keys: %s", raw)
	}
	if _, err := analysis.SelectKeys(f, []string{"nope"}); err == nil {
		t.Error("an unknown key was accepted")
	}
}
