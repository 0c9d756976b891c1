package presets

import (
	"slices"
	"strings"
	"testing"

	"localitylab/lab/result"
)

// sweepOf makes a sweep of one parameter whose backings cost costs[i][k] ns per
// entity at values[k], each within ±5%, with working sets of bytes[i] per entity; the
// collector never ran.
func sweepOf(param, unit string, values []int64, names []string, costs [][]float64, bytes []float64) *result.Sweep {
	s := &result.Sweep{Param: param, Unit: unit, Values: values, Backings: names,
		Caches: []result.Cache{{Name: "L1d", Bytes: 32 << 10}, {Name: "L2", Bytes: 1 << 20}, {Name: "L3", Bytes: 32 << 20}}}
	for k, v := range values {
		p := result.Point{Value: v, Entities: int(v)}
		for i, n := range names {
			c := costs[i][k]
			p.Backings = append(p.Backings, result.PointBacking{Name: n, NSPerEntity: c, NSPerEntityLo: 0.95 * c, NSPerEntityHi: 1.05 * c,
				BytesPerEntity: bytes[i], WorkingSetBytes: bytes[i] * float64(v), P99WithGCNS: 1.2 * c * float64(v)})
		}
		s.Points = append(s.Points, p)
	}
	return s
}

func TestAnswerSweep(t *testing.T) {
	entities := []int64{1000, 100_000, 1_000_000, 10_000_000}
	cliff := sweepOf("entities", "", entities, []string{"ptrarray", "soa"},
		[][]float64{{1.6, 2.8, 17, 20}, {1.2, 1.0, 1.2, 1.25}}, []float64{32, 24})
	flat := sweepOf("cold_bytes", "bytes", []int64{0, 64, 256}, []string{"slotmap", "soa"},
		[][]float64{{1.5, 1.55, 1.52}, {1.2, 1.2, 1.2}}, []float64{24, 24})
	// The row-order lesson's sweep (order 0, row by row; 1, column by column), with
	// rowvec's cost per entity at the two orders as given, and its own claim.
	rowOrder := lessonClaim(t, "row-order", "rowvec")
	order := func(rowvec ...float64) *result.Sweep {
		return sweepOf("order", "", []int64{0, 1}, []string{"rowvec", "soa", "ptrarray"},
			[][]float64{rowvec, {30, 60}, {80, 85}}, []float64{20, 20, 56})
	}
	// The Intel VM's sweep: its 480 MiB "L3" is the host's, recorded and not used.
	vm := sweepOf("entities", "", entities, []string{"ptrarray", "soa"},
		[][]float64{{1.6, 2.8, 17, 20}, {1.2, 1.0, 1.2, 1.25}}, []float64{32, 24})
	vm.Caches = []result.Cache{{Name: "L1d", Bytes: 48 << 10}, {Name: "L2", Bytes: 2 << 20}, {Name: "L3", Bytes: 480 << 20, NotUsed: "shared by 2 CPUs, …"}}
	allAside := sweepOf("entities", "", entities, []string{"ptrarray"}, [][]float64{{1.6, 2.8, 17, 20}}, []float64{32})
	allAside.Caches = vm.Caches[2:]
	tests := []struct {
		name  string
		claim Claim
		s     *result.Sweep
		want  []string
	}{
		{"cliff past a cache set aside", Claim{Metric: "cliff", Backing: "ptrarray", Ratio: 1}, vm, []string{
			"its steepest step, 6.07×, lies between entities = 100,000 and entities = 1,000,000",
			"(Not compared with: L3 480 MiB reported by the system, not used: shared by 2 CPUs, ….)"}},
		{"every cache set aside", Claim{Metric: "cliff", Backing: "ptrarray", Ratio: 1}, allAside, []string{
			"None of the caches this machine reports was used, so there is no last-level cache to compare with. (Not compared with: L3 480 MiB"}},
		{"cliff holds", Claim{Metric: "cliff", Backing: "ptrarray", Ratio: 1}, cliff, []string{
			"ptrarray cost 1.60 ns per entity at its lowest, at entities = 1,000, and 20.0 ns at its highest, at entities = 10,000,000; " +
				"its steepest step, 6.07×, lies between entities = 100,000 and entities = 1,000,000, where the bytes it keeps grow from 3.05 MiB to 30.5 MiB, " +
				"still inside the 32.0 MiB L3 by its bytes",
			"(its address span, which Layout shows)",
			"From the lowest to the highest: 12.5× (11.3 to 13.8 within the two points' intervals).",
			"The cost per entity rises, as the claim says."}},
		// The pointer array measured on this machine: up from the floor, then down
		// again past the last-level cache (53.8 ns at 300k, 34.7 at 10M).
		{"a cliff that falls again", Claim{Metric: "cliff", Backing: "ptrarray", Ratio: 1}, sweepOf("entities", "", []int64{1000, 30_000, 300_000, 3_000_000, 10_000_000},
			[]string{"ptrarray"}, [][]float64{{6, 5, 53.8, 40, 34.7}}, []float64{32}), []string{
			"5.00 ns per entity at its lowest, at entities = 30,000, and 53.8 ns at its highest, at entities = 300,000",
			"past its highest it falls again, to 34.7 ns at entities = 10,000,000 (0.64×)",
			"The cost per entity rises, as the claim says. Past the step the cost does not keep climbing"}},
		{"no cliff: highest at the smallest", Claim{Metric: "cliff", Backing: "ptrarray", Ratio: 1}, sweepOf("entities", "", []int64{1000, 30_000, 300_000, 3_000_000},
			[]string{"ptrarray"}, [][]float64{{9, 5, 5.2, 5.1}}, []float64{32}), []string{"is highest at the smallest value, 9.00 ns at entities = 1,000", "falls here"}},
		{"cliff with a figure too high", Claim{Metric: "cliff", Backing: "ptrarray", Ratio: 20}, cliff, []string{"The rise here is smaller than the source's 20.0×."}},
		{"cliff with a figure too low", Claim{Metric: "cliff", Backing: "ptrarray", Ratio: 5}, cliff, []string{"The rise here is larger than the source's 5.00×."}},
		{"a fall against a claimed rise", Claim{Metric: "growth", Backing: "soa", Ratio: 13.3}, sweepOf("despawn", "", []int64{0, 1}, []string{"soa"},
			[][]float64{{4.8, 4.2}}, []float64{40}), []string{"0.88×", "The cost per entity falls here, against the source's 13.3× rise."}},
		{"no cliff: overlapping intervals", Claim{Metric: "cliff", Backing: "soa", Ratio: 1}, sweepOf("entities", "", entities, []string{"soa"},
			[][]float64{{1.2, 1.18, 1.22, 1.21}}, []float64{24}), []string{"No clear change"}},
		{"growth holds", Claim{Metric: "growth", Backing: "ptrarray", Ratio: 1}, cliff, []string{
			"ptrarray's cost per entity was 1.60 ns at entities = 1,000, 2.80 ns at entities = 100,000, 17.0 ns at entities = 1,000,000 and 20.0 ns at entities = 10,000,000. " +
				"From the first to the last: 12.5×", "rises, as the claim says"}},
		{"growth does not hold", Claim{Metric: "growth", Backing: "slotmap", Ratio: 1}, flat, []string{
			"1.50 ns at cold_bytes = 0 bytes, 1.55 ns", "No clear change"}},
		// The map's lookups in a lookup-by-id sweep: the ends rise, a step between falls.
		{"growth in part", Claim{Metric: "growth", Backing: "map", Ratio: 1}, sweepOf("handles", "", []int64{16, 64, 256, 1024}, []string{"map"},
			[][]float64{{66.8, 35.7, 40, 133}}, []float64{32}), []string{
			"From the first to the last: 1.99×",
			"Between them it falls from 66.8 ns at handles = 16 to 35.7 ns at handles = 64 (0.53×).",
			"Only in part: from the first point to the last the cost per entity rises, as the claim says, but not at every step between"}},
		{"cliff beyond the sweep", Claim{Metric: "cliff", Backing: "soa", Ratio: 1}, flat, []string{"still fits the 32.0 MiB L3: sweep further"}},
		{"crossing absent", Claim{Metric: "crossing", Faster: "soa", Slower: "slotmap", Ratio: 1}, flat, []string{
			"soa is faster at every value measured from cold_bytes = 0 bytes to cold_bytes = 256 bytes; the lines do not cross in this range.",
			"Not borne out in the range measured."}},
		{"a run's claim", Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 1}, cliff, []string{"answered by a single run"}},
		{"row order holds: column by column costs more", rowOrder, order(25, 100), []string{
			"rowvec cost 25.0 ns per entity at order = 0 and 100 ns at order = 1: 4.00× (3.62 to 4.42 within the two points' intervals).",
			"The cost per entity rises, as the claim says."}},
		{"row order barely matters: within noise", rowOrder, order(25, 26), []string{"No clear change: the two points' intervals overlap."}},
		{"row order reversed", rowOrder, order(25, 20), []string{"The cost per entity falls here, against the claim."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := checked(t, tc.claim.AnswerSweep(tc.s)).String()
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("answer = %q\nwant it to contain %q", got, w)
				}
			}
		})
	}
	if got := (Claim{Metric: "cliff", Backing: "soa"}).AnswerSweep(nil); got != (Answer{}) {
		t.Errorf("a nil sweep answered %+v", got)
	}
}

// lessonClaim is the built-in lesson's claim about backing.
func lessonClaim(t *testing.T, lesson, backing string) Claim {
	t.Helper()
	p, err := Lookup(lesson)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range p.Claims {
		if slices.Contains(c.names(), backing) {
			return c
		}
	}
	t.Fatalf("%s has no claim about %s", lesson, backing)
	return Claim{}
}

func TestAnswerCrossing(t *testing.T) {
	s := sweepOf("moving_pct", "%", []int64{0, 5, 50}, []string{"soa", "spatialhash"},
		[][]float64{{1.3, 1.4, 1.6}, {0.1, 1.9, 6}}, []float64{24, 48})
	s.Crossings = []result.Crossing{{Below: "spatialhash", Above: "soa", From: 0, To: 5, At: 3.2, Significant: true,
		Text: "spatialhash faster than soa below moving_pct ≈ 3.2%, soa faster above (the curves cross between 0% and 5%)"}}
	c := Claim{Metric: "crossing", Faster: "spatialhash", Slower: "soa", Ratio: 1}
	if got := checked(t, c.AnswerSweep(s)).String(); !strings.Contains(got, "≈ 3.2%") || !strings.Contains(got, "The lines cross, as the claim says.") {
		t.Errorf("answer = %q", got)
	}
	s.Crossings[0].Significant = false
	if got := checked(t, c.AnswerSweep(s)).String(); !strings.Contains(got, "within noise") {
		t.Errorf("answer = %q: want the noise said", got)
	}
	backwards := Claim{Metric: "crossing", Faster: "soa", Slower: "spatialhash", Ratio: 1}
	if got := checked(t, backwards.AnswerSweep(s)).String(); !strings.Contains(got, "the other way round") {
		t.Errorf("answer = %q", got)
	}
	// A run answers none of a sweep's claims, and a sweep none of a run's.
	if got := AnswerSweepClaims([]Claim{c, {Metric: "frame", Slower: "soa", Faster: "spatialhash", Ratio: 2}}, s); len(got) != 1 {
		t.Errorf("AnswerSweepClaims answered %d claims, want the sweep's one", len(got))
	}
	if got := AnswerClaims([]Claim{c}, &result.Run{Backings: []result.Backing{{Name: "soa"}, {Name: "spatialhash"}}}); len(got) != 0 {
		t.Errorf("AnswerClaims answered a sweep's claim from a run: %+v", got)
	}
}

// TestLessonGrowthVerdicts builds, for every growth claim of every built-in sweep
// lesson, a synthetic sweep over the lesson's own values on each side of the claim:
// the claimed rise (or, for a claim of direction, a threefold one) must bear it out,
// and a third of it (or no rise) must not.
func TestLessonGrowthVerdicts(t *testing.T) {
	for _, p := range Builtin() {
		for _, c := range p.Claims {
			if c.Metric != "growth" {
				continue
			}
			t.Run(p.Name+"/"+c.Backing, func(t *testing.T) {
				rise, holds, notRise, not := c.Ratio, "lies within that range", c.Ratio/3, "smaller than the source's"
				if c.Ratio == 1 {
					rise, holds, notRise, not = 3, "rises, as the claim says", 1, "No clear change"
				}
				for _, side := range []struct {
					rise float64
					want string
				}{{rise, holds}, {notRise, not}} {
					// The rise comes at the last value, or for a claim with a knee at
					// the knee, the cost staying there past it.
					at := len(p.Sweep.Values) - 1
					if c.HasKnee() {
						knee, _ := c.KneeOn(&result.Sweep{}) // a file that records no line
						at = slices.Index(p.Sweep.Values, knee)
					}
					costs := make([][]float64, len(p.Backings))
					for i, b := range p.Backings {
						costs[i] = make([]float64, len(p.Sweep.Values))
						for k := range p.Sweep.Values {
							costs[i][k] = 10
							if b == c.Backing && k >= at {
								costs[i][k] = 10 * side.rise
							}
						}
					}
					s := sweepOf(p.Sweep.Param, "", p.Sweep.Values, p.Backings, costs, make([]float64, len(p.Backings)))
					if got := checked(t, c.AnswerSweep(s)).String(); !strings.Contains(got, side.want) {
						t.Errorf("a rise of %.2f× answered %q, want %q", side.rise, got, side.want)
					}
				}
			})
		}
	}
}

// TestSweepVerdictsOnMeasuredPoints: a sweep whose end points were skipped for memory
// speaks of the points it measured, and says how many it has no figures for.
func TestSweepVerdictsOnMeasuredPoints(t *testing.T) {
	s := sweepOf("moving_pct", "%", []int64{0, 1, 2, 5, 50}, []string{"soa", "spatialhash"},
		[][]float64{{1.3, 1.3, 1.3, 1.4, 1.6}, {0.1, 0.2, 0.3, 0.5, 6}}, []float64{24, 48})
	s.Points[4] = result.Point{Value: 50, Skipped: "the run needs about 9 GiB", Backings: []result.PointBacking{}, Pairs: []result.Ratio{}}
	s.Points = s.Points[1:] // and the first was never reached
	c := Claim{Metric: "crossing", Faster: "spatialhash", Slower: "soa", Ratio: 1}
	got := checked(t, c.AnswerSweep(s)).String()
	for _, w := range []string{"spatialhash is faster at every value measured from moving_pct = 1% to moving_pct = 5%",
		"(2 of the sweep's 5 values have no figures of both", "Not borne out in the range measured."} {
		if !strings.Contains(got, w) {
			t.Errorf("answer = %q\nwant it to contain %q", got, w)
		}
	}
	if strings.Contains(got, "50%") || strings.Contains(got, "= 0%") {
		t.Errorf("answer = %q speaks of values it did not measure", got)
	}
}

// TestGrowthAcrossPasses: a sweep of three passes gives each pass's factor; when one
// pass, judged on its own forks' intervals, bears the growth out and another
// contradicts it, the growth is unsettled; when none contradicts another, the verdict
// stands.
func TestGrowthAcrossPasses(t *testing.T) {
	claim := Claim{Metric: "growth", Backing: "ptrarray", Ratio: 1}
	passes := func(first, last []float64) *result.Sweep {
		s := sweepOf("entities", "", []int64{1000, 1_000_000}, []string{"ptrarray"}, [][]float64{{first[1], last[1]}}, []float64{32})
		for k, xs := range [][]float64{first, last} {
			b := &s.Points[k].Backings[0]
			b.NSPerEntityLo, b.NSPerEntityHi = 0.98*slices.Min(xs), 1.02*slices.Max(xs)
			b.ForkNSPerEntity = xs
			for _, x := range xs {
				b.ForkNSPerEntityLo, b.ForkNSPerEntityHi = append(b.ForkNSPerEntityLo, 0.98*x), append(b.ForkNSPerEntityHi, 1.02*x)
			}
		}
		return s
	}
	agree := checked(t, claim.AnswerSweep(passes([]float64{2, 2.1, 2}, []float64{20, 21, 19})))
	checkAnswer(t, agree, []string{"pass by pass 10.0×, 10.0×, 9.50×"}, []string{"The cost per entity rises, as the claim says."})
	// One pass saw the cost fall by half while the others saw it double: the points'
	// intervals hold them all, and no single verdict is promised.
	split := checked(t, claim.AnswerSweep(passes([]float64{2, 2, 4}, []float64{4.4, 4.2, 2})))
	checkAnswer(t, split, []string{"pass by pass 2.20×, 2.10×, 0.50×"}, []string{
		"Unsettled on this machine: judged on its own, a pass that gave 2.20× bears the claim out and one that gave 0.50× does not"})
}

// TestGrowthAgainstControl: a growth the control shares is the machine's, not the
// parameter's; one the control does not share stands; a control the sweep lacks is
// said.
func TestGrowthAgainstControl(t *testing.T) {
	claim := Claim{Metric: "growth", Backing: "slotmap", Control: "soa", Ratio: 1}
	values := []int64{0, 64, 256}
	both := sweepOf("cold_bytes", "bytes", values, []string{"slotmap", "soa"}, [][]float64{{10, 11, 12.5}, {4, 4.4, 5}}, []float64{24, 16})
	checkAnswer(t, claim.AnswerSweep(both), []string{"The control, soa, which the parameter leaves alone, changed 1.25× over the same values; against it, slotmap changed 1.00×"},
		[]string{"Against the control: No clear change"})
	alone := sweepOf("cold_bytes", "bytes", values, []string{"slotmap", "soa"}, [][]float64{{10, 20, 30}, {4, 4, 4.1}}, []float64{24, 16})
	checkAnswer(t, claim.AnswerSweep(alone), []string{"against it, slotmap changed 2.93×"}, []string{"Against the control: The cost per entity rises, as the claim says."})
	lacking := sweepOf("cold_bytes", "bytes", values, []string{"slotmap"}, [][]float64{{10, 20, 30}}, []float64{24})
	checkAnswer(t, claim.AnswerSweep(lacking), []string{"The control, soa, was not measured at both values"}, []string{"rises, as the claim says"})
}

// TestGrowthWithCollector: a growth claim judged on the frame time with the
// collector's CPU per frame added. The allocs sweep's shape: the slot map's frame
// barely changes from allocs 1 to 2 while the collector's bill appears; judged on the
// frame alone the source's 10× is far off, with the bill it may hold or not, pass by
// pass; a sweep file without the collector's figures says it cannot answer.
func TestGrowthWithCollector(t *testing.T) {
	const n = 100_000
	// allocs sweep: slotmap frame cost per entity at allocs 1 and 2, and GC CPU per
	// frame (ns) at each, per pass.
	mk := func(frame [2]float64, gc [2][]float64) *result.Sweep {
		s := sweepOf("allocs", "", []int64{1, 2}, []string{"slotmap"}, [][]float64{frame[:]}, []float64{45})
		for k := range s.Points {
			p := &s.Points[k]
			p.Entities = n
			b := &p.Backings[0]
			b.P99WithGCNS = 2 * frame[k] * n
			var sum float64
			for f, g := range gc[k] {
				b.ForkNSPerEntity = append(b.ForkNSPerEntity, frame[k])
				b.ForkNSPerEntityLo = append(b.ForkNSPerEntityLo, 0.97*frame[k])
				b.ForkNSPerEntityHi = append(b.ForkNSPerEntityHi, 1.03*frame[k])
				b.ForkGCCPUNSPerFrame = append(b.ForkGCCPUNSPerFrame, g)
				sum += g
				_ = f
			}
			b.GCCPUNSPerFrame = sum / float64(len(gc[k]))
			if b.GCCPUNSPerFrame > 0 {
				b.GCCyclesPer1000, b.GCPauseNSPerFrame = 40, 2300
			}
		}
		return s
	}
	claim := Claim{Metric: "growth", Backing: "slotmap", Ratio: 10, Cost: CostFrameGC}
	frameOnly := claim
	frameOnly.Cost = ""
	// 1.0 → 1.1 ns of frame; the collector: nothing, then 900 µs a frame (9 ns an entity).
	big := mk([2]float64{1.0, 1.1}, [2][]float64{{0, 0, 0}, {900e3, 900e3, 900e3}})
	// The same with a bill of 300 µs a frame.
	small := mk([2]float64{1.0, 1.1}, [2][]float64{{0, 0, 0}, {300e3, 300e3, 300e3}})
	// Passes that disagree: 900, 900 and 100 µs.
	split := mk([2]float64{1.0, 1.1}, [2][]float64{{0, 0, 0}, {900e3, 900e3, 100e3}})
	old := mk([2]float64{1.0, 1.1}, [2][]float64{{0, 0, 0}, {900e3, 900e3, 900e3}})
	for k := range old.Points {
		old.Points[k].Backings[0].P99WithGCNS = 0
	}
	tests := []struct {
		name  string
		claim Claim
		s     *result.Sweep
		want  []string
	}{
		{"frame alone misses the 10×", frameOnly, big, []string{"1.10×", "No measurable change (the range holds 1), against the source's 10.0× rise."}},
		{"with the bill, the 10× holds", claim, big, []string{
			"With the collector's CPU time per frame added to each frame time: slotmap cost 1.00 ns per entity at allocs = 1 and 10.1 ns at allocs = 2: 10.1×",
			"pass by pass 10.1×, 10.1×, 10.1×",
			"The source's 10.0× lies within that range.",
			"The collector's CPU time per frame for slotmap, over every frame it ran: 0 ns at allocs = 1", "900 µs at allocs = 2 (40 cycles per 1,000 frames, pauses 2.30 µs a frame)"}},
		{"with a smaller bill, it does not", claim, small, []string{"4.10×", "The rise here is smaller than the source's 10.0×."}},
		{"passes that disagree", claim, split, []string{"pass by pass 10.1×, 10.1×, 2.10×", "Unsettled on this machine"}},
		{"an old file", claim, old, []string{"does not record the collector's work"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := checked(t, tc.claim.AnswerSweep(tc.s)).String()
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("answer = %q\nwant it to contain %q", got, w)
				}
			}
		})
	}
	// The judgement works on a copy: the sweep shown keeps its frame times.
	if b := big.Points[1].Backings[0]; b.NSPerEntity != 1.1 || b.ForkNSPerEntity[0] != 1.1 {
		t.Errorf("the sweep itself changed: %+v", b)
	}
}

// TestCliffBySpan: with the address span recorded at each point, the cliff's answer
// says where the span was at its steepest step; the pointer array measured here
// (sweep of 10k to 3M sprites: 1.12, 2.16, 2.40, 15.4 and 17.2 ns, spans of 365, 150,
// 128, 121 and 92 bytes a sprite) steps up while its bytes still fit the L3 and its
// span does not; a span that fits does not change the answer's reasoning; a span
// past the L3 at the last point means the sweep went far enough, whatever the bytes.
func TestCliffBySpan(t *testing.T) {
	values := []int64{10_000, 100_000, 300_000, 1_000_000, 3_000_000}
	mk := func(spanPer []float64) *result.Sweep {
		s := sweepOf("entities", "", values, []string{"ptrarray"}, [][]float64{{1.12, 2.16, 2.40, 15.4, 17.2}}, []float64{32})
		for k := range s.Points {
			s.Points[k].Backings[0].SpanBytes = spanPer[k] * float64(values[k])
		}
		return s
	}
	c := Claim{Metric: "cliff", Backing: "ptrarray", Ratio: 1}
	got := checked(t, c.AnswerSweep(mk([]float64{365, 150, 128, 121, 92}))).String()
	for _, w := range []string{"its steepest step, 6.42×, lies between entities = 300,000 and entities = 1,000,000",
		"where the bytes it keeps grow from 9.16 MiB to 30.5 MiB and the addresses its frames visit span 36.6 MiB to 115 MiB: " +
			"still inside the 32.0 MiB L3 by its bytes, past it by its address span",
		"The cost per entity rises, as the claim says."} {
		if !strings.Contains(got, w) {
			t.Errorf("answer = %q\nwant it to contain %q", got, w)
		}
	}
	// Bytes alone at 1,000,000 would still fit the L3 and say "sweep further"; the
	// span says the sweep got past it.
	short := mk([]float64{365, 150, 128, 121, 92})
	short.Points = short.Points[:4]
	short.Values = short.Values[:4]
	if got := checked(t, c.AnswerSweep(short)).String(); strings.Contains(got, "sweep further") {
		t.Errorf("a sweep whose span passed the L3 told to sweep further: %q", got)
	}
	// A packed span (one column, smaller than the bytes) leaves the bytes to decide.
	packed := mk([]float64{4, 4, 4, 4, 4})
	if got := checked(t, c.AnswerSweep(packed)).String(); strings.Contains(got, "past it by its address span") {
		t.Errorf("a span inside the L3 read as past it: %q", got)
	}
}
