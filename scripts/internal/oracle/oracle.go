// Package oracle holds what the differential runners under scripts share:
// a corpus entry, the plans named on a command line, filtering by name, and
// calls to the reference's oracle (a Node.js black box) through an answer
// cache keyed by tool, arguments and source.
package oracle

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Timeout bounds one oracle call.
const Timeout = 60 * time.Second

// Plan is one corpus entry.
type Plan struct {
	Name  string
	Group string // examples, faults, generated, …
	Path  string // where the oracle reads it
	Src   []byte
}

// Named reads the plans given on a command line, in the group given.
func Named(files []string, group string) ([]Plan, error) {
	var out []Plan
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		abs, err := filepath.Abs(f)
		if err != nil {
			return nil, err
		}
		out = append(out, Plan{Name: strings.TrimSuffix(filepath.Base(f), ".arch"), Group: group, Path: abs, Src: src})
	}
	return out, nil
}

// Only keeps the plans whose name contains substr (all of them when substr
// is empty).
func Only[P any](plans []P, substr string, name func(P) string) []P {
	if substr == "" {
		return plans
	}
	var keep []P
	for _, p := range plans {
		if strings.Contains(name(p), substr) {
			keep = append(keep, p)
		}
	}
	return keep
}

// CacheDir is the directory the environment variable env names, else def,
// created if need be.
func CacheDir(env, def string) (string, error) {
	dir := os.Getenv(env)
	if dir == "" {
		dir = def
	}
	return dir, os.MkdirAll(dir, 0o755)
}

// Call is the oracle's answer to tool on p: `node script tool path [args]`,
// from the cache in dir when it holds one. args is the tool's JSON
// arguments, nil for none.
func Call(script, dir, tool string, args []byte, p Plan) ([]byte, error) {
	keyArgs := args
	if keyArgs == nil {
		keyArgs = []byte("null")
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", tool, keyArgs)
	h.Write(p.Src)
	key := filepath.Join(dir, fmt.Sprintf("%x.json", h.Sum(nil)))
	if b, err := os.ReadFile(key); err == nil {
		return b, nil
	}
	cmdArgs := []string{script, tool, p.Path}
	if args != nil {
		cmdArgs = append(cmdArgs, string(args))
	}
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", cmdArgs...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("oracle %s %s: %v %s", tool, p.Name, err, stderr.String())
	}
	if err := os.WriteFile(key, b, 0o644); err != nil {
		return nil, err
	}
	return b, nil
}

// Check ends the program on an error, naming it.
func Check(prog string, err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, prog+":", err)
		os.Exit(1)
	}
}
