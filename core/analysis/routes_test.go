package analysis_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/geom"
	"github.com/archlang-go/caddy-archlang/core/plangen"
)

// manyBedrooms is a row of bedrooms off a corridor with one bathroom at
// the end: every route leads to the same bath.
func manyBedrooms(n int) []byte {
	var b strings.Builder
	w := n*3000 + 3000
	fmt.Fprintf(&b, "plan \"Row\" {\n  units mm\n  wall exterior thickness 200 { (0,0) (%d,0) (%d,6000) (0,6000) close }\n", w, w)
	fmt.Fprintf(&b, "  wall id=c partition thickness 100 { (0,3000) (%d,3000) }\n", w)
	fmt.Fprintf(&b, "  room id=hall at (0,3000) size %dx3000 label \"Hall\"\n  door at (1500,6000) width 900 wall exterior\n", w)
	for i := range n {
		fmt.Fprintf(&b, "  wall partition thickness 100 { (%d,0) (%d,3000) }\n", (i+1)*3000, (i+1)*3000)
		fmt.Fprintf(&b, "  room id=b%d at (%d,0) size 3000x3000 label \"Bedroom %d\"\n", i, i*3000, i)
		fmt.Fprintf(&b, "  door at (%d,3000) width %d wall c\n", i*3000+1500, 700+10*i)
		fmt.Fprintf(&b, "  furniture bed at (%d,300) size 1400x2000\n", i*3000+200)
	}
	fmt.Fprintf(&b, "  room id=bath at (%d,0) size 3000x3000 label \"Bath\"\n  door at (%d,3000) width 800 wall c\n}\n", n*3000, n*3000+1500)
	return []byte(b.String())
}

// TestRouteWidthsEitherWay: a route's width is the same whether it is
// found by a forward search from its room that stops at the destination or
// read off one reverse search shared by every route to it.
func TestRouteWidthsEitherWay(t *testing.T) {
	plans := [][]byte{manyBedrooms(12), manyBedrooms(3), plangen.Grid(4, 3), plangen.Grid(6, 5), plangen.GridOfSize(16 << 10), plangen.GridOfSize(32 << 10)}
	// Routes that set out from a room whose floor furniture splits, and
	// walks into a room whose target is cut off from its nearest door.
	for _, name := range []string{"circ-fromroom", "circ-roomgoal", "circ-threshold", "circ-walls"} {
		src, err := os.ReadFile("testdata/" + name + ".arch")
		if err != nil {
			t.Fatal(err)
		}
		plans = append(plans, src)
	}
	for i, src := range plans {
		describe := func() string {
			r := compile.Describe(src, compile.DescribeOptions{})
			if !r.Facts.OK {
				t.Fatalf("plan %d does not compile: %v", i, r.Diagnostics)
			}
			b, _ := json.Marshal(r.Facts.Circulation)
			return string(b)
		}
		all := describe()
		restoreSearch := analysis.SetSearchRoutes(true)
		restore := analysis.SetSharedLegs(1 << 30)
		forward := describe()
		analysis.SetSharedLegs(1)
		shared := describe()
		restore()
		restoreSearch()
		if forward != shared {
			t.Errorf("plan %d: route widths differ between the two searches:\n%s\n%s", i, forward, shared)
		}
		if all != forward {
			t.Errorf("plan %d: route widths measured all at once differ from the searches':\n%s\n%s", i, all, forward)
		}
		if !strings.Contains(forward, `"routes":[{`) {
			t.Errorf("plan %d: no routes measured: %s", i, forward)
		}
	}
}

// TestNearestOpenRings: looking outward ring by ring finds the cell a
// scan of every cell of the room finds, ties included, for points inside,
// on the edge of and far outside the rooms.
func TestNearestOpenRings(t *testing.T) {
	for _, src := range [][]byte{plangen.Grid(3, 2), manyBedrooms(4)} {
		r := compile.Describe(src, compile.DescribeOptions{})
		p := r.Plan
		if p == nil {
			t.Fatal("no plan")
		}
		checked := 0
		for ri := range p.Rooms {
			b := p.Rooms[ri].Polygon.Bounds()
			for _, q := range []geom.Point{b.Center(), b.Min, b.Max, {X: b.Min.X - 5000, Y: b.Center().Y}, {X: b.Center().X, Y: b.Max.Y + 12345.5},
				{X: (b.Min.X + b.Max.X) / 2, Y: b.Min.Y + 1}, {X: b.Min.X + 0.5, Y: b.Max.Y - 0.5}} {
				rings, scan := analysis.NearestOpenBothWays(p, q, ri)
				if rings != scan {
					t.Errorf("room %d, point %v: rings found cell %d, the scan %d", ri, q, rings, scan)
				}
				checked++
			}
		}
		if checked == 0 {
			t.Fatal("nothing checked")
		}
	}
}
