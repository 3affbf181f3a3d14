package svg

import (
	"math"
	"strconv"

	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// Sheet-table sizes, in sheet mm (scaled like the title block).
const (
	tblRow        = 3.4
	tblFont       = 1.9
	tblHeadFont   = 1.52
	tblSchedW     = 36
	tblSchedInset = 0.72
	tblNoCol      = 5.5
	tblAreaCol    = 25.5
	tblNameX      = 6.22
	tblGap        = 3
	tblLegendW    = 27
	tblLegInset   = 0.54
	tblSwatchW    = 3.92
	tblSwatchH    = 2.04
	tblSwatchTop  = 0.68
	tblLegTextX   = 5.54
	tblThin       = 0.55 // row rules, in pens
	layerAnno     = "A-ANNO"
)

// legendFixtures is the order fixture names are listed in the legend.
var legendFixtures = []string{"wc", "toilet", "basin", "sink", "shower", "bathtub", "bath", "tub",
	"kitchen_sink", "counter", "worktop", "stove", "hob", "cooktop", "oven", "fridge", "refrigerator"}

// unit is one sheet millimetre in plan mm.
func (r *renderer) unit() float64 { return r.z.chrome / sheetChrome }

func (r *renderer) hasTables() bool { return r.p.Settings.Schedule || r.p.Settings.Legend }

// tablesTop is where the sheet tables start: above the scale bar in the
// sheet's corner, or under the footer.
func (r *renderer) tablesTop() float64 {
	if r.cornerChrome() {
		return r.cornerTop() - r.z.pad - r.tablesHeight()
	}
	return r.underTablesTop()
}

// underTablesTop is where the tables start when laid out under the footer.
func (r *renderer) underTablesTop() float64 {
	return r.footerTop() + r.footerHeight() + r.z.pad
}

// tablesLeft is the left edge of the first table: the sheet's left margin
// in the corner, else the left of the drawing.
func (r *renderer) tablesLeft() float64 {
	if r.cornerChrome() {
		return r.sheetBox().Min.X + r.z.margin
	}
	return r.bounds.Min.X
}

// tablesWidth is the run of tables as laid out: the schedule and the gap
// after it, then the legend.
func (r *renderer) tablesWidth() float64 {
	w := 0.0
	if r.p.Settings.Schedule {
		w += (tblSchedW + tblGap) * r.unit()
	}
	if r.p.Settings.Legend {
		w += tblLegendW * r.unit()
	}
	return w
}

// tablesHeight is the height of the taller table.
func (r *renderer) tablesHeight() float64 {
	h := 0.0
	if r.p.Settings.Schedule {
		h = float64(len(r.scheduleRows())) * tblRow * r.unit()
	}
	if r.p.Settings.Legend {
		lh := float64(1+len(r.legendRows())) * tblRow * r.unit()
		if lh > h {
			h = lh
		}
	}
	return h
}

// schedRow is one row of the room schedule.
type schedRow struct {
	kind       int // 0 title, 1 header, 2 group heading, 3 room, 4 subtotal, 5 total
	no, name   string
	area       string
	groupStart int // for subtotals: index of the group's first room row
}

func areaM2(a float64) string {
	return strconv.FormatFloat(float64(int64(a/mm2*100+0.5))/100, 'f', 2, 64)
}

func (r *renderer) scheduleRows() []schedRow {
	if r.laidOut && r.schedMemo != nil {
		return r.schedMemo
	}
	rows := r.buildScheduleRows()
	if r.laidOut {
		r.schedMemo = rows
	}
	return rows
}

// buildScheduleRows lays out the room schedule's rows.
func (r *renderer) buildScheduleRows() []schedRow {
	// The rooms listed, as pointers: a room is too large a value to copy
	// into a list.
	var rooms []*ir.Room
	for i := range r.p.Rooms {
		if rm := &r.p.Rooms[i]; len(rm.Polygon) >= 3 {
			rooms = append(rooms, rm)
		}
	}
	rows := make([]schedRow, 2, len(rooms)+3)
	rows[0], rows[1] = schedRow{kind: 0}, schedRow{kind: 1}
	total := 0.0
	zoned := false
	for _, rm := range rooms {
		if rm.Zone != "" {
			zoned = true
		}
	}
	n := 0
	room := func(rm *ir.Room) schedRow {
		n++
		a := rm.Polygon.Area()
		if rm.Shape == ir.RoomCircle && rm.Radius > 0 {
			a = math.Pi * rm.Radius * rm.Radius
		}
		total += a
		no := strconv.Itoa(n)
		if n < 10 {
			no = "0" + no
		}
		name := rm.Label
		if name == "" {
			name = rm.ID
		}
		return schedRow{kind: 3, no: no, name: name, area: areaM2(a)}
	}
	if !zoned {
		for _, rm := range rooms {
			rows = append(rows, room(rm))
		}
	} else {
		// Group the rooms by zone in one pass: zones in order of first
		// appearance, rooms with no zone last.
		var order []string
		group := map[string][]int{}
		for i, rm := range rooms {
			if _, ok := group[rm.Zone]; !ok && rm.Zone != "" {
				order = append(order, rm.Zone)
			}
			group[rm.Zone] = append(group[rm.Zone], i)
		}
		order = append(order, "")
		labels := r.zoneLabels()
		for _, z := range order {
			members := group[z]
			if len(members) == 0 {
				continue
			}
			label := "(no zone)"
			if z != "" {
				label = z
				if l, ok := labels[z]; ok {
					label = l
				}
			}
			rows = append(rows, schedRow{kind: 2, name: label})
			start := len(rows)
			var sub float64
			for _, i := range members {
				sub += roomArea(rooms[i])
				rows = append(rows, room(rooms[i]))
			}
			rows = append(rows, schedRow{kind: 4, name: "SUBTOTAL", area: areaM2(sub), groupStart: start})
		}
	}
	return append(rows, schedRow{kind: 5, name: "TOTAL", area: areaM2(total)})
}

// zoneLabels maps each zone path to its label: the first labelled zone
// of that path.
func (r *renderer) zoneLabels() map[string]string {
	out := map[string]string{}
	for _, z := range r.p.Zones {
		if _, ok := out[z.Path]; !ok && z.Label != "" {
			out[z.Path] = z.Label
		}
	}
	return out
}

func (r *renderer) drawTables() {
	if r.p.Settings.Schedule {
		r.drawSchedule()
	}
	if r.p.Settings.Legend {
		r.drawLegend()
	}
}

func (r *renderer) tableText(x, y, fs float64, anchor string, bold bool, s string) {
	r.tableTextIn(r.pal.chrome, x, y, fs, anchor, bold, s)
}

// tableTextIn is tableText in another colour: headings and subtotals are
// set in the muted label colour.
func (r *renderer) tableTextIn(fill string, x, y, fs float64, anchor string, bold bool, s string) {
	tail := ` dominant-baseline="central"`
	if bold {
		tail = ` dominant-baseline="central" font-weight="600"`
	}
	b := &r.b
	b.two(`<text x="`, x, `" y="`, y)
	b.WriteString(`" font-size="`)
	b.num(fs)
	b.s(`" fill="`, fill, `" text-anchor="`, anchor, `"`, tail, `>`, esc(s), "</text>\n")
}

func (r *renderer) drawSchedule() {
	u := r.unit()
	rows := r.scheduleRows()
	x0, top := r.tablesLeft(), r.tablesTop()
	w, rh := tblSchedW*u, tblRow*u
	thick, thin := r.stroke(r.pal.chrome, r.pen), r.stroke(r.pal.chrome, tblThin*r.pen)
	r.b.polygon([]geom.Point{{X: x0, Y: top}, {X: x0 + w, Y: top}, {X: x0 + w, Y: top + float64(len(rows))*rh}, {X: x0, Y: top + float64(len(rows))*rh}},
		`fill="none" `+thick)
	hline := func(y float64, at string) { r.b.line(geom.Point{X: x0, Y: y}, geom.Point{X: x0 + w, Y: y}, at) }
	body, head := tblFont*u, tblHeadFont*u
	left, noX, nameX, right := x0+tblSchedInset*u, x0+tblNoCol*u/2, x0+tblNameX*u, x0+w-tblSchedInset*u
	muted := r.pal.chromeLabel
	zoned := false
	for _, row := range rows {
		zoned = zoned || row.kind == 2
	}
	last := len(rows) - 1
	for i, row := range rows {
		y0 := top + float64(i)*rh
		cy := y0 + rh/2
		switch row.kind {
		case 0:
			r.tableText(left, cy, body, "start", true, "ROOM SCHEDULE")
			hline(y0+rh, thick)
		case 1:
			r.tableTextIn(muted, noX, cy, head, "middle", true, "NO.")
			r.tableTextIn(muted, nameX, cy, head, "start", true, "NAME")
			if !zoned {
				r.b.line(geom.Point{X: x0 + tblNoCol*u, Y: y0}, geom.Point{X: x0 + tblNoCol*u, Y: top + float64(last)*rh}, thin)
			}
			r.tableTextIn(muted, right, cy, head, "end", true, "AREA (m²)")
			if !zoned {
				r.b.line(geom.Point{X: x0 + tblAreaCol*u, Y: y0}, geom.Point{X: x0 + tblAreaCol*u, Y: top + float64(len(rows))*rh}, thin)
			}
			hline(y0+rh, thick)
		case 2:
			r.tableTextIn(muted, left, cy, body, "start", true, row.name)
		case 3:
			r.tableText(noX, cy, body, "middle", false, row.no)
			r.tableText(nameX, cy, body, "start", false, row.name)
			r.tableText(right, cy, body, "end", false, row.area)
			// Rules between rooms: under each room of a zone but its last
			// (the subtotal draws that one), or over each room but the
			// first of a plain list.
			if zoned && i+1 < len(rows) && rows[i+1].kind == 3 {
				hline(y0+rh, thin)
			}
			if !zoned && i > 0 && rows[i-1].kind == 3 {
				hline(y0, thin)
			}
		case 4:
			gs := top + float64(row.groupStart)*rh
			r.b.line(geom.Point{X: x0 + tblNoCol*u, Y: gs}, geom.Point{X: x0 + tblNoCol*u, Y: y0}, thin)
			r.b.line(geom.Point{X: x0 + tblAreaCol*u, Y: gs}, geom.Point{X: x0 + tblAreaCol*u, Y: y0}, thin)
			hline(y0, thin)
			r.tableTextIn(muted, left, cy, body, "start", true, row.name)
			r.tableTextIn(muted, right, cy, body, "end", true, row.area)
			hline(y0+rh, thick)
		case 5:
			if !zoned {
				hline(y0, thick)
			}
			r.tableText(left, cy, body, "start", true, row.name)
			r.tableText(right, cy, body, "end", true, row.area)
		}
	}
}

// legendRow is a hatch or a fixture the drawing uses.
type legendRow struct {
	h       *hatch
	fixture string
}

func (r *renderer) legendRows() []legendRow {
	if r.laidOut && r.legendMemo != nil {
		return r.legendMemo
	}
	rows := r.buildLegendRows()
	if rows == nil {
		rows = []legendRow{}
	}
	if r.laidOut {
		r.legendMemo = rows
	}
	return rows
}

// buildLegendRows lists the legend's rows.
func (r *renderer) buildLegendRows() []legendRow {
	var rows []legendRow
	for _, g := range r.allGroups() {
		h := g.h
		rows = append(rows, legendRow{h: &h})
	}
	used := map[string]bool{}
	for _, f := range r.p.Furniture {
		used[f.Type] = true
	}
	for _, name := range legendFixtures {
		if used[name] {
			rows = append(rows, legendRow{fixture: name})
		}
	}
	return rows
}

func (h hatch) label() string {
	s := h.material
	if h.scale != 1 {
		s += " x" + num(h.scale)
	}
	if h.angle != 0 {
		s += " @" + num(h.angle) + "°"
	}
	return s
}

func (r *renderer) drawLegend() {
	u := r.unit()
	rows := r.legendRows()
	x0, top := r.tablesLeft(), r.tablesTop()
	if r.p.Settings.Schedule {
		x0 += (tblSchedW + tblGap) * u
	}
	w, rh := tblLegendW*u, tblRow*u
	thick, thin := r.stroke(r.pal.chrome, r.pen), r.stroke(r.pal.chrome, tblThin*r.pen)
	bot := top + float64(1+len(rows))*rh
	r.b.polygon([]geom.Point{{X: x0, Y: top}, {X: x0 + w, Y: top}, {X: x0 + w, Y: bot}, {X: x0, Y: bot}}, `fill="none" `+thick)
	r.tableText(x0+tblLegInset*u, top+rh/2, tblFont*u, "start", true, "LEGEND")
	r.b.line(geom.Point{X: x0, Y: top + rh}, geom.Point{X: x0 + w, Y: top + rh}, thick)
	for i, row := range rows {
		y0 := top + float64(i+1)*rh
		sw := geom.RectXYWH(x0+tblLegInset*u, y0+tblSwatchTop*u, tblSwatchW*u, tblSwatchH*u)
		pts := []geom.Point{sw.Min, {X: sw.Max.X, Y: sw.Min.Y}, sw.Max, {X: sw.Min.X, Y: sw.Max.Y}}
		name := row.fixture
		if row.h != nil {
			name = row.h.label()
			r.b.s(`<path d="`, ringPath(pts), `" fill="url(#`, row.h.id(), `)" fill-rule="nonzero"/>`, "\n")
			r.b.polygon(pts, `fill="none" `+thick)
		} else {
			r.drawPiece(ir.Furniture{Type: row.fixture, Rect: sw})
		}
		r.tableText(x0+tblLegTextX*u, y0+rh/2, tblFont*u, "start", false, name)
		if i+1 < len(rows) {
			r.b.line(geom.Point{X: x0, Y: y0 + rh}, geom.Point{X: x0 + w, Y: y0 + rh}, thin)
		}
	}
}

// roomArea is a room's floor area in mm², exact for circles.
func roomArea(rm *ir.Room) float64 {
	if rm.Shape == ir.RoomCircle && rm.Radius > 0 {
		return math.Pi * rm.Radius * rm.Radius
	}
	return rm.Polygon.Area()
}
