package syntax

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/internal/golden"
)

// dump renders an AST deterministically: one node per line, its type,
// span text and scalar fields, children indented.
func dump(f *source.File, n any) string {
	var b strings.Builder
	var walk func(v reflect.Value, indent string, label string)
	walk = func(v reflect.Value, indent, label string) {
		if !v.IsValid() {
			return
		}
		for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return
			}
			v = v.Elem()
		}
		switch v.Kind() {
		case reflect.Struct:
			if sp, ok := v.Interface().(source.Span); ok {
				fmt.Fprintf(&b, "%s%s%q\n", indent, label, f.Text(sp))
				return
			}
			fmt.Fprintf(&b, "%s%s%s\n", indent, label, v.Type().Name())
			for i := range v.NumField() {
				fv, ft := v.Field(i), v.Type().Field(i)
				if ft.Type == reflect.TypeOf(source.Span{}) || ft.Name == "Src" {
					if ft.Name == "Sp" && i == v.NumField()-1 {
						walk(fv, indent+"  ", "span: ")
					}
					continue
				}
				walk(fv, indent+"  ", ft.Name+": ")
			}
		case reflect.Slice:
			if v.Len() == 0 {
				return
			}
			fmt.Fprintf(&b, "%s%s[%d]\n", indent, label, v.Len())
			for i := range v.Len() {
				walk(v.Index(i), indent+"  ", "")
			}
		case reflect.String:
			if v.String() != "" {
				fmt.Fprintf(&b, "%s%s%q\n", indent, label, v.String())
			}
		case reflect.Bool:
			if v.Bool() {
				fmt.Fprintf(&b, "%s%strue\n", indent, label)
			}
		case reflect.Float64:
			fmt.Fprintf(&b, "%s%s%v\n", indent, label, v.Float())
		case reflect.Int:
			if v.Int() != 0 {
				fmt.Fprintf(&b, "%s%s%d\n", indent, label, v.Int())
			}
		}
	}
	walk(reflect.ValueOf(n), "", "")
	return b.String()
}

// TestGoldenAST pins the tree of testdata/plan.arch (refresh with -update).
func TestGoldenAST(t *testing.T) {
	src, err := os.ReadFile("testdata/plan.arch")
	if err != nil {
		t.Fatal(err)
	}
	f := source.NewFile("plan.arch", src)
	file, ds := Parse(f)
	if len(ds) != 0 {
		t.Fatalf("diagnostics: %v", ds)
	}
	got := dump(f, file.Plan)
	if golden.Update() {
		if err := os.WriteFile("testdata/plan.ast", []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile("testdata/plan.ast")
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("AST differs from testdata/plan.ast (run with -update to accept):\n%s", got)
	}
}
