package fixer

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/diag"
	"github.com/archlang-go/caddy-archlang/core/source"
)

// rule is a toy checker: every occurrence of find in the source is one
// diagnostic carrying a fix that rewrites it to repl.
type rule struct {
	code, find, repl, applicability string
	sev                             diag.Severity
	file                            string // the finding is about another file
	span                            func(at int) source.Span
}

func checker(rules ...rule) Check {
	return func(src []byte) diag.List {
		var out diag.List
		for _, r := range rules {
			s := string(src)
			for off := 0; ; {
				i := strings.Index(s[off:], r.find)
				if i < 0 {
					break
				}
				at := off + i
				sp := source.Span{Start: at, End: at + len(r.find)}
				if r.span != nil {
					sp = r.span(at)
				}
				sev := r.sev
				if sev == 0 {
					sev = diag.Warning
				}
				app := r.applicability
				if app == "" {
					app = MachineApplicable
				}
				out = append(out, diag.Diagnostic{Code: r.code, Severity: sev, Span: sp, File: r.file,
					Fixes: []diag.Fix{{Title: r.code + " fix", Applicability: app, Edits: []diag.Edit{{Span: sp, NewText: r.repl}}}}})
				off = at + len(r.find)
			}
		}
		return out
	}
}

func TestRun(t *testing.T) {
	for _, c := range []struct {
		name   string
		src    string
		rules  []rule
		unsafe bool
		want   string // the result as JSON
	}{
		{"nothing to fix", "abc", nil, false,
			`{"ok":true,"passes":0,"applied":[],"skipped":[],"source":"abc"}`},
		{"one pass, two fixes in source order", "x-y", []rule{{code: "W_Y", find: "y", repl: "Y"}, {code: "W_X", find: "x", repl: "X"}}, false,
			`{"ok":true,"passes":1,"applied":[{"code":"W_X","title":"W_X fix","applicability":"machine-applicable"},{"code":"W_Y","title":"W_Y fix","applicability":"machine-applicable"}],"skipped":[],"source":"X-Y"}`},
		{"an overlapping fix is skipped, the earlier diagnostic wins a tie", "ab", []rule{
			{code: "E_A", find: "ab", repl: "A", sev: diag.Error}, {code: "E_B", find: "ab", repl: "B", sev: diag.Error}}, false,
			`{"ok":true,"passes":1,"applied":[{"code":"E_A","title":"E_A fix","applicability":"machine-applicable"}],"skipped":[{"code":"E_B","reason":"overlaps an earlier fix"}],"source":"A"}`},
		{"touching edits do not overlap", "ab", []rule{{code: "W_A", find: "a", repl: "1"}, {code: "W_B", find: "b", repl: "2"}}, false,
			`{"ok":true,"passes":1,"applied":[{"code":"W_A","title":"W_A fix","applicability":"machine-applicable"},{"code":"W_B","title":"W_B fix","applicability":"machine-applicable"}],"skipped":[],"source":"12"}`},
		{"the same edit from two findings is written once", "ab", []rule{
			{code: "E_A", find: "a", repl: "A", sev: diag.Error}, {code: "E_A", find: "a", repl: "A", sev: diag.Error}}, false,
			`{"ok":true,"passes":1,"applied":[{"code":"E_A","title":"E_A fix","applicability":"machine-applicable"},{"code":"E_A","title":"E_A fix","applicability":"machine-applicable"}],"skipped":[],"source":"Ab"}`},
		{"maybe-incorrect waits for unsafe", "m", []rule{{code: "W_M", find: "m", repl: "M", applicability: MaybeIncorrect}}, false,
			`{"ok":true,"passes":0,"applied":[],"skipped":[],"source":"m"}`},
		{"unsafe applies maybe-incorrect", "m", []rule{{code: "W_M", find: "m", repl: "M", applicability: MaybeIncorrect}}, true,
			`{"ok":true,"passes":1,"applied":[{"code":"W_M","title":"W_M fix","applicability":"maybe-incorrect"}],"skipped":[],"source":"M"}`},
		{"placeholders are never applied", "w", []rule{{code: "E_W", find: "w", repl: "<n>", applicability: HasPlaceholders, sev: diag.Error}}, true,
			`{"ok":false,"passes":0,"applied":[],"skipped":[],"source":"w"}`},
		{"unknown applicability is never applied", "w", []rule{{code: "W_W", find: "w", repl: "W", applicability: "unspecified"}}, true,
			`{"ok":true,"passes":0,"applied":[],"skipped":[],"source":"w"}`},
		{"a fix exposes the next one", "a", []rule{{code: "W_A", find: "a", repl: "b"}, {code: "W_B", find: "b", repl: "c"}}, false,
			`{"ok":true,"passes":2,"applied":[{"code":"W_A","title":"W_A fix","applicability":"machine-applicable"},{"code":"W_B","title":"W_B fix","applicability":"machine-applicable"}],"skipped":[],"source":"c"}`},
		{"the fixpoint is bounded", "a", []rule{{code: "W_A", find: "a", repl: "aa", span: func(at int) source.Span { return source.Span{Start: at, End: at + 1} }}}, false,
			`{"ok":true,"passes":4,"applied":[` + strings.Repeat(`{"code":"W_A","title":"W_A fix","applicability":"machine-applicable"},`, 14) +
				`{"code":"W_A","title":"W_A fix","applicability":"machine-applicable"}],"skipped":[],"source":"` + strings.Repeat("a", 16) + `"}`},
		{"a pass that adds errors is dropped", "a", []rule{{code: "W_A", find: "a", repl: "e"}, {code: "E_E", find: "e", repl: "e", sev: diag.Error, applicability: HasPlaceholders}}, false,
			`{"ok":true,"passes":0,"applied":[],"skipped":[],"source":"a"}`},
		{"a finding about another file is not applied", "a", []rule{{code: "W_A", find: "a", repl: "b", file: "lib.arch"}, {code: "W_X", find: "x", repl: "y"}}, false,
			`{"ok":true,"passes":0,"applied":[],"skipped":[],"source":"a"}`},
		{"an edit past the end is skipped", "ab", []rule{{code: "W_A", find: "a", repl: "A"}, {code: "W_B", find: "b", repl: "B", span: func(at int) source.Span { return source.Span{Start: at, End: at + 9} }}}, false,
			`{"ok":true,"passes":1,"applied":[{"code":"W_A","title":"W_A fix","applicability":"machine-applicable"}],"skipped":[{"code":"W_B","reason":"edits text outside this source"}],"source":"Ab"}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := json.Marshal(Run([]byte(c.src), checker(c.rules...), Options{Unsafe: c.unsafe}))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

func TestOverlapsAny(t *testing.T) {
	e := func(s, end int) diag.Edit { return diag.Edit{Span: source.Span{Start: s, End: end}, NewText: "x"} }
	ins := func(at int, text string) diag.Edit {
		return diag.Edit{Span: source.Span{Start: at, End: at}, NewText: text}
	}
	for _, c := range []struct {
		a, b diag.Edit
		want bool
	}{
		{e(0, 2), e(1, 3), true},
		{e(0, 2), e(2, 3), false},
		{e(2, 2), e(0, 2), false},
		{ins(2, "a"), ins(2, "b"), true},
		{ins(2, "a"), ins(2, "a"), false},
		{e(1, 4), e(1, 4), false},
		{e(1, 4), diag.Edit{Span: source.Span{Start: 1, End: 4}, NewText: "y"}, true},
		{e(2, 2), e(2, 4), true},
		{e(3, 3), e(2, 4), true},
		{e(0, 9), e(3, 4), true},
	} {
		if got := overlapsAny(c.a, []diag.Edit{c.b}); got != c.want {
			t.Errorf("overlapsAny(%v, %v) = %v, want %v", c.a.Span, c.b.Span, got, c.want)
		}
		if got := overlapsAny(c.b, []diag.Edit{c.a}); got != c.want {
			t.Errorf("overlapsAny(%v, %v) = %v, want %v (reversed)", c.b.Span, c.a.Span, got, c.want)
		}
	}
}

// FuzzApply feeds arbitrary edit spans to one pass: it must never panic,
// and the output must keep every byte outside the applied edits.
func FuzzApply(f *testing.F) {
	f.Add("plan", 0, 2, "X", 1, 3, "Y")
	f.Add("", 0, 0, "", -1, 5, "Z")
	f.Add("abcdef", 4, 4, "+", 4, 4, "-")
	f.Fuzz(func(t *testing.T, src string, s1, e1 int, t1 string, s2, e2 int, t2 string) {
		cands := []candidate{
			{code: "W_1", fix: diag.Fix{Applicability: MachineApplicable, Edits: []diag.Edit{{Span: source.Span{Start: s1, End: e1}, NewText: t1}}}},
			{code: "W_2", fix: diag.Fix{Applicability: MachineApplicable, Edits: []diag.Edit{{Span: source.Span{Start: s2, End: e2}, NewText: t2}}}},
		}
		out, applied, skipped := apply(src, cands, rank[MachineApplicable])
		if len(applied)+len(skipped) != 2 {
			t.Fatalf("%d applied + %d skipped, want 2 in all", len(applied), len(skipped))
		}
		if len(applied) == 0 && out != src {
			t.Fatalf("nothing applied but the source changed")
		}
	})
}

func BenchmarkRun(b *testing.B) {
	src := []byte(strings.Repeat("door at (1,2) width 900\n", 200))
	check := checker(rule{code: "W_DOOR_OFF_WALL", find: "at (1,2)", repl: "on w at 50%"})
	b.ReportAllocs()
	for b.Loop() {
		Run(src, check, Options{})
	}
}
