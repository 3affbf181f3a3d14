// Package raster draws the SVG that core/render/svg writes as a PNG, in
// pure Go: golang.org/x/image/vector fills the shapes and
// golang.org/x/image/font/sfnt reads the embedded Roboto Regular for the
// labels. It understands exactly the subset of SVG that the writer emits
// (svg with a viewBox, defs and userSpaceOnUse patterns, g, rect, line,
// polygon, path with M/L/A/Z, circle and text, with fill, stroke,
// stroke-width, stroke-dasharray, stroke-linecap, stroke-linejoin,
// stroke-miterlimit, font-size, text-anchor, dominant-baseline and rotate
// transforms); anything else is skipped, never guessed at. The output is
// deterministic: the same SVG and width give the same bytes.
package raster

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"math"
)

// Limits of one rasterisation.
const (
	// DefaultWidth is the width, in pixels, of a PNG when none is asked for.
	DefaultWidth = 1000
	// MinWidth is the narrowest PNG drawn; a smaller width is raised to it.
	MinWidth = 16
	// MaxWidth is the widest PNG drawn; a larger width is lowered to it.
	MaxWidth = 4096
	// MaxPixels caps the pixel count (width × height) of one PNG, which
	// bounds its memory (4 bytes a pixel while drawing) and its time. A
	// drawing that would exceed it at the asked width is drawn narrower,
	// keeping its proportions.
	MaxPixels = 8 << 20
	// MaxHeight caps the height of one PNG: a taller drawing is drawn
	// narrower, and one that would still be too tall one pixel wide is
	// squeezed.
	MaxHeight = 16384
	// WorkPerPixel and MinWork bound the drawing work of one image: at
	// most WorkPerPixel times its pixels, and never less than MinWork.
	// Work is counted in operations of about 1 to 4 ns each here: each
	// image costs its pixels twice over (filled white, then encoded),
	// each filled shape every sub-row its edges cross, every pixel of its
	// sub-rows and rows, and a share for each vertex, each hairline the
	// pixels along it. Past the bound the rasterisation ends with
	// ErrTooComplex. Without one, 800 beds stacked on one spot, each drawn
	// over the whole of a 4096-pixel-wide image, took 105 s. The plans of
	// the 650-plan test corpus use at most 23 operations a pixel (at 1000
	// and at 4096 pixels wide) and at most 155 million; the bounds leave
	// room above both and keep any image to well under a second: about
	// 32 million operations at 1000 pixels wide, 268 million at the
	// largest.
	WorkPerPixel = 32
	MinWork      = 32 << 20
	// MaxWork is the most work any one image may take: WorkPerPixel
	// times MaxPixels.
	MaxWork = WorkPerPixel * MaxPixels
)

// ErrTooComplex is returned when a rasterisation would take more than its
// work budget (MaxWork, or what Options.Budget has left).
var ErrTooComplex = errors.New("raster: the drawing has more to paint than the work budget allows")

// ErrNotDrawing is returned for input that is not an SVG document with a
// usable viewBox.
var ErrNotDrawing = errors.New("raster: not an SVG drawing with a viewBox")

// ErrStopped is returned when Options.Stop asked to stop.
var ErrStopped = errors.New("raster: stopped")

// Options tune a rasterisation.
type Options struct {
	// Width is the PNG's width in pixels; 0 means DefaultWidth. It is
	// clamped to [MinWidth, MaxWidth] and lowered further if the drawing's
	// height would take the image past MaxPixels or MaxHeight.
	Width int
	// Stop, when set, is polled between elements; once it reports true
	// the rasterisation ends with ErrStopped.
	Stop func() bool
	// Budget, when set, is the work (see WorkPerPixel) left for this
	// rasterisation and any others given the same counter, as the pages
	// of one plan are; it is spent as the image is drawn, within the
	// image's own bound.
	Budget *int64
}

// Width is the width asked for, as Size starts from it: 0 (or less) means
// DefaultWidth, and the result is within [MinWidth, MaxWidth]. Size may
// still lower it for a tall drawing.
func Width(asked int) int {
	if asked <= 0 {
		return DefaultWidth
	}
	return min(max(asked, MinWidth), MaxWidth)
}

// Size returns the pixel size at which a drawing whose viewBox is vw × vh
// user units is drawn for the asked width (see Options.Width).
func Size(vw, vh float64, width int) (w, h int) {
	width = Width(width)
	if !(vw > 0) || !(vh > 0) || math.IsInf(vw, 0) || math.IsInf(vh, 0) {
		return width, width
	}
	ratio := vh / vw
	hOf := func(w int) int { return max(1, int(math.Round(float64(w)*ratio))) }
	for width > 1 && (hOf(width) > MaxHeight || width*hOf(width) > MaxPixels) {
		// Shrink proportionally, then step down for rounding.
		f := math.Sqrt(float64(MaxPixels) / (float64(width) * float64(hOf(width))))
		if hh := float64(hOf(width)); hh > MaxHeight {
			f = math.Min(f, float64(MaxHeight)/hh)
		}
		nw := int(float64(width) * f)
		if nw >= width {
			nw = width - 1
		}
		width = max(1, nw)
	}
	// A sliver so thin that one pixel of width is still too tall is
	// squeezed to the cap.
	return width, min(hOf(width), MaxHeight)
}

// WorkFor is the work bound of an image width pixels wide (see Width)
// and as tall: what a caller sharing a budget between several images of
// that width (Options.Budget) may give each.
func WorkFor(width int) int64 {
	w := int64(Width(width))
	return min(max(MinWork, WorkPerPixel*min(w*w, MaxPixels)), MaxWork)
}

// Image draws svg, a document written by core/render/svg, on a white
// background.
func Image(svg []byte, opts Options) (*image.RGBA, error) {
	budget := opts.Budget
	if budget == nil {
		budget = new(int64)
		*budget = MaxWork
	}
	c := &canvas{stop: opts.Stop, width: opts.Width, budget: budget}
	c.scan.spend = c.spend
	if err := c.run(svg); err != nil {
		return nil, err
	}
	if c.over {
		return nil, ErrTooComplex
	}
	return c.img, nil
}

// PNG draws svg (see Image) and encodes it as a PNG.
func PNG(svg []byte, opts Options) ([]byte, error) {
	img, err := Image(svg, opts)
	if err != nil {
		return nil, err
	}
	return Encode(img)
}

// Encode writes img as a PNG: 8-bit RGB (every pixel the canvas draws is
// opaque), each row filtered by its difference from the row above (plans
// repeat rows a lot) and deflated at the fastest level. The encoding is
// fixed, so equal images give equal bytes.
func Encode(img *image.RGBA) ([]byte, error) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits a sample, RGB
	chunk(&out, "IHDR", ihdr[:])
	var idat bytes.Buffer
	zw, err := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	if err != nil {
		return nil, err
	}
	row := make([]byte, 1+3*w)
	prev := make([]byte, 3*w)
	cur := make([]byte, 3*w)
	for y := 0; y < h; y++ {
		src := img.Pix[img.PixOffset(b.Min.X, b.Min.Y+y):]
		for x := 0; x < w; x++ {
			cur[3*x], cur[3*x+1], cur[3*x+2] = src[4*x], src[4*x+1], src[4*x+2]
		}
		row[0] = 2 // filter: Up
		for i, v := range cur {
			row[1+i] = v - prev[i]
		}
		if _, err := zw.Write(row); err != nil {
			return nil, err
		}
		prev, cur = cur, prev
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	chunk(&out, "IDAT", idat.Bytes())
	chunk(&out, "IEND", nil)
	return out.Bytes(), nil
}

// chunk writes one PNG chunk: length, type, data, CRC of type and data.
func chunk(w *bytes.Buffer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	w.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	w.WriteString(typ)
	w.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	w.Write(n[:])
}
