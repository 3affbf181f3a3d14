package planjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/archlang-go/caddy-archlang/core/internal/numfmt"
)

// Kind is the JSON type of a Value. Undefined stands for a member that is
// absent, which the converter treats differently from an explicit null.
type Kind uint8

// The kinds of Value.
const (
	Undefined Kind = iota
	Null
	Bool
	Number
	String
	Array
	Object
)

// Value is one decoded JSON value. Objects keep their members in the
// order a JavaScript engine enumerates them (array-index keys ascending,
// then the other keys in first-insertion order), so findings about
// members come out in the order the reference reports them.
type Value struct {
	Kind Kind
	Bool bool
	Num  float64
	Str  string
	Arr  []Value
	// Keys and Vals are an object's members in enumeration order; a
	// repeated key keeps its first position and its last value.
	Keys []string
	Vals []Value
}

// Get returns the member k of an object, or an Undefined value when v is
// not an object or has no such member (as a property read does in
// JavaScript).
func (v Value) Get(k string) Value {
	if v.Kind != Object {
		return Value{}
	}
	for i, key := range v.Keys {
		if key == k {
			return v.Vals[i]
		}
	}
	return Value{}
}

// Defined reports whether the value is present (not Undefined).
func (v Value) Defined() bool { return v.Kind != Undefined }

// IsObject reports whether v is a JSON object (arrays and null are not).
func (v Value) IsObject() bool { return v.Kind == Object }

// IsNum reports whether v is a finite number: what the converter accepts
// where it expects a number.
func (v Value) IsNum() bool {
	return v.Kind == Number && !math.IsInf(v.Num, 0) && !math.IsNaN(v.Num)
}

// IsStr reports whether v is a string.
func (v Value) IsStr() bool { return v.Kind == String }

// Truthy is JavaScript truthiness.
func (v Value) Truthy() bool {
	switch v.Kind {
	case Bool:
		return v.Bool
	case Number:
		return v.Num != 0 && !math.IsNaN(v.Num)
	case String:
		return v.Str != ""
	case Array, Object:
		return true
	}
	return false
}

// Text is JavaScript's String(v): how a value reads when it is spliced
// into generated source.
func (v Value) Text() string {
	switch v.Kind {
	case Undefined:
		return "undefined"
	case Null:
		return "null"
	case Bool:
		return strconv.FormatBool(v.Bool)
	case Number:
		return numfmt.JS(v.Num)
	case String:
		return v.Str
	case Array:
		var b strings.Builder
		for i, e := range v.Arr {
			if i > 0 {
				b.WriteByte(',')
			}
			if e.Kind != Null && e.Kind != Undefined {
				b.WriteString(e.Text())
			}
		}
		return b.String()
	}
	return "[object Object]"
}

// errTooDeep is returned by Decode for a document nested deeper than MaxDepth.
var errTooDeep = fmt.Errorf("nested deeper than %d levels", MaxDepth)

// Decode parses one JSON document. Numbers beyond the float64 range
// become ±Infinity, as in JavaScript (the checks then refuse them where a
// number is expected); a repeated object key keeps its last value.
func Decode(raw []byte) (Value, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := decodeValue(dec, 0)
	if err != nil {
		return Value{}, decodeError(dec, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		if err == nil {
			err = errors.New("unexpected data after the top-level value")
		}
		return Value{}, decodeError(dec, err)
	}
	return v, nil
}

// decodeError adds the byte offset to a decoding error.
func decodeError(dec *json.Decoder, err error) error {
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("%v at byte %d", se, se.Offset)
	}
	return fmt.Errorf("%v at byte %d", err, dec.InputOffset())
}

func decodeValue(dec *json.Decoder, depth int) (Value, error) {
	tok, err := dec.Token()
	if err != nil {
		return Value{}, err
	}
	switch t := tok.(type) {
	case nil:
		return Value{Kind: Null}, nil
	case bool:
		return Value{Kind: Bool, Bool: t}, nil
	case string:
		return Value{Kind: String, Str: t}, nil
	case json.Number:
		f, err := strconv.ParseFloat(string(t), 64)
		var ne *strconv.NumError
		if err != nil && !(errors.As(err, &ne) && ne.Err == strconv.ErrRange) {
			return Value{}, err
		}
		return Value{Kind: Number, Num: f}, nil
	case json.Delim:
		if depth >= MaxDepth {
			return Value{}, errTooDeep
		}
		if t == '[' {
			v := Value{Kind: Array, Arr: []Value{}}
			for dec.More() {
				e, err := decodeValue(dec, depth+1)
				if err != nil {
					return Value{}, err
				}
				v.Arr = append(v.Arr, e)
			}
			_, err := dec.Token() // ]
			return v, err
		}
		v := Value{Kind: Object}
		index := map[string]int{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return Value{}, err
			}
			k, _ := kt.(string)
			e, err := decodeValue(dec, depth+1)
			if err != nil {
				return Value{}, err
			}
			if i, ok := index[k]; ok {
				v.Vals[i] = e
				continue
			}
			index[k] = len(v.Keys)
			v.Keys = append(v.Keys, k)
			v.Vals = append(v.Vals, e)
		}
		if _, err := dec.Token(); err != nil { // }
			return Value{}, err
		}
		orderKeys(&v)
		return v, nil
	}
	return Value{}, fmt.Errorf("unexpected token %v", tok)
}

// orderKeys moves array-index keys ("0", "7", "10") to the front in
// ascending numeric order, as JavaScript enumerates an object's keys.
func orderKeys(v *Value) {
	type member struct {
		k   string
		v   Value
		idx uint64
		is  bool
	}
	ms := make([]member, len(v.Keys))
	sawIndex := false
	for i, k := range v.Keys {
		n, ok := arrayIndex(k)
		ms[i] = member{k, v.Vals[i], n, ok}
		sawIndex = sawIndex || ok
	}
	if !sawIndex {
		return
	}
	sort.SliceStable(ms, func(i, j int) bool {
		a, b := ms[i], ms[j]
		if a.is != b.is {
			return a.is
		}
		return a.is && a.idx < b.idx
	})
	for i, m := range ms {
		v.Keys[i], v.Vals[i] = m.k, m.v
	}
}

// maxArrayIndex is the largest array index in JavaScript (2^32 - 2).
const maxArrayIndex = 1<<32 - 2

// arrayIndex reports whether k is the canonical decimal form of an array
// index, and its value.
func arrayIndex(k string) (uint64, bool) {
	if k == "" || len(k) > 10 || (len(k) > 1 && k[0] == '0') {
		return 0, false
	}
	n, err := strconv.ParseUint(k, 10, 64)
	if err != nil || n > maxArrayIndex {
		return 0, false
	}
	return n, true
}
