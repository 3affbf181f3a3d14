package compile

import (
	"github.com/archlang-go/caddy-archlang/core/complete"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
)

// CompleteResult is the complete tool's result: {ok, items}. ok is always
// true; a source that does not parse still has the fixed vocabulary.
type CompleteResult struct {
	OK    bool            `json:"ok"`
	Items []complete.Item `json:"items"`
}

// Complete lists the completion items in scope at byte offset at of src.
// Only the parser runs: the scope is read from the syntax tree.
func Complete(src []byte, at int) CompleteResult {
	file, _ := syntax.Parse(source.NewFile(defaultName, src))
	return CompleteResult{OK: true, Items: complete.At(file, at)}
}
