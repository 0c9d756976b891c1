package spatialhash

import (
	"fmt"
	"slices"
	"testing"
)

// checkGrid verifies every invariant of g: the cells' runs lie in order within the
// placed slots; each placed item sits in the cell of its entry's corner, with a copy
// of that corner unless the cell is marked stale; every entry in use has exactly one
// item, placed or pending, where its slot by id says; the free ids are exactly the
// others; and the widest sides bound every box.
func checkGrid[T any](t *testing.T, g *Grid[T]) {
	t.Helper()
	nc := len(g.cells) - 1
	if nc != g.geo.cells() {
		t.Fatalf("%d cells, geometry says %d", nc, g.geo.cells())
	}
	if len(g.slot) != len(g.at) {
		t.Fatalf("%d slots by id for %d ids", len(g.slot), len(g.at))
	}
	seen := make([]bool, len(g.at))
	claim := func(s int32, where string) {
		t.Helper()
		it := g.slots[s]
		if it.id < 0 || int(it.id) >= len(g.at) || !g.live.has(it.id) {
			t.Fatalf("%s: slot %d holds id %d, which is not in use", where, s, it.id)
		}
		if seen[it.id] {
			t.Fatalf("%s: id %d listed twice", where, it.id)
		}
		seen[it.id] = true
		if g.slot[it.id] != s {
			t.Fatalf("%s: id %d lies in slot %d, its slot by id says %d", where, it.id, s, g.slot[it.id])
		}
		if it.w < 1 || it.h < 1 || it.w > g.maxW || it.h > g.maxH {
			t.Fatalf("%s: id %d has size %d×%d; widest sides %d×%d", where, it.id, it.w, it.h, g.maxW, g.maxH)
		}
	}
	held := 0
	for c := range int32(nc) {
		cl, next := g.cells[c], g.cells[c+1]
		if cl.start < 0 || cl.n < 0 || cl.start+cl.n > next.start {
			t.Fatalf("cell %d: run %+v overruns the next cell's start %d", c, cl, next.start)
		}
		for s := cl.start; s < cl.start+cl.n; s++ {
			claim(s, fmt.Sprintf("cell %d", c))
			it := g.slots[s]
			p := g.at[it.id]
			if got := g.geo.cellOf(p.x, p.y); got != c {
				t.Fatalf("cell %d holds id %d whose corner (%d, %d) is in cell %d", c, it.id, p.x, p.y, got)
			}
			if got := g.geo.cellOf(it.x, it.y); got != c {
				t.Fatalf("cell %d holds id %d whose corner copy (%d, %d) is in cell %d", c, it.id, it.x, it.y, got)
			}
			if !g.stale.has(c) && (it.x != p.x || it.y != p.y) {
				t.Fatalf("cell %d, not marked stale, has corner copy (%d, %d) of id %d at (%d, %d)", c, it.x, it.y, it.id, p.x, p.y)
			}
		}
		held += int(cl.n)
	}
	if int(g.placed()) > len(g.slots) {
		t.Fatalf("placed items end at %d, beyond the %d slots", g.placed(), len(g.slots))
	}
	for s := g.placed(); int(s) < len(g.slots); s++ {
		claim(s, "pending")
		held++
	}
	if held != g.n || held != g.Len() {
		t.Fatalf("%d items held, Len = %d", held, g.Len())
	}
	free := slices.Clone(g.free)
	slices.Sort(free)
	for i, id := range free {
		if g.live.has(id) || (i > 0 && free[i-1] == id) {
			t.Fatalf("free id %d is in use or free twice", id)
		}
	}
	if len(free)+held != len(g.at) {
		t.Fatalf("%d free ids and %d held of %d issued", len(free), held, len(g.at))
	}
	for _, id := range free { // ShiftEach tells a freed id by its corner alone
		if p := g.at[id]; uint64(uint32(p.x-g.geo.x0)) < g.geo.spanX && uint64(uint32(p.y-g.geo.y0)) < g.geo.spanY {
			t.Fatalf("free id %d keeps corner (%d, %d), inside the cells' own area", id, p.x, p.y)
		}
	}
	checkInspect(t, g)
}

// brute lists, sorted by id, the entries of boxes (by id) overlapping q, with their
// values.
func brute[T any](boxes map[int32]Box, vals map[int32]T, q Box) []Entry[T] {
	var out []Entry[T]
	for id, b := range boxes {
		if b.Overlaps(q) {
			out = append(out, Entry[T]{Box: b, ID: id, Val: vals[id]})
		}
	}
	slices.SortFunc(out, func(a, b Entry[T]) int { return int(a.ID) - int(b.ID) })
	return out
}

// checkQuery compares a query of g with a brute-force scan of the model.
func checkQuery[T comparable](t *testing.T, g *Grid[T], boxes map[int32]Box, vals map[int32]T, q Box) {
	t.Helper()
	got := g.Query(q, nil)
	slices.SortFunc(got, func(a, b Entry[T]) int { return int(a.ID) - int(b.ID) })
	if want := brute(boxes, vals, q); !slices.Equal(got, want) {
		t.Fatalf("Query(%+v) = %v, want %v", q, got, want)
	}
}
