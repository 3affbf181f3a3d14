package diag_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/diag"
)

// marker is an expectation written in an example: "### CODE" at the end of
// a line expects that code on that line; a line holding only markers
// expects diagnostics that carry no position (line 0 here).
var marker = regexp.MustCompile(`###\s+([EW]_[A-Z0-9_]+)`)

// pending lists examples whose output still differs from the reference's,
// keyed by the chunk's first expected code, with what differs. They run and
// are logged but do not fail, so the divergence stays visible without
// turning the package red for a stage owned elsewhere. Delete an entry once
// its example passes (the test says so).
var pending = map[string]string{
	"E_ACC_PLACEMENT": "not reported for accDescr inside a component that is never called; the reference checks the body itself",
	"E_ARGCOUNT":      "an extra W_EMPTY_PLAN",
	"E_FURN_FLUSH":    "the parser rejects flush after centered; the reference reports E_FURN_FLUSH",
	"E_RANGE_LIMIT":   "an extra W_EMPTY_PLAN",
	"E_RECURSION":     "an extra W_EMPTY_PLAN",
}

// TestCatalogueExamples compiles testdata/examples.arch, one plan per chunk
// (chunks are separated by "---" lines), and checks that each chunk yields
// exactly the coded diagnostics its markers name, on the marked lines. The
// markers were taken from the reference compiler's output for these plans.
//
// A chunk is skipped while any code it expects is not yet written anywhere
// in the module's code: the stage that emits it has not landed. Once it has,
// the example holds it to the reference.
func TestCatalogueExamples(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "examples.arch"))
	if err != nil {
		t.Fatal(err)
	}
	referenced, err := diag.ReferencedCodes(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	chunks := bytes.Split(data, []byte("---\n"))
	var ran, skipped int
	covered := map[string]bool{}
	for i, chunk := range chunks {
		want := expectations(chunk)
		if len(want) == 0 {
			t.Errorf("chunk %d has no ### markers", i)
			continue
		}
		name := fmt.Sprintf("%d_%s", i, want[0].code)
		t.Run(name, func(t *testing.T) {
			for _, w := range want {
				covered[w.code] = true
				if _, ok := diag.Lookup(w.code); !ok {
					t.Fatalf("%s is not catalogued", w.code)
				}
				if !referenced[w.code] {
					skipped++
					t.Skipf("%s is not emitted by any stage yet", w.code)
				}
			}
			ran++
			res := compile.Compile(chunk, compile.Options{})
			var got []expect
			for _, d := range res.Diagnostics {
				line := 0
				if !d.Unplaced {
					line, _ = res.File.Position(d.Span.Start)
				}
				if d.Code == "" { // a syntax error: no example expects one
					got = append(got, expect{"syntax: " + d.Message, line})
					continue
				}
				got = append(got, expect{d.Code, line})
				if e, _ := diag.Lookup(d.Code); e.Severity != d.Severity {
					t.Errorf("%s emitted as %v, catalogued as %v", d.Code, d.Severity, e.Severity)
				}
			}
			slices.SortFunc(got, compareExpect)
			why, known := pending[want[0].code]
			switch {
			case slices.Equal(got, want) && known:
				t.Logf("passes now: delete %s from pending", want[0].code)
			case !slices.Equal(got, want) && known:
				t.Skipf("known divergence (%s): diagnostics = %v, want %v", why, got, want)
			case !slices.Equal(got, want):
				t.Errorf("diagnostics = %v, want %v\n%s", got, want, chunk)
			}
		})
	}
	t.Logf("%d examples ran, %d waiting for their stage, %d codes covered", ran, skipped, len(covered))
}

type expect struct {
	code string
	line int // 0: unplaced
}

func (e expect) String() string { return fmt.Sprintf("%s@%d", e.code, e.line) }

func compareExpect(a, b expect) int {
	if c := strings.Compare(a.code, b.code); c != 0 {
		return c
	}
	return a.line - b.line
}

// expectations reads the ### markers of one chunk, sorted.
func expectations(chunk []byte) []expect {
	var out []expect
	for i, line := range strings.Split(string(chunk), "\n") {
		n := i + 1
		if strings.HasPrefix(strings.TrimSpace(line), "###") {
			n = 0
		}
		for _, m := range marker.FindAllStringSubmatch(line, -1) {
			out = append(out, expect{m[1], n})
		}
	}
	slices.SortFunc(out, compareExpect)
	return out
}

// TestLintExamples checks testdata/lint-examples.arch, plans whose markers
// give the reference's lint findings (taken from its lint tool). The
// reference's compile reports nothing at all for them, so compile must not
// either; the markers are for the lint stage, which this test will run once
// the core has a lint entry point.
func TestLintExamples(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "lint-examples.arch"))
	if err != nil {
		t.Fatal(err)
	}
	for i, chunk := range bytes.Split(data, []byte("---\n")) {
		want := expectations(chunk)
		if len(want) == 0 {
			t.Errorf("chunk %d has no ### markers", i)
			continue
		}
		t.Run(fmt.Sprintf("%d_%s", i, want[0].code), func(t *testing.T) {
			for _, w := range want {
				if e, ok := diag.Lookup(w.code); !ok || e.Severity != diag.Warning {
					t.Errorf("%s is not a catalogued warning", w.code)
				}
			}
			res := compile.Compile(chunk, compile.Options{})
			for _, d := range res.Diagnostics {
				line, _ := res.File.Position(d.Span.Start)
				t.Errorf("compile reported %s %q on line %d; the reference's compile reports nothing here", d.Code, d.Message, line)
			}
		})
	}
}
