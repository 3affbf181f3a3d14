// Command gengrammar rewrites the generated section of
// resources/grammar.gbnf (see resources/internal/grammargen). Run it through
// `go generate ./resources`.
package main

import (
	"flag"
	"log"
	"os"

	"github.com/archlang-go/caddy-archlang/resources/internal/grammargen"
)

func main() {
	file := flag.String("f", "grammar.gbnf", "grammar file to rewrite in place")
	flag.Parse()
	b, err := os.ReadFile(*file)
	if err != nil {
		log.Fatal(err)
	}
	out, err := grammargen.Rewrite(b)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*file, out, 0o644); err != nil {
		log.Fatal(err)
	}
}
