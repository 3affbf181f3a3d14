package mcpserver

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/archlang-go/caddy-archlang/core/plangen"
)

func TestLimiter(t *testing.T) {
	l := NewLimiter(2, 20*time.Millisecond)
	ctx := context.Background()
	r1, err1 := l.Acquire(ctx)
	r2, err2 := l.Acquire(ctx)
	if err1 != nil || err2 != nil || l.Busy() != 2 {
		t.Fatalf("two slots: %v %v busy=%d", err1, err2, l.Busy())
	}
	start := time.Now()
	if _, err := l.Acquire(ctx); !errors.Is(err, ErrBusy) || time.Since(start) < 20*time.Millisecond {
		t.Errorf("third acquire: %v after %v, want ErrBusy after the 20ms wait", err, time.Since(start))
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := l.Acquire(cctx); !errors.Is(err, context.Canceled) {
		t.Errorf("acquire on a cancelled context: %v", err)
	}
	// A slot freed during the wait is taken.
	go func() { time.Sleep(5 * time.Millisecond); r1() }()
	r3, err := l.Acquire(ctx)
	if err != nil {
		t.Fatalf("a freed slot was not taken: %v", err)
	}
	r1() // a second release is a no-op
	r2()
	r3()
	if l.Busy() != 0 || len(l.slots) != 0 {
		t.Errorf("after every release: busy=%d held=%d", l.Busy(), len(l.slots))
	}
	if NewLimiter(0, 0).Slots() != 1 {
		t.Errorf("a limiter has at least one slot")
	}
}

// TestSlotClaim: a slot taken before the SDK is given back exactly once,
// by the tool handler when it claimed it, else by Release.
func TestSlotClaim(t *testing.T) {
	var n atomic.Int32
	ctx, s := WithSlot(context.Background(), func() { n.Add(1) })
	rel := claimSlot(ctx)
	if rel == nil || claimSlot(ctx) != nil {
		t.Fatal("a slot is claimed once")
	}
	s.Release() // claimed: the handler gives it back
	if n.Load() != 0 {
		t.Fatal("Release gave back a claimed slot")
	}
	rel()
	_, s = WithSlot(context.Background(), func() { n.Add(1) })
	s.Release()
	s.Release()
	if n.Load() != 2 {
		t.Errorf("releases = %d, want 2", n.Load())
	}
	if claimSlot(context.Background()) != nil {
		t.Error("no slot in a bare context")
	}
}

func TestToolBusy(t *testing.T) {
	lim := NewLimiter(1, 10*time.Millisecond)
	var reasons []string
	cs := connect(t, context.Background(), Options{Limiter: lim, Refused: func(r string) { reasons = append(reasons, r) }})
	release, _ := lim.Acquire(context.Background())
	env, isErr := call(t, cs, "lint", map[string]any{"source": "plan \"p\" {}"})
	if !isErr || env["ok"] != false || !strings.Contains(env["diagnostics"].([]any)[0].(map[string]any)["code"].(string), "E_RATE_LIMITED") {
		t.Errorf("lint with no free slot: %v", env)
	}
	// read_me and link take no slot.
	if _, isErr := call(t, cs, "read_me", map[string]any{}); isErr {
		t.Error("read_me refused while busy")
	}
	if _, isErr := call(t, cs, "link", map[string]any{"source": "plan \"p\" {}"}); isErr {
		t.Error("link refused while busy")
	}
	release()
	if _, isErr := call(t, cs, "lint", map[string]any{"source": "plan \"p\" {}"}); isErr {
		t.Error("lint refused with a free slot")
	}
	if lim.Busy() != 0 {
		t.Errorf("%d slots still taken", lim.Busy())
	}
	if len(reasons) != 1 || reasons[0] != ReasonBusy {
		t.Errorf("refusals = %v, want [busy]", reasons)
	}
}

// TestToolDeadline: every plan-reading tool runs under the compute
// deadline; a late result is discarded for a refusal.
func TestToolDeadline(t *testing.T) {
	var reasons []string
	cs := connect(t, context.Background(), Options{ComputeTimeout: time.Nanosecond, Refused: func(r string) { reasons = append(reasons, r) }})
	src := string(plangen.Grid(3, 3))
	calls := map[string]map[string]any{
		"compile":  {"source": src},
		"describe": {"source": src},
		"lint":     {"source": src},
		"validate": {"source": src},
		"score":    {"source": src, "brief": map[string]any{}},
		"fix":      {"source": src},
		"repair":   {"source": src},
		"finish":   {"source": src},
		"suggest":  {"source": src},
		"complete": {"source": src, "at": 3},
	}
	for name, args := range calls {
		env, isErr := call(t, cs, name, args)
		msg, _ := env["diagnostics"].([]any)[0].(map[string]any)["message"].(string)
		if !isErr || env["ok"] != false || !strings.Contains(msg, "compute limit") {
			t.Errorf("%s past the deadline: %v", name, env)
		}
	}
	if len(reasons) != len(calls) {
		t.Errorf("refusals = %v", reasons)
	}
	if _, isErr := call(t, cs, "read_me", map[string]any{}); isErr {
		t.Error("read_me has no deadline")
	}
}

// TestToolFollowsRequest: a call whose HTTP request has ended (the client
// hung up) is stopped and answered with the cancelled refusal, even though
// the SDK does not pass the request's cancellation on.
func TestToolFollowsRequest(t *testing.T) {
	rc, hangUp := context.WithCancel(context.Background())
	var reasons []string
	lim := NewLimiter(1, time.Second)
	cs := connect(t, WithRequest(context.Background(), rc), Options{Limiter: lim, Refused: func(r string) { reasons = append(reasons, r) }})
	hangUp()
	env, isErr := call(t, cs, "lint", map[string]any{"source": string(plangen.Grid(3, 3))})
	msg, _ := env["diagnostics"].([]any)[0].(map[string]any)["message"].(string)
	if !isErr || !strings.Contains(msg, "cancelled") {
		t.Errorf("lint after the client left: %v", env)
	}
	if len(reasons) != 1 || reasons[0] != ReasonCancelled {
		t.Errorf("refusals = %v, want [cancelled]", reasons)
	}
	if lim.Busy() != 0 {
		t.Errorf("%d slots still taken", lim.Busy())
	}
}
