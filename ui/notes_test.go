package ui

import (
	"strings"
	"testing"

	"localitylab/lab"
	"localitylab/lab/result"
)

// syntheticRun is a run of 40 frames (4 warm-up) in which backing i's frames take
// factors[i] times a base time that varies from frame to frame, and whose loads took
// loads[i] ns.
func syntheticRun(names []string, factors []float64, loads []int64) *result.Run {
	const frames, warmup = 40, 4
	r := &result.Run{Schema: result.Schema, Workload: "sprites", Frames: frames, Warmup: warmup}
	for i, name := range names {
		samples := make([]result.Sample, frames)
		for k := range samples {
			base := 1000 + 37*(k%11)
			samples[k] = result.Sample{Backing: i, Frame: k, NS: int64(float64(base) * factors[i]), Allocs: uint64(i), Checksum: uint64(k)}
		}
		r.Backings = append(r.Backings, result.Backing{Name: name, Frames: result.NewSeries(samples),
			Load: result.Load{NS: loads[i], Entities: 1000, BytesPerEntity: 24 + 8*float64(i)}})
	}
	lab.Summarize(r)
	return r
}

func TestMeasured(t *testing.T) {
	r := syntheticRun([]string{"ptrarray", "soa"}, []float64{4, 1}, []int64{2e6, 1e6})
	r.Backings = append(r.Backings, result.Backing{Name: "map", Error: "worker map: exited (exit status 7)"})
	tests := []struct {
		backing string
		want    []string
	}{
		{"soa", []string{"Measured here: the fastest here", "1 allocation per frame", "32 B per entity", "loaded in 1.00 ms"}},
		{"ptrarray", []string{"4.00× slower than soa (4.00–4.00×)", "0 allocations per frame", "24 B per entity", "loaded in 2.00 ms"}},
		{"map", []string{"Its worker failed", "exit status 7"}},
		{"rowvec", nil},
	}
	for _, tt := range tests {
		got := measured(r, tt.backing)
		if tt.want == nil && got != "" {
			t.Errorf("%s: %q, want nothing for a backing not in the run", tt.backing, got)
		}
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", tt.backing, got, w)
			}
		}
	}
}
