package scatter

import (
	"context"
	"errors"
	"slices"
	"testing"

	"localitylab/workloads/workload"
)

// TestLoad: every object is made once with its own index and handed over in
// index order, across chunks; progress ends at 1; a cancel stops the load.
func TestLoad(t *testing.T) {
	n := Chunk + 3*workload.ProgressEvery + 5 // two chunks, the second short
	var got []int
	var seen []float64
	var phases []string
	ctx0 := workload.WithPhases(context.Background(), func(name string, kind workload.PhaseKind) {
		phases = append(phases, name+"/"+kind.String())
	})
	err := Load(ctx0, func(f float64) { seen = append(seen, f) }, n, 1,
		func(i int, p *int) { *p = i },
		func(p *int) { got = append(got, *p) })
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != n {
		t.Fatalf("%d objects added, want %d", len(got), n)
	}
	for i, v := range got {
		if v != i {
			t.Fatalf("object %d added at position %d", v, i)
		}
	}
	if len(seen) < 3 || seen[len(seen)-1] != 1 || !slices.IsSorted(seen) {
		t.Fatalf("progress %v: want several rising calls ending at 1", seen)
	}
	if want := []string{AgingPhase + "/setup", workload.DefaultPhase + "/building"}; !slices.Equal(phases, want) {
		t.Errorf("phases %v, want %v", phases, want)
	}

	ctx, cancel := context.WithCancel(context.Background())
	added := 0
	err = Load(ctx, func(float64) { cancel() }, n, 1, func(int, *int) {}, func(*int) { added++ })
	if !errors.Is(err, context.Canceled) || added != 0 {
		t.Fatalf("cancelled load: %v with %d objects added, want context.Canceled and none", err, added)
	}
}
