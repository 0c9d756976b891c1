package spatialhash

import "math/bits"

// table maps a cell coordinate to the list of the entries whose boxes overlap the cell:
// open addressing with linear probing over a power-of-two array, keyed by the two
// coordinates packed into 64 bits. A slot holds the key, the list's length and the
// pool block the list lives in, 16 bytes with no pointer in them, so a lookup touches
// the slot and then the list, and the collector never scans the table. A cell exists
// only while it lists an entry: the cell that loses its last entry leaves the table
// (its block goes back to the pool), so the table follows the area occupied now, not
// every cell entries ever crossed.
type table struct {
	slots []cell
	used  int  // slots holding a cell
	shift uint // 64 - log2(len(slots)), for the multiplicative hash
}

// cell is one slot; n == 0 marks it unused (a cell lists at least one entry).
type cell struct {
	key uint64
	n   uint32 // entries listed
	blk block  // where the pool keeps the list
}

const minSlots = 64 // at least blockCells

// key packs a cell coordinate into a unique 64-bit key.
func key(cx, cy int32) uint64 { return uint64(uint32(cx))<<32 | uint64(uint32(cy)) }

// coords unpacks a key.
func (c *cell) coords() (cx, cy int32) { return int32(c.key >> 32), int32(uint32(c.key)) }

// home is the slot where the probe for cell (cx, cy) starts. Cells come in blocks of
// blockCells along x: a block is placed by Fibonacci hashing (the top bits of its key
// times 2^64/φ), and its cells take consecutive slots from there, so the cells a query
// walks along a row sit side by side in memory instead of one cache miss apart.
func (t *table) home(cx, cy int32) uint64 {
	block := key(cx>>blockBits, cy) * 0x9E3779B97F4A7C15
	return block>>(t.shift+blockBits)<<blockBits | uint64(cx&(blockCells-1))
}

const (
	blockBits  = 3
	blockCells = 1 << blockBits
)

// find returns the slot of cell (cx, cy), or -1 if the cell lists no entry.
func (t *table) find(cx, cy int32) int {
	if t.used == 0 {
		return -1
	}
	k := key(cx, cy)
	mask := uint64(len(t.slots) - 1)
	for i := t.home(cx, cy); ; i = (i + 1) & mask {
		c := &t.slots[i]
		if c.n == 0 {
			return -1
		}
		if c.key == k {
			return int(i)
		}
	}
}

// get returns the slot of cell (cx, cy), making the cell if needed: a new cell has its
// key and n == 0, and the caller must list an entry in it (n ≥ 1) before the next
// table operation. The slot is valid until the next get or remove.
func (t *table) get(cx, cy int32) *cell {
	if 2*(t.used+1) > len(t.slots) {
		t.grow()
	}
	k := key(cx, cy)
	mask := uint64(len(t.slots) - 1)
	for i := t.home(cx, cy); ; i = (i + 1) & mask {
		c := &t.slots[i]
		if c.n == 0 {
			c.key = k
			t.used++
			return c
		}
		if c.key == k {
			return c
		}
	}
}

// remove empties slot i, then shifts back the cells after it in the probe run that
// would otherwise no longer be found from their home (backward-shift deletion: no
// tombstones, so probes stay as short as if the cell had never been there).
func (t *table) remove(i int) {
	mask := len(t.slots) - 1
	for j := (i + 1) & mask; t.slots[j].n != 0; j = (j + 1) & mask {
		home := int(t.home(t.slots[j].coords()))
		// The cell at j may fill the hole at i when i lies on its probe path, from its
		// home to j (cyclically).
		if (j-home)&mask >= (j-i)&mask {
			t.slots[i] = t.slots[j]
			i = j
		}
	}
	t.slots[i] = cell{}
	t.used--
}

// grow doubles the array (keeping the load at most one half, so that probes for
// absent cells, which a query makes at the edge of the world, stay short).
func (t *table) grow() {
	old := t.slots
	n := max(minSlots, 2*len(old))
	t.slots = make([]cell, n)
	t.shift = uint(64 - bits.TrailingZeros(uint(n)))
	mask := uint64(n - 1)
	for _, c := range old {
		if c.n == 0 {
			continue
		}
		i := t.home(c.coords())
		for t.slots[i].n != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = c
	}
}
