package mcpserver

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"
)

// Output schemas. Every tool's result text is one JSON object, and the
// same object rides in the result's structuredContent. Each tool declares
// its outputSchema, generated from the Go types its result is encoded
// from (several for a tool whose answer takes more than one shape, plus
// the refusal every tool can answer), so the schema cannot drift from the
// code that writes the JSON:
//
//   - every property of every shape is listed with its type, and nested
//     objects and arrays are typed the same way;
//   - no property is required but ok (a shape of the union may leave out
//     what another has; describe's select keeps only some keys), and
//     unknown properties are allowed, so an older client's schema check
//     keeps passing when a property is added;
//   - numbers may be null (describe writes a non-finite number as null,
//     as the reference does).

// outputSchema returns the schema of results shaped as any of the given
// types (each a struct, or a pointer to one), or refusal.
func outputSchema(shapes ...reflect.Type) json.RawMessage {
	root := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{}}
	for _, t := range append(shapes, reflect.TypeFor[refusal]()) {
		types := map[reflect.Type]*jsonschema.Schema{
			reflect.TypeFor[float64](): {Types: []string{"number", "null"}},
			reflect.TypeFor[float32](): {Types: []string{"number", "null"}},
			// Raw JSON (a selected subset, an intent path) can be any value.
			reflect.TypeFor[json.RawMessage](): anyValue(),
		}
		// A type below the root that writes its own JSON is not described
		// by its fields: any value.
		for _, m := range marshalers(t) {
			if m != t {
				types[m] = anyValue()
			}
		}
		s, err := jsonschema.ForType(t, &jsonschema.ForOptions{IgnoreInvalidTypes: true, TypeSchemas: types})
		if err != nil {
			panic(fmt.Sprintf("output schema of %v: %v", t, err)) // a programming error
		}
		relax(s)
		for name, p := range s.Properties {
			if old, ok := root.Properties[name]; ok && !sameSchema(old, p) {
				// Two shapes type one name differently: either may come.
				root.Properties[name] = &jsonschema.Schema{AnyOf: []*jsonschema.Schema{old, p}}
				continue
			}
			root.Properties[name] = p
		}
	}
	root.Required = []string{"ok"}
	b, err := json.Marshal(root)
	if err != nil {
		panic(err)
	}
	return b
}

// relax drops required lists, closed property sets and property orders
// from s and everything below it (see the package comment above).
func relax(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	s.Required = nil
	s.PropertyOrder = nil
	if s.AdditionalProperties != nil && isFalse(s.AdditionalProperties) {
		s.AdditionalProperties = nil
	}
	for _, p := range s.Properties {
		relax(p)
	}
	relax(s.Items)
	relax(s.AdditionalProperties)
	for _, l := range [][]*jsonschema.Schema{s.AnyOf, s.OneOf, s.AllOf, s.PrefixItems} {
		for _, c := range l {
			relax(c)
		}
	}
	for _, d := range s.Defs {
		relax(d)
	}
}

// isFalse reports whether s is the schema that accepts nothing.
func isFalse(s *jsonschema.Schema) bool {
	return s.Not != nil && reflect.ValueOf(*s.Not).IsZero()
}

func sameSchema(a, b *jsonschema.Schema) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// resultOf is the type a function returns (its first result): the shape of
// a tool's answer, named without importing the package that declares it.
func resultOf(f any) reflect.Type { return reflect.TypeOf(f).Out(0) }

// marshalers lists the types reachable from t (through fields, elements,
// pointers and map values) that implement json.Marshaler.
func marshalers(t reflect.Type) []reflect.Type {
	seen := map[reflect.Type]bool{}
	var out []reflect.Type
	mt := reflect.TypeFor[json.Marshaler]()
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		if t.Implements(mt) || reflect.PointerTo(t).Implements(mt) {
			out = append(out, t)
		}
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			walk(t.Elem())
		case reflect.Struct:
			for i := range t.NumField() {
				walk(t.Field(i).Type)
			}
		}
	}
	walk(t)
	return out
}

// anyValue is the schema any JSON value meets, written as an object (an
// empty schema would encode as true, which some readers do not expect).
func anyValue() *jsonschema.Schema {
	return &jsonschema.Schema{Description: "any JSON value"}
}
