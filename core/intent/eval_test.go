package intent_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/intent"
	"github.com/archlang-go/caddy-archlang/internal/golden"
)

// plan reads a test plan and returns its source.
func plan(t testing.TB, name string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// miss is one expected violation: its code, tier, the pointer it names and
// fragments its message must carry (measured values, the cited source).
type miss struct {
	code  string
	gate  bool
	path  string
	parts []string
}

// evalCases hold at least one case per E_INTENT_ code. The expected counts,
// codes, tiers and subscores were checked against the reference.
var evalCases = []struct {
	name           string
	plan, intent   string
	ok             bool
	satisfied, all int
	subscores      string
	misses         []miss
}{
	{"all met", "flat.arch", `{"rooms":4,"roomsInclude":[{"concept":"bedroom","areaM2":{"min":10.8,"max":13.2,"source":"a 12 m² bedroom"},"windows":{"facing":"E"}},{"concept":"bathroom"}],"totalAreaM2":{"min":43.2,"max":52.8,"source":"about 48 m²"},"adjacency":{"requiredEdges":{"hall":["bathroom","bedroom"]},"source":"all off the hall"},"reachable":true}`,
		true, 9, 9, `{"rooms":1,"labels":1,"area":1,"adjacency":1}`, nil},
	{"room count", "flat.arch", `{"rooms":6}`, false, 0, 1, `{"rooms":0,"labels":1,"area":null,"adjacency":null}`,
		[]miss{{intent.CodeRoomCount, true, "/rooms", []string{"6", "4"}}}},
	{"policy B: a surplus hall passes", "flat.arch", `{"rooms":3}`, true, 1, 1, `{"rooms":0.5,"labels":1,"area":null,"adjacency":null}`, nil},
	{"policy B: the hall was asked for", "flat.arch", `{"rooms":3,"roomsInclude":[{"concept":"hall"}]}`, false, 1, 2, `{"rooms":0.5,"labels":1,"area":null,"adjacency":null}`,
		[]miss{{intent.CodeRoomCount, true, "/rooms", []string{"3", "4", "not a hall or corridor"}}}},
	{"room missing", "flat.arch", `{"roomsInclude":[{"concept":"garage"},{"concept":"bedroom","count":{"min":2}}]}`, false, 0, 2, `{"rooms":1,"labels":0,"area":null,"adjacency":null}`,
		[]miss{{intent.CodeRoomMissing, true, "/roomsInclude/0", []string{`"garage"`, "1", "0"}}, {intent.CodeRoomMissing, true, "/roomsInclude/1", []string{`"bedroom"`, "2", "1"}}}},
	{"one room, one concept", "flat.arch", `{"roomsInclude":[{"concept":"wc"},{"concept":"bathroom"}]}`, false, 1, 2, `{"rooms":1,"labels":0.5,"area":null,"adjacency":null}`,
		[]miss{{intent.CodeRoomMissing, true, "/roomsInclude/1", []string{`"bathroom"`}}}},
	{"room area", "flat.arch", `{"roomsInclude":[{"concept":"bathroom","areaM2":{"min":9,"max":11,"source":"about 10 m² bathroom"}}]}`, false, 1, 2, `{"rooms":1,"labels":1,"area":0,"adjacency":null}`,
		[]miss{{intent.CodeRoomArea, true, "/roomsInclude/0/areaM2", []string{`"bathroom"`, "[9, 11] m²", "(about 10 m² bathroom)"}}}},
	{"total area", "flat.arch", `{"totalAreaM2":{"min":72,"source":"at least 72 m²"}}`, false, 0, 1, `{"rooms":1,"labels":1,"area":0,"adjacency":null}`,
		[]miss{{intent.CodeTotalArea, true, "/totalAreaM2", []string{"48 m²", "[72, ∞]", "(at least 72 m²)"}}}},
	{"no window", "flat.arch", `{"roomsInclude":[{"concept":"bathroom","windows":{"min":1}},{"concept":"living-room","windows":{"min":1,"facing":"S"}}]}`, false, 2, 4, `{"rooms":1,"labels":0.5,"area":null,"adjacency":null}`,
		[]miss{{intent.CodeNoWindow, true, "/roomsInclude/0/windows", []string{`"bathroom"`, "0 window(s)", "needs 1"}},
			{intent.CodeNoWindow, true, "/roomsInclude/1/windows", []string{`"living-room"`, "facing S", "needs 1"}}}},
	{"symbolic facing through the site", "flat.arch", `{"roomsInclude":[{"concept":"living-room","windows":{"facing":"sunset_side"}},{"concept":"bedroom","windows":{"facing":"equator_side"}}]}`, false, 3, 4, `{"rooms":1,"labels":0.75,"area":null,"adjacency":null}`,
		[]miss{{intent.CodeNoWindow, true, "/roomsInclude/1/windows", []string{"equator_side (S)"}}}},
	{"no site", "cabin.arch", `{"roomsInclude":[{"concept":"bedroom","windows":{"facing":"street"}}]}`, false, 1, 2, `{"rooms":1,"labels":0.5,"area":null,"adjacency":null}`,
		[]miss{{intent.CodeNoSite, true, "/roomsInclude/0/windows", []string{`"street"`}}}},
	{"not adjacent is advisory", "flat.arch", `{"adjacency":{"requiredEdges":{"bathroom":["bedroom"],"kitchen":["hall"]},"source":"bath off the bedroom"}}`, true, 1, 2, `{"rooms":1,"labels":1,"area":null,"adjacency":0.5}`,
		[]miss{{intent.CodeNotAdjacent, false, "/adjacency", []string{`"bathroom"`, `"bedroom"`, "(bath off the bedroom)"}}}},
	{"no door is advisory", "cabin.arch", `{"reachable":true}`, true, 0, 1, `{"rooms":1,"labels":1,"area":null,"adjacency":0}`,
		[]miss{{intent.CodeNoDoor, false, "/reachable", nil}}},
	{"unreachable is advisory", "flat-cut.arch", `{"reachable":true}`, true, 0, 1, `{"rooms":1,"labels":1,"area":null,"adjacency":0}`,
		[]miss{{intent.CodeUnreachable, false, "/reachable", []string{"bed, bath"}}}},
	{"a plan with errors is never ok", "broken.arch", `{"rooms":0}`, false, 1, 1, `{"rooms":1,"labels":1,"area":null,"adjacency":null}`, nil},
}

func TestEvaluate(t *testing.T) {
	for _, c := range evalCases {
		t.Run(c.name, func(t *testing.T) {
			in, errs := intent.Decode([]byte(c.intent))
			if errs != nil {
				t.Fatalf("decode: %v", errs)
			}
			d := compile.Describe(plan(t, c.plan), compile.DescribeOptions{})
			rep := intent.Evaluate(in, d.Facts)
			if rep.OK != c.ok || rep.Satisfied != c.satisfied || rep.Total != c.all {
				t.Errorf("ok %v %d/%d, want ok %v %d/%d", rep.OK, rep.Satisfied, rep.Total, c.ok, c.satisfied, c.all)
			}
			sub, _ := json.Marshal(rep.Subscores)
			if string(sub) != c.subscores {
				t.Errorf("subscores %s, want %s", sub, c.subscores)
			}
			if len(rep.Violations) != len(c.misses) {
				t.Fatalf("violations %v, want %d", rep.Violations, len(c.misses))
			}
			for i, m := range c.misses {
				v := rep.Violations[i]
				if v.Code != m.code || v.Gate != m.gate || !strings.HasPrefix(v.Message, "intent "+m.path+": ") {
					t.Errorf("violation %d = %+v, want %s gate=%v at %s", i, v, m.code, m.gate, m.path)
				}
				for _, p := range m.parts {
					if !strings.Contains(v.Message, p) {
						t.Errorf("violation %d message %q lacks %q", i, v.Message, p)
					}
				}
			}
			if fb := intent.Feedback(rep); len(fb) != len(rep.Violations) {
				t.Errorf("feedback %v for %d violations", fb, len(rep.Violations))
			}
		})
	}
}

// TestEvaluateGolden pins the whole report of every case.
func TestEvaluateGolden(t *testing.T) {
	var buf bytes.Buffer
	for _, c := range evalCases {
		in, _ := intent.Decode([]byte(c.intent))
		rep := intent.Evaluate(in, compile.Describe(plan(t, c.plan), compile.DescribeOptions{}).Facts)
		b, err := json.Marshal(struct {
			Case string `json:"case"`
			intent.Report
			Feedback []string `json:"feedback"`
		}{c.name, rep, intent.Feedback(rep)})
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(b)
		buf.WriteByte('\n')
	}
	golden.Check(t, filepath.Join("testdata", "evaluate.golden.jsonl"), buf.Bytes())
}
