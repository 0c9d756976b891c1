// Package handout makes a lesson into one printed page for a student. The page holds
// the lesson's text, and each claim with its source and the source's conditions. It
// holds the student's prediction (or a box to write it in by hand) and the measured
// answer. It ends with the chart the run's or the sweep's export draws, and the
// machine and conditions it was measured under. It writes the page as HTML
// (self-contained: its fonts and its chart travel inside it, so it opens and prints
// offline) and as a PNG drawn in pure Go.
//
// A page is laid out once (Layout) for the intersection of A4 and US Letter, with
// the text size chosen so that everything fits; the HTML and the PNG share that
// choice. The answer on the page is the one package presets gives the same run or
// sweep, word for word: the page states a verdict, it does not make one.
package handout

import (
	"fmt"
	"strings"

	"localitylab/charts"
	"localitylab/lab/result"
	"localitylab/presets"
	"localitylab/workloads/workload"
)

// Page is what a handout shows, in the order it shows it.
type Page struct {
	Lesson string   // the lesson's name: "pointer-chasing"
	Title  string   // its title
	Kind   string   // what measured it, in words: "a run of 200 frames in 3 forks"
	Text   []string // the lesson's paragraphs
	Claims []Claim
	// Unanswered names the lesson's claims this run or sweep could not answer, and
	// why (a backing it did not measure).
	Unanswered []string
	// Note says how the run's parameters differ from the lesson's, "" when they do
	// not (presets.ConditionsNote).
	Note       string
	Prediction string // as the student gave it; "" leaves a box to write in
	Chart      Chart
	Record     [][2]string // the machine and the conditions of the run, a row each
}

// Claim is one of the lesson's claims with what the run or sweep answered.
type Claim struct {
	Source  string // "source 003, Game Programming Patterns: data locality"
	Setting string // what the source measured, and on what; "" when the lesson gives none
	Text    string
	Answer  string // presets.Answer.String(), unchanged
}

// WrongLessonError is a saved run or sweep given with a lesson it is not a run of.
type WrongLessonError struct {
	Lesson, LessonTitle string // the lesson asked for
	Title, Workload     string // what the file holds
	Sweep               bool   // the file is a sweep
}

func (e *WrongLessonError) Error() string {
	what := "run"
	if e.Sweep {
		what = "sweep"
	}
	of := fmt.Sprintf("%q on %s", e.Title, e.Workload)
	if e.Title == "" {
		of = "no lesson (a " + e.Workload + " setup of its own)"
	}
	return fmt.Sprintf("the saved %s is a %s of %s, not of lesson %s (%q): give a %s of %s, or the lesson it came from",
		what, what, of, e.Lesson, e.LessonTitle, what, e.Lesson)
}

// KindError is a run given for a lesson told by a sweep, or a sweep for one told by a
// run: the lesson's claims would go unanswered.
type KindError struct {
	Lesson    string
	WantSweep bool
}

func (e *KindError) Error() string {
	if e.WantSweep {
		return fmt.Sprintf("lesson %s is told by a sweep (its claims are about how the cost changes over the sweep): give a saved sweep of it, not a run", e.Lesson)
	}
	return fmt.Sprintf("lesson %s is told by a single run: give a saved run of it, not a sweep", e.Lesson)
}

// claimKinds counts the lesson's claims a single run answers and those a sweep
// answers: a sweep lesson may have claims of both (packed-vs-holes), or only a run's.
func claimKinds(lesson presets.Preset) (run, sweep int) {
	for _, c := range lesson.Claims {
		if c.OfSweep() {
			sweep++
		} else {
			run++
		}
	}
	return run, sweep
}

// TellsBySweep reports whether the lesson's answer comes from a sweep: it has one,
// and a claim that only a sweep answers, or no claims at all. A command that runs
// the lesson for its page runs a sweep for it, and a single run otherwise.
func TellsBySweep(lesson presets.Preset) bool {
	_, sweep := claimKinds(lesson)
	return lesson.Sweep != nil && (sweep > 0 || len(lesson.Claims) == 0)
}

// FromRun is the page of lesson as run r measured it. r must be a run of lesson
// (the same title and workload), and lesson must have a claim a run answers, or none.
func FromRun(lesson presets.Preset, r *result.Run, prediction string) (*Page, error) {
	if runClaims, _ := claimKinds(lesson); len(lesson.Claims) > 0 && runClaims == 0 {
		return nil, &KindError{Lesson: lesson.Name, WantSweep: true}
	}
	if err := charts.CheckRun(r); err != nil {
		return nil, err
	}
	if r.Title != lesson.Title || r.Workload != lesson.Workload {
		return nil, &WrongLessonError{Lesson: lesson.Name, LessonTitle: lesson.Title, Title: r.Title, Workload: r.Workload}
	}
	names := make([]string, len(r.Backings))
	for i, b := range r.Backings {
		names[i] = b.Name
	}
	pg := newPage(lesson, prediction, presets.AnswerClaims(lesson.Claims, r), names)
	pg.Kind = runKind(r)
	pg.Note = presets.ConditionsNote(lesson.Lesson, r.Workload, r.Params, "this run")
	pg.Chart = Chart{run: r}
	pg.Record = runRecord(r)
	return pg, nil
}

// FromSweep is the page of lesson as sweep s measured it: lesson must have a sweep,
// and a claim a sweep answers, or none.
func FromSweep(lesson presets.Preset, s *result.Sweep, prediction string) (*Page, error) {
	if _, sweepClaims := claimKinds(lesson); lesson.Sweep == nil || len(lesson.Claims) > 0 && sweepClaims == 0 {
		return nil, &KindError{Lesson: lesson.Name}
	}
	if err := charts.CheckSweep(s); err != nil {
		return nil, err
	}
	if s.Title != lesson.Title || s.Workload != lesson.Workload {
		return nil, &WrongLessonError{Lesson: lesson.Name, LessonTitle: lesson.Title, Title: s.Title, Workload: s.Workload, Sweep: true}
	}
	pg := newPage(lesson, prediction, presets.AnswerSweepClaims(lesson.Claims, s), s.Backings)
	pg.Kind = sweepKind(s)
	pg.Note = presets.ConditionsNote(lesson.Lesson, s.Workload, fixedParams(lesson, s), "this sweep")
	pg.Chart = Chart{sweep: s}
	pg.Record = sweepRecord(s)
	return pg, nil
}

// fixedParams are the sweep's parameters with the swept one and those tied to it
// at the lesson's own values: a sweep's file records its fixed parameters only, and
// the ones it varied are no difference from the lesson, whatever their default.
func fixedParams(lesson presets.Preset, s *result.Sweep) workload.Params {
	p := s.Params.Clone()
	varied := []string{s.Param}
	for k := range s.Tied {
		varied = append(varied, k)
	}
	for _, k := range varied {
		if v, ok := lesson.Params[k]; ok {
			p[k] = v
		} else {
			delete(p, k)
		}
	}
	return p
}

// newPage fills what a run's page and a sweep's share: the lesson, and its claims
// with the answers presets gave, each claim left unanswered named with the reason.
func newPage(lesson presets.Preset, prediction string, answered []presets.Answered, measured []string) *Page {
	pg := &Page{Lesson: lesson.Name, Title: lesson.Title, Text: presets.Paragraphs(lesson.Lesson),
		Prediction: strings.TrimSpace(prediction)}
	for _, a := range answered {
		pg.Claims = append(pg.Claims, Claim{Source: a.Source, Setting: a.Setting, Text: a.Text, Answer: a.Answer.String()})
	}
	if len(answered) < len(lesson.Claims) {
		kept := presets.ClaimsAbout(lesson.Claims, measured)
		for _, c := range lesson.Claims {
			if !answeredHas(answered, c) {
				why := "it is about backings this one did not measure (it measured " + charts.JoinAnd(measured) + ")"
				switch {
				case !containsClaim(kept, c):
				case c.OfSweep():
					why = "the lesson's sweep answers it, not a single run"
				default:
					why = "a single run of the lesson answers it (bench -preset " + lesson.Name + "), not its sweep"
				}
				pg.Unanswered = append(pg.Unanswered, fmt.Sprintf("Not answered here (%s): %s", why, c.Text))
			}
		}
	}
	return pg
}

func answeredHas(as []presets.Answered, c presets.Claim) bool {
	for _, a := range as {
		if a.Text == c.Text && a.Source == c.Source {
			return true
		}
	}
	return false
}

func containsClaim(cs []presets.Claim, c presets.Claim) bool {
	for _, k := range cs {
		if k.Text == c.Text && k.Source == c.Source {
			return true
		}
	}
	return false
}

// runKind says what measured the page's answer: "a run of 200 frames (20 warm-up)
// in 3 forks of ptrarray, slotmap and soa on sprites".
func runKind(r *result.Run) string {
	names := make([]string, len(r.Backings))
	for i, b := range r.Backings {
		names[i] = b.Name
	}
	forks := ""
	if n := r.NumForks(); n > 1 {
		forks = fmt.Sprintf(" in %d forks", n)
	}
	return fmt.Sprintf("a run of %s on %s, %d frames%s (%d warm-up), %s caches",
		charts.JoinAnd(names), r.Workload, r.Frames, forks, r.Warmup, r.Cache)
}

// sweepKind says what measured a sweep's page.
func sweepKind(s *result.Sweep) string {
	vals := make([]string, len(s.Values))
	for i, v := range s.Values {
		vals[i] = charts.SweepValueLabel(s, float64(v))
	}
	passes := ""
	if s.Forks > 1 {
		passes = fmt.Sprintf(" in %d passes", s.Forks)
	}
	return fmt.Sprintf("a sweep of %s on %s over %s = %s%s, %s caches",
		charts.JoinAnd(s.Backings), s.Workload, s.Param, strings.Join(vals, ", "), passes, s.Cache)
}

// MaxPrediction is the longest prediction a page takes, in characters: a few
// sentences, what a student writes before a run, and what the sheet has room for
// beside the longest lesson (tiles-rows) at 7 points.
const MaxPrediction = 600
