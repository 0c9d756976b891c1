package result

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// TestSetConditions: one fork's records go in FrameCPU and Pages, several forks' in
// the fork lists, and none at all (no fork recorded any) leaves every field empty;
// FrameCPUs, PagesByFork and HugeShareRange read either form.
func TestSetConditions(t *testing.T) {
	cpu0 := FrameCPU{CPU: 0, Why: "the least busy"}
	cpu1 := FrameCPU{CPU: 1, Why: "the last CPU"}
	huge := Pages{Mode: PagesHuge, HugeShare: Measured(1.0), HeapBytes: 1 << 25}
	part := Pages{Mode: PagesHuge, HugeShare: Measured(0.62), HeapBytes: 1 << 25}
	tests := []struct {
		name           string
		cpus           []FrameCPU
		pages          []Pages
		single, list   bool
		lo, hi         float64
		hasShare       bool
		wantCPUs, want int // records FrameCPUs and PagesByFork return
	}{
		{"one fork", []FrameCPU{cpu1}, []Pages{huge}, true, false, 1, 1, true, 1, 1},
		{"three forks", []FrameCPU{cpu1, cpu0, cpu0}, []Pages{huge, part, huge}, false, true, 0.62, 1, true, 3, 3},
		{"a fork not run", []FrameCPU{cpu1, {}, {}}, []Pages{part, {}, {}}, false, true, 0.62, 0.62, true, 3, 3},
		{"nothing recorded", []FrameCPU{{}, {}}, []Pages{{}, {}}, false, false, 0, 0, false, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b Backing
			b.SetConditions(tt.cpus, tt.pages)
			if (b.FrameCPU != nil) != tt.single || (b.Pages != nil) != tt.single {
				t.Errorf("single records %v, %v; want them: %v", b.FrameCPU, b.Pages, tt.single)
			}
			if (b.ForkFrameCPU != nil) != tt.list || (b.ForkPages != nil) != tt.list {
				t.Errorf("fork lists %v, %v; want them: %v", b.ForkFrameCPU, b.ForkPages, tt.list)
			}
			if got := b.FrameCPUs(); len(got) != tt.wantCPUs || tt.wantCPUs > 0 && got[0] != tt.cpus[0] {
				t.Errorf("FrameCPUs %v, want %d records from %v", got, tt.wantCPUs, tt.cpus)
			}
			if got := b.PagesByFork(); len(got) != tt.want || tt.want > 0 && got[0] != tt.pages[0] {
				t.Errorf("PagesByFork %v, want %d records from %v", got, tt.want, tt.pages)
			}
			lo, hi, ok := b.HugeShareRange()
			if lo != tt.lo || hi != tt.hi || ok != tt.hasShare {
				t.Errorf("HugeShareRange %v–%v %v, want %v–%v %v", lo, hi, ok, tt.lo, tt.hi, tt.hasShare)
			}
			if err := b.validateConditions(len(tt.cpus)); err != nil {
				t.Errorf("validateConditions: %v", err)
			}
		})
	}
}

// forkRun is a run of three forks whose backing recorded its conditions per fork.
func forkRun() *Run {
	r := testRun()
	r.Frames, r.Warmup = 6, 3
	r.Forks = []Fork{{First: 0, Frames: 2, Warmup: 1}, {First: 2, Frames: 2, Warmup: 1}, {First: 4, Frames: 2, Warmup: 1}}
	r.Rounds = []Round{{First: 0, Frames: 2, Order: []int{0}}, {First: 2, Frames: 2, Order: []int{0}}, {First: 4, Frames: 2, Order: []int{0}}}
	b := r.Backings[0]
	b.Frames = NewSeries(append(append(testSamples(2), testSamples(2)...), testSamples(2)...))
	b.ForkLoadNS = []int64{5e6, 6e6, 4e6}
	b.SetConditions([]FrameCPU{{CPU: 1, Why: "the last CPU"}, {CPU: 0, Why: "the least busy"}, {CPU: 0, Why: "the least busy"}},
		[]Pages{{Mode: PagesHuge, HugeShare: Measured(1.0), HeapBytes: 1 << 25}, {Mode: PagesHuge, HugeShare: Measured(0.62), HeapBytes: 1 << 25},
			{Mode: PagesHuge, HugeShare: Measured(0.97), HeapBytes: 1 << 25}})
	b.Summary.Interrupted, b.Summary.WallFrames = 1, 1
	r.Backings = []Backing{b}
	r.Ratios = nil
	return r
}

// testSamples is n frames timed by the thread's CPU clock.
func testSamples(n int) []Sample {
	out := make([]Sample, n)
	for i := range out {
		out[i] = Sample{Frame: i, NS: 1000, HasCPU: true, HasSwitches: true, WallNS: 1000 + int64(i), Switches: uint64(i)}
	}
	return out
}

// TestForkConditionsRoundTrip: a run of several forks writes each fork's conditions
// (fork_frame_cpu, fork_pages) and reads them back whole; edits that break the
// record's agreement with the forks are refused, naming the field.
func TestForkConditionsRoundTrip(t *testing.T) {
	want := forkRun()
	var buf bytes.Buffer
	if err := WriteJSON(&buf, want); err != nil {
		t.Fatal(err)
	}
	good := buf.String()
	if !strings.Contains(good, `"fork_pages"`) || !strings.Contains(good, `"fork_frame_cpu"`) || strings.Contains(good, `"frame_cpu"`) {
		t.Fatalf("a run of three forks wrote:\n%s\nwant fork_frame_cpu and fork_pages, no frame_cpu", good)
	}
	got, err := ReadJSON(strings.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Backings[0].ForkPages, want.Backings[0].ForkPages) ||
		!reflect.DeepEqual(got.Backings[0].ForkFrameCPU, want.Backings[0].ForkFrameCPU) {
		t.Errorf("read back %+v, %+v", got.Backings[0].ForkFrameCPU, got.Backings[0].ForkPages)
	}
	tests := []struct{ name, old, new, want string }{
		{"a fork's pages missing", `"fork_pages": [
        {`, `"fork_pages": [
        {"mode": "huge", "huge_share": 1, "heap_resident_bytes": 0},
        {`, "fork_pages: 4 records for 3 forks"},
		{"share above one", `"huge_share": 0.62`, `"huge_share": 1.62`, "pages (fork 2): huge_share: 1.62"},
		{"page mode", `"mode": "huge"`, `"mode": "giant"`, `pages (fork 1): mode: "giant"`},
		{"both forms", `"fork_pages": [`, `"pages": {"mode": "huge", "huge_share": 1, "heap_resident_bytes": 0},
      "fork_pages": [`, "pages and fork_pages: both present"},
		{"cpu", `"cpu": 0,`, `"cpu": -7,`, "frame_cpu (fork 2): cpu -7"},
		{"interrupted past measured", `"interrupted_frames": 1,`, `"interrupted_frames": 9,`, "summary: interrupted_frames: 9 (want 0 to 2)"},
		{"negative wall", `"wall_ns": [1000,`, `"wall_ns": [-1,`, "frames.wall_ns[0]: -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bad := strings.Replace(good, tt.old, tt.new, 1)
			if bad == good {
				t.Fatalf("the test's edit %q found nothing to change", tt.old)
			}
			_, err := ReadJSON(strings.NewReader(bad))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ReadJSON: %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// TestConditionsForm: a single record in a run of several forks, or a fork list in a
// run of one, is refused.
func TestConditionsForm(t *testing.T) {
	one := &Pages{Mode: PagesHuge, HugeShare: Measured(1.0)}
	tests := []struct {
		name  string
		b     Backing
		forks int
		want  string
	}{
		{"single in three forks", Backing{Pages: one}, 3, "a single record in a run of 3 forks"},
		{"list in one fork", Backing{ForkPages: []Pages{*one}}, 1, "present in a run of one fork"},
		{"short cpu list", Backing{ForkFrameCPU: []FrameCPU{{CPU: 0, Why: "x"}}}, 2, "fork_frame_cpu: 1 records for 2 forks"},
		{"empty single", Backing{Pages: &Pages{}}, 1, `pages (fork 1): mode: ""`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.b.validateConditions(tt.forks)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("validateConditions: %v, want an error containing %q", err, tt.want)
			}
		})
	}
}
