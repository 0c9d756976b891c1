//go:build !nogui

package ui

import (
	"fmt"
	"strings"
	"testing"

	"localitylab/lab"
	"localitylab/presets"
)

func TestLastBackingStays(t *testing.T) {
	h := newHarness(t, small("soa"), "")
	h.w.setup.checks[4].SetChecked(false) // soa
	if !h.w.setup.checks[4].Checked || len(h.w.setup.preset.Backings) != 1 {
		t.Error("unchecking the only backing left none chosen")
	}
	if !strings.Contains(h.w.status.text(), "at least one") {
		t.Errorf("status %q, want it to ask for at least one backing", h.w.status.text())
	}
}

// TestClaimsFollowBackings checks that unchecking a backing a claim is about hides
// the claim, and checking it again brings the claim back.
func TestClaimsFollowBackings(t *testing.T) {
	p, err := presets.Lookup("maps-vs-slices")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, p, "")
	n := len(h.w.runTab().pane.lesson.claims)
	if n == 0 {
		t.Fatal("the lesson has no claims to test with")
	}
	m := h.w.setup.checks[1]
	m.SetChecked(false)
	if len(h.w.runTab().pane.lesson.claims) != 0 || len(h.w.setup.preset.Claims) != 0 {
		t.Errorf("%d claims shown without map, want none (they are all about the map)", len(h.w.runTab().pane.lesson.claims))
	}
	m.SetChecked(true)
	if len(h.w.runTab().pane.lesson.claims) != n {
		t.Errorf("%d claims shown with map back, want %d", len(h.w.runTab().pane.lesson.claims), n)
	}
	soa := h.w.setup.checks[4]
	soa.SetChecked(false)
	if len(h.w.runTab().pane.lesson.claims) != n-1 {
		t.Errorf("%d claims shown without soa, want %d (the load claim compares with soa)", len(h.w.runTab().pane.lesson.claims), n-1)
	}
}

// TestLessonSaysWhenSizesDiffer checks the line under a lesson whose sizes the
// setup no longer has: the lesson's text still says "one million sprites".
func TestLessonSaysWhenSizesDiffer(t *testing.T) {
	p, err := presets.Lookup("sprites-million")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, p, "")
	if h.w.runTab().pane.lesson.conditions.Visible() {
		t.Errorf("the lesson as written shows %q", h.w.runTab().pane.lesson.conditions.Text)
	}
	h.w.setup.form.field("entities").SetText("100000")
	if got := h.w.runTab().pane.lesson.conditions.Text; !h.w.runTab().pane.lesson.conditions.Visible() ||
		!strings.Contains(got, "written for entities = 1,000,000; this setup has entities = 100,000") {
		t.Errorf("conditions line %q (shown %v), want the two sizes", got, h.w.runTab().pane.lesson.conditions.Visible())
	}
	h.w.setup.form.field("entities").SetText("1000000")
	if h.w.runTab().pane.lesson.conditions.Visible() {
		t.Errorf("back to the lesson's size, the line still says %q", h.w.runTab().pane.lesson.conditions.Text)
	}
}

// TestCacheSetting: the Caches setting goes into the setup and the run it starts, and
// a setup that names a mode shows it.
func TestCacheSetting(t *testing.T) {
	h := newHarness(t, small("soa"), "")
	if got := h.w.setup.cache.Selected; got != cacheWarm {
		t.Fatalf("Caches shows %q at first, want warm", got)
	}
	h.w.setup.cache.SetSelected(cacheCold)
	if h.w.setup.preset.Cache != cacheCold || config(h.w.setup.preset, false, env{}).Cache != lab.Cold {
		t.Errorf("setup cache %q, run cache %q; want cold", h.w.setup.preset.Cache, config(h.w.setup.preset, false, env{}).Cache)
	}
	if !strings.Contains(h.w.status.text(), "emptied before every frame") {
		t.Errorf("status %q does not say what cold means", h.w.status.text())
	}
	h.w.setup.cache.SetSelected(cacheWarm)
	if h.w.setup.preset.Cache != "" || config(h.w.setup.preset, false, env{}).Cache != lab.Warm {
		t.Errorf("back to warm: setup cache %q", h.w.setup.preset.Cache)
	}
	s := small("soa")
	s.Cache = cacheCold
	h.w.setup.show(s)
	if h.w.setup.cache.Selected != cacheCold {
		t.Errorf("a cold setup shows Caches %q", h.w.setup.cache.Selected)
	}
}

// TestPagesSetting: the Pages setting goes into the setup and the run it starts (the
// lab's default left out, as presets leave it), and a setup that names a mode shows
// it.
func TestPagesSetting(t *testing.T) {
	h := newHarness(t, small("soa"), "")
	if got := h.w.setup.pages.Selected; got != string(lab.DefaultPages) {
		t.Fatalf("Pages shows %q at first, want the default %s", got, lab.DefaultPages)
	}
	h.w.setup.pages.SetSelected(string(lab.PagesSmall))
	if h.w.setup.preset.Pages != string(lab.PagesSmall) || config(h.w.setup.preset, false, env{}).Pages != lab.PagesSmall {
		t.Errorf("setup pages %q, run pages %q; want small", h.w.setup.preset.Pages, config(h.w.setup.preset, false, env{}).Pages)
	}
	if !strings.Contains(h.w.status.text(), "4 KiB pages") {
		t.Errorf("status %q does not say what small means", h.w.status.text())
	}
	h.w.setup.pages.SetSelected(string(lab.DefaultPages))
	if h.w.setup.preset.Pages != "" {
		t.Errorf("back to the default: setup pages %q, want it left out", h.w.setup.preset.Pages)
	}
	s := small("soa")
	s.Pages = string(lab.PagesSystem)
	h.w.setup.show(s)
	if h.w.setup.pages.Selected != string(lab.PagesSystem) {
		t.Errorf("a setup of system pages shows Pages %q", h.w.setup.pages.Selected)
	}
}

// TestPresetTitleInFull: a title the picker cuts is shown in full under it; a short
// one, or a setup of one's own, shows nothing more.
func TestPresetTitleInFull(t *testing.T) {
	h := newHarness(t, presets.Default(), "")
	p := h.w.setup
	if !p.fullTitle.Visible() || p.fullTitle.Text != pickerLabel(presets.Default()) {
		t.Errorf("the default lesson's long title: shown %v, %q", p.fullTitle.Visible(), p.fullTitle.Text)
	}
	short, err := presets.Lookup("hot-cold")
	if err != nil {
		t.Fatal(err)
	}
	p.apply(short)
	if p.fullTitle.Visible() {
		t.Errorf("%q is shown again under the picker", short.Title)
	}
	p.apply(presets.Default())
	p.workload.SetSelected("tiles")
	if p.picker.Selected != "" || p.fullTitle.Visible() {
		t.Errorf("a setup of one's own: picker %q, full title shown %v", p.picker.Selected, p.fullTitle.Visible())
	}
}

// TestPickerShowsCourseStep: a built-in lesson says under the picker where it sits in
// the course and how long its run took; a heavy one says so before it is run; a setup
// of one's own says nothing.
func TestPickerShowsCourseStep(t *testing.T) {
	h := newHarness(t, presets.Default(), "")
	p := h.w.setup
	for _, tc := range []struct{ name, want string }{
		{presets.Course()[0].Name, "Step 1 of "},
		{"pointer-chasing", "Step 2 of "},
		{"tiles-rows", "Heavy: "},
		{"lookup-by-id", "After the course; its run took "},
	} {
		l, err := presets.Lookup(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		p.apply(l)
		s, _, _ := presets.StepOf(tc.name)
		if !p.step.Visible() || !strings.Contains(p.step.Text, tc.want) || !strings.Contains(p.step.Text, s.RunText()) {
			t.Errorf("%s: under the picker %v %q, want %q and its run time %s", tc.name, p.step.Visible(), p.step.Text, tc.want, s.RunText())
		}
	}
	p.workload.SetSelected("tiles")
	if p.step.Visible() {
		t.Errorf("a setup of one's own still shows %q", p.step.Text)
	}
}

// TestPickerLabels: the picker numbers the course's lessons in its order and marks
// the lessons a sweep tells, so that a class finds step 3 and knows which tab runs it.
func TestPickerLabels(t *testing.T) {
	for i, s := range presets.Course() {
		b, err := presets.Lookup(s.Name)
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("%d. %s", i+1, b.Title)
		if got := pickerLabel(b); !strings.HasPrefix(got, want) || strings.HasSuffix(got, " (sweep)") != (b.Sweep != nil) {
			t.Errorf("%s: the picker lists %q, want it to start %q and end (sweep) only for a sweep", s.Name, got, want)
		}
	}
	if got := pickerLabel(small()); got != small().Title {
		t.Errorf("a setup of no course's lists %q", got)
	}
}
