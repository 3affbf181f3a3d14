package diag

import (
	"fmt"

	"github.com/archlang-go/caddy-archlang/core/source"
)

// Entry is one row of the catalogue: a stable code, its severity, a terse
// summary and the default fix sentence attached to diagnostics of that code.
// Codes are never reused or renamed.
type Entry struct {
	Code     string
	Severity Severity
	Summary  string
	Fix      string
}

// Lookup returns the catalogue row for code.
func Lookup(code string) (Entry, bool) {
	e, ok := index[code]
	return e, ok
}

// Codes returns every catalogued code in catalogue order.
func Codes() []string {
	out := make([]string, len(catalogue))
	for i, e := range catalogue {
		out[i] = e.Code
	}
	return out
}

var index = func() map[string]Entry {
	m := make(map[string]Entry, len(catalogue))
	for _, e := range catalogue {
		m[e.Code] = e
	}
	return m
}()

// New builds a diagnostic of a catalogued code with the catalogue's severity
// and fix sentence. An uncatalogued code is a programming error caught by the
// catalogue tests; at run time it is reported as an error with no fix.
func New(code string, span source.Span, format string, args ...any) Diagnostic {
	e, ok := index[code]
	sev := Error
	if ok {
		sev = e.Severity
	}
	return Diagnostic{Code: code, Severity: sev, Message: fmt.Sprintf(format, args...), Span: span, FixText: e.Fix}
}

// Syntax builds an uncoded parse error, as the reference reports them.
func Syntax(span source.Span, format string, args ...any) Diagnostic {
	return Diagnostic{Severity: Error, Message: fmt.Sprintf(format, args...), Span: span}
}

// Unplaced builds a diagnostic of a catalogued code that belongs to no
// place in the source: a host's refusal of a whole request.
func Unplaced(code string, format string, args ...any) Diagnostic {
	return New(code, source.Span{}, format, args...)
}

// InputTooLarge is the host's refusal of an input over a byte cap. The core
// never raises it itself; hosts call it (tool arguments, request bodies,
// inflated /svg payloads).
func InputTooLarge(what string, size, limit int64) Diagnostic {
	return Unplaced(ErrInputTooLarge, "%s is %d bytes, over the %d-byte limit of this server", what, size, limit)
}

// RateLimited is the host's refusal of a request over its rate limit.
func RateLimited() Diagnostic {
	return Unplaced(ErrRateLimited, "Too many requests from this address; this server refused the request before doing any work")
}
