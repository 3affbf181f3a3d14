package plangen

import (
	"io/fs"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
)

// Tagged returns a copy of src ending in a comment that names n, so that
// each measured call of a tool sees a source no cache keyed by the source
// has seen.
func Tagged(src []byte, n uint64) []byte {
	out := make([]byte, 0, len(src)+32)
	out = append(out, src...)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		out = append(out, '\n')
	}
	out = append(out, "# bench run "...)
	out = strconv.AppendUint(out, n, 10)
	return append(out, '\n')
}

// Examples reads the .arch files at the root of fsys, sorted by name; each
// is named by its base name without the extension. A nil fsys has none.
func Examples(fsys fs.FS) (names []string, srcs [][]byte, err error) {
	if fsys == nil {
		return nil, nil, nil
	}
	paths, err := fs.Glob(fsys, "*.arch")
	if err != nil {
		return nil, nil, err
	}
	slices.Sort(paths)
	for _, p := range paths {
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, nil, err
		}
		names = append(names, strings.TrimSuffix(path.Base(p), ".arch"))
		srcs = append(srcs, src)
	}
	return names, srcs, nil
}

// ExamplesEnv names the environment variable tests and tools read for a
// directory of example plans to add to the generated ones.
const ExamplesEnv = "ARCHLANG_EXAMPLES"

// Corpus is room grids of 8, 16, 32 and 64 KiB (named grid-<n>KiB) plus
// every example plan in examples (named by file), for tests that hold a
// budget above what realistic plans need.
func Corpus(examples fs.FS) (map[string][]byte, error) {
	plans := map[string][]byte{}
	for _, kib := range []int{8, 16, 32, 64} {
		plans["grid-"+strconv.Itoa(kib)+"KiB"] = GridOfSize(kib << 10)
	}
	names, srcs, err := Examples(examples)
	for i, n := range names {
		plans[n+".arch"] = srcs[i]
	}
	return plans, err
}

// EnvCorpus is Corpus of the directory $ARCHLANG_EXAMPLES names, and that
// directory (nil, grids only, when the variable is unset).
func EnvCorpus() (map[string][]byte, fs.FS, error) {
	var examples fs.FS
	if dir := os.Getenv(ExamplesEnv); dir != "" {
		examples = os.DirFS(dir)
	}
	plans, err := Corpus(examples)
	return plans, examples, err
}
