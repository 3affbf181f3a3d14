package payload

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
)

// Vectors made with an independent encoder (Python's zlib, wbits=-15, level 9,
// urlsafe base64), so Decode is checked against bytes Encode did not write.
var vectors = []struct {
	payload string
	src     string
}{
	{"K8hJzFNQCsnMq1RSqOZSUCjKz89VyM4sSc5IBYp7QxhKCoklChoGOgaaCsWZVakKGsYGBgY6RqYGBppctVwA",
		"plan \"Tiny\" {\n  room kitchen \"Kitchen\" at (0,0) size (3000,2500)\n}\n"},
	{"K8hJzFNQclRSqK7lAgA=", "plan \"A\" {}\n"},
	{"K8hJzFNQclRSqK7lAgA", "plan \"A\" {}\n"},
	{"K8hJzFNQckpSUqhWqOUCAA==", "plan \"Bb\" { }\n"},
	{"K8hJzFNQckpSUqhWqOUCAA", "plan \"Bb\" { }\n"},
}

func TestDecodeVectors(t *testing.T) {
	for _, v := range vectors {
		got, err := Decode(v.payload, 1<<16)
		if err != nil {
			t.Errorf("Decode(%q): %v", v.payload, err)
			continue
		}
		if string(got) != v.src {
			t.Errorf("Decode(%q) = %q, want %q", v.payload, got, v.src)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	for _, src := range []string{
		"",
		"plan \"x\" {}",
		"plan \"ünïcødé — 49 m²\" {\n  room a \"Å\" at (0,0) size (1,1)\n}\n",
		strings.Repeat("room r at (0,0) size (100,100)\n", 2000),
		string([]byte{0, 1, 2, 255, 254}),
	} {
		p := Encode([]byte(src))
		if strings.ContainsAny(p, "+/=") {
			t.Errorf("Encode gave non-base64url or padded text: %q", p)
		}
		got, err := Decode(p, 1<<20)
		if err != nil {
			t.Fatalf("Decode(Encode(%.20q)): %v", src, err)
		}
		if string(got) != src {
			t.Errorf("round trip changed %.20q", src)
		}
		if Encode([]byte(src)) != p {
			t.Errorf("Encode is not deterministic")
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	bomb := Encode(bytes.Repeat([]byte{'a'}, 1<<20)) // 1 MiB of 'a' is ~1 KB encoded
	tests := []struct {
		name    string
		payload string
		max     int64
		want    error
	}{
		{"bad alphabet", "ab+/cd", 100, ErrBase64},
		{"bad length", "a", 100, ErrBase64},
		{"space", "K8hJ zFNQ", 100, ErrBase64},
		{"empty", "", 100, ErrDeflate},
		{"not deflate", base64.RawURLEncoding.EncodeToString([]byte{0xff, 0xff, 0xff}), 100, ErrDeflate},
		{"truncated", vectors[0].payload[:20], 100, ErrDeflate},
		{"over cap", vectors[0].payload, 10, ErrTooLarge},
		{"bomb", bomb, 64 << 10, ErrTooLarge},
	}
	for _, tt := range tests {
		_, err := Decode(tt.payload, tt.max)
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: Decode error = %v, want %v", tt.name, err, tt.want)
		}
	}
}

func TestDecodeAtCap(t *testing.T) {
	src := bytes.Repeat([]byte("z"), 1000)
	p := Encode(src)
	if _, err := Decode(p, 1000); err != nil {
		t.Errorf("exactly at the cap: %v", err)
	}
	if _, err := Decode(p, 999); !errors.Is(err, ErrTooLarge) {
		t.Errorf("one byte over the cap: %v", err)
	}
	if got, err := Decode(p, 0); err != nil || len(got) != 1000 {
		t.Errorf("no cap: %d bytes, %v", len(got), err)
	}
}

func TestMaxEncodedLen(t *testing.T) {
	// Incompressible input is the worst case for the encoded length.
	src := make([]byte, 64<<10)
	x := uint32(1)
	for i := range src {
		x = x*1664525 + 1013904223
		src[i] = byte(x >> 24)
	}
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.NoCompression)
	w.Write(src)
	w.Close()
	p := base64.URLEncoding.EncodeToString(buf.Bytes())
	if int64(len(p)) > MaxEncodedLen(int64(len(src))) {
		t.Errorf("stored payload of %d bytes is %d long, over MaxEncodedLen %d", len(src), len(p), MaxEncodedLen(int64(len(src))))
	}
	if MaxEncodedLen(0) != -1 {
		t.Errorf("MaxEncodedLen(0) should mean no bound")
	}
}

func FuzzDecode(f *testing.F) {
	for _, v := range vectors {
		f.Add(v.payload)
	}
	f.Add("")
	f.Add("====")
	f.Add(Encode(bytes.Repeat([]byte{'a'}, 100000)))
	f.Fuzz(func(t *testing.T, p string) {
		const max = 4096
		out, err := Decode(p, max)
		if err == nil {
			if len(out) > max {
				t.Fatalf("Decode returned %d bytes past the cap %d", len(out), max)
			}
			if q := Encode(out); q == "" && len(out) > 0 {
				t.Fatalf("Encode of decoded bytes is empty")
			}
			back, err := Decode(Encode(out), max)
			if err != nil || !bytes.Equal(back, out) {
				t.Fatalf("re-encode round trip failed: %v", err)
			}
			return
		}
		if !errors.Is(err, ErrTooLarge) && !errors.Is(err, ErrBase64) && !errors.Is(err, ErrDeflate) {
			t.Fatalf("untyped error: %v", err)
		}
	})
}

var benchSrc = []byte(strings.Repeat("room kitchen \"Kitchen\" at (0,0) size (3000,2500)\n", 200))

func BenchmarkEncode(b *testing.B) {
	b.SetBytes(int64(len(benchSrc)))
	for b.Loop() {
		Encode(benchSrc)
	}
}

func BenchmarkDecode(b *testing.B) {
	p := Encode(benchSrc)
	b.SetBytes(int64(len(benchSrc)))
	for b.Loop() {
		if _, err := Decode(p, 64<<10); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeBomb(b *testing.B) {
	p := Encode(bytes.Repeat([]byte{'a'}, 1<<30/1024)) // 1 MiB
	for b.Loop() {
		if _, err := Decode(p, 64<<10); !errors.Is(err, ErrTooLarge) {
			b.Fatal(err)
		}
	}
}
