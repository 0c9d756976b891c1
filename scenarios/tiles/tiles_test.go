package tiles

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"localitylab/scenarios/workload"
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
		p := resolve(t, tc.over)
		ref := newRef(t, p)
		for range 37 {
			ref.frame()
		}
		want := ref.inWindow(ref.win)
		for _, backing := range workload.Backings {
			t.Run(tc.name+"/"+backing, func(t *testing.T) {
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

// TestSceneCap: a window with more entities than MaxSceneBoxes keeps the first ones,
// counts them all, and reuses the caller's slice.
func TestSceneCap(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 6000, pCols: 64, pRows: 64, pWindowW: 64, pWindowH: 64})
	for _, backing := range workload.Backings {
		t.Run(backing, func(t *testing.T) {
			st := load(t, p, backing)
			st.Frame()
			sc := workload.Scene{Boxes: make([]workload.Box, 0, workload.MaxSceneBoxes)}
			st.Scene(&sc)
			if sc.Total != 6000 || len(sc.Boxes) != workload.MaxSceneBoxes {
				t.Fatalf("total %d with %d boxes, want 6000 with %d", sc.Total, len(sc.Boxes), workload.MaxSceneBoxes)
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

func TestBackingNotes(t *testing.T) {
	for _, b := range workload.Backings {
		if len(BackingNotes[b]) < 100 {
			t.Errorf("backing %s has no teaching note (%q)", b, BackingNotes[b])
		}
	}
}

func TestParams(t *testing.T) {
	tests := []struct {
		name    string
		over    workload.Params
		backing string
		field   string // the error must name it; "" means no error
	}{
		{"defaults", nil, workload.SoA, ""},
		{"seed 000's load case", workload.Params{pSpan: 10, pCols: 107, pRows: 80}, workload.RowVec, ""},
		{"span wider than the map", workload.Params{pSpan: 11, pCols: 10, pRows: 100}, workload.RowVec, pSpan},
		{"span taller than the map", workload.Params{pSpan: 11, pCols: 100, pRows: 10}, workload.Map, pSpan},
		{"too many tiles", workload.Params{pCols: 1 << 14, pRows: 1 << 13}, workload.SoA, pCols},
		{"too many tile entries", workload.Params{pEntities: 10_000_000, pSpan: 11}, workload.PtrArray, pSpan},
		{"cell too small for spatialhash", workload.Params{pSpan: 100, pCell: 1, pEntities: 1000}, workload.SpatialHash, pCell},
		{"cell large enough", workload.Params{pSpan: 100, pCell: 2, pEntities: 1000}, workload.SpatialHash, ""},
		{"cell ignored by slotmap", workload.Params{pSpan: 100, pCell: 1, pEntities: 1000}, workload.SlotMap, ""},
		{"window larger than map", workload.Params{pWindowW: 5000, pWindowH: 5000}, workload.RowVec, ""},
		{"unknown backing", nil, "vector", "vector"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Spec.New(resolve(t, tc.over), tc.backing)
			switch {
			case tc.field == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.field != "" && err == nil:
				t.Fatalf("no error, want one naming %s", tc.field)
			case tc.field != "" && !strings.Contains(err.Error(), tc.field):
				t.Fatalf("error %q does not name %s", err, tc.field)
			}
		})
	}
	t.Run("out of range", func(t *testing.T) {
		for _, q := range Spec.Params {
			for _, v := range []int64{q.Min - 1, q.Max + 1} {
				p := Spec.Defaults()
				p[q.Name] = v
				_, err := Spec.New(p, workload.SoA)
				if err == nil || !strings.Contains(err.Error(), q.Name) {
					t.Errorf("%s = %d: error %v, want one naming %s", q.Name, v, err, q.Name)
				}
			}
		}
	})
	t.Run("missing", func(t *testing.T) {
		p := Spec.Defaults()
		delete(p, pSpan)
		if _, err := Spec.New(p, workload.SoA); err == nil || !strings.Contains(err.Error(), pSpan) {
			t.Fatalf("error %v, want one naming %s", err, pSpan)
		}
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
// and grows with the entities and with their span.
func TestEstimateBytes(t *testing.T) {
	small := resolve(t, workload.Params{pEntities: 1000})
	big := resolve(t, nil)
	wide := resolve(t, workload.Params{pSpan: 10, pCols: 107, pRows: 80})
	for _, backing := range workload.Backings {
		s, b, w := Spec.EstimateBytes(small, backing), Spec.EstimateBytes(big, backing), Spec.EstimateBytes(wide, backing)
		if s < 1000 || b <= s || w < 100_000_000 {
			t.Errorf("%s: estimate %d bytes for 1000 entities, %d for 1M, %d for 1M of span 10", backing, s, b, w)
		}
	}
	if got := Spec.EstimateBytes(workload.Params{}, workload.SoA); got != 0 {
		t.Errorf("estimate for unresolved parameters: %d, want 0", got)
	}
}

// TestLoadProgressAndCancel: Load reports a rising fraction that ends at 1, and stops
// with the context's error once cancelled.
func TestLoadProgressAndCancel(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 5 * progressEvery, pCols: 512, pRows: 512})
	for _, backing := range workload.Backings {
		t.Run(backing, func(t *testing.T) {
			st, err := Spec.New(p, backing)
			if err != nil {
				t.Fatal(err)
			}
			var seen []float64
			if err := st.Load(context.Background(), func(f float64) { seen = append(seen, f) }); err != nil {
				t.Fatal(err)
			}
			if len(seen) < 3 || seen[len(seen)-1] != 1 {
				t.Fatalf("progress %v: want several calls ending at 1", seen)
			}
			for i := 1; i < len(seen); i++ {
				if seen[i] < seen[i-1] || seen[i] > 1 {
					t.Fatalf("progress %v does not rise within [0, 1]", seen)
				}
			}

			st, _ = Spec.New(p, backing)
			ctx, cancel := context.WithCancel(context.Background())
			calls := 0
			err = st.Load(ctx, func(float64) {
				if calls++; calls == 2 {
					cancel()
				}
			})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("Load after cancel returned %v, want context.Canceled", err)
			}
			if calls > 2 {
				t.Fatalf("%d progress calls after cancelling at the second", calls-2)
			}
		})
	}
}

// TestFrameAllocs: after warm-up, no backing allocates per frame except map, whose
// notes promise that re-occupying a tile costs an allocation. rowvec and soa reuse
// their entries through free lists from the start; ptrarray's, slotmap's and the
// spatial hash's per-tile and per-cell lists allocate until each has reached the most
// entities it will ever hold, so they get a longer warm-up.
func TestFrameAllocs(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 4000, pCols: 64, pRows: 64, pWindowW: 32, pWindowH: 32, pWindowStep: 16})
	warmup := map[string]int{workload.RowVec: 300, workload.SoA: 300, workload.Map: 300,
		workload.PtrArray: 1500, workload.SlotMap: 1500, workload.SpatialHash: 1500}
	for _, backing := range workload.Backings {
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
