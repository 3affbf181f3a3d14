package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/plangen"
)

// cacheSample reads caddy_archlang_mcp_analysis_cache_lookups_total for one
// result (0 when absent).
func cacheSample(t *testing.T, body []byte, result string) float64 {
	t.Helper()
	re := regexp.MustCompile(`(?m)^caddy_archlang_mcp_analysis_cache_lookups_total\{result="` + result + `"\} (\S+)$`)
	m := re.FindSubmatch(body)
	if m == nil {
		return 0
	}
	v, err := strconv.ParseFloat(string(m[1]), 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestAnalysisCacheThroughCaddy runs an agent's loop (describe, lint,
// validate, score, suggest) on one plan through the live server: the plan
// is analysed once (one miss), every later call is a hit, and the counters
// show it on /metrics.
func TestAnalysisCacheThroughCaddy(t *testing.T) {
	tc := start(t)
	src := append(plangen.Grid(3, 2), fmt.Sprintf("# cache test %p\n", t)...)
	arg, _ := json.Marshal(string(src))
	_, before := get(t, tc, http.MethodGet, "http://localhost:2999/metrics", nil)
	h0, m0 := cacheSample(t, before, "hit"), cacheSample(t, before, "miss")
	tools := []string{"describe", "lint", "validate", "suggest", "describe"}
	for i, tool := range tools {
		res, body := post(t, tc, base+"/mcp", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":{"source":%s}}}`, i+1, tool, arg), nil)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: HTTP %d %s", tool, res.StatusCode, body)
		}
	}
	_, after := get(t, tc, http.MethodGet, "http://localhost:2999/metrics", nil)
	hits, misses := cacheSample(t, after, "hit")-h0, cacheSample(t, after, "miss")-m0
	if misses != 1 || hits != float64(len(tools)-1) {
		t.Errorf("analysis cache: %v hits and %v misses for %d calls on one plan; want one miss and the rest hits\n%s", hits, misses, len(tools), regexp.MustCompile(`(?m)^caddy_archlang_mcp_analysis.*$`).FindAll(after, -1))
	}
}
