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
