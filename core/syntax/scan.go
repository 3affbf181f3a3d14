package syntax

import (
	"iter"

	"github.com/archlang-go/caddy-archlang/core/diag"
)

// Scan yields the tokens of text in order, as the parser reads them: white
// space and comments are skipped, and so is a character the language does
// not know (Parse reports it; Scan does not). Spans are byte offsets into
// text, so two tokens were written together when one ends where the next
// starts. The final EOF token is not yielded.
func Scan(text string) iter.Seq[Token] {
	return func(yield func(Token) bool) {
		var ignored diag.List
		l := newLexer([]byte(text), text, 0, len(text), &ignored)
		for t := l.next(); t.Kind != EOF; t = l.next() {
			if !yield(t) {
				return
			}
		}
	}
}
