package compare

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"localitylab/lab/result"
	"localitylab/lab/summary"
)

// synthetic is a warm-mode run of 20 rounds of 8 frames (the first 16 frames warm-up)
// of the named backings, backing i's frames taking factors[i] ms with 5% noise, drawn
// from seed; it is summarised as the lab summarises a run.
func synthetic(seed uint64, names []string, factors []float64) *result.Run {
	const rounds, burst = 20, 8
	r := &result.Run{Schema: result.Schema, Workload: "sprites", Frames: rounds * burst, Warmup: 16, Cache: result.Warm,
		Params:  map[string]int64{"seed": 1, "entities": 1000},
		Host:    result.Host{Go: "go1.26.0", OS: "linux", Arch: "amd64", CPU: "Test CPU", Cores: 2, GOGC: "100"},
		Started: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	for k := range rounds {
		r.Rounds = append(r.Rounds, result.Round{First: k * burst, Frames: burst, Order: []int{0}})
	}
	rng := rand.New(rand.NewPCG(seed, 9))
	for i, name := range names {
		samples := make([]result.Sample, r.Frames)
		for f := range samples {
			ns := 1e6 * factors[i] * (1 + 0.05*rng.NormFloat64())
			samples[f] = result.Sample{Backing: i, Frame: f, NS: int64(ns), Allocs: uint64(i), Checksum: uint64(f)}
		}
		r.Backings = append(r.Backings, result.Backing{Name: name, Frames: result.NewSeries(samples),
			Load: result.Load{NS: 1e6, Entities: 1000, BytesPerEntity: 24 + 8*float64(i)}})
	}
	summary.Summarize(r)
	return r
}

func TestSameRun(t *testing.T) {
	r := synthetic(1, []string{"soa", "aos"}, []float64{1, 1.5})
	rep, err := Compare(r, r, "a.json", "a.json", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range rep.Backings {
		if c.Ratio != 1 || c.P != 1 || c.Significant || !c.Interval || c.Lo > 1 || c.Hi < 1 {
			t.Errorf("%s against itself: %+v, want a ratio of 1, p 1, an interval around 1", c.Backing, c)
		}
		if c.Base.Rounds != 18 || c.New.Rounds != 18 {
			t.Errorf("%s: %d and %d rounds, want the 18 after warm-up", c.Backing, c.Base.Rounds, c.New.Rounds)
		}
	}
}

// TestFindsAChange: soa 20% faster in the new run, aos unchanged but measured again.
func TestFindsAChange(t *testing.T) {
	base := synthetic(1, []string{"soa", "aos"}, []float64{1, 1.5})
	next := synthetic(2, []string{"soa", "aos", "map"}, []float64{0.8, 1.5, 3})
	rep, err := Compare(base, next, "base.json", "new.json", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Backings) != 2 || rep.Backings[0].Backing != "soa" || len(rep.OnlyNew) != 1 || rep.OnlyNew[0] != "map" || rep.OnlyBase != nil {
		t.Fatalf("backings %+v, only new %v, only base %v", rep.Backings, rep.OnlyNew, rep.OnlyBase)
	}
	soa, aos := rep.Backings[0], rep.Backings[1]
	if !soa.Significant || soa.P > 1e-6 || math.Abs(soa.Ratio-0.8) > 0.02 || soa.Lo > 0.8 || soa.Hi < 0.8 || soa.Hi >= 1 {
		t.Errorf("soa %+v: want about 0.8, significant, its interval holding 0.8 and below 1", soa)
	}
	if aos.Significant || aos.Lo > 1 || aos.Hi < 1 {
		t.Errorf("aos %+v: want no significant change", aos)
	}
	if soa.Base.BytesPerEntity != 24 || aos.New.BytesPerEntity != 32 || aos.New.AllocsPerFrame != 1 || soa.New.P50NS > 0.85e6 {
		t.Errorf("figures %+v, %+v", soa, aos)
	}
}

// setPages records mode as every backing's pages ("" for none recorded).
func setPages(r *result.Run, mode string) {
	for i := range r.Backings {
		r.Backings[i].Pages = nil
		if mode != "" {
			r.Backings[i].Pages = &result.Pages{Mode: mode}
		}
	}
}

// wallOnly makes r a run timed by the wall clock alone, as files written before the
// CPU clock are.
func wallOnly(r *result.Run) {
	for i := range r.Backings {
		r.Backings[i].Frames.WallNS, r.Backings[i].Frames.Switches = nil, nil
	}
}

// cpuTimed makes r a run in huge pages timed by the frame thread's CPU clock, as this
// build measures one on Linux.
func cpuTimed(r *result.Run) *result.Run {
	setPages(r, result.PagesHuge)
	for i := range r.Backings {
		s := &r.Backings[i].Frames
		s.WallNS, s.Switches = slices.Clone(s.NS), make([]uint64, s.Len())
	}
	return r
}

func TestDifferences(t *testing.T) {
	base := cpuTimed(synthetic(1, []string{"soa"}, []float64{1}))
	tests := []struct {
		name   string
		change func(r *result.Run)
		accept []string
		want   []string // in the error; nil: compared
		title  string   // in the title when compared
	}{
		{"workload", func(r *result.Run) { r.Workload = "bullets" }, Kinds, []string{"workload: sprites (base) vs bullets (new)", "cannot be compared"}, ""},
		{"params", func(r *result.Run) { r.Params["entities"] = 2000 }, nil, []string{"params: entities 1,000 (base) vs 2,000 (new)", "-accept params"}, ""},
		{"params accepted", func(r *result.Run) { r.Params["entities"] = 2000 }, []string{Params}, nil, "different parameters"},
		{"seed", func(r *result.Run) { r.Params["seed"] = 2 }, []string{Host}, []string{"seed 1 (base) vs 2 (new)"}, ""},
		{"cache", func(r *result.Run) { r.Cache = result.Cold }, nil, []string{"cache: warm caches (base) vs cold caches (new)"}, ""},
		{"pages", func(r *result.Run) { setPages(r, result.PagesSystem) }, nil, []string{"pages: pages huge (base) vs system (new)", "-accept pages"}, ""},
		{"pages accepted", func(r *result.Run) { setPages(r, result.PagesSystem) }, []string{Pages}, nil, "different page modes"},
		{"pages of an older file", func(r *result.Run) { setPages(r, "") }, nil, nil, ""},
		{"clock", func(r *result.Run) { wallOnly(r) }, nil, []string{"clock: frames timed by the frame thread's CPU time (base) vs the wall clock (new)"}, ""},
		{"clock accepted", func(r *result.Run) { wallOnly(r) }, []string{Clock}, nil, "frames timed by different clocks"},
		{"frames", func(r *result.Run) { r.Warmup = 8 }, nil, []string{"frames: 160 frames (16 warm-up) (base) vs 160 frames (8 warm-up) (new)"}, ""},
		{"host", func(r *result.Run) { r.Host.CPU, r.Host.Cores = "Other CPU", 8 }, nil,
			[]string{"host: CPU Test CPU (base) vs Other CPU (new); host: cores 2 (base) vs 8 (new)", "-accept host"}, ""},
		{"host accepted", func(r *result.Run) { r.Host.CPU = "Other CPU" }, []string{Host}, nil, "on two machines"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			next := cpuTimed(synthetic(2, []string{"soa"}, []float64{1}))
			tc.change(next)
			rep, err := Compare(base, next, "b.json", "n.json", tc.accept)
			if tc.want == nil {
				if err != nil {
					t.Fatal(err)
				}
				if tc.title == "" {
					if len(rep.Accepted) > 0 {
						t.Errorf("accepted %v, want no difference", rep.Accepted)
					}
					return
				}
				if !strings.Contains(rep.Title(), tc.title) || len(rep.Accepted) == 0 {
					t.Errorf("title %q, accepted %v: want %q in the title", rep.Title(), rep.Accepted, tc.title)
				}
				return
			}
			var de *DifferError
			if !errors.As(err, &de) {
				t.Fatalf("error %v, want a *DifferError", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
	if err := CheckAccept([]string{"host", "hosts"}); err == nil || !strings.Contains(err.Error(), `"hosts"`) {
		t.Errorf("CheckAccept: %v", err)
	}
}

// TestBlocks: a round's kept frames (warm mode: its second half, after warm-up) give
// one value, their median; a version 1 run gives one value per kept frame.
func TestBlocks(t *testing.T) {
	r := &result.Run{Frames: 12, Warmup: 2, Cache: result.Warm,
		Rounds: []result.Round{{First: 0, Frames: 4}, {First: 4, Frames: 4}, {First: 8, Frames: 4}}}
	b := &result.Backing{Frames: result.Series{NS: []int64{9, 9, 9, 9, 9, 9, 5, 7, 9, 9, 1, 3}}}
	got := Blocks(r, b)
	if want := []float64{9, 6, 2}; len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("blocks %v, want %v", got, want)
	}
	r.Rounds, r.Cache = nil, ""
	if got := Blocks(r, b); len(got) != 10 {
		t.Errorf("version 1: %d blocks, want one per frame after warm-up (10)", len(got))
	}
}

// forked is synthetic run of three forks of 8 rounds of 8 frames (each fork's first
// round warm-up), backing i's frames in fork k taking factors[i]·forks[k] ms with 5%
// noise: forks says how each fresh process of the run differed.
func forked(seed uint64, names []string, factors, forks []float64) *result.Run {
	const rounds, burst = 8, 8
	n := len(forks)
	r := synthetic(seed, names, factors)
	r.Frames, r.Warmup, r.Rounds = n*rounds*burst, n*burst, nil
	plan, err := result.PlanForks(r.Frames, r.Warmup, n)
	if err != nil {
		panic(err)
	}
	r.Forks = plan
	rng := rand.New(rand.NewPCG(seed, 10))
	for k := range r.Frames / burst {
		r.Rounds = append(r.Rounds, result.Round{First: k * burst, Frames: burst, Order: []int{0}})
	}
	for i := range r.Backings {
		samples := make([]result.Sample, r.Frames)
		for f := range samples {
			ns := 1e6 * factors[i] * forks[r.ForkOf(f)] * (1 + 0.05*rng.NormFloat64())
			samples[f] = result.Sample{Backing: i, Frame: f, NS: int64(ns), Checksum: uint64(f)}
		}
		r.Backings[i].Frames = result.NewSeries(samples)
	}
	summary.Summarize(r)
	return r
}

// TestForkFloor: two runs of the same code whose processes differ by up to 10% from
// one another (as fresh processes on a busy machine do) differ by several per cent in
// their medians (here the second run's forks all landed high), which their rounds
// alone call significant; with the forks as units and the floor measured between each
// run's forks, that is no change, while a change of 30% still is one.
func TestForkFloor(t *testing.T) {
	base := forked(1, []string{"soa"}, []float64{1}, []float64{1, 1.1, 1.02})
	same := forked(2, []string{"soa"}, []float64{1}, []float64{1.09, 1.1, 1.07})
	if s := mannWhitney(logs(Blocks(base, &base.Backings[0])), logs(Blocks(same, &same.Backings[0]))); s.p >= alpha {
		t.Fatalf("the rounds alone give p = %v: the test needs runs that the rounds would call different", s.p)
	}
	rep, err := Compare(base, same, "base.json", "same.json", nil)
	if err != nil {
		t.Fatal(err)
	}
	c := rep.Backings[0]
	if !c.ByForks || c.Significant || c.P < alpha || c.Floor < 0.05 || c.Lo > 1 || c.Hi < 1 || rep.Base.Forks != 3 {
		t.Errorf("same code in other processes: %+v; want the forks as units, a floor of 5%% or more, no change", c)
	}
	faster := forked(3, []string{"soa"}, []float64{0.7}, []float64{1.09, 1.1, 1.07})
	rep, err = Compare(base, faster, "base.json", "faster.json", nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := rep.Backings[0]; !c.Significant || c.Hi >= 1 || c.P >= alpha || math.Abs(c.Ratio-0.7*1.087/1.04) > 0.03 {
		t.Errorf("30%% faster: %+v; want a significant change near -27%%", c)
	}
	one := synthetic(1, []string{"soa"}, []float64{1})
	rep, err = Compare(one, one, "a.json", "a.json", nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := rep.Backings[0]; c.Floor != 0 || rep.Base.Forks != 0 || c.ByForks {
		t.Errorf("runs of one fork: floor %v, forks %d, by forks %v; want the rounds' test, no floor measured", c.Floor, rep.Base.Forks, c.ByForks)
	}
}

// TestForksAsUnits: a change that every fork of both runs shows, but which the floor
// of a run whose forks scattered widely leaves inside, is not reported; the forks'
// geometric means give the change.
func TestForksAsUnits(t *testing.T) {
	base := forked(4, []string{"soa"}, []float64{1}, []float64{1, 1.5, 0.8})
	new := forked(5, []string{"soa"}, []float64{1.2}, []float64{1, 1.5, 0.8})
	rep, err := Compare(base, new, "base.json", "new.json", nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := rep.Backings[0]; c.Significant || math.Abs(c.Ratio-1.2) > 0.03 || c.Floor < 0.8 || c.P != 1 {
		t.Errorf("+20%% inside forks that spread 88%%: %+v; want 1.2×, within the floor (p 1), not significant", c)
	}
}

// TestTTwoSided checks the t test's p-value against the table of critical values
// (p = 0.05 there), at 0 (p = 1), and far out.
func TestTTwoSided(t *testing.T) {
	for df := 1; df <= 30; df++ {
		if p := tTwoSided(tCritical(df), df); math.Abs(p-0.05) > 2e-4 {
			t.Errorf("df %d: p(%v) = %v, want 0.05", df, tCritical(df), p)
		}
	}
	if p := tTwoSided(0, 4); math.Abs(p-1) > 1e-12 {
		t.Errorf("p(0) = %v, want 1", p)
	}
	if p := tTwoSided(50, 4); p <= 0 || p > 1e-5 {
		t.Errorf("p(50) = %v, want tiny but positive", p)
	}
}

// TestTCritical checks the table of Student's t quantiles against the t distribution
// itself: the density integrated numerically up to each tabled value must give 0.975.
func TestTCritical(t *testing.T) {
	for df := 1; df <= 30; df++ {
		nu := float64(df)
		lg1, _ := math.Lgamma((nu + 1) / 2)
		lg2, _ := math.Lgamma(nu / 2)
		c := math.Exp(lg1-lg2) / math.Sqrt(nu*math.Pi)
		density := func(x float64) float64 { return c * math.Pow(1+x*x/nu, -(nu+1)/2) }
		q := tCritical(df)
		const steps = 20000 // Simpson's rule from 0 to q
		h := q / steps
		sum := density(0) + density(q)
		for i := 1; i < steps; i++ {
			sum += float64(2+2*(i%2)) * density(float64(i)*h)
		}
		if cdf := 0.5 + sum*h/3; math.Abs(cdf-0.975) > 1e-4 {
			t.Errorf("df %d: P(T ≤ %v) = %.5f, want 0.975", df, q, cdf)
		}
	}
	if tCritical(100) != 1.960 {
		t.Error("past the table, the normal quantile")
	}
}
