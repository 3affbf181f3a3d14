package integration

import (
	"testing"
	"time"
)

// analysisPlan is a two-room flat with an entrance, an inner door and one
// window: enough for every reading tool to have something to say. The
// expectations below are the reference's answers for it.
const analysisPlan = `plan "Flat" {
  units mm
  wall exterior thickness 200 { (0,0) (8000,0) (8000,4000) (0,4000) close }
  wall partition thickness 100 { (4000,0) (4000,4000) }
  room id=bed at (0,0) size 4000x4000 label "Bedroom"
  room id=kit at (4000,0) size 4000x4000 label "Kitchen"
  door at (6000,4000) width 900 wall exterior
  door at (4000,2000) width 800 wall partition
  window at (2000,0) width 1200 wall exterior
}
`

// TestAnalysisTools calls every tool that reads a plan back through the
// live Caddy with the go-sdk client, and checks the facts each one reports
// about the same plan.
func TestAnalysisTools(t *testing.T) {
	ctx, cs := connectSDK(t, 30*time.Second)

	call := func(name string, args map[string]any, v any) bool {
		t.Helper()
		return callJSON(t, ctx, cs, name, args, v)
	}

	var desc struct {
		OK    bool `json:"ok"`
		Rooms []struct {
			ID       string   `json:"id"`
			RoomType string   `json:"room_type"`
			AreaM2   float64  `json:"area_m2"`
			Adjacent []string `json:"adjacent"`
		} `json:"rooms"`
		Access struct {
			HasEntrance bool `json:"hasEntrance"`
		} `json:"access"`
		Totals struct {
			Rooms       int     `json:"rooms"`
			Doors       int     `json:"doors"`
			Windows     int     `json:"windows"`
			FloorAreaM2 float64 `json:"floor_area_m2"`
		} `json:"totals"`
	}
	call("describe", map[string]any{"source": analysisPlan}, &desc)
	if !desc.OK || len(desc.Rooms) != 2 || desc.Rooms[0].RoomType != "MasterRoom" || desc.Rooms[1].RoomType != "Kitchen" ||
		desc.Rooms[0].AreaM2 != 16 || desc.Totals.Doors != 2 || desc.Totals.Windows != 1 || desc.Totals.FloorAreaM2 != 32 || !desc.Access.HasEntrance {
		t.Errorf("describe: %+v", desc)
	}

	type finding struct {
		Code     string `json:"code"`
		Severity string `json:"severity"`
	}
	var lint struct {
		Diagnostics []finding `json:"diagnostics"`
	}
	call("lint", map[string]any{"source": analysisPlan}, &lint)
	codes := map[string]bool{}
	for _, d := range lint.Diagnostics {
		codes[d.Code] = true
		if d.Severity != "warning" && d.Severity != "info" {
			t.Errorf("lint finding %s has severity %s", d.Code, d.Severity)
		}
	}
	if !codes["W_ROOM_NO_FIXTURE"] {
		t.Errorf("lint: want W_ROOM_NO_FIXTURE for the fixtureless kitchen, got %+v", lint.Diagnostics)
	}

	type report struct {
		OK         bool `json:"ok"`
		Satisfied  int  `json:"satisfied"`
		Total      int  `json:"total"`
		Violations []struct {
			Code string `json:"code"`
			Gate bool   `json:"gate"`
		} `json:"violations"`
	}
	brief := map[string]any{
		"rooms":        2,
		"roomsInclude": []any{map[string]any{"concept": "bedroom", "windows": map[string]any{"min": 1}}, map[string]any{"concept": "bathroom"}},
		"totalAreaM2":  map[string]any{"min": 28.8, "max": 35.2, "source": "about 32 m²"},
		"reachable":    true,
	}
	var val struct {
		OK     bool    `json:"ok"`
		Strict bool    `json:"strict"`
		Intent *report `json:"intent"`
	}
	isErr := call("validate", map[string]any{"source": analysisPlan, "intent": brief}, &val)
	if val.OK || val.Intent == nil || val.Intent.OK || len(val.Intent.Violations) != 1 ||
		val.Intent.Violations[0].Code != "E_INTENT_ROOM_MISSING" || !val.Intent.Violations[0].Gate {
		t.Errorf("validate with intent (isError %v): %+v %+v", isErr, val, val.Intent)
	}

	var sc struct {
		report
		Score float64 `json:"score"`
	}
	call("score", map[string]any{"source": analysisPlan, "brief": brief}, &sc)
	// The reference measures 5 of 6 predicates (0.8333) for this plan.
	if sc.OK || sc.Total != 6 || sc.Satisfied != 5 || sc.Score != 0.8333 {
		t.Errorf("score: %+v", sc)
	}

	var bad struct {
		OK           bool     `json:"ok"`
		IntentErrors []string `json:"intentErrors"`
	}
	call("validate", map[string]any{"source": analysisPlan, "intent": map[string]any{"rooms": "four"}}, &bad)
	if bad.OK || len(bad.IntentErrors) == 0 {
		t.Errorf("validate with a malformed intent: %+v", bad)
	}
}
