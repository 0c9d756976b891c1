package summary_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"localitylab/lab/result"
	"localitylab/lab/runtest"
	"localitylab/lab/summary"
)

// TestForkModes: three forks that agree give no modes and an interval close to the
// rounds'; a fork in another mode is named, and the interval widens to hold its
// median, so that a rerun landing in that mode still overlaps.
func TestForkModes(t *testing.T) {
	agree := runtest.Paired(3, 8, 3, func(k, rd, f int) float64 { return 2 + 0.01*float64((rd+f)%5) })
	summary.Summarize(agree)
	q, err := summary.Ratio(agree, "b", "a")
	if err != nil {
		t.Fatal(err)
	}
	if q.ForkModes || len(q.ForkMedians) != 3 || q.Lo < 1.99 || q.Hi > 2.05 || !q.Significant {
		t.Errorf("agreeing forks: %+v, want no modes, three fork medians, an interval within 1.99–2.05", q)
	}
	if s := agree.Backings[1].Summary; s.ForkModes || len(s.ForkP50NS) != 3 || s.ForkSpread > 0.05 {
		t.Errorf("agreeing forks, b's summary: modes %v, medians %v, spread %v; want no modes, spread under 5%%",
			s.ForkModes, s.ForkP50NS, s.ForkSpread)
	}

	split := runtest.Paired(3, 8, 3, func(k, rd, f int) float64 {
		if k == 1 {
			return 3 + 0.01*float64((rd+f)%5)
		}
		return 2 + 0.01*float64((rd+f)%5)
	})
	summary.Summarize(split)
	q, err = summary.Ratio(split, "b", "a")
	if err != nil {
		t.Fatal(err)
	}
	if !q.ForkModes || q.Hi < 3 || q.Lo > 2.05 || math.Abs(q.ForkMedians[1]-3.02) > 0.02 {
		t.Errorf("a fork at 3× beside two at 2×: %+v, want modes and an interval from about 2 to at least 3", q)
	}
	if s := split.Backings[1].Summary; !s.ForkModes || s.ForkSpread < 0.4 {
		t.Errorf("b's summary: modes %v, spread %v; want modes and a spread of about 50%%", s.ForkModes, s.ForkSpread)
	}

	// Three rounds a fork are too few to tell modes from chance, however far apart.
	few := runtest.Paired(3, 3, 3, func(k, rd, f int) float64 { return 2 + float64(k) })
	summary.Summarize(few)
	if q, _ := summary.Ratio(few, "b", "a"); q.ForkModes || q.Lo > 2.01 || q.Hi < 3.99 {
		t.Errorf("three rounds a fork: %+v, want no modes called, but the interval to hold 2× to 4×", q)
	}
}

// TestRatioReciprocal: a ratio's figure, interval and significance do not depend on
// which backing is the numerator. Over random runs (odd and even frames per round,
// one fork and several, warm and cold, rounds of one to five kept frames, noise that
// makes some ratios significant and others not), Ratio(b, a) must be exactly the
// reciprocal of Ratio(a, b): median, the interval's ends swapped, significance,
// range and modes alike.
func TestRatioReciprocal(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	significant := 0
	for trial := range 500 {
		forks, rounds, burst := 1+rng.IntN(4), 2+rng.IntN(12), 1+rng.IntN(5)
		level := 0.9 + 0.3*rng.Float64()
		noise := 0.5 * rng.Float64()
		r := runtest.Paired(forks, rounds, burst, func(k, rd, f int) float64 {
			return level * math.Exp(noise*rng.NormFloat64())
		})
		if rng.IntN(2) == 0 {
			r.Cache = result.Warm
		}
		summary.Summarize(r)
		ab, err1 := summary.Ratio(r, "a", "b")
		ba, err2 := summary.Ratio(r, "b", "a")
		if err1 != nil || err2 != nil {
			continue // no kept frame (a warm run of bursts of one)
		}
		near := func(x, y float64) bool { return math.Abs(x*y-1) < 1e-12 }
		if !near(ab.Median, ba.Median) || !near(ab.Lo, ba.Hi) || !near(ab.Hi, ba.Lo) ||
			ab.Significant != ba.Significant || ab.Range != ba.Range || ab.ForkModes != ba.ForkModes || ab.Blocks != ba.Blocks {
			t.Fatalf("trial %d (%d forks, %d rounds of %d): a/b %+v, b/a %+v: not reciprocal", trial, forks, rounds, burst, ab, ba)
		}
		for k := range ab.ForkMedians {
			if (ab.ForkMedians[k] == 0) != (ba.ForkMedians[k] == 0) || ab.ForkMedians[k] != 0 && !near(ab.ForkMedians[k], ba.ForkMedians[k]) {
				t.Fatalf("trial %d: fork medians %v and %v are not reciprocal", trial, ab.ForkMedians, ba.ForkMedians)
			}
		}
		if ab.Significant {
			significant++
		}
	}
	if significant < 50 || significant > 450 {
		t.Errorf("%d of 500 random ratios significant: the trials do not exercise both sides", significant)
	}
}
