package svg

import (
	"math"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/ir"
)

// TestBlankConfigValue checks that a blank theme or style value (resolve
// blanks an unsafe one) replaces the colour where the reference draws it
// empty, and leaves the colour alone where the reference does.
func TestBlankConfigValue(t *testing.T) {
	def := basePalettes[""]
	theme := func(k string) ir.Settings {
		return ir.Settings{ThemeEntries: []ir.KeyValue{{Key: k}}}
	}
	style := func(kind, k string) ir.Settings {
		return ir.Settings{Styles: []ir.Style{{Kind: kind, Entries: []ir.KeyValue{{Key: k}}}}}
	}
	tests := []struct {
		name string
		st   ir.Settings
		get  func(palette) string
		want string
	}{
		{"theme background", theme("background"), func(p palette) string { return p.bg }, ""},
		{"theme wall", theme("wall"), func(p palette) string { return p.wall + "|" + p.wallOutline }, "|"},
		{"theme wallFill", theme("wallFill"), func(p palette) string { return p.hatchFill }, ""},
		{"theme wallHatch", theme("wallHatch"), func(p palette) string { return p.hatchLine }, ""},
		{"theme room", theme("room"), func(p palette) string { return p.room }, ""},
		{"theme roomLabel", theme("roomLabel"), func(p palette) string { return p.roomLabel }, ""},
		{"theme areaLabel", theme("areaLabel"), func(p palette) string { return p.areaLabel }, ""},
		{"theme furniture", theme("furniture"), func(p palette) string { return p.furnFill }, ""},
		{"theme furnitureStroke", theme("furnitureStroke"), func(p palette) string { return p.furnLine }, ""},
		{"theme door", theme("door"), func(p palette) string { return p.door }, ""},
		{"theme window", theme("window"), func(p palette) string { return p.glass }, ""},
		{"theme annotation", theme("annotation"), func(p palette) string { return p.chrome }, ""},
		{"theme font", theme("font"), func(p palette) string { return p.font }, ""},
		{"style wall.stroke", style("wall", "stroke"), func(p palette) string { return p.wallOutline + "|" + p.wall }, "|" + def.wall},
		{"style room.fill", style("room", "fill"), func(p palette) string { return p.room }, ""},
		{"style room.label", style("room", "label"), func(p palette) string { return p.roomLabel }, ""},
		{"style furniture.fill", style("furniture", "fill"), func(p palette) string { return p.furnFill }, ""},
		{"style furniture.stroke", style("furniture", "stroke"), func(p palette) string { return p.furnLine }, ""},
		{"style wall.fill keeps", style("wall", "fill"), func(p palette) string { return p.hatchFill }, def.hatchFill},
		{"style door.stroke keeps", style("door", "stroke"), func(p palette) string { return p.door }, def.door},
		{"style window.stroke keeps", style("window", "stroke"), func(p palette) string { return p.glass }, def.glass},
		{"style dim.stroke keeps", style("dim", "stroke"), func(p palette) string { return p.dim }, def.dim},
		{"no entries", ir.Settings{}, func(p palette) string { return p.wallOutline }, def.wall},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.get(themeOf(tc.st)); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestStrokeOpt checks that a blank colour leaves the stroke off.
func TestStrokeOpt(t *testing.T) {
	if got := strokeOpt("", 2); got != "" {
		t.Errorf("blank: got %q", got)
	}
	if got, want := strokeOpt("#000", 2), ` stroke="#000" stroke-width="2"`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestStrokeMemo checks a renderer's memoised stroke attributes read as
// the package's stroke and strokeOpt build them, past the memo's bound.
func TestStrokeMemo(t *testing.T) {
	r := &renderer{}
	widths := []float64{0, 1, 2.5, 0.125, -3.14159, 1e13, math.NaN(), math.Inf(1)}
	for round := range 2 {
		for _, c := range []string{"#000", "", "none", "#a1b2c3"} {
			for i, w := range widths {
				w += float64(round * i)
				if got, want := r.stroke(c, w), stroke(c, w); got != want {
					t.Fatalf("r.stroke(%q, %v) = %q, want %q", c, w, got, want)
				}
				if got, want := r.strokeOpt(c, w), strokeOpt(c, w); got != want {
					t.Fatalf("r.strokeOpt(%q, %v) = %q, want %q", c, w, got, want)
				}
			}
		}
	}
}

// TestNumMemo checks numbers written through the memo read as num formats
// them, for repeated values, values sharing a slot, the non-finite and
// texts too long to keep.
func TestNumMemo(t *testing.T) {
	var memo numMemos
	vals := []float64{0, math.Copysign(0, -1), 1, -1, 0.005, 12.345, 17000, -35200, 1e300, -1.2345678901234567e-300,
		math.NaN(), math.Inf(1), math.Inf(-1), 123456789012.25, -987654321098.75, 1e15 + 0.5}
	for i := range 5000 {
		vals = append(vals, float64(i%700)*12.5-3000, float64(i)*0.01)
	}
	for round := range 3 {
		b := w{memo: &memo}
		var want []byte
		for _, v := range vals {
			b.num(v)
			want = append(want, num(v)...)
			b.byte(' ')
			want = append(want, ' ')
		}
		if b.String() != string(want) {
			t.Fatalf("round %d: memoised numbers differ from num", round)
		}
	}
}
