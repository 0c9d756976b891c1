package slotmap

import (
	"fmt"
	"testing"
)

// mustGet fails the test unless h resolves to want.
func mustGet(t *testing.T, m *Map[string], h Handle, want string) {
	t.Helper()
	p, ok := m.Get(h)
	if !ok {
		t.Fatalf("Get(%v) = false, want %q", h, want)
	}
	if *p != want {
		t.Fatalf("Get(%v) = %q, want %q", h, *p, want)
	}
}

// mustMiss fails the test if h resolves.
func mustMiss(t *testing.T, m *Map[string], h Handle) {
	t.Helper()
	if p, ok := m.Get(h); ok {
		t.Fatalf("Get(%v) = %q, want no value", h, *p)
	}
}

// checkBackIndex fails the test unless every dense value's handle resolves to it.
func checkBackIndex(t *testing.T, m *Map[string]) {
	t.Helper()
	vals := m.Values()
	if len(vals) != m.Len() {
		t.Fatalf("len(Values()) = %d, Len() = %d", len(vals), m.Len())
	}
	for i := range vals {
		p, ok := m.Get(m.HandleAt(i))
		if !ok || p != &vals[i] {
			t.Fatalf("HandleAt(%d) = %v does not resolve to Values()[%d]", i, m.HandleAt(i), i)
		}
	}
}

func TestMap(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T, m *Map[string])
	}{
		{"zero handle on empty map", func(t *testing.T, m *Map[string]) {
			mustMiss(t, m, 0)
			if m.Remove(0) {
				t.Fatal("Remove(0) = true")
			}
		}},
		{"zero handle beside slot 0", func(t *testing.T, m *Map[string]) {
			h := m.Insert("a")
			if h == 0 {
				t.Fatal("Insert returned the zero handle")
			}
			mustMiss(t, m, 0)
			m.Remove(h)
			mustMiss(t, m, 0) // slot 0 is free now
		}},
		{"handle beyond the slots", func(t *testing.T, m *Map[string]) {
			h := m.Insert("a")
			mustMiss(t, m, makeHandle(h.slot()+1, 1))
			mustMiss(t, m, makeHandle(1<<31, 1))
		}},
		{"free slot with an even generation", func(t *testing.T, m *Map[string]) {
			h := m.Insert("a")
			m.Remove(h)
			mustMiss(t, m, makeHandle(h.slot(), h.gen()+1)) // the free slot's own generation
		}},
		{"insert and get", func(t *testing.T, m *Map[string]) {
			hs := []Handle{m.Insert("a"), m.Insert("b"), m.Insert("c")}
			for i, want := range []string{"a", "b", "c"} {
				mustGet(t, m, hs[i], want)
			}
			checkBackIndex(t, m)
		}},
		{"remove patches the moved value's slot", func(t *testing.T, m *Map[string]) {
			a, b, c := m.Insert("a"), m.Insert("b"), m.Insert("c")
			if !m.Remove(a) {
				t.Fatal("Remove(a) = false")
			}
			mustMiss(t, m, a)
			mustGet(t, m, b, "b")
			mustGet(t, m, c, "c")
			if m.Values()[0] != "c" || m.HandleAt(0) != c {
				t.Fatalf("Values() = %q, HandleAt(0) = %v: c did not move into a's place", m.Values(), m.HandleAt(0))
			}
			checkBackIndex(t, m)
		}},
		{"remove the last value", func(t *testing.T, m *Map[string]) {
			a, b := m.Insert("a"), m.Insert("b")
			m.Remove(b)
			mustGet(t, m, a, "a")
			mustMiss(t, m, b)
			checkBackIndex(t, m)
		}},
		{"remove twice", func(t *testing.T, m *Map[string]) {
			a := m.Insert("a")
			if !m.Remove(a) || m.Remove(a) {
				t.Fatal("Remove: want true, then false")
			}
			if m.Len() != 0 {
				t.Fatalf("Len() = %d after removing the only value", m.Len())
			}
		}},
		{"stale after many reuses", func(t *testing.T, m *Map[string]) {
			keep := m.Insert("keep")
			var old []Handle
			for i := range 1000 {
				h := m.Insert(fmt.Sprint(i))
				if len(old) > 0 && h.slot() != old[0].slot() {
					t.Fatalf("reuse %d went to slot %d, not the freed slot %d", i, h.slot(), old[0].slot())
				}
				for _, o := range old {
					if o == h {
						t.Fatalf("handle %v issued twice", h)
					}
				}
				mustGet(t, m, h, fmt.Sprint(i))
				m.Remove(h)
				old = append(old, h)
			}
			for _, o := range old {
				mustMiss(t, m, o)
			}
			mustGet(t, m, keep, "keep")
		}},
		{"remove at", func(t *testing.T, m *Map[string]) {
			a, b, c := m.Insert("a"), m.Insert("b"), m.Insert("c")
			m.RemoveAt(1)
			mustMiss(t, m, b)
			mustGet(t, m, a, "a")
			mustGet(t, m, c, "c")
			if m.HandleAt(1) != c {
				t.Fatalf("HandleAt(1) = %v, want c's %v", m.HandleAt(1), c)
			}
			checkBackIndex(t, m)
		}},
		{"values change in place", func(t *testing.T, m *Map[string]) {
			a := m.Insert("a")
			m.Values()[0] = "A"
			mustGet(t, m, a, "A")
			p, _ := m.Get(a)
			*p = "AA"
			if m.Values()[0] != "AA" {
				t.Fatalf("write through Get's pointer not seen in Values(): %q", m.Values())
			}
		}},
		{"removed values are zeroed behind the length", func(t *testing.T, m *Map[string]) {
			a := m.Insert("a")
			m.Insert("b")
			m.Remove(a)
			if tail := m.values[:2][1]; tail != "" {
				t.Fatalf("vacated element holds %q, want the zero value", tail)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, New[string](2)) })
	}
}

// TestGenerationWrap narrows the generations so that they would wrap within a few
// reuses of a slot: the slot is then retired, new values get new slots, and no handle
// issued before resolves again or is issued again.
func TestGenerationWrap(t *testing.T) {
	for _, mask := range []uint32{1, 3, 7} {
		t.Run(fmt.Sprintf("genMask=%d", mask), func(t *testing.T) {
			m := New[string](0)
			m.genMask = mask
			lives := int(mask+1) / 2 // odd generations 1, 3, …, mask
			seen := map[Handle]bool{}
			for i := range 3 * lives {
				h := m.Insert(fmt.Sprint(i))
				if seen[h] {
					t.Fatalf("handle %v issued twice", h)
				}
				seen[h] = true
				if want := uint32(i / lives); h.slot() != want {
					t.Fatalf("insert %d went to slot %d, want %d (slots retire after %d lives)", i, h.slot(), want, lives)
				}
				m.Remove(h)
			}
			for h := range seen {
				mustMiss(t, m, h)
			}
			if len(m.slots) != 3 || m.free != noSlot {
				t.Fatalf("%d slots, free head %d: want 3 retired slots and an empty free list", len(m.slots), m.free)
			}
		})
	}
	t.Run("full width", func(t *testing.T) {
		m := New[string](0)
		h := m.Insert("a")
		m.slots[h.slot()].gen = m.genMask // as if reused 2^31-1 times
		h = makeHandle(h.slot(), m.genMask)
		mustGet(t, m, h, "a")
		m.Remove(h)
		mustMiss(t, m, h)
		mustMiss(t, m, 0)
		if g := m.Insert("b"); g.slot() == h.slot() {
			t.Fatalf("slot %d reused after its last generation", g.slot())
		}
	})
}

func TestPanics(t *testing.T) {
	tests := []struct {
		name string
		f    func()
	}{
		{"negative capacity", func() { New[int](-1) }},
		{"RemoveAt past the end", func() { m := New[int](1); m.Insert(1); m.RemoveAt(1) }},
		{"RemoveAt negative", func() { m := New[int](1); m.Insert(1); m.RemoveAt(-1) }},
		{"HandleAt past the end", func() { New[int](1).HandleAt(0) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Fatal("no panic")
				}
			}()
			tc.f()
		})
	}
}
