// Package result holds what a measured run is made of: the types the JSON and CSV result
// files hold, the charts draw and the app reopens, and the frame sample the live stream
// carries. It is a leaf (it imports no workload code) so that the charts and the app can
// read results without linking the workers.
package result

import (
	"time"

	"localitylab/internal/params"
)

// Schema names the version of the JSON result file. Version 2 added the cache mode,
// the rounds of bursts, the load phases and the collector's per-frame work; files of
// version 1 (SchemaV1) are still read: see ReadJSON.
const Schema = "localitylab/run/v2"

// SchemaV1 is the first version, measured one frame of each backing at a time.
const SchemaV1 = "localitylab/run/v1"

// The cache modes (see Run.Cache).
const (
	// Warm: each backing runs in bursts of consecutive frames, so every frame but the
	// first of a burst finds the caches as its own previous frame left them, as under
	// go test -bench; the first half of each burst re-warms and is not summarised.
	Warm = "warm"
	// Cold: before every frame the worker reads a buffer larger than the last-level
	// cache (outside the timed interval), so every frame starts from empty caches.
	Cold = "cold"
)

// The page modes (see Pages.Mode).
const (
	// PagesSystem: the heap gets the pages the system gives it, as any Go program.
	PagesSystem = "system"
	// PagesHuge: after the load the worker asks for 2 MiB pages over its heap
	// (madvise MADV_HUGEPAGE, then MADV_COLLAPSE), the same for every backing.
	PagesHuge = "huge"
	// PagesSmall: the worker turns transparent huge pages off for itself before its
	// heap grows (prctl PR_SET_THP_DISABLE), so its heap sits in 4 KiB pages.
	PagesSmall = "small"
)

// Run is a finished (or stopped) run: what the JSON file holds, what the charts
// draw and what the app reopens. Field names follow the result file's schema.
type Run struct {
	Schema    string     `json:"schema"`
	Title     string     `json:"title,omitempty"` // the preset's title, if any
	Workload  string     `json:"workload"`
	Params    params.Map `json:"params"` // every parameter, seed included
	Frames    int        `json:"frames"`
	Warmup    int        `json:"warmup"`
	Cache     string     `json:"cache"`                // Warm or Cold; "" in a version 1 file
	CacheNote string     `json:"cache_note,omitempty"` // cold mode: how the caches were emptied
	Rounds    []Round    `json:"rounds"`               // in order; nil in a version 1 file
	Pinned    string     `json:"pinned,omitempty"`     // the CPU the frame threads ran on, or why they were not pinned
	Counters  Counters   `json:"counters"`
	Host      Host       `json:"host"`
	Started   time.Time  `json:"started"`
	Backings  []Backing  `json:"backings"`
	Ratios    []Ratio    `json:"ratios"`

	// Forks: the sets of fresh workers the run's frames were split among, in order
	// (see Fork); absent in a file written before forks, which ran as one.
	Forks []Fork `json:"forks,omitempty"`

	// LoadAverage is how busy the machine was as the run started and as it ended
	// (see LoadAverage); absent in a file written before it was recorded, or where
	// the system gives none.
	LoadAverage *LoadAverage `json:"load_average,omitempty"`

	// Probe is the machine measured on its own (see Probe), taken before the run;
	// absent in files written before probes, or where none was taken.
	Probe *Probe `json:"probe,omitempty"`
	// Timer is which clock timed the frames and how finely (see FrameTimer); absent
	// in a file written before it was recorded.
	Timer *FrameTimer `json:"frame_timer,omitempty"`
}

// Backing returns the backing of that name, or nil (also for a nil run): the one
// lookup by name the verdicts, the notes and the charts share.
func (r *Run) Backing(name string) *Backing {
	if r == nil {
		return nil
	}
	for i := range r.Backings {
		if r.Backings[i].Name == name {
			return &r.Backings[i]
		}
	}
	return nil
}

// Round is one turn of the scheduler: every live backing ran frames First to
// First+Frames-1 as one burst, the backings in Order (indexes into Run.Backings),
// which is shuffled from the seed round by round so that no backing always goes first.
// A round is also a block of the ratio intervals (see Ratio).
type Round struct {
	First  int   `json:"first"`
	Frames int   `json:"frames"`
	Order  []int `json:"order"`
}

// Counters says whether hardware counters were asked for and what was counted.
type Counters struct {
	Enabled bool   `json:"enabled"`
	Misses  string `json:"mem_misses_event,omitempty"` // exactly what "mem_misses" counts
	Note    string `json:"note,omitempty"`             // why counters are n/a, if they are
	// Simulated: how the simulated misses were counted, when they were asked for.
	Simulated *Simulated `json:"simulated,omitempty"`
}

// Host records the machine and runtime a run was measured on.
type Host struct {
	Go    string `json:"go"`
	OS    string `json:"os"`
	Arch  string `json:"arch"`
	CPU   string `json:"cpu"`
	Cores int    `json:"cores"`
	GOGC  string `json:"gogc"`
	// Caches are the data caches the system reports (none, with CachesNote saying why,
	// where it reports nothing), each as reported, those the lab did not use marked
	// so (CacheLevel.NotUsed). CachesNote also says where they came from when that
	// was not the system (cpucache.SysfsEnv).
	Caches     []CacheLevel `json:"caches,omitempty"`
	CachesNote string       `json:"caches_note,omitempty"`
}

// CacheLevel is one data or unified cache of the machine.
type CacheLevel struct {
	Level int    `json:"level"`
	Type  string `json:"type"`
	Bytes int64  `json:"bytes"`
	// LineBytes is the cache's line, the block it fetches at once (Linux's
	// coherency_line_size); 0 where the system does not say, and in files written
	// before it was recorded.
	LineBytes int `json:"line_bytes,omitempty"`
	// NotUsed says why the lab did not use this cache, which the system reported but
	// which cannot be the machine's (a virtual machine shown its host's whole L3):
	// not for the sweep's markers, the cold flush nor the simulated last level.
	// Absent for a cache it used, and in files written before caches were judged.
	NotUsed string `json:"not_used,omitempty"`
}

// Backing is everything measured for one backing.
type Backing struct {
	Name    string  `json:"name"`
	Error   string  `json:"error,omitempty"` // set when the worker failed; the rest is partial
	Load    Load    `json:"load"`
	Frames  Series  `json:"frames"`
	Summary Summary `json:"summary"`

	// Forks: each fork's load time, in the order of Run.Forks (0 for a fork the
	// backing did not load in: its worker had failed). Load is the load of the fork
	// whose time is the median of these. Absent in a run of one fork.
	ForkLoadNS []int64 `json:"fork_load_ns,omitempty"`

	// The conditions the backing's workers ran under; absent in files written before
	// they were recorded. In a run of one fork, FrameCPU and Pages. In a run of
	// several, ForkFrameCPU and ForkPages instead, one record per fork in the order
	// of Run.Forks. A fork the backing did not load or run in has a zero record, Why
	// and Mode empty. Each fork's fresh workers are placed and get their pages anew,
	// so a fork may land on another CPU or with less of its heap in huge pages. See
	// Conditions.
	FrameCPU     *FrameCPU  `json:"frame_cpu,omitempty"`
	Pages        *Pages     `json:"pages,omitempty"`
	ForkFrameCPU []FrameCPU `json:"fork_frame_cpu,omitempty"`
	ForkPages    []Pages    `json:"fork_pages,omitempty"`
}

// FrameCPU is the CPU a worker's frame thread ran its frames on, and why that one.
type FrameCPU struct {
	CPU int    `json:"cpu"` // -1: not pinned
	Why string `json:"why"` // how it was chosen ("the least busy …"), or why the thread was not pinned
}

// Pages records which memory pages a backing's heap sat in: page size is part of
// locality (a 2 MiB page covers 512 times the memory of a 4 KiB one in the TLB, and
// places its data in the caches' sets predictably).
type Pages struct {
	Mode string `json:"mode"`          // PagesSystem, PagesHuge or PagesSmall: what the worker did
	THP  string `json:"thp,omitempty"` // the system's transparent huge page setting (always, madvise, never); "" where there is none
	// HugeShare is the share of the heap's resident bytes that sat in huge pages
	// after the load (and the request for huge pages, in that mode), from the
	// kernel's accounting (/proc/self/smaps AnonHugePages over Rss of the heap's
	// mappings), of HeapBytes resident bytes. It is absent (nil) where it was not
	// measured: outside Linux, which keeps no such count, or where the heap's
	// mappings could not be read; Note says why. See Share.
	HugeShare *float64 `json:"huge_share,omitempty"`
	HeapBytes uint64   `json:"heap_resident_bytes"`
	Note      string   `json:"note,omitempty"` // what could not be done or read, or why the mode is "system" only
}

// Load is measured once per backing, around Store.Load.
type Load struct {
	NS             int64   `json:"ns"`       // the load proper: building and fixed phases
	SetupNS        int64   `json:"setup_ns"` // phases that only simulate conditions (heap aging)
	Entities       int     `json:"entities"`
	HeapBytes      uint64  `json:"heap_bytes"`
	RSSBytes       uint64  `json:"rss_bytes"`
	FixedBytes     int64   `json:"fixed_bytes"` // heap of the fixed phases: the structure, whatever the entities
	BytesPerEntity float64 `json:"bytes_per_entity"`
	Phases         []Phase `json:"phases,omitempty"`

	// What the load (its building and fixed phases) cost on the way:
	//   - MinorFaults: the minor page faults it took, each a page of fresh memory the
	//     process touched;
	//   - UserNS, SysNS: the CPU time of the worker process, all threads, in user code
	//     and in the kernel, which serves the faults;
	//   - AllocBytes, GCCycles: the heap bytes it allocated and the collections that ran;
	//   - FreedLateBytes: what it allocated but no longer held at its end (vectors it
	//     outgrew, above all). Go's collector frees those only at a later cycle,
	//     where a C++ vector frees its old block the moment it moves.
	//
	// The faults and the CPU time are absent (nil) where they were not measured, and
	// UsageNote says why (a system without getrusage: Windows). A file written before
	// they were recorded has neither. One written before they could be absent left
	// out a count of 0. See Faults and CPU. The other figures are zero in files
	// written before they were recorded.
	MinorFaults    *int64 `json:"minor_faults,omitempty"`
	UserNS         *int64 `json:"user_ns,omitempty"`
	SysNS          *int64 `json:"sys_ns,omitempty"`
	UsageNote      string `json:"usage_note,omitempty"`
	PageBytes      int64  `json:"page_bytes,omitempty"` // the size of the page a fault counts
	AllocBytes     uint64 `json:"alloc_bytes,omitempty"`
	GCCycles       uint64 `json:"gc_cycles,omitempty"`
	FreedLateBytes int64  `json:"freed_late_bytes,omitempty"`
}

// Phase is one phase of a load.
type Phase struct {
	Name      string `json:"name"`
	Kind      string `json:"kind"` // "building", "fixed" or "setup"
	NS        int64  `json:"ns"`
	HeapBytes int64  `json:"heap_bytes"` // live heap it added (negative if it freed more)
}

// Series holds one value per frame, warm-up frames included. Counter series are nil
// (null in JSON) when counters were off or could not be opened; MemMisses alone is nil
// when the counters opened but no event suitable for memory misses did.
type Series struct {
	NS           []int64  `json:"ns"` // the frame time: CPU time when WallNS is present, else wall time
	Allocs       []uint64 `json:"allocs"`
	AllocBytes   []uint64 `json:"alloc_bytes"`
	HeapBytes    []uint64 `json:"heap_bytes"`
	RSSBytes     []uint64 `json:"rss_bytes"`
	GCCycles     []uint64 `json:"gc_cycles"`
	GCPauseNS    []uint64 `json:"gc_pause_ns"`
	GCWaitNS     []uint64 `json:"gc_wait_ns"` // after the frame, waiting for its GC cycle to finish
	GCCPUNS      []uint64 `json:"gc_cpu_ns"`  // collector CPU time, all threads, frame and wait
	Checksum     []string `json:"checksum"`   // hex
	Instructions []uint64 `json:"instructions"`
	Cycles       []uint64 `json:"cycles"`
	MemMisses    []uint64 `json:"mem_misses"`

	// Lookups and LookupNS are absent unless the frames resolved handles (see
	// Sample.Lookups).
	Lookups  []uint64 `json:"lookups,omitempty"`
	LookupNS []uint64 `json:"lookup_ns,omitempty"`

	// Time other processes cannot take (see Sample.HasCPU). When the frames were
	// timed by their thread's CPU clock, NS holds that CPU time and WallNS the wall
	// time beside it. Switches holds the involuntary context switches where the
	// system counts them (Linux; elsewhere it is absent: unknown). Otherwise both are
	// absent, as in files written before the CPU clock was read, and NS is wall time.
	WallNS   []int64  `json:"wall_ns,omitempty"`
	Switches []uint64 `json:"switches,omitempty"`
}

// Summary is computed over the frames after warm-up.
type Summary struct {
	P50NS                float64  `json:"p50_ns"`
	P95NS                float64  `json:"p95_ns"`
	P99NS                float64  `json:"p99_ns"`
	MaxNS                float64  `json:"max_ns"`
	MeanNS               float64  `json:"mean_ns"`
	AllocsPerFrame       float64  `json:"allocs_per_frame"`
	AllocBytesPerFrame   float64  `json:"alloc_bytes_per_frame"`
	GCCycles             uint64   `json:"gc_cycles"`
	GCWaitNSPerFrame     float64  `json:"gc_wait_ns_per_frame"`
	GCCPUNSPerFrame      float64  `json:"gc_cpu_ns_per_frame"`
	Measured             int      `json:"measured_frames"` // frames summarised: after warm-up, not re-warming
	HeapBytes            uint64   `json:"heap_bytes"`      // live heap at the last frame
	RSSBytes             uint64   `json:"rss_bytes"`       // RSS at the last sample
	InstructionsPerFrame *float64 `json:"instructions_per_frame"`
	CyclesPerFrame       *float64 `json:"cycles_per_frame"`
	MemMissesPerFrame    *float64 `json:"mem_misses_per_frame"`
	Checksum             string   `json:"checksum"` // fold of every frame's checksum, hex

	// The simulated cache misses, when asked for (see Simulated).
	SimSummary

	// Forks, computed like the rest from the frames (absent for a run of one fork).
	// ForkP50NS is the median of the backing's kept frames in each fork (0 for a fork
	// with none). ForkSpread is how far apart they lie, (max − min) / median.
	// ForkModes says that two forks' own 95% intervals of that median do not overlap
	// (over their rounds; their range below six rounds). The forks then found two
	// modes, and a rerun may land in either.
	ForkP50NS  []float64 `json:"fork_p50_ns,omitempty"`
	ForkSpread float64   `json:"fork_spread,omitempty"`
	ForkModes  bool      `json:"fork_modes,omitempty"`

	// Time other processes cannot take, when the frames were timed by their
	// thread's CPU clock (Series.CPUTimed): the percentiles above are CPU time.
	// Interrupted is how many of the Measured frames were interrupted (see
	// Interrupted); their CPU time counts. WallP50NS is the median wall time of the
	// Measured frames that were not interrupted, WallFrames how many those were (0
	// and 0 when the frames were timed by the wall clock alone).
	Interrupted int     `json:"interrupted_frames,omitempty"`
	WallP50NS   float64 `json:"wall_p50_ns,omitempty"`
	WallFrames  int     `json:"wall_frames,omitempty"`

	// The collector, charged over every frame the backing ran, warm-up and
	// re-warming frames included (GCFrames of them). The collection a frame starts is
	// the backing's, whichever frame it falls in. GCCycles, GCWaitNSPerFrame and
	// GCCPUNSPerFrame above are over those frames too (in files without GCFrames,
	// over the Measured frames only).
	//
	// P99WithGCNS is the p99 of the Measured frames, each with the wait for the
	// collection it started added. A wait that fell in a frame left out of the
	// summary is added to the next Measured frame. A wait counts only where a cycle
	// ended in the frame or the wait. One that found no collection measured the
	// asking and, on a busy machine, another process's time slice.
	GCFrames        int     `json:"gc_frames,omitempty"`
	GCCyclesPer1000 float64 `json:"gc_cycles_per_1000_frames,omitempty"`
	P99WithGCNS     float64 `json:"p99_with_gc_ns,omitempty"`
}

// Ratio compares one backing's frame time against another's (normally the fastest).
// Within each round (block) the per-frame time ratios give a median; Median is the
// median of those block medians, and Lo–Hi its 95% confidence interval over the blocks,
// so that the interval covers the drift between blocks, not only frame-to-frame
// scatter. With fewer than six blocks no interval reaches 95%: Range is set and Lo–Hi
// is the blocks' full range, to be shown as such, never as an interval.
type Ratio struct {
	Backing     string  `json:"backing"`
	Vs          string  `json:"vs"`
	Median      float64 `json:"median"`
	Lo          float64 `json:"lo"`
	Hi          float64 `json:"hi"`
	Blocks      int     `json:"blocks"`
	Range       bool    `json:"range,omitempty"`
	Significant bool    `json:"significant"`

	// Forks (absent for a run of one fork). ForkMedians is the ratio over each fork's
	// own rounds (0 for a fork where the two shared no kept frame). ForkModes says
	// that two forks' own intervals do not overlap, so a rerun may land near either.
	// Lo–Hi already holds every fork's median.
	ForkMedians []float64 `json:"fork_medians,omitempty"`
	ForkModes   bool      `json:"fork_modes,omitempty"`
}

// Sample is what one frame of one backing measured: the unit of the live stream.
// It is a plain value so that the stream allocates nothing per frame.
type Sample struct {
	Backing    int   // index into the run's backings
	Frame      int   // 0-based; frames < Warmup are warm-up
	NS         int64 // the frame's time: its thread's CPU time when HasCPU, else wall time
	Allocs     uint64
	AllocBytes uint64
	HeapBytes  uint64
	RSSBytes   uint64
	GCCycles   uint64
	GCPauseNS  uint64
	GCWaitNS   uint64
	GCCPUNS    uint64
	Checksum   uint64

	// Lookups and LookupNS: for a workload whose frame resolves handles by id
	// (workload.Lookups), how many the frame resolved and how long resolving them
	// again took, timed just after the frame and outside its interval; 0 elsewhere.
	Lookups  uint64
	LookupNS uint64

	HasCounters  bool
	Instructions uint64
	Cycles       uint64
	MemMisses    uint64

	// Time other processes cannot take. Where the thread's clock can be read (HasCPU),
	// NS above is the frame thread's CPU time over the frame, and WallNS the wall time
	// beside it. CPU time counts user and system time, memory stalls included, but
	// not the time another process or the hypervisor held its CPU. Where the system
	// counts them (HasSwitches, Linux), Switches is the thread's involuntary context
	// switches during the frame. Without the clock NS is the wall time and WallNS
	// equals it. See Interrupted.
	HasCPU      bool
	HasSwitches bool
	WallNS      int64
	Switches    uint64
}

// InterruptMargin is how far a frame's wall time may exceed its CPU time before the
// frame counts as interrupted (see Interrupted): a fraction of the CPU time, and at
// least InterruptFloorNS. The two clocks tick apart by a few hundred nanoseconds
// and a few hundredths of a per cent on an undisturbed frame (measured on the
// development VM); the margin is well above that and well below a time slice.
const (
	InterruptMargin  = 0.01
	InterruptFloorNS = 10_000
)

// Interrupted reports whether a frame was interrupted: another process (or the
// hypervisor, or a collector's pause) held its CPU during it. The frame ran for cpuNS
// of its thread's CPU time and wallNS of wall time, and was switched out switches
// times against its will.
func Interrupted(cpuNS, wallNS int64, switches uint64) bool {
	return switches > 0 || float64(wallNS-cpuNS) > max(InterruptFloorNS, InterruptMargin*float64(cpuNS))
}
