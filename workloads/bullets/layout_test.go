package bullets

import (
	"testing"

	"localitylab/backings/rowvec"
	"localitylab/backings/slotmap"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
	wt "localitylab/workloads/workload/workloadtest"
)

// TestLayoutFacts checks, backing by backing, that what a layout reports is what the
// structure holds under churn, each figure recounted here another way.
func TestLayoutFacts(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 60_000, pLifetime: 60})
	run := func(st store) {
		for range 40 { // well into churn: a thousand bullets die and are born per frame
			st.Frame()
		}
	}
	// churned is a backing's store run into churn, and its layout then.
	churned := func(t *testing.T, backing string) (store, *memlayout.Layout) {
		st := load(t, p, backing)
		run(st)
		return st, wt.Layout(t, st)
	}
	// freeList checks the free list length a layout reports against the free slots of
	// a slot table (n slots, at giving slot i's generation and whether it is live),
	// counted from the generations: even and not wrapped to 0 (retired). Under churn
	// some are always free.
	freeList := func(t *testing.T, l *memlayout.Layout, n int, at func(i int) (uint32, bool)) {
		t.Helper()
		free := 0
		for i := range n {
			if g, live := at(i); !live && g != 0 {
				free++
			}
		}
		if got := wt.Fact(t, l, "free_list_length"); got != float64(free) || free == 0 {
			t.Errorf("free list %v, %d free slots counted", got, free)
		}
	}
	t.Run("ptrarray", func(t *testing.T) {
		st := load(t, p, workload.PtrArray).(*ptrStore)
		l := wt.Layout(t, st)
		if gap := wt.Fact(t, l, memlayout.FactMedianGap); gap < 1024 {
			t.Errorf("median gap %v bytes after Scatter, want at least 1 KiB", gap)
		}
		run(st)
		l = wt.Layout(t, st)
		dead := 0
		for _, q := range st.handles {
			if q != nil && q.Dead {
				dead++
			}
		}
		if got := wt.Fact(t, l, "dead_objects_held"); got != float64(dead) || dead == 0 {
			t.Errorf("dead objects held %v, counted %d", got, dead)
		}
	})
	t.Run("map", func(t *testing.T) {
		l := wt.Layout(t, load(t, p, workload.Map))
		if f, _ := l.Lookup(memlayout.FactMedianGap); f.Known || f.Note == "" {
			t.Errorf("median gap of a map %+v: want unknown with the reason", f)
		}
	})
	slotMap := func(t *testing.T, m *slotmap.Map[bullet], l *memlayout.Layout) {
		t.Helper()
		freeList(t, l, m.Slots(), m.SlotAt)
		strip := wt.View(t, l, memlayout.Strip)
		var live float64
		for _, c := range strip.Slots {
			live += float64(c.Live) / 255 * float64(strip.PerCell)
		}
		if d := live - float64(m.Len()); d > float64(len(strip.Slots)) || d < -float64(len(strip.Slots)) {
			t.Errorf("the strip shows about %.0f live slots, the map holds %d", live, m.Len())
		}
		if gap := wt.Fact(t, l, memlayout.FactMedianGap); gap != float64(layouts.Size[bullet]()) {
			t.Errorf("median gap %v, want the %d-byte stride of the dense values", gap, layouts.Size[bullet]())
		}
	}
	t.Run("slotmap", func(t *testing.T) {
		st, l := churned(t, workload.SlotMap)
		slotMap(t, st.(*slotStore).m, l)
	})
	t.Run("spatialhash", func(t *testing.T) {
		s, l := churned(t, workload.SpatialHash)
		st := s.(*hashStore)
		slotMap(t, st.m, l)
		if got := wt.HeatTotal(wt.View(t, l, memlayout.Heatmap)); got != int64(st.ix.Len()) {
			t.Errorf("index heat map holds %d bullets, the index %d", got, st.ix.Len())
		}
	})
	tableFree := func(t *testing.T, l *memlayout.Layout, tb *slotTable) {
		t.Helper()
		freeList(t, l, len(tb.slots), func(i int) (uint32, bool) { return tb.slots[i].gen, tb.slots[i].gen&1 == 1 })
	}
	t.Run("soa", func(t *testing.T) {
		s, l := churned(t, workload.SoA)
		st := s.(*soaStore)
		tableFree(t, l, &st.slots)
		if gap := wt.Fact(t, l, memlayout.FactMedianGap); gap != 4 {
			t.Errorf("median gap %v, want 4 (an int32 column)", gap)
		}
		cols := wt.View(t, l, memlayout.Columns).Columns
		deaths := st.tally.hits + st.tally.exited + st.tally.expired
		if len(cols) != 7 || !cols[0].Hot || cols[6].Hot || cols[6].Read != deaths || deaths == 0 {
			t.Errorf("columns %+v: want x hot, slot cold and read for the %d that died", cols, deaths)
		}
	})
	t.Run("rowvec", func(t *testing.T) {
		s, l := churned(t, workload.RowVec)
		st := s.(*rowStore)
		tableFree(t, l, &st.slots)
		if got := wt.HeatTotal(wt.View(t, l, memlayout.Heatmap)); got != int64(st.g.Len()) {
			t.Errorf("heat map holds %d bullets, the grid %d", got, st.g.Len())
		}
		free := 0
		for r := range st.g.Rows() {
			for _, e := range st.g.Row(r).Ents {
				if e.Prev == rowvec.Freed {
					free++
				}
			}
		}
		if got := wt.Fact(t, l, "row_entries_free"); got != float64(free) {
			t.Errorf("free row slots %v, counted %d", got, free)
		}
	})
}
