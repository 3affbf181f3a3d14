package raster_test

import (
	"bytes"
	"image/color"
	"image/png"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/plangen"
	"github.com/archlang-go/caddy-archlang/core/render/raster"
)

// svgOf compiles a plan and returns its SVG.
func svgOf(t testing.TB, src []byte) []byte {
	t.Helper()
	r := compile.Compile(src, compile.Options{})
	if !r.OK {
		t.Fatalf("plan does not compile: %v", r.Diagnostics)
	}
	return []byte(r.Output)
}

func TestPNGIsDeterministic(t *testing.T) {
	svg := svgOf(t, plangen.Grid(3, 2))
	a, err := raster.PNG(svg, raster.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := raster.PNG(svg, raster.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("two rasterisations of one SVG differ")
	}
	img, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds().Dx(); got != raster.DefaultWidth {
		t.Errorf("width %d, want %d", got, raster.DefaultWidth)
	}
}

func TestSize(t *testing.T) {
	for _, tc := range []struct {
		name         string
		vw, vh       float64
		width        int
		wantW, wantH int
	}{
		{"default", 200, 100, 0, raster.DefaultWidth, raster.DefaultWidth / 2},
		{"asked", 200, 100, 640, 640, 320},
		{"rounded height", 3, 1, 100, 100, 33},
		{"too narrow", 100, 100, 1, raster.MinWidth, raster.MinWidth},
		{"too wide", 100, 100, 1 << 20, 2896, 2896},
		{"tall", 1, 100, 1000, 163, 16300},
		{"very tall", 1, 100000, 1000, 1, 16384 / 16},
		{"degenerate", 0, 0, 500, 500, 500},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, h := raster.Size(tc.vw, tc.vh, tc.width)
			if tc.name == "very tall" {
				if h > raster.MaxHeight || w*h > raster.MaxPixels {
					t.Errorf("Size = %d×%d, over the caps", w, h)
				}
				return
			}
			if w != tc.wantW || h != tc.wantH {
				t.Errorf("Size(%v, %v, %d) = %d×%d, want %d×%d", tc.vw, tc.vh, tc.width, w, h, tc.wantW, tc.wantH)
			}
			if w*h > raster.MaxPixels || h > raster.MaxHeight {
				t.Errorf("%d×%d is over the caps", w, h)
			}
		})
	}
}

func TestDrawsTheSubset(t *testing.T) {
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<defs><pattern id="p" patternUnits="userSpaceOnUse" width="10" height="10"><rect width="10" height="10" fill="#00ff00"/></pattern></defs>
<rect x="0" y="0" width="50" height="50" fill="#ff0000"/>
<polygon points="50,0 100,0 100,50 50,50" fill="url(#p)"/>
<line x1="0" y1="75" x2="100" y2="75" stroke="#0000ff" stroke-width="10"/>
<path d="M 60,60 L 90,60 L 90,90 Z" fill="#000000"/>
<circle cx="20" cy="90" r="5" fill="none" stroke="#000000" stroke-width="1"/>
<text x="50" y="95" font-size="8" text-anchor="middle" dominant-baseline="central">Ok &amp; m²</text>
</svg>`)
	img, err := raster.Image(svg, raster.Options{Width: 100})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		x, y int
		want color.RGBA
	}{
		{25, 25, color.RGBA{255, 0, 0, 255}},
		{75, 25, color.RGBA{0, 255, 0, 255}},
		{50, 75, color.RGBA{0, 0, 255, 255}},
		{85, 70, color.RGBA{0, 0, 0, 255}},
		{65, 85, color.RGBA{255, 255, 255, 255}},
		{20, 90, color.RGBA{255, 255, 255, 255}},
	} {
		if got := img.RGBAAt(tc.x, tc.y); got != tc.want {
			t.Errorf("pixel (%d,%d) = %v, want %v", tc.x, tc.y, got, tc.want)
		}
	}
	inked := 0
	for y := 91; y < 99; y++ {
		for x := 30; x < 70; x++ {
			if img.RGBAAt(x, y).R < 128 {
				inked++
			}
		}
	}
	if inked < 10 {
		t.Errorf("the label inked %d pixels; want some", inked)
	}
}

func TestRefusesWhatIsNotADrawing(t *testing.T) {
	for _, in := range []string{"", "not xml", "<html/>", `<svg xmlns="http://www.w3.org/2000/svg"/>`, `<svg viewBox="0 0 0 10"/>`} {
		if _, err := raster.PNG([]byte(in), raster.Options{}); err == nil {
			t.Errorf("PNG(%q) drew something", in)
		}
	}
}

func TestStop(t *testing.T) {
	svg := svgOf(t, plangen.Grid(4, 4))
	if _, err := raster.PNG(svg, raster.Options{Stop: func() bool { return true }}); err != raster.ErrStopped {
		t.Fatalf("err = %v, want ErrStopped", err)
	}
}

func TestErrorDrawing(t *testing.T) {
	svg := compile.ErrorDrawing(nil)
	if _, err := raster.PNG(svg, raster.Options{}); err != nil {
		t.Fatal(err)
	}
}

func FuzzPNG(f *testing.F) {
	f.Add([]byte(`<svg viewBox="0 0 10 10"><rect width="5" height="5"/></svg>`))
	f.Add([]byte(`<svg viewBox="0 0 10 10"><path d="M 1,1 A 3 3 0 0 1 5,5 Z" stroke="#000" stroke-dasharray="1 2"/></svg>`))
	f.Add([]byte(`<svg viewBox="-5 -5 10 10"><text x="0" y="0" transform="rotate(30 0 0)">x</text></svg>`))
	f.Fuzz(func(t *testing.T, svg []byte) {
		_, _ = raster.PNG(svg, raster.Options{Width: 64})
	})
}

// BenchmarkPNG rasterises an ordinary plan (a 3×2 grid of furnished
// rooms) at the default width and encodes it.
func BenchmarkPNG(b *testing.B) {
	svg := svgOf(b, plangen.Grid(3, 2))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := raster.PNG(svg, raster.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
