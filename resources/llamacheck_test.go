package resources

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// TestGrammarWithLlamaCpp runs the served grammar through llama.cpp's own
// grammar parser and matcher (the node-llama-cpp bindings, which need no
// model): it must accept the whole corpus and refuse every broken plan.
// The bindings are large, so the test runs only when
// ARCHLANG_NODE_LLAMA_CPP names a node-llama-cpp package folder, for
// example node_modules/node-llama-cpp after `npm i -E node-llama-cpp@3.21.1`.
func TestGrammarWithLlamaCpp(t *testing.T) {
	pkg := os.Getenv("ARCHLANG_NODE_LLAMA_CPP")
	if pkg == "" {
		t.Skip("set ARCHLANG_NODE_LLAMA_CPP to a node-llama-cpp package folder (npm i -E node-llama-cpp@3.21.1) to check the grammar with llama.cpp")
	}
	dir := t.TempDir()
	accept, refuse := filepath.Join(dir, "accept"), filepath.Join(dir, "refuse")
	for _, d := range []string{accept, refuse} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	i := 0
	for _, src := range corpus(t) {
		i++
		if err := os.WriteFile(filepath.Join(accept, strconv.Itoa(i)+".arch"), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(accept, "big.arch"), bigPlan(40<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	broken, _ := filepath.Glob("testdata/broken/*.arch")
	for _, p := range broken {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(refuse, filepath.Base(p)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := exec.Command("node", "testdata/llamacheck.mjs", pkg, "grammar.gbnf", accept, refuse).CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("llama.cpp disagrees: %v", err)
	}
}
