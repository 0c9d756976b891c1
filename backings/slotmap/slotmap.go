// Package slotmap keeps values by value in one dense slice and hands out stable handles
// to them (source 002). Removing a value moves the last one into its place, so the dense
// values never have holes and a loop over them reads live values only; a handle keeps
// working while its value moves because it names a slot, not a position, and the slot
// records where the value is now. Each slot carries a generation that changes when its
// value is removed, so a handle kept after the removal is detected as stale instead of
// reaching whichever value reuses the slot.
//
// Measured costs (BenchmarkSlotMap beside this file: int64 values against the built-in
// map[uint64]int64 over the same keys, best of three runs on a shared 2-core x86-64 VM;
// the ratios, not the times, are what carries to other machines):
//
//   - Get through a handle, in random order: 5× faster than a map lookup at 1k values,
//     2× at 1M, where both wait on memory (the slot map on its slot, then its value);
//   - Insert, growing from empty: 4 to 4.5× faster than a map insert;
//   - Remove by handle and Insert again (churn): 5× faster at 1k, 2.7× at 1M;
//   - iterating Values: 18× faster than ranging over the map at 1k, 40× at 1M.
//
// What it costs in memory: 8 bytes of slot and 4 of back-index per value on top of the
// value itself, and 8 bytes per slot ever created (slots are reused, never freed).
package slotmap

import (
	"fmt"
	"math"
)

// Handle names one inserted value for as long as it lives: the slot index in the low
// 32 bits, the slot's generation at insertion in the high 32. The zero Handle never
// resolves, so a zero-valued field means "no value".
type Handle uint64

// String shows the two halves, for test failures and debugging.
func (h Handle) String() string {
	return fmt.Sprintf("slot %d gen %d", h.slot(), h.gen())
}

func (h Handle) slot() uint32 { return uint32(h) }
func (h Handle) gen() uint32  { return uint32(h >> 32) }

func makeHandle(slot, gen uint32) Handle { return Handle(uint64(gen)<<32 | uint64(slot)) }

// slot is one entry of the indirection table. A slot is live exactly when its
// generation is odd: Insert and Remove each add one. A live slot's dense is the index of
// its value; a free slot's dense is the next free slot (the free list lives in the
// table itself, as in mlange-42/ark's pool, so it costs no memory of its own).
type slot struct {
	dense uint32
	gen   uint32
}

// noSlot ends the free list and bounds the number of slots.
const noSlot = math.MaxUint32

// Map is a slot map of T. The zero Map is not ready: use New.
type Map[T any] struct {
	values []T      // dense, in no particular order
	slotOf []uint32 // slotOf[i] is the slot whose value is values[i]
	slots  []slot
	free   uint32 // head of the free list, or noSlot

	// genMask is the width of a generation: generations count modulo genMask+1, and a
	// slot removed at generation genMask is retired rather than reused (see Remove). It
	// is MaxUint32 except in tests, which narrow it to reach the wrap in a few steps.
	genMask uint32
}

// New returns an empty map with room for capacity values before any slice grows.
func New[T any](capacity int) *Map[T] {
	if capacity < 0 {
		panic(fmt.Sprintf("slotmap: capacity = %d is negative", capacity))
	}
	return &Map[T]{
		values:  make([]T, 0, capacity),
		slotOf:  make([]uint32, 0, capacity),
		slots:   make([]slot, 0, capacity),
		free:    noSlot,
		genMask: math.MaxUint32,
	}
}

// Insert appends v to the dense values and returns a handle that resolves to it until
// it is removed. It reuses a free slot when there is one.
func (m *Map[T]) Insert(v T) Handle {
	d := len(m.values)
	if d >= noSlot {
		panic("slotmap: more than 2^32-1 values")
	}
	var si uint32
	if m.free != noSlot {
		si = m.free
		s := &m.slots[si]
		m.free = s.dense
		s.gen = (s.gen + 1) & m.genMask // even (free) to odd (live)
		s.dense = uint32(d)
	} else {
		if len(m.slots) >= noSlot {
			panic("slotmap: more than 2^32-1 slots")
		}
		si = uint32(len(m.slots))
		m.slots = append(m.slots, slot{dense: uint32(d), gen: 1})
	}
	m.values = append(m.values, v)
	m.slotOf = append(m.slotOf, si)
	return makeHandle(si, m.slots[si].gen)
}

// Get returns a pointer to h's value, valid until the next Insert or Remove, or false
// when h is zero, stale, or not from this map.
func (m *Map[T]) Get(h Handle) (*T, bool) {
	si, gen := h.slot(), h.gen()
	if int(si) >= len(m.slots) {
		return nil, false
	}
	s := m.slots[si]
	if s.gen != gen || gen&1 == 0 {
		return nil, false
	}
	return &m.values[s.dense], true
}

// Remove removes h's value, moving the last value into its place, and reports whether
// h was live. Every handle to the removed value is stale from then on.
//
// A slot whose generation has reached the last one is retired instead of reused: it
// leaves the free list for good, so no handle is ever issued twice and a stale handle
// can never come back to life. With 32-bit generations a slot is retired after 2^31
// reuses (over a year of one reuse per frame at 60 frames a second), at a cost of 8
// bytes per retired slot.
func (m *Map[T]) Remove(h Handle) bool {
	si, gen := h.slot(), h.gen()
	if int(si) >= len(m.slots) {
		return false
	}
	s := m.slots[si]
	if s.gen != gen || gen&1 == 0 {
		return false
	}
	m.removeDense(int(s.dense))
	return true
}

// RemoveAt removes Values()[i], moving the last value to i: a loop that removes while
// it scans must then look at i again. It panics when i is out of range.
func (m *Map[T]) RemoveAt(i int) {
	if i < 0 || i >= len(m.values) {
		panic(fmt.Sprintf("slotmap: RemoveAt(%d) with %d values", i, len(m.values)))
	}
	m.removeDense(i)
}

// removeDense is swap-and-pop at dense index d, patching the moved value's slot, then
// frees or retires d's slot.
func (m *Map[T]) removeDense(d int) {
	si := m.slotOf[d]
	last := len(m.values) - 1
	if d != last {
		m.values[d] = m.values[last]
		moved := m.slotOf[last]
		m.slotOf[d] = moved
		m.slots[moved].dense = uint32(d)
	}
	var zero T
	m.values[last] = zero // drop what the value pointed to, for the collector
	m.values = m.values[:last]
	m.slotOf = m.slotOf[:last]

	s := &m.slots[si]
	retire := s.gen == m.genMask    // the next generation would wrap to one issued before
	s.gen = (s.gen + 1) & m.genMask // odd (live) to even (free or retired): its handles are stale
	if !retire {
		s.dense = m.free
		m.free = si
	}
}

// Len is the number of live values.
func (m *Map[T]) Len() int { return len(m.values) }

// Values returns the live values, densely packed, for loops that visit them all. The
// values may be changed in place; the slice is valid until the next Insert or Remove,
// and its length must not be changed.
func (m *Map[T]) Values() []T { return m.values }

// HandleAt returns the handle of Values()[i]. It panics when i is out of range.
func (m *Map[T]) HandleAt(i int) Handle {
	si := m.slotOf[i]
	return makeHandle(si, m.slots[si].gen)
}
