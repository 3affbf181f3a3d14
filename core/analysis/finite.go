package analysis

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strconv"
)

// Non-finite numbers. A plan may write any number a float64 holds, so
// products and sums of its sizes can overflow (a room 1e300 mm square has
// an infinite area) and a degenerate arc can carry an infinite centre.
// encoding/json refuses NaN and ±Inf; the reference, a JavaScript program,
// writes them as null. Facts.MarshalJSON does the same: every non-finite
// number in the facts encodes as null, and an ordinary plan (no such
// number) encodes exactly as before.

// nullSentinel stands in for a non-finite number while the facts are
// encoded; each of its encodings is then replaced by null.
const nullSentinel = -1.2345678901234567e-301

// MarshalJSON encodes the facts in the reference's wire shape, with null
// for every NaN or infinite number.
func (f Facts) MarshalJSON() ([]byte, error) {
	type plain Facts
	b, err := json.Marshal(plain(f))
	var uv *json.UnsupportedValueError
	if err == nil || !errors.As(err, &uv) {
		return b, err
	}
	return finiteJSON(plain(f))
}

// finiteJSON encodes v with null for each non-finite float64 in it: a copy
// of v with the sentinel in their place is encoded, and the sentinel's
// encodings become null. Should the sentinel's text occur elsewhere (in a
// label), the numbers are written as 0 instead, which is still valid JSON.
func finiteJSON(v any) ([]byte, error) {
	n := 0
	cp := finiteCopy(reflect.ValueOf(v), nullSentinel, &n)
	b, err := json.Marshal(cp.Interface())
	if err != nil {
		return nil, err
	}
	text := []byte(strconv.FormatFloat(nullSentinel, 'g', -1, 64))
	if bytes.Count(b, text) == n {
		return bytes.ReplaceAll(b, text, []byte("null")), nil
	}
	zero := 0
	return json.Marshal(finiteCopy(reflect.ValueOf(v), 0, &zero).Interface())
}

// finiteCopy returns a deep copy of v in which every NaN or infinite
// float64 is repl, counting them in n. Values that hold no float are
// shared, not copied.
func finiteCopy(v reflect.Value, repl float64, n *int) reflect.Value {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		if f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			*n++
			out := reflect.New(v.Type()).Elem()
			out.SetFloat(repl)
			return out
		}
		return v
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		out := reflect.New(v.Type().Elem())
		out.Elem().Set(finiteCopy(v.Elem(), repl, n))
		return out
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		out := reflect.New(v.Type()).Elem()
		out.Set(finiteCopy(v.Elem(), repl, n))
		return out
	case reflect.Struct:
		out := reflect.New(v.Type()).Elem()
		out.Set(v) // unexported fields too
		for i := 0; i < v.NumField(); i++ {
			if out.Field(i).CanSet() {
				out.Field(i).Set(finiteCopy(v.Field(i), repl, n))
			}
		}
		return out
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			out.Index(i).Set(finiteCopy(v.Index(i), repl, n))
		}
		return out
	case reflect.Array:
		out := reflect.New(v.Type()).Elem()
		for i := 0; i < v.Len(); i++ {
			out.Index(i).Set(finiteCopy(v.Index(i), repl, n))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeMapWithSize(v.Type(), v.Len())
		it := v.MapRange()
		for it.Next() {
			out.SetMapIndex(it.Key(), finiteCopy(it.Value(), repl, n))
		}
		return out
	}
	return v
}
