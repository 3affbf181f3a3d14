package intent

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"sort"
	"strconv"
)

// Limits on an intent document.
const (
	// MaxDepth bounds the nesting of a decoded document (encoding/json's
	// own limit); deeper text is treated as not JSON.
	MaxDepth = 10000
)

// kind is the JSON type of a value.
type kind int

const (
	kNull kind = iota
	kBool
	kNumber
	kString
	kArray
	kObject
)

// value is a decoded JSON value with the semantics JSON.parse gives it: an
// object keeps one entry per key (the last value wins, the first position
// stays), its keys in JavaScript property order (array-index keys first,
// ascending, then the others in insertion order); numbers are float64
// (overflow is ±Inf).
type value struct {
	kind  kind
	b     bool
	num   float64
	str   string
	arr   []*value
	keys  []string
	props map[string]*value
}

// get returns an object's property and whether it exists.
func (v *value) get(k string) (*value, bool) {
	if v == nil || v.kind != kObject {
		return nil, false
	}
	p, ok := v.props[k]
	return p, ok
}

// isObject reports a plain object (not null, not an array).
func (v *value) isObject() bool { return v != nil && v.kind == kObject }

var errDepth = errors.New("intent: document nested too deeply")

// parseValue decodes one JSON document.
func parseValue(raw []byte) (*value, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := readValue(dec, 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("intent: trailing data after the document")
	}
	return v, nil
}

func readValue(dec *json.Decoder, depth int) (*value, error) {
	if depth > MaxDepth {
		return nil, errDepth
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case nil:
		return &value{kind: kNull}, nil
	case bool:
		return &value{kind: kBool, b: t}, nil
	case json.Number:
		f, err := strconv.ParseFloat(string(t), 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return nil, err
		}
		return &value{kind: kNumber, num: f}, nil
	case string:
		return &value{kind: kString, str: t}, nil
	case json.Delim:
		if t == '[' {
			v := &value{kind: kArray, arr: []*value{}}
			for dec.More() {
				e, err := readValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				v.arr = append(v.arr, e)
			}
			_, err := dec.Token()
			return v, err
		}
		v := &value{kind: kObject, props: map[string]*value{}}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			k, _ := kt.(string)
			e, err := readValue(dec, depth+1)
			if err != nil {
				return nil, err
			}
			if _, dup := v.props[k]; !dup {
				v.keys = append(v.keys, k)
			}
			v.props[k] = e
		}
		if _, err := dec.Token(); err != nil {
			return nil, err
		}
		v.keys = jsKeyOrder(v.keys)
		return v, nil
	}
	return nil, errors.New("intent: unexpected token")
}

// jsKeyOrder orders keys as JavaScript enumerates an object's own
// properties: canonical array indices (0 … 2³²−2) ascending, then every
// other key in insertion order.
func jsKeyOrder(keys []string) []string {
	var idx, rest []string
	for _, k := range keys {
		if _, ok := arrayIndex(k); ok {
			idx = append(idx, k)
		} else {
			rest = append(rest, k)
		}
	}
	if len(idx) == 0 {
		return keys
	}
	sort.SliceStable(idx, func(i, j int) bool {
		a, _ := arrayIndex(idx[i])
		b, _ := arrayIndex(idx[j])
		return a < b
	})
	return append(idx, rest...)
}

// arrayIndex parses a canonical array-index key.
func arrayIndex(k string) (uint64, bool) {
	if k == "" || len(k) > 10 || (len(k) > 1 && k[0] == '0') {
		return 0, false
	}
	n, err := strconv.ParseUint(k, 10, 64)
	if err != nil || n > math.MaxUint32-1 {
		return 0, false
	}
	return n, true
}
