package tiles

import (
	"testing"

	"localitylab/workloads/workload"
)

func testWorld(t *testing.T, over workload.Params) *world {
	t.Helper()
	c, err := newConfig(resolve(t, over))
	if err != nil {
		t.Fatal(err)
	}
	w := newWorld(c)
	w.prepare()
	return w
}

// TestSweep: over one cycle the window stays inside the map, moves band by band from
// the top, visits every tile (unless its step is longer than the window, which skips
// columns on purpose), and then starts again from the first position.
func TestSweep(t *testing.T) {
	tests := []struct {
		name                   string
		cols, rows, w, h, step int64
		positions              int // window positions in a cycle
	}{
		{"defaults", 2048, 2048, 512, 256, 64, 25 * 8},
		{"uneven", 100, 50, 30, 20, 25, 4 * 3},                 // x: 0 25 50 70; y: 0 20 30
		{"step as long as the window", 100, 40, 30, 40, 30, 4}, // x: 0 30 60 70
		{"step past the edge", 100, 40, 30, 40, 500, 2},        // x: 0 70
		{"window larger than map", 10, 8, 64, 64, 3, 1},
		{"window as wide as map", 12, 9, 12, 3, 5, 3},
		{"one tile", 1, 1, 1, 1, 1, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := testWorld(t, workload.Params{pEntities: 1, pCols: tc.cols, pRows: tc.rows, pWindowW: tc.w, pWindowH: tc.h, pWindowStep: tc.step})
			if got := w.cfg.stops * w.cfg.bands; got != tc.positions {
				t.Fatalf("%d window positions per cycle, want %d", got, tc.positions)
			}
			covered := make([]bool, tc.cols*tc.rows)
			prev := w.windowAt(0)
			for f := range int64(tc.positions) {
				win := w.windowAt(f)
				if win.X0 < 0 || win.Y0 < 0 || win.X1 > int32(tc.cols) || win.Y1 > int32(tc.rows) || win.X0 >= win.X1 || win.Y0 >= win.Y1 {
					t.Fatalf("frame %d: window %+v leaves the %d×%d map or is empty", f, win, tc.cols, tc.rows)
				}
				if int64(win.X1-win.X0) != min(tc.w, tc.cols) || int64(win.Y1-win.Y0) != min(tc.h, tc.rows) {
					t.Fatalf("frame %d: window %+v is not %d×%d clipped to the map", f, win, tc.w, tc.h)
				}
				if f > 0 && win.Y0 < prev.Y0 {
					t.Fatalf("frame %d: window moved up from row %d to %d within a cycle", f, prev.Y0, win.Y0)
				}
				if f > 0 && win.Y0 == prev.Y0 && win.X0 <= prev.X0 {
					t.Fatalf("frame %d: window did not advance along its band (x %d then %d)", f, prev.X0, win.X0)
				}
				for y := win.Y0; y < win.Y1; y++ {
					for x := win.X0; x < win.X1; x++ {
						covered[int64(y)*tc.cols+int64(x)] = true
					}
				}
				prev = win
			}
			for i, ok := range covered {
				if !ok && tc.step <= tc.w {
					t.Fatalf("tile (%d, %d) never visited in a cycle", int64(i)%tc.cols, int64(i)/tc.cols)
				}
			}
			if w.windowAt(int64(tc.positions)) != w.windowAt(0) {
				t.Fatal("the sweep does not start again after a cycle")
			}
		})
	}
}

// TestMoves: each frame moves exactly moving_pct% of the entities, each at most once,
// by one of the eight neighbouring steps; frames choose differently; the same seed
// chooses the same.
func TestMoves(t *testing.T) {
	for _, tc := range []struct {
		n, pct int64
	}{{1, 100}, {7, 100}, {1000, 5}, {1024, 50}, {999, 0}} {
		w := testWorld(t, workload.Params{pEntities: tc.n, pMovingPct: tc.pct})
		again := testWorld(t, workload.Params{pEntities: tc.n, pMovingPct: tc.pct})
		firsts := map[int32]bool{}
		for f := range 20 {
			moves, _ := w.nextFrame()
			twin, _ := again.nextFrame()
			if len(moves) != int(tc.n*tc.pct/100) {
				t.Fatalf("n=%d pct=%d frame %d: %d moves, want %d", tc.n, tc.pct, f, len(moves), tc.n*tc.pct/100)
			}
			seen := map[int32]bool{}
			for i, mv := range moves {
				if mv.ID < 0 || int64(mv.ID) >= tc.n || seen[mv.ID] {
					t.Fatalf("n=%d frame %d: move %d of entity %d is out of range or repeated", tc.n, f, i, mv.ID)
				}
				seen[mv.ID] = true
				if mv.DX < -1 || mv.DX > 1 || mv.DY < -1 || mv.DY > 1 || mv.DX == 0 && mv.DY == 0 {
					t.Fatalf("move %+v is not a step to a neighbouring tile", mv)
				}
				if mv != twin[i] {
					t.Fatalf("frame %d move %d: %+v, and %+v from the same seed", f, i, mv, twin[i])
				}
			}
			if len(moves) > 0 {
				firsts[moves[0].ID] = true
			}
		}
		if tc.n >= 1000 && tc.pct > 0 && len(firsts) < 10 {
			t.Fatalf("n=%d: 20 frames start their moves at only %d entities", tc.n, len(firsts))
		}
	}
}

// TestDest: a step lands on a neighbouring position inside the map, bouncing off an
// edge, and stays put only on an axis with no room.
func TestDest(t *testing.T) {
	w := testWorld(t, workload.Params{pEntities: 1, pCols: 10, pRows: 1, pSpan: 1})
	tests := []struct {
		p    pos
		mv   move
		want pos
	}{
		{pos{4, 0}, move{DX: 1, DY: 1}, pos{5, 0}},   // no room along y: stays on row 0
		{pos{0, 0}, move{DX: -1, DY: 0}, pos{1, 0}},  // bounces off the left edge
		{pos{9, 0}, move{DX: 1, DY: -1}, pos{8, 0}},  // bounces off the right edge
		{pos{3, 0}, move{DX: -1, DY: -1}, pos{2, 0}}, // ordinary step
		{pos{9, 0}, move{DX: -1, DY: 0}, pos{8, 0}},  // ordinary step at the edge
	}
	for _, tc := range tests {
		if got := w.dest(tc.p, tc.mv); got != tc.want {
			t.Errorf("dest(%+v, %+v) = %+v, want %+v", tc.p, tc.mv, got, tc.want)
		}
	}
	// An entity as large as the map has nowhere to go.
	big := testWorld(t, workload.Params{pEntities: 1, pCols: 5, pRows: 5, pSpan: 5})
	for _, d := range neighbours {
		if got := big.dest(pos{}, move{DX: d[0], DY: d[1]}); got != (pos{}) {
			t.Errorf("span = map: dest by %v = %+v, want to stay at (0, 0)", d, got)
		}
	}
}

// TestSpawn: entities start inside the map with room for their span, spread over it,
// and the same seed places them the same way in any order.
func TestSpawn(t *testing.T) {
	w := testWorld(t, workload.Params{pEntities: 4000, pCols: 40, pRows: 30, pSpan: 5})
	hit := map[pos]bool{}
	for i := range 4000 {
		p := w.spawnAt(i)
		if p.Col < 0 || p.Col > 35 || p.Row < 0 || p.Row > 25 {
			t.Fatalf("entity %d at %+v: a 5×5 entity does not fit there in a 40×30 map", i, p)
		}
		hit[p] = true
	}
	if len(hit) < 36*26*9/10 {
		t.Fatalf("4000 entities start on only %d of the %d positions", len(hit), 36*26)
	}
	if a, b := w.spawnAt(123), w.spawnAt(7); a != w.spawnAt(123) || b != w.spawnAt(7) {
		t.Fatal("spawnAt depends on the order of calls")
	}
	other := testWorld(t, workload.Params{workload.Seed.Name: 2, pEntities: 4000, pCols: 40, pRows: 30, pSpan: 5})
	same := 0
	for i := range 100 {
		if other.spawnAt(i) == w.spawnAt(i) {
			same++
		}
	}
	if same > 5 {
		t.Fatalf("seeds 1 and 2 place %d of 100 entities alike", same)
	}
}
