package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/core/diag"
)

// Refusal reasons a tool call can end with after it was accepted; the
// Caddy module counts them under these fixed label values.
const (
	// ReasonBusy: no computation slot came free within the queue wait.
	ReasonBusy = "busy"
	// ReasonDeadline: the computation ran past the compute deadline and
	// was stopped.
	ReasonDeadline = "deadline"
	// ReasonCancelled: the client went away (or cancelled) before the
	// answer was ready; the work was stopped and the answer discarded.
	ReasonCancelled = "cancelled"
)

// ErrBusy is what Limiter.Acquire returns when no slot came free in time.
var ErrBusy = errors.New("no computation slot came free in time")

// Limiter bounds the number of computations (tool calls, /svg renders)
// that run at once. A caller waits at most Wait for a slot, then is
// refused. The zero value is not usable; build one with NewLimiter.
type Limiter struct {
	slots chan struct{}
	wait  time.Duration
	busy  atomic.Int64
}

// NewLimiter returns a Limiter with n slots (at least 1) and a queue wait
// of wait (0 refuses at once when every slot is taken).
func NewLimiter(n int, wait time.Duration) *Limiter {
	return &Limiter{slots: make(chan struct{}, max(n, 1)), wait: wait}
}

// Slots is the number of computations that may run at once.
func (l *Limiter) Slots() int { return cap(l.slots) }

// Wait is how long Acquire waits for a slot.
func (l *Limiter) Wait() time.Duration { return l.wait }

// Busy is the number of slots in use now (a probe for tests and metrics).
func (l *Limiter) Busy() int { return int(l.busy.Load()) }

// Acquire takes a slot, waiting at most l.Wait() (and no longer than ctx
// allows). It returns the function that gives the slot back (call it
// exactly once), or ErrBusy, or ctx's error.
func (l *Limiter) Acquire(ctx context.Context) (release func(), err error) {
	select {
	case l.slots <- struct{}{}:
	default:
		if l.wait <= 0 {
			return nil, ErrBusy
		}
		t := time.NewTimer(l.wait)
		defer t.Stop()
		select {
		case l.slots <- struct{}{}:
		case <-t.C:
			return nil, ErrBusy
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	l.busy.Add(1)
	running.Add(1)
	var once atomic.Bool
	return func() {
		if once.CompareAndSwap(false, true) {
			running.Add(-1)
			l.busy.Add(-1)
			<-l.slots
		}
	}, nil
}

// running counts the slots held now across every Limiter of the process.
var running atomic.Int64

// Running is the number of computations holding a slot now, across every
// Limiter of the process. A slot is held until the core has returned (a
// tool handler gives it back only then, even when its client left), so
// this reads zero exactly when no computation is running: a probe for
// tests and the computations gauge.
func Running() int { return int(running.Load()) }

type slotKey struct{}

type requestKey struct{}

// WithRequest returns ctx recording rc, the context of the HTTP request
// that carries the call: when rc ends (the client hung up), the tool's
// computation is stopped and its result discarded.
func WithRequest(ctx, rc context.Context) context.Context {
	return context.WithValue(ctx, requestKey{}, rc)
}

// Slot is a computation slot taken before the SDK ran (by the Caddy
// module, so that it can answer 503 with Retry-After itself). The tool
// handler that serves the request claims it and gives it back when its
// computation ends, which may be after the HTTP exchange is over (a client
// that left); when no handler claims it, Release gives it back.
type Slot struct {
	release func()
	claimed atomic.Bool
}

func (s *Slot) claim() bool { return s.claimed.CompareAndSwap(false, true) }

// Release gives the slot back unless a tool handler claimed it. Call it
// once the SDK has answered.
func (s *Slot) Release() {
	if s.claim() {
		s.release()
	}
}

// WithSlot returns ctx carrying a slot taken with release (from
// Limiter.Acquire) for the tool call the request carries.
func WithSlot(ctx context.Context, release func()) (context.Context, *Slot) {
	s := &Slot{release: release}
	return context.WithValue(ctx, slotKey{}, s), s
}

// claimSlot claims the slot ctx carries: it returns the function that
// gives it back, or nil when there is none or it is no longer free.
func claimSlot(ctx context.Context) func() {
	s, _ := ctx.Value(slotKey{}).(*Slot)
	if s == nil || !s.claim() {
		return nil
	}
	return s.release
}

// BusyDiagnostic is the refusal of a call that found no free computation
// slot within wait: the catalogued E_RATE_LIMITED, whose fix says to wait
// for Retry-After.
func BusyDiagnostic(wait time.Duration) diag.Diagnostic {
	return diag.Unplaced(diag.ErrRateLimited,
		"This server is busy: every computation slot stayed taken for %s, so the request was refused before doing any work", wait)
}

// DeadlineDiagnostic is the refusal of a computation stopped at the
// compute deadline.
func DeadlineDiagnostic(d time.Duration) diag.Diagnostic {
	return diag.Diagnostic{Severity: diag.Error, Message: fmt.Sprintf(
		"This plan took longer than this server's %s compute limit, so the work was stopped and nothing was returned. "+
			"Make the plan smaller (fewer rooms, pieces or repetitions), or compile it locally with the command-line tool.", d)}
}

// CancelledDiagnostic is the answer to a call whose client went away;
// nobody reads it, but the reply must still be well-formed.
func CancelledDiagnostic() diag.Diagnostic {
	return diag.Diagnostic{Severity: diag.Error, Message: "The request was cancelled before the work finished; nothing was returned"}
}

// guard runs a tool handler under the server's compute bounds: it takes a
// computation slot unless the request already holds one, puts the compute
// deadline on ctx, and discards the result when ctx ended before the
// handler returned (the client is gone, or the deadline passed), answering
// a refusal instead. cheap tools (read_me, link) take no slot and no
// deadline.
func (t *tools) guard(name string, h mcp.ToolHandler) mcp.ToolHandler {
	if cheapTools[name] {
		return h
	}
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		// The SDK keeps the HTTP request's values but not its
		// cancellation: follow the request that WithRequest recorded, so a
		// client that hangs up stops the work.
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		if rc, _ := ctx.Value(requestKey{}).(context.Context); rc != nil {
			defer context.AfterFunc(rc, cancel)()
			if rc.Err() != nil {
				// Already gone: AfterFunc would cancel from a goroutine of
				// its own, maybe after a quick tool has answered.
				cancel()
			}
		}
		parent := ctx
		if release := claimSlot(ctx); release != nil {
			defer release()
		} else if lim := t.opts.Limiter; lim != nil {
			release, err := lim.Acquire(ctx)
			if err != nil {
				if errors.Is(err, ErrBusy) {
					t.refused(ReasonBusy)
					return textResult(Refusal(BusyDiagnostic(lim.Wait())), true), nil
				}
				t.refused(ReasonCancelled)
				return textResult(Refusal(CancelledDiagnostic()), true), nil
			}
			defer release()
		}
		if d := t.opts.ComputeTimeout; d > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, d)
			defer cancel()
		}
		res, err := h(ctx, req)
		if ctx.Err() != nil {
			if parent.Err() == nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
				t.refused(ReasonDeadline)
				return textResult(Refusal(DeadlineDiagnostic(t.opts.ComputeTimeout)), true), nil
			}
			t.refused(ReasonCancelled)
			return textResult(Refusal(CancelledDiagnostic()), true), nil
		}
		return res, err
	}
}

// cheapTools do no plan computation worth a slot: read_me returns a
// constant, link only deflates the (capped) source.
var cheapTools = map[string]bool{"read_me": true, "link": true}

func (t *tools) refused(reason string) {
	if t.opts.Refused != nil {
		t.opts.Refused(reason)
	}
}
