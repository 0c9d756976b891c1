package bullets

import (
	"fmt"
	"math"

	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
)

// slotTable is the generation-checked indirection the soa and rowvec stores put in
// front of their bullets, so that a handle keeps working while its bullet moves (a soa
// row after a swap-remove, a rowvec entry after a change of row) and fails once the
// bullet is gone, whoever reuses the slot. It is source 002's table on its own, for
// structures that keep their values themselves; its slots and free list are a slice
// that stops growing once the live count has peaked, so the frame path allocates
// nothing.
//
// A slot is live exactly when its generation is odd: alloc and release each add one. A
// slot released at the last odd generation wraps to 0 and is retired, never reused, so no
// handle is issued twice (after 2^31 reuses of one slot, more than a year of one reuse
// per frame at 60 frames a second).
type slotTable struct {
	slots     []slotRec
	firstFree int32 // head of the free list through slotRec.a, or -1
}

// slotRec is one slot: where its bullet is, in the store's own terms (soa: the row in
// a; rowvec: the row in a, the index in its vector in b), or, when free, the next free
// slot in a.
type slotRec struct {
	a, b int32
	gen  uint32
}

// handle names a bullet held through a slotTable. The zero handle never resolves.
type handle struct {
	slot int32
	gen  uint32
}

func newSlotTable(capacity int) slotTable {
	return slotTable{slots: make([]slotRec, 0, capacity), firstFree: -1}
}

// alloc takes a slot for a bullet at (a, b) and returns its handle.
func (t *slotTable) alloc(a, b int32) handle {
	si := t.firstFree
	if si >= 0 {
		t.firstFree = t.slots[si].a
	} else {
		if len(t.slots) == math.MaxInt32 {
			panic("bullets: slot table full")
		}
		si = int32(len(t.slots))
		t.slots = append(t.slots, slotRec{})
	}
	s := &t.slots[si]
	s.a, s.b = a, b
	s.gen++ // even (free) to odd (live)
	return handle{slot: si, gen: s.gen}
}

// release frees a live slot: every handle to it is stale from then on.
func (t *slotTable) release(si int32) {
	s := &t.slots[si]
	if s.gen&1 == 0 {
		panic(fmt.Sprintf("bullets: free of slot %d, which is not live", si))
	}
	s.gen++ // odd (live) to even (free); MaxUint32 wraps to 0: retired
	if s.gen != 0 {
		s.a = t.firstFree
		t.firstFree = si
	}
}

// lookup returns where h's bullet is, or false when h is stale.
func (t *slotTable) lookup(h handle) (a, b int32, ok bool) {
	s := t.slots[h.slot]
	return s.a, s.b, s.gen == h.gen && h.gen&1 == 1
}

// moved records that slot si's bullet is now at (a, b).
func (t *slotTable) moved(si, a, b int32) {
	s := &t.slots[si]
	s.a, s.b = a, b
}

// layout reports the handle table of the soa and rowvec stores, live of whose slots
// hold bullets, in front of a dense array of that capacity (0: none).
func (t *slotTable) layout(dst *memlayout.Layout, live, dense int) {
	free := 0
	for si := t.firstFree; si >= 0; si = t.slots[si].a {
		free++
	}
	layouts.SlotTable(dst, len(t.slots), live, free, dense, func(i int) (uint32, bool) {
		g := t.slots[i].gen
		return g, g&1 == 1
	})
}
