package presets

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// A class of 90 minutes, run from the app with students who have the sources open,
// takes a core course that builds: what a cache line is, one level of pointers and
// what the allocation order does to them, a frame that starts from empty caches, what
// a layout packs into each line, ids, the collector, calls in the loop, and last a
// large world whose frame budget pulls it together. Its runs take at most eight minutes on a
// shared 2-core VM and its text at most three thousand words (about fifteen minutes of
// reading), so that most of the class is predicting and talk. The other lessons come
// after it.
const (
	ClassMinutes = 90
	RunBudget    = 8 * time.Minute
	// WordBudget is the most the course's lessons may ask a class to read, in words.
	WordBudget = 3000
)

// Step is one lesson in the picker's order, with what its run took.
type Step struct {
	Name string
	// Run is the wall time of one run of the lesson on the machine the lab was built
	// on, a 2-core VM shared with other work: `localitylab bench -preset NAME` for a
	// lesson told by one run, `localitylab sweep -preset NAME` for one told by a sweep,
	// the lessons added with the core course the median of three runs at load 18 to
	// 37, the others one run each at load 4 to 16 (the core course's older lessons ran
	// three to five times as long at load 30). A class's laptops will differ; the
	// figure is for planning a class, not a promise.
	Run time.Duration
	// Heavy, for a lesson that asks much of a machine, says what, so that the app and
	// the command line can say so before it starts.
	Heavy string
}

// course is the core of a 90-minute class; further are the lessons offered after it,
// for a second session or for students who finish early.
var (
	course = []Step{
		{Name: "cache-line", Run: 74 * time.Second},
		{Name: "pointer-chasing", Run: 18 * time.Second},
		{Name: "allocation-order", Run: 136 * time.Second},
		{Name: "cold-caches", Run: 16 * time.Second},
		{Name: "aos-vs-soa", Run: 23 * time.Second},
		{Name: "slotmap-churn", Run: 17 * time.Second},
		{Name: "collectors-bill", Run: 9 * time.Second},
		{Name: "dispatch-in-the-loop", Run: 30 * time.Second},
		{Name: "sprites-million", Run: 17 * time.Second},
	}
	further = []Step{
		{Name: "cache-cliff", Run: 201 * time.Second},
		{Name: "linked-list", Run: 119 * time.Second},
		{Name: "stride", Run: 150 * time.Second},
		{Name: "hot-cold", Run: 138 * time.Second},
		{Name: "hot-cold-pointer", Run: 88 * time.Second},
		{Name: "packed-vs-holes", Run: 50 * time.Second},
		{Name: "holes-cost", Run: 138 * time.Second},
		{Name: "maps-vs-slices", Run: 10 * time.Second},
		{Name: "allocs-per-frame", Run: 17 * time.Second},
		{Name: "pages-and-tlb", Run: 92 * time.Second},
		{Name: "spatialhash-stops-winning", Run: 119 * time.Second},
		{Name: "row-order", Run: 123 * time.Second},
		{Name: "tiles-rows", Run: 45 * time.Second, Heavy: "forty million tile entries loaded in each of three forks; " +
			"the largest worker (soa) has reached 1.4 to 1.6 GB resident while it loads, rowvec's about 0.8 GB, so it fits 8 GB; " +
			"under a minute on the machine the lab was built on (a shared 2-core VM). The source's million (-entities 1000000) needs about 3.7 GB (soa) beside 2.2 GB (rowvec): 16 GB, " +
			"or 8 GB with nothing else open."},
		{Name: "lookup-by-id", Run: 44 * time.Second},
		{Name: "dispatch-mixed", Run: 54 * time.Second},
		{Name: "spatialhash-motion", Run: 9 * time.Second},
		{Name: "spatialhash-overlap", Run: 121 * time.Second},
		{Name: "all-six-sprites", Run: 35 * time.Second},
		{Name: "all-six-bullets", Run: 18 * time.Second},
		{Name: "all-six-tiles", Run: 135 * time.Second, Heavy: "six workers, each loading a million entities on 2048 by 2048 tiles " +
			"in each of three forks (the largest worker reached 0.32 GB resident); 1 to 2 minutes on the machine the lab was built on, the longest of the single runs."},
	}
)

// builtinOrder is the order of the picker: the course, then the further lessons.
var builtinOrder = func() []string {
	var out []string
	for _, s := range slices.Concat(course, further) {
		out = append(out, s.Name)
	}
	return out
}()

// Course returns the course's lessons this binary offers, in order.
func Course() []Step { return offered(course) }

// Further returns the lessons offered after the course, in the picker's order.
func Further() []Step { return offered(further) }

func offered(steps []Step) []Step {
	var out []Step
	for _, s := range steps {
		if p, ok := builtinNamed(s.Name); ok && p.checkBackings() == nil {
			out = append(out, s)
		}
	}
	return out
}

// StepOf returns the built-in lesson's place in the picker: its step, its number in
// the course (0 for a lesson after it), and false for a name that is no built-in's.
func StepOf(name string) (s Step, number int, ok bool) {
	for i, c := range course {
		if c.Name == name {
			return c, i + 1, true
		}
	}
	for _, f := range further {
		if f.Name == name {
			return f, 0, true
		}
	}
	return Step{}, 0, false
}

// RunText is a step's run time as the picker and the command line state it: "18 s",
// "4.5 min".
func (s Step) RunText() string {
	if s.Run < 100*time.Second {
		return fmt.Sprintf("%.0f s", s.Run.Seconds())
	}
	return fmt.Sprintf("%.1f min", s.Run.Minutes())
}

// CourseWords is the number of words the course's lessons ask a class to read: their
// texts, as strings.Fields splits them.
func CourseWords() int {
	n := 0
	for _, s := range Course() {
		p, _ := builtinNamed(s.Name)
		n += len(strings.Fields(p.Lesson))
	}
	return n
}

// CourseRunTime is the sum of the course's run times.
func CourseRunTime() time.Duration {
	var sum time.Duration
	for _, s := range Course() {
		sum += s.Run
	}
	return sum
}

func builtinNamed(name string) (Preset, bool) {
	for _, p := range builtins {
		if p.Name == name {
			return p, true
		}
	}
	return Preset{}, false
}
