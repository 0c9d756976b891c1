package presets

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"localitylab/lab/result"
	"localitylab/lab/runtest"
	"localitylab/lab/summary"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

func TestClaimAnswer(t *testing.T) {
	r := runtest.Synthetic([]string{"ptrarray", "soa", "map"}, []float64{8, 1, 1}, []int64{3e6, 1e6, 0})
	tests := []struct {
		name              string
		claim             Claim
		measured, verdict []string // what each part must say
	}{
		{"within", Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 8},
			[]string{"ptrarray is 8.00× slower than soa", "95% interval 8.00–8.00 over"}, []string{"The claim holds: the source's 8.00× lies within the interval."}},
		{"close above", Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 9.5},
			nil, []string{"The claim holds: the interval comes close to the source's 9.50×"}},
		{"close below", Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 6.7},
			nil, []string{"The claim holds: the interval comes close"}},
		{"a sixth of the claim", Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 50},
			[]string{"8.00× slower"}, []string{"does not hold here: the direction holds, but the gap is about a sixth (16%) of the source's 50.0×."}},
		{"a third of the claim", Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 24},
			nil, []string{"about a third (33%) of the source's 24.0×"}},
		{"far below the claim", Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 400},
			nil, []string{"about 2% of the source's 400×"}},
		{"wider than the claim", Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 2},
			nil, []string{"does not hold here: the direction holds, but the gap is about 4.00 times the source's 2.00×."}},
		{"reversed", Claim{Metric: "frame", Slower: "soa", Faster: "ptrarray", Ratio: 3},
			[]string{"soa is faster, not slower", "0.12× of ptrarray's time"}, []string{"does not hold here: the direction is reversed, let alone the source's 3.00×"}},
		{"direction holds", Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 1},
			nil, []string{"The claim holds: the direction is borne out."}},
		{"direction reversed", Claim{Metric: "frame", Slower: "soa", Faster: "ptrarray", Ratio: 1},
			nil, []string{"does not hold here: the direction is reversed."}},
		{"no difference", Claim{Metric: "frame", Slower: "map", Faster: "soa", Ratio: 1},
			nil, []string{"does not hold here: no significant difference"}},
		{"no difference with a figure", Claim{Metric: "frame", Slower: "map", Faster: "soa", Ratio: 43},
			nil, []string{"no significant difference (the interval includes 1), against the source's 43.0×."}},
		{"load holds", Claim{Metric: "load", Slower: "ptrarray", Faster: "soa", Ratio: 2.6},
			[]string{"loading ptrarray took 3.00× as long as soa", "3.00 ms against 1.00 ms", "no interval"}, []string{"The claim holds on this load: close to the source's 2.60×"}},
		{"load half", Claim{Metric: "load", Slower: "ptrarray", Faster: "soa", Ratio: 5.8},
			nil, []string{"does not hold on this load: the gap is about half (52%) of the source's 5.80×."}},
		{"load reversed", Claim{Metric: "load", Slower: "soa", Faster: "ptrarray", Ratio: 5.8},
			nil, []string{"does not hold on this load: soa loaded faster"}},
		{"load not done", Claim{Metric: "load", Slower: "map", Faster: "soa", Ratio: 2},
			[]string{"Not measured yet"}, []string{""}},
		{"missing backing", Claim{Metric: "frame", Slower: "rowvec", Faster: "soa", Ratio: 2},
			[]string{"Not measured yet", `no backing "rowvec"`}, []string{""}},
		{"no lookups", Claim{Metric: "lookup", Slower: "ptrarray", Faster: "soa", Ratio: 1},
			[]string{"Not measured yet", "ptrarray's frames resolved no handle"}, []string{""}},
		{"unknown metric", Claim{Metric: "heat", Slower: "ptrarray", Faster: "soa", Ratio: 2},
			[]string{`cannot measure a "heat" claim`}, []string{""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkAnswer(t, tt.claim.Answer(r), tt.measured, tt.verdict)
		})
	}
	if a := tests[0].claim.Answer(nil); a != (Answer{}) || a.String() != "" {
		t.Errorf("no run, answer %+v, want none", a)
	}
}

// checkAnswer fails unless a's figure contains every one of measured and its verdict
// every one of verdict ("" for none), and String puts them in that order.
func checkAnswer(t *testing.T, a Answer, measured, verdict []string) {
	t.Helper()
	checked(t, a)
	for _, w := range measured {
		if !strings.Contains(a.Measured, w) {
			t.Errorf("measured %q lacks %q", a.Measured, w)
		}
	}
	for _, w := range verdict {
		if w == "" && a.Verdict != "" || !strings.Contains(a.Verdict, w) {
			t.Errorf("verdict %q, want %q", a.Verdict, w)
		}
	}
	if s := a.String(); !strings.HasPrefix(s, a.Measured) || !strings.Contains(s, a.Verdict) || !strings.HasSuffix(s, strings.TrimSpace(a.Conditions+" "+a.Machine)) {
		t.Errorf("String() = %q, want the figure, the verdict, the conditions, then what the machine allows", s)
	}
}

// TestTooFewRounds: a run of fewer than six rounds has a range, not an interval, and
// its verdict judges nothing.
func TestTooFewRounds(t *testing.T) {
	r := runtest.Synthetic([]string{"ptrarray", "soa"}, []float64{8, 1}, []int64{1, 1})
	r.Rounds = []result.Round{{First: 0, Frames: 20, Order: []int{0, 1}}, {First: 20, Frames: runtest.Frames - 20, Order: []int{1, 0}}}
	for _, ratio := range []float64{1, 8, 50} {
		a := Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: ratio}.Answer(r)
		checkAnswer(t, a, []string{"range 8.00–8.00 over 2 rounds: too few for a 95% interval"}, []string{"Too few rounds to judge (2"})
	}
}

func TestLookupAnswer(t *testing.T) {
	r := runtest.WithLookups(runtest.Synthetic([]string{"map", "slotmap"}, []float64{5, 1}, []int64{1, 1}), []float64{3, 1})
	holds := Claim{Metric: "lookup", Slower: "map", Faster: "slotmap", Ratio: 1}
	checkAnswer(t, holds.Answer(r), []string{"the handle lookups on their own (4,096 a frame", "map's take 3.00× as long as slotmap's",
		"35.5 µs against 11.8 µs a frame", "8.68 ns against 2.89 ns a lookup", "95% interval 3.00–3.00"}, []string{"The claim holds"})
	reversed := runtest.WithLookups(runtest.Synthetic([]string{"map", "slotmap"}, []float64{1, 5}, []int64{1, 1}), []float64{1, 3})
	checkAnswer(t, holds.Answer(reversed), []string{"map's are faster, not slower"}, []string{"does not hold here: the direction is reversed"})
}

// TestBudgetAnswer: the budget claim is judged on the share of frames over the
// budget with its interval, over 396 kept frames (36 in the short runs, whose
// interval is too wide to call a few frames either a stutter or smooth).
func TestBudgetAnswer(t *testing.T) {
	claim := Claim{Metric: "budget", Slower: "soa", Faster: "spatialhash"}
	tests := []struct {
		name              string
		frames            int
		soa, hash         float64 // factors of frame times of about 1 µs
		hitches           int     // soa's kept frames that take 20 ms
		measured, verdict []string
	}{
		{"stutters", 400, 16000, 1, 0, []string{"soa's frames (p50 19.0 ms, p99 21.9 ms) went over the 16.7 ms budget of 60 fps in 324 of 396 (95% interval 77.7–85.3%)", "spatialhash's (p50 1.19 µs"},
			[]string{"The claim holds: soa misses the budget in 82% of its frames, a pan that stutters, while spatialhash keeps it."}},
		{"both smooth", 400, 1000, 100, 0, []string{"in 0 of 396 (95% interval 0–1.0%); spatialhash's", "in 0 (95% interval 0–1.0%)."},
			[]string{"does not hold here: scanning with soa keeps the budget (its p99 is 8% of it), so neither stutters"}},
		{"both stutter", 400, 16000, 16000, 0, nil, []string{"does not hold here: spatialhash misses the budget too, in 82% of its frames."}},
		{"the other way round", 400, 100, 16000, 0, nil, []string{"does not hold here: it is the other way round, spatialhash misses the budget in 82% of its frames and soa keeps it."}},
		{"hitches", 400, 1000, 1, 10, []string{"in 10 of 396 (95% interval 1.4–4.6%)"},
			[]string{"does not clearly hold: soa misses the budget in 3% of its frames (95% interval 1.4–4.6%), occasional hitches"}},
		{"too few frames to tell", 40, 1000, 1, 1, []string{"in 1 of 36 (95% interval 0.5–14.2%)"},
			[]string{"Cannot tell here: soa misses the budget in 3% of its frames (95% interval 0.5–14.2%), too near one frame in twenty"}},
		{"nothing over, too few frames", 40, 1000, 1, 0, []string{"in 0 of 36 (95% interval 0–9.6%)"}, []string{"Cannot tell here"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runtest.SyntheticFrames(tt.frames, []string{"soa", "spatialhash"}, []float64{tt.soa, tt.hash}, []int64{1, 1})
			for k := range tt.hitches {
				r.Backings[0].Frames.NS[runtest.Warmup+5+37*k] = 20e6
			}
			checkAnswer(t, claim.Answer(r), tt.measured, tt.verdict)
		})
	}
}

func TestConditionsDiffer(t *testing.T) {
	claim := Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 8,
		Conditions: workload.Params{"entities": 1_000_000, "moving_pct": 0}, Setting: "a million objects, all still."}
	r := runtest.Synthetic([]string{"ptrarray", "soa"}, []float64{8, 1}, []int64{1, 1})
	r.Params = workload.Params{"entities": 1_000_000, "moving_pct": 0, "seed": 1}
	if a := claim.Answer(r); a.Conditions != "" || strings.Contains(a.Verdict, "Conditions") {
		t.Errorf("the lesson's own conditions are marked: %+v", a)
	}
	r.Params["entities"] = 50_000
	checkAnswer(t, claim.Answer(r), nil, []string{"Conditions differ (see below). The claim holds"})
	if got, want := claim.Answer(r).Conditions, "The source's conditions: a million objects, all still. The lesson sets entities = 1,000,000 for them; "+
		"this run has entities = 50,000."; got != want {
		t.Errorf("conditions %q, want %q", got, want)
	}
	r.Params = nil // a run that records no parameters cannot be said to differ
	if a := claim.Answer(r); a.Conditions != "" {
		t.Errorf("a run without parameters is marked: %q", a.Conditions)
	}
}

// TestLessonVerdicts builds, for every run claim of every built-in lesson, a synthetic run
// on each side of it under the lesson's own parameters, and one under other
// parameters: the verdict must say the claim holds, that it does not (for a figure,
// saying what share of it was measured), and mark the conditions that differ.
func TestLessonVerdicts(t *testing.T) {
	claims := 0
	for _, p := range Builtin() {
		spec, err := workloads.Lookup(p.Workload)
		if err != nil {
			t.Fatal(err)
		}
		params, err := spec.Resolve(p.Params)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range p.Claims {
			if c.OfSweep() {
				continue // a sweep answers it: see TestAnswerSweep and TestAnswerCrossing
			}
			claims++
			t.Run(p.Name+"/"+string(c.Metric), func(t *testing.T) {
				if len(c.Conditions) == 0 || c.Setting == "" {
					t.Errorf("claims[%d] names no conditions or no setting: a run under other parameters could not say so", i)
				}
				yes, no, notWant := sides(c, p.Backings, params)
				checkAnswer(t, c.Answer(yes), nil, []string{"The claim holds"})
				checkAnswer(t, c.Answer(no), nil, []string{"does not", notWant})
				other := sides1(c, p.Backings, params, true)
				for _, k := range c.Conditions.Keys() {
					other.Params = params.Clone()
					other.Params[k] = c.Conditions[k] + 1
					a := checked(t, c.Answer(other))
					if !strings.HasPrefix(a.Verdict, "Conditions differ") || !strings.Contains(a.Conditions, strings.TrimSuffix(c.Setting, ".")) ||
						!strings.Contains(a.Conditions, k+" = ") {
						t.Errorf("%s changed: verdict %q, conditions %q; want them marked as differing, with the source's", k, a.Verdict, a.Conditions)
					}
				}
			})
		}
	}
	if claims < 5 {
		t.Errorf("only %d claims in the built-in lessons", claims)
	}
}

// sides returns a run on which c holds, one on which it does not, and what the second
// verdict must say.
func sides(c Claim, backings []string, params workload.Params) (yes, no *result.Run, notWant string) {
	yes, no = sides1(c, backings, params, true), sides1(c, backings, params, false)
	switch {
	case c.Metric == "budget":
		notWant = "keeps the budget"
	case c.Metric == "gc":
		notWant = "in no fork did the collector run more cycles"
	case c.Ratio == 1:
		notWant = "the direction is reversed"
	case c.Metric == "load":
		notWant = "about half"
	default:
		notWant = "about a third"
	}
	return yes, no, notWant
}

// ratioSides are the slow and fast factors of a ratio claim's synthetic run, for the
// frame times and the lookups alike: ratio (the claimed one, or a third of it)
// against 1; for a claimed ratio of 1, a threefold gap, the slower backing behind
// when the claim holds and ahead when it does not.
func ratioSides(claimed, ratio float64, holds bool) (slow, fast float64) {
	switch {
	case claimed == 1 && !holds:
		return 1, 3
	case claimed == 1:
		return 3, 1
	}
	return ratio, 1
}

// sides1 is a synthetic run of backings under params on which c holds, or does not:
// the claimed figure against a third of it (half, for a single load), a direction
// against its reverse, a stuttering scan against a smooth one.
func sides1(c Claim, backings []string, params workload.Params, holds bool) *result.Run {
	slow, fast := 1.0, 1.0 // frame-time factors
	lookSlow, lookFast := 1.0, 1.0
	loadSlow, loadFast := int64(1e9), int64(1e9)
	ratio := c.Ratio
	if !holds {
		ratio /= 3
	}
	switch c.Metric {
	case "frame":
		slow, fast = ratioSides(c.Ratio, ratio, holds)
	case "lookup":
		lookSlow, lookFast = ratioSides(c.Ratio, ratio, holds)
	case "load":
		loadSlow = int64(1e9 * c.Ratio)
		if !holds {
			loadSlow /= 2
		}
	case "budget":
		slow, fast = 16000, 50 // ~18 ms against ~60 µs
		if !holds {
			slow = 1500 // ~1.7 ms: a tenth of the budget
		}
	}
	factors, looks, loads := make([]float64, len(backings)), make([]float64, len(backings)), make([]int64, len(backings))
	for i, b := range backings {
		factors[i], looks[i], loads[i] = 2, 2, 1e9
		switch b {
		case c.Slower:
			factors[i], looks[i], loads[i] = slow, lookSlow, loadSlow
		case c.Faster:
			factors[i], looks[i], loads[i] = fast, lookFast, loadFast
		}
	}
	frames := runtest.Frames
	if c.Metric == "budget" {
		frames = 400 // enough frames that none over the budget is clearly under one in twenty
	}
	r := runtest.SyntheticFrames(frames, backings, factors, loads)
	if c.Metric == "lookup" {
		runtest.WithLookups(r, looks)
	}
	if c.Metric == "gc" {
		every := make([]int, len(backings))
		for i, b := range backings {
			if b == c.Slower && holds || b == c.Faster && !holds {
				every[i] = 10
			}
		}
		withCycles(r, every)
	}
	r.Params = params.Clone()
	return r
}

func TestClaimsAbout(t *testing.T) {
	claims := []Claim{{Slower: "map", Faster: "soa"}, {Slower: "ptrarray", Faster: "soa"}, {Slower: "map", Faster: "slotmap"}}
	got := ClaimsAbout(claims, []string{"soa", "map", "rowvec"})
	if len(got) != 1 || !reflect.DeepEqual(got[0], claims[0]) {
		t.Errorf("kept %+v, want only the map-soa claim", got)
	}
	if got := ClaimsAbout(claims, nil); got != nil {
		t.Errorf("no backings kept %+v", got)
	}
}

func TestConditionsNote(t *testing.T) {
	million, err := Lookup("sprites-million")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		lesson   string
		workload string
		params   workload.Params
		want     string // "" for no note
	}{
		{"as written", million.Lesson, "sprites", million.Params, ""},
		{"defaults written out", million.Lesson, "sprites", workload.Params{"entities": 1_000_000, "moving_pct": 0, "seed": 1}, ""},
		{"fewer sprites", million.Lesson, "sprites", workload.Params{"entities": 100_000, "moving_pct": 0},
			"The lesson was written for entities = 1,000,000; this run has entities = 100,000. The sizes its text names are the lesson's, not this run's."},
		{"two changes", million.Lesson, "sprites", workload.Params{"entities": 5000, "moving_pct": 5},
			"written for entities = 1,000,000, moving_pct = 0; this run has entities = 5,000, moving_pct = 5."},
		{"no lesson", "", "sprites", workload.Params{"entities": 5}, ""},
		{"another text", "my own lesson", "sprites", workload.Params{"entities": 5}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ConditionsNote(tt.lesson, tt.workload, tt.params, "this run")
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Errorf("note %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParagraphs(t *testing.T) {
	got := Paragraphs("One, first\nline.\n\n\n  Two.  \r\n\r\nThree  spaced.\n")
	if want := []string{"One, first line.", "Two.", "Three spaced."}; !reflect.DeepEqual(got, want) {
		t.Errorf("Paragraphs = %q, want %q", got, want)
	}
	if got := Paragraphs(" \n\n "); got != nil {
		t.Errorf("blank text gave %q", got)
	}
}

func TestBuiltinTitled(t *testing.T) {
	// A lesson on another workload than sprites, so that its title on sprites is
	// no lesson's.
	i := slices.IndexFunc(Builtin(), func(p Preset) bool { return p.Workload != "sprites" })
	want := Builtin()[i]
	if got, ok := BuiltinTitled(want.Title, want.Workload); !ok || got.Name != want.Name {
		t.Errorf("found %q (%v), want %q", got.Name, ok, want.Name)
	}
	for _, c := range [][2]string{{want.Title, "sprites"}, {"", want.Workload}, {"no such title", want.Workload}} {
		if got, ok := BuiltinTitled(c[0], c[1]); ok {
			t.Errorf("BuiltinTitled(%q, %q) found %q", c[0], c[1], got.Name)
		}
	}
}

// TestUnsettled: a verdict is given only when the forks agree. Three forks at 40×
// against a claim of 50× hold it; forks at 40×, 40× and 15× found two modes, one
// holding the claim and one not, and the verdict says the claim is unsettled here,
// naming both figures; two modes on the same side keep the verdict and say so. The
// load and budget claims are judged fork by fork the same way.
func TestUnsettled(t *testing.T) {
	frame := Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 50}
	names := []string{"ptrarray", "soa"}
	ones := func(k, i int) int64 { return 1e6 }
	run := func(forks ...float64) *result.Run {
		return runtest.Forked(len(forks), 8, names, func(k, i int) float64 {
			if i == 0 {
				return forks[k]
			}
			return 1
		}, ones)
	}
	checkAnswer(t, frame.Answer(run(40, 42, 41)), []string{"in 3 forks, which gave 44.4×, 46.1× and 45.5×"}, []string{"The claim holds"})
	checkAnswer(t, frame.Answer(run(40, 40, 15)), []string{"in 3 forks"},
		[]string{"Unsettled on this machine: judged on its own rounds, a fork that gave 44.4× bears the claim out and one that gave 16.7× does not"})
	// (The frames' scatter puts each fork's ratio a little above its factor.) Forks
	// whose own intervals overlap can still contradict each other: a fork at 30× (its
	// rounds reaching 40×, close enough to 50×) against one at 70×.
	checkAnswer(t, frame.Answer(run(30, 55, 70)), nil, []string{"Unsettled on this machine"})
	checkAnswer(t, frame.Answer(run(10, 12, 15)), nil,
		[]string{"The claim does not hold here", "(Its forks found two modes, 11.1× and 16.7×, but no fork contradicts the verdict.)"})

	load := Claim{Metric: "load", Slower: "ptrarray", Faster: "soa", Ratio: 2}
	loads := func(forks ...float64) *result.Run {
		return runtest.Forked(len(forks), 8, names, func(k, i int) float64 { return 1 }, func(k, i int) int64 {
			if i == 0 {
				return int64(forks[k] * 1e6)
			}
			return 1e6
		})
	}
	checkAnswer(t, load.Answer(loads(1.9, 2.1, 2.0)), []string{"the median over 3 forks of one load each (range 1.90–2.10"},
		[]string{"The claim holds on this load"})
	checkAnswer(t, load.Answer(loads(1.9, 2.1, 1.2)), nil, []string{"Unsettled on this machine: its forks' loads gave 1.20× and 2.10×"})

	budget := Claim{Metric: "budget", Slower: "ptrarray", Faster: "soa"}
	frames := func(forks ...float64) *result.Run {
		return runtest.Forked(len(forks), 40, names, func(k, i int) float64 {
			if i == 0 {
				return forks[k]
			}
			return 1
		}, ones)
	}
	checkAnswer(t, budget.Answer(frames(20000, 20000, 20000)), nil, []string{"The claim holds"})
	checkAnswer(t, budget.Answer(frames(20000, 1000, 20000)), []string{"95% interval"},
		[]string{"Unsettled on this machine: ptrarray's forks missed the budget in 100%, 0%, 100% of their frames"})
}

// withCycles gives backing i of r a collector cycle every every[i] frames (none for
// 0), each with 200 µs of collector CPU, and summarises r again.
func withCycles(r *result.Run, every []int) *result.Run {
	for i := range r.Backings {
		f := &r.Backings[i].Frames
		f.GCCycles, f.GCCPUNS = make([]uint64, f.Len()), make([]uint64, f.Len())
		for k := range f.GCCycles {
			if every[i] > 0 && k%every[i] == every[i]-1 {
				f.GCCycles[k], f.GCCPUNS[k] = 1, 200_000
			}
		}
	}
	summary.Summarize(r)
	return r
}

// TestGCAnswer: the collector's claim is judged on the cycles of each fork; a run in
// which the slower backing's collector never ran cannot tell, and forks that
// disagree cannot either.
func TestGCAnswer(t *testing.T) {
	c := Claim{Metric: "gc", Slower: "ptrarray", Faster: "slotmap", Ratio: 1}
	names := []string{"ptrarray", "slotmap"}
	forked := func(every []int) *result.Run {
		r := runtest.SyntheticFrames(300, names, []float64{3, 1}, []int64{1e9, 1e9})
		r.Forks = make([]result.Fork, 3)
		for k := range r.Forks {
			r.Forks[k] = result.Fork{First: k * 100, Frames: 100, Warmup: 10}
		}
		return withCycles(r, every)
	}
	checkAnswer(t, c.Answer(forked([]int{10, 0})), []string{"ptrarray ran 30 cycles", "slotmap ran 0 cycles", "fork by fork, 10, 10, 10 against 0, 0, 0"},
		[]string{"The claim holds: in every fork"})
	checkAnswer(t, c.Answer(forked([]int{0, 0})), nil, []string{"Cannot tell from this run: no collection ran during ptrarray's frames nor slotmap's"})
	checkAnswer(t, c.Answer(forked([]int{20, 10})), nil, []string{"The claim does not hold here"})
	// Cycles in the first fork only: the other forks ran none.
	r := forked([]int{0, 0})
	r.Backings[0].Frames.GCCycles[5] = 1
	summary.Summarize(r)
	checkAnswer(t, c.Answer(r), []string{"ptrarray ran 1 cycle"}, []string{"Cannot tell from this run: 1 of the 3 forks ran more cycles for ptrarray"})
}

// TestClaimUnresolved: where the clock that timed a run cannot resolve the times a
// claim compares (frames, or lookups), the answer gives no figure as a verdict: it
// says why, and its outcome is "cannot tell".
func TestClaimUnresolved(t *testing.T) {
	timer := func(wallNS float64) *result.FrameTimer {
		return &result.FrameTimer{Clock: result.ClockWall,
			Wall: result.ClockReading{Source: "QueryPerformanceCounter", ResolutionNS: wallNS, StepNS: wallNS, Reads: 4096, Repeats: 4000}}
	}
	tests := []struct {
		name   string
		claim  Claim
		wallNS float64
		want   Outcome
		says   string
	}{
		// soa's frames take 1.0–1.4 µs, ptrarray's 8 times that; lookups 10 times.
		{"frames under 20 steps", Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 8}, 100, CannotTell,
			"frames shorter than this machine's clock resolves (soa's median"},
		{"frames of many steps", Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 8}, 10, Holds, "8.00× slower"},
		{"lookups under 20 steps", Claim{Metric: "lookup", Slower: "ptrarray", Faster: "soa", Ratio: 8}, 1000, CannotTell,
			"lookups shorter than this machine's clock resolves"},
		{"lookups of many steps", Claim{Metric: "lookup", Slower: "ptrarray", Faster: "soa", Ratio: 8}, 100, Holds, "as long as soa's"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runtest.WithLookups(runtest.Synthetic([]string{"ptrarray", "soa"}, []float64{8, 1}, []int64{3e6, 1e6}), []float64{8, 1})
			r.Timer = timer(tt.wallNS)
			summary.Summarize(r)
			a := tt.claim.Answer(r)
			if a.Outcome != tt.want || !strings.Contains(a.Measured, tt.says) {
				t.Errorf("outcome %v, answer %q; want %v saying %q", a.Outcome, a, tt.want, tt.says)
			}
			if tt.want == CannotTell && !strings.HasPrefix(a.Verdict, "Cannot tell") {
				t.Errorf("verdict %q, want it to say it cannot tell", a.Verdict)
			}
		})
	}
}
