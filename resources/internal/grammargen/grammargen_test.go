package grammargen

import (
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/resources/internal/gbnf"
)

// TestFreeName checks the generated trie: it refuses exactly the keywords.
func TestFreeName(t *testing.T) {
	g, err := gbnf.Parse("root ::= free-name\n" + Section())
	if err != nil {
		t.Fatal(err)
	}
	match := func(s string) bool { ok, _ := g.Match("root", []byte(s)); return ok }
	for _, k := range Keywords {
		if match(k) {
			t.Errorf("free-name accepts the keyword %q", k)
		}
		for _, s := range []string{k + "s", k + "_", k + "2", k[:len(k)-1], strings.ToUpper(k[:1]) + k[1:], "x" + k} {
			if isKeyword(s) {
				continue
			}
			if !match(s) {
				t.Errorf("free-name refuses %q", s)
			}
		}
	}
	for _, s := range []string{"a", "_", "wc", "single", "d", "lib", "x1", "ifx", "sets", "Wall"} {
		if !match(s) {
			t.Errorf("free-name refuses %q", s)
		}
	}
	for _, s := range []string{"", "1a", "a-b", "a.b"} {
		if match(s) {
			t.Errorf("free-name accepts %q", s)
		}
	}
}

func isKeyword(s string) bool {
	for _, k := range Keywords {
		if k == s {
			return true
		}
	}
	return false
}

func TestRewrite(t *testing.T) {
	in := "a ::= \"x\"\n" + Begin + "\nold\n" + End + "\nb ::= \"y\"\n"
	out, err := Rewrite([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(out), "a ::= \"x\"\n"+Begin) || !strings.HasSuffix(string(out), End+"\nb ::= \"y\"\n") || strings.Contains(string(out), "old") {
		t.Errorf("Rewrite = %q", out)
	}
	if _, err := Rewrite([]byte("a ::= \"x\"\n")); err == nil {
		t.Error("a grammar without markers was rewritten")
	}
}

// TestFreeAfter checks the guard tries: each refuses the keywords and its
// guard words, and takes the other guards' words.
func TestFreeAfter(t *testing.T) {
	for _, gd := range Guards {
		g, err := gbnf.Parse("root ::= free-after-" + gd.Class + "\n" + Section())
		if err != nil {
			t.Fatal(err)
		}
		match := func(s string) bool { ok, _ := g.Match("root", []byte(s)); return ok }
		own := map[string]bool{}
		for _, w := range append(append([]string{}, Keywords...), gd.Words...) {
			own[w] = true
			if match(w) {
				t.Errorf("free-after-%s accepts %q", gd.Class, w)
			}
			if !match(w+"x") || !match(w[:len(w)-1]+"Q") {
				t.Errorf("free-after-%s refuses a near miss of %q", gd.Class, w)
			}
		}
		for _, other := range Guards {
			for _, w := range other.Words {
				if !own[w] && !match(w) {
					t.Errorf("free-after-%s refuses %q", gd.Class, w)
				}
			}
		}
	}
}

func TestFreeValueName(t *testing.T) {
	g, err := gbnf.Parse("root ::= free-value-name\n" + Section())
	if err != nil {
		t.Fatal(err)
	}
	for s, want := range map[string]bool{"if": false, "i": true, "iff": true, "wall": true, "x": true, "if2": true} {
		if ok, _ := g.Match("root", []byte(s)); ok != want {
			t.Errorf("free-value-name %q = %v, want %v", s, ok, want)
		}
	}
}

// TestFreeThemeKey checks the third trie: it refuses the theme string keys.
func TestFreeThemeKey(t *testing.T) {
	g, err := gbnf.Parse("root ::= free-theme-key\n" + Section())
	if err != nil {
		t.Fatal(err)
	}
	match := func(s string) bool { ok, _ := g.Match("root", []byte(s)); return ok }
	for _, k := range ThemeStringKeys {
		if match(k) {
			t.Errorf("free-theme-key accepts %q", k)
		}
	}
	for _, s := range []string{"lineWeight", "furnitureLabel", "walls", "roomLabels", "fon", "gap"} {
		if !match(s) {
			t.Errorf("free-theme-key refuses %q", s)
		}
	}
}
