package caddymodule

import (
	"bytes"
	"image/png"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/archlang-go/caddy-archlang/core"
	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/payload"
)

const pngPlan = "plan \"P\" {\n  wall exterior thickness 200 { (0,0) (4000,0) (4000,3000) (0,3000) close }\n  room at (0,0) size 4000x3000 label \"Studio\"\n}\n"

// pngWidthOf decodes a PNG body and returns its width (0 when it is not a
// PNG).
func pngWidthOf(t *testing.T, body []byte) int {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(body))
	if err != nil {
		return 0
	}
	return img.Bounds().Dx()
}

// TestPNGRouteCaches checks that a cache hit and a 304 rasterise nothing,
// and that the width is part of the cache key.
func TestPNGRouteCaches(t *testing.T) {
	h := newHandler(t, nil)
	p := payload.Encode([]byte(pngPlan))
	w, _ := serve(t, h, httptest.NewRequest(http.MethodGet, "/png/"+p, nil))
	if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "image/png" || pngWidthOf(t, w.Body.Bytes()) != DefaultPNGWidth {
		t.Fatalf("GET /png/: %d %v", w.Code, w.Header())
	}
	if h.rasters.Load() != 1 || h.renders.Load() != 1 {
		t.Fatalf("rasters %d, renders %d after one miss", h.rasters.Load(), h.renders.Load())
	}
	w2, _ := serve(t, h, httptest.NewRequest(http.MethodGet, "/png/"+p, nil))
	if !bytes.Equal(w2.Body.Bytes(), w.Body.Bytes()) || h.rasters.Load() != 1 || h.renders.Load() != 1 {
		t.Errorf("a hit rasterised (rasters %d) or compiled (renders %d) again, or changed bytes", h.rasters.Load(), h.renders.Load())
	}
	r := httptest.NewRequest(http.MethodGet, "/png/"+p, nil)
	r.Header.Set("If-None-Match", w.Header().Get("ETag"))
	if w3, _ := serve(t, h, r); w3.Code != http.StatusNotModified || h.rasters.Load() != 1 {
		t.Errorf("If-None-Match: %d, rasters %d", w3.Code, h.rasters.Load())
	}
	w4, _ := serve(t, h, httptest.NewRequest(http.MethodGet, "/png/"+p+"?width=300", nil))
	if pngWidthOf(t, w4.Body.Bytes()) != 300 || h.rasters.Load() != 2 || w4.Header().Get("ETag") == w.Header().Get("ETag") {
		t.Errorf("?width=300: width %d, rasters %d", pngWidthOf(t, w4.Body.Bytes()), h.rasters.Load())
	}
	if got, want := w4.Header().Get("Content-Location"), "/v/"+core.RenderVersion()+"/png/"+p+"?width=300"; got != want {
		t.Errorf("Content-Location %q, want %q", got, want)
	}
}

func TestPNGWidthParameter(t *testing.T) {
	h := newHandler(t, func(h *Handler) { h.PNGWidth, h.PNGMaxWidth = 400, 600 })
	p := payload.Encode([]byte(pngPlan))
	for _, tt := range []struct {
		query  string
		status int
		width  int
	}{
		{"", http.StatusOK, 400},
		{"?width=500", http.StatusOK, 500},
		{"?width=9000", http.StatusOK, 600},
		{"?width=1", http.StatusOK, 16},
		{"?width=0", http.StatusBadRequest, 400},
		{"?width=-3", http.StatusBadRequest, 400},
		{"?width=wide", http.StatusBadRequest, 400},
		{"?width=1e3", http.StatusBadRequest, 400},
		{"?width=5&width=6", http.StatusBadRequest, 400},
		{"?other=1", http.StatusOK, 400},
	} {
		w, _ := serve(t, h, httptest.NewRequest(http.MethodGet, "/png/"+p+tt.query, nil))
		if w.Code != tt.status || pngWidthOf(t, w.Body.Bytes()) != tt.width || w.Header().Get("Content-Type") != "image/png" {
			t.Errorf("%q: %d, width %d; want %d, width %d", tt.query, w.Code, pngWidthOf(t, w.Body.Bytes()), tt.status, tt.width)
		}
		if tt.status != http.StatusOK && w.Header().Get("Cache-Control") != cacheRefusal {
			t.Errorf("%q: Cache-Control %q", tt.query, w.Header().Get("Cache-Control"))
		}
	}
}

// TestPNGRouteRefusesOverdrawnDrawing: a small plan whose drawing paints
// the image over and over (beds stacked on one spot, 105 s to rasterise
// before the work bound) is answered, quickly, with the error card of its
// E_RANGE_LIMIT refusal, not a 500.
func TestPNGRouteRefusesOverdrawnDrawing(t *testing.T) {
	h := newHandler(t, nil)
	p := payload.Encode([]byte("plan \"hostile\" {\n  for i in 0..800 { furniture bed at (100,100) size 1000x2000 }\n}\n"))
	start := time.Now()
	w, _ := serve(t, h, httptest.NewRequest(http.MethodGet, "/png/"+p+"?width=2048", nil))
	if el := time.Since(start); el > 10*time.Second {
		t.Errorf("took %v", el)
	}
	want := h.errorPNG([]diag.JSON{diag.ToJSON(nil, compile.PNGTooComplex())}, 2048)
	if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "image/png" || !bytes.Equal(w.Body.Bytes(), want) {
		t.Fatalf("GET /png/ of an overdrawn plan: %d %v, %d bytes; want the refusal's error card (%d bytes)", w.Code, w.Header(), w.Body.Len(), len(want))
	}
}
