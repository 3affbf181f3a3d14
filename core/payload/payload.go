// Package payload encodes a plan's source as the playground's #z= payload:
// the source compressed with raw DEFLATE (RFC 1951, no zlib or gzip header)
// and written in unpadded base64url (RFC 4648 §5). The same payload names a
// plan in a playground link and in an /svg/ image URL.
//
// Decode is the side that faces untrusted input: it accepts the payload with
// or without padding, and it stops inflating at a caller-given cap, so a
// small payload that would inflate enormously costs at most the cap.
package payload

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Errors returned by Decode, tested with errors.Is.
var (
	// ErrTooLarge means the payload inflates past the cap given to Decode
	// (or its encoded length alone already implies it would).
	ErrTooLarge = errors.New("payload: inflated size over the cap")
	// ErrBase64 means the payload is not base64url text.
	ErrBase64 = errors.New("payload: not valid base64url")
	// ErrDeflate means the bytes are not a complete raw DEFLATE stream.
	ErrDeflate = errors.New("payload: not a valid raw deflate stream")
)

// Encode compresses src with raw DEFLATE at the best compression level and
// returns it as unpadded base64url. It is deterministic: the same source
// always gives the same payload.
func Encode(src []byte) string {
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil { // only for an invalid level, which BestCompression is not
		panic(err)
	}
	_, _ = w.Write(src) // writes to a bytes.Buffer do not fail
	_ = w.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// Decode reverses Encode. It accepts base64url with or without '=' padding.
// It inflates at most maxInflated bytes: a stream that would produce more
// returns ErrTooLarge after reading no further than maxInflated+1 bytes of
// output. A maxInflated of zero or less means no cap.
//
// Errors wrap ErrTooLarge, ErrBase64 or ErrDeflate.
func Decode(p string, maxInflated int64) ([]byte, error) {
	p = strings.TrimRight(p, "=")
	raw, err := base64.RawURLEncoding.DecodeString(p)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBase64, err)
	}
	r := flate.NewReader(bytes.NewReader(raw))
	defer r.Close()
	var src io.Reader = r
	if maxInflated > 0 {
		src = io.LimitReader(r, maxInflated+1)
	}
	out, err := io.ReadAll(src)
	if maxInflated > 0 && int64(len(out)) > maxInflated {
		return nil, fmt.Errorf("%w (%d bytes)", ErrTooLarge, maxInflated)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrDeflate, err)
	}
	return out, nil
}

// MaxEncodedLen is the longest payload that could inflate to at most
// maxInflated bytes: a caller can refuse a longer one without decoding it.
// DEFLATE's stored blocks cost 5 bytes per 65535, so a stream of n bytes
// never needs more than n + 5*(n/65535+1) + 2 bytes (with slack), and
// base64 turns 3 bytes into 4.
func MaxEncodedLen(maxInflated int64) int64 {
	if maxInflated <= 0 {
		return -1
	}
	deflated := maxInflated + 5*(maxInflated/65535+1) + 16
	return (deflated*4+2)/3 + 2 // +2 for padding we tolerate
}
