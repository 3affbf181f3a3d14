package intent

import (
	"encoding/json"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/analysis"
)

func TestCheckGraph(t *testing.T) {
	f := analysis.Empty()
	f.OK = true
	f.Rooms = []analysis.Room{room("liv", "Living", "LivingRoom"), room("bed", "Bedroom", "MasterRoom"), room("hall", "Hall", "Entrance"), room("bath", "Bath", "Bathroom")}
	f.InputGraph = analysis.Graph{{Room: "liv", Neighbors: []string{"hall"}}, {Room: "bed", Neighbors: []string{"hall"}},
		{Room: "hall", Neighbors: []string{"liv", "bed", "bath"}}, {Room: "bath", Neighbors: []string{"hall"}}}
	for _, c := range []struct{ graph, want string }{
		{`{"liv":["hall"],"BEDROOM":["Hall"],"bath":["hall"]}`, `{"ok":true,"missing_rooms":[],"missing_connections":[],"extra_connections":[]}`},
		{`{"input_graph":{"liv":["hall"],"bed":["hall"],"hall":["bath"]}}`, `{"ok":true,"missing_rooms":[],"missing_connections":[],"extra_connections":[]}`},
		{`{"bath":["bed"],"bed":["bath"],"liv":["bed"]}`, `{"ok":false,"missing_rooms":[],"missing_connections":[["liv","bed"],["bed","bath"]],"extra_connections":[["liv","hall"],["bed","hall"],["hall","bath"]]}`},
		{`{"hall":["bath","bath","hall"],"bath":["hall","zz"],"zz":["yy"],"Kitchen":[],"HALL":[]}`, `{"ok":false,"missing_rooms":["zz","yy","Kitchen"],"missing_connections":[],"extra_connections":[["liv","hall"],["bed","hall"]]}`},
		{`{}`, `{"ok":false,"missing_rooms":[],"missing_connections":[],"extra_connections":[["liv","hall"],["bed","hall"],["hall","bath"]]}`},
	} {
		rep, err := CheckGraph(f, []byte(c.graph))
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := json.Marshal(rep); string(got) != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.graph, got, c.want)
		}
	}
	for _, bad := range []string{`[]`, `"x"`, `{"liv":"hall"}`, `{"liv":[1]}`, `{"input_graph":5}`} {
		if _, err := CheckGraph(f, []byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	// A plan that did not compile: every named room is missing.
	rep, _ := CheckGraph(analysis.Empty(), []byte(`{"x":["nowhere"],"X":["x"]}`))
	if got, _ := json.Marshal(rep); string(got) != `{"ok":false,"missing_rooms":["x","X"],"missing_connections":[],"extra_connections":[]}` {
		t.Errorf("broken plan: %s", got)
	}
}
