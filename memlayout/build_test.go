package memlayout

import "testing"

func TestSlotTable(t *testing.T) {
	l := &Layout{}
	v := l.View(Strip, "slots")
	// 5,000 slots in cells of 5: in cell c, slot 5c+j is live for j < c%6 (capped at 5).
	v.SlotTable(5000, func(i int) (uint32, bool) {
		c, j := i/5, i%5
		return uint32(i % 11), j < c%6
	})
	if v.Of != 5000 || v.PerCell != 5 || len(v.Slots) != 1000 {
		t.Fatalf("%d slots in %d cells of %d, want 5000 in 1000 of 5", v.Of, len(v.Slots), v.PerCell)
	}
	for c, s := range v.Slots {
		live := min(c%6, 5)
		if want := uint8((live*255 + 2) / 5); s.Live != want {
			t.Fatalf("cell %d: live %d, want %d", c, s.Live, want)
		}
		top := uint32(0)
		for i := 5 * c; i < 5*c+5; i++ {
			top = max(top, uint32(i%11))
		}
		if s.Gen != top {
			t.Fatalf("cell %d: generation %d, want %d", c, s.Gen, top)
		}
	}
	v.SlotTable(3, func(i int) (uint32, bool) { return 1, i != 1 })
	if v.PerCell != 1 || len(v.Slots) != 3 || v.Slots[0].Live != 255 || v.Slots[1].Live != 0 {
		t.Errorf("a small table: %+v", v.Slots)
	}
}

func TestRowTable(t *testing.T) {
	l := &Layout{}
	v := l.View(Rows, "rows")
	var asked []int
	v.RowTable(1000, func(r int) (int64, int64, int64) {
		asked = append(asked, r)
		return int64(r), int64(2 * r), 1
	})
	if v.PerCell != 4 || len(v.Rows) != 250 || len(asked) != 250 {
		t.Fatalf("1000 rows: every %d-th shown, %d shown, %d read; want every 4th, 250, 250", v.PerCell, len(v.Rows), len(asked))
	}
	if r := v.Rows[10]; r.Index != 40 || r.Len != 40 || r.Cap != 80 || r.Free != 1 {
		t.Errorf("row 10 shown is %+v, want row 40", r)
	}
}

func TestHeat(t *testing.T) {
	l := &Layout{}
	v := l.View(Heatmap, "heat")
	v.StartHeat(1000, 10, Rect{X1: 1000, Y1: 10}, "entries per cell")
	if h := v.Heat; h.Block != 16 || h.W != 63 || h.H != 1 || len(h.Counts) != 63 {
		t.Fatalf("1000×10 cells: block %d, %d×%d, %d counts; want 16, 63×1", h.Block, h.W, h.H, len(h.Counts))
	}
	for x := range 1000 {
		v.HeatAdd(x, 9, 1)
	}
	if v.Heat.Counts[0] != 16 || v.Heat.Counts[62] != 1000-62*16 {
		t.Errorf("counts %v", v.Heat.Counts)
	}
	defer func() {
		if recover() == nil {
			t.Error("HeatAdd outside the grid did not panic")
		}
	}()
	v.HeatAdd(1008, 0, 1)
}

func TestCounts(t *testing.T) {
	l := &Layout{}
	v := l.View(Histogram, "counts")
	v.StartCounts("entries")
	for _, n := range []int64{0, 0, 1, 2, 3, 4, 7, 8, 1000} {
		v.Count(n, 1)
	}
	want := []Bin{{0, 1, 2}, {1, 2, 1}, {2, 4, 2}, {4, 8, 2}, {8, 16, 1}, {16, 32, 0}, {32, 64, 0}, {64, 128, 0}, {128, 256, 0}, {256, 512, 0}, {512, 1024, 1}}
	if len(v.Bins) != len(want) {
		t.Fatalf("bins %v, want %v", v.Bins, want)
	}
	for i := range want {
		if v.Bins[i] != want[i] {
			t.Errorf("bin %d: %v, want %v", i, v.Bins[i], want[i])
		}
	}
}

func TestBounds(t *testing.T) {
	for name, fn := range map[string]func(l *Layout){
		"facts": func(l *Layout) {
			for range MaxFacts + 1 {
				l.Fact("x", 1, "", "")
			}
		},
		"views": func(l *Layout) {
			for range MaxViews + 1 {
				l.View(Text, "x")
			}
		},
		"wrong kind": func(l *Layout) { l.View(Text, "x").Bar("b", 1, 1, "") },
		"lines": func(l *Layout) {
			v := l.View(Text, "x")
			for range MaxLines + 1 {
				v.Line("x")
			}
		},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			fn(&Layout{})
		})
	}
}
