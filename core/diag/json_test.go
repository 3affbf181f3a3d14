package diag

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/internal/golden"
)

// shedPlan is a small plan whose door sits 500 mm outside its wall, so the
// reference reports W_DOOR_OFF_WALL on line 5 with span [164,216].
const shedPlan = `plan "Shed" {
  units mm
  wall id=outer exterior thickness 150 { (0,0) (3000,0) (3000,2000) (0,2000) close }
  room id=shed at (0,0) size 3000x2000 label "Shed"
  door id=front at (1500,-500) width 800 wall exterior
}
`

// span returns the span of the first occurrence of sub in src.
func span(t *testing.T, src, sub string) source.Span {
	t.Helper()
	i := strings.Index(src, sub)
	if i < 0 {
		t.Fatalf("%q not in source", sub)
	}
	return source.Span{Start: i, End: i + len(sub)}
}

func TestToJSONGolden(t *testing.T) {
	f := source.NewFile("shed.arch", []byte(shedPlan))
	door := span(t, shedPlan, "door id=front at (1500,-500) width 800 wall exterior")
	if door != (source.Span{Start: 164, End: 216}) {
		t.Fatalf("door span = %v, want [164,216] as the reference reports", door)
	}
	offWall := New("W_DOOR_OFF_WALL", door, "Door %q does not lie on any wall", "front")
	offWall.Fixes = []Fix{{
		Title:         `attach the door to wall "outer" at 15%`,
		Applicability: "machine-applicable",
		Edits:         []Edit{{Span: door, NewText: "door id=front on outer at 15% width 800"}},
		FixID:         "door-off-wall",
	}}
	unknown := New("E_UNKNOWN_COMPONENT", span(t, shedPlan, "room"), "Unknown component %q", "roomm")
	unknown.Hints = []string{`did you mean "room"?`}
	empty := New("W_EMPTY_PLAN", source.Span{}, "Plan has nothing to draw")
	empty.Unplaced = true
	l := List{
		offWall,
		unknown,
		Syntax(source.Span{}, "Expected %q but found end of input", "plan"),
		empty,
	}
	got, err := json.MarshalIndent(ListToJSON(f, l), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	goldenPath := filepath.Join("testdata", "tojson.golden.json")
	if golden.Update() {
		if err := os.WriteFile(goldenPath, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("ListToJSON mismatch (run with -update after checking)\ngot:\n%s\nwant:\n%s", got, want)
	}
}

// TestToJSONKeyOrder pins the reference's key order and the omission rules:
// code, fix, hints and fixes are dropped when empty; an unplaced diagnostic
// has no line, col or span; a placed one always has all three.
func TestToJSONKeyOrder(t *testing.T) {
	f := source.NewFile("a.arch", []byte("plan \"A\" {\n  units mm\n}\n"))
	full := New("E_ROOM_SIZE", source.Span{Start: 13, End: 21}, "m")
	full.Hints = []string{"h"}
	full.Fixes = []Fix{{Title: "t", Applicability: "maybe-incorrect", Edits: []Edit{{Span: source.Span{Start: 13, End: 21}, NewText: ""}}}}
	noEdits := full
	noEdits.Fixes = []Fix{{Title: "t", Applicability: "maybe-incorrect"}}
	unplaced := New("W_EMPTY_PLAN", source.Span{}, "m")
	unplaced.Unplaced = true
	tests := []struct {
		name string
		d    Diagnostic
		keys string
		want string
	}{
		{"full", full, "code severity message line col span fix hints fixes", `"line":2,"col":3,"span":[13,21]`},
		{"fix with no edits", noEdits, "code severity message line col span fix hints fixes", `"edits":[]`},
		{"syntax", Syntax(source.Span{}, "m"), "severity message line col span", `"line":1,"col":1,"span":[0,0]`},
		{"unplaced", unplaced, "code severity message fix", `"code":"W_EMPTY_PLAN"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(ToJSON(f, tt.d))
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(topKeys(t, b), " "); got != tt.keys {
				t.Errorf("keys = %s, want %s\n%s", got, tt.keys, b)
			}
			if !bytes.Contains(b, []byte(tt.want)) {
				t.Errorf("%s lacks %s", b, tt.want)
			}
		})
	}
}

// topKeys lists the keys of a JSON object in document order.
func topKeys(t *testing.T, b []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

func TestListToJSONNeverNil(t *testing.T) {
	b, _ := json.Marshal(ListToJSON(nil, nil))
	if string(b) != "[]" {
		t.Errorf("ListToJSON(nil) = %s, want []", b)
	}
}
