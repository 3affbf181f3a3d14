package diag

import (
	"bytes"
	"fmt"
	"go/format"
	"strings"
)

// initialisms are the words a code's constant spells in capitals.
var initialisms = map[string]bool{"ID": true, "JSON": true, "PNG": true, "WC": true}

// ConstName is the Go constant that names a code: Err, Warn or Info for
// the E_, W_ or I_ prefix, then the rest of the code in mixed caps
// (E_DUP_ID is ErrDupID).
func ConstName(code string) string {
	prefix, rest, _ := strings.Cut(code, "_")
	var b strings.Builder
	switch prefix {
	case "E":
		b.WriteString("Err")
	case "W":
		b.WriteString("Warn")
	case "I":
		b.WriteString("Info")
	default:
		b.WriteString(prefix)
	}
	for _, w := range strings.Split(rest, "_") {
		if initialisms[w] {
			b.WriteString(w)
			continue
		}
		if w != "" {
			b.WriteString(w[:1] + strings.ToLower(w[1:]))
		}
	}
	return b.String()
}

// constantsSource is the Go source of codes_gen.go: one constant per
// catalogued code, in catalogue order. TestCodeConstants holds the file to
// it (rewrite it with go test ./core/diag -update).
func constantsSource() []byte {
	var b bytes.Buffer
	b.WriteString("// Code generated from the catalogue by TestCodeConstants (go test ./core/diag -update); DO NOT EDIT.\n\n")
	b.WriteString("package diag\n\n")
	b.WriteString("// The catalogue's codes as constants, so that a misspelt code does not\n// compile.\nconst (\n")
	for _, e := range catalogue {
		fmt.Fprintf(&b, "\t// %s is %s: %s.\n\t%s = %q\n", ConstName(e.Code), e.Code, e.Summary, ConstName(e.Code), e.Code)
	}
	b.WriteString(")\n")
	out, err := format.Source(b.Bytes())
	if err != nil {
		panic(err) // the generator's own output; a bug here, not input
	}
	return out
}
