// Command loadgen writes the request lists scripts/loadtest.sh feeds to
// wrk (scripts/loadtest.lua): one request per line, as
// METHOD<TAB>PATH<TAB>BODY, the body a one-line JSON-RPC tools/call.
//
//	loadgen -examples DIR -plan studio -out DIR
//
// writes DIR/compile.txt (compile of the one ordinary plan -plan names)
// and DIR/mix.txt (for every .arch file directly in -examples: compile,
// describe and lint through POST /mcp, and GET /svg/<payload>, the
// playground's #z= encoding of the plan).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/payload"
)

func main() {
	examples := flag.String("examples", "", "directory of .arch examples")
	plan := flag.String("plan", "studio", "the ordinary plan of the compile-only mix (an example's base name)")
	mcpPath := flag.String("mcp", "/mcp", "MCP endpoint path")
	out := flag.String("out", "", "directory to write compile.txt and mix.txt into")
	flag.Parse()
	if *examples == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: loadgen -examples DIR -out DIR [-plan NAME]")
		os.Exit(2)
	}
	if err := run(*examples, *plan, *mcpPath, *out); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}

func run(examples, plan, mcpPath, out string) error {
	paths, err := filepath.Glob(filepath.Join(examples, "*.arch"))
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return fmt.Errorf("no .arch files in %s", examples)
	}
	sort.Strings(paths)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	id := 0
	call := func(tool string, src []byte) (string, error) {
		id++
		b, err := json.Marshal(map[string]any{
			"jsonrpc": "2.0", "id": id, "method": "tools/call",
			"params": map[string]any{"name": tool, "arguments": map[string]any{"source": string(src)}},
		})
		if err != nil {
			return "", err
		}
		return "POST\t" + mcpPath + "\t" + string(b), nil
	}
	var compileOnly, mix []string
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		name := strings.TrimSuffix(filepath.Base(p), ".arch")
		for _, tool := range []string{"compile", "describe", "lint"} {
			line, err := call(tool, src)
			if err != nil {
				return err
			}
			mix = append(mix, line)
			if tool == "compile" && name == plan {
				compileOnly = append(compileOnly, line)
			}
		}
		mix = append(mix, "GET\t/svg/"+payload.Encode(src)+"\t")
	}
	if len(compileOnly) == 0 {
		return fmt.Errorf("no example named %q in %s", plan, examples)
	}
	if err := os.WriteFile(filepath.Join(out, "compile.txt"), []byte(strings.Join(compileOnly, "\n")+"\n"), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "mix.txt"), []byte(strings.Join(mix, "\n")+"\n"), 0o644)
}
