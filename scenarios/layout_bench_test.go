package scenarios

import (
	"slices"
	"testing"
	"time"

	"localitylab/memlayout"
	"localitylab/scenarios/workload"
)

// BenchmarkLayoutSnapshot measures what a layout costs the run it watches. Each
// iteration runs two frames of one store at the workload's default size: the first
// right after a layout was taken (as the worker takes it, Layout then AppendBinary),
// the second right after the first frame, with nothing between. Frames of both kinds
// interleave on the same store, so machine noise falls on both alike.
//
//   - with-ns, without-ns: median time of a frame that follows a layout, and of one
//     that follows a frame: a layout that left the caches or the heap worse for the
//     next frame would show as with-ns above without-ns;
//   - snapshot-ns: median time to take and encode the layout, which the worker spends
//     between frames, outside every timed one;
//   - layout-B: the encoded layout, what the worker sends.
//
// go test -run '^$' -bench LayoutSnapshot -benchtime 60x ./scenarios/
func BenchmarkLayoutSnapshot(b *testing.B) {
	for _, spec := range All() {
		for _, backing := range workload.Backings {
			b.Run(spec.Name+"/"+backing, func(b *testing.B) {
				st := loaded(b, spec.Name, backing, workload.Params{})
				lr := st.(workload.LayoutReporter)
				var l memlayout.Layout
				var buf []byte
				var with, without, snap []time.Duration
				for range 4 { // warm the buffers and the caches
					st.Frame()
				}
				var sum uint64
				for b.Loop() {
					t0 := time.Now()
					l.Reset(spec.Name, backing, 0)
					lr.Layout(&l)
					var err error
					if buf, err = l.AppendBinary(buf[:0]); err != nil {
						b.Fatal(err)
					}
					t1 := time.Now()
					sum += st.Frame()
					t2 := time.Now()
					sum += st.Frame()
					t3 := time.Now()
					snap = append(snap, t1.Sub(t0))
					with = append(with, t2.Sub(t1))
					without = append(without, t3.Sub(t2))
				}
				b.ReportMetric(median(with), "with-ns")
				b.ReportMetric(median(without), "without-ns")
				b.ReportMetric(median(snap), "snapshot-ns")
				b.ReportMetric(float64(len(buf)), "layout-B")
				if sum == 0 {
					b.Log("every checksum was zero")
				}
			})
		}
	}
}

func median(d []time.Duration) float64 {
	s := slices.Clone(d)
	slices.Sort(s)
	return float64(s[len(s)/2])
}
