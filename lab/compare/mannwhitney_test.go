package compare

import (
	"math"
	"math/rand/v2"
	"testing"
)

// bruteDist counts, over every way of choosing which n of n+m distinct ranks are the
// x's, how often U takes each value: the definition of U's null distribution, written
// independently of uDist's recurrence.
func bruteDist(n, m int) []float64 {
	dist := make([]float64, n*m+1)
	total := 0
	for mask := 0; mask < 1<<(n+m); mask++ {
		if popcount(mask) != n {
			continue
		}
		u, ys := 0, 0
		for r := n + m - 1; r >= 0; r-- { // from the largest rank down
			if mask&(1<<r) != 0 {
				u += ys // this x is below every y above it
			} else {
				ys++
			}
		}
		dist[u]++
		total++
	}
	for k := range dist {
		dist[k] /= float64(total)
	}
	return dist
}

func popcount(x int) int {
	c := 0
	for ; x != 0; x &= x - 1 {
		c++
	}
	return c
}

func TestUDist(t *testing.T) {
	for _, nm := range [][2]int{{1, 1}, {1, 4}, {3, 2}, {4, 4}, {5, 7}, {8, 6}} {
		got, want := uDist(nm[0], nm[1]), bruteDist(nm[0], nm[1])
		if len(got) != len(want) {
			t.Fatalf("uDist(%d, %d) has %d values, want %d", nm[0], nm[1], len(got), len(want))
		}
		for k := range got {
			if math.Abs(got[k]-want[k]) > 1e-12 {
				t.Errorf("uDist(%d, %d)[%d] = %v, want %v", nm[0], nm[1], k, got[k], want[k])
			}
		}
	}
}

// TestPValue checks against R's wilcox.test on the example of its manual (exact, no
// ties): x = 0.80 0.83 1.89 1.04 1.45 1.38 1.91 1.64 0.73 1.46 and y = 1.15 0.88 0.90
// 0.74 1.21 give W = 35 and a one-sided p of 0.1272, so 0.2544 two-sided; and that the
// normal approximation is within 3% of the exact test where it takes over, at a p
// of about 0.006 (closer still nearer 0.05, further in the far tail).
func TestPValue(t *testing.T) {
	x := []float64{0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46}
	y := []float64{1.15, 0.88, 0.90, 0.74, 1.21}
	s := mannWhitney(y, x) // U counts pairs base < new: R's W for x against y
	if math.Abs(s.p-0.2544) > 0.0005 {
		t.Errorf("p = %.4f, want R's 0.2544", s.p)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{100} {
		a, b := make([]float64, n), make([]float64, n)
		for i := range a {
			a[i], b[i] = r.NormFloat64(), r.NormFloat64()+0.2
		}
		u, _ := uStat(a, b)
		exact := mannWhitney(a, b).p
		approx := pValue(u, n, n, false, a, b, nil)
		if math.Abs(exact-approx) > 0.03*exact {
			t.Errorf("n = %d: exact p %.5f, normal approximation %.5f", n, exact, approx)
		}
	}
}

// TestShiftCoverage: samples of new values that are base values shifted by a known
// amount give an interval that holds the shift about 95% of the time (at least 95% for
// the exact intervals, which are conservative), and the test rejects no shift about
// 5% of the time.
func TestShiftCoverage(t *testing.T) {
	const trials = 1500
	for _, tc := range []struct{ n, m int }{{8, 8}, {12, 20}, {60, 60}} {
		r := rand.New(rand.NewPCG(uint64(tc.n), uint64(tc.m)))
		covered, rejected := 0, 0
		for range trials {
			x, y := make([]float64, tc.n), make([]float64, tc.m)
			for i := range x {
				x[i] = r.ExpFloat64()
			}
			for i := range y {
				y[i] = r.ExpFloat64() + 0.3
			}
			if s := mannWhitney(x, y); s.interval && s.lo <= 0.3 && 0.3 <= s.hi {
				covered++
			}
			for i := range y {
				y[i] -= 0.3
			}
			if mannWhitney(x, y).p < alpha {
				rejected++
			}
		}
		cov, rej := float64(covered)/trials, float64(rejected)/trials
		if cov < 0.93 || cov > 0.985 {
			t.Errorf("n=%d m=%d: interval covered the shift in %.1f%% of trials, want about 95%%", tc.n, tc.m, 100*cov)
		}
		if rej > 0.07 {
			t.Errorf("n=%d m=%d: rejected equal samples in %.1f%% of trials, want at most about 5%%", tc.n, tc.m, 100*rej)
		}
	}
}

// TestTooFew: three rounds against three cannot reach 95% (the smallest two-sided p
// is 0.1), so there is no interval, only the range, and nothing is significant.
func TestTooFew(t *testing.T) {
	s := mannWhitney([]float64{1, 2, 3}, []float64{10, 11, 12})
	if s.interval || s.p < 0.099 || s.p > 0.101 || s.lo != 7 || s.hi != 11 {
		t.Errorf("shift %+v: want p = 0.1, no interval, the range 7 to 11", s)
	}
	if s := mannWhitney([]float64{5}, []float64{5}); s.p != 1 || s.est != 0 {
		t.Errorf("one tie: %+v, want p 1 and no shift", s)
	}
}
