package compile

import (
	"context"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// spin is a plan whose expansion runs its whole step budget.
const spin = "plan \"spin\" {\n  units mm\n  let i = 0\n  while i < 9999 {\n    i = i + 1\n    let j = 0\n    while j < 9999 {\n      j = j + 1\n    }\n  }\n}\n"

// TestCancelledStopsExpansion: a done context ends the expansion at its
// first poll, and the cut-short plan is never answered from the cache.
func TestCancelledStopsExpansion(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	polls := 0
	stop := func() bool { polls++; return ctx.Err() != nil }
	plan, diags := resolveWith(newTestFile(spin), nil, stop)
	_ = plan
	if polls != 1 {
		t.Errorf("Stop polled %d times, want 1 (the expansion should end at the first poll)", polls)
	}
	if !hasCode(diags, "E_RANGE_LIMIT") {
		t.Errorf("a stopped expansion should end as a spent budget")
	}

	c := NewCache(64 << 20)
	src := []byte("plan \"p\" {\n  units mm\n  room id=a at (0,0) size 3000x3000\n}\n")
	if r := Describe(src, DescribeOptions{Cache: c, Ctx: ctx}); !cancelled(ctx) || r.Facts == nil {
		t.Fatal("setup")
	}
	r := Describe(src, DescribeOptions{Cache: c})
	if !r.Facts.OK || len(r.Facts.Rooms) != 1 {
		t.Errorf("after a cancelled call the plan must be analysed afresh: ok=%v rooms=%d", r.Facts.OK, len(r.Facts.Rooms))
	}
}

// BenchmarkCancelled is the cost of a spent-budget plan whose caller has
// gone: the expansion stops at its first poll.
func BenchmarkCancelled(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	src := []byte(spin)
	b.ReportAllocs()
	for b.Loop() {
		Compile(src, Options{Ctx: ctx})
	}
}

func newTestFile(src string) *source.File { return source.NewFile("plan.arch", []byte(src)) }

func hasCode(l diag.List, code string) bool {
	for _, d := range l {
		if d.Code == code {
			return true
		}
	}
	return false
}
