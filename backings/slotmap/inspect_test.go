package slotmap

import "testing"

func TestInspect(t *testing.T) {
	m := New[[3]int64](4)
	var hs []Handle
	for i := range 10 {
		hs = append(hs, m.Insert([3]int64{int64(i)}))
	}
	for _, i := range []int{2, 5, 7} {
		m.Remove(hs[i])
	}
	if m.Slots() != 10 || m.FreeLen() != 3 || m.Len() != 7 {
		t.Fatalf("after 10 inserts and 3 removes: %d slots, free list %d, %d live; want 10, 3, 7", m.Slots(), m.FreeLen(), m.Len())
	}
	for i := range 10 {
		gen, live := m.SlotAt(i)
		wantLive := i != 2 && i != 5 && i != 7
		wantGen := uint32(1)
		if !wantLive {
			wantGen = 2
		}
		if gen != wantGen || live != wantLive {
			t.Errorf("slot %d: generation %d live %v, want %d %v", i, gen, live, wantGen, wantLive)
		}
	}
	m.Insert([3]int64{}) // reuses a free slot
	if m.FreeLen() != 2 || m.Slots() != 10 {
		t.Errorf("after one more insert: free list %d, %d slots; want 2, 10", m.FreeLen(), m.Slots())
	}
	if want := int64(m.Cap())*24 + int64(cap(m.slotOf))*4 + int64(cap(m.slots))*8; m.Bytes() != want || m.Cap() < 8 {
		t.Errorf("Bytes %d, want %d (cap %d)", m.Bytes(), want, m.Cap())
	}
}

// TestFreeLenRetired: a retired slot is neither live nor on the free list.
func TestFreeLenRetired(t *testing.T) {
	m := New[int](0)
	m.genMask = 3
	h := m.Insert(1)
	m.Remove(h)
	h = m.Insert(2) // generation 3, the last
	m.Remove(h)     // retired
	if gen, live := m.SlotAt(0); live || gen != 0 || m.FreeLen() != 0 || m.Slots() != 1 {
		t.Errorf("retired slot: generation %d live %v, free list %d, %d slots; want 0, false, 0, 1", gen, live, m.FreeLen(), m.Slots())
	}
}
