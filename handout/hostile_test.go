package handout

import (
	"bytes"
	"errors"
	"slices"
	"testing"
	"time"

	"localitylab/internal/pagecheck"
	"localitylab/presets"
)

// keep are what makes a file one of its lesson's: the lesson's title and workload.
var keep = []string{"Run.Title", "Run.Workload", "Sweep.Title", "Sweep.Workload"}

// hostileLesson passes the lesson's text and its claims' through f, as a preset file
// could hold them.
func hostileLesson(l *presets.Preset, f func(string) string) {
	l.Lesson = f(l.Lesson)
	l.Claims = slices.Clone(l.Claims) // the built-in lesson's own stay as they are
	for i := range l.Claims {
		l.Claims[i].Text, l.Claims[i].Source = f(l.Claims[i].Text), f(l.Claims[i].Source)
	}
}

// handoutHTML writes the handout of the saved run or sweep and its lesson, every
// string of the file, of the lesson and of the prediction passed through f first, as
// a hand-edited file or preset could hold them.
func handoutHTML(t testing.TB, sweep bool, prediction string, f func(string) string) ([]byte, error) {
	t.Helper()
	var pg *Page
	var err error
	if sweep {
		l, s := lesson(t, "allocs-per-frame"), loadSweep(t)
		hostileLesson(&l, f)
		pagecheck.Strings(s, f, keep...)
		pg, err = FromSweep(l, s, f(prediction))
	} else {
		l, r := lesson(t, "pointer-chasing"), loadRun(t)
		hostileLesson(&l, f)
		pagecheck.Strings(r, f, keep...)
		pg, err = FromRun(l, r, f(prediction))
	}
	if err != nil {
		return nil, err
	}
	ly, err := pg.Fit()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	err = ly.WriteHTML(&b)
	return b.Bytes(), err
}

// TestHandoutKeepsHostileTextAsText: the handout of a run or a sweep whose every
// string carries markup, as the browser parses it, has the elements and attributes
// of the same handout in plain words, and no script at all.
func TestHandoutKeepsHostileTextAsText(t *testing.T) {
	for _, tc := range []struct {
		name  string
		sweep bool
	}{{"run", false}, {"sweep", true}} {
		t.Run(tc.name, func(t *testing.T) {
			plain := func() ([]byte, error) {
				return handoutHTML(t, tc.sweep, "I predict", func(s string) string { return s + "x" })
			}
			checkHandout(t, tc.sweep, "I predict", plain, func(s string) string { return s + pagecheck.Hostile })
		})
	}
}

// checkHandout compares the handout written with hostile's strings with the page
// plain gives (the same handout in plain words).
func checkHandout(t *testing.T, sweep bool, prediction string, plain func() ([]byte, error), hostile func(string) string) {
	t.Helper()
	want, err := plain()
	if err != nil {
		t.Fatal(err)
	}
	got, err := handoutHTML(t, sweep, prediction, hostile)
	if tooLong := (*ErrTooLong)(nil); errors.As(err, &tooLong) {
		return // longer text than a sheet holds is refused, not written
	}
	if err != nil {
		t.Fatal(err)
	}
	wantShape, _, err := pagecheck.Shape(want)
	if err != nil {
		t.Fatal(err)
	}
	gotShape, scripts, err := pagecheck.Shape(got)
	if err != nil {
		t.Fatal(err)
	}
	if scripts != 0 {
		t.Errorf("%d script elements, want none", scripts)
	}
	if d := pagecheck.Diff(wantShape, gotShape); d != "" {
		t.Errorf("hostile text changed the page's elements: %s", d)
	}
}

// FuzzHandoutHTML: any text in every string of a run or a sweep, of the lesson and
// of the prediction stays text in the handout (see checkHandout). Run it with
// go test -run '^$' -fuzz FuzzHandoutHTML -fuzztime 60s -fuzzminimizetime 10x ./handout/.
func FuzzHandoutHTML(f *testing.F) {
	for _, s := range []string{"", pagecheck.Hostile, "</p><b>"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	// The plain pages are written once per fuzzing process: they are the same every
	// time. How long one takes sets the limit of an input (pagecheck.Limit).
	plain := map[bool]func() ([]byte, error){}
	var limit time.Duration
	for _, sweep := range []bool{false, true} {
		var page []byte
		var err error
		limit = max(limit, pagecheck.Limit(func() {
			page, err = handoutHTML(f, sweep, "I predict", func(s string) string { return s + "x" })
		}))
		plain[sweep] = func() ([]byte, error) { return page, err }
	}
	f.Fuzz(func(t *testing.T, extra string, sweep bool) {
		defer pagecheck.Within(limit, extra)()
		checkHandout(t, sweep, "I predict", plain[sweep], func(s string) string { return s + "x" + extra })
	})
}
