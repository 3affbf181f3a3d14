// Command gencontext writes resources/context.md, the page served as
// archlang://context, from resources/internal/contextdoc. Run it through
// `go generate ./resources`.
package main

import (
	"context"
	"flag"
	"log"
	"os"

	"github.com/archlang-go/caddy-archlang/resources/internal/contextdoc"
)

func main() {
	out := flag.String("o", "context.md", "file to write")
	flag.Parse()
	b, err := contextdoc.Build(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		log.Fatal(err)
	}
}
