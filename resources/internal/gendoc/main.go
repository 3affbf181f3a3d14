// Command gendoc writes resources/error-codes.md from the diagnostic
// catalogue. Run it through `go generate ./resources`.
package main

import (
	"flag"
	"log"
	"os"

	"github.com/archlang-go/caddy-archlang/resources/internal/codedoc"
)

func main() {
	out := flag.String("o", "error-codes.md", "file to write")
	flag.Parse()
	if err := os.WriteFile(*out, codedoc.Markdown(), 0o644); err != nil {
		log.Fatal(err)
	}
}
