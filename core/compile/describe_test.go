package compile

import (
	"strings"
	"testing"
)

const describeSrc = `plan "Flat" {
  wall exterior thickness 200 { (0,0) (6000,0) (6000,4000) (0,4000) close }
  wall partition thickness 100 { (3500,0) (3500,4000) }
  room id=liv at (0,0) size 3500x4000 label "Living" uses living
  room id=bed at (3500,0) size 2500x4000 label "Bedroom"
  door id=front at (1500,4000) width 1000 wall exterior
  door id=d at (3500,2000) width 800 wall partition
  window at (5000,0) width 1200 wall exterior
}
`

func TestDescribeFacade(t *testing.T) {
	r := Describe([]byte(describeSrc), DescribeOptions{})
	if !r.Facts.OK || r.Plan == nil {
		t.Fatalf("describe failed: %+v", r.Diagnostics)
	}
	want := "\"Flat\" — a 2-room floor plan, 24 m² total: Living (14 m²), Bedroom (10 m²); 2 doors, 1 window, entrance via front."
	if r.Facts.Caption != want {
		t.Errorf("caption = %q, want %q", r.Facts.Caption, want)
	}
	if r.Facts.Diagnostics == nil {
		t.Error("diagnostics must encode as [] not null")
	}
	bad := Describe([]byte("plan \"X\" {\n  room id=a right-of b size 10x10\n}\n"), DescribeOptions{})
	if bad.Facts.OK || bad.Plan != nil || len(bad.Facts.Diagnostics) == 0 || bad.Facts.Plan != "" {
		t.Errorf("a plan with errors should answer ok:false with empty facts, got %+v", bad.Facts)
	}
}

func TestAccessibleCaption(t *testing.T) {
	r := Compile([]byte(describeSrc), Options{Accessible: true})
	if !r.OK {
		t.Fatal(r.Diagnostics)
	}
	if !strings.Contains(r.Output, `<desc id="arch-desc">&quot;Flat&quot; — a 2-room floor plan, 24 m² total`) {
		t.Errorf("the accessible drawing does not describe itself with the caption:\n%.600s", r.Output)
	}
	plain := Compile([]byte(describeSrc), Options{})
	if strings.Contains(plain.Output, "<desc") {
		t.Error("a plain drawing gained a description")
	}
}

func BenchmarkDescribe(b *testing.B) {
	src := []byte(describeSrc)
	b.ReportAllocs()
	for b.Loop() {
		Describe(src, DescribeOptions{})
	}
}

// TestDescribeBetween pins which spaces a door joins, as the reference
// reports them: a shell door touching two rooms is an inner door, a third
// room makes it ambiguous, a shell door touching one room is an entrance.
func TestDescribeBetween(t *testing.T) {
	src := `plan "E" {
  units mm
  wall exterior thickness 200 { (0,0) (4000,0) (4000,4000) (0,4000) close }
  room id=box at (0,0) size 4000x2000 label "Box"
  room id=box2 at (0,2000) size 4000x2000 label "Box2"
  room id=landing at (4000,3000) size 2000x1000 label "Landing"
  door id=d1 at (4000,3500) width 600 wall exterior
  door id=d2 at (4000,2000) width 600 wall exterior
  door id=d3 at (2000,0) width 900 wall exterior
}
`
	f := Describe([]byte(src), DescribeOptions{}).Facts
	want := []struct {
		id, between   string
		exterior, amb bool
	}{
		{"d1", "box2,landing", false, false},
		{"d2", "box,box2", false, false},
		{"d3", "exterior,box", true, false},
	}
	if len(f.Access.Edges) != len(want) {
		t.Fatalf("edges %+v", f.Access.Edges)
	}
	for i, w := range want {
		e := f.Access.Edges[i]
		if got := strings.Join(f.Doors[i].Between, ","); e.DoorID != w.id || got != w.between || e.Exterior != w.exterior || e.Ambiguous != w.amb {
			t.Errorf("%s: between %s exterior %v ambiguous %v, want %+v", e.DoorID, got, e.Exterior, e.Ambiguous, w)
		}
	}
	if strings.Join(f.Access.Entrances, ",") != "d3" {
		t.Errorf("entrances %v", f.Access.Entrances)
	}
	// A third room at the door makes it ambiguous: the first two are kept.
	three := strings.Replace(src, "room id=landing at (4000,3000) size 2000x1000", "room id=landing at (4000,1000) size 2000x2000", 1)
	e := Describe([]byte(three), DescribeOptions{}).Facts.Access.Edges[1]
	if e.DoorID != "d2" || e.Between != [2]string{"box", "box2"} || !e.Ambiguous || e.Exterior {
		t.Errorf("three rooms at d2: %+v", e)
	}
}

// TestDescribeBBoxArcs pins the two extents against the reference: bbox
// spans the wall and room vertices only, so an arc bulging past its end
// points widens bbox_outer (the drawn faces) but not bbox.
func TestDescribeBBoxArcs(t *testing.T) {
	for _, c := range []struct {
		arc              string
		w, h, outW, outH float64
	}{
		{"arc (4000,4000) radius 2000 cw", 4000, 4000, 6200, 4200}, // bulges out
		{"arc (4000,4000) radius 2000", 4000, 4000, 4200, 4200},    // bulges in
	} {
		src := "plan \"A\" {\n  units mm\n  wall id=w exterior thickness 200 { (0,0) (4000,0) " + c.arc + " (0,4000) close }\n  room id=a at (0,0) size 4000x4000\n}\n"
		f := Describe([]byte(src), DescribeOptions{}).Facts
		if f.BBox.W != c.w || f.BBox.H != c.h || f.BBoxOuter.W != c.outW || f.BBoxOuter.H != c.outH {
			t.Errorf("%s: bbox %+v outer %+v, want %gx%g and %gx%g", c.arc, f.BBox, f.BBoxOuter, c.w, c.h, c.outW, c.outH)
		}
	}
}

// TestDescribeRectNeighbours pins which rooms describe lists as adjacent,
// against the reference: two rectangles are neighbours only across facing
// sides (so rectangles stacked on one another are not), while a polygon
// room on a rectangle shares any parallel run.
func TestDescribeRectNeighbours(t *testing.T) {
	for _, c := range []struct {
		b    string
		want bool
	}{
		{"at (4000,0) size 4000x3000", true},
		{"at (3900,0) size 4000x3000", true}, // 100 mm into it: within the tolerance
		{"at (4100,0) size 4000x3000", true},
		{"at (0,2900) size 2000x2000", true},
		{"at (1000,0) size 4000x3000", false}, // on top of it
		{"at (0,0) size 4000x3000", false},
		{"at (4000,3000) size 2000x2000", false}, // corners touch
		{"polygon (1000,0) (1000,3000) (5000,3000) (5000,0)", true},
	} {
		src := "plan \"P\" {\n  units mm\n  room id=a at (0,0) size 4000x3000\n  room id=b " + c.b + "\n}\n"
		f := Describe([]byte(src), DescribeOptions{}).Facts
		if got := len(f.Rooms) == 2 && len(f.Rooms[0].Adjacent) == 1; got != c.want {
			t.Errorf("b %s: adjacent %v, want %v", c.b, got, c.want)
		}
	}
}
