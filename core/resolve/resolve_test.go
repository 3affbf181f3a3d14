package resolve

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/expand"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
	"github.com/archlang-go/caddy-archlang/core/source"
	"github.com/archlang-go/caddy-archlang/core/syntax"
	"github.com/archlang-go/caddy-archlang/internal/golden"
)

func resolveSource(t testing.TB, name string, src []byte) (*ir.Plan, diag.List) {
	t.Helper()
	f := source.NewFile(name, src)
	file, diags := syntax.Parse(f)
	x, xd := expand.Expand(file, expand.Options{})
	return Resolve(Input{File: f, Syntax: file, Expanded: x, ParseDiags: diags, ExpandDiags: xd})
}

// TestPlanGolden resolves every plan under testdata and compares the
// resolved plan with its golden JSON. The geometry of each golden was
// checked against the reference compiler's drawing of the same plan.
func TestPlanGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.arch"))
	if len(files) == 0 {
		t.Fatal("no test plans")
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".arch")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			plan, diags := resolveSource(t, name, src)
			if diags.HasErrors() {
				t.Fatalf("unexpected errors: %+v", diags)
			}
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetIndent("", " ")
			enc.SetEscapeHTML(false)
			if err := enc.Encode(viewOf(plan)); err != nil {
				t.Fatal(err)
			}
			gf := strings.TrimSuffix(f, ".arch") + ".plan.json"
			if golden.Update() {
				if err := os.WriteFile(gf, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(gf)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("resolved plan differs from %s (run with -update after checking)\n%s", gf, firstDiff(buf.String(), string(want)))
			}
		})
	}
}

// planView is the part of a resolved plan the goldens pin: the decisions
// resolve makes. It is independent of IR fields added for other stages.
type planView struct {
	Walls     []wallView
	Rooms     []roomView
	Openings  []openingView
	Furniture []furnView
	Dims      []dimView
	Columns   []ir.Column
	Vertical  []ir.Vertical
}

type wallView struct {
	ID, GenID, Kind, Material string
	Thickness                 float64
	Points                    []geom.Point
	Closed                    bool
	Arcs                      []ir.WallArc `json:",omitempty"`
}

type roomView struct {
	ID, Label string
	Shape     ir.RoomShape
	Polygon   geom.Polygon
	Center    *geom.Point `json:",omitempty"`
	Radius    float64     `json:",omitempty"`
	LabelAt   *geom.Point `json:",omitempty"`
	Zone      string      `json:",omitempty"`
}

type openingView struct {
	ID                  string
	Kind                ir.OpeningKind
	DoorKind            string `json:",omitempty"`
	Width               float64
	Center              geom.Point
	Wall, Segment       int
	Hinge, Swing, Slide string `json:",omitempty"`
	Open                float64
	OffWall, Attached   bool
}

type furnView struct {
	ID, Type, Label, Room, Placement string
	Rect                             geom.Rect
	Rotate                           float64
}

type dimView struct {
	From, To   geom.Point
	Offset     float64
	Text, Mode string
	NoWall     bool
}

func viewOf(p *ir.Plan) planView {
	var v planView
	for _, w := range p.Walls {
		v.Walls = append(v.Walls, wallView{w.ID, w.GenID, string(w.Kind), w.Material, w.Thickness, w.Points, w.Closed, w.Arcs})
	}
	for _, r := range p.Rooms {
		rv := roomView{ID: r.ID, Label: r.Label, Shape: r.Shape, Polygon: r.Polygon, LabelAt: r.LabelAt, Zone: r.Zone}
		if r.Shape == ir.RoomCircle {
			c := r.Center
			rv.Center, rv.Radius, rv.Polygon = &c, r.Radius, nil
		}
		v.Rooms = append(v.Rooms, rv)
	}
	for _, o := range p.Openings {
		v.Openings = append(v.Openings, openingView{o.ID, o.Kind, string(o.DoorKind), o.Width, o.Center, o.Wall, o.Segment, string(o.Hinge), string(o.Swing), string(o.Slide), o.Open, o.OffWall, o.Attached})
	}
	for _, f := range p.Furniture {
		v.Furniture = append(v.Furniture, furnView{f.ID, f.Type, f.Label, f.Room, f.Placement, f.Rect, f.Rotate})
	}
	for _, d := range p.Dims {
		v.Dims = append(v.Dims, dimView{d.From, d.To, d.Offset, d.Text, d.Mode, d.NoWall})
	}
	v.Columns, v.Vertical = p.Columns, p.Vertical
	return v
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return "line " + itoa(i+1) + ":\n got  " + al[i] + "\n want " + bl[i]
		}
	}
	return "lengths differ"
}

func itoa(i int) string { return num(float64(i)) }

func TestSnap(t *testing.T) {
	tests := []struct{ v, grid, want float64 }{
		{250, 100, 300}, {249, 100, 200}, {-50, 100, 0}, {-150, 100, -100}, {-151, 100, -200},
		{1234, 0, 1234}, {5050, 100, 5100}, {33, 50, 50}, {24, 50, 0},
	}
	for _, tc := range tests {
		if got := snap(tc.v, tc.grid); got != tc.want || math.Signbit(got) && got == 0 {
			t.Errorf("snap(%v, %v) = %v, want %v", tc.v, tc.grid, got, tc.want)
		}
	}
}

// TestSnapSize checks that a size the grid would leave non-positive keeps
// its written value.
func TestSnapSize(t *testing.T) {
	tests := []struct{ v, grid, want float64 }{
		{130, 100, 100}, {40, 100, 40}, {-5, 100, -5}, {-40, 100, -40}, {-60, 100, -60}, {0, 100, 0}, {250, 0, 250},
	}
	for _, tc := range tests {
		if got := snapSize(tc.v, tc.grid); got != tc.want {
			t.Errorf("snapSize(%v, %v) = %v, want %v", tc.v, tc.grid, got, tc.want)
		}
	}
}

func TestNum(t *testing.T) {
	tests := []struct {
		v    float64
		want string
	}{{0, "0"}, {18000, "18000"}, {63.889, "63.889"}, {-0.5, "-0.5"}, {3500, "3500"}}
	for _, tc := range tests {
		if got := num(tc.v); got != tc.want {
			t.Errorf("num(%v) = %q, want %q", tc.v, got, tc.want)
		}
	}
	if got := round3(100 * 11500.0 / 18000); got != 63.889 {
		t.Errorf("round3 = %v", got)
	}
}

func TestRelRect(t *testing.T) {
	ref := geom.RectXYWH(1000, 1000, 4000, 3000)
	tests := []struct {
		dir, align string
		gap        float64
		want       geom.Rect
	}{
		{"right-of", "middle", 100, geom.RectXYWH(5100, 2000, 2000, 1000)},
		{"left-of", "bottom", 0, geom.RectXYWH(-1000, 3000, 2000, 1000)},
		{"below", "center", 200, geom.RectXYWH(2000, 4200, 2000, 1000)},
		{"above", "right", 0, geom.RectXYWH(3000, -0, 2000, 1000)},
		{"right-of", "", 0, geom.RectXYWH(5000, 1000, 2000, 1000)},
	}
	for _, tc := range tests {
		if got := relRect(ref, 2000, 1000, tc.dir, tc.align, tc.gap); got != tc.want {
			t.Errorf("%s %s: got %+v, want %+v", tc.dir, tc.align, got, tc.want)
		}
	}
}

func TestArcGeometry(t *testing.T) {
	a, b := geom.Point{X: 0, Y: 0}, geom.Point{X: 6000, Y: 0}
	tests := []struct {
		cw, major bool
		mid       geom.Point // the arc's point halfway along
	}{
		{false, false, geom.Point{X: 3000, Y: 1000}},
		{true, false, geom.Point{X: 3000, Y: -1000}},
		{false, true, geom.Point{X: 3000, Y: 9000}},
	}
	for _, tc := range tests {
		arc := arcGeometry(a, b, 5000, tc.cw, tc.major)
		got := arcPoint(arc, arc.Radius*math.Abs(arc.Sweep)/2)
		if math.Abs(got.X-tc.mid.X) > 1e-6 || math.Abs(got.Y-tc.mid.Y) > 1e-6 {
			t.Errorf("cw=%v major=%v: mid %+v, want %+v", tc.cw, tc.major, got, tc.mid)
		}
	}
}

func TestPolygonsOverlap(t *testing.T) {
	sq := func(x, y, s float64) geom.Polygon {
		return geom.Polygon{{X: x, Y: y}, {X: x + s, Y: y}, {X: x + s, Y: y + s}, {X: x, Y: y + s}}
	}
	tri := geom.Polygon{{X: 0, Y: 0}, {X: 100, Y: 0}, {X: 100, Y: 100}}
	tests := []struct {
		name string
		a, b geom.Polygon
		want bool
	}{
		{"corner in triangle", tri, sq(0, 0, 10), true},
		{"touching edge", sq(0, 0, 10), sq(10, 0, 10), false},
		{"disjoint", sq(0, 0, 10), sq(20, 20, 10), false},
		{"contained", sq(0, 0, 100), sq(10, 10, 10), true},
		{"above the diagonal", tri, sq(0, 50, 40), false},
		{"identical rings", tri, tri, false},
	}
	for _, tc := range tests {
		if got := polygonsOverlap(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestWallPath(t *testing.T) {
	w := ir.Wall{Points: []geom.Point{{X: 0, Y: 0}, {X: 5000, Y: 0}, {X: 5000, Y: 4000}, {X: 0, Y: 4000}}, Closed: true}
	p := newWallPath(&w)
	if p.total != 18000 {
		t.Fatalf("total = %v", p.total)
	}
	if pt, seg := p.at(9000); pt != (geom.Point{X: 5000, Y: 4000}) || seg != 1 {
		t.Errorf("at(9000) = %v seg %d", pt, seg)
	}
	seg, run, dist := p.nearest(geom.Point{X: 2500, Y: 4400})
	if seg != 2 || run != 11500 || dist != 400 {
		t.Errorf("nearest = seg %d run %v dist %v", seg, run, dist)
	}
}

func TestFacing(t *testing.T) {
	tests := []struct {
		dir  geom.Point
		want float64
	}{{geom.Point{X: 0, Y: -1}, 0}, {geom.Point{X: 1, Y: 0}, 90}, {geom.Point{X: 0, Y: 1}, 180}, {geom.Point{X: -1, Y: 0}, 270}}
	for _, tc := range tests {
		if got := facing(tc.dir); got != tc.want {
			t.Errorf("facing(%v) = %v, want %v", tc.dir, got, tc.want)
		}
	}
	wc := fixtures["wc"]
	if !aspectAllows(wc, 400, 700, true) || aspectAllows(wc, 400, 700, false) {
		t.Error("a 400×700 WC backs onto horizontal edges only")
	}
}

func TestFrame(t *testing.T) {
	f := frame{at: geom.Point{X: 10000, Y: 5000}, quarts: 1, mx: true}
	if got := f.point(geom.Point{X: 100, Y: 0}); got != (geom.Point{X: 10000, Y: 4900}) {
		t.Errorf("point = %v", got)
	}
	if got := f.quarter(90); got != 0 {
		t.Errorf("quarter(90) = %v", got)
	}
	if !f.mirrored() {
		t.Error("one mirror flips handedness")
	}
}

// TestNoPanic resolves a nil and an empty expansion.
func TestNoPanic(t *testing.T) {
	if p, d := Resolve(Input{}); p == nil || len(d) != 0 {
		t.Errorf("nil input: %v %v", p, d)
	}
	p, d := Resolve(Input{Expanded: &expand.Result{Name: "x"}})
	if p == nil || len(d) != 1 || d[0].Code != "W_EMPTY_PLAN" {
		t.Errorf("empty plan: %+v", d)
	}
}

// BenchmarkResolve measures the resolve stage alone on a plan with
// instances, furniture placement and hosting.
func BenchmarkResolve(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("testdata", "walls.arch"))
	if err != nil {
		b.Fatal(err)
	}
	f := source.NewFile("walls.arch", src)
	file, _ := syntax.Parse(f)
	x, _ := expand.Expand(file, expand.Options{})
	b.ReportAllocs()
	for b.Loop() {
		Resolve(Input{File: f, Syntax: file, Expanded: x})
	}
}

// BenchmarkResolveLarge resolves a generated plan of 2,000 walls, rooms,
// off-wall doors and overlapping rooms: the nearest-wall index and the
// overlap sweep keep it far from quadratic.
func BenchmarkResolveLarge(b *testing.B) {
	src := []byte(`plan "Large" {
  for i in 0..2000 {
    wall partition thickness 10 { (i * 100, 0) (i * 100, 1000) }
    room at (i * 100, 0) size 150x1000
    door at (i * 100 + 50, 500) width 10
  }
}
`)
	f := source.NewFile("large.arch", src)
	file, _ := syntax.Parse(f)
	x, _ := expand.Expand(file, expand.Options{})
	b.ReportAllocs()
	for b.Loop() {
		Resolve(Input{File: f, Syntax: file, Expanded: x})
	}
}

// TestWallIndexMatchesScan checks that the grid index never changes which
// wall a nearest search picks: for random walls and points, the indexed
// candidates scanned in order give the same wall, segment and distance as a
// scan over every wall.
func TestWallIndexMatchesScan(t *testing.T) {
	rng := uint64(12345)
	next := func(n int) float64 {
		rng = rng*6364136223846793005 + 1442695040888963407
		return float64(int((rng >> 33) % uint64(n)))
	}
	var walls []*wallEl
	for i := 0; i < 300; i++ {
		x, y := next(50000), next(50000)
		pts := []geom.Point{{X: x, Y: y}, {X: x + next(4000) - 2000, Y: y + next(4000) - 2000}}
		if i%3 == 0 {
			pts = append(pts, geom.Point{X: pts[1].X + next(3000), Y: pts[1].Y})
		}
		w := &wallEl{ok: true, w: ir.Wall{Points: pts, Thickness: 100}}
		w.p = newWallPath(&w.w)
		walls = append(walls, w)
	}
	ix := newWallIndex(walls)
	if ix == nil {
		t.Fatal("no index for 300 walls")
	}
	scan := func(q geom.Point, cands []int) (int, int, float64) {
		best, seg, dist := -1, -1, math.Inf(1)
		for _, i := range cands {
			s, _, d := walls[i].p.nearestChord(q)
			if s >= 0 && d < dist-1e-9 {
				best, seg, dist = i, s, d
			}
		}
		return best, seg, dist
	}
	all := make([]int, len(walls))
	for i := range all {
		all[i] = i
	}
	for k := 0; k < 2000; k++ {
		q := geom.Point{X: next(70000) - 10000, Y: next(70000) - 10000}
		wb, ws, wd := scan(q, all)
		gb, gs, gd := scan(q, ix.candidates(q, func(int) bool { return true }))
		if wb != gb || ws != gs || wd != gd {
			t.Fatalf("query %v: index picks wall %d seg %d at %v, scan picks wall %d seg %d at %v", q, gb, gs, gd, wb, ws, wd)
		}
	}
}
