package page

import (
	"bytes"
	"strings"
	"testing"

	"localitylab/charts"
	"localitylab/charts/internal/fixture"
	"localitylab/lab/compare"
)

// TestEveryMetricOnThePages: every registered metric has its section, with its
// chart, on a run's page and on a comparison's, in the registry's order.
func TestEveryMetricOnThePages(t *testing.T) {
	o := fixture.Options{Frames: 40, Warmup: 4, Backings: []string{"ptrarray", "map", "rowvec"}, GC: true}
	base, new := fixture.Run(o), fixture.Run(o)
	rep, err := compare.Compare(base, new, "base.json", "new.json", nil)
	if err != nil {
		t.Fatal(err)
	}
	var cmp bytes.Buffer
	if err := WriteCompareHTML(&cmp, base, new, rep, charts.Options{}); err != nil {
		t.Fatal(err)
	}
	for name, page := range map[string]string{"run": writeHTML(t, new, charts.Options{}), "comparison": cmp.String()} {
		at := 0
		for _, m := range charts.Metrics {
			i := strings.Index(page, "<h2>"+m.Title+"</h2>")
			if i < at {
				t.Errorf("the %s page has no section %q after the metric before it", name, m.Title)
				continue
			}
			at = i
			if !strings.Contains(page[i:], `id="`+m.Name+`"`) {
				t.Errorf("the %s page's section %q has no chart %q", name, m.Title, m.Name)
			}
		}
	}
}
