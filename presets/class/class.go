// Package class puts a class's machines side by side: one saved run (or one saved
// sweep) of the same lesson from each student's laptop. Each machine gets a column:
// what the machine is (CPU, cores, caches, pages, frame clock, counters), what it
// measured for each backing, and the lesson's answer on it.
//
// The answers are the presets package's own (Claim.Answer, Claim.AnswerSweep): a
// class compares what each machine would have been told, so it must not judge a
// figure a second way. It lives under presets for that reason, and reads saved
// results only (lab/result), so that the command line, the window and the exports
// draw the same model (charts/classview). It reads the files with the loader its
// caller hands it (Read, Builder.AddFiles), so that it links no coordinator.
package class

import (
	"fmt"
	"slices"
	"strings"

	"localitylab/internal/params"
	"localitylab/lab/result"
	"localitylab/presets"
)

// File is one machine's saved result as the caller read it: a run or a sweep (the
// other nil), and the name the comparison calls it by (the file's base name).
type File struct {
	Name  string
	Run   *result.Run
	Sweep *result.Sweep
}

// Class is the comparison: what every machine ran, each machine's facts and figures,
// and each of the lesson's claims with its answer per machine.
type Class struct {
	Title    string // the lesson's title; "" for runs of no lesson
	Workload string
	Params   string // every parameter, as the run lists them
	Sweep    bool   // the files are sweeps
	Param    string // a sweep's parameter
	Unit     string
	Values   []int64  // a sweep's values
	Labels   []string // their names, where the sweep names them ("huge", "small")
	Backings []string
	Machines []Machine
	Claims   []Claim
	// Differ names the machine facts that are not the same on every machine
	// ("pages", "CPU"); Same the ones that are, with the value.
	Differ []string
	Same   [][2]string
	// OneHost, when no file's machine differs from another's in what a file
	// records of it, says so: several runs of one machine look just like that.
	OneHost string
	// Order says how each machine ranks the backings by p50 (runs only): the same
	// order everywhere, or each machine's.
	Order string
}

// MinFiles is how many files a class needs: two are a comparison of two runs
// (package compare), which measures a change; three or more are machines.
const MinFiles = 3

// New builds the comparison of files, which must all be runs or all sweeps of one
// lesson. They must share one workload, one set of backings, the same parameters
// (and for sweeps the same parameter and values) and the same cache mode. lesson is
// the lesson whose claims are answered; nil takes the built-in lesson the files'
// title names (none: no claims). An error names the file at fault and what differs.
func New(files []File, lesson *presets.Preset) (*Class, error) {
	if len(files) < MinFiles {
		return nil, fmt.Errorf("a class needs %d files or more, one per machine; %d given", MinFiles, len(files))
	}
	b := NewBuilder(lesson)
	for _, f := range files {
		if err := b.Add(f); err != nil {
			return nil, err
		}
	}
	return b.Class()
}

// Builder builds a class a file at a time, and keeps of each file only what the class
// shows of it: its machine's facts and figures and each claim's answer on it. That
// is a few kilobytes, where a long run's frames take a hundred megabytes. A class of thirty
// such runs is read one file after another, each let go of once added.
type Builder struct {
	lesson   *presets.Preset // nil until the first file names it, when not given
	given    bool            // the caller gave the lesson
	first    *what           // the first file's setup, which every other must share
	name0    string          // the first file's name
	claims   []presets.Claim // the lesson's claims the files answer, in order
	machines []Machine       // one per file added, in order
	answers  [][]Answer      // answers[i][k]: claim k on file i
}

// NewBuilder starts an empty class whose claims are lesson's; nil takes the built-in
// lesson the first file's title names (none: no claims).
func NewBuilder(lesson *presets.Preset) *Builder {
	return &Builder{lesson: lesson, given: lesson != nil}
}

// Len is how many files the class holds.
func (b *Builder) Len() int { return len(b.machines) }

// Clone returns a copy of b that files may be added to while b stays as it is (what
// the window shows until an addition succeeds).
func (b *Builder) Clone() *Builder {
	c := *b
	c.machines = slices.Clone(b.machines)
	c.answers = slices.Clone(b.answers)
	return &c
}

// Add adds f, a run or a sweep of the same lesson as the files before it, with what
// the class keeps of it; an error names f and what differs, and leaves b as it was.
// The caller may let go of f's run or sweep once it is added.
func (b *Builder) Add(f File) error {
	if (f.Run == nil) == (f.Sweep == nil) {
		return fmt.Errorf("%s: no run and no sweep in it", f.Name)
	}
	d := describe(f)
	if b.first == nil {
		b.first, b.name0 = &d, f.Name
		if !b.given {
			b.lesson = nil
			if l, ok := presets.BuiltinTitled(d.title, d.workload); ok {
				b.lesson = &l
			}
		}
		b.claims = nil
		if b.lesson != nil {
			for _, pc := range presets.ClaimsAbout(b.lesson.Claims, d.backings) {
				if pc.OfSweep() == d.sweep { // a run cannot answer a sweep's claim, nor a sweep a run's
					b.claims = append(b.claims, pc)
				}
			}
		}
	} else {
		if d.sweep != b.first.sweep {
			return fmt.Errorf("%s is %s and %s is %s: compare runs with runs, or sweeps with sweeps", f.Name, kindOf(d.sweep), b.name0, kindOf(b.first.sweep))
		}
		if err := b.first.sameAs(d); err != nil {
			return fmt.Errorf("%s is not of the same lesson as %s: %w", f.Name, b.name0, err)
		}
	}
	b.machines = append(b.machines, machineOf(f, b.first.backings))
	b.answers = append(b.answers, answersOn(f, b.claims))
	return nil
}

// Class is the class of the files added, three or more.
func (b *Builder) Class() (*Class, error) {
	if len(b.machines) < MinFiles {
		return nil, fmt.Errorf("a class needs %d files or more, one per machine; %d given", MinFiles, len(b.machines))
	}
	first := b.first
	c := &Class{Title: first.title, Workload: first.workload, Params: first.params.List(), Sweep: first.sweep,
		Param: first.param, Unit: first.unit, Values: first.values, Labels: first.labels, Backings: first.backings,
		Machines: slices.Clone(b.machines)}
	names := make([]string, len(c.Machines))
	for i, m := range c.Machines {
		names[i] = m.File
	}
	for k, pc := range b.claims {
		cl := Claim{Source: pc.Source, Text: pc.Text}
		for i := range b.answers {
			cl.Answers = append(cl.Answers, b.answers[i][k])
		}
		cl.Agreement = agreement(cl.Answers, names)
		c.Claims = append(c.Claims, cl)
	}
	c.Differ, c.Same = agreementOfFacts(c.Machines)
	if !slices.ContainsFunc(c.Differ, func(f string) bool { return slices.Contains(machineFacts, f) }) {
		c.OneHost = "Every file reports the same CPU, cores, caches and system: the same machine, or machines alike; a file does not say which."
	}
	if !c.Sweep {
		c.Order = orderText(c.Machines)
	}
	return c, nil
}

func kindOf(sweep bool) string {
	if sweep {
		return "a sweep"
	}
	return "a run"
}

// what is what a file measured, the part that must be the same on every machine.
type what struct {
	sweep           bool
	title, workload string
	params          params.Map
	cache           string
	backings        []string
	param, unit     string
	values          []int64
	labels          []string
}

func describe(f File) what {
	if s := f.Sweep; s != nil {
		return what{sweep: true, title: s.Title, workload: s.Workload, params: s.Params, cache: s.Cache,
			backings: s.Backings, param: s.Param, unit: s.Unit, values: s.Values, labels: s.Labels}
	}
	r := f.Run
	names := make([]string, len(r.Backings))
	for i, b := range r.Backings {
		names[i] = b.Name
	}
	return what{title: r.Title, workload: r.Workload, params: r.Params, cache: r.Cache, backings: names}
}

// sameAs says what differs between two files' setups, the first difference found:
// the lesson, the workload, the backings, the parameters, the cache mode, or a
// sweep's parameter and values.
func (a what) sameAs(b what) error {
	switch {
	case a.title != b.title:
		return fmt.Errorf("another lesson (%s, against %s)", quoteOr(b.title, "no lesson"), quoteOr(a.title, "no lesson"))
	case a.workload != b.workload:
		return fmt.Errorf("another workload (%s, against %s)", b.workload, a.workload)
	case !sameSet(a.backings, b.backings):
		return fmt.Errorf("other backings (%s, against %s)", strings.Join(b.backings, ", "), strings.Join(a.backings, ", "))
	case a.param != b.param:
		return fmt.Errorf("another swept parameter (%s, against %s)", b.param, a.param)
	case !slices.Equal(a.values, b.values):
		return fmt.Errorf("other values of %s (%s, against %s)", a.param, values(b.values), values(a.values))
	case a.cache != b.cache:
		return fmt.Errorf("another cache mode (%s, against %s)", quoteOr(b.cache, "none recorded"), quoteOr(a.cache, "none recorded"))
	}
	if d := paramDiff(a.params, b.params); d != "" {
		return fmt.Errorf("other parameters (%s)", d)
	}
	return nil
}

// paramDiff lists the parameters whose values differ, "entities 200,000 against
// 1,000,000"; "" when none does.
func paramDiff(a, b params.Map) string {
	var out []string
	for _, k := range union(a.Keys(), b.Keys()) {
		av, aok := a[k]
		bv, bok := b[k]
		switch {
		case !aok:
			out = append(out, fmt.Sprintf("%s %d, which the first has not", k, bv))
		case !bok:
			out = append(out, fmt.Sprintf("no %s, against %d", k, av))
		case av != bv:
			out = append(out, fmt.Sprintf("%s %d, against %d", k, bv, av))
		}
	}
	return strings.Join(out, "; ")
}

func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, k := range b {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

func sameSet(a, b []string) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

func values(vs []int64) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, ", ")
}

func quoteOr(s, none string) string {
	if s == "" {
		return none
	}
	return fmt.Sprintf("%q", s)
}

// Kind is what each file is: "run" or "sweep".
func (c *Class) Kind() string {
	if c.Sweep {
		return "sweep"
	}
	return "run"
}

// Heading is the comparison's title line: the lesson (or the workload), and how
// many machines.
func (c *Class) Heading() string {
	what := c.Workload
	if c.Title != "" {
		what = c.Title + " (" + c.Workload + ")"
	}
	if c.Sweep {
		what += ", a sweep of " + c.Param
	}
	return fmt.Sprintf("%s on %d machines, one %s each", what, len(c.Machines), c.Kind())
}

// machineFacts are the facts that tell one machine from another.
var machineFacts = []string{"CPU", "cores", "caches", "system"}
