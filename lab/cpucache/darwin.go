package cpucache

import (
	"encoding/binary"
	"fmt"
)

// darwinNames are the numeric sysctls macOS describes its caches with (see the
// package documentation). On Apple Silicon hw.perflevel0 is the performance cores,
// and the unnumbered names are the efficiency cores' (the least performant level).
var darwinNames = []string{
	"hw.perflevel0.l1dcachesize", "hw.perflevel0.l2cachesize", "hw.perflevel0.l3cachesize",
	"hw.perflevel0.cpusperl2", "hw.perflevel0.cpusperl3",
	"hw.l1dcachesize", "hw.l2cachesize", "hw.l3cachesize", "hw.cachelinesize",
}

// darwinCacheConfig names the sysctl that says how many logical CPUs share each
// level: an array whose element 0 is memory, 1 the L1, 2 the L2, 3 the L3.
const darwinCacheConfig = "hw.cacheconfig"

// darwinLevels makes the caches of the sysctls in v (darwinNames; absent where the
// system has none) and cacheConfig (hw.cacheconfig; nil where absent). The caches of
// the performance cores are taken where the system gives them. macOS gives no ways
// nor sets.
func darwinLevels(v map[string]uint64, cacheConfig []uint64) ([]Level, error) {
	p := "hw."
	if v["hw.perflevel0.l1dcachesize"] > 0 {
		p = "hw.perflevel0."
	}
	shared := func(level int) int {
		if n := v[fmt.Sprintf("%scpusperl%d", p, level)]; n > 0 {
			return int(n)
		}
		if level < len(cacheConfig) {
			return int(cacheConfig[level])
		}
		return 0
	}
	line := int(v["hw.cachelinesize"])
	var out []Level
	for _, c := range []struct {
		level int
		name  string
		typ   string
	}{{1, "l1dcachesize", "Data"}, {2, "l2cachesize", "Unified"}, {3, "l3cachesize", "Unified"}} {
		bytes := v[p+c.name]
		if bytes == 0 && (c.level == 3 || p == "hw.") {
			// An L3 the performance level does not list; never an efficiency
			// core's L1 or L2 in place of the performance cores'.
			bytes = v["hw."+c.name]
		}
		if bytes == 0 || bytes > 1<<62 {
			continue
		}
		out = append(out, Level{Level: c.level, Type: c.typ, Bytes: int64(bytes), LineBytes: line, SharedBy: shared(c.level)})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: sysctl gives no hw.perflevel0.l1dcachesize nor hw.l1dcachesize", ErrUnknown)
	}
	sortLevels(out)
	return out, nil
}

// sysctlNumber reads a numeric sysctl's value, 4 or 8 bytes in the machine's (little
// endian) order.
func sysctlNumber(b []byte) (uint64, bool) {
	switch len(b) {
	case 4:
		return uint64(binary.LittleEndian.Uint32(b)), true
	case 8:
		return binary.LittleEndian.Uint64(b), true
	}
	return 0, false
}

// sysctlNumbers reads an array of 8-byte numbers (hw.cacheconfig).
func sysctlNumbers(b []byte) []uint64 {
	out := make([]uint64, len(b)/8)
	for i := range out {
		out[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return out
}
