package deploy

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/internal/golden"

	"github.com/caddyserver/caddy/v2/caddyconfig"
	_ "github.com/caddyserver/caddy/v2/caddyconfig/httpcaddyfile" // the caddyfile adapter
	_ "github.com/caddyserver/caddy/v2/modules/standard"
	_ "github.com/mholt/caddy-ratelimit"

	_ "github.com/archlang-go/caddy-archlang" // registers archlang_mcp
)

// adapt runs the Caddyfile adapter on file with every ARCHLANG_* variable
// the examples read unset, so their defaults apply.
func adapt(t *testing.T, file string) []byte {
	t.Helper()
	for _, v := range []string{"ARCHLANG_SITE", "ARCHLANG_STORAGE"} {
		t.Setenv(v, "")
		os.Unsetenv(v)
	}
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	out, warn, err := caddyconfig.GetAdapter("caddyfile").Adapt(src, map[string]any{"filename": file})
	if err != nil {
		t.Fatalf("adapting %s: %v", file, err)
	}
	for _, w := range warn {
		t.Errorf("adapting %s: warning %s:%d: %s", file, w.File, w.Line, w.Message)
	}
	return out
}

// TestJSONMatchesCaddyfile: caddy.json is the native JSON of
// Caddyfile.example, exactly what the Caddyfile adapter makes of it (with
// ARCHLANG_SITE unset, so the production site is mcp.archlang.uk).
func TestJSONMatchesCaddyfile(t *testing.T) {
	got := adapt(t, filepath.Join("..", "Caddyfile.example"))
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, got, "", "\t"); err != nil {
		t.Fatal(err)
	}
	pretty.WriteByte('\n')
	if golden.Update() {
		// The adapter escapes <, > and & as json.Marshal does; a file
		// people read spells them out (the JSON means the same).
		text := strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&").Replace(pretty.String())
		if err := os.WriteFile("caddy.json", []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile("caddy.json")
	if err != nil {
		t.Fatal(err)
	}
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatalf("caddy.json: %v", err)
	}
	gj, _ := json.Marshal(g)
	wj, _ := json.Marshal(w)
	if !bytes.Equal(gj, wj) {
		t.Errorf("caddy.json is not what Caddyfile.example adapts to (go test ./deploy -update rewrites it):\n got %s\nwant %s", gj, wj)
	}
}

// TestClusterCaddyfile: the cluster example adapts, keeps its rate-limit
// zones distributed over the shared storage, keys them on the client's
// address, and trusts only the proxies it names.
func TestClusterCaddyfile(t *testing.T) {
	out := string(adapt(t, "Caddyfile.cluster"))
	for _, want := range []string{
		`"storage":{"module":"file_system","root":"/srv/caddy-archlang"}`,
		`"distributed":{`,
		`"key":"{http.vars.client_ip}"`,
		`"max_events":600`,
		`"max_events":3000`,
		`"handler":"archlang_mcp"`,
		`"trusted_proxies":{"ranges":[`,
		`"trusted_proxies_strict":1`,
		`"mcp.archlang.uk"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("adapted Caddyfile.cluster lacks %s", want)
		}
	}
	if strings.Count(out, `"distributed":{`) != 1 {
		t.Errorf("want one distributed rate_limit handler: %s", out)
	}
}

// TestSystemdUnit checks deploy/caddy-archlang.service with
// systemd-analyze verify, which must print nothing. The unit names
// /usr/local/bin/caddy, which verify requires to exist, so the check runs on
// a copy that names a stub executable instead. Outside CI the test skips
// when systemd-analyze is missing; in CI (ARCHLANG_CI set) it fails.
func TestSystemdUnit(t *testing.T) {
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		if os.Getenv("ARCHLANG_CI") != "" {
			t.Fatal("systemd-analyze is missing: apt-get install systemd (.ci/run does)")
		}
		t.Skip("systemd-analyze is missing: apt-get install systemd")
	}
	unit, err := os.ReadFile("caddy-archlang.service")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"DynamicUser=yes", "ProtectSystem=strict", "CapabilityBoundingSet=CAP_NET_BIND_SERVICE\n",
		"AmbientCapabilities=CAP_NET_BIND_SERVICE\n", "LimitNOFILE=", "StateDirectory=caddy-archlang", "NoNewPrivileges=yes"} {
		if !bytes.Contains(unit, []byte(want)) {
			t.Errorf("the unit lacks %q", want)
		}
	}
	dir := t.TempDir()
	stub := filepath.Join(dir, "caddy")
	if err := os.WriteFile(stub, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	copyPath := filepath.Join(dir, "caddy-archlang.service")
	if err := os.WriteFile(copyPath, bytes.ReplaceAll(unit, []byte("/usr/local/bin/caddy"), []byte(stub)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(analyze, "verify", "--man=no", copyPath).CombinedOutput()
	if err != nil || len(bytes.TrimSpace(out)) != 0 {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}
