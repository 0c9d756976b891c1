package spatialhash

import "math/bits"

// table maps a cell coordinate to the ids of the entries whose boxes overlap the cell:
// open addressing with linear probing over a power-of-two array, keyed by the two
// coordinates packed into 64 bits. The list head lives in the slot itself, so a lookup
// touches the slot and then the list, with no cell index in between. Cells are never
// deleted: an emptied cell keeps its list's capacity for the next entry to arrive, which
// is what keeps moves allocation-free, and memory follows the area ever occupied.
type table struct {
	slots []cell
	used  int  // slots holding a cell
	shift uint // 64 - log2(len(slots)), for the multiplicative hash
}

// cell is one slot; ids == nil marks it unused (a used cell's list is never nil).
type cell struct {
	key uint64
	ids []ref
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

// find returns cell (cx, cy), or nil if no entry ever touched it.
func (t *table) find(cx, cy int32) *cell {
	if t.used == 0 {
		return nil
	}
	k := key(cx, cy)
	mask := uint64(len(t.slots) - 1)
	for i := t.home(cx, cy); ; i = (i + 1) & mask {
		c := &t.slots[i]
		if c.ids == nil {
			return nil
		}
		if c.key == k {
			return c
		}
	}
}

// get returns cell (cx, cy), making it if needed. The pointer is valid until the next
// get, which may grow the array.
func (t *table) get(cx, cy int32) *cell {
	if 2*(t.used+1) > len(t.slots) {
		t.grow()
	}
	k := key(cx, cy)
	mask := uint64(len(t.slots) - 1)
	for i := t.home(cx, cy); ; i = (i + 1) & mask {
		c := &t.slots[i]
		if c.ids == nil {
			c.key, c.ids = k, make([]ref, 0, 4)
			t.used++
			return c
		}
		if c.key == k {
			return c
		}
	}
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
		if c.ids == nil {
			continue
		}
		i := t.home(c.coords())
		for t.slots[i].ids != nil {
			i = (i + 1) & mask
		}
		t.slots[i] = c
	}
}
