package raster_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/archlang-go/caddy-archlang/core/plangen"
	"github.com/archlang-go/caddy-archlang/core/render/raster"
)

// overdrawn is an SVG of n squares, each covering the whole drawing.
func overdrawn(n int) []byte {
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">`)
	for i := range n {
		fmt.Fprintf(&b, `<rect x="0" y="0" width="100" height="100" fill="#%06x"/>`, i*7919%0xffffff)
	}
	b.WriteString(`</svg>`)
	return []byte(b.String())
}

// TestWorkBudget: a drawing that paints its image over and over is
// refused once it has used its image's bound, quickly, at any width; an
// ordinary plan is drawn at the largest width with room to spare.
func TestWorkBudget(t *testing.T) {
	for _, width := range []int{raster.DefaultWidth, raster.MaxWidth} {
		start := time.Now()
		_, err := raster.PNG(overdrawn(5000), raster.Options{Width: width})
		if err != raster.ErrTooComplex {
			t.Fatalf("width %d: err = %v, want ErrTooComplex", width, err)
		}
		if el := time.Since(start); el > 5*time.Second {
			t.Errorf("width %d: refusing took %v", width, el)
		}
	}
	// A few coats are fine.
	if _, err := raster.PNG(overdrawn(4), raster.Options{Width: raster.MaxWidth}); err != nil {
		t.Fatalf("4 coats: %v", err)
	}
	b := int64(1 << 62)
	if _, err := raster.PNG(svgOf(t, plangen.Grid(6, 5)), raster.Options{Width: raster.MaxWidth, Budget: &b}); err != nil {
		t.Fatal(err)
	}
	// The test corpus's busiest plans use up to 58% of the bound at this
	// width; this grid is about as busy.
	if used := int64(1<<62) - b; used > raster.MaxWork*2/3 {
		t.Errorf("a 6×5 grid of furnished rooms used %d of the %d bound", used, raster.MaxWork)
	}
}

// TestWorkBudgetShared: images given one counter spend it together.
func TestWorkBudgetShared(t *testing.T) {
	svg := svgOf(t, plangen.Grid(3, 2))
	b := raster.WorkFor(raster.DefaultWidth)
	n := 0
	for ; n < 100; n++ {
		if _, err := raster.PNG(svg, raster.Options{Budget: &b}); err != nil {
			if err != raster.ErrTooComplex {
				t.Fatal(err)
			}
			break
		}
	}
	if n == 0 || n == 100 {
		t.Fatalf("%d images drew within one image's bound", n)
	}
}

func TestWorkFor(t *testing.T) {
	if got := raster.WorkFor(16); got != raster.MinWork {
		t.Errorf("WorkFor(16) = %d, want MinWork", got)
	}
	if got := raster.WorkFor(1 << 20); got != raster.MaxWork {
		t.Errorf("WorkFor(huge) = %d, want MaxWork", got)
	}
}
