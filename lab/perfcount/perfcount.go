// Package perfcount reads hardware counters of the calling thread — instructions,
// cycles and memory misses — as one perf_event_open group, so that a frame can be
// explained as well as timed: a backing that is slow because it waits on DRAM shows
// many misses per frame, one that is slow because it does more work shows more
// instructions.
//
// The three counters form one group (instructions leads) read with PERF_FORMAT_GROUP
// in a single read(2): they are scheduled onto the PMU together, so the three figures
// of a frame cover the same instants, and a frame costs one system call.
//
// "Memory misses" means loads that missed the last-level cache, and CPUs count that
// differently. The generic cache-misses event does not count it on AMD Zen (and
// LLC-load-misses does not exist there), so on AMD the package detects the core
// generation from /proc/cpuinfo and opens the raw "demand data-cache fills from DRAM"
// event (PMCx043, unit mask 0x48); on Intel it opens LLC-load-misses, else
// MEM_LOAD_RETIRED.L3_MISS; elsewhere LLC-load-misses if the kernel maps it. Group.Misses
// returns the exact label of what was opened. Where nothing suitable opens, the group
// still counts instructions and cycles and Misses returns "" (MemMisses is n/a).
//
// Counting is user space only (exclude_kernel, exclude_hv): the frame's own loads,
// the same figure whatever the machine's perf_event_paranoid (≤ 2 allows it without
// privileges). A PMU that cannot filter by privilege level is retried counting the
// kernel too, and Group.Scope says which happened.
//
// Verified: on the development machine (AMD EPYC, family 0x19 model 0x11, Zen 4,
// Linux 6.18 in a Firecracker VM, perf_event_paranoid 2) the hypervisor exposes no
// PMU: `perf stat -e instructions true` reports "<not supported>", and Open fails with
// ENOENT and says so. The group mechanics (one read(2), decoding, no allocation per
// Read, miss-event fallback) are verified there with software events standing in; the
// hardware test (a pointer chase over a 256 MiB shuffled array against a sequential
// scan of it) skips. The raw AMD encodings come from the kernel's perf event tables for
// amdzen2..amdzen5, not from a run on bare metal.
package perfcount

// Counts holds cumulative counter values; subtract two readings for a frame's share.
type Counts struct {
	Instructions uint64 // retired instructions
	Cycles       uint64 // core cycles
	MemMisses    uint64 // what Group.Misses names; 0 when that is ""

	// TimeEnabled and TimeRunning (ns) show whether the PMU multiplexed the group
	// because other users held counters: when TimeRunning < TimeEnabled, the counts
	// cover only part of the time. They are not scaled up; a caller can do so, or flag
	// the frame.
	TimeEnabled, TimeRunning uint64
}
