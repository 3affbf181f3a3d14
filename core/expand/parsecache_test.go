package expand

import (
	"fmt"
	"sync"
	"testing"
)

// TestParseModuleCache checks a module's kept parse is handed back only
// for the same path and source, that the cache stays bounded, and that
// concurrent expansions may share it.
func TestParseModuleCache(t *testing.T) {
	src := []byte("plan \"M\" {\n  component c() { wall { (0,0) (100,0) } }\n}\n")
	sf1, f1, _ := parseModule("lib/m.arch", src)
	src[0] = 'p' // the world's bytes may change under us: the parse kept its own
	sf2, f2, _ := parseModule("lib/m.arch", src)
	if sf1 != sf2 || f1 != f2 {
		t.Error("the same module was parsed twice")
	}
	if _, f3, _ := parseModule("lib/other.arch", src); f3 == f1 {
		t.Error("another path got the first module's parse")
	}
	changed := append([]byte(nil), src...)
	changed = append(changed, '\n')
	if _, f4, _ := parseModule("lib/m.arch", changed); f4 == f1 {
		t.Error("changed source got the old parse")
	}
	for i := range 3 * maxParsedModules {
		parseModule(fmt.Sprintf("lib/m%d.arch", i), src)
		if n := parsedModules.n; n > maxParsedModules {
			t.Fatalf("%d parses kept, over %d", n, maxParsedModules)
		}
	}
	big := make([]byte, maxParsedModuleBytes+1)
	if _, a, _ := parseModule("lib/big.arch", big); a == nil {
		t.Fatal("no parse of a large module")
	} else if _, b, _ := parseModule("lib/big.arch", big); a == b {
		t.Error("a module over maxParsedModuleBytes was kept")
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 50 {
				parseModule(fmt.Sprintf("lib/c%d.arch", (i+k)%40), src)
			}
		}()
	}
	wg.Wait()
}
