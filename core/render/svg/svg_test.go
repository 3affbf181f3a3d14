package svg

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/internal/golden"
)

// loadPlan reads a hand-built ir.Plan fixture.
func loadPlan(t testing.TB, name string) *ir.Plan {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "plans", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var p ir.Plan
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatal(err)
	}
	return &p
}

func fixtures(t testing.TB) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join("testdata", "plans", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range m {
		out = append(out, strings.TrimSuffix(filepath.Base(f), ".json"))
	}
	return out
}

// TestGolden renders every fixture plan and compares it with its golden SVG.
// The goldens were checked against the reference drawing by ink difference.
// Set SVG_OUT to a directory to also write each drawing there.
func TestGolden(t *testing.T) {
	for _, name := range fixtures(t) {
		t.Run(name, func(t *testing.T) {
			got := Render(loadPlan(t, name), Options{})
			if dir := os.Getenv("SVG_OUT"); dir != "" {
				if err := os.WriteFile(filepath.Join(dir, name+".svg"), got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			wellFormed(t, got)
			goldenPath := filepath.Join("testdata", name+".svg")
			if golden.Update() {
				if err := os.WriteFile(goldenPath, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(goldenPath)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s: drawing differs from %s (rerun with -update after checking it)", name, goldenPath)
			}
		})
	}
}

// wellFormed fails unless b parses as XML.
func wellFormed(t testing.TB, b []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	for {
		_, err := d.Token()
		if err != nil {
			if err.Error() == "EOF" {
				return
			}
			t.Fatalf("not well-formed XML: %v\n%s", err, b)
		}
	}
}

func TestDeterministic(t *testing.T) {
	p := loadPlan(t, "studio")
	a := Render(p, Options{})
	for i := 0; i < 5; i++ {
		if b := Render(p, Options{}); !bytes.Equal(a, b) {
			t.Fatal("two renders of one plan differ")
		}
	}
}

func TestNum(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{
		{0, "0"}, {-0.001, "0"}, {1.005, "1"}, {2.675, "2.68"}, {11.52, "11.52"}, {14.976, "14.98"},
		{-1324, "-1324"}, {-0.125, "-0.12"}, {-997.175, "-997.17"}, {-1878.375, "-1878.37"}, {-997.1750000000002, "-997.18"}, {0.125, "0.13"}, {10213.6, "10213.6"}, {math.NaN(), "0"}, {math.Inf(1), "0"}, {61.0944, "61.09"},
	} {
		if got := num(c.in); got != c.want {
			t.Errorf("num(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestEscape(t *testing.T) {
	p := &ir.Plan{
		Name:      `<script>"x"</script>`,
		Rooms:     []ir.Room{{Label: `A & <B> "q" 'r'` + "\x01", Polygon: geom.Polygon{pt(0, 0), pt(100, 0), pt(100, 100), pt(0, 100)}}},
		Furniture: []ir.Furniture{{Type: "sofa", Label: "</text><x>", Rect: geom.RectXYWH(0, 0, 50, 50)}},
		Title:     &ir.Title{Fields: []ir.TitleField{{Key: "project", Value: "a<b"}}},
		Dims:      []ir.Dim{{From: pt(0, 0), To: pt(100, 0), Offset: 10, Text: "&"}},
	}
	p.Settings.AccTitle = "<t>"
	got := Render(p, Options{Accessible: true})
	wellFormed(t, got)
	for _, bad := range []string{"<script>", "<B>", "<x>", "a<b", "<t>", "\x01"} {
		if bytes.Contains(got, []byte(bad)) {
			t.Errorf("unescaped %q in output", bad)
		}
	}
}

// TestDegenerate renders plans with zero, negative, huge and non-finite
// values; none may panic and every result must be well-formed.
func TestDegenerate(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	sq := geom.Polygon{pt(0, 0), pt(1000, 0), pt(1000, 1000), pt(0, 1000)}
	plans := []*ir.Plan{
		nil,
		{},
		{Walls: []ir.Wall{{}}},
		{Walls: []ir.Wall{{Thickness: 100, Points: []geom.Point{pt(0, 0)}}}},
		{Walls: []ir.Wall{{Thickness: 100, Points: []geom.Point{pt(0, 0), pt(0, 0)}}}},
		{Walls: []ir.Wall{{Thickness: -100, Points: []geom.Point{pt(0, 0), pt(10, 0)}}}},
		{Walls: []ir.Wall{{Thickness: nan, Points: []geom.Point{pt(0, 0), pt(10, 0)}}}},
		{Walls: []ir.Wall{{Thickness: 100, Points: []geom.Point{pt(nan, 0), pt(inf, 0), pt(0, 5)}, Closed: true}}},
		{Walls: []ir.Wall{{Thickness: 100, Points: []geom.Point{pt(0, 0), pt(1000, 700)}}},
			Openings: []ir.Opening{{Kind: ir.Door, Width: 500, Center: pt(500, 350)}, {Kind: ir.Window, Width: 5000, Center: pt(500, 350)}}},
		{Walls: []ir.Wall{{Thickness: 100, Points: []geom.Point{pt(0, 0), pt(1000, 0)}}},
			Openings: []ir.Opening{
				{Kind: ir.Door, Width: 0, Center: pt(500, 0)},
				{Kind: ir.Door, Width: nan, Center: pt(500, 0)},
				{Kind: ir.Door, Width: 300, Center: pt(nan, 0)},
				{Kind: ir.Door, Width: 300, Wall: 7, Segment: -3},
				{Kind: ir.Door, Width: 3000, Center: pt(500, 0), DoorKind: "bifold", Open: nan},
				{Kind: ir.Door, Width: 300, Center: pt(500, 0), DoorKind: "barn", Open: -2},
				{Kind: ir.Door, Width: 300, Center: pt(500, 0), DoorKind: "pocket", Open: 9, Slide: "right"},
				{Kind: ir.Door, Width: 300, Center: pt(500, 0), DoorKind: "sliding", Slide: "right"},
				{Kind: 0, Width: 300, Center: pt(500, 0)},
			}},
		{Rooms: []ir.Room{{Label: "x"}, {Label: "y", Polygon: geom.Polygon{pt(0, 0), pt(0, 0), pt(0, 0)}}, {Label: "z", Polygon: sq}}},
		{Rooms: []ir.Room{{Label: "z", Polygon: geom.Polygon{pt(nan, 0), pt(1, 1), pt(inf, 2)}}}},
		{Furniture: []ir.Furniture{{Type: "wc", Rotate: -90}, {Type: "bathtub", Rect: geom.RectXYWH(0, 0, 0, 0)}, {Type: "stove", Rotate: nan, Rect: geom.RectXYWH(0, 0, 10, 10)}, {Type: "basin", Rect: geom.Rect{Min: pt(inf, 0)}}}},
		{Dims: []ir.Dim{{}, {From: pt(0, 0), To: pt(nan, 1)}, {From: pt(0, 0), To: pt(0, 1), Offset: inf}}},
		{Settings: ir.Settings{ScaleDenom: inf, NorthAngle: nan}, Title: &ir.Title{}},
		{Walls: []ir.Wall{{Thickness: 1e300, Points: []geom.Point{pt(0, 0), pt(1, 0)}}}},
		{Walls: []ir.Wall{{Thickness: 1, Points: []geom.Point{pt(-1e11, -1e11), pt(1e11, -1e11), pt(1e11, 1e11)}, Closed: true}}},
		{Walls: []ir.Wall{{Thickness: 100, Points: []geom.Point{pt(0, 0), pt(1000, 0)}, Arcs: []ir.WallArc{{Arc: true, Radius: 10, Sweep: nan}}}}},
		{Walls: []ir.Wall{{Thickness: 100, Points: []geom.Point{pt(0, 0), pt(1000, 0)}, Arcs: []ir.WallArc{{Arc: true, Center: pt(500, 0), Radius: 500, Sweep: math.Pi}}}},
			Openings: []ir.Opening{{Kind: ir.Window, Width: 300, Center: pt(500, 500)}}},
		{Walls: []ir.Wall{{Thickness: 100, Points: []geom.Point{pt(0, 0), pt(1000, 0)}, Arcs: []ir.WallArc{{Arc: true}, {Arc: true}}}}},
		{Walls: []ir.Wall{{Thickness: 100, Material: "brick", MaterialScale: -1, MaterialAngle: inf, Points: []geom.Point{pt(0, 0), pt(1000, 0)}}}},
		{Settings: ir.Settings{Paper: "A3", DimsAuto: "all", Schedule: true, Legend: true, AxesX: []float64{0, nan, 1e300}, AxesY: []float64{inf}},
			Walls: []ir.Wall{{Thickness: 100, Points: []geom.Point{pt(0, 0), pt(1000, 0), pt(1000, 800)}}},
			Rooms: []ir.Room{{Label: "a", Zone: "z", Polygon: sq}, {Polygon: sq}}},
		{Settings: ir.Settings{Paper: "A0", Orientation: "portrait", ScaleDenom: nan, DimsAuto: "rooms"}},
		{Settings: ir.Settings{Theme: "dark", ThemeFrom: "#zzzzzz", ThemeEntries: []ir.KeyValue{{Key: "lineWeight", Num: nan, IsNum: true}, {Key: "font", Str: `"><script>`}, {Key: "wall", Str: `red" onload="x`}},
			Styles: []ir.Style{{Kind: "wall", Entries: []ir.KeyValue{{Key: "stroke", Str: "<x>"}}}}}},
		{Settings: ir.Settings{Theme: "nope", ThemeFrom: "#abc"}, Level: &ir.Level{Number: "<1>", Name: "&"}},
		{Vertical: []ir.Vertical{{Kind: ir.Stair, Rect: geom.RectXYWH(0, 0, 0, 0)}, {Kind: ir.Stair, Rect: geom.RectXYWH(0, 0, 900, 1e9)},
			{Kind: ir.Escalator, Dir: "down", Rect: geom.RectXYWH(0, 0, 3000, 900)}, {Kind: ir.Elevator, Rect: geom.Rect{Min: pt(nan, 0)}}},
			Columns: []ir.Column{{Rect: geom.RectXYWH(0, 0, 10, 10)}, {Rect: geom.Rect{Max: pt(inf, 0)}}}},
	}
	for i, p := range plans {
		out := Render(p, Options{Accessible: i%2 == 0})
		wellFormed(t, out)
		if bytes.Contains(out, []byte("NaN")) || bytes.Contains(out, []byte("Inf")) {
			t.Errorf("plan %d: non-finite number in output", i)
		}
	}
}

// FuzzRender decodes arbitrary JSON into a plan and renders it: the
// renderer must never panic and must always produce well-formed XML.
func FuzzRender(f *testing.F) {
	for _, name := range fixtures(f) {
		data, err := os.ReadFile(filepath.Join("testdata", "plans", name+".json"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"Walls":[{"Thickness":100,"Points":[{"X":0,"Y":0},{"X":10,"Y":5}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var p ir.Plan
		if json.Unmarshal(data, &p) != nil {
			return
		}
		if len(p.Walls)+len(p.Openings)+len(p.Vertical)+len(p.Settings.AxesX)+len(p.Settings.AxesY) > 200 {
			return // keep each run small
		}
		wellFormed(t, Render(&p, Options{}))
	})
}

func BenchmarkRender(b *testing.B) {
	p := loadPlan(b, "studio")
	b.ReportAllocs()
	for b.Loop() {
		Render(p, Options{})
	}
}

func pt(x, y float64) geom.Point { return geom.Point{X: x, Y: y} }

func TestRenderErrors(t *testing.T) {
	long := strings.Repeat("x", 500)
	var many []Problem
	for i := 0; i < 60; i++ {
		many = append(many, Problem{Severity: "error", Code: "E_X", Line: i + 1, Col: 2, Message: "m"})
	}
	for _, c := range []struct {
		name  string
		title string
		ps    []Problem
		want  []string
	}{
		{"none", "", nil, []string{"0 errors"}},
		{"one", "t", []Problem{{Severity: "error", Code: "E_PARSE", Line: 3, Col: 7, Message: `bad "<x>" & y`, Fix: "do <this>"}},
			[]string{"E_PARSE", "3:7", "bad &quot;&lt;x&gt;&quot; &amp; y", "Fix: do &lt;this&gt;", "1 error"}},
		{"warning", "t", []Problem{{Severity: "warning", Code: "W_Y", Message: long}}, []string{"W_Y", "…", "1 other finding"}},
		{"many", "t", many, []string{"… and 20 more", "60 errors"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := RenderErrors(c.title, c.ps)
			wellFormed(t, got)
			for _, w := range c.want {
				if !bytes.Contains(got, []byte(w)) {
					t.Errorf("missing %q in\n%s", w, got)
				}
			}
		})
	}
}

// TestManyWalls checks a dense grid of walls renders in reasonable time
// (the union falls back to per-segment outlines past its budget).
func TestManyWalls(t *testing.T) {
	p := &ir.Plan{}
	for i := 0; i < 600; i++ {
		x := float64(i * 37)
		p.Walls = append(p.Walls, ir.Wall{Thickness: 10, Points: []geom.Point{pt(x, 0), pt(x, 30000)}})
		p.Walls = append(p.Walls, ir.Wall{Thickness: 10, Points: []geom.Point{pt(0, x+3), pt(30000, x+3)}})
	}
	wellFormed(t, Render(p, Options{}))
}

// TestUnlabelledRoomArea checks a room with no label still shows its
// area, alone and centred, and that a labelled room keeps name and area.
func TestUnlabelledRoomArea(t *testing.T) {
	sq := func(x, y, s float64) geom.Polygon {
		return geom.Polygon{pt(x, y), pt(x+s, y), pt(x+s, y+s), pt(x, y+s)}
	}
	p := &ir.Plan{
		Walls: []ir.Wall{{Thickness: 200, Closed: true, Points: []geom.Point{pt(0, 0), pt(8000, 0), pt(8000, 4000), pt(0, 4000)}}},
		Rooms: []ir.Room{{Polygon: sq(0, 0, 4000)}, {Label: "Bed", Polygon: sq(4000, 0, 4000)}},
	}
	got := string(Render(p, Options{}))
	for _, want := range []string{
		`<text x="2000" y="2000" font-size="180.4" fill="#7a7a7a" text-anchor="middle" dominant-baseline="central">16.0 m²</text>`,
		`<text x="6000" y="1950.8" font-size="246" fill="#222222" text-anchor="middle" dominant-baseline="central" font-weight="600">Bed</text>`,
		`<text x="6000" y="2221.4" font-size="180.4" fill="#7a7a7a" text-anchor="middle" dominant-baseline="central">16.0 m²</text>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %s", want)
		}
	}
}

// TestArcDoorTangent checks a door hosted by a curved segment is drawn
// along the tangent at the arc point nearest its centre, also when the
// resolver left it flagged off-wall (it measures to the chord).
func TestArcDoorTangent(t *testing.T) {
	// Quarter circle about (4000,4000) from (8000,4000) to (4000,8000).
	w := ir.Wall{Thickness: 200, Points: []geom.Point{pt(8000, 4000), pt(4000, 8000)},
		Arcs: []ir.WallArc{{Arc: true, Center: pt(4000, 4000), Radius: 4000, StartAngle: 0, Sweep: math.Pi / 2}}}
	c := pt(4000+4000*math.Cos(math.Pi/6), 4000+4000*math.Sin(math.Pi/6)) // at 30°
	for _, off := range []bool{false, true} {
		p := &ir.Plan{Walls: []ir.Wall{w}, Openings: []ir.Opening{{Kind: ir.Door, Width: 800, Center: c, OffWall: off}}}
		r := newRenderer(p, Options{})
		f, ok := r.frame(p.Openings[0])
		if !ok {
			t.Fatal("no frame")
		}
		want := pt(-0.5, math.Sqrt(3)/2) // the tangent at 30°, direction of travel
		if !f.d.ApproxEqual(want) {
			t.Errorf("offWall=%v: door runs along %v, want %v", off, f.d, want)
		}
		if mid := f.a.Add(f.b).Mul(0.5); !mid.ApproxEqual(c) {
			t.Errorf("offWall=%v: door centred at %v, want %v", off, mid, c)
		}
	}
}

// TestObjectLayerOrder checks the object layers come in the order their
// first elements appear in the source.
func TestObjectLayerOrder(t *testing.T) {
	p := &ir.Plan{
		Columns:   []ir.Column{{Rect: geom.RectXYWH(0, 0, 300, 300), Span: source.Span{Start: 5}}},
		Furniture: []ir.Furniture{{Type: "table", Rect: geom.RectXYWH(1000, 0, 500, 500), Span: source.Span{Start: 10}}},
		Vertical: []ir.Vertical{
			{Kind: ir.Stair, Rect: geom.RectXYWH(2000, 0, 900, 2600), Span: source.Span{Start: 50}},
			{Kind: ir.Elevator, Rect: geom.RectXYWH(4000, 0, 1500, 1500), Span: source.Span{Start: 30}},
		},
	}
	got := string(Render(p, Options{}))
	want := []string{layerColumns, layerFurniture, layerLifts, layerStairs}
	at := -1
	for _, l := range want {
		i := strings.Index(got, `<g id="`+l+`"`)
		if i < 0 || i < at {
			t.Fatalf("layer %s out of order (want %v)", l, want)
		}
		at = i
	}
}
