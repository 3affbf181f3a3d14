package caddymodule

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	fastjson "github.com/segmentio/encoding/json"
)

// JSON-RPC 2.0 error codes the handler answers itself, before the SDK.
const (
	rpcParseError     = -32700
	rpcInvalidRequest = -32600
	rpcMethodNotFound = -32601
)

// rpcError is a JSON-RPC error the handler answers itself: a body that is
// not one well-formed JSON-RPC message never reaches the SDK.
type rpcError struct {
	code   int
	msg    string
	id     json.RawMessage // a valid request id to echo, or nil for null
	reason string          // the refusals_total label
}

// envelope is what the handler reads of a JSON-RPC message, with the
// SDK's exact (case-sensitive) member names. It is never logged.
type envelope struct {
	id      json.RawMessage
	method  string
	name    string          // params.name
	args    json.RawMessage // params.arguments
	hasID   bool
	isReply bool // a response (result or error, no method): passed on as is
}

func (e envelope) isNotification() bool { return !e.hasID }

// checkEnvelope reads body as exactly one JSON-RPC 2.0 message. It refuses
// a batch (a JSON array) without parsing it, a body that is not one JSON
// value followed only by white space (-32700), and an object that is
// neither a request, a notification nor a response (-32600).
//
// The body is decoded once, with the decoder the SDK itself reads messages
// with (segmentio/encoding/json), so what passes here is what the SDK will
// read; the members are kept raw and only the few this handler needs are
// decoded further.
func checkEnvelope(body []byte) (envelope, *rpcError) {
	trimmed := bytes.TrimLeft(body, " \t\r\n")
	if len(trimmed) > 0 && trimmed[0] == '[' {
		return envelope{}, &rpcError{code: rpcInvalidRequest, reason: reasonBatch,
			msg: "Invalid Request: JSON-RPC batches are not accepted by this server; send one request per POST"}
	}
	invalid := func(id json.RawMessage, msg string) (envelope, *rpcError) {
		return envelope{}, &rpcError{code: rpcInvalidRequest, id: id, msg: "Invalid Request: " + msg, reason: reasonMalformed}
	}
	var m map[string]json.RawMessage
	if err := fastjson.Unmarshal(body, &m); err != nil || m == nil {
		if len(trimmed) == 0 {
			return envelope{}, &rpcError{code: rpcParseError, msg: "Parse error: the body is empty", reason: reasonMalformed}
		}
		if !json.Valid(body) {
			msg := "Parse error: the body is not valid JSON"
			if dec := json.NewDecoder(bytes.NewReader(body)); dec.Decode(new(json.RawMessage)) == nil {
				msg = "Parse error: the body has more data after the JSON message"
			}
			return envelope{}, &rpcError{code: rpcParseError, msg: msg, reason: reasonMalformed}
		}
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
	if len(method) == 0 || method[0] != '"' || fastjson.Unmarshal(method, &e.method) != nil {
		return invalid(e.id, "method must be a string")
	}
	if p, ok := m["params"]; ok && len(p) > 0 && p[0] == '{' {
		var params map[string]json.RawMessage
		if fastjson.Unmarshal(p, &params) == nil {
			if n, ok := params["name"]; ok {
				_ = fastjson.Unmarshal(n, &e.name)
			}
			e.args = params["arguments"]
		}
	}
	return e, nil
}

// validID reports whether a JSON value is a JSON-RPC id: a string or a
// number.
func validID(id json.RawMessage) bool {
	if len(id) == 0 {
		return false
	}
	if id[0] == '"' {
		var s string
		return json.Unmarshal(id, &s) == nil
	}
	var n json.Number
	return json.Unmarshal(id, &n) == nil
}

// writeRPCError answers a JSON-RPC error as application/json with status
// 400: {"jsonrpc":"2.0","id":<id or null>,"error":{"code","message"}}.
func writeRPCError(w http.ResponseWriter, e *rpcError) {
	id := e.id
	if id == nil {
		id = json.RawMessage("null")
	}
	msg, _ := json.Marshal(e.msg)
	var b bytes.Buffer
	b.WriteString(`{"jsonrpc":"2.0","id":`)
	b.Write(id)
	b.WriteString(`,"error":{"code":`)
	b.WriteString(strconv.Itoa(e.code))
	b.WriteString(`,"message":`)
	b.Write(msg)
	b.WriteString("}}")
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(b.Len()))
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusBadRequest)
	_, _ = w.Write(b.Bytes())
}

// rpcWriter turns the SDK's plain-text 400 answers to a message it
// rejects (an unknown method, a request without params, a notification
// with an id, …) into JSON-RPC errors carrying the request's id: -32601
// for a method the server does not handle, -32600 otherwise. Every other
// answer passes through untouched.
type rpcWriter struct {
	http.ResponseWriter
	id       json.RawMessage
	captured bool
	text     []byte
}

// maxSDKText bounds how much of the SDK's message is kept.
const maxSDKText = 512

func (w *rpcWriter) WriteHeader(status int) {
	if status == http.StatusBadRequest && strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		w.captured = true
		return
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *rpcWriter) Write(b []byte) (int, error) {
	if w.captured {
		if room := maxSDKText - len(w.text); room > 0 {
			w.text = append(w.text, b[:min(len(b), room)]...)
		}
		return len(b), nil
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *rpcWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// finish writes the JSON-RPC error for a captured answer.
func (w *rpcWriter) finish() {
	if !w.captured {
		return
	}
	msg := strings.TrimSpace(string(w.text))
	code := rpcInvalidRequest
	if strings.HasPrefix(msg, "JSON RPC not handled") {
		code, msg = rpcMethodNotFound, "Method not found"+strings.TrimPrefix(msg, "JSON RPC not handled")
	} else if !strings.HasPrefix(strings.ToLower(msg), "invalid request") {
		msg = "Invalid Request: " + msg
	}
	writeRPCError(w.ResponseWriter, &rpcError{code: code, msg: msg, id: w.id})
}
