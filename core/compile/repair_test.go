package compile

import (
	"testing"

	"github.com/archlang-go/caddy-archlang/core/analysis"
	"github.com/archlang-go/caddy-archlang/core/source"
)

const repairPlan = "plan \"R\" {\n" +
	"  units mm\n" +
	"  grid 50\n" +
	"  wall exterior thickness 200 { (0,0) (8000,0) (8000,4000) (0,4000) close }\n" +
	"  wall partition thickness 100 { (4000,0) (4000,4000) }\n" +
	"  room id=a at (0,0) size 4000x4000 label \"A\"\n" +
	"  room id=b at (4000,0) size 4000x4000 label \"B\"\n" +
	"  furniture sofa at (3200,1000) size 1000x900\n" +
	"}\n"

func TestRepairFacade(t *testing.T) {
	for _, c := range []struct {
		name       string
		src        string
		changed    bool
		unresolved int
	}{
		{"a sofa through a wall", repairPlan, true, 0},
		{"does not parse", "plan \"E\" {\n  room\n", false, 1},
		{"does not resolve", "plan \"E\" {\n  furniture table in b centered\n}\n", false, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := Repair([]byte(c.src), RepairOptions{})
			if !r.OK || r.Changed != c.changed || len(r.Unresolved) != c.unresolved || r.Changes == nil {
				t.Errorf("Repair = %+v", r)
			}
			if !c.changed && r.Source != c.src {
				t.Errorf("source changed without a move:\n%s", r.Source)
			}
		})
	}
}

func BenchmarkRepair(b *testing.B) {
	src := []byte(repairPlan)
	for b.Loop() {
		Repair(src, RepairOptions{})
	}
}

// TestGuardMeasureBudget holds repair's walk guard to maxGuardCells: it
// measures while the cells it has laid fit the budget, then declines, so
// a plan with many moves costs at most that many cells of circulation.
func TestGuardMeasureBudget(t *testing.T) {
	p, ds := Resolve(source.NewFile("plan.arch", []byte(repairPlan)))
	if ds.HasErrors() || p == nil {
		t.Fatalf("plan does not resolve: %v", ds)
	}
	cells := analysis.GridCells(p)
	if cells <= 0 {
		t.Fatalf("GridCells = %d, want a grid", cells)
	}
	measure := guardMeasure()
	want := maxGuardCells / cells
	for i := range want {
		if _, ok := measure(p); !ok {
			t.Fatalf("measure %d of %d declined within the budget", i+1, want)
		}
	}
	if _, ok := measure(p); ok {
		t.Errorf("measure %d (%d cells each, budget %d) was taken", want+1, cells, maxGuardCells)
	}
	if _, ok := guardMeasure()(p); !ok {
		t.Error("a new repair's measure declined: the budget is per repair")
	}
}
