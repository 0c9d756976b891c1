package charts

import (
	"slices"
	"testing"

	"localitylab/lab/result"
)

// allocRun is a cold run of len(allocs[i]) frames, the first two warm-up, in which
// backing i allocated allocs[i][f] objects in frame f; a backing named in failed
// failed after its frames.
func allocRun(names []string, allocs [][]uint64, failed ...string) *result.Run {
	r := &result.Run{Schema: result.Schema, Workload: "sprites", Frames: len(allocs[0]), Warmup: 2, Cache: result.Cold}
	for i, n := range names {
		b := result.Backing{Name: n, Frames: result.Series{NS: make([]int64, len(allocs[i])), Allocs: allocs[i]}}
		if slices.Contains(failed, n) {
			b.Error = "worker exited"
		}
		r.Backings = append(r.Backings, b)
	}
	return r
}

func TestAllocatesNothing(t *testing.T) {
	two := []string{"ptrarray", "soa"}
	zero := []uint64{0, 0, 0, 0, 0, 0}
	tests := []struct {
		name    string
		run     *result.Run
		nothing bool
		note    string
	}{
		{"nothing in any frame", allocRun(two, [][]uint64{zero, zero}), true,
			"No backing allocated in any measured frame (0 allocations per frame in all 4 frames of each). Nor did the frames left out of the summary (warm-up)."},
		{"one allocation in one measured frame", allocRun(two, [][]uint64{zero, {0, 0, 0, 0, 0, 1}}), false, ""},
		{"a failed backing's allocation in a measured frame", allocRun(two, [][]uint64{zero, {0, 0, 0, 7}}, "soa"), false, ""},
		{"warm-up allocations are told, not charted", allocRun(two, [][]uint64{{5, 1, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0}}), true,
			"No backing allocated in any measured frame (0 allocations per frame in all 4 frames of each). The frames left out of the summary (warm-up) did allocate: ptrarray 6 objects in 2 frames and soa 1 object in 1 frame."},
		{"a failed backing with fewer frames", allocRun(two, [][]uint64{zero, {0, 0, 0}}, "soa"), true,
			"No backing allocated in any measured frame (0 allocations per frame in all the measured frames of each: ptrarray 4, soa 1). Nor did the frames left out of the summary (warm-up)."},
		{"a backing that measured no frame", allocRun([]string{"ptrarray", "soa", "map"}, [][]uint64{zero, zero, {0}}, "map"), true,
			"No backing allocated in any measured frame (0 allocations per frame in all the measured frames of each: ptrarray 4, soa 4). map measured no frame. Nor did the frames left out of the summary (warm-up)."},
		{"no measured frame at all", allocRun(two, [][]uint64{{0, 0}, {0}}), false, ""},
		{"no frame at all", allocRun(two, [][]uint64{nil, nil}), false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := AllocatesNothing(tt.run); got != tt.nothing {
				t.Errorf("AllocatesNothing = %v, want %v", got, tt.nothing)
			}
			if got := NoAllocsNote(tt.run); got != tt.note {
				t.Errorf("NoAllocsNote =\n%q, want\n%q", got, tt.note)
			}
			want := RowMetrics()
			if tt.nothing {
				want = []*Metric{FrameTime, Memory}
			}
			if got := RunMetrics(tt.run); !slices.Equal(got, want) {
				t.Errorf("RunMetrics = %v, want %v", got, want)
			}
		})
	}
}

// TestNoAllocsNoteWarm: in warm mode the re-warming half of every burst is left out
// of the count too, and named.
func TestNoAllocsNoteWarm(t *testing.T) {
	r := allocRun([]string{"soa"}, [][]uint64{make([]uint64, 10)})
	r.Cache = result.Warm
	r.Rounds = []result.Round{{First: 2, Frames: 4, Order: []int{0}}, {First: 6, Frames: 4, Order: []int{0}}}
	want := "No backing allocated in any measured frame (0 allocations per frame in its 4 measured frames). Nor did the frames left out of the summary (warm-up, re-warming)."
	if got := NoAllocsNote(r); got != want {
		t.Errorf("%q, want %q", got, want)
	}
	r.Backings[0].Frames.Allocs[3] = 2 // re-warming
	if !AllocatesNothing(r) {
		t.Error("an allocation in a re-warming frame counted as measured")
	}
	want = "No backing allocated in any measured frame (0 allocations per frame in its 4 measured frames). The frames left out of the summary (warm-up, re-warming) did allocate: soa 2 objects in 1 frame."
	if got := NoAllocsNote(r); got != want {
		t.Errorf("%q, want %q", got, want)
	}
	r.Backings[0].Frames.Allocs[4] = 1 // kept
	if AllocatesNothing(r) || NoAllocsNote(r) != "" {
		t.Error("an allocation in a measured frame of a warm run did not bring the chart back")
	}
}

func TestNoAllocsNoteOneBacking(t *testing.T) {
	r := allocRun([]string{"soa"}, [][]uint64{{0, 0, 0}})
	want := "No backing allocated in any measured frame (0 allocations per frame in its 1 measured frame). Nor did the frames left out of the summary (warm-up)."
	if got := NoAllocsNote(r); got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// TestCompareNoAllocsNote: a comparison says "nothing allocated" in words only while
// neither run allocated in a measured frame; one allocation in either brings the
// chart back.
func TestCompareNoAllocsNote(t *testing.T) {
	none := func() *result.Run {
		return allocRun([]string{"slotmap", "soa"}, [][]uint64{{5, 0, 0, 0}, {0, 0, 0, 0}})
	}
	one := func() *result.Run {
		return allocRun([]string{"slotmap", "soa"}, [][]uint64{{5, 0, 0, 0}, {0, 0, 0, 1}})
	}
	tests := []struct {
		name      string
		base, new *result.Run
		note      string
	}{
		{"neither allocated", none(), none(),
			"Base run: no backing allocated in any measured frame (0 allocations per frame in all 2 frames of each). " +
				"The frames left out of the summary (warm-up) did allocate: slotmap 5 objects in 1 frame. " +
				"New run: no backing allocated in any measured frame (0 allocations per frame in all 2 frames of each). " +
				"The frames left out of the summary (warm-up) did allocate: slotmap 5 objects in 1 frame."},
		{"one allocation in the base run", one(), none(), ""},
		{"one allocation in the new run", none(), one(), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CompareGoneNote(Allocs, tt.base, tt.new); got != tt.note {
				t.Errorf("CompareGoneNote = %q, want %q", got, tt.note)
			}
			want := RowMetrics()
			if tt.note != "" {
				want = []*Metric{FrameTime, Memory}
			}
			if got := CompareMetrics(tt.base, tt.new); !slices.Equal(got, want) {
				t.Errorf("CompareMetrics = %v, want %v", got, want)
			}
		})
	}
}
