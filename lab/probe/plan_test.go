package probe

import (
	"slices"
	"strings"
	"testing"

	"localitylab/lab/cpucache"
	"localitylab/lab/result"
)

// TestNewPlan: the ladder goes from 4 KiB to twice the last cache (1 GiB where none
// is reported) at four working sets per doubling up to 4 MiB and two past it (one
// for the short probe), then
// to the memory point, four times the last cache and at least 128 MiB, each a whole
// number of lines; the memory available bounds it, and the plan says so.
func TestNewPlan(t *testing.T) {
	tests := []struct {
		name      string
		kind      string
		reported  []cpucache.Level
		maxBytes  int64
		points    int
		memory    int64
		reaches   bool
		line      int
		note      string
		lineNote  string
		wantError string
	}{
		{name: "full, AMD VM", kind: result.ProbeFull, reported: amd, points: 50, memory: 128 * mib, reaches: true, line: 64},
		{name: "short, AMD VM", kind: result.ProbeShort, reported: amd, points: 16, memory: 128 * mib, reaches: true, line: 64},
		{name: "a cache line reported", kind: result.ProbeShort, reported: []cpucache.Level{{Level: 1, Type: "Data", Bytes: 64 * kib, LineBytes: 128}, {Level: 2, Type: "Unified", Bytes: 4 * mib, LineBytes: 128}},
			points: 16, memory: 128 * mib, reaches: true, line: 128},
		{name: "none reported", kind: result.ProbeFull, points: 57, memory: 1 << 30, reaches: true, line: 64, lineNote: "assumed 64 bytes"},
		{name: "bounded by memory", kind: result.ProbeFull, reported: amd, maxBytes: 40 * mib, points: 47, memory: 32 * mib, reaches: false, line: 64,
			note: "the memory point is 32.0 MiB, not 128 MiB"},
		{name: "no memory at all", kind: result.ProbeFull, reported: amd, maxBytes: 5000, wantError: "too little for a ladder"},
		{name: "unknown kind", kind: "medium", wantError: `kind: "medium"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := NewPlan(tt.kind, tt.reported, "", tt.maxBytes)
			if tt.wantError != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantError) {
					t.Fatalf("error %v, want one saying %q", err, tt.wantError)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Sizes) != tt.points || p.MemoryBytes() != tt.memory || p.ReachesMemory != tt.reaches || p.Line != tt.line {
				t.Errorf("%d points to %d bytes, reaches memory %v, line %d; want %d to %d, %v, %d",
					len(p.Sizes), p.MemoryBytes(), p.ReachesMemory, p.Line, tt.points, tt.memory, tt.reaches, tt.line)
			}
			if p.Sizes[0] != 4096 {
				t.Errorf("the ladder starts at %d bytes, want 4096", p.Sizes[0])
			}
			for i, b := range p.Sizes {
				if b%int64(p.Line) != 0 || (i > 0 && b <= p.Sizes[i-1]) {
					t.Errorf("size %d: %d bytes (want increasing whole lines)", i, b)
				}
			}
			if tt.note != "" && !strings.Contains(strings.Join(p.Notes, "; "), tt.note) {
				t.Errorf("notes %q lack %q", p.Notes, tt.note)
			}
			if !strings.Contains(p.LineNote, tt.lineNote) || (tt.lineNote == "" && p.LineNote != "") {
				t.Errorf("line note %q, want %q", p.LineNote, tt.lineNote)
			}
		})
	}
}

// TestRefinements: a point is added halfway between two neighbours whose latency
// climbs by a quarter or more, the steepest climbs first, never before the memory
// point nor on a working set already measured.
func TestRefinements(t *testing.T) {
	ladder := []result.LadderPoint{{Bytes: 4096, NS: 1.5}, {Bytes: 8192, NS: 1.6}, {Bytes: 16384, NS: 4.5},
		{Bytes: 32768, NS: 4.6}, {Bytes: 65536, NS: 6}, {Bytes: 65600, NS: 20}, {Bytes: 1 << 27, NS: 100}}
	tests := []struct {
		n    int
		want []int64
	}{
		{n: 12, want: []int64{11584, 46336}}, // not between 65536 and 65600: no whole line between them
		{n: 1, want: []int64{11584}},
		{n: 0, want: nil},
	}
	for _, tt := range tests {
		got := refinements(ladder, tt.n, 64)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%d at most: %v, want %v", tt.n, got, tt.want)
		}
	}
	var l []result.LadderPoint
	for _, b := range []int64{4096, 16384, 8192} {
		l = insertPoint(l, result.LadderPoint{Bytes: b})
	}
	if l[0].Bytes != 4096 || l[1].Bytes != 8192 || l[2].Bytes != 16384 {
		t.Errorf("inserted out of order: %v", l)
	}
}
