// Package rtmetrics reads the Go runtime's allocation, heap and GC figures of the
// calling process between frames, cheaply enough to do it twice per frame, and its
// resident set size a few times a second.
//
// It reads runtime/metrics, never runtime.ReadMemStats: ReadMemStats stops the world,
// which would put a pause of its own into the frames being measured. metrics.Read takes
// a consistent snapshot of the heap statistics without stopping anything.
//
// The metrics, and why these:
//
//   - Allocs = /gc/heap/allocs:objects + /gc/heap/tiny/allocs:objects. The first counts
//     tiny allocations only by the 16-byte blocks they are packed into; adding the
//     second counts each tiny object, which makes Allocs the figure testing's allocs/op
//     and MemStats.Mallocs report, the one Go programmers already know.
//   - AllocBytes = /gc/heap/allocs:bytes, cumulative bytes allocated (size-class
//     rounded, like MemStats.TotalAlloc).
//   - HeapLive = /memory/classes/heap/objects:bytes: bytes in heap objects right now,
//     live or dead but not yet swept (MemStats.HeapAlloc). It moves with every frame,
//     which is what a per-frame memory chart needs. /gc/heap/live:bytes was rejected
//     for that job: it is the heap marked live by the last GC and changes only when a
//     cycle ends, a staircase that hides a frame's growth. Right after runtime.GC()
//     (which sweeps fully) the two agree, so "heap after load" can force a GC and read
//     HeapLive.
//   - GCCycles = /gc/cycles/total:gc-cycles, completed cycles (forced ones included).
//   - GCPauseNS: the runtime publishes stop-the-world pauses only as a histogram,
//     /sched/pauses/total/gc:seconds (stopping plus stopped time, both GC pauses of
//     each cycle). It is turned into a cumulative total by summing count × bucket
//     midpoint; see pauseNS for the precision.
//   - GCCPUNS = /cpu/classes/gc/total:cpu-seconds: the collector's CPU time on every
//     thread (background marking on other cores, assists, pauses). The runtime adds a
//     cycle's share when the cycle's marking ends, so a frame sees it once the cycle it
//     started has finished; the lab's worker waits for that before it answers.
//
// Precision of the allocation counts: the runtime adds a P's small-object allocations to
// these counters when that P's cached span of the size class is swapped for a fresh one
// (and at every GC), not at each allocation. So a frame's Allocs and AllocBytes can be
// short by up to one span's worth per size class (a span holds 8 KiB or more, e.g. 170
// objects of 48 bytes), and the next frames catch up: per-frame figures come in steps,
// sums and means over many frames are right. Large objects (> 32 KiB) are counted at
// once. A frame that allocates nothing never shows allocations of its own, but it can
// show others': whatever code allocated before it and left uncounted in the cached
// spans is counted when the caches are flushed, which the runtime does for every P at
// the end of a collection and for a P it destroys when GOMAXPROCS shrinks, whichever
// frame that falls in. A caller that wants each frame charged with frames' allocations
// only must flush the caches after its own work (runtime.ReadMemStats does, outside
// the frames) and keep GOMAXPROCS from changing; lab's worker does both.
package rtmetrics

import (
	"fmt"
	"math"
	"runtime/metrics"
	"slices"
)

// Snapshot is the runtime's state at one instant. Every field is cumulative since the
// process started except HeapLive; subtract two snapshots for a frame's share.
type Snapshot struct {
	Allocs     uint64 // heap objects allocated, tiny objects counted one by one
	AllocBytes uint64 // bytes allocated to the heap
	HeapLive   uint64 // bytes in heap objects now (live plus not yet swept)
	GCCycles   uint64 // completed GC cycles
	GCPauseNS  uint64 // stop-the-world GC pause time, estimated from a histogram
	GCCPUNS    uint64 // CPU time the collector has used, all threads (see GCCPU below)
}

// Indexes into Reader.samples; names in the same order.
const (
	iAllocs = iota
	iTinyAllocs
	iAllocBytes
	iHeapLive
	iGCCycles
	iGCPauses
	iGCCPU
	nMetrics
)

var names = [nMetrics]string{
	iAllocs:     "/gc/heap/allocs:objects",
	iTinyAllocs: "/gc/heap/tiny/allocs:objects",
	iAllocBytes: "/gc/heap/allocs:bytes",
	iHeapLive:   "/memory/classes/heap/objects:bytes",
	iGCCycles:   "/gc/cycles/total:gc-cycles",
	iGCPauses:   "/sched/pauses/total/gc:seconds",
	iGCCPU:      "/cpu/classes/gc/total:cpu-seconds",
}

// Reader reads a Snapshot without allocating. It holds the sample slice metrics.Read
// fills, built once, and the pause histogram's bucket midpoints, which never change.
// A Reader is not safe for concurrent use; a worker owns one.
type Reader struct {
	samples [nMetrics]metrics.Sample
	midNS   []float64 // midpoint of each pause bucket, ns

	// The pause histogram changes only when the world stops for a GC, so the last
	// counts and their total are kept and the sum is redone only when they differ:
	// comparing the 160-odd counts is a vectorised memory compare, several times
	// cheaper than the weighted sum.
	lastCounts []uint64
	lastPause  uint64
}

// New builds a Reader and takes a first reading, during which metrics.Read allocates
// the pause histogram that later reads refill in place. A metric this Go release does
// not have is a build problem, not a run-time condition, and panics.
func New() *Reader {
	r := &Reader{}
	for i, name := range names {
		r.samples[i].Name = name
	}
	metrics.Read(r.samples[:])
	for i, s := range r.samples {
		want := metrics.KindUint64
		switch i {
		case iGCPauses:
			want = metrics.KindFloat64Histogram
		case iGCCPU:
			want = metrics.KindFloat64
		}
		if k := s.Value.Kind(); k != want {
			panic(fmt.Sprintf("rtmetrics: runtime metric %s has kind %v, want %v", s.Name, k, want))
		}
	}
	r.midNS = midpointsNS(r.samples[iGCPauses].Value.Float64Histogram().Buckets)
	r.lastCounts = make([]uint64, len(r.midNS))
	return r
}

// Read fills s with the runtime's current figures. It does not allocate and does not
// stop the world; its cost is measured by BenchmarkRead.
func (r *Reader) Read(s *Snapshot) {
	metrics.Read(r.samples[:])
	v := &r.samples
	s.Allocs = v[iAllocs].Value.Uint64() + v[iTinyAllocs].Value.Uint64()
	s.AllocBytes = v[iAllocBytes].Value.Uint64()
	s.HeapLive = v[iHeapLive].Value.Uint64()
	s.GCCycles = v[iGCCycles].Value.Uint64()
	if counts := v[iGCPauses].Value.Float64Histogram().Counts; !slices.Equal(counts, r.lastCounts) {
		r.lastPause = r.pauseNS(counts)
		copy(r.lastCounts, counts)
	}
	s.GCPauseNS = r.lastPause
	s.GCCPUNS = uint64(math.Round(v[iGCCPU].Value.Float64() * 1e9))
}

// pauseNS estimates the total of the pauses recorded in a histogram as Σ count × bucket
// midpoint. The runtime's pause histogram has four linear sub-buckets per power of two
// of nanoseconds (and 128 ns buckets below 512 ns), so a bucket is at most a quarter of
// its lower bound wide and a midpoint is off by at most 12.5% of the pause, or 64 ns
// for pauses under 512 ns. The total is therefore within 12.5% (+64 ns per pause) of
// the true one, and usually much closer since errors of different pauses cancel. GC
// pauses run from tens to hundreds of microseconds, far above the 64 ns floor.
func (r *Reader) pauseNS(counts []uint64) uint64 {
	if len(counts) != len(r.midNS) {
		panic(fmt.Sprintf("rtmetrics: pause histogram has %d buckets, was %d", len(counts), len(r.midNS)))
	}
	var sum float64
	for i, c := range counts {
		if c != 0 {
			sum += float64(c) * r.midNS[i]
		}
	}
	return uint64(math.Round(sum))
}

// midpointsNS returns, for each bucket [b[i], b[i+1]) in seconds, its midpoint in
// nanoseconds. Durations are never negative, so a bucket open below, (−∞, h), is taken
// as [0, h) (the runtime's underflow bucket (−∞, 0) then counts 0), and the overflow
// bucket [b, +∞) counts its finite edge b.
func midpointsNS(bounds []float64) []float64 {
	if len(bounds) < 2 {
		panic(fmt.Sprintf("rtmetrics: histogram with %d bucket bounds", len(bounds)))
	}
	mid := make([]float64, len(bounds)-1)
	for i := range mid {
		lo, hi := bounds[i], bounds[i+1]
		switch {
		case math.IsInf(lo, -1):
			mid[i] = math.Max(hi, 0) / 2 * 1e9
		case math.IsInf(hi, 1):
			mid[i] = lo * 1e9
		default:
			mid[i] = (lo + hi) / 2 * 1e9
		}
	}
	return mid
}
