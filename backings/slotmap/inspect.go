package slotmap

import "unsafe"

// The accessors below let a layout view read the slot table without changing it: how
// many slots exist, which are live and at what generation, how long the free list has
// grown. None of them is on a frame path.

// Slots is the number of slots ever created: live, free and retired. Slots are reused,
// never freed, so under churn it is the peak of live values, plus the retired slots.
func (m *Map[T]) Slots() int { return len(m.slots) }

// SlotAt reports slot i's generation and whether it holds a live value (its
// generation is odd). It panics when i is out of range.
func (m *Map[T]) SlotAt(i int) (gen uint32, live bool) {
	s := m.slots[i]
	return s.gen, s.gen&1 == 1
}

// FreeLen is the length of the free list: the slots an Insert will reuse before it
// creates one. It walks the list, which costs a read per free slot.
func (m *Map[T]) FreeLen() int {
	n := 0
	for s := m.free; s != noSlot; s = m.slots[s].dense {
		n++
	}
	return n
}

// Cap is how many values the dense array holds before it grows.
func (m *Map[T]) Cap() int { return cap(m.values) }

// Bytes is the memory of the map's three arrays at their capacity: the dense values,
// their back-indexes to the slots, and the slot table.
func (m *Map[T]) Bytes() int64 {
	var v T
	return int64(cap(m.values))*int64(unsafe.Sizeof(v)) + int64(cap(m.slotOf))*4 + int64(cap(m.slots))*int64(unsafe.Sizeof(slot{}))
}
