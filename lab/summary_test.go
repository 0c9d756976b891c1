package lab

import (
	"encoding/json"
	"math"
	"testing"

	"localitylab/lab/result"
	"localitylab/scenarios/workload"
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
		{"gc cycles", float64(a.GCCycles), 100}, {"heap", float64(a.HeapBytes), 1109}, {"rss", float64(a.RSSBytes), 2109},
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
