package presets

import (
	"io/fs"
	"path"
	"strings"
	"testing"
	"time"
)

// TestCourse: every built-in lesson has one place in the picker, the course or after
// it, with a measured run time; the course's runs and its text fit the class's budgets
// for them; it opens with what a cache line is and says, up front, that the lab tests
// ideas, not the sources' numbers; and a heavy lesson says so in its first paragraph,
// which the app shows before the run starts.
func TestCourse(t *testing.T) {
	files, err := fs.Glob(builtinFS, "builtin/*.json")
	if err != nil {
		t.Fatal(err)
	}
	places := map[string]int{}
	for _, s := range append(append([]Step(nil), course...), further...) {
		places[s.Name]++
		if s.Run <= 0 {
			t.Errorf("%s: no measured run time", s.Name)
		}
	}
	for _, f := range files {
		name := strings.TrimSuffix(path.Base(f), ".json")
		if places[name] != 1 {
			t.Errorf("%s: %d places in the course and after it (want 1)", name, places[name])
		}
	}
	if len(places) != len(files) {
		t.Errorf("%d lessons placed, %d built in", len(places), len(files))
	}
	if len(Course()) != len(course) || len(Further()) != len(further) {
		t.Errorf("the plain binary offers %d of the course's %d lessons and %d of the %d after it", len(Course()), len(course), len(Further()), len(further))
	}
	if sum := CourseRunTime(); sum > RunBudget {
		t.Errorf("the course's runs take %v, more than the %v of a %d-minute class", sum, RunBudget, ClassMinutes)
	}
	if n := len(course); n < 7 || n > 11 {
		t.Errorf("the course has %d lessons, want about nine", n)
	}
	if words := CourseWords(); words > WordBudget {
		t.Errorf("the course's lessons hold %d words, more than the %d a class reads", words, WordBudget)
	}
	first, _ := builtinNamed(course[0].Name)
	opening := Paragraphs(first.Lesson)
	if len(opening) < 2 || !strings.Contains(opening[0], "cache line") || !strings.Contains(strings.Join(opening[:2], " "), "not each number") {
		t.Errorf("the course opens with %s, whose first two paragraphs do not say what a cache line is and that the lab tests ideas, not each number", first.Name)
	}
	for _, s := range append(append([]Step(nil), course...), further...) {
		p, _ := builtinNamed(s.Name)
		first := Paragraphs(p.Lesson)[0]
		if s.Heavy != "" && !strings.HasPrefix(first, "Heavy") {
			t.Errorf("%s: a heavy lesson (%s) whose first paragraph does not say so: %q", s.Name, s.RunText(), first)
		}
	}
	// The tile map's load case takes gigabytes per worker: it must say so first.
	if st, _, _ := StepOf("tiles-rows"); st.Heavy == "" {
		t.Error("tiles-rows is not marked heavy")
	}
	if _, n, ok := StepOf("cache-line"); !ok || n != 1 {
		t.Errorf("cache-line is step %d of the course (%v), want the first", n, ok)
	}
	if _, n, ok := StepOf("all-six-tiles"); !ok || n != 0 {
		t.Errorf("all-six-tiles is step %d (%v), want a lesson after the course", n, ok)
	}
	if _, _, ok := StepOf("no-such-lesson"); ok {
		t.Error("StepOf found a lesson that does not exist")
	}
}

func TestRunText(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{{18 * time.Second, "18 s"}, {99 * time.Second, "99 s"}, {270 * time.Second, "4.5 min"}} {
		if got := (Step{Run: tc.d}).RunText(); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.d, got, tc.want)
		}
	}
}
