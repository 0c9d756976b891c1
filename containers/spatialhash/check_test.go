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
		if c.ids == nil {
			continue
		}
		used++
		if h.cells.find(c.coords()) != c {
			t.Fatalf("cell %x cannot be found from its home slot", c.key)
		}
		got := slices.Sorted(slices.Values(c.ids))
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
