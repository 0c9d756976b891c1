package tiles

import (
	"slices"
	"testing"

	"localitylab/workloads/workload"
	"localitylab/workloads/workload/workloadtest"
)

// TestChecksumFollowsContent shows that the agreement tests could fail: on every
// backing, the checksum of a window changes when one entity in it steps to another
// tile, and two seeds give different checksums.
func TestChecksumFollowsContent(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 3000, pCols: 96, pRows: 64, pWindowW: 24, pWindowH: 16, pSpan: 2})
	for _, backing := range workload.Backings {
		t.Run(backing, func(t *testing.T) {
			a, b := load(t, p, backing), load(t, p, backing)
			if ha, hb := a.Frame(), b.Frame(); ha != hb {
				t.Fatalf("two loads of the same map differ: %016x, %016x", ha, hb)
			}
			win := a.driver().win
			var id int32 = -1
			a.each(win, func(col, row int32, at pos, e int32) {
				// an entity well inside the window, so that its step stays visible
				if id < 0 && at.Col > win.X0+1 && at.Row > win.Y0+1 && at.Col+3 < win.X1 && at.Row+3 < win.Y1 {
					id = e
				}
			})
			if id < 0 {
				t.Fatal("no entity inside the window to move")
			}
			b.apply([]move{{ID: id, DX: 1}})
			if ha, hb := a.visit(win), b.visit(win); ha == hb {
				t.Fatalf("stepping entity %d one tile right left the checksum at %016x", id, ha)
			}
		})
	}
	q := p.Clone()
	q[workload.Seed.Name]++
	a, b := load(t, p, workload.RowVec), load(t, q, workload.RowVec)
	for f := range 50 {
		if a.Frame() == b.Frame() {
			t.Fatalf("frame %d: seeds %d and %d give the same checksum", f, p[workload.Seed.Name], q[workload.Seed.Name])
		}
	}
}

// TestScene: every backing's Scene shows the last frame's window and exactly the
// entities the reference model puts on its tiles, each once, as span×span boxes.
func TestScene(t *testing.T) {
	for _, tc := range cases {
		p := resolve(t, tc.Over)
		ref := newRef(t, p)
		for range 37 {
			ref.Frame()
		}
		want := ref.inWindow(ref.win)
		for _, backing := range workload.Backings {
			t.Run(tc.Name+"/"+backing, func(t *testing.T) {
				st := load(t, p, backing)
				for range 37 {
					st.Frame()
				}
				var sc workload.Scene
				st.Scene(&sc)
				win := st.driver().win
				if sc.View != (workload.Rect{X0: win.X0, Y0: win.Y0, X1: win.X1, Y1: win.Y1}) || sc.World != (workload.Rect{X1: int32(p[pCols]), Y1: int32(p[pRows])}) {
					t.Fatalf("view %+v, world %+v: want the window %+v in a %d×%d map", sc.View, sc.World, win, p[pCols], p[pRows])
				}
				if sc.Total != len(want) || len(sc.Boxes) != len(want) {
					t.Fatalf("total %d, %d boxes; the reference has %d entities in the window", sc.Total, len(sc.Boxes), len(want))
				}
				got := make([]pos, len(sc.Boxes))
				for i, b := range sc.Boxes {
					if b.W != int32(p[pSpan]) || b.H != int32(p[pSpan]) || b.Kind != workload.Entity {
						t.Fatalf("box %+v: want an Entity of %d×%d tiles", b, p[pSpan], p[pSpan])
					}
					got[i] = pos{Col: b.X, Row: b.Y}
				}
				wantPos := make([]pos, len(want))
				for i, id := range want {
					wantPos[i] = ref.at[id]
				}
				cmpPos := func(a, b pos) int { return int(a.Row-b.Row)*1<<16 + int(a.Col-b.Col) }
				slices.SortFunc(got, cmpPos)
				slices.SortFunc(wantPos, cmpPos)
				if !slices.Equal(got, wantPos) {
					t.Fatalf("scene boxes at %v, the reference's entities at %v", got, wantPos)
				}
			})
		}
	}
}

// TestSceneCap: a window with more entities than MaxSceneBoxes keeps an even sample of
// them that covers the whole window, counts them all, and reuses the caller's slice.
// The second case is the tiles-rows lesson's shape, scaled down: entities of 10×10
// tiles crowding a small map, a hundred and more on every tile of the window, where
// keeping the first MaxSceneBoxes filled the window's first rows and left the rest
// empty.
func TestSceneCap(t *testing.T) {
	for _, tc := range []struct {
		name  string
		over  workload.Params
		total int
	}{
		{"sparse", workload.Params{pEntities: 6000, pCols: 64, pRows: 64, pWindowW: 64, pWindowH: 64}, 6000},
		{"crowded", workload.Params{pEntities: 80000, pCols: 107, pRows: 80, pSpan: 10, pWindowW: 32, pWindowH: 16, pWindowStep: 16, pMovingPct: 0}, 0},
	} {
		p := resolve(t, tc.over)
		for _, backing := range workload.Backings {
			t.Run(tc.name+"/"+backing, func(t *testing.T) {
				st := load(t, p, backing)
				st.Frame()
				sc := workload.Scene{Boxes: make([]workload.Box, 0, workload.MaxSceneBoxes)}
				st.Scene(&sc)
				win := st.driver().win
				total := 0
				st.each(win, func(col, row int32, at pos, _ int32) {
					if col == max(at.Col, win.X0) && row == max(at.Row, win.Y0) {
						total++
					}
				})
				if tc.total > 0 && total != tc.total {
					t.Fatalf("the window holds %d entities, want %d", total, tc.total)
				}
				if sc.Total != total || len(sc.Boxes) > workload.MaxSceneBoxes || len(sc.Boxes) < workload.MaxSceneBoxes/2 || total <= workload.MaxSceneBoxes {
					t.Fatalf("total %d with %d boxes, want %d (more than %d) with %d to %d", sc.Total, len(sc.Boxes), total,
						workload.MaxSceneBoxes, workload.MaxSceneBoxes/2, workload.MaxSceneBoxes)
				}
				// Each quarter of the window has sampled entities whose first tile in the
				// window lies in it, in proportion: no quarter is left empty.
				var quarter [4]int
				midX, midY := (win.X0+win.X1)/2, (win.Y0+win.Y1)/2
				for _, b := range sc.Boxes {
					x, y := max(b.X, win.X0), max(b.Y, win.Y0)
					k := 0
					if x >= midX {
						k++
					}
					if y >= midY {
						k += 2
					}
					quarter[k]++
				}
				for k, n := range quarter {
					if n < len(sc.Boxes)/16 {
						t.Errorf("quarter %d of the window has %d of the %d boxes drawn: %v", k, n, len(sc.Boxes), quarter)
					}
				}
				before := &sc.Boxes[0]
				st.Frame()
				st.Scene(&sc)
				if &sc.Boxes[0] != before {
					t.Fatal("Scene did not reuse dst.Boxes")
				}
			})
		}
	}
}

func TestBackingNotes(t *testing.T) {
	for _, b := range workload.Backings {
		if len(Spec.Notes[b]) < 100 {
			t.Errorf("backing %s has no teaching note (%q)", b, Spec.Notes[b])
		}
	}
}

func TestParams(t *testing.T) {
	workloadtest.CheckNew(t, &Spec, []workloadtest.NewCase{
		{Name: "defaults", Backing: workload.SoA},
		{Name: "source 000's load case", Over: workload.Params{pSpan: 10, pCols: 107, pRows: 80}, Backing: workload.RowVec},
		{Name: "span wider than the map", Over: workload.Params{pSpan: 11, pCols: 10, pRows: 100}, Backing: workload.RowVec, Field: pSpan},
		{Name: "span taller than the map", Over: workload.Params{pSpan: 11, pCols: 100, pRows: 10}, Backing: workload.Map, Field: pSpan},
		{Name: "too many tiles", Over: workload.Params{pCols: 1 << 14, pRows: 1 << 13}, Backing: workload.SoA, Field: pCols},
		{Name: "too many tile entries", Over: workload.Params{pEntities: 10_000_000, pSpan: 11}, Backing: workload.PtrArray, Field: pSpan},
		{Name: "entities far larger than cells (one list each)", Over: workload.Params{pSpan: 100, pCell: 1, pEntities: 1000}, Backing: workload.SpatialHash},
		{Name: "growth by append", Over: workload.Params{pGrowth: growAppend}, Backing: workload.SoA},
		{Name: "growth by doubling", Over: workload.Params{pGrowth: growDouble}, Backing: workload.RowVec},
		{Name: "window larger than map", Over: workload.Params{pWindowW: 5000, pWindowH: 5000}, Backing: workload.RowVec},
		{Name: "unknown backing", Backing: "vector", Field: "vector"},
	})
	t.Run("preset names", func(t *testing.T) {
		for _, name := range []string{"seed", "entities", "cols", "rows", "moving_pct", "window_w", "window_h", "span"} {
			if _, ok := Spec.Param(name); !ok {
				t.Errorf("no parameter %q, which presets use", name)
			}
		}
	})
}

// TestEstimateBytes: every backing's estimate covers at least a byte per tile entry
// (the spatial hash, which lists an entity once however many tiles it covers, at least
// its 28 bytes per entity) and grows with the entities.
func TestEstimateBytes(t *testing.T) {
	small, big := resolve(t, workload.Params{pEntities: 1000}), resolve(t, nil)
	workloadtest.EstimateGrows(t, &Spec, small, big, 1)
	wide := resolve(t, workload.Params{pSpan: 10, pCols: 107, pRows: 80})
	for _, backing := range workload.Backings {
		least := int64(100_000_000)
		if backing == workload.SpatialHash {
			least = 28_000_000
		}
		if w := Spec.EstimateBytes(wide, backing); w < least {
			t.Errorf("%s: estimate %d bytes for 1M entities of span 10, less than %d", backing, w, least)
		}
	}
	if got := Spec.EstimateBytes(workload.Params{}, workload.SoA); got != 0 {
		t.Errorf("estimate for unresolved parameters: %d, want 0", got)
	}
}

// TestLoadProgressAndCancel: Load reports a rising fraction that ends at 1, and stops
// with the context's error once cancelled.
func TestLoadProgressAndCancel(t *testing.T) {
	workloadtest.LoadProgressAndCancel(t, &Spec, resolve(t, workload.Params{pEntities: 5 * workload.ProgressEvery, pCols: 512, pRows: 512}))
}

// TestFrameAllocs: after warm-up, no backing allocates per frame except map, whose
// notes promise that re-occupying a tile costs an allocation. rowvec and soa reuse
// their entries through free lists from the start, and the spatial hash its cells'
// list blocks once each size class has held its most lists; ptrarray's and slotmap's
// per-tile lists allocate until each has reached the most entities it will ever hold,
// so they get a longer warm-up, as does a backing not listed here.
func TestFrameAllocs(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 4000, pCols: 64, pRows: 64, pWindowW: 32, pWindowH: 32, pWindowStep: 16})
	warmup := map[string]int{workload.RowVec: 300, workload.SoA: 300, workload.Map: 300, workload.SpatialHash: 300}
	for _, backing := range workload.Backings {
		if _, ok := warmup[backing]; !ok {
			warmup[backing] = 1500
		}
		t.Run(backing, func(t *testing.T) {
			st := load(t, p, backing)
			for range warmup[backing] {
				st.Frame()
			}
			a := testing.AllocsPerRun(50, func() { st.Frame() })
			switch {
			case backing == workload.Map && a == 0:
				t.Fatal("no allocation per frame: the map store no longer deletes emptied tiles as its notes say")
			case backing != workload.Map && a != 0:
				t.Fatalf("%.2f allocations per frame after %d frames, want 0", a, warmup[backing])
			}
		})
	}
}
