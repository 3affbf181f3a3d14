package compile

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/internal/golden"
)

// oracleCase is one line of ../planjson/testdata/oracle.jsonl: a Plan JSON
// document and the reference compile tool's answer to it, reduced to its
// machine contract (ok, whether format is present, each diagnostic's code,
// severity, line, col and span, and the message of E_JSON_* findings).
type oracleCase struct {
	Doc  json.RawMessage `json:"doc"`
	Want json.RawMessage `json:"want"`
}

const oracleFile = "../planjson/testdata/oracle.jsonl"

// contract reduces a wire answer to what the goldens compare.
func contract(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "output")
	delete(m, "pages")
	for _, d := range m["diagnostics"].([]any) {
		dm := d.(map[string]any)
		// extraFixes are this server's additions, with no counterpart
		// in the reference.
		for _, k := range []string{"fix", "hints", "fixes", "extraFixes"} {
			delete(dm, k)
		}
		if code, _ := dm["code"].(string); !strings.HasPrefix(code, "E_JSON") {
			dm["message"] = "~" // the prose of compile findings is our own
		}
	}
	out, _ := json.Marshal(m) // map keys sort: one canonical form
	return string(out)
}

func readOracleCases(t *testing.T) []oracleCase {
	t.Helper()
	f, err := os.Open(oracleFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []oracleCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var c oracleCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s: %v", oracleFile, err)
		}
		cases = append(cases, c)
	}
	return cases
}

// TestPlanJSONMatchesReference replays documents whose answers were taken
// from the reference implementation: E_JSON_* findings (paths, wording,
// order), refusals without a format, parse failures of the generated
// program, and the spans of later findings into that program.
func TestPlanJSONMatchesReference(t *testing.T) {
	cases := readOracleCases(t)
	if len(cases) < 100 {
		t.Fatalf("only %d oracle cases", len(cases))
	}
	var out bytes.Buffer
	for i, c := range cases {
		r := CompilePlanJSON(c.Doc, Options{})
		got := contract(t, r.Response())
		var want any
		_ = json.Unmarshal(c.Want, &want)
		wantS := contract(t, want)
		if golden.Update() {
			fmt_ := map[string]json.RawMessage{"doc": c.Doc, "want": json.RawMessage(got)}
			b, _ := json.Marshal(fmt_)
			out.Write(b)
			out.WriteByte('\n')
			continue
		}
		if got != wantS {
			t.Errorf("case %d: %s\n got %s\nwant %s", i+1, c.Doc, got, wantS)
		}
	}
	if golden.Update() {
		if err := os.WriteFile(oracleFile, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestPlanJSONRefusalShape(t *testing.T) {
	tests := []struct {
		name, doc string
		refused   bool
		wantKeys  string
	}{
		{"schema", `{"plan":1}`, true, "diagnostics,ok"},
		{"not an object", `[]`, true, "diagnostics,ok"},
		{"invalid JSON", `{"plan":`, true, "diagnostics,ok"},
		{"generated program does not parse", `{"north":"nowhere"}`, true, "diagnostics,ok"},
		{"compiles", `{"plan":"A","rooms":[{"x":0,"y":0,"width":3000,"height":3000}]}`, false, "diagnostics,format,ok,output"},
		{"compile error", `{"rooms":[{"x":0,"y":0,"width":0,"height":3000}]}`, false, "diagnostics,format,ok"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := CompilePlanJSON([]byte(tt.doc), Options{})
			if r.Refused != tt.refused {
				t.Fatalf("Refused = %v, want %v", r.Refused, tt.refused)
			}
			b, _ := json.Marshal(r.Response())
			var m map[string]json.RawMessage
			_ = json.Unmarshal(b, &m)
			var keys []string
			for _, k := range []string{"diagnostics", "format", "ok", "output"} {
				if _, ok := m[k]; ok {
					keys = append(keys, k)
				}
			}
			if got := strings.Join(keys, ","); got != tt.wantKeys {
				t.Errorf("keys = %s, want %s\n%s", got, tt.wantKeys, b)
			}
		})
	}
}

// TestPlanJSONDrawsLikeSource checks that a JSON plan draws exactly what
// its generated program draws when compiled as .arch source.
func TestPlanJSONDrawsLikeSource(t *testing.T) {
	doc := `{"plan":"Cottage","grid":50,"north":"left","walls":[{"id":"shell","category":"exterior","points":[{"x":0,"y":0},{"x":6000,"y":0},{"x":6000,"y":4000},{"x":0,"y":4000}],"thickness":200,"closed":true}],"rooms":[{"id":"r","label":"Living","room_type":"LivingRoom","x":0,"y":0,"width":6000,"height":4000}],"openings":[{"kind":"door","on":{"wall":"shell","at":"10%"},"width":900}],"furniture":[{"category":"sofa","room":"r","anchor":"bottom","inset":200,"width":2000,"height":900}],"title":{"project":"P"}}`
	for _, acc := range []bool{false, true} {
		r := CompilePlanJSON([]byte(doc), Options{Accessible: acc})
		if !r.OK {
			t.Fatalf("not ok: %+v", r.Diagnostics)
		}
		s := Compile(r.Source, Options{Accessible: acc})
		if s.Output != r.Output {
			t.Errorf("accessible=%v: JSON and source drawings differ", acc)
		}
	}
}

func BenchmarkCompilePlanJSON(b *testing.B) {
	doc := []byte(`{"plan":"Cottage","walls":[{"id":"shell","category":"exterior","points":[{"x":0,"y":0},{"x":6000,"y":0},{"x":6000,"y":4000},{"x":0,"y":4000}],"thickness":200,"closed":true}],"rooms":[{"id":"r","label":"Living","room_type":"LivingRoom","x":0,"y":0,"width":6000,"height":4000}],"openings":[{"kind":"door","on":{"wall":"shell","at":"10%"},"width":900}],"furniture":[{"category":"sofa","room":"r","anchor":"bottom","inset":200,"width":2000,"height":900}]}`)
	b.ReportAllocs()
	for b.Loop() {
		CompilePlanJSON(doc, Options{})
	}
}
