package summary

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"localitylab/lab/result"
)

func TestRatio(t *testing.T) {
	const warmup = 4
	base := make([]int64, warmup+40)
	for i := range base {
		base[i] = int64(100 + i*7%30)
	}
	times := func(f func(i int, v int64) int64, n int) []int64 {
		out := make([]int64, n)
		for i := range out {
			out[i] = f(i, base[i])
		}
		return out
	}
	r := &result.Run{Warmup: warmup, Backings: []result.Backing{
		{Name: "fast", Frames: series(base, 0, nil)},
		{Name: "double", Frames: series(times(func(_ int, v int64) int64 { return 2 * v }, len(base)), 0, nil)},
		{Name: "mixed", Frames: series(times(func(i int, v int64) int64 { return v * int64(2+i%2*2) }, len(base)), 0, nil)}, // ×2, ×4
		{Name: "short", Frames: series(times(func(_ int, v int64) int64 { return 3 * v }, warmup), 0, nil)},
	}}
	tests := []struct {
		slower, faster string
		median         float64
		lo, hi         float64 // bounds the interval must lie within
		significant    bool
		err            string
	}{
		{"double", "fast", 2, 2, 2, true, ""},
		{"fast", "double", 0.5, 0.5, 0.5, true, ""},
		{"double", "double", 1, 1, 1, false, ""},
		// Half ×2, half ×4: the median of the logarithms lies between, at the
		// geometric mean of the middle two, √8.
		{"mixed", "fast", math.Sqrt(8), 2, 4, true, ""},
		{"mixed", "double", math.Sqrt2, 1, 2, false, ""}, // half the frames ×1: the interval reaches 1
		{"nosuch", "fast", 0, 0, 0, false, `no backing "nosuch"`},
		{"fast", "nosuch", 0, 0, 0, false, `no backing "nosuch"`},
		{"short", "fast", 0, 0, 0, false, "share no measured frame"},
	}
	for _, tt := range tests {
		t.Run(tt.slower+"/"+tt.faster, func(t *testing.T) {
			got, err := Ratio(r, tt.slower, tt.faster)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("Ratio: error %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Ratio: %v", err)
			}
			if got.Backing != tt.slower || got.Vs != tt.faster {
				t.Errorf("Ratio names %s vs %s, want %s vs %s", got.Backing, got.Vs, tt.slower, tt.faster)
			}
			if math.Abs(got.Median-tt.median) > 1e-9 || got.Lo < tt.lo-1e-9 || got.Hi > tt.hi+1e-9 || got.Lo > got.Median || got.Hi < got.Median {
				t.Errorf("Ratio = %v (%v–%v), want median %v within %v–%v", got.Median, got.Lo, got.Hi, tt.median, tt.lo, tt.hi)
			}
			if got.Significant != tt.significant {
				t.Errorf("significant = %v, want %v", got.Significant, tt.significant)
			}
		})
	}
}

// TestRatioMatchesSummary checks that a lesson's figure and the table's agree: the
// ratio against the fastest is the summary's own ratio.
func TestRatioMatchesSummary(t *testing.T) {
	ns := func(f func(i int) int64) []int64 {
		out := make([]int64, 60)
		for i := range out {
			out[i] = f(i)
		}
		return out
	}
	r := &result.Run{Warmup: 6, Backings: []result.Backing{
		{Name: "a", Frames: series(ns(func(i int) int64 { return int64(500 + i*13%50) }), 0, nil)},
		{Name: "b", Frames: series(ns(func(i int) int64 { return int64(100 + i*29%40) }), 0, nil)},
	}}
	Summarize(r)
	var want *result.Ratio
	for i := range r.Ratios {
		if r.Ratios[i].Backing == "a" {
			want = &r.Ratios[i]
		}
	}
	if want == nil || want.Vs != "b" {
		t.Fatalf("summary ratios %+v: want a against b", r.Ratios)
	}
	got, err := Ratio(r, "a", "b")
	if err != nil || !reflect.DeepEqual(got, *want) {
		t.Errorf("Ratio(a, b) = %+v, %v; the summary says %+v", got, err, *want)
	}
}

// TestLookupRatio: the lookup ratio reads the lookup column, not the frame
// times, and says when a backing's frames resolved no handle.
func TestLookupRatio(t *testing.T) {
	withLookups := func(frameNS int64, lookupNS uint64) result.Series {
		samples := make([]result.Sample, 30)
		for i := range samples {
			jitter := uint64(i * 7 % 5)
			samples[i] = result.Sample{Frame: i, NS: frameNS, Lookups: 4096, LookupNS: lookupNS * (10 + jitter), Checksum: uint64(i)}
		}
		return result.NewSeries(samples)
	}
	r := &result.Run{Warmup: 3, Backings: []result.Backing{
		{Name: "map", Frames: withLookups(1000, 3)},
		{Name: "slotmap", Frames: withLookups(5000, 1)}, // slower frames, faster lookups
		{Name: "none", Frames: series(make([]int64, 30), 0, nil)},
	}}
	got, err := LookupRatio(r, "map", "slotmap")
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got.Median-3) > 1e-9 || !got.Significant || got.Backing != "map" || got.Vs != "slotmap" {
		t.Errorf("LookupRatio(map, slotmap) = %+v, want 3× and significant", got)
	}
	if frames, _ := Ratio(r, "map", "slotmap"); frames.Median >= 1 {
		t.Errorf("the frame times' ratio is %v: the test's runs are built the other way round", frames.Median)
	}
	for _, c := range [][2]string{{"map", "none"}, {"none", "map"}, {"map", "nosuch"}} {
		if _, err := LookupRatio(r, c[0], c[1]); err == nil {
			t.Errorf("LookupRatio(%s, %s): no error", c[0], c[1])
		}
	}
}
