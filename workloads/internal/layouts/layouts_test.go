package layouts

import (
	"testing"

	"localitylab/backings/rowvec"
	"localitylab/backings/slotmap"
	"localitylab/backings/spatialhash"
	"localitylab/memlayout"
)

func fact(t *testing.T, l *memlayout.Layout, name string) memlayout.Fact {
	t.Helper()
	f, ok := l.Lookup(name)
	if !ok {
		t.Fatalf("no fact %s", name)
	}
	return f
}

// TestSlotMapKnownFrees: a slot map of 10 values, 3 of them removed, reports a free
// list of 3, 10 slots, and a strip with 7 live.
func TestSlotMapKnownFrees(t *testing.T) {
	m := slotmap.New[[2]int64](16)
	var hs []slotmap.Handle
	for i := range 10 {
		hs = append(hs, m.Insert([2]int64{int64(i)}))
	}
	for _, i := range []int{0, 4, 9} {
		m.Remove(hs[i])
	}
	var l memlayout.Layout
	SlotMap(&l, m)
	for name, want := range map[string]float64{"free_list_length": 3, "slots": 10, "retired_slots": 0} {
		if f := fact(t, &l, name); !f.Known || f.Value != want {
			t.Errorf("%s = %+v, want %v", name, f, want)
		}
	}
	strip := l.Views[0]
	live := 0
	for i, s := range strip.Slots {
		if s.Live == 255 {
			live++
		}
		if wantGen := map[bool]uint32{true: 1, false: 2}[s.Live == 255]; s.Gen != wantGen {
			t.Errorf("slot %d: generation %d, want %d", i, s.Gen, wantGen)
		}
	}
	if strip.Kind != memlayout.Strip || len(strip.Slots) != 10 || live != 7 {
		t.Errorf("strip %+v: want 10 slots, 7 live", strip.Slots)
	}
	if b := l.Views[1].Bars[0]; b.Value != 7 || b.Max != 16 {
		t.Errorf("dense bar %+v, want 7 of 16", b)
	}
}

func TestMapSaysWhatIsHidden(t *testing.T) {
	var l memlayout.Layout
	l.LoadHeap = 70.4
	Map(&l, 1000, 4, 24, "things by id")
	for _, name := range []string{memlayout.FactBytesPerEntity, memlayout.FactMedianGap} {
		if f := fact(t, &l, name); f.Known || f.Note == "" {
			t.Errorf("%s = %+v: want unknown with a reason", name, f)
		}
	}
	if len(l.Views) != 2 || l.Views[0].Bars[1].Value != 70 || l.Views[1].Kind != memlayout.Text {
		t.Errorf("views %+v: want the bytes per entry, measured heap 70, then the text", l.Views)
	}
}

func TestDense(t *testing.T) {
	var l memlayout.Layout
	Dense(&l, make([][3]int32, 5000), "values", "index order")
	if f := fact(t, &l, memlayout.FactMedianGap); f.Value != 12 {
		t.Errorf("median gap of [3]int32 values %v, want 12", f.Value)
	}
	if f := fact(t, &l, memlayout.FactSpan); f.Value != 4999*12 {
		t.Errorf("span %v, want %d", f.Value, 4999*12)
	}
}

func TestRowVectors(t *testing.T) {
	g := rowvec.New[int32](4, 3)
	var idx []int32
	for i := range 12 {
		idx = append(idx, g.Insert(i%4, 2, int32(i)))
	}
	g.Remove(1, 2, idx[5])
	var l memlayout.Layout
	RowVectors(&l, g)
	if f := fact(t, &l, "row_entries_free"); f.Value != 1 {
		t.Errorf("free row slots %v, want 1", f.Value)
	}
	rows := l.Views[0].Rows
	if len(rows) != 3 || rows[2].Len != 11 || rows[2].Free != 1 || rows[2].Cap < 12 || rows[0].Len != 0 {
		t.Errorf("rows %+v", rows)
	}
}

func TestGrid(t *testing.T) {
	g := spatialhash.New[int32](spatialhash.Box{W: 400, H: 300}, 100, 0)
	for i := range 30 { // 30 boxes in cell (1, 1), 5 in cell (3, 2)
		g.Insert(spatialhash.Box{X: 150, Y: 150, W: 4, H: 4}, int32(i))
	}
	for i := range 5 {
		g.Insert(spatialhash.Box{X: 350, Y: 250, W: 4, H: 4}, int32(i))
	}
	g.Pack()
	var l memlayout.Layout
	view := spatialhash.Box{X: 120, Y: 120, W: 100, H: 100}
	Grid(&l, g, spatialhash.Box{W: 400, H: 300}, memlayout.Rect{X0: 120, Y0: 120, X1: 220, Y1: 220}, view)
	for name, want := range map[string]float64{"cells": 12, "empty_cells": 10, "max_entries_per_cell": 30,
		"entries_per_nonempty_cell": 17.5, "pending_items": 0, "cells_per_query": 4, "items_per_query": 30} {
		if f := fact(t, &l, name); f.Value != want {
			t.Errorf("%s = %v, want %v", name, f.Value, want)
		}
	}
	heat := l.Views[0].Heat
	if heat.W != 4 || heat.H != 3 || heat.Counts[1*4+1] != 30 || heat.Counts[2*4+3] != 5 {
		t.Errorf("heat %+v", heat)
	}
	if hist := l.Views[1].Bins; hist[0].Count != 10 || hist[3].Count != 1 || hist[5].Count != 1 {
		t.Errorf("entries per cell %+v: want 10 empty, one of 4–7, one of 16–31", hist)
	}
}
