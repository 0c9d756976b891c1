package main

import (
	"testing"

	"localitylab/workloads/workload"
)

// BenchmarkFrame runs whole frames of aos beside soa, slotmap and ptrarray on each
// workload at its default sizes (and sprites still, and with a tenth moving), through the registry as the lab's workers make them,
// each world built once outside the timer; the doc comments of aos's stores quote it.
// Run it with:
//
//	go test -run '^$' -bench Frame -benchtime 30x ./examples/aos/
func BenchmarkFrame(b *testing.B) {
	cases := []struct {
		name, workload string
		params         workload.Params
	}{
		{"sprites", "sprites", nil},
		{"sprites-still", "sprites", workload.Params{"moving_pct": 0}},
		{"sprites-moving10", "sprites", workload.Params{"moving_pct": 10}},
		{"bullets", "bullets", nil},
		{"tiles", "tiles", nil},
	}
	for _, c := range cases {
		for _, backing := range []string{"aos", workload.SoA, workload.SlotMap, workload.PtrArray} {
			b.Run(c.name+"/"+backing, func(b *testing.B) {
				st := load(b, c.workload, c.params, backing)
				for range 3 { // the scratch buffers reach their size
					st.Frame()
				}
				b.ReportAllocs()
				for b.Loop() {
					st.Frame()
				}
				if st.Entities() == 0 {
					b.Fatal("no entities")
				}
			})
		}
	}
}
