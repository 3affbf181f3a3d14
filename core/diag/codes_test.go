package diag

import (
	"regexp"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/source"
)

// referenceCodes is every code the reference (ArchLang 1.26.1) documents.
// It is pinned here, not read from disk, so the test stands alone. Every E_
// code of the reference is an error and every W_ code a warning, so the
// prefix alone fixes the expected severity.
var referenceCodes = []string{
	"E_ACC_PLACEMENT", "E_ARC_RADIUS", "E_ARGCOUNT", "E_ARITY", "E_ASSIGN_UNDEF", "E_ATTACH_POS_RANGE",
	"E_ATTACH_WALL_REF", "E_CALL_DEPTH", "E_COLUMN_SIZE", "E_DIM_CURVE_REF", "E_DIV_ZERO", "E_DOMAIN",
	"E_DOOR_KIND_CLAUSE", "E_DOOR_KIND_CURVED", "E_DOOR_OPEN_RANGE", "E_DOOR_WIDTH", "E_DOTTED_DECL", "E_DUP_ID",
	"E_DUP_INSTANCE", "E_FURN_AGAINST", "E_FURN_FLUSH", "E_FURN_ROOM", "E_FURN_ROTATE", "E_FURN_SIZE",
	"E_IMPORT_BAD_SPEC", "E_IMPORT_CONFLICT", "E_IMPORT_CYCLE", "E_IMPORT_NOT_EXPORTED", "E_IMPORT_NOT_FOUND",
	"E_IMPORT_PARSE", "E_INDEX", "E_INTENT_NO_DOOR", "E_INTENT_NO_SITE", "E_INTENT_NO_WINDOW",
	"E_INTENT_NOT_ADJACENT", "E_INTENT_ROOM_AREA", "E_INTENT_ROOM_COUNT", "E_INTENT_ROOM_MISSING",
	"E_INTENT_TOTAL_AREA", "E_INTENT_UNREACHABLE", "E_JSON_KIND", "E_JSON_SCHEMA", "E_LAYOUT_CYCLE",
	"E_LAYOUT_REF", "E_LEVEL_DUP", "E_LEVEL_MIX", "E_LEVEL_NEST", "E_OPENING_WIDTH", "E_PLACE_POLY",
	"E_PLACE_REF", "E_PNG_DEPENDENCY", "E_RANGE_LIMIT", "E_RECURSION", "E_REDEF", "E_ROOM_ALIGN",
	"E_ROOM_ALIGN_AXIS", "E_ROOM_POLY_DEGENERATE", "E_ROOM_POLY_SELF_INTERSECT", "E_ROOM_RADIUS", "E_ROOM_SIZE",
	"E_SITE_DUP", "E_SITE_NO_STREET", "E_STAIR_WIDTH", "E_STRIP_NEST", "E_STRIP_SIZE", "E_TYPE",
	"E_UNKNOWN_COMPONENT", "E_UNKNOWN_FN", "E_UNKNOWN_REF", "E_VERT_SIZE", "E_WALL_THICKNESS", "E_WHILE_LIMIT",
	"E_WINDOW_WIDTH", "W_ALIAS_MATCH", "W_BATH_VIA_BEDROOM", "W_BEDROOM_NO_WINDOW", "W_CIRCUITOUS_PATH",
	"W_DIM_INSIDE", "W_DIM_NO_WALL", "W_DIM_OVERLAP", "W_DOOR_CLEARANCE", "W_DOOR_OFF_WALL", "W_DOORWAY_BLOCKED",
	"W_DUP_ACC_METADATA", "W_EMPTY_PLAN", "W_FIXTURE_BACK_TO_ROOM", "W_FIXTURE_FLOATING", "W_FIXTURE_WRONG_ROOM",
	"W_FURN_CLEARANCE", "W_FURNITURE_OVERLAP", "W_FURNITURE_WALL_COLLISION", "W_HATCH_SCALE",
	"W_IMPORT_EMPTY_FILE", "W_NO_ENTRANCE", "W_OPENING_OFF_WALL", "W_PATH_TOO_NARROW", "W_POCKET_RUN",
	"W_ROOM_DISCONNECTED", "W_ROOM_LABEL_OUTSIDE", "W_ROOM_NO_CLEAR_PATH", "W_ROOM_NO_FIXTURE",
	"W_ROOM_NOT_ENCLOSED", "W_ROOM_NOT_EQUATOR_FACING", "W_ROOM_OVERLAP", "W_ROOM_TOO_SMALL",
	"W_ROOM_UNREACHABLE", "W_SANITIZED_CONFIG", "W_SCALE_OVERFLOW", "W_STAIR_UNMATCHED", "W_SWING_OBSTRUCTED",
	"W_SWING_ROOM_NOT_ADJACENT", "W_UNKNOWN_MATERIAL", "W_UNKNOWN_STYLE_KEY", "W_UNKNOWN_THEME_KEY",
	"W_WINDOW_OFF_WALL",
}

// hostCodes are raised by servers, not by the language.
var hostCodes = []string{"E_INPUT_TOO_LARGE", "E_RATE_LIMITED"}

// noteCodes are this project's own notes about an answer (a list cut at a
// budget); the reference has no such codes.
var noteCodes = []string{"I_FINDINGS_TRUNCATED"}

var codeStyle = regexp.MustCompile(`^[EWI]_[A-Z0-9_]+$`)

func TestReferenceListShape(t *testing.T) {
	const wantErrors, wantWarnings = 73, 42
	var e, w int
	for _, c := range referenceCodes {
		if strings.HasPrefix(c, "E_") {
			e++
		} else {
			w++
		}
	}
	if e != wantErrors || w != wantWarnings {
		t.Fatalf("reference list has %d errors and %d warnings, want %d and %d", e, w, wantErrors, wantWarnings)
	}
}

func TestCatalogueStyle(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range catalogue {
		if !codeStyle.MatchString(e.Code) {
			t.Errorf("%q does not match %s", e.Code, codeStyle)
		}
		if seen[e.Code] {
			t.Errorf("%s is catalogued twice", e.Code)
		}
		seen[e.Code] = true
		switch {
		case strings.HasPrefix(e.Code, "E_") && e.Severity != Error:
			t.Errorf("%s has severity %v, want error", e.Code, e.Severity)
		case strings.HasPrefix(e.Code, "W_") && e.Severity != Warning:
			t.Errorf("%s has severity %v, want warning", e.Code, e.Severity)
		case strings.HasPrefix(e.Code, "I_") && e.Severity != Info:
			t.Errorf("%s has severity %v, want info", e.Code, e.Severity)
		}
		if strings.TrimSpace(e.Summary) == "" {
			t.Errorf("%s has no summary", e.Code)
		}
		if strings.HasSuffix(e.Summary, ".") {
			t.Errorf("%s: summary %q should be a phrase without a final period", e.Code, e.Summary)
		}
		if !strings.HasSuffix(e.Fix, ".") || strings.ToUpper(e.Fix[:1]) != e.Fix[:1] {
			t.Errorf("%s: fix %q should be one capitalised sentence", e.Code, e.Fix)
		}
		if strings.Contains(strings.TrimSuffix(e.Fix, "."), ". ") {
			t.Errorf("%s: fix %q should be a single sentence", e.Code, e.Fix)
		}
	}
}

func TestCatalogueCoversReference(t *testing.T) {
	want := append(append(append([]string{}, hostCodes...), noteCodes...), referenceCodes...)
	for _, c := range want {
		if _, ok := Lookup(c); !ok {
			t.Errorf("%s is missing from the catalogue", c)
		}
	}
	if got := len(Codes()); got != len(want) {
		known := map[string]bool{}
		for _, c := range want {
			known[c] = true
		}
		for _, c := range Codes() {
			if !known[c] {
				t.Errorf("%s is catalogued but neither a reference, a host nor a note code", c)
			}
		}
		t.Errorf("catalogue has %d codes, want %d", got, len(want))
	}
}

func TestCodesOrderIsStable(t *testing.T) {
	a, b := Codes(), Codes()
	for i := range a {
		if a[i] != b[i] || a[i] != catalogue[i].Code {
			t.Fatalf("Codes()[%d] = %s, want %s", i, a[i], catalogue[i].Code)
		}
	}
}

func TestNewFillsFromCatalogue(t *testing.T) {
	tests := []struct {
		code string
		sev  Severity
	}{
		{"E_ROOM_SIZE", Error},
		{"W_DOOR_OFF_WALL", Warning},
		{"E_INPUT_TOO_LARGE", Error},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			sp := source.Span{Start: 3, End: 9}
			d := New(tt.code, sp, "element %q at %d", "x", 7)
			e, _ := Lookup(tt.code)
			if d.Code != tt.code || d.Severity != tt.sev || d.FixText != e.Fix || d.FixText == "" {
				t.Errorf("New(%s) = %+v", tt.code, d)
			}
			if d.Span != sp || d.Message != `element "x" at 7` {
				t.Errorf("New(%s) span/message = %v %q", tt.code, d.Span, d.Message)
			}
		})
	}
	t.Run("uncatalogued", func(t *testing.T) {
		d := New("E_NOT_A_CODE", source.Span{}, "boom")
		if d.Severity != Error || d.FixText != "" {
			t.Errorf("New(uncatalogued) = %+v", d)
		}
	})
}

func TestHostRefusals(t *testing.T) {
	if d := InputTooLarge("tool argument", 70000, 65536); d.Code != "E_INPUT_TOO_LARGE" || d.Severity != Error || d.FixText == "" {
		t.Errorf("InputTooLarge = %+v", d)
	}
	if d := RateLimited(); d.Code != "E_RATE_LIMITED" || d.Severity != Error || d.FixText == "" {
		t.Errorf("RateLimited = %+v", d)
	}
}

func BenchmarkNew(b *testing.B) {
	sp := source.Span{Start: 10, End: 20}
	for b.Loop() {
		_ = New("W_DOOR_OFF_WALL", sp, "Door %q does not lie on any wall", "d1")
	}
}
