package expand_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// orderedFront lists the parse and expand diagnostics of src in the order
// a compile reports them when resolve adds none of its own: the scripting
// list first, then the element-clause diagnostics. Each entry is
// "CODE line:col [start,end]", or "CODE -" when the reference places none.
func orderedFront(src string) []string {
	f, ds, elem := front("p.arch", []byte(src))
	return brief(f, append(ds, elem...))
}

func brief(f *source.File, l diag.List) []string {
	out := []string{}
	for _, j := range diag.ListToJSON(f, l) {
		if j.Span == nil {
			out = append(out, j.Code+" -")
			continue
		}
		out = append(out, fmt.Sprintf("%s %d:%d [%d,%d]", j.Code, j.Line, j.Col, j.Span[0], j.Span[1]))
	}
	return out
}

// TestPlaceOrder pins the order in which `place comp(args) as u at (x,y)`
// reports its problems. Every want list was taken from the reference
// compiler (whole compile; none of these plans draws a resolve finding):
// the component is looked up, the arity checked, the name checked against
// the instances of its world, the depth checked, and only then are the at
// point, the arguments and the body evaluated, eagerly, in that order.
func TestPlaceOrder(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"at before the arguments",
			`plan "p" {
  units mm
  component k(a) {
    wall id=w partition thickness 100 { (0,0) (a,0) }
  }
  place k(u1) as u at (u2, 0)
}
`,
			[]string{"E_UNKNOWN_REF 6:24 [122,124]", "E_UNKNOWN_REF 6:11 [109,111]"}},
		{"at before a later let",
			`plan "p" {
  units mm
  component k(a) {
    wall id=w partition thickness 100 { (0,0) (a,0) }
  }
  place k(u1) as u at (u2, 0)
  let z = u3
}
`,
			[]string{"E_UNKNOWN_REF 6:24 [122,124]", "E_UNKNOWN_REF 6:11 [109,111]", "E_UNKNOWN_REF 7:11 [139,141]"}},
		{"at, args, body lets, later lets; element clauses last",
			`plan "p" {
  units mm
  component k(a) {
    let q = u4
    wall id=w partition thickness 100 { (0,0) (u6,0) }
  }
  let z0 = u0
  place k(u1) as u at (u2, u7) rotate 90 mirror x
  let z = u3
}
`,
			[]string{"E_UNKNOWN_REF 7:12 [126,128]", "E_UNKNOWN_REF 8:24 [152,154]", "E_UNKNOWN_REF 8:28 [156,158]", "E_UNKNOWN_REF 8:11 [139,141]", "E_UNKNOWN_REF 4:13 [53,55]", "E_UNKNOWN_REF 9:11 [189,191]", "E_UNKNOWN_REF 5:48 [103,105]"}},
		{"division by zero in at and args, unplaced",
			`plan "p" {
  units mm
  component k(a) {
    wall id=w partition thickness 100 { (0,0) (1000,0) }
  }
  place k(1 / 0) as u at (1 / 0, 0) rotate 90
}
`,
			[]string{"E_DIV_ZERO -", "E_DIV_ZERO -"}},
		{"arity, then at, then args",
			`plan "p" {
  units mm
  component k(a) {
    wall id=w partition thickness 100 { (0,0) (1000,0) }
  }
  place k(u1, u8) as u at (u2, 0) rotate 90
}
`,
			[]string{"E_ARGCOUNT 6:3 [104,145]", "E_UNKNOWN_REF 6:28 [129,131]", "E_UNKNOWN_REF 6:11 [112,114]"}},
		{"duplicate name: reported, nothing evaluated",
			`plan "p" {
  units mm
  component k(a) {
    wall id=w partition thickness 100 { (0,0) (1000,0) }
  }
  place k(1) as u at (0, 0)
  place k(u1) as u at (u2, 0)
  let z = u3
}
`,
			[]string{"E_DUP_INSTANCE 7:18 [147,148]", "E_UNKNOWN_REF 8:11 [170,172]"}},
		{"nested place inside inline and placed calls",
			`plan "p" {
  units mm
  component m(b) {
    let q = u4
    wall id=w partition thickness 100 { (0,0) (1000,0) }
  }
  component k(a) {
    wall id=w partition thickness 100 { (0,0) (1000,0) }
    place m(a + u1) as v at (u2 + a, 0)
  }
  place k(u5) as u at (u6, 0)
  k(u7)
}
`,
			[]string{"E_UNKNOWN_REF 11:24 [260,262]", "E_UNKNOWN_REF 11:11 [247,249]", "E_UNKNOWN_REF 9:30 [222,224]", "E_UNKNOWN_REF 9:17 [209,211]", "E_UNKNOWN_REF 4:13 [53,55]", "E_UNKNOWN_REF 12:5 [271,273]", "E_UNKNOWN_REF 9:30 [222,224]", "E_UNKNOWN_REF 9:17 [209,211]", "E_UNKNOWN_REF 4:13 [53,55]"}},
		{"place in a loop: second pass is a duplicate",
			`plan "p" {
  units mm
  component k(a) {
    wall id=w partition thickness 100 { (0,0) (1000,0) }
  }
  for i in 0..2 {
    place k(u1 + i) as u at (u2 / 0, 0)
  }
}
`,
			[]string{"E_UNKNOWN_REF 7:30 [149,151]", "E_DIV_ZERO 7:30 [149,151]", "E_UNKNOWN_REF 7:13 [132,134]", "E_DUP_INSTANCE 7:24 [143,144]"}},
		{"unknown component: nothing evaluated",
			`plan "p" {
  units mm
  component k(a) {
    wall id=w partition thickness 100 { (0,0) (1000,0) }
  }
  place k(1) as u at (0, 0)
  place nope(u1) as u at (u2, 0)
}
`,
			[]string{"E_UNKNOWN_COMPONENT 7:3 [132,162]"}},
		{"arity before the duplicate check",
			`plan "p" {
  units mm
  component k(a) {
    wall id=w partition thickness 100 { (0,0) (1000,0) }
  }
  place k(1) as u at (0, 0)
  place k(u1, 2) as u at (u2, 0)
}
`,
			[]string{"E_ARGCOUNT 7:3 [132,162]", "E_DUP_INSTANCE 7:21 [150,151]"}},
		{"levels are separate worlds",
			`plan "p" {
  units mm
  component k(a) {
    wall id=w partition thickness 100 { (0,0) (1000,0) }
  }
  level 1 {
    place k(1) as u at (0, 0)
  }
  level 2 {
    place k(u1) as u at (u2, 0)
  }
}
`,
			[]string{"E_UNKNOWN_REF 10:26 [185,187]", "E_UNKNOWN_REF 10:13 [172,174]"}},
		{"duplicates inside instances are qualified",
			`plan "p" {
  units mm
  component k(a) {
    wall id=w partition thickness 100 { (0,0) (1000,0) }
  }
  component n() {
    place k(u3) as u at (u4, 0)
  }
  component m() {
    place k(1) as v at (0, 0)
    place k(u5) as v at (u6, 0)
  }
  place k(1) as u at (0, 0)
  n()
  place m() as a at (0, 0)
  place m() as b at (0, 0)
}
`,
			[]string{"E_DUP_INSTANCE 7:20 [139,140]", "E_DUP_INSTANCE 11:20 [223,224]", "E_DUP_INSTANCE 11:20 [223,224]"}},
		{"zones and branches share the plan world",
			`plan "p" {
  units mm
  component k(a) {
    wall id=w partition thickness 100 { (0,0) (1000,0) }
  }
  zone z "Z" {
    place k(1) as u at (0, 0)
  }
  zone y "Y" {
    place k(u1) as u at (u2, 0)
  }
  if true {
    place k(u3) as u at (u4, 0)
  }
}
`,
			[]string{"E_DUP_INSTANCE 10:20 [185,186]", "E_DUP_INSTANCE 13:20 [233,234]"}},
		{"recursion limit skips the at",
			`plan "p" {
  units mm
  component k(a) {
    wall id=w partition thickness 100 { (0,0) (1000,0) }
    place k(1) as v at (0, 0)
  }
  component q() {
    place k(1) as v at (0, 0)
    wall id=w partition thickness 100 { (0,0) (1000,0) }
  }
  place q() as u at (0, 0)
  place k(u1) as v at (u2, 0)
}
`,
			[]string{"E_RECURSION 5:5 [102,127]", "E_UNKNOWN_REF 12:24 [291,293]", "E_UNKNOWN_REF 12:11 [278,280]", "E_RECURSION 5:5 [102,127]"}},
		{"an unknown component takes no name",
			`plan "p" {
  units mm
  component k(a) {
    wall id=w partition thickness 100 { (0,0) (1000,0) }
  }
  place nope(1) as u at (0, 0)
  place k(u1) as u at (u2, 0)
}
`,
			[]string{"E_UNKNOWN_COMPONENT 6:3 [104,132]", "E_UNKNOWN_REF 7:24 [156,158]", "E_UNKNOWN_REF 7:11 [143,145]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := orderedFront(tt.src)
			if g, w := strings.Join(got, "\n"), strings.Join(tt.want, "\n"); g != w {
				t.Errorf("diagnostics\n got:\n%s\nwant:\n%s", g, w)
			}
		})
	}
}

// TestPlaceRecursionSkipsAt checks that the call past the component depth
// limit evaluates neither its at point nor its arguments: as in the
// reference, each of the 63 nested places below the limit reports its at
// point, then its argument, and the 64th only E_RECURSION.
func TestPlaceRecursionSkipsAt(t *testing.T) {
	const src = `plan "p" {
  units mm
  component k(a) {
    wall id=w partition thickness 100 { (0,0) (1000,0) }
    place k(a + u1) as v at (u2 + a, 0)
  }
  place k(1) as u at (0, 0)
}
`
	var want []string
	for i := 0; i < 63; i++ {
		want = append(want, "E_UNKNOWN_REF 5:30 [127,129]", "E_UNKNOWN_REF 5:17 [114,116]")
	}
	want = append(want, "E_RECURSION 5:5 [102,137]")
	got := orderedFront(src)
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("diagnostics\n got:\n%s\nwant:\n%s", g, w)
	}
}

// TestDupInstanceQualified checks that a duplicate inside a placed
// instance names the instance path, and that the duplicate is not emitted.
func TestDupInstanceQualified(t *testing.T) {
	const src = "plan \"p\" {\n  component k() {\n    wall id=w partition thickness 100 { (0,0) (1000,0) }\n  }\n" +
		"  component m() {\n    place k() as v at (0, 0)\n    place k() as v at (zz, 0)\n  }\n  place m() as a at (0, 0)\n}\n"
	_, ds, _ := front("p.arch", []byte(src))
	if len(ds) != 1 || ds[0].Code != "E_DUP_INSTANCE" || !strings.Contains(ds[0].Message, `"a.v"`) {
		t.Fatalf("got %v, want one E_DUP_INSTANCE naming \"a.v\"", ds)
	}
}
