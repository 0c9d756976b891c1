package sweep

import (
	"math"
	"testing"

	"localitylab/lab/result"
)

func TestCrossings(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name    string
		xs      []float64
		a, b    []float64
		logX    bool
		want    []crossing
		wantAtX []float64 // the interpolated meeting points, to 1e-9
	}{
		{name: "none: a below throughout", xs: []float64{1, 2, 3}, a: []float64{1, 1, 1}, b: []float64{2, 3, 4}},
		{name: "one, linear x", xs: []float64{0, 10}, a: []float64{1, 4}, b: []float64{2, 2},
			want: []crossing{{from: 0, to: 1, aBelow: true}}, wantAtX: []float64{5}},
		{name: "one, log x: meets at the geometric middle", xs: []float64{100, 10000}, a: []float64{1, 4}, b: []float64{2, 2}, logX: true,
			want: []crossing{{from: 0, to: 1, aBelow: true}}, wantAtX: []float64{1000}},
		{name: "b below first", xs: []float64{0, 1, 2}, a: []float64{3, 3, 1}, b: []float64{1, 2, 2},
			want: []crossing{{from: 1, to: 2, aBelow: false}}},
		{name: "twice", xs: []float64{0, 1, 2, 3}, a: []float64{1, 3, 3, 1}, b: []float64{2, 2, 2, 2},
			want: []crossing{{from: 0, to: 1, aBelow: true}, {from: 2, to: 3, aBelow: false}}},
		{name: "a tie between is no side", xs: []float64{0, 1, 2}, a: []float64{1, 2, 3}, b: []float64{2, 2, 2},
			want: []crossing{{from: 0, to: 2, aBelow: true}}, wantAtX: []float64{1}},
		{name: "touching is not crossing", xs: []float64{0, 1, 2}, a: []float64{1, 2, 1}, b: []float64{2, 2, 2}},
		{name: "gaps are skipped", xs: []float64{0, 1, 2, 3}, a: []float64{1, nan, 0, 3}, b: []float64{2, 2, 2, 2},
			want: []crossing{{from: 0, to: 3, aBelow: true}}},
		{name: "one point", xs: []float64{5}, a: []float64{1}, b: []float64{2}},
		{name: "empty"},
		{name: "infinite figures are gaps", xs: []float64{0, 1}, a: []float64{math.Inf(1), 3}, b: []float64{2, 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := crossings(tc.xs, tc.a, tc.b, tc.logX)
			if len(got) != len(tc.want) {
				t.Fatalf("crossings = %+v, want %d like %+v", got, len(tc.want), tc.want)
			}
			for i, w := range tc.want {
				g := got[i]
				if g.from != w.from || g.to != w.to || g.aBelow != w.aBelow {
					t.Errorf("crossing %d = %+v, want from %d to %d, a below %v", i, g, w.from, w.to, w.aBelow)
				}
				if i < len(tc.wantAtX) && math.Abs(g.at-tc.wantAtX[i]) > 1e-9*max(1, tc.wantAtX[i]) {
					t.Errorf("crossing %d at %v, want %v", i, g.at, tc.wantAtX[i])
				}
			}
		})
	}
}

// FuzzCrossings checks the finder against a plain reading of its contract on any
// curves: every crossing lies between two usable points where the order differs, at
// an x between theirs, with nothing but ties and gaps between them; and there are as
// many crossings as changes of order.
func FuzzCrossings(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8}, false)
	f.Add([]byte{9, 1, 1, 9, 9, 1, 0, 0, 5, 5}, true)
	f.Fuzz(func(t *testing.T, data []byte, logX bool) {
		n := len(data) / 2
		xs, a, b := make([]float64, n), make([]float64, n), make([]float64, n)
		for i := range n {
			xs[i] = float64(i+1) * 10
			a[i], b[i] = float64(data[2*i]%8), float64(data[2*i+1]%8) // 0 is a gap
		}
		got := crossings(xs, a, b, logX)
		sign := func(i int) int {
			switch {
			case a[i] < b[i]:
				return -1
			case a[i] > b[i]:
				return 1
			}
			return 0
		}
		changes, last := 0, 0
		for i := range n {
			if a[i] == 0 || b[i] == 0 || sign(i) == 0 {
				continue
			}
			if last != 0 && sign(i) != last {
				changes++
			}
			last = sign(i)
		}
		if len(got) != changes {
			t.Fatalf("a=%v b=%v: %d crossings %+v, want %d", a, b, len(got), got, changes)
		}
		for _, c := range got {
			if c.from >= c.to || sign(c.from) == sign(c.to) || sign(c.from) == 0 || sign(c.to) == 0 {
				t.Fatalf("a=%v b=%v: crossing %+v does not separate two orders", a, b, c)
			}
			if !(c.at > xs[c.from]*(1-1e-12) && c.at < xs[c.to]*(1+1e-12)) {
				t.Fatalf("a=%v b=%v: crossing %+v lies outside (%v, %v)", a, b, c, xs[c.from], xs[c.to])
			}
			if c.aBelow != (sign(c.from) < 0) {
				t.Fatalf("a=%v b=%v: crossing %+v names the wrong one below", a, b, c)
			}
			for k := c.from + 1; k < c.to; k++ {
				if a[k] != 0 && b[k] != 0 && sign(k) != 0 {
					t.Fatalf("a=%v b=%v: crossing %+v skips point %d, where the order is known", a, b, c, k)
				}
			}
		}
	})
}

// TestFindCrossings reads a sweep's points: the moving-sprites case, spatialhash ahead
// while few sprites move, soa once many do, with the ratios saying the difference is
// real on both sides; and the words that say it.
func TestFindCrossings(t *testing.T) {
	s := &result.Sweep{Param: "moving_pct", Unit: "%", Backings: []string{"soa", "spatialhash"}}
	for _, p := range []struct {
		v        int64
		soa, sph float64
	}{{0, 1.3, 0.1}, {1, 1.4, 0.9}, {2, 1.5, 1.2}, {5, 1.6, 2.4}, {10, 1.7, 4}} {
		s.Points = append(s.Points, result.Point{Value: p.v, Backings: []result.PointBacking{
			{Name: "soa", NSPerEntity: p.soa}, {Name: "spatialhash", NSPerEntity: p.sph}},
			Pairs: []result.Ratio{{Backing: "soa", Vs: "spatialhash", Median: p.soa / p.sph, Significant: true}}})
	}
	got := FindCrossings(s)
	if len(got) != 1 {
		t.Fatalf("crossings = %+v, want one", got)
	}
	c := got[0]
	if c.Below != "spatialhash" || c.Above != "soa" || c.From != 2 || c.To != 5 || !c.Significant {
		t.Errorf("crossing = %+v, want spatialhash below soa between 2 and 5, significant", c)
	}
	if !(c.At > 2 && c.At < 5) {
		t.Errorf("crossing at %v, want between 2 and 5", c.At)
	}
	want := "spatialhash faster than soa below moving_pct ≈ 3.1%, soa faster above (the curves cross between 2% and 5%)"
	if c.Text != want {
		t.Errorf("text = %q\nwant   %q", c.Text, want)
	}
	// Not significant where the ratio at one end does not exclude 1.
	s.Points[3].Pairs[0].Significant = false
	if got := FindCrossings(s); got[0].Significant {
		t.Error("a crossing next to a point of no significant difference is called significant")
	}
}

// TestNoCrossingOfModes: a sweep whose values are modes (dispatch 0, 1, 2) has no
// crossing, though its lines change order: nothing lies between two modes.
func TestNoCrossingOfModes(t *testing.T) {
	s := &result.Sweep{Param: "dispatch", Modes: true, Backings: []string{"slotmap", "soa"}}
	for _, p := range []struct {
		v         int64
		slot, soa float64
	}{{0, 1, 2}, {1, 1.5, 2}, {2, 4, 2.5}} {
		s.Points = append(s.Points, result.Point{Value: p.v, Backings: []result.PointBacking{
			{Name: "slotmap", NSPerEntity: p.slot}, {Name: "soa", NSPerEntity: p.soa}},
			Pairs: []result.Ratio{{Backing: "slotmap", Vs: "soa", Median: p.slot / p.soa, Significant: true}}})
	}
	if got := FindCrossings(s); len(got) != 0 {
		t.Errorf("crossings of modes = %+v, want none", got)
	}
	s.Modes = false
	if got := FindCrossings(s); len(got) != 1 {
		t.Errorf("crossings of amounts = %+v, want one", got)
	}
}
