package gbnf

import (
	"strings"
	"testing"
)

func TestMatch(t *testing.T) {
	g, err := Parse(`# a small arithmetic language
root ::= ws expr ws
expr ::= term (ws ("+" | "-") ws term)*
term ::= num | "(" ws expr ws ")" | name "(" ws (expr (ws "," ws expr)*)? ws ")"
num  ::= [0-9]+ ("." [0-9]+)?
name ::= [a-z_] [a-z0-9_]*
ws   ::= ([ \t\n] | "#" [^\n]* "\n")*
`)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"1", " 1 + 2 ", "(1+2)-3.5", "f(1, g(2), (3))", "f()", "1 # one\n + 2"} {
		if ok, at := g.Match("root", []byte(s)); !ok {
			t.Errorf("%q refused at %d", s, at)
		}
	}
	for s, wantAt := range map[string]int{"1 +": 3, "(1": 2, "1.": 2, "f(1,)": 4, "x": 1, "1 2": 2, "": 0} {
		ok, at := g.Match("root", []byte(s))
		if ok || at != wantAt {
			t.Errorf("%q: got ok=%v at=%d, want refused at %d", s, ok, at, wantAt)
		}
	}
}

func TestNullableAndEscapes(t *testing.T) {
	g, err := Parse(`root ::= a b "\x41\"" [\]\-^]?
a ::= "" | "a"
b ::= a a "b"?
`)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`A"`, `aaA"`, `aabA"-`, `bA"]`, `A"^`} {
		if ok, at := g.Match("root", []byte(s)); !ok {
			t.Errorf("%q refused at %d", s, at)
		}
	}
	if ok, _ := g.Match("root", []byte(`aaaaA"`)); ok {
		t.Error("four a accepted")
	}
}

// TestLlamaLineRules checks that a rule ends at its line's end unless the
// break is inside parentheses or after |, as llama.cpp reads it.
func TestLlamaLineRules(t *testing.T) {
	if _, err := Parse("root ::= \"a\"\n  | \"b\"\n"); err == nil {
		t.Error("an alternative on the next line outside parentheses was accepted")
	}
	g, err := Parse("root ::= (\n  \"a\" # first\n  | \"b\"\n) \"c\" |\n \"d\"\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"ac", "bc", "d"} {
		if ok, _ := g.Match("root", []byte(s)); !ok {
			t.Errorf("%q refused", s)
		}
	}
}

func TestRefusedGrammars(t *testing.T) {
	for text, want := range map[string]string{
		"root ::= a\n":                  "never defined",
		"a ::= \"x\"\n":                 "no root",
		"root ::= root \"x\" | \"y\"\n": "left recursion",
		"root ::= a\na ::= b? root \"x\"\nb ::= \"b\"\n": "left recursion",
		"root ::= \"x\n":                   "unterminated",
		"root ::= [ab\n":                   "unterminated",
		"root ::= \"a\" ]\n":               "end of the line",
		"root ::= \"a\"\nroot ::= \"b\"\n": "twice",
	} {
		_, err := Parse(text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q) = %v, want an error about %q", text, err, want)
		}
	}
}
