package result

import (
	"slices"
	"time"

	"localitylab/internal/params"
)

// SweepSchema names the version of the JSON sweep file.
const SweepSchema = "localitylab/sweep/v1"

// Sweep is a run repeated over the values of one workload parameter: what the sweep
// file holds, the sweep chart draws and the app reopens. Each point is a whole run
// under every rule a single run keeps; a point keeps its summary figures, not its
// frames. Field names follow the file's schema.
type Sweep struct {
	Schema   string `json:"schema"`
	Title    string `json:"title,omitempty"` // the lesson's title, if any
	Workload string `json:"workload"`
	Param    string `json:"param"` // the parameter swept
	Unit     string `json:"unit"`  // its unit: "", "%", "bytes"…
	LogX     bool   `json:"log_x"` // the values are spread on a logarithmic axis
	// Modes says that the parameter's values name ways of working, not amounts
	// (workload.Param.Modes): its lines are compared at each value, never crossed
	// between two; absent in files written before it, and for a parameter of amounts.
	Modes  bool    `json:"modes,omitempty"`
	Values []int64 `json:"values"` // in increasing order
	// Labels, where the values are names rather than numbers, are the names, one per
	// value ("huge", "small" for a sweep of PagesParam); absent otherwise, and in
	// older files.
	Labels []string   `json:"labels,omitempty"`
	Params params.Map `json:"params"` // every other parameter, fixed, seed included
	// Tied names the parameters that are not fixed but follow the swept one, each as
	// its share of the swept value (on_screen at 0.002 of entities: 0.2% of the sprites
	// in view at every point); each point records their values (Point.Tied).
	Tied     map[string]float64 `json:"tied,omitempty"`
	Backings []string           `json:"backings"`
	Cache    string             `json:"cache"` // Warm or Cold, as for a run
	// Pages is the page mode every point ran in (see Pages.Mode); absent in older
	// files, and in a sweep of PagesParam, whose points each ran in their value's.
	Pages    string   `json:"pages,omitempty"`
	Counters Counters `json:"counters"`
	// Budget is the time the sweep meant to spend running frames, shared among its
	// points; Frames, when set, fixed each point's length instead.
	BudgetNS int64 `json:"budget_ns"`
	Frames   int   `json:"frames,omitempty"`
	// Forks is how many passes the sweep makes over its points, each point running
	// one fork (a fresh set of workers) per pass, the passes in alternating order;
	// absent in a file written before forks, whose points ran once each, in order.
	Forks int  `json:"forks,omitempty"`
	Host  Host `json:"host"`
	// Caches are the machine's data caches, the sizes the markers compare working
	// sets with, but for those marked NotUsed; CachesNote says why there are none,
	// where the system reports none.
	Caches     []Cache   `json:"caches"`
	CachesNote string    `json:"caches_note,omitempty"`
	Started    time.Time `json:"started"`
	DurationNS int64     `json:"duration_ns"` // the whole sweep, loads included
	// Stopped says why the sweep ended before its last point (Ctrl-C, Cancel); the
	// points it did not reach are absent.
	Stopped   string     `json:"stopped,omitempty"`
	Points    []Point    `json:"points"`
	Crossings []Crossing `json:"crossings"`
	Markers   []Marker   `json:"markers"`
	// Drift is, per backing, how its cost per entity moved from the first pass to the
	// last over the whole sweep (see Drift); absent with fewer than two passes.
	Drift []Drift `json:"drift,omitempty"`

	// Clock is what timed the points' frames, ClockThreadCPU or ClockWall, as each
	// run's series say of theirs; absent in files written before it was recorded.
	Clock string `json:"frame_clock,omitempty"`
	// LoadAverage is how busy the machine was as the sweep started and as it ended
	// (see LoadAverage); absent in older files, or where the system gives none.
	LoadAverage *LoadAverage `json:"load_average,omitempty"`

	// Probe is the machine measured on its own (see Probe), taken before the
	// sweep; absent in files written before probes, or where none was taken.
	Probe *Probe `json:"probe,omitempty"`
	// Timer is how the points' frames were timed, the coarsest step any point's
	// workers measured (see FrameTimer); absent in older files.
	Timer *FrameTimer `json:"frame_timer,omitempty"`
}

// Drift is how one backing's figures moved while a sweep ran: at each point the
// median of its last fork over that of its first, and the median of those over the
// points (Ratio; 1.05: the last pass ran 5% slower). The passes ran the points in
// alternating order, so a drift of the machine falls on every point alike and on
// each end of the sweep in turn, and shows here rather than as a trend.
type Drift struct {
	Backing string  `json:"backing"`
	Ratio   float64 `json:"ratio"`
	Points  int     `json:"points"` // points with two forks or more of this backing
}

// Cache is one data cache of the machine.
type Cache struct {
	Name  string `json:"name"` // "L1d", "L2", "L3"
	Level int    `json:"level"`
	Type  string `json:"type"`
	Bytes int64  `json:"bytes"`
	// LineBytes is its line (see CacheLevel.LineBytes); 0 where the system does not
	// say, and in older files.
	LineBytes int `json:"line_bytes,omitempty"`
	// NotUsed says why the sweep put no marker at this cache (see CacheLevel.NotUsed);
	// absent for a cache the markers compare with, and in older files.
	NotUsed string `json:"not_used,omitempty"`
	// Measured says the size is the one the machine's probe found (Probe), not one
	// the system reports: where the system reports none at that level, reports
	// one the lab does not use, or one more than twice away from what the probe
	// found (then both are markers). Absent for a cache the system reports, and in
	// older files.
	Measured bool `json:"measured,omitempty"`
}

// Used reports whether the markers compare working sets with this cache.
func (c Cache) Used() bool { return c.NotUsed == "" }

// Point is the run at one value of the swept parameter.
type Point struct {
	Value int64 `json:"value"`
	// Tied holds the values the sweep's tied parameters took at this point.
	Tied     params.Map `json:"tied,omitempty"`
	Entities int        `json:"entities"` // loaded, the divisor of ns per entity
	Frames   int        `json:"frames"`   // frames every backing ran, warm-up included
	Warmup   int        `json:"warmup"`
	Rounds   int        `json:"rounds"`          // rounds that ran
	Measured int        `json:"measured"`        // rounds with frames in the summary: the blocks of the intervals
	Forks    int        `json:"forks,omitempty"` // forks it ran, one per pass; absent for one
	// Skipped says why the point was not run (it would not fit in memory); Backings
	// is then empty.
	Skipped  string         `json:"skipped,omitempty"`
	Backings []PointBacking `json:"backings"`
	// Pairs compares every two backings that both measured (Backing slower than Vs
	// by Median, in the order of the sweep's backings): what tells a crossing of the
	// curves from noise.
	Pairs []Ratio `json:"pairs"`
}

// PointBacking is what one backing measured at one point.
type PointBacking struct {
	Name  string  `json:"name"`
	Error string  `json:"error,omitempty"` // its worker failed; the figures are partial or zero
	P50NS float64 `json:"p50_ns"`
	P95NS float64 `json:"p95_ns"`
	// NSPerEntity is the median frame time (P50NS) over the entities loaded; Lo–Hi is
	// the 95% interval of that median from resampling the point's rounds (the blocks
	// of the ratios), widened to hold each fork's own median (ForkNSPerEntity), over
	// the entities too. With fewer than six rounds Lo–Hi is the range of the rounds'
	// medians and the median (see Ratio.Range).
	NSPerEntity    float64 `json:"ns_per_entity"`
	NSPerEntityLo  float64 `json:"ns_per_entity_lo"`
	NSPerEntityHi  float64 `json:"ns_per_entity_hi"`
	BytesPerEntity float64 `json:"bytes_per_entity"`
	// WorkingSetBytes is bytes per entity × entities: the load's footprint, the
	// figure the cache markers compare with each cache's size.
	WorkingSetBytes float64 `json:"working_set_bytes"`
	AllocsPerFrame  float64 `json:"allocs_per_frame"`
	// Ratio is its frame time against the point's fastest backing (itself, 1×, for
	// the fastest), as a run's summary gives it; nil when it has none.
	Ratio *Ratio `json:"ratio"`
	// Forks (absent for a point of one fork). ForkNSPerEntity is the cost per entity
	// in each fork, in the order of the passes (0 for a fork without kept frames).
	// Lo–Hi is each fork's own 95% interval over its rounds. ForkModes says whether
	// two forks' own intervals do not overlap (see Summary.ForkModes).
	// NSPerEntityLo–Hi already hold every fork's figure.
	ForkNSPerEntity   []float64 `json:"fork_ns_per_entity,omitempty"`
	ForkNSPerEntityLo []float64 `json:"fork_ns_per_entity_lo,omitempty"`
	ForkNSPerEntityHi []float64 `json:"fork_ns_per_entity_hi,omitempty"`
	ForkModes         bool      `json:"fork_modes,omitempty"`

	// The conditions of its frames at this point, as its run recorded them (absent
	// in older files). Interrupted is how many of the MeasuredFrames summarised
	// frames another process interrupted, over every fork. Pages holds the pages its
	// heap had at a point of one fork; ForkPages, one per fork in the order of the
	// passes, at a point of several (as Backing.Pages and ForkPages).
	Interrupted    int     `json:"interrupted_frames"`
	MeasuredFrames int     `json:"measured_frames"`
	Pages          *Pages  `json:"pages,omitempty"`
	ForkPages      []Pages `json:"fork_pages,omitempty"`
	// FrameCPU and ForkFrameCPU: the CPU its frame thread ran on at this point and
	// why, in the same two forms as its pages (Backing.FrameCPU, ForkFrameCPU); absent
	// in files written before they were recorded.
	FrameCPU     *FrameCPU  `json:"frame_cpu,omitempty"`
	ForkFrameCPU []FrameCPU `json:"fork_frame_cpu,omitempty"`

	// The collector at this point (absent in older files). A sweep's frame times leave
	// the collector's own work out; these put its bill beside them.
	//   - GCCPUNSPerFrame, GCCycles, GCCyclesPer1000: its CPU time per frame and its
	//     cycles, charged over every frame the backing ran at the point, warm-up
	//     included, as a run's summary charges them;
	//   - GCPauseNSPerFrame: the stop-the-world pauses per frame over the same frames
	//     (the runtime's estimate, from its histogram of pauses);
	//   - P99WithGCNS: the p99 of the summarised frames with the wait for the
	//     collection each started (Summary.P99WithGCNS);
	//   - ForkGCCPUNSPerFrame: at a point of several forks, the collector's CPU per
	//     frame in each fork, in the order of the passes.
	GCCPUNSPerFrame     float64   `json:"gc_cpu_ns_per_frame,omitempty"`
	GCCycles            uint64    `json:"gc_cycles,omitempty"`
	GCCyclesPer1000     float64   `json:"gc_cycles_per_1000_frames,omitempty"`
	GCPauseNSPerFrame   float64   `json:"gc_pause_ns_per_frame,omitempty"`
	P99WithGCNS         float64   `json:"p99_with_gc_ns,omitempty"`
	ForkGCCPUNSPerFrame []float64 `json:"fork_gc_cpu_ns_per_frame,omitempty"`

	// SpanBytes is the address span of what its frames visit, from the lowest to the
	// highest address (the layout's address_span_bytes, as inspect reads it). It is
	// read once per point from its worker, after the first round of the first pass.
	// It is 0 where the backing reports none (Go's map exposes no addresses) and in
	// older files. Objects scattered through the heap touch a cache line and a page
	// each, so a pointer layout's working set is its span, not its bytes kept.
	SpanBytes float64 `json:"address_span_bytes,omitempty"`

	// Its simulated misses at this point, when the sweep asked for them
	// (Sweep.Counters.Simulated), as a run's summary holds them.
	SimSummary
}

// Crossing is where two backings' curves of ns per entity cross between two
// neighbouring points: Below is the faster one below the crossing, Above the faster
// one above it.
type Crossing struct {
	Below string  `json:"below"`
	Above string  `json:"above"`
	From  int64   `json:"from"` // the last value at which Below was faster
	To    int64   `json:"to"`   // the first value at which Above was faster
	At    float64 `json:"at"`   // the crossing, interpolated between From and To
	// Significant is set when, at both From and To, the pair's frame-time ratio
	// interval excludes 1: the two curves really lie on either side of each other.
	Significant bool   `json:"significant"`
	Text        string `json:"text"` // "spatialhash faster than soa below ~3%"
}

// Marker is where one backing's working set reaches the size of one cache: the
// parameter's value, interpolated between the two points around it. By says which
// working set: MarkerBySpan, the larger of its address span and its bytes kept at
// every point (see PointBacking.WorkingSet); MarkerByBytes (or "" in older files),
// the bytes kept, where a point lacks the span.
type Marker struct {
	Backing string  `json:"backing"`
	Cache   string  `json:"cache"` // "L1d", "L2", "L3"
	Bytes   int64   `json:"bytes"` // the cache's size
	At      float64 `json:"at"`
	By      string  `json:"by,omitempty"`
}

// What a marker's working set is (Marker.By).
const (
	MarkerBySpan  = "span"
	MarkerByBytes = "bytes"
)

// BySpan reports whether backing i's working sets are its spans: every point where it
// has a working set has a span too (see WorkingSet). The cache markers and the tables
// measure one backing's curve one way at every point.
func (s *Sweep) BySpan(i int) bool {
	any := false
	for k := range s.Points {
		p := &s.Points[k]
		if i >= len(p.Backings) || p.Backings[i].WorkingSetBytes <= 0 {
			continue
		}
		if p.Backings[i].SpanBytes <= 0 {
			return false
		}
		any = true
	}
	return any
}

// WorkingSet is what b's frames need the caches to hold at its point: the larger of
// its address span (what a frame's visits spread over) and its bytes kept, and
// whether the span was known. A packed column's span is the one column a layout
// walks, smaller than the bytes kept; a pointer array's span is the heap its objects
// lie scattered through, larger.
func (b *PointBacking) WorkingSet() (bytes float64, bySpan bool) {
	if b.SpanBytes <= 0 {
		return b.WorkingSetBytes, false
	}
	return max(b.SpanBytes, b.WorkingSetBytes), true
}

// Clone returns a deep copy of s, which a live sweep hands out while it appends to
// its own.
func (s *Sweep) Clone() *Sweep {
	c := *s
	c.Values = slices.Clone(s.Values)
	c.Labels = slices.Clone(s.Labels)
	c.Params = s.Params.Clone()
	c.Backings = slices.Clone(s.Backings)
	c.Caches = slices.Clone(s.Caches)
	c.Crossings = slices.Clone(s.Crossings)
	c.Markers = slices.Clone(s.Markers)
	c.Drift = slices.Clone(s.Drift)
	if s.LoadAverage != nil {
		c.LoadAverage = s.LoadAverage.clone()
	}
	c.Probe = s.Probe.Clone()
	c.Timer = s.Timer.Clone()
	c.Points = make([]Point, len(s.Points))
	for i, p := range s.Points {
		p.Backings = slices.Clone(p.Backings)
		for j := range p.Backings {
			b := &p.Backings[j]
			b.ForkNSPerEntity, b.ForkNSPerEntityLo, b.ForkNSPerEntityHi = slices.Clone(b.ForkNSPerEntity),
				slices.Clone(b.ForkNSPerEntityLo), slices.Clone(b.ForkNSPerEntityHi)
			if q := p.Backings[j].Ratio; q != nil {
				qq := *q
				p.Backings[j].Ratio = &qq
			}
			if pg := p.Backings[j].Pages; pg != nil {
				pp := *pg
				p.Backings[j].Pages = &pp
			}
			b.ForkPages = slices.Clone(b.ForkPages)
			if fc := b.FrameCPU; fc != nil {
				cc := *fc
				b.FrameCPU = &cc
			}
			b.ForkFrameCPU = slices.Clone(b.ForkFrameCPU)
			b.ForkGCCPUNSPerFrame = slices.Clone(b.ForkGCCPUNSPerFrame)
		}
		p.Pairs = slices.Clone(p.Pairs)
		c.Points[i] = p
	}
	return &c
}
