package caddymodule

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// checkEnvelopeStd is the envelope check read with encoding/json alone,
// one step at a time: the plain statement checkEnvelope must agree with.
func checkEnvelopeStd(body []byte) (envelope, *rpcError) {
	trimmed := bytes.TrimLeft(body, " \t\r\n")
	if len(trimmed) > 0 && trimmed[0] == '[' {
		return envelope{}, &rpcError{code: rpcInvalidRequest, reason: reasonBatch,
			msg: "Invalid Request: JSON-RPC batches are not accepted by this server; send one request per POST"}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		msg := "Parse error: the body is not valid JSON"
		if len(trimmed) == 0 {
			msg = "Parse error: the body is empty"
		}
		return envelope{}, &rpcError{code: rpcParseError, msg: msg, reason: reasonMalformed}
	}
	if len(bytes.TrimLeft(body[dec.InputOffset():], " \t\r\n")) > 0 {
		return envelope{}, &rpcError{code: rpcParseError, reason: reasonMalformed,
			msg: "Parse error: the body has more data after the JSON message"}
	}
	invalid := func(id json.RawMessage, msg string) (envelope, *rpcError) {
		return envelope{}, &rpcError{code: rpcInvalidRequest, id: id, msg: "Invalid Request: " + msg, reason: reasonMalformed}
	}
	if raw[0] != '{' {
		return invalid(nil, "the body must be one JSON-RPC message object")
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return invalid(nil, "the body must be one JSON-RPC message object")
	}
	var e envelope
	if id, ok := m["id"]; ok && string(id) != "null" {
		if !validID(id) {
			return invalid(nil, "id must be a string or a number")
		}
		e.id, e.hasID = id, true
	}
	if v, ok := m["jsonrpc"]; !ok || string(v) != `"2.0"` {
		return invalid(e.id, `"jsonrpc" must be "2.0"`)
	}
	method, hasMethod := m["method"]
	if !hasMethod {
		_, hasResult := m["result"]
		_, hasError := m["error"]
		if e.hasID && hasResult != hasError {
			e.isReply = true
			return e, nil
		}
		return invalid(e.id, "the message has no method")
	}
	if json.Unmarshal(method, &e.method) != nil || len(method) == 0 || method[0] != '"' {
		return invalid(e.id, "method must be a string")
	}
	if p, ok := m["params"]; ok && len(p) > 0 && p[0] == '{' {
		var params map[string]json.RawMessage
		if json.Unmarshal(p, &params) == nil {
			if n, ok := params["name"]; ok {
				_ = json.Unmarshal(n, &e.name)
			}
			e.args = params["arguments"]
		}
	}
	return e, nil
}

// envelopeBodies are bodies of every kind the check tells apart.
var envelopeBodies = []string{
	`{"jsonrpc":"2.0","id":1,"method":"ping"}`, `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`,
	`{"jsonrpc":"2.0","id":1}`, `{"jsonrpc":"2.0","id":1,"result":{}}`, `{"jsonrpc":"2.0","id":1,"error":{}}`,
	`{"jsonrpc":"2.0","id":1,"result":{},"error":{}}`, `{"jsonrpc":"2.0","id":1,"method":"ping"} x`,
	`{"jsonrpc":"2.0","id":1,"method":"ping"}  {}`, `{"jsonrpc":"2.0","id":1,"method":"ping"} ` + "\n",
	`{"jsonrpc":"2.0","id":{},"method":"ping"}`, `{"jsonrpc":"2.0","id":null,"method":"ping"}`, `{"jsonrpc":"2.0","id":"a\u00e9","method":"ping"}`,
	`{"jsonrpc":"2.0","id":1.5e3,"method":"ping"}`, `{"jsonrpc":"2.0","id":true,"method":"ping"}`, `{"jsonrpc":"2.0","id":[1],"method":"ping"}`,
	`"x"`, ``, ` `, ` [`, `null`, `{}`, `{`, `}`, `1`, `{"jsonrpc":"1.0","method":"ping"}`, `{"jsonrpc":2,"method":"ping"}`,
	`{"jsonrpc":"2.0","method":3}`, `{"jsonrpc":"2.0","method":"to\"ols"}`, `{"jsonrpc":"2.0","method":"\ud800"}`,
	`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"lint","arguments":{"source":"x"}}}`,
	`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"lint","arguments":{"source":"x","a":[1,{"b":null}]}}}`,
	`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":3,"arguments":"s"}}`,
	`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":[1,2]}`,
	`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"a","name":"b"}}`,
	`{"jsonrpc":"2.0","id":7,"id":8,"method":"ping"}`, `{"Method":"ping","jsonrpc":"2.0"}`,
	"{\"jsonrpc\":\"2.0\",\"method\":\"p\xffng\"}", `{"jsonrpc":"2.0","method":"ping","x":1e999}`, `{"jsonrpc":"2.0","method":"ping","x":01}`,
	`{"jsonrpc":"2.0","method":"ping","x":"\x01"}`, "\t\r\n{\"jsonrpc\":\"2.0\",\"method\":\"ping\"}\t\r\n",
}

// TestCheckEnvelopeAgreesWithStd: the one-pass check answers every body
// as the plain encoding/json reading does.
func TestCheckEnvelopeAgreesWithStd(t *testing.T) {
	for _, body := range envelopeBodies {
		assertSameEnvelope(t, []byte(body))
	}
}

func assertSameEnvelope(t *testing.T, body []byte) {
	t.Helper()
	got, gotErr := checkEnvelope(body)
	want, wantErr := checkEnvelopeStd(body)
	if !reflect.DeepEqual(describeEnvelope(got, gotErr), describeEnvelope(want, wantErr)) {
		t.Errorf("body %q:\n got %s\nwant %s", body, describeEnvelope(got, gotErr), describeEnvelope(want, wantErr))
	}
}

func describeEnvelope(e envelope, err *rpcError) string {
	if err != nil {
		return fmt.Sprintf("error %d %q id=%s reason=%s", err.code, err.msg, err.id, err.reason)
	}
	return fmt.Sprintf("id=%s hasID=%v method=%q name=%q args=%s reply=%v", e.id, e.hasID, e.method, e.name, e.args, e.isReply)
}

// FuzzCheckEnvelopeAgreesWithStd is TestCheckEnvelopeAgreesWithStd on
// any body.
func FuzzCheckEnvelopeAgreesWithStd(f *testing.F) {
	for _, s := range envelopeBodies {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		assertSameEnvelope(t, body)
	})
}

// BenchmarkCheckEnvelope is the check of a tools/call of an ordinary plan.
func BenchmarkCheckEnvelope(b *testing.B) {
	src, err := json.Marshal(strings.Repeat(benchPlan, 2))
	if err != nil {
		b.Fatal(err)
	}
	body := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"compile","arguments":{"source":` + string(src) + `}}}`)
	for _, c := range []struct {
		name  string
		check func([]byte) (envelope, *rpcError)
	}{{"one-pass", checkEnvelope}, {"std", checkEnvelopeStd}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				if e, err := c.check(body); err != nil || !bytes.Equal(e.args[:1], []byte("{")) {
					b.Fatal(err)
				}
			}
		})
	}
}
