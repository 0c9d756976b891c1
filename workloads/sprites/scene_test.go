package sprites

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"localitylab/workloads/workload"
)

// wantScene is the scene of the reference model's last frame: the sprites it drew, in
// draw order, every k-th of them when they do not fit.
func wantScene(r *refStore, frame int64) workload.Scene {
	side := r.cfg.side
	sc := workload.Scene{World: workload.Rect{X1: side, Y1: side}, View: workload.Rect(r.viewAt(frame)), Total: len(r.seen)}
	stride := max(1, (len(r.seen)+workload.MaxSceneBoxes-1)/workload.MaxSceneBoxes)
	for j := 0; j < len(r.seen); j += stride {
		sp := r.seen[j]
		sc.Boxes = append(sc.Boxes, workload.Box{X: sp.X, Y: sp.Y, W: sp.W, H: sp.H, Kind: workload.Sprite})
	}
	return sc
}

// sameScene fails the test unless got equals want, box by box.
func sameScene(t *testing.T, what string, got, want workload.Scene) {
	t.Helper()
	if got.World != want.World || got.View != want.View || got.Total != want.Total {
		t.Fatalf("%s: world %v, view %v, total %d; want %v, %v, %d", what, got.World, got.View, got.Total, want.World, want.View, want.Total)
	}
	if len(got.Boxes) > workload.MaxSceneBoxes {
		t.Fatalf("%s: %d boxes, more than %d", what, len(got.Boxes), workload.MaxSceneBoxes)
	}
	if i := slices.Index(mismatch(got.Boxes, want.Boxes), true); i >= 0 || len(got.Boxes) != len(want.Boxes) {
		t.Fatalf("%s: %d boxes, want %d; first difference at %d", what, len(got.Boxes), len(want.Boxes), i)
	}
}

// mismatch reports, per index both slices have, whether the boxes differ.
func mismatch(a, b []workload.Box) []bool {
	out := make([]bool, min(len(a), len(b)))
	for i := range out {
		out[i] = a[i] != b[i]
	}
	return out
}

// TestScene: after every frame, each backing's Scene shows exactly what the reference
// model drew, where it drew it, in draw order; a view with more sprites than a scene
// holds is sampled evenly; before the first frame the scene is empty.
func TestScene(t *testing.T) {
	tests := []struct {
		name   string
		over   workload.Params
		frames int
	}{
		{"small", workload.Params{pEntities: 3000, pOnScreen: 300, pPanSpeed: 40, pMovingPct: 10}, 40},
		{"one sprite", workload.Params{pEntities: 1, pMovingPct: 100}, 10},
		{"more than a scene holds", workload.Params{pEntities: 10_000, pOnScreen: 40_000, pViewW: 8000, pViewH: 8000, pMovingPct: 5}, 5},
	}
	for _, tc := range tests {
		p := resolve(t, tc.over)
		c, err := newConfig(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, backing := range workload.Backings {
			t.Run(tc.name+"/"+backing, func(t *testing.T) {
				ref := &refStore{world: newWorld(c)}
				if err := ref.Load(context.Background(), nil); err != nil {
					t.Fatal(err)
				}
				st := load(t, p, backing)
				var sc workload.Scene
				st.Scene(&sc)
				sameScene(t, "before the first frame", sc, workload.Scene{World: workload.Rect{X1: c.side, Y1: c.side}, View: workload.Rect(ref.viewAt(0))})
				for f := range tc.frames {
					ref.Frame()
					st.Frame()
					st.Scene(&sc)
					sameScene(t, fmt.Sprintf("frame %d", f), sc, wantScene(ref, int64(f)))
				}
				if tc.name == "more than a scene holds" && sc.Total <= workload.MaxSceneBoxes {
					t.Fatalf("%d sprites drawn: the case does not overflow a scene", sc.Total)
				}
			})
		}
	}
}

// TestSceneLeavesFramesAlone: a store whose Scene is read between all its frames gives
// the same checksums as one never asked, and Scene allocates nothing once the boxes
// have room.
func TestSceneLeavesFramesAlone(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 3000, pOnScreen: 300, pPanSpeed: 40, pMovingPct: 10})
	for _, backing := range workload.Backings {
		t.Run(backing, func(t *testing.T) {
			watched, alone := load(t, p, backing), load(t, p, backing)
			sc := workload.Scene{Boxes: make([]workload.Box, 0, workload.MaxSceneBoxes)}
			for f := range 60 {
				watched.Scene(&sc)
				if a, b := watched.Frame(), alone.Frame(); a != b {
					t.Fatalf("frame %d: checksum %016x with Scene calls, %016x without", f, a, b)
				}
			}
			if a := testing.AllocsPerRun(20, func() { watched.Scene(&sc) }); a != 0 {
				t.Fatalf("Scene made %.1f allocations, want 0", a)
			}
			if sc.Total == 0 {
				t.Fatal("nothing drawn in the last frame: the test shows nothing")
			}
		})
	}
}
