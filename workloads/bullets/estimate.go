package bullets

import "unsafe"

// heapBytes is a store's estimate of its heap (its Entry's Bytes): what its structure
// keeps per live bullet (with the slack of grown slices and tables, and for ptrarray
// the garbage its churn leaves between collections) and fixed, plus the handles, the
// hit grid and the spawn buffer every backing has. holes says the store keeps holes
// under despawn 1 (ptrarray, slotmap, soa), which make its array longer.
func (c *config) heapBytes(perBullet, fixed int64, holes bool) int64 {
	n := int64(c.n)
	shared := int64(c.emitters*c.handles)*16 + int64(c.spawnCap)*48 + hitGridMaxCells*4 + int64(c.emitters+c.targets)*32
	if c.mark && holes {
		// Room for the holes: the array is entities/(1-dead_pct) slots long.
		perBullet = perBullet * 100 / int64(100-c.deadPct)
	}
	if c.allocs != allocsNone {
		// The trail table, and a trail per live bullet, doubled by GOGC=100 when each
		// spawn allocates one.
		fixed += ringTrails(c)*8 + n*2*int64(unsafe.Sizeof(trail{}))
	}
	return fixed + shared + n*perBullet
}
