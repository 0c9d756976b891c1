package slotmap

import (
	"math"
	"testing"
)

// model is the reference the fuzz target compares a Map with: a plain Go map from every
// live handle to its value, and every handle ever issued.
type model struct {
	live   map[Handle]int
	issued []Handle
	seen   map[Handle]bool
}

// FuzzOps decodes the input into a sequence of operations: the first byte picks the
// width of a generation (narrow ones wrap, so slots retire), then each pair of bytes is one
// operation and its argument. After every operation the map must agree with the model.
func FuzzOps(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 1, 2, 0, 0, 0, 3, 0})
	f.Add([]byte{1, 0, 0, 2, 0, 0, 0, 2, 1, 0, 0, 2, 2, 0, 0, 2, 3, 0, 0, 2, 4})
	f.Add([]byte{3, 0, 0, 1, 0, 1, 0, 5, 1, 3, 1, 4, 7, 2, 0, 2, 0, 0, 0, 3, 5})
	f.Add([]byte{2, 1, 1, 1, 1, 1, 1, 4, 0, 4, 255, 2, 1, 3, 0, 3, 0, 3, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		m := New[int](int(data[0] % 4))
		m.genMask = [...]uint32{1, 3, 7, math.MaxUint32}[data[0]%4]
		md := &model{live: map[Handle]int{}, seen: map[Handle]bool{}}
		next := 0 // the next value inserted
		for k := 1; k+1 < len(data) && k < 1+2*300; k += 2 {
			op, arg := data[k]%6, int(data[k+1])
			switch op {
			case 0, 1:
				h := m.Insert(next)
				if h == 0 || md.seen[h] {
					t.Fatalf("step %d: Insert returned %v, zero or issued before", k, h)
				}
				md.live[h], md.seen[h] = next, true
				md.issued = append(md.issued, h)
				next++
			case 2:
				if len(md.issued) == 0 {
					continue
				}
				h := md.issued[arg%len(md.issued)]
				_, want := md.live[h]
				if got := m.Remove(h); got != want {
					t.Fatalf("step %d: Remove(%v) = %v, want %v", k, h, got, want)
				}
				delete(md.live, h)
			case 3:
				if m.Len() == 0 {
					continue
				}
				i := arg % m.Len()
				delete(md.live, m.HandleAt(i))
				m.RemoveAt(i)
			case 4:
				// A handle made from the argument: it may name a live value only if the
				// model has it.
				h := makeHandle(uint32(arg&15), uint32(arg>>4))
				if p, ok := m.Get(h); ok {
					if v, live := md.live[h]; !live || v != *p {
						t.Fatalf("step %d: made-up handle %v resolved to %d", k, h, *p)
					}
				}
			case 5:
				if m.Len() == 0 {
					continue
				}
				i := arg % m.Len()
				m.Values()[i] += 1000
				md.live[m.HandleAt(i)] += 1000
			}
			md.check(t, m, k)
		}
	})
}

// check fails the test unless m holds exactly the model's live values under the
// model's handles, and no other handle ever issued resolves.
func (md *model) check(t *testing.T, m *Map[int], step int) {
	t.Helper()
	if m.Len() != len(md.live) {
		t.Fatalf("step %d: Len() = %d, model %d", step, m.Len(), len(md.live))
	}
	for _, h := range md.issued {
		p, ok := m.Get(h)
		v, live := md.live[h]
		if ok != live || ok && *p != v {
			t.Fatalf("step %d: Get(%v) = %v (ok %v), model %d (live %v)", step, h, p, ok, v, live)
		}
	}
	for i, v := range m.Values() {
		h := m.HandleAt(i)
		if w, live := md.live[h]; !live || w != v {
			t.Fatalf("step %d: Values()[%d] = %d under %v, model %d (live %v)", step, i, v, h, w, live)
		}
	}
	md.checkSlots(t, m, step)
}

// checkSlots compares the slot accessors with the model: a slot's latest handle says
// whether it is live, free (its generation one past the handle's) or retired (the
// handle had the last generation), and the free list holds exactly the free slots.
func (md *model) checkSlots(t *testing.T, m *Map[int], step int) {
	t.Helper()
	latest := map[uint32]Handle{}
	for _, h := range md.issued {
		latest[h.slot()] = h
	}
	if m.Slots() != len(latest) {
		t.Fatalf("step %d: %d slots, model %d", step, m.Slots(), len(latest))
	}
	free := 0
	for si, h := range latest {
		gen, live := m.SlotAt(int(si))
		_, wantLive := md.live[h]
		wantGen := h.gen()
		if !wantLive {
			wantGen = (h.gen() + 1) & m.genMask
			if h.gen() != m.genMask {
				free++
			}
		}
		if live != wantLive || gen != wantGen {
			t.Fatalf("step %d: slot %d generation %d live %v, model %d %v", step, si, gen, live, wantGen, wantLive)
		}
	}
	if m.FreeLen() != free {
		t.Fatalf("step %d: free list of %d, model %d", step, m.FreeLen(), free)
	}
}
