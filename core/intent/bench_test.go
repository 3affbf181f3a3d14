package intent_test

import (
	"testing"

	"github.com/archlang-go/caddy-archlang/core/compile"
	"github.com/archlang-go/caddy-archlang/core/intent"
)

const benchIntent = `{"rooms":4,"roomsInclude":[{"concept":"bedroom","areaM2":{"min":10.8,"max":13.2,"source":"a 12 m² bedroom"},"windows":{"facing":"equator_side"}},
{"concept":"bathroom","count":{"min":1,"max":2}},{"concept":"kitchen"},{"concept":"garage"}],"totalAreaM2":{"min":43.2,"max":52.8,"source":"about 48 m²"},
"adjacency":{"requiredEdges":{"hall":["bathroom","bedroom"],"kitchen":["living-room"]},"source":"all off the hall"},"reachable":true}`

func BenchmarkDecode(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, errs := intent.Decode([]byte(benchIntent)); errs != nil {
			b.Fatal(errs)
		}
	}
}

func BenchmarkEvaluate(b *testing.B) {
	in, _ := intent.Decode([]byte(benchIntent))
	facts := compile.Describe(plan(b, "flat.arch"), compile.DescribeOptions{}).Facts
	b.ReportAllocs()
	for b.Loop() {
		intent.Evaluate(in, facts)
	}
}

func BenchmarkCheckGraph(b *testing.B) {
	facts := compile.Describe(plan(b, "flat.arch"), compile.DescribeOptions{}).Facts
	g := []byte(`{"hall":["liv","bed","bath"],"liv":["bed"]}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := intent.CheckGraph(facts, g); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidate(b *testing.B) {
	src := plan(b, "flat.arch")
	opts := compile.ValidateOptions{Strict: true, Intent: []byte(benchIntent), Graph: []byte(`{"hall":["liv","bed","bath"]}`)}
	b.ReportAllocs()
	for b.Loop() {
		compile.Validate(src, opts)
	}
}

func BenchmarkScore(b *testing.B) {
	src := plan(b, "flat.arch")
	b.ReportAllocs()
	for b.Loop() {
		compile.Score(src, []byte(benchIntent), compile.ScoreOptions{})
	}
}
