package workloads

import (
	"slices"
	"testing"
	"time"

	"localitylab/memlayout"
	"localitylab/workloads/workload"
)

// snapshotBurst is how many frames each store runs in one turn of
// BenchmarkLayoutSnapshot, as the lab's scheduler runs them in bursts; the first half
// of every burst re-warms the caches after the other store's turn and is not counted.
const snapshotBurst = 8

// BenchmarkLayoutSnapshot measures what taking a layout costs the run it watches. Two
// stores of the same backing, at the workload's default size and with the same seed,
// run the same frames in alternating bursts, as the lab runs backings: store "with"
// has its layout taken (Layout, then AppendBinary, as the worker does) before every
// frame, store "without" never. Each frame is timed alone, and frame k of one is
// compared with frame k of the other, which did the same work (their checksums are
// checked to agree).
//
//   - ratio: the median over frames of with-time / without-time: a layout that left
//     the caches or the heap worse for the next frame would show above 1;
//   - with-ns, without-ns: the two stores' median frame times;
//   - snapshot-ns: the median time to take and encode a layout, which the worker
//     spends between frames, outside every timed one;
//   - layout-B: the encoded layout, what the worker sends.
//
// A layout is taken before every frame here; the app asks for one every 400 ms.
//
// go test -run '^$' -bench LayoutSnapshot -benchtime 10x ./workloads/
func BenchmarkLayoutSnapshot(b *testing.B) {
	for _, spec := range All() {
		for _, backing := range workload.Backings {
			b.Run(spec.Name+"/"+backing, func(b *testing.B) {
				with, without := loaded(b, spec.Name, backing, workload.Params{}), loaded(b, spec.Name, backing, workload.Params{})
				lr := with.(workload.LayoutReporter)
				var l memlayout.Layout
				var buf []byte
				var tw, two, snap []time.Duration
				var sumWith, sumWithout []uint64
				frame := 0
				for b.Loop() {
					stores := [2]workload.Store{with, without}
					if frame/snapshotBurst%2 == 1 {
						stores[0], stores[1] = without, with // alternate which goes first
					}
					for _, st := range stores {
						for k := range snapshotBurst {
							if st == with {
								t0 := time.Now()
								l.Reset(spec.Name, backing, frame+k)
								lr.Layout(&l)
								var err error
								if buf, err = l.AppendBinary(buf[:0]); err != nil {
									b.Fatal(err)
								}
								snap = append(snap, time.Since(t0))
							}
							t0 := time.Now()
							sum := st.Frame()
							d := time.Since(t0)
							if st == with {
								sumWith = append(sumWith, sum)
							} else {
								sumWithout = append(sumWithout, sum)
							}
							if k >= snapshotBurst/2 {
								if st == with {
									tw = append(tw, d)
								} else {
									two = append(two, d)
								}
							}
						}
					}
					frame += snapshotBurst
				}
				if !slices.Equal(sumWith, sumWithout) {
					b.Fatal("the store whose layouts were taken gave other checksums")
				}
				ratios := make([]float64, len(tw))
				for i := range tw {
					ratios[i] = float64(tw[i]) / float64(two[i])
				}
				slices.Sort(ratios)
				b.ReportMetric(ratios[len(ratios)/2], "ratio")
				b.ReportMetric(median(tw), "with-ns")
				b.ReportMetric(median(two), "without-ns")
				b.ReportMetric(median(snap), "snapshot-ns")
				b.ReportMetric(float64(len(buf)), "layout-B")
			})
		}
	}
}

func median(d []time.Duration) float64 {
	s := slices.Clone(d)
	slices.Sort(s)
	return float64(s[len(s)/2])
}
