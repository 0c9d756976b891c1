package sprites

import (
	"runtime"
	"testing"
)

// TestMapFullness: a map made for n sprites, as the map store makes it (make with n),
// is about three-quarters full at 3,000 and 100,000 sprites and under half full at
// 1,000 and 30,000, as the cache-cliff lesson says to explain the zigzag of the map's
// cost per sprite: Go gives it a power of two of tables of 1,024 slots, and a walk
// visits the empty slots too. The heap a map takes per sprite tells: a table is 128
// groups of 8 slots, each group 8 control bytes and 8 slots of an int32 key and a
// 24-byte sprite, in one allocation of 32 KiB (29,696 bytes rounded up to pages), 32
// bytes a slot.
func TestMapFullness(t *testing.T) {
	const perSlot = 32
	for _, tc := range []struct {
		n        int
		min, max float64 // the share of the slots in use
	}{
		{1000, 0.4, 0.5}, {3000, 0.7, 0.8}, {30_000, 0.4, 0.5}, {100_000, 0.7, 0.8},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		m := make(map[int32]record[[0]byte], tc.n)
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(m)
		bytes := float64(after.TotalAlloc-before.TotalAlloc) / float64(tc.n)
		if full := perSlot / bytes; full < tc.min || full > tc.max {
			t.Errorf("a map made for %d sprites takes %.1f bytes per sprite: %.2f of its slots in use, want %.1f to %.1f",
				tc.n, bytes, full, tc.min, tc.max)
		}
	}
}
