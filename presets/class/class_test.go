package class

import (
	"strings"
	"testing"

	"localitylab/internal/testcheck"
	"localitylab/lab/result"
	"localitylab/lab/runtest"
	"localitylab/presets"
)

// laptops are the three saved runs of testdata (real runs, hosts edited: see its
// README), read afresh for each test so that a test may change them.
func laptops(t *testing.T) []File {
	t.Helper()
	var out []File
	for _, n := range []string{"laptop-a.json", "laptop-b.json", "laptop-c.json"} {
		r, err := result.LoadJSON("testdata/" + n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, File{Name: n, Run: r})
	}
	return out
}

func sweeps(t *testing.T) []File {
	t.Helper()
	var out []File
	for _, n := range []string{"sweep-a.json", "sweep-b.json", "sweep-c.json"} {
		s, err := result.LoadSweepJSON("testdata/" + n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, File{Name: n, Sweep: s})
	}
	return out
}

// TestMachines: each machine's facts come from its own file, the figures are its
// own rounds', and the verdict is presets' answer for that file, word for word.
func TestMachines(t *testing.T) {
	files := laptops(t)
	c, err := New(files, nil)
	if err != nil {
		t.Fatal(err)
	}
	lesson, ok := presets.BuiltinTitled(files[0].Run.Title, "sprites")
	if !ok {
		t.Fatal("the fixtures' lesson is not built in")
	}
	for i, tt := range []struct{ cpu, pages, huge string }{
		{"AMD EPYC", "system (THP madvise)", "ptrarray 0%, slotmap 0%, soa 0%"},
		{"Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz", "huge (THP madvise)", "ptrarray 100%, slotmap 100%, soa 100%"},
		{"AMD Ryzen 7 5800X 8-Core Processor", "small (THP madvise)", "ptrarray 0%, slotmap 0%, soa 0%"},
	} {
		m := c.Machines[i]
		if m.CPU != tt.cpu || m.Pages != tt.pages || m.Huge != tt.huge {
			t.Errorf("machine %d: %q, %q, %q; want %q, %q, %q", i, m.CPU, m.Pages, m.Huge, tt.cpu, tt.pages, tt.huge)
		}
		if !strings.HasPrefix(m.Counters, "none (") || m.Clock != "the frame thread's CPU time" {
			t.Errorf("machine %d: counters %q, clock %q", i, m.Counters, m.Clock)
		}
		want := presets.AnswerClaims(lesson.Claims, files[i].Run)
		if len(c.Claims) != len(want) || c.Claims[0].Answers[i].Full != want[0].Answer.String() || c.Claims[0].Answers[i].Outcome != want[0].Answer.Outcome {
			t.Errorf("machine %d: the class's answer is not presets':\n%+v\nwant %+v", i, c.Claims, want)
		}
		for _, f := range m.Figures {
			if f.Missing != "" || !(f.Lo <= f.NS && f.NS <= f.Hi) || f.Range {
				t.Errorf("machine %d: figure %+v: want a measured p50 inside its 95%% interval", i, f)
			}
		}
	}
	if got := strings.Join(c.Differ, ", "); got != "CPU, cores, caches, pages" {
		t.Errorf("differ: %q", got)
	}
	if !strings.Contains(c.Order, "same order") {
		t.Errorf("order: %q", c.Order)
	}
}

// TestAgreement: a claim that holds on some machines and not on others says on how
// many, and names them; the verdicts are presets', from runs of known figures.
func TestAgreement(t *testing.T) {
	lesson, err := presets.Lookup("pointer-chasing")
	if err != nil {
		t.Fatal(err)
	}
	run := func(ratio float64) *result.Run {
		r := runtest.Synthetic([]string{"ptrarray", "slotmap", "soa"}, []float64{ratio, 1.1, 1}, []int64{1, 1, 1})
		r.Title, r.Params = lesson.Title, lesson.Params.Clone()
		return r
	}
	for _, tt := range []struct {
		name   string
		ratios []float64
		want   string
		counts map[presets.Outcome]int
	}{
		{"all hold", []float64{50, 48, 52}, "The claim holds on all 3 machines.", map[presets.Outcome]int{presets.Holds: 3}},
		{"two of three", []float64{50, 16, 52}, "The machines disagree: the claim holds on 2 of 3 machines (a, c); the claim does not hold on b.",
			map[presets.Outcome]int{presets.Holds: 2, presets.Fails: 1}},
		{"none", []float64{16, 17, 3}, "Every machine says the same: the claim does not hold (all 3 machines).", map[presets.Outcome]int{presets.Fails: 3}},
		{"reversed on one of four", []float64{50, 50, 50, 0.5}, "The machines disagree: the claim holds on 3 of 4 machines (a, b, c); the claim does not hold on d.",
			map[presets.Outcome]int{presets.Holds: 3, presets.Fails: 1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var files []File
			for i, r := range tt.ratios {
				files = append(files, File{Name: string(rune('a' + i)), Run: run(r)})
			}
			c, err := New(files, &lesson)
			if err != nil {
				t.Fatal(err)
			}
			if len(c.Claims) != 1 {
				t.Fatalf("%d claims, want 1", len(c.Claims))
			}
			cl := c.Claims[0]
			if cl.Agreement != tt.want {
				t.Errorf("agreement %q\nwant      %q", cl.Agreement, tt.want)
			}
			for _, o := range append([]presets.Outcome{presets.NoVerdict}, presets.Outcomes...) {
				if cl.Count(o) != tt.counts[o] {
					t.Errorf("%d machines %s, want %d", cl.Count(o), o, tt.counts[o])
				}
			}
		})
	}
}

// TestRefusals: files that are not one lesson's, or not all runs or all sweeps, are
// refused with the file named and what differs.
func TestRefusals(t *testing.T) {
	for _, tt := range []struct {
		name  string
		edit  func(fs []File) []File
		wants []string
	}{
		{"two files", func(fs []File) []File { return fs[:2] }, []string{"3 files or more", "2 given"}},
		{"a run among sweeps", func(fs []File) []File { return append(sweeps(t)[:2], fs[2]) },
			[]string{"laptop-c.json is a run and sweep-a.json is a sweep"}},
		{"a sweep among runs", func(fs []File) []File { return append(fs[:2], sweeps(t)[0]) },
			[]string{"sweep-a.json is a sweep and laptop-a.json is a run"}},
		{"empty file", func(fs []File) []File { fs[1] = File{Name: "x.json"}; return fs }, []string{"x.json: no run and no sweep"}},
		{"another lesson", func(fs []File) []File { fs[2].Run.Title = "Cache cliff"; return fs },
			[]string{"laptop-c.json is not of the same lesson as laptop-a.json", `another lesson ("Cache cliff", against "Pointer chasing`}},
		{"another workload", func(fs []File) []File { fs[1].Run.Workload = "bullets"; return fs },
			[]string{"laptop-b.json", "another workload (bullets, against sprites)"}},
		{"other backings", func(fs []File) []File { fs[1].Run.Backings = fs[1].Run.Backings[:2]; return fs },
			[]string{"laptop-b.json", "other backings (ptrarray, slotmap, against ptrarray, slotmap, soa)"}},
		{"other parameters", func(fs []File) []File { fs[2].Run.Params["entities"] = 200000; return fs },
			[]string{"laptop-c.json", "other parameters (entities 200000, against 1000000)"}},
		{"another cache mode", func(fs []File) []File { fs[1].Run.Cache = result.Cold; return fs },
			[]string{"laptop-b.json", `another cache mode ("cold", against "warm")`}},
		{"other sweep values", func([]File) []File {
			s := sweeps(t)
			s[2].Sweep.Values = []int64{1, 3}
			return s
		}, []string{"sweep-c.json", "other values of allocs (1, 3, against 1, 2)"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(tt.edit(laptops(t)), nil)
			for _, w := range tt.wants {
				testcheck.Err(t, err, w, "New")
			}
		})
	}
}

// TestSweeps: a class of sweeps answers the lesson's sweep claims per machine,
// with presets' own words, and gives each backing's cost per entity at each point.
func TestSweeps(t *testing.T) {
	files := sweeps(t)
	c, err := New(files, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Sweep || c.Param != "allocs" || len(c.Claims) == 0 {
		t.Fatalf("sweep %v, param %q, %d claims", c.Sweep, c.Param, len(c.Claims))
	}
	lesson, _ := presets.BuiltinTitled(c.Title, c.Workload)
	want := presets.AnswerSweepClaims(lesson.Claims, files[1].Sweep)
	if c.Claims[0].Answers[1].Full != want[0].Answer.String() {
		t.Errorf("the class's answer is not presets':\n%s\nwant\n%s", c.Claims[0].Answers[1].Full, want[0].Answer.String())
	}
	m := c.Machines[2]
	if len(m.Figures) != len(c.Backings)*len(c.Values) {
		t.Errorf("%d figures, want one per backing per point", len(m.Figures))
	}
	f, ok := m.FigureOf("soa", 2)
	pb := files[2].Sweep.Points[1].Backings
	for _, b := range pb {
		if b.Name == "soa" && (!ok || f.NS != b.NSPerEntity || f.Lo != b.NSPerEntityLo || f.Hi != b.NSPerEntityHi) {
			t.Errorf("soa at allocs 2: %+v, want the sweep's %v (%v–%v)", f, b.NSPerEntity, b.NSPerEntityLo, b.NSPerEntityHi)
		}
	}
}

// TestAgreementOfEveryOutcome: the agreement line counts the machines by presets'
// outcome, each kind named, a claim that holds in part apart from one that fails.
func TestAgreementOfEveryOutcome(t *testing.T) {
	files := []string{"a", "b", "c", "d", "e", "f"}
	var as []Answer
	for _, o := range append(presets.Outcomes, presets.NoVerdict) {
		as = append(as, Answer{Outcome: o})
	}
	want := "The machines disagree: the claim holds on 1 of 6 machines (a); the claim holds only in part on b; the claim does not hold on c; " +
		"unsettled (its forks disagree) on e; the machine cannot tell on d; no answer on f."
	if got := agreement(as, files); got != want {
		t.Errorf("agreement %q\nwant      %q", got, want)
	}
	in := []Answer{{Outcome: presets.InPart}, {Outcome: presets.InPart}, {Outcome: presets.InPart}}
	if got := agreement(in, files[:3]); got != "Every machine says the same: the claim holds only in part (all 3 machines)." {
		t.Errorf("agreement %q", got)
	}
}
