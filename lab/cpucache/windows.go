package cpucache

import (
	"encoding/binary"
	"fmt"
	"math/bits"
)

// Windows describes its caches in the records GetLogicalProcessorInformationEx fills a
// buffer with when asked for RelationCache: one record per cache instance (each core's
// L1d, each core complex's L3), each a SYSTEM_LOGICAL_PROCESSOR_INFORMATION_EX:
//
//	Relationship uint32, Size uint32 (the record's bytes, itself included), then its
//	CACHE_RELATIONSHIP: Level uint8, Associativity uint8, LineSize uint16,
//	CacheSize uint32, Type uint32, Reserved [18]byte, GroupCount uint16, and at
//	offset 32 GroupCount GROUP_AFFINITY{Mask uintptr, Group uint16, Reserved [3]uint16}:
//	the logical processors that share the cache.
//
// Windows before 11 has no GroupCount (it was reserved, so 0) and one GROUP_AFFINITY.
// The parsing is here, apart from the call, so that it is tested on every system.
const (
	relationCache    = 2    // LOGICAL_PROCESSOR_RELATIONSHIP's RelationCache
	cacheUnified     = 0    // PROCESSOR_CACHE_TYPE
	cacheData        = 2    // (1 is instruction, 3 trace: left out)
	fullyAssociative = 0xFF // CACHE_RELATIONSHIP.Associativity of a fully associative cache
	recordHead       = 8    // Relationship and Size
	groupMaskAt      = 32   // where the GROUP_AFFINITY array starts in CACHE_RELATIONSHIP
)

// parseWindowsCaches returns the data and unified caches of logical processor 0 (of
// processor group 0) from buf, the records of a RelationCache call made by a process
// whose pointers are ptrSize bytes (the width of GROUP_AFFINITY's mask).
func parseWindowsCaches(buf []byte, ptrSize int) ([]Level, error) {
	affinity := ptrSize + 8 // mask, group, three reserved words
	var out []Level
	for at := 0; at < len(buf); {
		if len(buf)-at < recordHead {
			return nil, fmt.Errorf("cache records: %d bytes left at offset %d, less than a record's head", len(buf)-at, at)
		}
		rel := binary.LittleEndian.Uint32(buf[at:])
		size := int(binary.LittleEndian.Uint32(buf[at+4:]))
		if size < recordHead || size > len(buf)-at {
			return nil, fmt.Errorf("cache records: the record at offset %d says it has %d bytes, of %d left", at, size, len(buf)-at)
		}
		rec := buf[at+recordHead : at+size]
		at += size
		if rel != relationCache {
			continue
		}
		if len(rec) < groupMaskAt+affinity {
			return nil, fmt.Errorf("cache records: a cache record of %d bytes, too short for its processors", size)
		}
		groups := int(binary.LittleEndian.Uint16(rec[30:]))
		if groups == 0 {
			groups = 1 // before Windows 11: one GROUP_AFFINITY, no count
		}
		if len(rec) < groupMaskAt+groups*affinity {
			return nil, fmt.Errorf("cache records: a cache record of %d bytes, too short for its %d processor groups", size, groups)
		}
		shared, hasCPU0 := 0, false
		for g := range groups {
			a := rec[groupMaskAt+g*affinity:]
			var mask uint64
			if ptrSize == 8 {
				mask = binary.LittleEndian.Uint64(a)
			} else {
				mask = uint64(binary.LittleEndian.Uint32(a))
			}
			group := binary.LittleEndian.Uint16(a[ptrSize:])
			shared += bits.OnesCount64(mask)
			hasCPU0 = hasCPU0 || (group == 0 && mask&1 != 0)
		}
		typ := binary.LittleEndian.Uint32(rec[8:])
		if !hasCPU0 || (typ != cacheData && typ != cacheUnified) {
			continue
		}
		l := Level{Level: int(rec[0]), Type: "Unified", Bytes: int64(binary.LittleEndian.Uint32(rec[4:])),
			LineBytes: int(binary.LittleEndian.Uint16(rec[2:])), Ways: int(rec[1]), SharedBy: shared}
		if typ == cacheData {
			l.Type = "Data"
		}
		if l.Ways == fullyAssociative && l.LineBytes > 0 {
			l.Ways, l.Sets = int(l.Bytes)/l.LineBytes, 1
		}
		if l.Level < 1 || l.Bytes <= 0 {
			return nil, fmt.Errorf("cache records: a cache of level %d and %d bytes", l.Level, l.Bytes)
		}
		out = append(out, l)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: GetLogicalProcessorInformationEx lists no data cache of processor 0", ErrUnknown)
	}
	sortLevels(out)
	return out, nil
}
