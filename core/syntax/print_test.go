package syntax

import "testing"

// letValue parses `let x = <expr>` and returns the expression.
func letValue(t *testing.T, expr string) Expr {
	t.Helper()
	f, msgs := parse(t, "plan \"P\" {\n  let x = "+expr+"\n}\n")
	if len(msgs) > 0 {
		t.Fatalf("%s: %v", expr, msgs)
	}
	return f.Plan.Body[0].(*LetStmt).Value
}

func TestExprString(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"3m", "3000"},
		{"1.5cm+W*2", "15 + W * 2"},
		{"(a+b)*c", "(a + b) * c"},
		{"a-(b-c)", "a - (b - c)"},
		{"(a-b)-c", "a - b - c"},
		{"-(a+b)", "-(a + b)"},
		{"!x||y&&z", "!x || y && z"},
		{"a<=b==c!=d", "a <= b == c != d"},
		{"0..n-1", "0..n - 1"},
		{"a[i+1]", "a[i + 1]"},
		{"max(3,[1,2])", "max(3, [1, 2])"},
		{"if a>1 {2} else {3}", "if a > 1 { 2 } else { 3 }"},
		{`"a \"q\" {n+1} \{"`, `"a \"q\" {n + 1} \{"`},
		{"true", "true"},
	} {
		if got := ExprString(letValue(t, c.in)); got != c.want {
			t.Errorf("ExprString(%s) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := ExprString(nil); got != "" {
		t.Errorf("ExprString(nil) = %q", got)
	}
}

func TestPointAndAttachPosString(t *testing.T) {
	if got := PointString(&Point{X: &NumLit{Value: 1000}, Y: &RefExpr{Name: "W"}}); got != "(1000, W)" {
		t.Errorf("PointString = %q", got)
	}
	if got := PointString(nil); got != "(0, 0)" {
		t.Errorf("PointString(nil) = %q", got)
	}
	for _, c := range []struct {
		p    *AttachPos
		want string
	}{
		{nil, "center"},
		{&AttachPos{Center: true}, "center"},
		{&AttachPos{Value: &NumLit{Value: 40}, Percent: true}, "40%"},
		{&AttachPos{Value: &NumLit{Value: 1200}}, "1200"},
	} {
		if got := AttachPosString(c.p); got != c.want {
			t.Errorf("AttachPosString(%+v) = %q, want %q", c.p, got, c.want)
		}
	}
}

func TestOpeningKeyword(t *testing.T) {
	for k, want := range map[OpeningKind]string{DoorKind: "door", WindowKind: "window", CasedKind: "opening", 0: ""} {
		if got := k.Keyword(); got != want {
			t.Errorf("OpeningKind(%d).Keyword() = %q, want %q", k, got, want)
		}
	}
}
