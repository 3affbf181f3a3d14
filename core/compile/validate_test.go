package compile

import (
	"encoding/json"
	"strings"
	"testing"
)

// validatePlan has one warning-free-looking room that lint flags: no door.
const validatePlan = "plan \"V\" {\n  units mm\n" +
	"  wall exterior thickness 200 { (0,0) (4000,0) (4000,3000) (0,3000) close }\n" +
	"  room id=bed at (0,0) size 4000x3000 label \"Bedroom\"\n" +
	"  window at (2000,0) width 1200 wall exterior\n}\n"

func envelopeJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestValidate(t *testing.T) {
	for _, c := range []struct {
		name   string
		src    string
		opts   ValidateOptions
		ok     bool
		prefix string // the envelope's opening keys
		has    []string
	}{
		{"lint warnings pass", validatePlan, ValidateOptions{}, true, `{"ok":true,"strict":false,"diagnostics":[{"code":"W_`, nil},
		{"strict fails on warnings", validatePlan, ValidateOptions{Strict: true}, false, `{"ok":false,"strict":true,"diagnostics":[`, nil},
		{"errors fail", "plan \"E\" {\n  room at (0,0) size 0x10\n}\n", ValidateOptions{}, false, `{"ok":false,"strict":false,"diagnostics":[{"code":"E_ROOM_SIZE"`, nil},
		{"graph", validatePlan, ValidateOptions{Graph: []byte(`{"bed":["hall"]}`)}, false, `{"ok":false,"strict":false,"diagnostics":[`,
			[]string{`"graph":{"ok":false,"missing_rooms":["hall"],"missing_connections":[],"extra_connections":[]}`}},
		{"intent", validatePlan, ValidateOptions{Intent: []byte(`{"rooms":1,"reachable":true}`)}, true, `{"ok":true,"strict":false,"diagnostics":[`,
			[]string{`"intent":{"ok":true,"satisfied":1,"total":2,"subscores":{"rooms":1,"labels":1,"area":null,"adjacency":0},"violations":[{"code":"E_INTENT_NO_DOOR"`, `"gate":false}],"feedback":["`}},
		{"gating intent miss", validatePlan, ValidateOptions{Intent: []byte(`{"roomsInclude":[{"concept":"kitchen"}]}`)}, false, `{"ok":false,"strict":false,"diagnostics":[`,
			[]string{`"code":"E_INTENT_ROOM_MISSING"`}},
		{"malformed intent", validatePlan, ValidateOptions{Strict: true, Intent: []byte(`{"rooms":"two"}`)}, false,
			`{"ok":false,"strict":true,"intentErrors":["/rooms: expected an integer ≥ 0"]}`, nil},
		{"absent intent", validatePlan, ValidateOptions{HasIntent: true}, false, `{"ok":false,"strict":false,"intentErrors":["/: expected a top-level object"]}`, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := Validate([]byte(c.src), c.opts)
			if r.OK != c.ok {
				t.Errorf("ok = %v, want %v", r.OK, c.ok)
			}
			got := envelopeJSON(t, r.Envelope())
			if !strings.HasPrefix(got, c.prefix) {
				t.Errorf("envelope %s\nwant prefix %s", got, c.prefix)
			}
			for _, h := range c.has {
				if !strings.Contains(got, h) {
					t.Errorf("envelope %s\nlacks %s", got, h)
				}
			}
		})
	}
	if r := Validate([]byte(validatePlan), ValidateOptions{Graph: []byte(`{"bed":"hall"}`)}); r.GraphErr == nil || r.OK {
		t.Errorf("a graph of the wrong shape: %+v", r)
	}
}

func TestScore(t *testing.T) {
	for _, c := range []struct {
		name, brief, want string
	}{
		{"measured", `{"rooms":2,"roomsInclude":[{"concept":"bedroom","windows":{"facing":"N"}}],"totalAreaM2":{"min":10,"max":11,"source":"about 10 m²"}}`,
			`{"ok":false,"satisfied":2,"total":4,"score":0.5,"subscores":{"rooms":0.5,"labels":1,"area":0,"adjacency":null},"violations":[{"code":"E_INTENT_ROOM_COUNT"`},
		{"nothing asserted", `{}`, `{"ok":true,"satisfied":0,"total":0,"score":1,"subscores":{"rooms":1,"labels":1,"area":null,"adjacency":null},"violations":[]}`},
		{"malformed", `{"roomsInclude":{}}`, `{"ok":false,"intentErrors":["/roomsInclude: expected an array"]}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := envelopeJSON(t, Score([]byte(validatePlan), []byte(c.brief), ScoreOptions{}).Envelope())
			if !strings.HasPrefix(got, c.want) {
				t.Errorf("envelope %s\nwant prefix %s", got, c.want)
			}
		})
	}
	if got := envelopeJSON(t, Score([]byte(validatePlan), nil, ScoreOptions{}).Envelope()); got != `{"ok":false,"intentErrors":["/: expected a top-level object"]}` {
		t.Errorf("no brief: %s", got)
	}
}

func BenchmarkValidate(b *testing.B) {
	opts := ValidateOptions{Strict: true, Graph: []byte(`{"bed":[]}`), Intent: []byte(`{"rooms":1,"roomsInclude":[{"concept":"bedroom","windows":{}}],"reachable":true}`)}
	b.ReportAllocs()
	for b.Loop() {
		Validate([]byte(validatePlan), opts)
	}
}

func BenchmarkScore(b *testing.B) {
	brief := []byte(`{"rooms":1,"roomsInclude":[{"concept":"bedroom","areaM2":{"min":10.8,"max":13.2,"source":"about 12 m²"}}]}`)
	b.ReportAllocs()
	for b.Loop() {
		Score([]byte(validatePlan), brief, ScoreOptions{})
	}
}
