// Package result holds what a measured run is made of: the types the JSON and CSV result
// files hold, the charts draw and the app reopens, and the frame sample the live stream
// carries. It is a leaf (it imports no workload code) so that the charts and the app can
// read results without linking the workers.
package result

import (
	"time"

	"localitylab/scenarios/workload"
)

// Schema names the version of the JSON result file.
const Schema = "localitylab/run/v1"

// Run is a finished (or stopped) run: what the JSON file holds, what the charts
// draw and what the app reopens. Field names follow the result file's schema.
type Run struct {
	Schema   string          `json:"schema"`
	Title    string          `json:"title,omitempty"` // the preset's title, if any
	Workload string          `json:"workload"`
	Params   workload.Params `json:"params"` // every parameter, seed included
	Frames   int             `json:"frames"`
	Warmup   int             `json:"warmup"`
	Counters Counters        `json:"counters"`
	Host     Host            `json:"host"`
	Started  time.Time       `json:"started"`
	Backings []Backing       `json:"backings"`
	Ratios   []Ratio         `json:"ratios"`
}

// Counters says whether hardware counters were asked for and what was counted.
type Counters struct {
	Enabled bool   `json:"enabled"`
	Misses  string `json:"mem_misses_event,omitempty"` // exactly what "mem_misses" counts
	Note    string `json:"note,omitempty"`             // why counters are n/a, if they are
}

// Host records the machine and runtime a run was measured on.
type Host struct {
	Go    string `json:"go"`
	OS    string `json:"os"`
	Arch  string `json:"arch"`
	CPU   string `json:"cpu"`
	Cores int    `json:"cores"`
	GOGC  string `json:"gogc"`
}

// Backing is everything measured for one backing.
type Backing struct {
	Name    string  `json:"name"`
	Error   string  `json:"error,omitempty"` // set when the worker failed; the rest is partial
	Load    Load    `json:"load"`
	Frames  Series  `json:"frames"`
	Summary Summary `json:"summary"`
}

// Load is measured once per backing, around Store.Load.
type Load struct {
	NS             int64   `json:"ns"`
	Entities       int     `json:"entities"`
	HeapBytes      uint64  `json:"heap_bytes"`
	RSSBytes       uint64  `json:"rss_bytes"`
	BytesPerEntity float64 `json:"bytes_per_entity"`
}

// Series holds one value per frame, warm-up frames included. Counter series are nil
// (null in JSON) when counters were off or could not be opened; MemMisses alone is nil
// when the counters opened but no event suitable for memory misses did.
type Series struct {
	NS           []int64  `json:"ns"`
	Allocs       []uint64 `json:"allocs"`
	AllocBytes   []uint64 `json:"alloc_bytes"`
	HeapBytes    []uint64 `json:"heap_bytes"`
	RSSBytes     []uint64 `json:"rss_bytes"`
	GCCycles     []uint64 `json:"gc_cycles"`
	GCPauseNS    []uint64 `json:"gc_pause_ns"`
	Checksum     []string `json:"checksum"` // hex
	Instructions []uint64 `json:"instructions"`
	Cycles       []uint64 `json:"cycles"`
	MemMisses    []uint64 `json:"mem_misses"`
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
	HeapBytes            uint64   `json:"heap_bytes"` // live heap at the last frame
	RSSBytes             uint64   `json:"rss_bytes"`  // RSS at the last sample
	InstructionsPerFrame *float64 `json:"instructions_per_frame"`
	CyclesPerFrame       *float64 `json:"cycles_per_frame"`
	MemMissesPerFrame    *float64 `json:"mem_misses_per_frame"`
	Checksum             string   `json:"checksum"` // fold of every frame's checksum, hex
}

// Ratio compares one backing's frame time against another's (normally the fastest):
// the median of per-frame time ratios, with a 95% confidence interval.
type Ratio struct {
	Backing     string  `json:"backing"`
	Vs          string  `json:"vs"`
	Median      float64 `json:"median"`
	Lo          float64 `json:"lo"`
	Hi          float64 `json:"hi"`
	Significant bool    `json:"significant"`
}

// Sample is what one frame of one backing measured: the unit of the live stream.
// It is a plain value so that the stream allocates nothing per frame.
type Sample struct {
	Backing    int // index into the run's backings
	Frame      int // 0-based; frames < Warmup are warm-up
	NS         int64
	Allocs     uint64
	AllocBytes uint64
	HeapBytes  uint64
	RSSBytes   uint64
	GCCycles   uint64
	GCPauseNS  uint64
	Checksum   uint64

	HasCounters  bool
	Instructions uint64
	Cycles       uint64
	MemMisses    uint64
}
