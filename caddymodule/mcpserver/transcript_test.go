package mcpserver

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/core"
	"github.com/archlang-go/caddy-archlang/internal/golden"
)

// section is one "-- name --" part of a txtar-style transcript file.
type section struct{ name, body string }

func parseTranscript(b string) (comment string, parts []section) {
	lines := strings.SplitAfter(b, "\n")
	cur := -1
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && len(t) > 6 {
			parts = append(parts, section{name: strings.TrimSpace(t[3 : len(t)-3])})
			cur = len(parts) - 1
			continue
		}
		if cur < 0 {
			comment += l
		} else {
			parts[cur].body += l
		}
	}
	return comment, parts
}

func formatTranscript(comment string, parts []section) string {
	var b strings.Builder
	b.WriteString(comment)
	for _, p := range parts {
		b.WriteString("-- " + p.name + " --\n" + p.body)
	}
	return b.String()
}

// TestTranscripts replays testdata/transcripts/*.txt: each file holds
// request/response pairs of raw JSON-RPC sent over the stateless JSON
// Streamable HTTP handler (no Caddy). The render version is written RV.
// Refresh with -update.
func TestTranscripts(t *testing.T) {
	srv := New(Options{MaxArgument: 200, Guide: "# Guide\n\nRead me.", PlaygroundURL: "https://play.example",
		Resources: []Resource{{URI: "archlang://spec", Name: "spec", Title: "Spec", MIMEType: "text/markdown", Text: "# Spec"}}})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv },
		&mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true})
	rv := core.RenderVersion()

	files, _ := filepath.Glob("testdata/transcripts/*.txt")
	if len(files) == 0 {
		t.Fatal("no transcripts")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			comment, parts := parseTranscript(string(b))
			changed := false
			for i := 0; i < len(parts); i++ {
				if parts[i].name != "request" {
					continue
				}
				r := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(parts[i].body))
				r.Header.Set("Content-Type", "application/json")
				r.Header.Set("Accept", "application/json, text/event-stream")
				r = r.WithContext(WithOrigin(r.Context(), "https://mcp.example"))
				w := httptest.NewRecorder()
				h.ServeHTTP(w, r)
				got := strings.ReplaceAll(normJSON(w.Body.Bytes()), rv, "RV")
				if w.Code != http.StatusOK {
					got = w.Result().Status + "\n" + got
				}
				if i+1 < len(parts) && parts[i+1].name == "response" {
					if parts[i+1].body != got {
						if golden.Update() {
							parts[i+1].body, changed = got, true
						} else {
							t.Errorf("request %d:\n got %s\nwant %s", i/2+1, got, parts[i+1].body)
						}
					}
					i++
				} else if golden.Update() {
					parts = append(parts[:i+1], append([]section{{"response", got}}, parts[i+1:]...)...)
					changed = true
					i++
				} else {
					t.Errorf("request %d has no response section (run with -update)", i/2+1)
				}
			}
			if changed {
				os.WriteFile(f, []byte(formatTranscript(comment, parts)), 0o644)
			}
		})
	}
}

// normJSON indents JSON (and the JSON text inside tool results) so the
// transcripts stay readable; non-JSON is returned as is.
func normJSON(b []byte) string {
	var v any
	if json.Unmarshal(b, &v) != nil {
		return string(b)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	enc.Encode(v)
	return buf.String()
}
