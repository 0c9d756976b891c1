package lab

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"localitylab/lab/result"
	"localitylab/scenarios"
	"localitylab/scenarios/workload"
)

// BenchmarkAgreement checks the lab against Go's own harness and against itself. For
// each case it measures, for each backing of interest:
//
//   - go-ns: testing.Benchmark's ns/op for the same store and parameters, frames run
//     back to back in this process (what `go test -bench` reports);
//   - alone-ns: the lab's p50 with that backing alone in the run;
//   - beside-ns: its p50 beside the case's other backings;
//   - reversed-ns: the same, the backings listed in reverse;
//   - cold-ns: its p50 beside the others in cold mode (every frame after a cache flush);
//
// and the ratios that the lab guarantees: beside/alone and reversed/alone within
// ±15%, alone/go within ±25% in warm mode. It is slow (whole worlds, many runs): run
// it on its own,
//
//	go test -run '^$' -bench Agreement -timeout 60m ./lab/
//
// (one iteration takes minutes, so the harness stops at one; the inner
// testing.Benchmark keeps its default of about a second per store).
//
// A ratio is a measurement, not an assertion: on a busy machine it wanders, which is
// why this is a benchmark and not a test.
func BenchmarkAgreement(b *testing.B) {
	cases := []struct {
		name     string
		workload string
		params   workload.Params
		backings []string // the company
		focus    []string // whose figures are reported
		frames   int
	}{
		{"sprites-static", "sprites", workload.Params{"moving_pct": 0},
			[]string{workload.PtrArray, workload.SoA, workload.SpatialHash},
			[]string{workload.SoA, workload.SpatialHash, workload.PtrArray}, 200},
		{"bullets", "bullets", workload.Params{},
			[]string{workload.SlotMap, workload.Map, workload.PtrArray},
			[]string{workload.SlotMap, workload.Map}, 200},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				runs := map[string]*result.Run{}
				lab := func(key string, backings []string, cache CacheMode) *result.Run {
					c := testConfig(b, backings...)
					c.Workload, c.Params, c.Frames, c.Warmup, c.Cache = tc.workload, tc.params.Clone(), tc.frames, tc.frames/10, cache
					c.Timeout = 5 * DefaultTimeout
					r, err := Run(context.Background(), c, nil)
					if err != nil {
						b.Fatalf("%s: %v", key, err)
					}
					for _, bk := range r.Backings {
						if bk.Error != "" {
							b.Fatalf("%s: %s: %s", key, bk.Name, bk.Error)
						}
					}
					runs[key] = r
					return r
				}
				beside := lab("beside", tc.backings, Warm)
				reversed := lab("reversed", reversedOf(tc.backings), Warm)
				cold := lab("cold", tc.backings, Cold)
				for _, name := range tc.focus {
					alone := lab("alone", []string{name}, Warm)
					goNS := goBenchNS(b, tc.workload, tc.params, name)
					p := func(r *result.Run) float64 { return p50Of(b, r, name) }
					b.ReportMetric(goNS, name+"-go-ns")
					b.ReportMetric(p(alone), name+"-alone-ns")
					b.ReportMetric(p(beside), name+"-beside-ns")
					b.ReportMetric(p(reversed), name+"-reversed-ns")
					b.ReportMetric(p(cold), name+"-cold-ns")
					b.ReportMetric(p(alone)/goNS, name+"-alone/go")
					b.ReportMetric(p(beside)/p(alone), name+"-beside/alone")
					b.ReportMetric(p(reversed)/p(alone), name+"-reversed/alone")
				}
				for _, r := range []*result.Run{beside, reversed} {
					for _, q := range r.Ratios {
						b.Logf("%s %s: %s vs %s %.3f (%.3f–%.3f)", tc.name, orderName(r), q.Backing, q.Vs, q.Median, q.Lo, q.Hi)
					}
				}
			}
		})
	}
}

// goBenchNS is what `go test -bench` would say a frame of this store costs: the store
// is loaded in this process and testing.Benchmark times its frames back to back.
func goBenchNS(b *testing.B, wl string, params workload.Params, backing string) float64 {
	spec, err := scenarios.Lookup(wl)
	if err != nil {
		b.Fatal(err)
	}
	p, err := spec.Resolve(params)
	if err != nil {
		b.Fatal(err)
	}
	st, err := spec.New(p, backing)
	if err != nil {
		b.Fatal(err)
	}
	if err := st.Load(context.Background(), func(float64) {}); err != nil {
		b.Fatal(err)
	}
	var sink uint64
	res := testing.Benchmark(func(b *testing.B) {
		for b.Loop() {
			sink += st.Frame()
		}
	})
	_ = sink
	return float64(res.NsPerOp())
}

func p50Of(b *testing.B, r *result.Run, name string) float64 {
	for _, bk := range r.Backings {
		if bk.Name == name {
			return bk.Summary.P50NS
		}
	}
	b.Fatalf("run has no %s", name)
	return 0
}

func reversedOf(xs []string) []string {
	ys := slices.Clone(xs)
	slices.Reverse(ys)
	return ys
}

func orderName(r *result.Run) string {
	names := make([]string, len(r.Backings))
	for i, bk := range r.Backings {
		names[i] = bk.Name
	}
	return fmt.Sprint(names)
}
