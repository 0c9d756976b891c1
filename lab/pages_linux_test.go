package lab

import (
	"context"
	"testing"

	"localitylab/workloads/workload"
)

func TestSelected(t *testing.T) {
	for in, want := range map[string]string{"always [madvise] never\n": "madvise", "[always] madvise never": "always", "never": "never"} {
		if got := selected(in); got != want {
			t.Errorf("selected(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestHeapAround: the heap is the run of adjacent anonymous mappings around a probe,
// its read-write ones counted; a file mapping, a gap, or a named region ends the run.
func TestHeapAround(t *testing.T) {
	smaps := `00400000-00404000 r--p 00000000 fd:01 10011999    /usr/bin/localitylab
Rss:                  16 kB
024e8000-04555000 rw-p 00000000 00:00 0 
Rss:                 128 kB
AnonHugePages:         0 kB
36b7e8000000-36b7eb400000 ---p 00000000 00:00 0 
Rss:                   0 kB
36b7eb400000-36b7ed400000 rw-p 00000000 00:00 0 
Rss:               26840 kB
AnonHugePages:     20480 kB
36b7ed400000-36b7ee000000 rw-p 00000000 00:00 0 
Rss:                1024 kB
AnonHugePages:         0 kB
36b7ee000000-36b7f0000000 ---p 00000000 00:00 0 
Rss:                   0 kB
36b7f0000000-36b7f0200000 rw-p 00000000 00:00 0 
Rss:                2048 kB
7eff60000000-7eff60021000 rw-p 00000000 00:00 0 
Rss:                   4 kB
7ffc1000000-7ffc1021000 rw-p 00000000 00:00 0                          [stack]
Rss:                  8 kB
`
	all, err := parseSmaps([]byte(smaps))
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 9 {
		t.Fatalf("%d mappings, want 9", len(all))
	}
	h := heapAround(all, []uintptr{0x36b7eb500000})
	if len(h.maps) != 3 || h.rss != (26840+1024+2048)<<10 || h.huge != 20480<<10 {
		t.Errorf("heap %+v: want the three read-write mappings of the run, 29,912 kB resident, 20,480 kB huge", h)
	}
	if h := heapAround(all, []uintptr{0x7ffc1000010}); len(h.maps) != 0 {
		t.Errorf("a probe in the stack found %+v", h.maps)
	}
	if _, err := parseSmaps([]byte("zz-yy rw-p\n")); err == nil {
		t.Error("a malformed header line: no error")
	}
}

// TestPagesModes runs a small still sprite world in each page mode, each in a fresh
// worker process, and checks what each worker recorded: the mode, the system's THP
// setting, and, with huge pages, most of the heap in them; with small, none.
func TestPagesModes(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a world three times")
	}
	if thpMode() == "" {
		t.Skip("no transparent huge pages on this kernel")
	}
	for _, mode := range []PagesMode{PagesSystem, PagesHuge, PagesSmall} {
		t.Run(string(mode), func(t *testing.T) {
			c := testConfig(t, workload.SoA)
			c.Workload, c.Params, c.Frames, c.Warmup, c.Pages = "sprites", workload.Params{"entities": 300_000, "moving_pct": 0}, 4, 0, mode
			r, err := Run(context.Background(), c, nil)
			if err != nil {
				t.Fatal(err)
			}
			b := r.Backings[0]
			if b.Error != "" || b.Pages == nil {
				t.Fatalf("error %q, pages %+v", b.Error, b.Pages)
			}
			p := b.Pages
			if p.Mode != string(mode) || p.THP != thpMode() || p.HeapBytes == 0 {
				t.Errorf("pages %+v: want mode %s, THP %s, the heap's resident bytes", p, mode, thpMode())
			}
			share, measured := p.Share()
			switch {
			case !measured:
				t.Errorf("no share of the heap in huge pages measured (%s)", p.Note)
			case mode == PagesHuge && share < 0.5:
				t.Errorf("huge: %.0f%% of the heap in huge pages (%s), want most", 100*share, p.Note)
			case mode == PagesSmall && share != 0:
				t.Errorf("small: %.0f%% of the heap in huge pages, want none", 100*share)
			}
			if fc := b.FrameCPU; fc == nil || fc.Why == "" {
				t.Errorf("frame CPU %+v: want where and why", fc)
			}
			if !b.Frames.CPUTimed() {
				t.Error("frames not timed by the thread's CPU clock")
			}
		})
	}
}

// TestPagesControl: Linux lets the lab compare page modes unless its kernel has no
// transparent huge pages, and then says so.
func TestPagesControl(t *testing.T) {
	why := PagesControl()
	if has := thpMode() != ""; has != (why == "") {
		t.Errorf("transparent huge pages %q, PagesControl() = %q: want a reason exactly when the kernel has none", thpMode(), why)
	}
}
