package svg

import (
	"math"
	"regexp"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// squarePlan is `wall exterior thickness 200 { (0,0) (3000,0) (3000,3000)
// (0,3000) close }` with more elements added by each case.
func squarePlan(add func(p *ir.Plan)) *ir.Plan {
	p := &ir.Plan{Name: "V", Settings: ir.Settings{Units: "mm"}}
	p.Walls = []ir.Wall{{Kind: "exterior", Thickness: 200, Closed: true,
		Points: []geom.Point{pt(0, 0), pt(3000, 0), pt(3000, 3000), pt(0, 3000)}}}
	if add != nil {
		add(p)
	}
	return p
}

func rectRoom(x, y, w, h float64) ir.Room {
	return ir.Room{Polygon: geom.Polygon{pt(x, y), pt(x+w, y), pt(x+w, y+h), pt(x, y+h)}}
}

func circleRoom(c geom.Point, rad float64) ir.Room {
	rm := ir.Room{Shape: ir.RoomCircle, Center: c, Radius: rad}
	for i := 0; i < 48; i++ {
		a := 2 * math.Pi * float64(i) / 48
		rm.Polygon = append(rm.Polygon, pt(c.X+rad*math.Cos(a), c.Y+rad*math.Sin(a)))
	}
	return rm
}

func rect(x, y, w, h float64) geom.Rect {
	return geom.Rect{Min: pt(x, y), Max: pt(x+w, y+h)}
}

func onA3(denom float64) func(p *ir.Plan) {
	return func(p *ir.Plan) {
		p.Settings.Paper, p.Settings.Orientation = "A3", "landscape"
		p.Settings.ScaleSet, p.Settings.ScaleNum, p.Settings.ScaleDenom = true, 1, denom
	}
}

func onA4(denom float64) func(p *ir.Plan) {
	return func(p *ir.Plan) {
		onA3(denom)(p)
		p.Settings.Paper = "A4"
	}
}

// a3Fit is `paper A3` with no scale: auto-fit picks one.
func a3Fit(p *ir.Plan) { p.Settings.Paper, p.Settings.Orientation = "A3", "landscape" }

func titled(keys ...string) func(p *ir.Plan) {
	return func(p *ir.Plan) {
		p.Title = &ir.Title{}
		for _, k := range keys {
			p.Title.Fields = append(p.Title.Fields, ir.TitleField{Key: k, Value: "X"})
		}
	}
}

func all(fs ...func(p *ir.Plan)) func(p *ir.Plan) {
	return func(p *ir.Plan) {
		for _, f := range fs {
			f(p)
		}
	}
}

var viewBoxRE = regexp.MustCompile(`viewBox="([^"]*)"`)

// TestExtent checks the page of small plans against the reference: the
// drawing's extent takes in rooms, furniture, columns, stairs, lifts and the
// measured points of dimensions (not openings, pinned labels or offset
// dimension lines), and the footer sits one title row under the lowest
// annotation. Expected viewBoxes were taken from the reference compiler.
func TestExtent(t *testing.T) {
	dim := func(x1, y1, x2, y2, off float64) func(p *ir.Plan) {
		return func(p *ir.Plan) {
			p.Dims = append(p.Dims, ir.Dim{From: pt(x1, y1), To: pt(x2, y2), Offset: off})
		}
	}
	noWalls := func(p *ir.Plan) { p.Walls = nil }
	cases := []struct {
		name string
		add  func(p *ir.Plan)
		want string
	}{
		{"walls only", nil, "-644 -644 4288 4288"},
		{"room outside", func(p *ir.Plan) { p.Rooms = append(p.Rooms, rectRoom(0, 5000, 2000, 2000)) }, "-1307 -1307 5614 9514"},
		{"furniture", func(p *ir.Plan) {
			p.Furniture = append(p.Furniture, ir.Furniture{Type: "bed", Rect: rect(3500, 0, 1500, 2000)})
		}, "-967 -967 6834 4934"},
		{"column", func(p *ir.Plan) { p.Columns = append(p.Columns, ir.Column{Rect: rect(-2000, 0, 300, 300)}) }, "-2867 -967 6834 4934"},
		{"furniture column dim", all(
			func(p *ir.Plan) {
				p.Furniture = append(p.Furniture, ir.Furniture{Type: "bed", Rect: rect(3500, 0, 1500, 2000)})
				p.Columns = append(p.Columns, ir.Column{Rect: rect(-2000, 0, 300, 300)})
			}, dim(0, 0, 3000, 0, 2000)), "-3190 -1290 9380 5580"},
		{"stair", func(p *ir.Plan) {
			p.Vertical = append(p.Vertical, ir.Vertical{Kind: ir.Stair, Rect: rect(0, 5000, 1000, 2000), Dir: "up", Width: 1000})
		}, "-1307 -1307 5614 9514"},
		{"escalator", func(p *ir.Plan) {
			p.Vertical = append(p.Vertical, ir.Vertical{Kind: ir.Escalator, Rect: rect(0, 5000, 1000, 3000), Dir: "up", Width: 1000})
		}, "-1477 -1477 5954 10854"},
		{"elevator", func(p *ir.Plan) {
			p.Vertical = append(p.Vertical, ir.Vertical{Kind: ir.Elevator, Rect: rect(5000, 0, 1500, 1500)})
		}, "-1222 -1222 8844 5444"},
		{"circle room", func(p *ir.Plan) { p.Rooms = append(p.Rooms, circleRoom(pt(6000, 1500), 1000)) }, "-1307 -1307 9514 5614"},
		{"dim below", dim(0, 6000, 3000, 6000, 0), "-1137 -1137 5274 8235"},
		{"dim right", dim(6000, 0, 6000, 3000, 0), "-1137 -1137 8174 5274"},
		{"dim diagonal", dim(0, 0, 6000, 6000, 0), "-1137 -1137 8174 8174"},
		{"dim line set off above", dim(0, 0, 3000, 0, -2000), "-644 -2187.15 4288 5831.15"},
		{"dim line set off below", dim(0, 0, 3000, 0, 5000), "-644 -644 4288 6220"},
		{"dim below, one title row", all(dim(0, 6000, 3000, 6000, 0), titled("project")), "-1137 -1137 5274 8235"},
		{"dim below, two title rows", all(dim(0, 6000, 3000, 6000, 0), titled("project", "drawn_by")), "-1137 -1137 5274 8515.6"},
		{"free window", func(p *ir.Plan) {
			p.Openings = append(p.Openings, ir.Opening{Kind: ir.Window, Width: 1000, Center: pt(6000, 1500), Wall: 0, Segment: 1, OffWall: true})
		}, "-644 -644 4288 4288"},
		{"pinned label", func(p *ir.Plan) {
			rm := rectRoom(0, 0, 3000, 3000)
			rm.Label, rm.LabelAt = "A", &geom.Point{X: 1000, Y: 6000}
			p.Rooms = append(p.Rooms, rm)
		}, "-644 -644 4288 4288"},
		{"no walls: rooms", all(noWalls, func(p *ir.Plan) {
			p.Rooms = append(p.Rooms, rectRoom(0, 0, 3000, 6000), rectRoom(3000, 0, 3000, 6000))
		}), "-1020 -1020 8040 8040"},
		{"no walls: dim", all(noWalls, dim(0, 0, 0, 9000, 500)), "-1530 -1530 3060 12060"},
		{"no walls: furniture and column", all(noWalls, func(p *ir.Plan) {
			p.Furniture = append(p.Furniture, ir.Furniture{Type: "bed", Rect: rect(0, 0, 1500, 2000)})
			p.Columns = append(p.Columns, ir.Column{Rect: rect(5000, 5000, 300, 300)})
		}), "-901 -901 7102 7102"},

		// On a sheet the drawing is centred down the page on its content
		// stretched to the bottom of the footer stack.
		{"A3 walls only", onA3(100), "-19500 -13350 42000 29700"},
		{"A3 1:200 walls only", onA3(200), "-40500 -28200 84000 59400"},
		{"A3 room below", all(onA3(100), func(p *ir.Plan) { p.Rooms = append(p.Rooms, rectRoom(0, 8000, 2000, 2000)) }), "-19500 -9900 42000 29700"},
		{"A3 room above", all(onA3(100), func(p *ir.Plan) { p.Rooms = append(p.Rooms, rectRoom(0, -4000, 2000, 2000)) }), "-19500 -15300 42000 29700"},
		{"A3 two title rows", all(onA3(100), titled("project")), "-19500 -13140 42000 29700"},
		{"A3 three title rows", all(onA3(100), titled("project", "drawn_by")), "-19500 -12910 42000 29700"},
		{"A3 1:200 four title rows", all(onA3(200), titled("project", "drawn_by", "date")), "-40500 -26860 84000 59400"},
		{"A3 dim below", all(onA3(100), dim(0, 4000, 3000, 4000, 0)), "-19500 -12707.5 42000 29700"},
		{"A3 dim on the wall face", all(onA3(100), dim(0, 3100, 3000, 3100, 0)), "-19500 -13157.5 42000 29700"},
		{"A3 dim inside", all(onA3(100), dim(0, 2000, 3000, 2000, 0)), "-19500 -13350 42000 29700"},
		{"A3 dim set off below", all(onA3(100), dim(0, 4000, 3000, 4000, 2000)), "-19500 -11707.5 42000 29700"},
		{"A3 dim below, three title rows", all(onA3(100), dim(0, 4000, 3000, 4000, 0), titled("project", "drawn_by")), "-19500 -12247.5 42000 29700"},
		{"A3 dim right", all(onA3(100), dim(8000, 0, 8000, 3000, 0)), "-17050 -13350 42000 29700"},
		{"A3 dim above", all(onA3(100), dim(3000, -4000, 0, -4000, 0)), "-19500 -15300 42000 29700"},
		{"A3 1:50 dim below", all(onA3(50), dim(0, 4000, 3000, 4000, 0)), "-9000 -5378.75 21000 14850"},

		// Auto-fit reads walls and rooms only; what else overflows the
		// sheet grows the page in that direction.
		{"A3 auto-fit, furniture far off", all(a3Fit, func(p *ir.Plan) {
			p.Furniture = append(p.Furniture, ir.Furniture{Type: "bed", Rect: rect(30000, 0, 1500, 2000)})
		}), "-850 -5925 33100 14850"},
		{"A3 auto-fit, room far off", all(a3Fit, func(p *ir.Plan) { p.Rooms = append(p.Rooms, rectRoom(30000, 0, 2000, 2000)) }), "-5050 -13350 42000 29700"},
		{"A3 auto-fit, no walls: dim", all(a3Fit, noWalls, dim(0, 0, 30000, 0, 0)), "-750 -7328.75 31500 14850"},
		{"A3 auto-fit, no walls: columns", all(a3Fit, noWalls, func(p *ir.Plan) {
			p.Columns = append(p.Columns, ir.Column{Rect: rect(0, 0, 300, 300)}, ir.Column{Rect: rect(30000, 0, 300, 300)})
		}), "-750 -7275 31800 14850"},
		{"A4 1:100 grows down", all(onA4(100), func(p *ir.Plan) { p.Rooms = append(p.Rooms, rectRoom(0, 30000, 2000, 2000)) }), "-13350 -1600 29700 35100"},
		{"A4 1:100 grows across", all(onA4(100), func(p *ir.Plan) { p.Rooms = append(p.Rooms, rectRoom(40000, 0, 2000, 2000)) }), "-1600 -9000 45100 21000"},
		{"A4 1:10 grows both ways", onA4(10), "-250 -250 3500 3500"},
		{"A4 1:10 three title rows", all(onA4(10), titled("project", "drawn_by")), "-250 -250 3500 3588"},
		{"A4 1:10 dim below", all(onA4(10), dim(0, 3500, 3000, 3500, 0)), "-250 -250 3500 3938.5"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := Render(squarePlan(c.add), Options{})
			m := viewBoxRE.FindSubmatch(out)
			if m == nil {
				t.Fatalf("no viewBox in %s", out)
			}
			if got := string(m[1]); got != c.want {
				t.Errorf("viewBox = %q, want %q", got, c.want)
			}
		})
	}
}

var barRE = regexp.MustCompile(`<g><rect x="([^"]*)" y="([^"]*)"`)

// TestSheetChrome checks where the scale bar goes on a sheet: in the
// sheet's bottom-left corner when that leaves a pad of paper under the
// content, else under the drawing (always on a grown page). Positions were
// taken from the reference compiler.
func TestSheetChrome(t *testing.T) {
	cases := []struct {
		denom float64
		x, y  string
	}{
		{20, "-100", "3200"},
		{22, "-100", "3210"},
		{22.7, "-100", "3213.5"},
		{22.75, "-1537.12", "3442.85"},
		{23, "-1570.5", "3464.2"},
		{50, "-5175", "5770"},
		{10, "-100", "3150"},
	}
	for _, c := range cases {
		out := Render(squarePlan(onA4(c.denom)), Options{})
		m := barRE.FindSubmatch(out)
		if m == nil {
			t.Fatalf("1:%v: no scale bar", c.denom)
		}
		if string(m[1]) != c.x || string(m[2]) != c.y {
			t.Errorf("1:%v: scale bar at (%s,%s), want (%s,%s)", c.denom, m[1], m[2], c.x, c.y)
		}
	}
}

var tableRE = regexp.MustCompile(`<polygon points="([^ ]*) [^"]*" fill="none" stroke="#333333"`)

// TestSheetTables checks where a sheet's room schedule and legend go: in
// the bottom-left corner above the scale bar when the corner stack leaves a
// pad above the stack under the drawing, else under the footer; across, the
// drawing is centred with the tables' run (a schedule counts its trailing
// gap). Expected values were taken from the reference compiler.
func TestSheetTables(t *testing.T) {
	room := func(x, y, w, h float64) func(p *ir.Plan) {
		return func(p *ir.Plan) {
			rm := rectRoom(x, y, w, h)
			rm.ID = "room_1"
			p.Rooms = append(p.Rooms, rm)
		}
	}
	sched := func(p *ir.Plan) { p.Settings.Schedule = true }
	legend := func(p *ir.Plan) { p.Settings.Legend = true }
	cases := []struct {
		name        string
		add         func(p *ir.Plan)
		vbox, table string
	}{
		{"schedule in the corner", all(room(0, 0, 3000, 3000), sched), "-26900 -17680 59400 42000", "-23900,16680"},
		{"legend in the corner", all(room(0, 0, 3000, 3000), legend), "-28100 -18360 59400 42000", "-25100,17360"},
		{"both in the corner", all(room(0, 0, 3000, 3000), sched, legend), "-24200 -17680 59400 42000", "-21200,16680"},
		{"schedule under the drawing", all(room(0, 20000, 2000, 2000), sched), "-26900 -8230 59400 42000", "-100,24920"},
		{"both under the drawing", all(room(0, 20000, 2000, 2000), sched, legend), "-24200 -8230 59400 42000", "-100,24920"},
		{"last corner", all(room(0, 14976, 2000, 2000), sched), "-26900 -10742 59400 42000", "-23900,23618"},
		{"first under", all(room(0, 14984, 2000, 2000), sched), "-26900 -10738 59400 42000", "-100,19904"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := Render(squarePlan(all(onA4(200), c.add)), Options{})
			if got := string(viewBoxRE.FindSubmatch(out)[1]); got != c.vbox {
				t.Errorf("viewBox %q, want %q", got, c.vbox)
			}
			m := tableRE.FindSubmatch(out)
			if m == nil {
				t.Fatal("no table")
			}
			if got := string(m[1]); got != c.table {
				t.Errorf("first table corner %s, want %s", got, c.table)
			}
		})
	}
}

// TestPageTables checks that without paper the page widens to the tables'
// run (reference viewBoxes).
func TestPageTables(t *testing.T) {
	for _, c := range []struct {
		sched, legend bool
		want          string
	}{
		{true, true, "-1494 -1494 7216 12316.4"},
		{true, false, "-1494 -1494 5002 12316.4"},
		{false, true, "-1494 -1494 4018 11758.8"},
	} {
		p := &ir.Plan{Name: "V", Settings: ir.Settings{Units: "mm", Schedule: c.sched, Legend: c.legend}}
		p.Walls = []ir.Wall{{Kind: "exterior", Thickness: 200, Closed: true,
			Points: []geom.Point{pt(0, 0), pt(1000, 0), pt(1000, 8000), pt(0, 8000)}}}
		rm := rectRoom(0, 0, 1000, 8000)
		rm.ID = "room_1"
		p.Rooms = []ir.Room{rm}
		out := Render(p, Options{})
		if got := string(viewBoxRE.FindSubmatch(out)[1]); got != c.want {
			t.Errorf("schedule %v legend %v: viewBox %q, want %q", c.sched, c.legend, got, c.want)
		}
	}
}

// TestDimMeasuredText checks a dimension without text prints its measured
// length to two decimals (reference output).
func TestDimMeasuredText(t *testing.T) {
	p := squarePlan(func(p *ir.Plan) {
		p.Dims = append(p.Dims,
			ir.Dim{From: pt(0, 0), To: pt(3000, 1000)},
			ir.Dim{From: pt(0, 0), To: pt(1000, 1000), Offset: 300},
			ir.Dim{From: pt(0, 0), To: pt(1234.5, 0), Offset: 300},
			ir.Dim{From: pt(0, 0), To: pt(3000, 0), Offset: 300})
	})
	out := string(Render(p, Options{}))
	for _, want := range []string{">3162.28</text>", ">1414.21</text>", ">1234.5</text>", ">3000</text>"} {
		if !regexp.MustCompile(regexp.QuoteMeta(want)).MatchString(out) {
			t.Errorf("no %s in the drawing", want)
		}
	}
}
