package resources

import (
	"bytes"
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// archBlock matches a fenced ```arch block in a Markdown resource.
var archBlock = regexp.MustCompile("(?s)```arch\n(.*?)```")

// TestExamplesParse keeps the documentation honest: every ```arch block of
// the Markdown resources, and every bundled library file, parses without a
// diagnostic. A block that is a fragment rather than a whole plan is wrapped
// in one first. (Each block was also checked against the reference compiler
// when written: all compile with ok=true, the complete plans with no warnings.)
func TestExamplesParse(t *testing.T) {
	var n int
	for _, r := range List() {
		isArch := strings.HasSuffix(r.Path, ".arch")
		if r.MIMEType != MIMEMarkdown && !isArch || r.URI == ErrorCodesURI {
			continue // error-codes.md shows faults on purpose; core/diag tests them
		}
		b, err := fs.ReadFile(FS(), r.Path)
		if err != nil {
			t.Fatal(err)
		}
		blocks := [][]byte{b}
		if !isArch {
			blocks = nil
			for _, m := range archBlock.FindAllSubmatch(b, -1) {
				blocks = append(blocks, m[1])
			}
		}
		for i, src := range blocks {
			if !bytes.HasPrefix(bytes.TrimLeft(stripComments(src), " \n"), []byte("plan")) {
				src = append(append([]byte("plan \"Fragment\" {\n"), src...), "}\n"...)
			}
			n++
			_, diags := syntax.Parse(source.NewFile(r.Path, src))
			for _, d := range diags {
				t.Errorf("%s block %d: %s %s\n%s", r.Path, i, d.Code, d.Message, src)
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d examples found; the block pattern may be broken", n)
	}
}

// stripComments drops leading comment lines so a library file that opens
// with a comment is still recognised as a whole plan.
func stripComments(b []byte) []byte {
	for {
		b = bytes.TrimLeft(b, " \t\n")
		if !bytes.HasPrefix(b, []byte("#")) {
			return b
		}
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			return nil
		}
		b = b[i+1:]
	}
}
