// Command loadgen writes the request lists scripts/loadtest.sh feeds to
// wrk (scripts/loadtest.lua), one request per line:
//
//	POST<TAB>PATH<TAB>BODY-HEAD<TAB>BODY-TAIL
//	GET<TAB>PATH PATH …
//
// A POST body is a one-line JSON-RPC tools/call, split where the plan's
// source ends, so that loadtest.lua can append a distinct comment to the
// source of every request (no cache keyed by the source answers it) or
// send it as is. A GET lists variants of one /svg/<payload> URL, the
// first the plan itself, the others the plan with distinct trailing
// comments, for the same two modes.
//
//	loadgen -examples DIR -plan studio -out DIR [-svg-variants 40]
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
	variants := flag.Int("svg-variants", 40, "variants of each /svg/ URL (distinct trailing comments)")
	flag.Parse()
	if *examples == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: loadgen -examples DIR -out DIR [-plan NAME]")
		os.Exit(2)
	}
	if err := run(*examples, *plan, *mcpPath, *out, max(1, *variants)); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}

// splitMark is appended to a source before encoding its request, and
// marks where the body is split.
const splitMark = "@@LOADGEN-SPLIT@@"

func run(examples, plan, mcpPath, out string, variants int) error {
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
			"params": map[string]any{"name": tool, "arguments": map[string]any{"source": string(src) + splitMark}},
		})
		if err != nil {
			return "", err
		}
		head, tail, ok := strings.Cut(string(b), splitMark)
		if !ok {
			return "", fmt.Errorf("no split mark in the %s request", tool)
		}
		return "POST\t" + mcpPath + "\t" + head + "\t" + tail, nil
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
		urls := []string{"/svg/" + payload.Encode(src)}
		for k := 1; k < variants; k++ {
			v := append(append([]byte{}, src...), fmt.Sprintf("\n# load svg %d\n", k)...)
			urls = append(urls, "/svg/"+payload.Encode(v))
		}
		mix = append(mix, "GET\t"+strings.Join(urls, " "))
	}
	if len(compileOnly) == 0 {
		return fmt.Errorf("no example named %q in %s", plan, examples)
	}
	if err := os.WriteFile(filepath.Join(out, "compile.txt"), []byte(strings.Join(compileOnly, "\n")+"\n"), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "mix.txt"), []byte(strings.Join(mix, "\n")+"\n"), 0o644)
}
