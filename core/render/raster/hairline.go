package raster

import (
	"image"
	"math"
)

// A stroke thinner than a device pixel is drawn as resvg draws it (after
// Skia's anti-aliased hairlines): a line one pixel wide whose opacity is
// the stroke's width, each step along its major axis shading the two
// pixels the line's centre falls between, in proportion, and its first and
// last steps by the part of the pixel the line covers. Coordinates go
// through the same 26.6 fixed point as Skia's, so the shades agree.

// maxHairSpan is the longest hairline drawn in one go (pixels along either
// axis); a longer one is halved, as Skia does to keep its fixed point in
// range.
const maxHairSpan = 511

// hairline draws the segment a→b (device pixels) into dst within clip.
func hairline(dst *image.RGBA, clip image.Rectangle, a, b pt, col [3]uint32, opacity float64) {
	x0, y0, x1, y1 := fdot6(a.X), fdot6(a.Y), fdot6(b.X), fdot6(b.Y)
	hairlineFixed(dst, clip, x0, y0, x1, y1, col, opacity, 0)
}

// fdot6 converts to 26.6 fixed point, truncating as Skia's conversion does.
func fdot6(v float64) int64 {
	v = math.Max(-1<<24, math.Min(1<<24, v))
	return int64(v * 64)
}

func hairlineFixed(dst *image.RGBA, clip image.Rectangle, x0, y0, x1, y1 int64, col [3]uint32, opacity float64, depth int) {
	if (abs64(x1-x0) > maxHairSpan*64 || abs64(y1-y0) > maxHairSpan*64) && depth < 32 {
		mx, my := (x0+x1)>>1, (y0+y1)>>1
		hairlineFixed(dst, clip, x0, y0, mx, my, col, opacity, depth+1)
		hairlineFixed(dst, clip, mx, my, x1, y1, col, opacity, depth+1)
		return
	}
	// plot blends one pixel; (u, v) are the major and minor coordinates.
	horizontal := abs64(x1-x0) > abs64(y1-y0)
	plot := func(major, minor int, alpha int64) {
		if alpha <= 0 {
			return
		}
		x, y := major, minor
		if !horizontal {
			x, y = minor, major
		}
		if !(image.Point{x, y}).In(clip) {
			return
		}
		k := float64(min(alpha, 255)) / 255 * opacity
		if k <= 0 {
			return
		}
		p := dst.Pix[dst.PixOffset(x, y):]
		for ch := 0; ch < 3; ch++ {
			p[ch] = uint8(float64(p[ch])*(1-k) + float64(col[ch])*k + 0.5)
		}
		p[3] = uint8(float64(p[3])*(1-k) + 255*k + 0.5)
	}
	// Work along the major axis u, the minor axis being v.
	u0, v0, u1, v1 := x0, y0, x1, y1
	if !horizontal {
		u0, v0, u1, v1 = y0, x0, y1, x1
	}
	if u0 > u1 {
		u0, v0, u1, v1 = u1, v1, u0, v0
	}
	istart, istop := floorDot6(u0), ceilDot6(u1)
	// fv is the minor coordinate (16.16) at the centre of the first step.
	fv := v0 << 10
	var slope int64
	if v0 != v1 && u1 != u0 {
		slope = ((v1 - v0) << 16) / (u1 - u0)
		fv += (slope*(32-(u0&63)) + 32) >> 6
	}
	var scaleStart, scaleStop int64
	if istop-istart == 1 {
		scaleStart, scaleStop = u1-u0, 0
	} else {
		scaleStart, scaleStop = 64-(u0&63), u1&63
	}
	// step shades one step: the pixel the centre is in and the one before.
	step := func(i int, fv int64, scale int64) {
		c := fv + 1<<15
		v := int(c >> 16)
		a := (c >> 8) & 0xff
		plot(i, v, (a*scale)>>6)
		plot(i, v-1, ((255-a)*scale)>>6)
	}
	i := istart
	if scaleStart > 0 && scaleStart < 64 {
		step(i, fv, scaleStart)
		fv += slope
		i++
	} else if scaleStart == 64 {
		// A step that starts on a pixel edge is a full one.
	}
	full := istop - i
	if scaleStop > 0 {
		full--
	}
	for n := 0; n < full; n++ {
		step(i, fv, 64)
		fv += slope
		i++
	}
	if scaleStop > 0 {
		step(istop-1, fv, scaleStop)
	}
}

func floorDot6(v int64) int { return int(v >> 6) }
func ceilDot6(v int64) int  { return int((v + 63) >> 6) }

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
