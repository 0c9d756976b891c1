package memlayout

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// walkOf runs fn on a fresh layout's walk and finishes it.
func walkOf(fn func(w *Walk)) *Layout {
	l := &Layout{}
	l.Reset("w", "b", 1)
	w := l.Walk()
	fn(w)
	w.Finish("t", "index order")
	return l
}

// TestRunIsAdds: a packed run gives exactly what visiting its entities one by one
// gives, facts, points and bins, whatever its length (the samples halve on the way).
func TestRunIsAdds(t *testing.T) {
	for _, n := range []int{1, 2, 3, 100, MaxPoints, MaxPoints + 1, MaxGaps + 2, 100_003} {
		for _, stride := range []uintptr{4, 24, 4096} {
			run := walkOf(func(w *Walk) {
				w.Add(7)
				w.Run(1<<20, n, stride)
				w.Add(1 << 40)
			})
			adds := walkOf(func(w *Walk) {
				w.Add(7)
				for i := range n {
					w.Add(1<<20 + uintptr(i)*stride)
				}
				w.Add(1 << 40)
			})
			if !reflect.DeepEqual(run.Facts, adds.Facts) || !reflect.DeepEqual(run.Views, adds.Views) {
				t.Errorf("n %d stride %d: Run gives\n%+v\n%+v\nand Adds\n%+v\n%+v", n, stride, run.Facts, run.Views[0].Note, adds.Facts, adds.Views[0].Note)
			}
		}
	}
}

func TestMedianGap(t *testing.T) {
	tests := []struct {
		name  string
		addrs []uintptr
		want  float64
		known bool
	}{
		{"odd number of gaps", []uintptr{0, 10, 30, 60}, 20, true},
		{"even number of gaps", []uintptr{0, 10, 30}, 15, true},
		{"gaps are distances", []uintptr{100, 0, 300}, 200, true},
		{"one entity", []uintptr{5}, 0, false},
		{"none", nil, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := walkOf(func(w *Walk) {
				for _, a := range tt.addrs {
					w.Add(a)
				}
			})
			f, ok := l.Lookup(FactMedianGap)
			if !ok || f.Known != tt.known || f.Value != tt.want {
				t.Errorf("median gap %+v, want %v (known %v)", f, tt.want, tt.known)
			}
			if !f.Known && f.Note == "" {
				t.Error("an unknown median gap gives no reason")
			}
		})
	}
}

// TestLongWalk: a million scattered entities leave bounded, even samples, a
// histogram of every gap, and a sampled median within a few percent of the true one.
func TestLongWalk(t *testing.T) {
	const n = 1_000_000
	r := rand.New(rand.NewPCG(1, 2))
	addrs := make([]uintptr, n)
	for i := range addrs {
		addrs[i] = uintptr(r.IntN(1 << 30))
	}
	l := walkOf(func(w *Walk) {
		for _, a := range addrs {
			w.Add(a)
		}
	})
	sc, hist := &l.Views[0], &l.Views[1]
	if sc.Kind != Scatter || hist.Kind != Histogram {
		t.Fatalf("views %v, %v: want a scatter and a histogram", sc.Kind, hist.Kind)
	}
	if len(sc.Points) > MaxPoints || len(sc.Points) < MaxPoints/2 || sc.Of != n {
		t.Errorf("%d points of %d entities: want between %d and %d of %d", len(sc.Points), sc.Of, MaxPoints/2, MaxPoints, n)
	}
	step := sc.Points[1].Index - sc.Points[0].Index
	lo := slices.Min(addrs)
	for i, p := range sc.Points {
		if p.Index != int64(i)*step || p.Offset != int64(addrs[p.Index]-lo) {
			t.Fatalf("point %d is %+v: want position %d, offset %d", i, p, int64(i)*step, addrs[int64(i)*step]-lo)
		}
	}
	var total int64
	for _, b := range hist.Bins {
		total += b.Count
	}
	if total != n-1 {
		t.Errorf("histogram counts %d gaps, want %d", total, n-1)
	}
	gaps := make([]float64, n-1)
	for i := range gaps {
		gaps[i] = float64(dist(addrs[i+1], addrs[i]))
	}
	slices.Sort(gaps)
	exact := gaps[len(gaps)/2]
	f, _ := l.Lookup(FactMedianGap)
	if f.Value < 0.95*exact || f.Value > 1.05*exact {
		t.Errorf("sampled median gap %.0f, the exact one %.0f: want within 5%%", f.Value, exact)
	}
	if span, _ := l.Lookup(FactSpan); span.Value != float64(slices.Max(addrs)-lo) {
		t.Errorf("span %v, want %d", span.Value, slices.Max(addrs)-lo)
	}
}

func TestGapBins(t *testing.T) {
	for _, tt := range []struct {
		gap    uint64
		lo, hi int64
	}{{0, 0, 64}, {63, 0, 64}, {64, 64, 128}, {127, 64, 128}, {128, 128, 256}, {4095, 2048, 4096}, {4096, 4096, 8192}, {1 << 30, 1 << 30, 1 << 31}} {
		i := gapBin(tt.gap)
		if lo, hi := gapEdges(i); lo != tt.lo || hi != tt.hi || int64(tt.gap) < lo || int64(tt.gap) >= hi {
			t.Errorf("gap %d in bin %d = [%d, %d), want [%d, %d)", tt.gap, i, lo, hi, tt.lo, tt.hi)
		}
	}
}
