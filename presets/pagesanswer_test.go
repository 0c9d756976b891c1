package presets

import (
	"strings"
	"testing"

	"localitylab/lab/result"
)

// pagesSweepOf is a sweep of the page mode, huge then small, of ptrarray and soa at
// the costs given, each heap's share of huge pages as given per point (nil: not
// measured, with note), in three passes.
func pagesSweepOf(ptrarray, soa [2]float64, shares [2]*float64, note string) *result.Sweep {
	s := sweepOf(result.PagesParam, "", []int64{0, 1}, []string{"ptrarray", "soa"},
		[][]float64{ptrarray[:], soa[:]}, []float64{32, 24})
	s.Modes, s.Labels = true, []string{"huge", "small"}
	for k := range s.Points {
		mode, _ := result.PagesMode(s.Points[k].Value)
		for j := range s.Points[k].Backings {
			pg := result.Pages{Mode: mode, THP: "madvise", HugeShare: shares[k], HeapBytes: 100 << 20, Note: note}
			s.Points[k].Backings[j].ForkPages = []result.Pages{pg, pg, pg}
		}
	}
	return s
}

// TestPagesAndTLBLesson: the lesson sweeps the page mode, huge then small, over
// ptrarray's shuffled heap with soa as the control, and judges ptrarray's rise against
// soa's only where the heaps ran in the pages their points name: most of each heap in
// huge pages at huge, next to none at small. Otherwise it says why it cannot tell.
func TestPagesAndTLBLesson(t *testing.T) {
	p, err := Lookup("pages-and-tlb")
	if err != nil {
		t.Fatal(err)
	}
	if p.Sweep == nil || p.Sweep.Param != result.PagesParam || p.Pages != "" || p.Params["alloc_order"] != 1 {
		t.Fatalf("sweep %+v, pages %q, params %v: want a sweep of the page mode over the shuffled heap", p.Sweep, p.Pages, p.Params)
	}
	if modes := result.PagesLabels(p.Sweep.Values); len(modes) != 2 || modes[0] != "huge" || modes[1] != "small" {
		t.Fatalf("values %v: want huge, then small", modes)
	}
	c := lessonClaim(t, "pages-and-tlb", "ptrarray")
	if c.Metric != "growth" || c.Control != "soa" || c.Ratio != 1 {
		t.Fatalf("claim %+v: want ptrarray's rise against soa", c)
	}
	one, none := result.Measured(1.0), result.Measured(0.0)
	checkAnswer(t, c.AnswerSweep(pagesSweepOf([2]float64{30, 45}, [2]float64{2, 2}, [2]*float64{one, none}, "")),
		[]string{"ptrarray cost 30.0 ns per entity at pages = huge and 45.0 ns at pages = small",
			"Heap in huge pages (each pages value, every pass): ptrarray 100% at huge and 0% at small; soa 100% at huge and 0% at small."},
		[]string{"Against the control: The cost per entity rises, as the claim says."})
	checkAnswer(t, c.AnswerSweep(pagesSweepOf([2]float64{30, 31}, [2]float64{2, 2}, [2]*float64{one, none}, "")),
		nil, []string{"Against the control: No clear change"})
	for _, tc := range []struct {
		name   string
		shares [2]*float64
		note   string
		want   string
	}{
		{"THP never: no huge pages at huge", [2]*float64{result.Measured(0.02), none}, "", "at pages = huge, only 2% of ptrarray's heap sat in huge pages (the system's transparent huge pages: madvise)"},
		{"huge pages at small", [2]*float64{one, result.Measured(0.4)}, "", "at pages = small, 40% of ptrarray's heap still sat in huge pages"},
		{"no count of huge pages", [2]*float64{nil, nil}, "huge pages are not counted on windows", "at pages = huge, the share of ptrarray's heap in huge pages was not measured (huge pages are not counted on windows)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := c.AnswerSweep(pagesSweepOf([2]float64{30, 45}, [2]float64{2, 2}, tc.shares, tc.note))
			checkAnswer(t, a, []string{"Not judged: " + tc.want}, []string{"Cannot tell on this machine"})
			if a.Outcome != CannotTell || strings.Contains(a.String(), "rises") {
				t.Errorf("answer %q (%v): want cannot tell, with no rise judged", a, a.Outcome)
			}
		})
	}
	// A heap that ran in another mode than its point names (a kernel without
	// transparent huge pages records "system") is not judged either.
	s := pagesSweepOf([2]float64{30, 45}, [2]float64{2, 2}, [2]*float64{none, none}, "")
	for j := range s.Points[0].Backings {
		for f := range s.Points[0].Backings[j].ForkPages {
			s.Points[0].Backings[j].ForkPages[f].Mode = result.PagesSystem
		}
	}
	checkAnswer(t, c.AnswerSweep(s), []string{"ptrarray's heap ran in system pages"}, []string{"Cannot tell on this machine"})
}

// TestPagesSweepPreset: a preset that sweeps the page mode sets no page mode for the
// whole run, and its values are page modes.
func TestPagesSweepPreset(t *testing.T) {
	p, err := Lookup("pages-and-tlb")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		change func(p *Preset)
		want   string
	}{
		{"pages beside a sweep of them", func(p *Preset) { p.Pages = "small" }, `sweep: param: "pages" varies the page mode, and the preset sets pages "small" for the whole sweep`},
		{"a value of no mode", func(p *Preset) { p.Sweep.Values = []int64{0, 3} }, "sweep: values: 3 is out of range for pages (want 0 to 2)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := p
			sw := *p.Sweep
			q.Sweep = &sw
			tc.change(&q)
			if err := q.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Validate() = %v, want %q", err, tc.want)
			}
		})
	}
}
