package suggest_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/internal/golden"
)

// TestGolden runs suggest over every plan in testdata and compares the
// JSON with its .golden.json. The candidates' statement text, codes, room
// ids and order were checked against the reference implementation.
func TestGolden(t *testing.T) {
	plans, err := filepath.Glob("testdata/*.arch")
	if err != nil || len(plans) == 0 {
		t.Fatalf("no plans: %v", err)
	}
	for _, p := range plans {
		t.Run(filepath.Base(p), func(t *testing.T) {
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.MarshalIndent(compile.Suggest(src, compile.SuggestOptions{}), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			goldenPath := strings.TrimSuffix(p, ".arch") + ".golden.json"
			if golden.Update() {
				if err := os.WriteFile(goldenPath, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(goldenPath)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("suggest %s:\n%s\nwant:\n%s", p, got, want)
			}
		})
	}
}

// TestTable pins the first candidate of each problem for small plans.
func TestTable(t *testing.T) {
	shell := "  wall exterior thickness 200 { (0,0) (6000,0) (6000,4000) (0,4000) close }\n" +
		"  wall partition thickness 100 { (3000,0) (3000,4000) }\n"
	for _, c := range []struct {
		name  string
		body  string
		codes []string
		first []string
	}{
		{"no entrance, rooms of no kind", shell +
			"  room id=a at (0,0) size 3000x4000\n  room id=b at (3000,0) size 3000x4000\n",
			[]string{"W_NO_ENTRANCE"}, []string{"door on exterior at 40% width 900"}},
		{"a window beside a window", shell +
			"  room id=a at (0,0) size 3000x4000 label \"Living\"\n  room id=b at (3000,0) size 3000x4000 label \"Bedroom\"\n" +
			"  door at (1500,4000) width 900 wall exterior\n  door at (3000,2000) width 900 wall partition\n",
			[]string{"W_BEDROOM_NO_WINDOW"}, []string{"window on exterior at 40% width 1200"}},
		{"sound plan", shell +
			"  room id=a at (0,0) size 3000x4000 label \"Living\"\n  room id=b at (3000,0) size 3000x4000 label \"Study\"\n" +
			"  door at (1500,4000) width 900 wall exterior\n  door at (3000,2000) width 900 wall partition\n",
			nil, nil},
		{"an unreachable study through the partition", shell +
			"  room id=a at (0,0) size 3000x4000 label \"Living\"\n  room id=b at (3000,0) size 3000x4000 label \"Study\"\n" +
			"  door at (1500,4000) width 900 wall exterior\n",
			[]string{"W_ROOM_UNREACHABLE"}, []string{"door on exterior at 40% width 900"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := compile.Suggest([]byte("plan \"T\" {\n"+c.body+"}\n"), compile.SuggestOptions{})
			if !res.OK || res.Suggestions == nil {
				t.Fatalf("ok = %v, suggestions = %v", res.OK, res.Suggestions)
			}
			if len(res.Suggestions) != len(c.codes) {
				t.Fatalf("got %d suggestions (%+v), want %v", len(res.Suggestions), res.Suggestions, c.codes)
			}
			for i, s := range res.Suggestions {
				if s.Code != c.codes[i] || len(s.Candidates) == 0 || s.Candidates[0].InsertText != c.first[i] {
					t.Errorf("suggestion %d = %+v, want %s first %q", i, s, c.codes[i], c.first[i])
				}
			}
		})
	}
}

func BenchmarkSuggest(b *testing.B) {
	src, err := os.ReadFile("testdata/furniture.arch")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		compile.Suggest(src, compile.SuggestOptions{})
	}
}
