// Command pngparity writes, for every .arch plan in a directory, our SVG
// of the plan and our PNG of that SVG (core/render/raster) at one width,
// so that pngdiff.mjs can hold the PNG against resvg's rendering of the
// same SVG. Imports resolve against the plans' directory, then the bundled
// library; plans that still do not compile are skipped with a note. Run it
// through scripts/png-vs-resvg.
//
//	go run ./scripts/pngparity -plans DIR -out DIR [-width 1000]
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/render/raster"
	"github.com/archlang-go/caddy-archlang/resources"
)

func main() {
	plans := flag.String("plans", "", "directory of .arch plans")
	out := flag.String("out", "", "directory to write <name>.svg and <name>.png into")
	width := flag.Int("width", raster.DefaultWidth, "PNG width in pixels")
	flag.Parse()
	if *plans == "" || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*plans, *out, *width); err != nil {
		fmt.Fprintln(os.Stderr, "pngparity:", err)
		os.Exit(1)
	}
}

func run(plans, out string, width int) error {
	files, err := filepath.Glob(filepath.Join(plans, "*.arch"))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	// Imports resolve against the plans' own directory (an example may
	// import its sibling), then against the bundled library.
	world := dirThenLib{dir: compile.FSWorld(os.DirFS(plans)), lib: compile.FSWorld(resources.Lib())}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		name := strings.TrimSuffix(filepath.Base(f), ".arch")
		r := compile.Compile(src, compile.Options{World: world})
		if !r.OK {
			fmt.Fprintf(os.Stderr, "%s: does not compile, skipped\n", name)
			continue
		}
		pngBytes, err := raster.PNG([]byte(r.Output), raster.Options{Width: width})
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := os.WriteFile(filepath.Join(out, name+".svg"), []byte(r.Output), 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, name+".png"), pngBytes, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// dirThenLib resolves an import in a directory first, then in the bundled
// library.
type dirThenLib struct{ dir, lib compile.World }

func (w dirThenLib) Read(path string) ([]byte, bool) {
	if b, ok := w.dir.Read(path); ok {
		return b, true
	}
	return w.lib.Read(path)
}
