package spatialhash

import (
	"fmt"
	"slices"
	"testing"
)

// checkHash verifies every invariant of h: each live entry is listed once in each cell
// its box overlaps and in no other, the free list holds exactly the other ids, and the
// counts match.
func checkHash[T any](t *testing.T, h *Hash[T]) {
	t.Helper()
	want := map[uint64][]ref{}
	live := 0
	for e := range h.ents {
		en := &h.ents[e]
		if en.next != alive {
			continue
		}
		live++
		s, ok := spanOf(en.box, h.cell)
		if !ok {
			continue
		}
		for cy := s.y0; cy <= s.y1; cy++ {
			for cx := s.x0; cx <= s.x1; cx++ {
				want[key(cx, cy)] = append(want[key(cx, cy)], refOf(int32(e), flagsIn(s, cx, cy)))
			}
		}
	}
	used := 0
	for i := range h.cells.slots {
		c := &h.cells.slots[i]
		if c.n == 0 {
			continue
		}
		used++
		if h.cells.find(c.coords()) != i {
			t.Fatalf("cell %x cannot be found from its home slot", c.key)
		}
		got := slices.Sorted(slices.Values(h.pool.list(c.blk, c.n)))
		if w := want[c.key]; !slices.Equal(got, w) {
			cx, cy := c.coords()
			t.Fatalf("cell (%d, %d) lists %v, want %v", cx, cy, got, w)
		}
		delete(want, c.key)
	}
	if len(want) > 0 {
		t.Fatalf("%d cells with entries are missing from the table", len(want))
	}
	if used != h.cells.used {
		t.Fatalf("table counts %d cells, holds %d", h.cells.used, used)
	}
	checkPool(t, &h.cells, &h.pool)
	free := 0
	for e := h.free; e != none; e = h.ents[e].next {
		if e < 0 || int(e) >= len(h.ents) || free > len(h.ents) {
			t.Fatalf("free list link %d out of range or cyclic", e)
		}
		free++
	}
	if live != h.Len() || live+free != len(h.ents) {
		t.Fatalf("%d live and %d free of %d entries; Len = %d", live, free, len(h.ents), h.Len())
	}
}

// checkPool verifies that every block of every class is either one cell's list or on
// its class's free list, never both and never twice, and that each list fills its
// block between the thresholds that move it: more than a quarter (one ref in class 0)
// and at most all of it.
func checkPool(t *testing.T, tb *table, p *pool) {
	t.Helper()
	owner := map[block]string{}
	claim := func(b block, who string) {
		t.Helper()
		if k := b.class(); int(b.index()) >= len(p.slabs[k])/int(capOf(k)) {
			t.Fatalf("%s holds block %d of class %d, beyond the slab's %d blocks", who, b.index(), k, len(p.slabs[k])/int(capOf(k)))
		}
		if prev, ok := owner[b]; ok {
			t.Fatalf("block %d of class %d belongs to %s and to %s", b.index(), b.class(), prev, who)
		}
		owner[b] = who
	}
	for i := range tb.slots {
		c := &tb.slots[i]
		if c.n == 0 {
			continue
		}
		cx, cy := c.coords()
		k := c.blk.class()
		if c.n > capOf(k) || (k > 0 && c.n <= capOf(k)/4) {
			t.Fatalf("cell (%d, %d) lists %d entries in a block of class %d (%d refs)", cx, cy, c.n, k, capOf(k))
		}
		claim(c.blk, fmt.Sprintf("cell (%d, %d)", cx, cy))
	}
	blocks := 0
	for k := range p.slabs {
		size := int(capOf(uint32(k)))
		if len(p.slabs[k])%size != 0 {
			t.Fatalf("slab of class %d holds %d refs, not a whole number of %d-ref blocks", k, len(p.slabs[k]), size)
		}
		blocks += len(p.slabs[k]) / size
		for head := p.free[k]; head != 0; head = uint32(p.refs(blockOf(head-1, uint32(k)))[0]) {
			claim(blockOf(head-1, uint32(k)), "the free list")
		}
	}
	if len(owner) != blocks {
		t.Fatalf("%d blocks in the slabs, %d of them listed or free", blocks, len(owner))
	}
}

// brute lists, sorted, the live ids among boxes (by id; nil for removed) overlapping q.
func brute(boxes map[int32]Box, q Box) []int32 {
	var ids []int32
	for e, b := range boxes {
		if b.Overlaps(q) {
			ids = append(ids, e)
		}
	}
	slices.Sort(ids)
	return ids
}

// checkQuery compares a query of h with a brute-force scan of boxes and requires
// each id at most once.
func checkQuery[T any](t *testing.T, h *Hash[T], boxes map[int32]Box, q Box) {
	t.Helper()
	got := h.Query(q, nil)
	slices.Sort(got)
	if want := brute(boxes, q); !slices.Equal(got, want) {
		t.Fatalf("Query(%+v) = %v, want %v", q, got, want)
	}
}

// panicOf runs op and returns its panic message, "" if it did not panic.
func panicOf(op func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	op()
	return ""
}
