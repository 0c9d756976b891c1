package ui

import (
	"strings"
	"testing"

	"localitylab/lab"
	"localitylab/presets"
)

func TestLastBackingStays(t *testing.T) {
	h := newHarness(t, small("soa"), "")
	h.w.left.checks[4].SetChecked(false) // soa
	if !h.w.left.checks[4].Checked || len(h.w.setup.Backings) != 1 {
		t.Error("unchecking the only backing left none chosen")
	}
	if !strings.Contains(h.w.status.Text, "at least one") {
		t.Errorf("status %q, want it to ask for at least one backing", h.w.status.Text)
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
	n := len(h.w.info.claims)
	if n == 0 {
		t.Fatal("the lesson has no claims to test with")
	}
	m := h.w.left.checks[1]
	m.SetChecked(false)
	if len(h.w.info.claims) != 0 || len(h.w.setup.Claims) != 0 {
		t.Errorf("%d claims shown without map, want none (they are all about the map)", len(h.w.info.claims))
	}
	m.SetChecked(true)
	if len(h.w.info.claims) != n {
		t.Errorf("%d claims shown with map back, want %d", len(h.w.info.claims), n)
	}
	soa := h.w.left.checks[4]
	soa.SetChecked(false)
	if len(h.w.info.claims) != n-1 {
		t.Errorf("%d claims shown without soa, want %d (the load claim compares with soa)", len(h.w.info.claims), n-1)
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
	if h.w.info.conditions.Visible() {
		t.Errorf("the lesson as written shows %q", h.w.info.conditions.Text)
	}
	h.w.left.form.field("entities").SetText("100000")
	if got := h.w.info.conditions.Text; !h.w.info.conditions.Visible() ||
		!strings.Contains(got, "written for entities = 1,000,000; this setup has entities = 100,000") {
		t.Errorf("conditions line %q (shown %v), want the two sizes", got, h.w.info.conditions.Visible())
	}
	h.w.left.form.field("entities").SetText("1000000")
	if h.w.info.conditions.Visible() {
		t.Errorf("back to the lesson's size, the line still says %q", h.w.info.conditions.Text)
	}
}

// TestCacheSetting: the Caches setting goes into the setup and the run it starts, and
// a setup that names a mode shows it.
func TestCacheSetting(t *testing.T) {
	h := newHarness(t, small("soa"), "")
	if got := h.w.left.cache.Selected; got != cacheWarm {
		t.Fatalf("Caches shows %q at first, want warm", got)
	}
	h.w.left.cache.SetSelected(cacheCold)
	if h.w.setup.Cache != cacheCold || config(h.w.setup, false, env{}).Cache != lab.Cold {
		t.Errorf("setup cache %q, run cache %q; want cold", h.w.setup.Cache, config(h.w.setup, false, env{}).Cache)
	}
	if !strings.Contains(h.w.status.Text, "emptied before every frame") {
		t.Errorf("status %q does not say what cold means", h.w.status.Text)
	}
	h.w.left.cache.SetSelected(cacheWarm)
	if h.w.setup.Cache != "" || config(h.w.setup, false, env{}).Cache != lab.Warm {
		t.Errorf("back to warm: setup cache %q", h.w.setup.Cache)
	}
	s := small("soa")
	s.Cache = cacheCold
	h.w.left.show(s)
	if h.w.left.cache.Selected != cacheCold {
		t.Errorf("a cold setup shows Caches %q", h.w.left.cache.Selected)
	}
}
