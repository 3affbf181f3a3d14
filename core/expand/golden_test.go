package expand_test

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
	"github.com/archlang-go/caddy-archlang/internal/golden"
)

// dumpItems renders expanded items deterministically: one field per line,
// spans as the source text they cover, zero values omitted.
func dumpItems(f *source.File, items []expand.Item) string {
	var b strings.Builder
	spanT := reflect.TypeOf(source.Span{})
	var walk func(v reflect.Value, indent, label string)
	walk = func(v reflect.Value, indent, label string) {
		for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return
			}
			v = v.Elem()
		}
		switch {
		case v.Type() == spanT:
			if sp := v.Interface().(source.Span); sp.End > sp.Start {
				fmt.Fprintf(&b, "%s%s%q\n", indent, label, f.Text(sp))
			}
			return
		case v.Kind() == reflect.Struct:
			if v.IsZero() {
				return
			}
			fmt.Fprintf(&b, "%s%s%s\n", indent, label, v.Type().Name())
			var fields func(v reflect.Value)
			fields = func(v reflect.Value) {
				for i := range v.NumField() {
					ft := v.Type().Field(i)
					switch {
					case ft.Name == "Diags" || ft.Name == "diags" || ft.Name == "File":
					case ft.Anonymous:
						fields(v.Field(i))
					default:
						walk(v.Field(i), indent+"  ", ft.Name+": ")
					}
				}
			}
			fields(v)
		case v.Kind() == reflect.Slice:
			if v.Len() == 0 {
				return
			}
			fmt.Fprintf(&b, "%s%s[%d]\n", indent, label, v.Len())
			for i := range v.Len() {
				walk(v.Index(i), indent+"  ", "")
			}
		case v.IsZero():
		default:
			fmt.Fprintf(&b, "%s%s%v\n", indent, label, v.Interface())
		}
	}
	for _, it := range items {
		walk(reflect.ValueOf(it), "", "")
	}
	return b.String()
}

// TestGoldenExpand pins the expansion of testdata/golden/plan.arch
// (refresh with -update).
func TestGoldenExpand(t *testing.T) {
	src, err := os.ReadFile("testdata/golden/plan.arch")
	if err != nil {
		t.Fatal(err)
	}
	f := source.NewFile("plan.arch", src)
	file, ds := syntax.Parse(f)
	res, eds := expand.Expand(file, expand.Options{})
	if len(ds)+len(eds) != 0 {
		t.Fatalf("diagnostics: %v %v", ds, eds)
	}
	got := fmt.Sprintf("plan %q\n", res.Name) + dumpItems(f, res.Items)
	const goldenPath = "testdata/golden/plan.expanded"
	if golden.Update() {
		if err := os.WriteFile(goldenPath, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("expansion differs from %s (run with -update to accept):\n%s", goldenPath, got)
	}
}
