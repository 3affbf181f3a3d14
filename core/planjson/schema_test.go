package planjson

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// schemaFile is the JSON Schema the server publishes for Plan JSON.
const schemaFile = "../../resources/plan.schema.json"

// TestSchemaAgreesWithChecks holds the published schema's enumerations to
// the ones the checks enforce, so the two cannot drift apart.
func TestSchemaAgreesWithChecks(t *testing.T) {
	b, err := os.ReadFile(schemaFile)
	if os.IsNotExist(err) {
		t.Skip("no published schema in this tree")
	}
	if err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("%s: %v", schemaFile, err)
	}
	get := func(path ...string) []string {
		var n any = s
		for _, p := range path {
			n = n.(map[string]any)[p]
		}
		var out []string
		for _, v := range n.(map[string]any)["enum"].([]any) {
			out = append(out, v.(string))
		}
		return out
	}
	prop := func(arr, key string) []string { return get("properties", arr, "items", "properties", key) }
	var types []string
	for _, rt := range roomTypes {
		types = append(types, rt.name)
	}
	tests := []struct {
		name      string
		got, want []string
	}{
		{"room_type", prop("rooms", "room_type"), types},
		{"uses", get("properties", "rooms", "items", "properties", "uses", "items"), roomUses},
		{"kind", prop("openings", "kind"), openingKinds},
		{"door_kind", prop("openings", "door_kind"), doorKinds},
		{"street", get("properties", "site", "properties", "street"), streets},
		{"hemisphere", get("properties", "site", "properties", "hemisphere"), hemispheres},
	}
	for _, tt := range tests {
		if !slices.Equal(tt.got, tt.want) {
			t.Errorf("%s: schema %v, checks %v", tt.name, tt.got, tt.want)
		}
	}
}
