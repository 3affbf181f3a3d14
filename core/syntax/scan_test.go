package syntax

import (
	"slices"
	"testing"
)

func TestScan(t *testing.T) {
	var got []string
	for tok := range Scan("room id=a right-of b # note\n  size 3mx4m ;") {
		got = append(got, tok.Kind.String()+":"+tok.Text)
	}
	want := []string{"ident:room", "ident:id", "eq:=", "ident:a", "ident:right-of", "ident:b", "ident:size", "dims:3mx4m"}
	if !slices.Equal(got, want) {
		t.Errorf("Scan = %q, want %q", got, want)
	}
	for range Scan("a b c") {
		break // stopping early must not panic
	}
}
