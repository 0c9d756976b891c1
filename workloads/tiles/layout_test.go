package tiles

import (
	"fmt"
	"testing"

	"localitylab/memlayout"
	"localitylab/workloads/workload"
	wt "localitylab/workloads/workload/workloadtest"
)

// TestLayoutFacts checks that every store's layout counts what its structure holds on
// the last frame's window, recounted here through the store's own each, and that the
// walks see pointer chasing and packing for what they are, in either order of visits.
func TestLayoutFacts(t *testing.T) {
	for _, order := range []int64{orderRows, orderColumns} {
		p := resolve(t, workload.Params{pEntities: 60_000, pCols: 300, pRows: 200, pWindowW: 64, pWindowH: 40, pWindowStep: 16, pSpan: 2, pMovingPct: 5, pOrder: order})
		for _, backing := range workload.Backings {
			t.Run(fmt.Sprintf("order=%d/%s", order, backing), func(t *testing.T) { checkLayoutFacts(t, p, backing) })
		}
	}
}

// checkLayoutFacts is TestLayoutFacts for one backing under p.
func checkLayoutFacts(t *testing.T, p workload.Params, backing string) {
	st := load(t, p, backing)
	for range 12 {
		st.Frame()
	}
	l := wt.Layout(t, st)
	win := st.driver().win
	perTile := map[[2]int32]int64{}
	total := int64(0)
	st.each(win, func(col, row int32, _ pos, _ int32) {
		perTile[[2]int32{col, row}]++
		total++
	})
	heat := wt.View(t, l, memlayout.Heatmap)
	if backing == workload.SpatialHash {
		// Its heat map is the grid's, over the whole map, with the window on it.
		if got := wt.HeatTotal(heat); got != int64(st.Entities()) {
			t.Errorf("grid heat map holds %d entities, the store %d", got, st.Entities())
		}
		if m := heat.Heat.Mark; m.X0 != int64(win.X0) || m.Y1 != int64(win.Y1) {
			t.Errorf("mark %+v, the window %+v", m, win)
		}
		return
	}
	if heat.Heat.Block != 1 {
		t.Fatalf("a window of %d×%d tiles summed in blocks of %d", win.X1-win.X0, win.Y1-win.Y0, heat.Heat.Block)
	}
	for y := range heat.Heat.H {
		for x := range heat.Heat.W {
			tile := [2]int32{win.X0 + int32(x), win.Y0 + int32(y)}
			if got := int64(heat.Heat.Counts[y*heat.Heat.W+x]); got != perTile[tile] {
				t.Fatalf("tile %v: heat %d, %d entries on it", tile, got, perTile[tile])
			}
		}
	}
	if backing == workload.Map {
		return
	}
	sc := wt.View(t, l, memlayout.Scatter)
	if sc.Of != total {
		t.Errorf("the walk visited %d entries, the window holds %d", sc.Of, total)
	}
	gap := wt.Fact(t, l, memlayout.FactMedianGap)
	switch backing {
	case workload.PtrArray:
		if gap < 1024 {
			t.Errorf("median gap %v bytes after Scatter, want at least 1 KiB", gap)
		}
	case workload.SoA:
		cols := wt.View(t, l, memlayout.Columns).Columns
		if cols[0].Read != total || cols[2].Read != 0 {
			t.Errorf("columns %+v: want id read %d times, prev never", cols, total)
		}
	}
	t.Logf("median gap %v bytes over %d entries", gap, total)
}
