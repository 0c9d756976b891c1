// Package cpucache says how big the machine's data caches are and can empty them.
//
// The lab needs both: a run in cold mode evicts every cache level before each timed
// frame, which takes a read of more memory than the last-level cache holds, and a sweep
// marks where a backing's working set outgrows each level. Sizes come from what the
// operating system reports, never from a table of CPU models:
//
//   - Linux: /sys/devices/system/cpu/cpu0/cache/index*/ (size, ways, sets, line, the
//     CPUs sharing each cache).
//   - Windows: GetLogicalProcessorInformationEx's cache records of the caches logical
//     processor 0 uses (size, ways, line, the processors sharing each).
//   - macOS: sysctl. On Apple Silicon hw.perflevel0.* describes the performance
//     cores, where the lab's frames run (the unnumbered hw.l1dcachesize and
//     hw.l2cachesize describe the efficiency cores); elsewhere hw.l1dcachesize,
//     hw.l2cachesize and hw.l3cachesize. The line is hw.cachelinesize (128 bytes on
//     Apple Silicon, 64 on Intel), the CPUs sharing a cache hw.perflevel0.cpusperl2
//     or hw.cacheconfig; macOS gives no ways nor sets.
//
// Where nothing is reported, Levels says why and the callers fall back to figures they
// name as assumptions.
//
// # Caches that cannot be this machine's
//
// A system may report a cache no program on it can use as its size says: a virtual
// machine's guest is often shown the host's whole last-level cache, so that a guest of
// two vCPUs on a large Xeon reads an L3 of 480 MiB. Sized from that, a sweep would put
// a marker where no working set of the guest's feels a cliff, and cold mode would read
// 960 MiB before every frame. So every cache reported is judged, and one that fails any
// of these is recorded as reported, with the reason (Level.NotUsed), but not used: not
// for the sweep's markers, not for the size of the cold flush, not as the simulated
// last level.
//
//  1. Its geometry does not add up: where the system gives its sets, ways and line (and
//     lines per tag), their product is not its size.
//  2. It is larger than a quarter of the machine's memory: no machine is built so.
//  3. It holds more than MaxBytesPerCPU (96 MiB) for each logical CPU that shares it,
//     where the system says how many do. The largest caches per CPU any processor
//     has are AMD's X3D parts, 96 MiB per core complex of eight cores (two on some
//     EPYCs: 48 MiB a core), and the largest caches of all are spread over many cores
//     (a Xeon's 504 MB over 128): 4 MiB a core. A guest of one vCPU on such a core
//     complex still passes; the two-vCPU guest's 480 MiB, 240 MiB a CPU, does not,
//     while a two-vCPU AMD EPYC guest shown its host's 32 MiB L3 (16 MiB a CPU) does.
//
// The last level used (LastLevel) is then the largest cache that passes; where a
// larger one was set aside the real last level is unknown, and the cold flush assumes
// FallbackLLC as where nothing is reported.
package cpucache

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"slices"

	"github.com/shirou/gopsutil/v4/mem"
)

// Level is one cache as the operating system reports it for CPU 0.
type Level struct {
	Level int    // 1, 2, 3, …
	Type  string // "Data", "Unified" (instruction caches are left out)
	Bytes int64
	// LineBytes is the line the cache fetches at once, 0 where the system does not
	// say: the sizes are what the lab needs, the line what a reader of its files on
	// another machine needs to know.
	LineBytes int
	// Ways and Sets are how the cache is organised, 0 where the system does not say
	// (macOS; sets also Windows). A fully associative cache has one set.
	Ways, Sets int
	// SharedBy is how many logical CPUs share the cache, 0 where the system does not
	// say.
	SharedBy int
	// NotUsed says why the lab does not use this cache's size (see the package
	// documentation); "" for a cache it uses.
	NotUsed string
}

// Name is the usual short name: "L1d", "L2", "L3".
func (l Level) Name() string {
	if l.Type == "Data" {
		return fmt.Sprintf("L%dd", l.Level)
	}
	return fmt.Sprintf("L%d", l.Level)
}

// ErrUnknown means the operating system does not say how big the caches are.
var ErrUnknown = errors.New("cache sizes unknown")

// SysfsEnv names an environment variable that, when set, makes Levels read the caches
// from that directory, laid out as Linux's /sys/devices/system/cpu/cpu0/cache, on any
// system: to see what the lab makes of another machine's caches (its markers, its
// cold flush, its simulated geometry) on this one. Workers inherit it. What a run
// records then is that directory's caches, and Source says so.
const SysfsEnv = "LOCALITYLAB_CACHE_SYSFS"

// Source is where Levels reads the caches from when that is not this system (SysfsEnv
// is set), for the record of a run: "" otherwise.
func Source() string {
	if dir := os.Getenv(SysfsEnv); dir != "" {
		return "caches read from " + dir + " (" + SysfsEnv + "), not from this machine"
	}
	return ""
}

// Levels returns the data and unified caches of CPU 0, smallest level first, each
// judged (Level.NotUsed). Where the system reports none, the error wraps ErrUnknown
// and says what was tried.
func Levels() ([]Level, error) {
	var levels []Level
	var err error
	if dir := os.Getenv(SysfsEnv); dir != "" {
		levels, err = readSysfs(dir)
	} else {
		levels, err = systemLevels()
	}
	if err != nil {
		return nil, err
	}
	var memory uint64
	if vm, err := mem.VirtualMemory(); err == nil {
		memory = vm.Total
	}
	judge(levels, memory)
	return levels, nil
}

// sortLevels puts levels smallest level first, data before unified within a level.
func sortLevels(levels []Level) {
	slices.SortStableFunc(levels, func(a, b Level) int {
		return cmp.Or(cmp.Compare(a.Level, b.Level), cmp.Compare(a.Type, b.Type))
	})
}

// Usable returns the caches of levels the lab uses: those not set aside (NotUsed).
func Usable(levels []Level) []Level {
	return slices.DeleteFunc(slices.Clone(levels), func(l Level) bool { return l.NotUsed != "" })
}

// LastLevel returns the largest cache of levels the lab uses, or false when there is
// none (none reported, or every one set aside).
func LastLevel(levels []Level) (Level, bool) {
	use := Usable(levels)
	if len(use) == 0 {
		return Level{}, false
	}
	return slices.MaxFunc(use, func(a, b Level) int { return cmp.Compare(a.Bytes, b.Bytes) }), true
}

// SetAside returns the caches of levels that were not used and are larger than the
// last level used: where the real last level may lie, which the lab does not know.
func SetAside(levels []Level) []Level {
	llc, ok := LastLevel(levels)
	var out []Level
	for _, l := range levels {
		if l.NotUsed != "" && (!ok || l.Bytes > llc.Bytes) {
			out = append(out, l)
		}
	}
	return out
}

// NotUsedText is a cache set aside as the lab's records say it: "L3 480 MiB reported
// by the system, not used: …".
func (l Level) NotUsedText() string {
	return fmt.Sprintf("%s %s reported by the system, not used: %s", l.Name(), sizeText(l.Bytes), l.NotUsed)
}
