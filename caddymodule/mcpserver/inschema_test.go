package mcpserver

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestInputSchemasMatchArguments holds every tool's hand-written input
// schema to the argument struct its handler decodes into: the schema's
// properties are exactly the struct's JSON names (embedded structs
// included), so an argument cannot be added to one and forgotten in the
// other.
func TestInputSchemasMatchArguments(t *testing.T) {
	args := map[string]reflect.Type{
		"compile":  reflect.TypeFor[compileArgs](),
		"complete": reflect.TypeFor[completeArgs](),
		"describe": reflect.TypeFor[sourceOnly](),
		"finish":   reflect.TypeFor[fixArgs](),
		"fix":      reflect.TypeFor[fixArgs](),
		"lint":     reflect.TypeFor[lintArgs](),
		"read_me":  reflect.TypeFor[struct{}](),
		"repair":   reflect.TypeFor[sourceOnly](),
		"score":    reflect.TypeFor[scoreArgs](),
		"suggest":  reflect.TypeFor[sourceOnly](),
		"validate": reflect.TypeFor[validateArgs](),
		// link decodes into sourceArgs to refuse a stray format with its
		// own message; its schema offers source alone.
		"link": reflect.TypeFor[sourceOnly](),
	}
	for _, e := range toolTable {
		name := e.tool.Name
		typ, ok := args[name]
		if !ok {
			t.Errorf("no argument struct listed for tool %s", name)
			continue
		}
		raw, err := json.Marshal(e.tool.InputSchema)
		if err != nil {
			t.Fatal(err)
		}
		var schema struct {
			Properties map[string]json.RawMessage `json:"properties"`
		}
		if err := json.Unmarshal(raw, &schema); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var inSchema []string
		for k := range schema.Properties {
			inSchema = append(inSchema, k)
		}
		slices.Sort(inSchema)
		inStruct := jsonNames(typ)
		slices.Sort(inStruct)
		if !slices.Equal(inSchema, inStruct) {
			t.Errorf("%s: schema properties %v, argument struct fields %v", name, inSchema, inStruct)
		}
	}
}

// jsonNames lists the JSON member names of struct type t, embedded
// structs flattened.
func jsonNames(t reflect.Type) []string {
	var out []string
	for f := range t.Fields() {
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			out = append(out, jsonNames(f.Type)...)
			continue
		}
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, name)
	}
	return out
}
