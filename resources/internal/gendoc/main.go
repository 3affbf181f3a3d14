// Command gendoc writes resources/error-codes.md from the diagnostic
// catalogue and its examples. Run it through `go generate ./resources`.
package main

import (
	"flag"
	"log"
	"os"

	"github.com/archlang-go/caddy-archlang/resources/internal/codedoc"
)

func main() {
	out := flag.String("o", "error-codes.md", "file to write")
	root := flag.String("root", "..", "module root, where the example files are")
	flag.Parse()
	ex, err := codedoc.LoadExamples(*root)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, codedoc.Markdown(ex), 0o644); err != nil {
		log.Fatal(err)
	}
}
