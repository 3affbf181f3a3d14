package contextdoc

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/caddymodule/mcpserver"
)

// Tool is what the page says about one tool, read from the server's own
// tools/list answer.
type Tool struct {
	Name        string
	Title       string
	Description string
	Params      []Param
	// Returns lists the top-level fields of the tool's output schema, when
	// it declares one.
	Returns []Param
}

// Param is one property of a tool's input or output schema.
type Param struct {
	Name        string
	Type        string
	Required    bool
	Description string
}

// ServerTools starts the MCP server with its default options over an
// in-memory transport and lists its tools, in the server's order. It also
// returns the server's instructions.
func ServerTools(ctx context.Context) (tools []Tool, instructions string, err error) {
	srv := mcpserver.New(mcpserver.Options{})
	ct, st := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		return nil, "", err
	}
	defer ss.Close()
	c := mcp.NewClient(&mcp.Implementation{Name: "contextdoc", Version: "0"}, nil)
	cs, err := c.Connect(ctx, ct, nil)
	if err != nil {
		return nil, "", err
	}
	defer cs.Close()
	if r := cs.InitializeResult(); r != nil {
		instructions = r.Instructions
	}
	for t, err := range cs.Tools(ctx, nil) {
		if err != nil {
			return nil, "", err
		}
		tool := Tool{Name: t.Name, Title: t.Title, Description: t.Description}
		if tool.Params, err = properties(t.InputSchema); err != nil {
			return nil, "", fmt.Errorf("%s input schema: %w", t.Name, err)
		}
		if t.OutputSchema != nil {
			if tool.Returns, err = properties(t.OutputSchema); err != nil {
				return nil, "", fmt.Errorf("%s output schema: %w", t.Name, err)
			}
		}
		tools = append(tools, tool)
	}
	return tools, instructions, nil
}

// properties lists the top-level properties of a JSON Schema object, in
// the order the schema writes them.
func properties(schema any) ([]Param, error) {
	raw, err := json.Marshal(schema)
	if err != nil {
		return nil, err
	}
	var s struct {
		Properties orderedProps `json:"properties"`
		Required   []string     `json:"required"`
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, err
	}
	req := map[string]bool{}
	for _, r := range s.Required {
		req[r] = true
	}
	out := make([]Param, 0, len(s.Properties))
	for _, p := range s.Properties {
		p.Required = req[p.Name]
		out = append(out, p)
	}
	return out, nil
}

// orderedProps decodes a JSON object of property schemas keeping the
// order of its keys.
type orderedProps []Param

func (o *orderedProps) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytesReader(b))
	if _, err := dec.Token(); err != nil { // {
		return err
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		name, _ := tok.(string)
		var prop struct {
			Type        any    `json:"type"`
			Enum        []any  `json:"enum"`
			Description string `json:"description"`
			Items       *struct {
				Type any `json:"type"`
			} `json:"items"`
		}
		if err := dec.Decode(&prop); err != nil {
			return err
		}
		*o = append(*o, Param{Name: name, Type: typeName(prop.Type, prop.Enum, prop.Items), Description: prop.Description})
	}
	return nil
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }

// typeName renders a property's JSON Schema type for a table: "string",
// "integer", "array of string", "object", or the enum's values.
func typeName(t any, enum []any, items *struct {
	Type any `json:"type"`
}) string {
	if len(enum) > 0 {
		var vs []string
		for _, e := range enum {
			vs = append(vs, fmt.Sprint(e))
		}
		return strings.Join(vs, ", ")
	}
	var name string
	switch v := t.(type) {
	case string:
		name = v
	case []any:
		var vs []string
		for _, e := range v {
			vs = append(vs, fmt.Sprint(e))
		}
		name = strings.Join(vs, " or ")
	default:
		name = "any"
	}
	if name == "array" && items != nil {
		if s, ok := items.Type.(string); ok {
			name += " of " + s
		}
	}
	return name
}
