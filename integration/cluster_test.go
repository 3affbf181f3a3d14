package integration

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	caddycmd "github.com/caddyserver/caddy/v2/cmd"
	_ "github.com/caddyserver/caddy/v2/modules/standard"

	"github.com/archlang-go/caddy-archlang/core/payload"
)

// clusterNodeEnv, when set, turns this test binary into a Caddy process
// (Caddy's own main, with this module and caddy-ratelimit compiled in), so
// the cluster test can start real separate nodes without building a
// binary. caddy-ratelimit keeps its zones in a process-wide pool, so nodes
// sharing state only through storage must be separate processes.
const clusterNodeEnv = "ARCHLANG_CLUSTER_NODE"

func init() {
	if os.Getenv(clusterNodeEnv) != "" {
		caddycmd.Main() // exits
	}
}

// The cluster's settings: three nodes on loopback ports no other test
// uses, one limit per zone, and the distributed sync intervals.
const (
	clusterNodes    = 3
	clusterPort0    = 9181
	clusterLimit    = 30 // events per window, per address, per zone
	clusterSync     = 100 * time.Millisecond
	clusterSpacing  = 20 * time.Millisecond // between two requests of the burst, at least
	clusterRequests = 120                   // per zone: four times the limit
	nodeStartup     = 30 * time.Second
)

// clusterConfig is one node's Caddyfile: its own port, the shared storage,
// and rate-limit zones identical on every node (caddy-ratelimit requires
// that) in distributed mode.
func clusterConfig(port int, storage string) string {
	return fmt.Sprintf(`{
	admin off
	persist_config off
	skip_install_trust
	grace_period 1ns
	storage file_system %s
}

http://127.0.0.1:%d {
	bind 127.0.0.1
	rate_limit {
		zone mcp {
			match {
				method POST
				path /mcp
			}
			key {remote_host}
			events %d
			window 1m
		}
		zone svg {
			match {
				path /svg/* /v/*
			}
			key {remote_host}
			events %d
			window 1m
		}
		distributed {
			read_interval %s
			write_interval %s
		}
	}
	archlang_mcp
	handle_errors 429 {
		archlang_mcp
	}
}
`, storage, port, clusterLimit, clusterLimit, clusterSync, clusterSync)
}

// startNode runs one Caddy node as a child process with its own data and
// config directories (its instance ID, which distributed rate limiting
// uses to tell its own state file from the others', lives there) and
// stops it when the test ends.
func startNode(t *testing.T, dir string, port int, storage string) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(dir, fmt.Sprintf("node%d", port))
	cfg := filepath.Join(home, "Caddyfile")
	if err := os.MkdirAll(home, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfg, []byte(clusterConfig(port, storage)), 0o600); err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	cmd := exec.Command(self, "run", "--config", cfg, "--adapter", "caddyfile")
	cmd.Env = append(os.Environ(), clusterNodeEnv+"=1",
		"HOME="+home, "XDG_DATA_HOME="+filepath.Join(home, "data"), "XDG_CONFIG_HOME="+filepath.Join(home, "config"))
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
		if t.Failed() {
			t.Logf("node %d's log:\n%s", port, logs.String())
		}
	})
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	deadline := time.Now().Add(nodeStartup)
	for {
		select {
		case err := <-exited:
			t.Fatalf("node %d exited: %v\n%s", port, err, logs.String())
		default:
		}
		res, err := http.Get(url + "/")
		if err == nil {
			res.Body.Close()
			return url
		}
		if time.Now().After(deadline) {
			t.Fatalf("node %d did not answer within %s: %v", port, nodeStartup, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestClusterRateLimit starts three nodes sharing one storage directory,
// with distributed rate-limit zones, and spreads a burst from one address
// (this process, 127.0.0.1) round-robin across them: clusterRequests to
// each zone, at least clusterSpacing apart.
//
// caddy-ratelimit's distributed mode is approximate by design: each node
// writes its counts to storage every write_interval and reads the others'
// every read_interval, and adds the counts it last read to its own. A node
// is therefore blind to what the others admitted in at most
// write_interval + read_interval, and the cluster may admit that many
// requests past the limit. The tolerance held here is the requests the
// burst can send in twice that lag (the second lag covers a tick that
// fires late on a loaded machine): with 100 ms intervals and 20 ms
// spacing, 20 over a limit of 30. Without distributed mode each node would
// admit the full limit, 90.
func TestClusterRateLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("starts three Caddy processes")
	}
	dir := t.TempDir()
	storage := filepath.Join(dir, "shared")
	var nodes []string
	for i := range clusterNodes {
		nodes = append(nodes, startNode(t, dir, clusterPort0+i, storage))
	}
	// Let every node read the others' first state files.
	time.Sleep(3 * clusterSync)

	tolerance := int(math.Ceil(float64(4*clusterSync) / float64(clusterSpacing)))
	p := payload.Encode([]byte(`plan "Cluster" {}`))
	client := &http.Client{Timeout: 10 * time.Second}
	type tally struct{ ok, refused int }
	var mcp, svg tally
	perNode := make([][2]int, clusterNodes)
	tick := time.NewTicker(clusterSpacing)
	defer tick.Stop()
	start := time.Now()
	for i := range clusterRequests {
		<-tick.C
		n := i % clusterNodes
		req, _ := http.NewRequest(http.MethodPost, nodes[n]+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if clusterCall(t, client, req, "application/json") {
			mcp.ok++
			perNode[n][0]++
		} else {
			mcp.refused++
		}
		req, _ = http.NewRequest(http.MethodGet, nodes[n]+"/svg/"+p, nil)
		if clusterCall(t, client, req, "image/svg+xml") {
			svg.ok++
			perNode[n][1]++
		} else {
			svg.refused++
		}
	}
	elapsed := time.Since(start)
	t.Logf("limit %d per zone, tolerance +%d; %d requests per zone over %s; admitted: mcp %d, svg %d; per node (mcp, svg): %v",
		clusterLimit, tolerance, clusterRequests, elapsed.Round(time.Millisecond), mcp.ok, svg.ok, perNode)
	for _, z := range []struct {
		name string
		t    tally
	}{{"mcp", mcp}, {"svg", svg}} {
		if z.t.ok < clusterLimit || z.t.ok > clusterLimit+tolerance {
			t.Errorf("zone %s admitted %d of %d, want %d to %d", z.name, z.t.ok, clusterRequests, clusterLimit, clusterLimit+tolerance)
		}
	}
	for n := range perNode {
		if perNode[n][0] == 0 || perNode[n][1] == 0 {
			t.Errorf("node %d admitted nothing in a zone: %v (the burst was not spread)", n, perNode[n])
		}
	}
}

// clusterCall sends req and reports whether it was admitted (200). A
// refusal must be a 429 with Retry-After (whole seconds, at least 1) and an
// E_RATE_LIMITED body of the route's type; anything else fails the test.
func clusterCall(t *testing.T, c *http.Client, req *http.Request, wantType string) bool {
	t.Helper()
	res, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil && !errors.Is(err, context.Canceled) {
		t.Fatalf("%s %s: reading: %v", req.Method, req.URL, err)
	}
	switch res.StatusCode {
	case http.StatusOK:
		return true
	case http.StatusTooManyRequests:
		ra, err := strconv.Atoi(res.Header.Get("Retry-After"))
		if err != nil || ra < 1 {
			t.Errorf("%s %s: 429 with Retry-After %q", req.Method, req.URL.Path[:min(len(req.URL.Path), 8)], res.Header.Get("Retry-After"))
		}
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, wantType) || !bytes.Contains(body, []byte("E_RATE_LIMITED")) {
			t.Errorf("%s %s: 429 as %q without E_RATE_LIMITED: %.200s", req.Method, req.URL.Path[:min(len(req.URL.Path), 8)], ct, body)
		}
		return false
	default:
		t.Errorf("%s %s: status %d (want 200 or 429): %.200s", req.Method, req.URL.Path[:min(len(req.URL.Path), 8)], res.StatusCode, body)
		return false
	}
}
