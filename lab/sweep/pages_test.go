package sweep

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"

	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/workloads"
)

// TestPagesSweep: a sweep of the page mode runs each point's whole run in its
// value's mode, leaves the workload's parameters alone, and names its values in the
// record; the page mode of the whole run is the points' business, not the sweep's.
func TestPagesSweep(t *testing.T) {
	if why := lab.PagesControl(); why != "" {
		t.Skip(why)
	}
	c := testConfig(t, result.PagesParam, []int64{1, 0}, "ptrarray", "soa")
	c.Run.Pages = lab.PagesHuge // ignored: each point runs in its own mode
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Values, []int64{0, 1}) {
		t.Errorf("values = %v, want 0 (huge) and 1 (small)", c.Values)
	}
	for v, want := range map[int64]lab.PagesMode{0: lab.PagesHuge, 1: lab.PagesSmall, 2: lab.PagesSystem} {
		pc := c.point(v)
		if pc.Pages != want {
			t.Errorf("point %d runs in %q pages, want %q", v, pc.Pages, want)
		}
		if _, set := pc.Params[result.PagesParam]; set || !maps.Equal(pc.Params, c.Run.Params) {
			t.Errorf("point %d: params %v, want the run's %v untouched", v, pc.Params, c.Run.Params)
		}
	}
	spec, err := workloads.Lookup("sprites")
	if err != nil {
		t.Fatal(err)
	}
	q, err := sweptParam(spec, c.Param)
	if err != nil {
		t.Fatal(err)
	}
	s := newSweep(&c, q)
	if !s.Modes || s.Pages != "" || !slices.Equal(s.Labels, []string{"huge", "small"}) {
		t.Errorf("record: modes %v, pages %q, labels %v; want modes, no page mode for the whole sweep, labels huge and small", s.Modes, s.Pages, s.Labels)
	}
	if err := s.Validate(); err != nil {
		t.Errorf("the record of a sweep of pages does not validate: %v", err)
	}
	run, err := Run(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range run.Points {
		want, _ := result.PagesMode(p.Value)
		for _, b := range p.Backings {
			for _, pg := range b.PagesByFork() {
				if pg.Mode != want {
					t.Errorf("%s at %s: its heap's pages record mode %q, want %q", b.Name, run.ValueName(p.Value), pg.Mode, want)
				}
			}
		}
	}
	c = testConfig(t, result.PagesParam, nil, "soa")
	if err := c.Check(); err != nil || !slices.Equal(c.Values, []int64{0, 1}) {
		t.Errorf("default values %v (%v), want huge and small", c.Values, err)
	}
	c = testConfig(t, result.PagesParam, []int64{0, 3}, "soa")
	if err := c.Check(); err == nil || !strings.HasPrefix(err.Error(), "values: pages: 3 is out of range") {
		t.Errorf("a value that is no page mode: %v, want an error naming values", err)
	}
}

// TestPagesValues: the values of a sweep of the page mode are typed and shown as the
// modes' names, and a word that is none is refused by name.
func TestPagesValues(t *testing.T) {
	got, err := ParseValuesOf(result.PagesParam, "huge, small,system")
	if err != nil || !slices.Equal(got, []int64{0, 1, 2}) {
		t.Errorf("ParseValuesOf = %v, %v; want 0, 1, 2", got, err)
	}
	if s := FormatValuesOf(result.PagesParam, []int64{0, 1}); s != "huge, small" {
		t.Errorf("FormatValuesOf = %q, want huge, small", s)
	}
	if _, err := ParseValuesOf(result.PagesParam, "huge,tiny"); err == nil || !strings.Contains(err.Error(), `"tiny" is not a page mode`) {
		t.Errorf("a word that is no mode: %v", err)
	}
	if got, err := ParseValuesOf("entities", "1k,2k"); err != nil || !slices.Equal(got, []int64{1000, 2000}) {
		t.Errorf("another parameter's values: %v, %v", got, err)
	}
	spec, err := workloads.Lookup("sprites")
	if err != nil {
		t.Fatal(err)
	}
	if names := Params(spec); names[len(names)-1] != result.PagesParam || !slices.Contains(names, "entities") {
		t.Errorf("Params = %v, want the workload's then pages", names)
	}
}
