package summary

import (
	"encoding/json"
	"math"
	"testing"

	"localitylab/lab/result"
	"localitylab/workloads/workload"
)

// series makes a backing's frames from frame times, with allocs per frame and, when
// misses is not nil, counters.
func series(ns []int64, allocs uint64, misses []uint64) result.Series {
	samples := make([]result.Sample, len(ns))
	for i, v := range ns {
		samples[i] = result.Sample{Frame: i, NS: v, Allocs: allocs, AllocBytes: 64 * allocs, GCCycles: 1,
			HeapBytes: uint64(1000 + i), RSSBytes: uint64(2000 + i), Checksum: uint64(i)}
		if misses != nil {
			samples[i].HasCounters, samples[i].MemMisses = true, misses[i]
		}
	}
	return result.NewSeries(samples)
}

func TestSummarize(t *testing.T) {
	const warmup = 10
	base := make([]int64, warmup+100)
	for i := range base {
		base[i] = 1e9 // warm-up frames: must not count
		if i >= warmup {
			base[i] = int64(1 + (i-warmup)*37%100) // 1…100, shuffled
		}
	}
	scaled := func(f func(i int, v int64) int64) []int64 {
		out := make([]int64, len(base))
		for i, v := range base {
			out[i] = f(i, v)
		}
		return out
	}
	misses := make([]uint64, len(base))
	for i := range misses {
		misses[i] = uint64(i % 2 * 10) // 0, 10, 0, 10, …: mean 5
	}
	r := &result.Run{Warmup: warmup, Backings: []result.Backing{
		{Name: "a", Frames: series(base, 3, misses)},
		{Name: "b", Frames: series(scaled(func(_ int, v int64) int64 { return 2 * v }), 0, nil)},
		{Name: "c", Frames: series(scaled(func(i int, v int64) int64 { return v * int64(10+i%2*2-1) }), 0, nil)}, // ×9, ×11
		{Name: "d", Error: "worker d: hung", Frames: series(scaled(func(_ int, v int64) int64 { return v / 2 }), 0, nil)},
	}}
	Summarize(r)

	a := r.Backings[0].Summary
	for _, f := range []struct {
		name      string
		got, want float64
	}{
		{"p50", a.P50NS, 50.5}, {"p95", a.P95NS, 95.05}, {"p99", a.P99NS, 99.01}, {"max", a.MaxNS, 100},
		{"mean", a.MeanNS, 50.5}, {"allocs", a.AllocsPerFrame, 3}, {"alloc bytes", a.AllocBytesPerFrame, 192},
		{"gc cycles", float64(a.GCCycles), 110}, {"heap", float64(a.HeapBytes), 1109}, {"rss", float64(a.RSSBytes), 2109},
	} {
		if math.Abs(f.got-f.want) > 1e-9 {
			t.Errorf("a: %s = %v, want %v", f.name, f.got, f.want)
		}
	}
	if a.MemMissesPerFrame == nil || *a.MemMissesPerFrame != 5 {
		t.Errorf("a: misses/frame %v, want 5", a.MemMissesPerFrame)
	}
	if b := r.Backings[1].Summary; b.MemMissesPerFrame != nil || b.P50NS != 101 {
		t.Errorf("b: %+v, want p50 101 and no counters", b)
	}
	var h uint64
	for i := range base {
		h = workload.Fold(h, uint64(i))
	}
	if a.Checksum != result.FormatChecksum(h) {
		t.Errorf("checksum %s, want the fold of every frame's %s", a.Checksum, result.FormatChecksum(h))
	}

	want := map[string]result.Ratio{
		"a": {Backing: "a", Vs: "a", Median: 1, Lo: 1, Hi: 1},
		"b": {Backing: "b", Vs: "a", Median: 2, Lo: 2, Hi: 2, Significant: true},
		// Half the blocks ×9, half ×11: the median of their logarithms averages the
		// middle two, the geometric mean √99.
		"c": {Backing: "c", Vs: "a", Median: math.Sqrt(99), Lo: 9, Hi: 11, Significant: true},
	}
	// d's worker failed: partial figures are shown, but it is neither the best nor
	// compared with it, however fast its frames were.
	if len(r.Ratios) != 3 {
		t.Fatalf("%d ratios (%+v), want 3: none for the failed backing", len(r.Ratios), r.Ratios)
	}
	order := []string{"a", "b", "c"} // the fastest, then by ratio
	for i, got := range r.Ratios {
		if got.Backing != order[i] {
			t.Errorf("ratios[%d] is %s, want %s", i, got.Backing, order[i])
		}
		w := want[got.Backing]
		if math.Abs(got.Median-w.Median) > 0.02 || math.Abs(got.Lo-w.Lo) > 0.02 || math.Abs(got.Hi-w.Hi) > 0.02 || got.Significant != w.Significant || got.Vs != w.Vs {
			t.Errorf("ratio %+v, want %+v", got, w)
		}
	}
}

// TestRatioNoise compares a backing with itself plus symmetric noise: the interval
// must cover 1, so the difference is not significant.
func TestRatioNoise(t *testing.T) {
	a := make([]int64, 200)
	b := make([]int64, 200)
	for i := range a {
		a[i] = 1000 + int64(i%7)*50
		b[i] = a[i] * int64(100+(i%5-2)*3) / 100 // ×0.94 … ×1.06, centred on 1
	}
	r := &result.Run{Backings: []result.Backing{{Name: "a", Frames: series(a, 0, nil)}, {Name: "b", Frames: series(b, 0, nil)}}}
	Summarize(r)
	for _, rt := range r.Ratios {
		if rt.Significant || rt.Lo > 1 || rt.Hi < 1 {
			t.Errorf("ratio %+v: noise called significant", rt)
		}
	}
}

// TestSummarizeSmall: too few frames for an interval, and none at all, still give a
// run that JSON can carry (no NaN).
func TestSummarizeSmall(t *testing.T) {
	r := &result.Run{Schema: result.Schema, Warmup: 2, Backings: []result.Backing{
		{Name: "a", Frames: series([]int64{9, 9, 10, 20, 30}, 0, nil)},
		{Name: "b", Frames: series([]int64{9, 9, 15, 40, 90}, 0, nil)},
		{Name: "c", Frames: series([]int64{9}, 0, nil)},
	}}
	Summarize(r)
	if len(r.Ratios) != 2 {
		t.Fatalf("ratios %+v, want a and b (c has no frame after warm-up)", r.Ratios)
	}
	near := func(x, want float64) bool { return math.Abs(x-want) < 1e-12 }
	if b := r.Ratios[1]; b.Backing != "b" || !near(b.Lo, 1.5) || !near(b.Hi, 3) || !near(b.Median, 2) || !b.Range || b.Significant || b.Blocks != 3 {
		t.Errorf("b: %+v, want median 2 in the full range 1.5 to 3 of 3 blocks, marked a range, not significant", b)
	}
	if c := r.Backings[2].Summary; c.P50NS != 0 || c.Checksum == "" {
		t.Errorf("c: %+v, want zero figures and a checksum", c)
	}
	if _, err := json.Marshal(r); err != nil {
		t.Errorf("a small run cannot be written: %v", err)
	}
	empty := &result.Run{Backings: []result.Backing{{Name: "a", Frames: series(nil, 0, nil)}}}
	Summarize(empty)
	if empty.Ratios != nil {
		t.Errorf("ratios of an empty run: %+v", empty.Ratios)
	}
}

// TestSummarizeBlocks is a warm run of 20 rounds of 5 frames. The first frame of every
// burst is slow (the re-warm a burst starts with), and the first three must not count; within round k
// backing b takes 2 + k/100 times as long as a, so each block's ratio is known and
// the interval is taken over the blocks.
func TestSummarizeBlocks(t *testing.T) {
	const rounds, burst, warmup = 20, 5, 5
	r := &result.Run{Schema: result.Schema, Cache: result.Warm, Frames: rounds * burst, Warmup: warmup}
	var a, b []int64
	for k := range rounds {
		r.Rounds = append(r.Rounds, result.Round{First: k * burst, Frames: burst, Order: []int{k % 2, 1 - k%2}})
		for f := range burst {
			t := int64(1000 + 100*f)
			if f == 0 {
				t *= 100 // re-warm
			}
			a = append(a, t)
			b = append(b, t*int64(200+k)/100)
		}
	}
	r.Backings = []result.Backing{{Name: "a", Frames: series(a, 0, nil)}, {Name: "b", Frames: series(b, 0, nil)}}
	Summarize(r)
	kept := (rounds - 1) * (burst - result.RewarmFrames(burst)) // frames 3 and 4 of rounds 1 … 19
	if got := r.Backings[0].Summary; got.Measured != kept || got.MaxNS != 1400 {
		t.Errorf("a: %d frames summarised, max %v; want %d without the warm-up and re-warm frames, max 1400",
			got.Measured, got.MaxNS, kept)
	}
	if len(r.Ratios) != 2 {
		t.Fatalf("ratios %+v", r.Ratios)
	}
	rt := r.Ratios[1]
	// Blocks 1 … 19 have ratios 2.01 … 2.19: median 2.10; at 95% over 19 blocks the
	// interval runs from the 5th to the 15th smallest: 2.05 to 2.15.
	if rt.Blocks != rounds-1 || rt.Range || !rt.Significant ||
		math.Abs(rt.Median-2.10) > 1e-9 || math.Abs(rt.Lo-2.05) > 1e-9 || math.Abs(rt.Hi-2.15) > 1e-9 {
		t.Errorf("ratio %+v, want 2.10 (2.05–2.15) over 19 blocks", rt)
	}
	r.Cache = result.Cold // no re-warm frames: every frame after the warm-up counts
	Summarize(r)
	if got := r.Backings[0].Summary.Measured; got != rounds*burst-warmup {
		t.Errorf("cold: %d frames summarised, want %d", got, rounds*burst-warmup)
	}
}

// TestSummarizeInterrupted: frames timed by their thread's CPU clock. The summary's
// percentiles are CPU time over every kept frame, interrupted or not; the count of
// interrupted frames covers the kept ones (a frame switched out, or one whose wall
// time exceeds its CPU time by more than the margin); the wall-clock median is taken
// over the kept frames nobody interrupted.
func TestSummarizeInterrupted(t *testing.T) {
	const warmup = 2
	var samples []result.Sample
	for f := range 12 {
		s := result.Sample{Frame: f, NS: 1_000_000, WallNS: 1_000_000, HasCPU: true, HasSwitches: true, Checksum: 1}
		switch f {
		case 0: // warm-up: interrupted, but not summarised
			s.Switches, s.WallNS = 3, 9_000_000
		case 3: // switched out: its wall time is not counted, its CPU time is
			s.Switches, s.WallNS = 1, 5_000_000
		case 4: // held by the hypervisor for 2 ms without a switch
			s.WallNS = 3_000_000
		case 5: // within the margin (1% of 1 ms = 10 µs): not interrupted
			s.WallNS = 1_009_000
		case 6:
			s.NS, s.WallNS = 2_000_000, 2_000_500
		}
		samples = append(samples, s)
	}
	r := &result.Run{Schema: result.Schema, Cache: result.Cold, Frames: 12, Warmup: warmup,
		Rounds:   []result.Round{{First: 0, Frames: 12, Order: []int{0}}},
		Backings: []result.Backing{{Name: "a", Frames: result.NewSeries(samples)}}}
	Summarize(r)
	s := r.Backings[0].Summary
	if s.Measured != 10 || s.Interrupted != 2 || s.WallFrames != 8 {
		t.Errorf("%d measured, %d interrupted, wall over %d; want 10, 2 (frames 3 and 4), 8", s.Measured, s.Interrupted, s.WallFrames)
	}
	if s.P50NS != 1_000_000 || s.MaxNS != 2_000_000 {
		t.Errorf("p50 %v, max %v: want the CPU times 1 ms and 2 ms, the interrupted frames' wall time left out", s.P50NS, s.MaxNS)
	}
	if s.WallP50NS != 1_000_000 {
		t.Errorf("wall p50 %v, want 1 ms (over the frames nobody interrupted)", s.WallP50NS)
	}

	// The same frames timed by the wall clock alone (an older file): nothing is known
	// to be interrupted, and there is no separate wall figure.
	for i := range samples {
		samples[i].HasCPU = false
	}
	r.Backings[0].Frames = result.NewSeries(samples)
	Summarize(r)
	if s := r.Backings[0].Summary; s.Interrupted != 0 || s.WallFrames != 0 || s.WallP50NS != 0 {
		t.Errorf("wall-clock series: %d interrupted, wall p50 %v over %d; want none", s.Interrupted, s.WallP50NS, s.WallFrames)
	}
}

// TestSummarizeGC: the collector's work is charged over every frame the backing ran,
// so a backing whose only cycles fell in frames the summary leaves out (warm-up, the
// re-warming half of a burst) still shows them, and the wait for a cycle is added to
// the frame that started it, or, for one left out, to the next summarised frame.
func TestSummarizeGC(t *testing.T) {
	const burst = 4 // frames 0 and 1 of each burst re-warm, 2 and 3 are kept
	r := &result.Run{Schema: result.Schema, Cache: result.Warm, Frames: 40, Warmup: 4}
	var samples []result.Sample
	for f := range 40 {
		s := result.Sample{Frame: f, NS: 1000, GCCycles: 0, Checksum: 1}
		switch f {
		case 1: // warm-up
			s.GCCycles, s.GCCPUNS, s.GCWaitNS = 1, 50_000, 7_000
		case 12: // re-warming: its wait goes to frame 14
			s.GCCycles, s.GCCPUNS, s.GCWaitNS = 1, 30_000, 9_000
		case 23: // kept
			s.GCCycles, s.GCCPUNS, s.GCWaitNS = 1, 20_000, 4_000
		case 30: // a long wait that found no collection (another process's time slice): not the collector's
			s.GCWaitNS = 50_000
		}
		samples = append(samples, s)
		if f%burst == 0 {
			r.Rounds = append(r.Rounds, result.Round{First: f, Frames: burst, Order: []int{0}})
		}
	}
	r.Backings = []result.Backing{{Name: "a", Frames: result.NewSeries(samples)}}
	Summarize(r)
	s := r.Backings[0].Summary
	if s.GCCycles != 3 || s.GCFrames != 40 || s.GCCyclesPer1000 != 75 {
		t.Errorf("%d cycles over %d frames, %v per 1,000; want 3 over 40, 75", s.GCCycles, s.GCFrames, s.GCCyclesPer1000)
	}
	if s.GCCPUNSPerFrame != 2500 || s.GCWaitNSPerFrame != 500 {
		t.Errorf("GC CPU %v and wait %v per frame; want 100 µs / 40 = 2500 ns and 20 µs / 40 = 500 ns", s.GCCPUNSPerFrame, s.GCWaitNSPerFrame)
	}
	// 18 kept frames (2 per burst after the first), two of them with a wait: 1000 +
	// 9000 and 1000 + 4000. Their p99 lies between the two largest.
	if s.Measured != 18 || s.P99NS != 1000 || s.P99WithGCNS <= 5000 || s.P99WithGCNS > 10_000 {
		t.Errorf("%d measured, p99 %v, with GC %v; want 18, 1000, and between 5 µs and 10 µs", s.Measured, s.P99NS, s.P99WithGCNS)
	}
}
