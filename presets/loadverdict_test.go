package presets

import (
	"strings"
	"testing"

	"localitylab/lab/result"
	"localitylab/lab/runtest"
	"localitylab/workloads/tiles"
)

// TestLoadAnswerExplains: a load claim's answer says what each load cost on the way,
// from the figures the workers measured, and on the tiles workload what the run's
// growth did; loads measured without those figures keep the plain answer.
func TestLoadAnswerExplains(t *testing.T) {
	gib := func(x float64) int64 { return int64(x * (1 << 30)) }
	// soa and rowvec as tiles-rows measured them grown by append (rounded).
	grown := func(r *result.Run) {
		r.Backings[0].Load = result.Load{NS: 15e9, Entities: 1000, PageBytes: 4096,
			AllocBytes: uint64(gib(6.5)), FreedLateBytes: gib(5.2), GCCycles: 21}
		r.Backings[0].Load.SetUsage(900_000, 1e9, 2e9)
		r.Backings[1].Load = result.Load{NS: 7e9, Entities: 1000, PageBytes: 4096,
			AllocBytes: uint64(gib(5.9)), FreedLateBytes: gib(4.7), GCCycles: 25}
		r.Backings[1].Load.SetUsage(500_000, 1e9, 1e9)
	}
	sized := func(r *result.Run) {
		for i := range r.Backings {
			r.Backings[i].Load = result.Load{NS: 3e9, Entities: 1000, MinorFaults: result.Measured[int64](295_000), PageBytes: 4096,
				AllocBytes: uint64(gib(1.13)), FreedLateBytes: 10 << 10, GCCycles: 2}
		}
	}
	// As a Windows worker measures them: no page faults nor CPU time, and why.
	const why = "page faults and the load's CPU time are not measured on windows"
	windows := func(r *result.Run) {
		grown(r)
		for i := range r.Backings {
			l := &r.Backings[i].Load
			l.MinorFaults, l.UserNS, l.SysNS, l.PageBytes, l.UsageNote = nil, nil, nil, 0, why
		}
	}
	claim := Claim{Metric: "load", Slower: "soa", Faster: "rowvec", Ratio: 5.8}
	tests := []struct {
		name     string
		workload string
		growth   int64 // -1: no growth parameter
		loads    func(*result.Run)
		want     []string
		not      []string
	}{
		{"grown by append", "tiles", tiles.GrowthAppend, grown, []string{
			"What the loads cost on the way: soa took 900,000 page faults (3.43 GiB of fresh pages) and allocated 6.50 GiB to keep 1.30 GiB; rowvec took 500,000 page faults (1.91 GiB of fresh pages) and allocated 5.90 GiB to keep 1.20 GiB.",
			"In CPU time (the worker's, every thread) soa's load took 1.50× rowvec's, 3.00 s against 2.00 s, of which the kernel, serving page faults above all, took 2.00 s and 1.00 s.",
			"The longer wall-clock times of the load column include time the workers were not running.",
			"(21 ran during soa's load, 25 during rowvec's)",
			"Grown by Go's append", "the loads allocated 5.00× and 4.92× what they keep",
			"soa took 1.80× rowvec's fresh pages for 1.10× its allocation.",
			"how much of the source's 5.80× those differences explain is not measured here",
		}, []string{"Sized once", "Grown by doubling"}},
		{"grown by doubling", "tiles", tiles.GrowthDouble, grown, []string{"Grown by doubling", "cannot serve its next growth"},
			[]string{"Grown by Go's append", "Sized once"}},
		{"sized", "tiles", tiles.GrowthSized, sized, []string{
			"Sized once", "the loads allocated 1.00× and 1.00× what they keep",
			"soa took 1.00× rowvec's fresh pages for 1.00× its allocation. What is left of the difference in load time does not come from growing vectors.",
		}, []string{"Go's collector freed only at a later cycle", "Grown by", "In CPU time"}},
		{"another workload", "sprites", -1, grown, []string{"What the loads cost on the way"}, []string{"Grown by", "Sized once", "source's 5.80× those"}},
		{"not measured", "tiles", tiles.GrowthAppend, func(*result.Run) {}, nil, []string{"What the loads cost"}},
		{"faults not measured on this system", "tiles", tiles.GrowthAppend, windows, []string{
			"What the loads cost on the way: soa allocated 6.50 GiB to keep 1.30 GiB; rowvec allocated 5.90 GiB to keep 1.20 GiB.",
			"Their page faults and CPU time: n/a (" + why + ").",
			"soa allocated 1.10× rowvec's bytes",
		}, []string{"page faults (", "0 page faults", "In CPU time", "fresh pages for"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runtest.Synthetic([]string{"soa", "rowvec"}, []float64{1, 1}, []int64{2e9, 1e9})
			r.Workload = tt.workload
			r.Params = map[string]int64{"seed": 1}
			if tt.growth >= 0 {
				r.Params[tiles.GrowthParam] = tt.growth
			}
			tt.loads(r)
			got := checked(t, claim.Answer(r)).String()
			if !strings.Contains(got, "Measured here: loading soa took") || !strings.Contains(got, "The claim does not hold on this load") {
				t.Errorf("the plain answer is gone:\n%s", got)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("answer lacks %q:\n%s", w, got)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("answer says %q:\n%s", n, got)
				}
			}
		})
	}
}
