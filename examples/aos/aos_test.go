package main

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"testing"

	"localitylab/byo"
	"localitylab/presets"
	"localitylab/workloads"
	"localitylab/workloads/workload"
	"localitylab/workloads/workload/workloadtest"
)

func TestMain(m *testing.M) {
	if err := byo.Register(Backing); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(m.Run())
}

// load makes and loads one backing's store through the registry, as the lab's worker
// does.
func load(t testing.TB, workloadName string, p workload.Params, backing string) workload.Store {
	t.Helper()
	spec, err := workloads.Lookup(workloadName)
	if err != nil {
		t.Fatal(err)
	}
	if p, err = spec.Resolve(p); err != nil {
		t.Fatal(err)
	}
	st, err := spec.NewStore(p, backing)
	if err != nil {
		t.Fatalf("%s: %v", backing, err)
	}
	if err := st.Load(context.Background(), func(float64) {}); err != nil {
		t.Fatalf("%s: load: %v", backing, err)
	}
	return st
}

// TestEqualWork is docs/design.md's rule 1 for aos: on every workload, sizes and seeds,
// it returns soa's checksum for every frame, and ptrarray's too. The cases are those
// where aos's own code takes another path: one entity, holes reused by later spawns
// (bullets live short lives), entities wider than a tile, both growths of the tiles'
// entry slice, the window visited column by column, and nothing moving.
func TestEqualWork(t *testing.T) {
	cases := []struct {
		workload string
		params   workload.Params
		frames   int
	}{
		{"sprites", workload.Params{"entities": 1}, 50},
		{"sprites", workload.Params{"entities": 5000, "moving_pct": 20, "step": 300}, 150},
		{"sprites", workload.Params{"entities": 20000, "moving_pct": 0}, 60},
		{"bullets", workload.Params{"entities": 1}, 80},
		{"bullets", workload.Params{"entities": 4000, "lifetime": 20, "handles": 8}, 200},
		{"bullets", workload.Params{"entities": 3000, "targets": 200, "target_size": 300}, 150},
		{"bullets", workload.Params{"entities": 3000, "dispatch": 1, "allocs": 2}, 100},
		{"tiles", workload.Params{"entities": 1}, 50},
		{"tiles", workload.Params{"entities": 3000, "cols": 128, "rows": 96, "window_w": 40, "window_h": 30, "window_step": 7, "moving_pct": 30}, 150},
		{"tiles", workload.Params{"entities": 2000, "cols": 100, "rows": 80, "span": 4, "growth": 1, "moving_pct": 10}, 120},
		{"tiles", workload.Params{"entities": 2000, "cols": 100, "rows": 80, "window_w": 30, "window_h": 20, "span": 2, "order": 1, "moving_pct": 10}, 120},
		{"tiles", workload.Params{"entities": 2000, "cols": 100, "rows": 80, "window_w": 30, "window_h": 20, "window_step": 5, "span": 3, "moving_pct": 0}, 60},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%s/%v", tc.workload, tc.params), func(t *testing.T) {
			workloadtest.EachSeed(t, tc.params, func(t *testing.T, p workload.Params) {
				ref := load(t, tc.workload, p, workload.SoA)
				others := []workload.Store{load(t, tc.workload, p, "aos"), load(t, tc.workload, p, workload.PtrArray)}
				sums := workloadtest.Lockstep(t, ref, others, []string{"aos", "ptrarray"}, tc.frames)
				if tc.params["entities"] > 1 && workloadtest.Distinct(sums) < tc.frames/3 {
					t.Fatalf("only %d distinct checksums in %d frames", workloadtest.Distinct(sums), tc.frames)
				}
			})
		})
	}
}

// TestOffered: aos is offered for the three workloads, after the six built in.
func TestOffered(t *testing.T) {
	for _, spec := range workloads.All() {
		bs := spec.Backings()
		if len(bs) != 7 || bs[6] != "aos" {
			t.Errorf("%s offers %v, want the six built in then aos", spec.Name, bs)
		}
		if len(spec.Note("aos")) < 100 {
			t.Errorf("%s: aos has no teaching note", spec.Name)
		}
		if est := spec.Estimate(workloadtest.Resolve(t, spec, nil), "aos"); est <= 0 {
			t.Errorf("%s: aos estimates %d bytes", spec.Name, est)
		}
	}
}

// TestTraceAgrees: what aos's frames fold, line by line, is what soa's fold, on every
// workload; and the trace is not empty, so the agreement means something.
func TestTraceAgrees(t *testing.T) {
	var traces [2][]workload.Folded
	sideBySide(t, nil, func(t *testing.T, i int, st workload.Store) {
		tr, ok := st.(workload.Tracer)
		if !ok {
			t.Fatalf("%s's store is no workload.Tracer", againstSoA[i])
		}
		tr.StartTrace()
		for range 5 {
			st.Frame()
		}
		traces[i] = tr.Trace(nil)
	}, func(t *testing.T) {
		if len(traces[0]) < 10 || len(traces[0]) != len(traces[1]) {
			t.Fatalf("traces of %d and %d lines", len(traces[0]), len(traces[1]))
		}
		for i := range traces[0] {
			if traces[0][i] != traces[1][i] {
				t.Fatalf("line %d: soa %v, aos %v", i, traces[0][i], traces[1][i])
			}
		}
	})
}

// againstSoA are the backings sideBySide runs, in its order.
var againstSoA = [2]string{workload.SoA, "aos"}

// sideBySide runs a small world of each workload twice, with soa's store and then
// aos's, handing each loaded store to run with its index in againstSoA; compare then
// checks what run kept of the two. tiles adds to the tiles world's parameters.
func sideBySide(t *testing.T, tiles workload.Params, run func(t *testing.T, i int, st workload.Store), compare func(t *testing.T)) {
	tilesParams := workload.Params{"entities": 2000, "cols": 100, "rows": 80}
	maps.Copy(tilesParams, tiles)
	for _, tc := range []struct {
		workload string
		params   workload.Params
	}{
		{"sprites", workload.Params{"entities": 5000}},
		{"bullets", workload.Params{"entities": 3000}},
		{"tiles", tilesParams},
	} {
		t.Run(tc.workload, func(t *testing.T) {
			for i, b := range againstSoA {
				run(t, i, load(t, tc.workload, tc.params, b))
			}
			compare(t)
		})
	}
}

// TestLesson: in this binary the aos-vs-soa lesson is offered, valid, and fits a
// classroom's memory as the built-in lessons must.
func TestLesson(t *testing.T) {
	p, err := presets.Lookup("aos-vs-soa")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(presets.Builtin(), func(b presets.Preset) bool { return b.Name == p.Name }) {
		t.Error("aos-vs-soa is not offered where aos is registered")
	}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	spec, err := workloads.Lookup(p.Workload)
	if err != nil {
		t.Fatal(err)
	}
	var need int64
	for _, b := range p.Backings {
		need += spec.Estimate(workloadtest.Resolve(t, spec, p.Params), b)
	}
	if need > 4<<30 {
		t.Errorf("the lesson needs about %d MiB", need>>20)
	}
}

// TestScene: aos's preview shows what soa's does: on sprites the World's own record
// of what was drawn (aos has no Scene of its own), on bullets aos's Scene, on tiles
// the World's walk of aos's Each; the same boxes, whatever order the store lists them.
func TestScene(t *testing.T) {
	var scenes [2]workload.Scene
	sideBySide(t, workload.Params{"window_w": 30, "window_h": 20}, func(t *testing.T, i int, st workload.Store) {
		for range 4 {
			st.Frame()
		}
		st.Scene(&scenes[i])
		slices.SortFunc(scenes[i].Boxes, func(a, b workload.Box) int {
			return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Y, b.Y), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.W, b.W))
		})
	}, func(t *testing.T) {
		soa, aos := &scenes[0], &scenes[1]
		if len(soa.Boxes) < 10 || soa.Total != aos.Total || soa.World != aos.World || soa.View != aos.View || !slices.Equal(soa.Boxes, aos.Boxes) {
			t.Errorf("aos's scene (%d boxes of %d) differs from soa's (%d of %d)", len(aos.Boxes), aos.Total, len(soa.Boxes), soa.Total)
		}
	})
}
