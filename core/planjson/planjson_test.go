package planjson

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/internal/golden"
)

func TestText(t *testing.T) {
	tests := []struct{ json, want string }{
		{`null`, "null"},
		{`true`, "true"},
		{`"a b"`, "a b"},
		{`1e400`, "Infinity"},
		{`-0`, "0"},
		{`[1,null,"x",[2,3]]`, "1,,x,2,3"},
		{`{"a":1}`, "[object Object]"},
	}
	for _, tt := range tests {
		v, err := Decode([]byte(tt.json))
		if err != nil {
			t.Fatalf("%s: %v", tt.json, err)
		}
		if got := v.Text(); got != tt.want {
			t.Errorf("Text(%s) = %q, want %q", tt.json, got, tt.want)
		}
	}
	if got := (Value{}).Text(); got != "undefined" {
		t.Errorf("undefined Text = %q", got)
	}
}

func TestDecodeKeyOrder(t *testing.T) {
	v, err := Decode([]byte(`{"zz":1,"b":2,"10":3,"2":4,"01":5,"b":6}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(v.Keys, ","); got != "2,10,zz,b,01" {
		t.Errorf("keys = %s", got)
	}
	if got := v.Get("b").Num; got != 6 {
		t.Errorf("repeated key keeps %v, want the last value 6", got)
	}
}

func TestDecodeErrors(t *testing.T) {
	deep := strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1)
	ok := strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)
	tests := []struct {
		in      string
		wantErr string
	}{
		{``, "unexpected EOF"},
		{`{"plan":`, "unexpected EOF"},
		{`{"plan":"A"} x`, "invalid character"},
		{`{"plan":"A"}{}`, "after the top-level value"},
		{`{plan:1}`, "invalid character"},
		{deep, "nested deeper"},
		{ok, ""},
	}
	for _, tt := range tests {
		_, err := Decode([]byte(tt.in))
		if tt.wantErr == "" {
			if err != nil {
				t.Errorf("%.20q: unexpected error %v", tt.in, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%.20q: error %v, want one containing %q", tt.in, err, tt.wantErr)
		}
	}
}

func TestQuote(t *testing.T) {
	got := quote("a\"b\\c\nd{e}\tf\r")
	want := `"a\"b\\c\nd\{e\}` + "\tf\r" + `"`
	if got != want {
		t.Errorf("quote = %q, want %q", got, want)
	}
}

// TestCheckMessages pins findings the reference has no answer for (it
// fails outright on these values) and a few contract phrases.
func TestCheckMessages(t *testing.T) {
	tests := []struct{ doc, want string }{
		{`5`, "E_JSON_SCHEMA plan JSON : expected a top-level object"},
		{`{"north":null}`, `E_JSON_SCHEMA plan JSON /north: expected "up", "down", "left", "right" or an object with a numeric deg`},
		{`{"title":{"project":1,"date":null}}`, "E_JSON_SCHEMA plan JSON /title/project: expected a string\nE_JSON_SCHEMA plan JSON /title/date: expected a string"},
		{`{"furniture":[{"category":"bed","x":0,"y":0,"label":5}]}`, "E_JSON_SCHEMA plan JSON /furniture/0/label: expected a string"},
		{`{"north":null,"plan":1}`, "E_JSON_SCHEMA plan JSON /plan: expected a string"},
		{`{"openings":[{"kind":"gate","width":1,"x":0,"y":0}]}`, `E_JSON_KIND plan JSON /openings/0/kind: expected "door", "window", or "opening" (got "gate")`},
		{`{"rooms":[{"x":1e400,"y":0,"width":1,"height":1}]}`, "E_JSON_SCHEMA plan JSON /rooms/0/x: expected a number"},
		{`{"plan":`, "E_JSON_SCHEMA invalid JSON: unexpected EOF at byte 8"},
	}
	for _, tt := range tests {
		src, ds := Convert([]byte(tt.doc))
		if src != nil {
			t.Errorf("%s: converted, want a refusal", tt.doc)
			continue
		}
		var lines []string
		for _, d := range ds {
			if !d.Unplaced || d.Severity.String() != "error" || d.FixText == "" {
				t.Errorf("%s: %+v should be an unplaced error with a fix", tt.doc, d)
			}
			lines = append(lines, d.Code+" "+d.Message)
		}
		if got := strings.Join(lines, "\n"); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.doc, got, tt.want)
		}
	}
}

// TestConvertGolden converts every testdata/convert/*.json and compares
// the generated program (or the findings) with the .golden next to it.
// The findings and the spans into these programs were checked against
// the reference implementation.
func TestConvertGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/convert/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	for _, in := range files {
		t.Run(filepath.Base(in), func(t *testing.T) {
			raw, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			src, ds := Convert(raw)
			got := string(src)
			if src == nil {
				var b strings.Builder
				for _, d := range ds {
					b.WriteString(d.Code + " " + d.Message + "\n")
				}
				got = b.String()
			}
			goldenPath := strings.TrimSuffix(in, ".json") + ".golden"
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
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// TestConvertDeterministic converts the same document repeatedly.
func TestConvertDeterministic(t *testing.T) {
	raw, err := os.ReadFile("testdata/convert/cottage.json")
	if err != nil {
		t.Fatal(err)
	}
	first, _ := Convert(raw)
	for range 20 {
		if again, _ := Convert(raw); string(again) != string(first) {
			t.Fatal("conversion is not deterministic")
		}
	}
}

func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob("testdata/convert/*.json")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"north":{"deg":1e999},"site":{"1":0}}`))
	f.Add([]byte(`[[[[{}]]]]`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		src, ds := Convert(raw)
		if (src == nil) == (len(ds) == 0) {
			t.Fatalf("want exactly one of a program (%d bytes) or findings (%d)", len(src), len(ds))
		}
		for _, d := range ds {
			if d.Code != codeSchema && d.Code != codeKind {
				t.Fatalf("unexpected code %s", d.Code)
			}
			if !strings.HasPrefix(d.Message, "plan JSON ") && !strings.HasPrefix(d.Message, "invalid JSON: ") {
				t.Fatalf("message %q lacks its prefix", d.Message)
			}
		}
		if src != nil {
			if !strings.HasPrefix(string(src), "plan \"") || !strings.HasSuffix(string(src), "}\n") {
				t.Fatalf("malformed program:\n%s", src)
			}
			again, _ := Convert(raw)
			if string(again) != string(src) {
				t.Fatal("not deterministic")
			}
		}
	})
}

func BenchmarkConvert(b *testing.B) {
	raw, err := os.ReadFile("testdata/convert/cottage.json")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		Convert(raw)
	}
}
