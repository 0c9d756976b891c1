package sprites

import (
	"slices"
	"testing"

	"localitylab/backings/rowvec"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
	wt "localitylab/workloads/workload/workloadtest"
)

// TestLayoutFacts checks, backing by backing, that what a layout reports is what the
// structure holds, each figure recounted here another way.
func TestLayoutFacts(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 100_000, pOnScreen: 2000, pMovingPct: 5})
	frames := func(st store) {
		for range 10 {
			st.Frame()
		}
	}
	t.Run("ptrarray", func(t *testing.T) {
		st := load(t, p, workload.PtrArray).(*ptrStore[[0]byte])
		frames(st)
		l := wt.Layout(t, st)
		if gap := wt.Fact(t, l, memlayout.FactMedianGap); gap < 1024 {
			t.Errorf("median gap %v bytes after Scatter, want at least 1 KiB", gap)
		}
		addrs := make([]uintptr, len(st.a.Items))
		for i, q := range st.a.Items {
			addrs[i] = layouts.Addr(q)
		}
		lo := slices.Min(addrs)
		if span := wt.Fact(t, l, memlayout.FactSpan); span != float64(slices.Max(addrs)-lo) {
			t.Errorf("span %v, the pointers span %d", span, slices.Max(addrs)-lo)
		}
		sc := wt.View(t, l, memlayout.Scatter)
		for _, pt := range sc.Points {
			if pt.Offset != int64(addrs[pt.Index]-lo) {
				t.Fatalf("point %+v: object %d lies at offset %d", pt, pt.Index, addrs[pt.Index]-lo)
			}
		}
	})
	t.Run("map", func(t *testing.T) {
		st := load(t, p, workload.Map)
		l := wt.Layout(t, st)
		for _, name := range []string{memlayout.FactMedianGap, memlayout.FactBytesPerEntity} {
			if f, ok := l.Lookup(name); !ok || f.Known || f.Note == "" {
				t.Errorf("%s: %+v; want unknown with the reason", name, f)
			}
		}
		if wt.Fact(t, l, "key_bytes") != 4 || wt.Fact(t, l, "value_bytes") != 24 {
			t.Error("declared sizes of key and value are not 4 and 24")
		}
		wt.View(t, l, memlayout.Text)
	})
	t.Run("slotmap", func(t *testing.T) {
		st := load(t, p, workload.SlotMap).(*slotStore[[0]byte])
		frames(st)
		l := wt.Layout(t, st)
		if gap := wt.Fact(t, l, memlayout.FactMedianGap); gap != 24 {
			t.Errorf("median gap %v, want the 24-byte stride of the dense values", gap)
		}
		if wt.Fact(t, l, "free_list_length") != 0 || wt.Fact(t, l, "slots") != 100_000 {
			t.Error("a slot map nothing was removed from has a free list, or lost slots")
		}
	})
	t.Run("rowvec", func(t *testing.T) {
		st := load(t, p, workload.RowVec).(*rowStore[[0]byte])
		frames(st)
		l := wt.Layout(t, st)
		free := 0
		for r := range st.g.Rows() {
			for _, e := range st.g.Row(r).Ents {
				if e.Prev == rowvec.Freed {
					free++
				}
			}
		}
		if got := wt.Fact(t, l, "row_entries_free"); got != float64(free) || free == 0 {
			t.Errorf("free row slots %v, counted %d (moves leave some)", got, free)
		}
		// The heat map counts the tiles the cull walks, as the walk visits them.
		heat, sc := wt.View(t, l, memlayout.Heatmap), wt.View(t, l, memlayout.Scatter)
		if wt.HeatTotal(heat) != sc.Of || sc.Of == 0 {
			t.Errorf("heat map holds %d sprites, the walk visited %d", wt.HeatTotal(heat), sc.Of)
		}
		if rows := wt.View(t, l, memlayout.Rows); rows.Of != int64(st.g.Rows()) {
			t.Errorf("rows view of %d rows, the grid has %d", rows.Of, st.g.Rows())
		}
	})
	t.Run("soa", func(t *testing.T) {
		st := load(t, p, workload.SoA).(*soaStore)
		frames(st)
		l := wt.Layout(t, st)
		if gap := wt.Fact(t, l, memlayout.FactMedianGap); gap > 64 || gap != 4 {
			t.Errorf("median gap %v, want 4 (an int32 column)", gap)
		}
		cols := wt.View(t, l, memlayout.Columns).Columns
		if len(cols) != 6 || !cols[0].Hot || cols[4].Hot || cols[4].Read != int64(len(st.vis.keys)) {
			t.Errorf("columns %+v: want x hot, depth cold and read for the %d sprites in view", cols, len(st.vis.keys))
		}
	})
	t.Run("spatialhash", func(t *testing.T) {
		st := load(t, p, workload.SpatialHash).(*hashStore[[0]byte])
		frames(st)
		l := wt.Layout(t, st)
		cols, rows := st.g.Cells()
		if wt.Fact(t, l, "cells") != float64(cols*rows) {
			t.Errorf("cells %v, the grid has %d×%d", wt.Fact(t, l, "cells"), cols, rows)
		}
		heat := wt.View(t, l, memlayout.Heatmap)
		if got, want := wt.HeatTotal(heat), int64(st.g.Len()-st.g.Pending()); got != want {
			t.Errorf("heat map holds %d entries, the cells list %d", got, want)
		}
		if wt.Fact(t, l, "pending_items") != float64(st.g.Pending()) {
			t.Error("pending items misreported")
		}
		// The histogram of entries per cell counts every cell once.
		for _, v := range l.Views {
			if v.Kind != memlayout.Histogram || v.Unit != "entries" {
				continue
			}
			var cells int64
			for _, b := range v.Bins {
				cells += b.Count
			}
			if cells != int64(cols*rows) {
				t.Errorf("the histogram counts %d cells, the grid has %d", cells, cols*rows)
			}
		}
		if gap := wt.Fact(t, l, memlayout.FactMedianGap); gap > 64 {
			t.Errorf("median gap %v: a query reads cells' runs of items side by side", gap)
		}
	})
}
