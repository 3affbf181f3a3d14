package codedoc

import (
	"strings"
	"testing"
)

func TestSnippetOf(t *testing.T) {
	long := "# example\nplan \"X\" {\n  units mm\n" + strings.Repeat("  column at (0,0) size 1x1\n", 9) +
		"  room at (0,0) size 0x1   ### E_ROOM_SIZE\n}\n"
	tests := []struct {
		name, chunk, code, want string
	}{
		{"short body shown whole",
			"# example for E_REDEF\nplan \"E\" {\n  units mm\n  let a = 1\n  let a = 2   ### E_REDEF\n}\n",
			"E_REDEF", "let a = 1\nlet a = 2   # E_REDEF"},
		{"nested lines keep their indent",
			"plan \"E\" {\n  units mm\n  component c() {\n    accDescr \"x\"   ### E_ACC_PLACEMENT\n  }\n}\n",
			"E_ACC_PLACEMENT", "component c() {\n  accDescr \"x\"   # E_ACC_PLACEMENT\n}"},
		{"unplaced finding", "plan \"E\" {\n  units mm\n  let a = 7 / 0\n  ### E_DIV_ZERO\n}\n",
			"E_DIV_ZERO", "let a = 7 / 0\n# reported for the whole plan, with no position: E_DIV_ZERO"},
		{"long body keeps the marked lines", long, "E_ROOM_SIZE", "room at (0,0) size 0x1   # E_ROOM_SIZE"},
		{"no marker", "plan \"E\" {\n}\n", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, got := snippetOf(tt.chunk)
			if code != tt.code || got != tt.want {
				t.Errorf("snippetOf = %q, %q; want %q, %q", code, got, tt.code, tt.want)
			}
		})
	}
}

func TestMarkdownIsDeterministic(t *testing.T) {
	ex := Examples{"E_REDEF": "let a = 1"}
	a, b := Markdown(ex), Markdown(ex)
	if string(a) != string(b) {
		t.Fatal("two renderings differ")
	}
	for _, s := range []string{"### E_REDEF", "```arch\nlet a = 1\n```", "[`W_EMPTY_PLAN`](#w_empty_plan)"} {
		if !strings.Contains(string(a), s) {
			t.Errorf("page lacks %q", s)
		}
	}
}
