package intent

import (
	"slices"
	"strings"
	"testing"
)

// TestDecodeErrors pins the pathed errors and their order for malformed
// documents (checked against the reference).
func TestDecodeErrors(t *testing.T) {
	facing := `/roomsInclude/0/windows/facing: expected one of "N", "S", "E", "W", "street", "back", "equator_side", "sunrise_side", "sunset_side"`
	for _, c := range []struct {
		doc  string
		want []string
	}{
		{`null`, []string{"/: expected a top-level object"}},
		{`[]`, []string{"/: expected a top-level object"}},
		{`"rooms"`, []string{"/: expected a top-level object"}},
		{`not json`, []string{"/: expected a top-level object"}},
		{`{"foo":1}`, []string{"/foo: unknown key"}},
		{`{"b":1,"1":2,"a":3,"0":4}`, []string{"/0: unknown key", "/1: unknown key", "/b: unknown key", "/a: unknown key"}},
		{`{"rooms":-1}`, []string{"/rooms: expected an integer ≥ 0"}},
		{`{"rooms":1.5}`, []string{"/rooms: expected an integer ≥ 0"}},
		{`{"rooms":"3"}`, []string{"/rooms: expected an integer ≥ 0"}},
		{`{"rooms":null}`, []string{"/rooms: expected an integer ≥ 0"}},
		{`{"rooms":1e400}`, []string{"/rooms: expected an integer ≥ 0"}},
		{`{"rooms":1,"rooms":-1}`, []string{"/rooms: expected an integer ≥ 0"}},
		{`{"adjacency":{},"totalAreaM2":{},"reachable":1,"roomsInclude":1,"rooms":-1}`, []string{
			"/rooms: expected an integer ≥ 0", "/roomsInclude: expected an array",
			"/totalAreaM2/source: expected a string", "/totalAreaM2: expected at least one of min/max",
			"/adjacency/source: expected a string", "/adjacency/requiredEdges: expected an object of concept → concept[]",
			"/reachable: expected a boolean"}},
		{`{"roomsInclude":[{"concept":"a"},{"concept":1},2,{"concept":"b","count":[]}]}`, []string{
			"/roomsInclude/1/concept: expected a string", "/roomsInclude/2: expected an object", "/roomsInclude/3/count: expected an object"}},
		{`{"roomsInclude":[{"concept":1,"bogus":1,"count":{"min":-1,"zz":1},"areaM2":{"q":1,"min":-1},"windows":{"facing":"x","min":-1,"max":-1,"k":1}}]}`, []string{
			"/roomsInclude/0/bogus: unknown key", "/roomsInclude/0/concept: expected a string",
			"/roomsInclude/0/count/zz: unknown key", "/roomsInclude/0/count/min: expected an integer ≥ 0",
			"/roomsInclude/0/areaM2/q: unknown key", "/roomsInclude/0/areaM2/min: expected a number ≥ 0",
			"/roomsInclude/0/areaM2/source: expected a string", "/roomsInclude/0/areaM2: expected at least one of min/max",
			"/roomsInclude/0/windows/k: unknown key", "/roomsInclude/0/windows/min: expected an integer ≥ 0",
			"/roomsInclude/0/windows/max: expected an integer ≥ 0", facing}},
		{`{"roomsInclude":[{"windows":{"facing":"n","min":3,"max":1}}]}`, []string{
			"/roomsInclude/0/concept: expected a string", "/roomsInclude/0/windows: min must be ≤ max", facing}},
		{`{"roomsInclude":[{"concept":"a","areaM2":{"min":5,"max":2}}]}`, []string{
			"/roomsInclude/0/areaM2: min must be ≤ max", "/roomsInclude/0/areaM2/source: expected a string"}},
		{`{"roomsInclude":[{"concept":"a","count":{"min":5,"max":-2}}]}`, []string{"/roomsInclude/0/count/max: expected an integer ≥ 0"}},
		{`{"totalAreaM2":{"min":"5","max":2,"source":"s"}}`, []string{"/totalAreaM2/min: expected a number ≥ 0"}},
		{`{"totalAreaM2":{"min":1e400,"source":"s"}}`, []string{"/totalAreaM2/min: expected a number ≥ 0", "/totalAreaM2: expected at least one of min/max"}},
		{`{"adjacency":{"source":1,"requiredEdges":{"a":["b"],"1":"x","b":[2]},"zz":1}}`, []string{
			"/adjacency/zz: unknown key", "/adjacency/source: expected a string",
			"/adjacency/requiredEdges/1: expected an array of strings", "/adjacency/requiredEdges/b: expected an array of strings"}},
		{`{"adjacency":{"requiredEdges":{"a/b":null},"source":"s"}}`, []string{"/adjacency/requiredEdges/a/b: expected an array of strings"}},
		{`{"adjacency":[]}`, []string{"/adjacency: expected an object"}},
	} {
		in, errs := Decode([]byte(c.doc))
		if in != nil || !slices.Equal(errs, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.doc, errs, c.want)
		}
	}
}

func TestDecodeAccepts(t *testing.T) {
	in, errs := Decode([]byte(`{"rooms":-0,"roomsInclude":[{"concept":"","count":{},"windows":{"max":0}}],
		"totalAreaM2":{"max":40,"source":""},"adjacency":{"requiredEdges":{"b":["c"],"a":["d","e"],"0":[]},"source":""},"reachable":false,"rooms":3}`))
	if errs != nil {
		t.Fatal(errs)
	}
	if *in.Rooms != 3 || len(in.RoomsInclude) != 1 || in.RoomsInclude[0].Windows.Max == nil || in.TotalArea.Min != nil || in.Reachable {
		t.Errorf("decoded %+v", in)
	}
	var edges []string
	for _, e := range in.Adjacency.Edges {
		edges = append(edges, e.From+">"+e.To)
	}
	if strings.Join(edges, " ") != "b>c a>d a>e" {
		t.Errorf("edges %v", edges)
	}
	if in, errs := DecodeAbsent(); in != nil || len(errs) != 1 {
		t.Errorf("absent: %v %v", in, errs)
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{}`, `null`, `{"rooms":4}`, `{"rooms":1e400,"0":1}`,
		`{"roomsInclude":[{"concept":"bathroom","count":{"min":1,"max":2},"areaM2":{"min":5,"max":6,"source":"s"},"windows":{"min":1,"facing":"street"}}]}`,
		`{"totalAreaM2":{"min":1,"source":"x"},"adjacency":{"requiredEdges":{"a":["b"]},"source":"y"},"reachable":true}`,
		`{"roomsInclude":[{"windows":{"facing":"x","min":3,"max":1}}]}`, `[[[[[[[[]]]]]]]]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		in, errs := Decode(raw)
		if (in == nil) == (len(errs) == 0) {
			t.Fatalf("intent %v with errors %v", in, errs)
		}
		for _, e := range errs {
			if !strings.HasPrefix(e, "/") || !strings.Contains(e, ": ") {
				t.Fatalf("error %q is not pathed", e)
			}
		}
		if in != nil {
			ps := Lower(in)
			for _, p := range ps {
				if !strings.HasPrefix(p.Path, "/") {
					t.Fatalf("predicate path %q", p.Path)
				}
			}
		}
	})
}

func TestDecodeDeepNesting(t *testing.T) {
	deep := `{"foo":` + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + `}`
	if _, errs := Decode([]byte(deep)); len(errs) != 1 || errs[0] != "/foo: unknown key" {
		t.Errorf("errors %v", errs)
	}
	if _, errs := Decode([]byte(strings.Repeat("[", 20000) + strings.Repeat("]", 20000))); len(errs) != 1 {
		t.Errorf("errors %v", errs)
	}
}
