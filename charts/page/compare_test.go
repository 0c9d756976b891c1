package page

import (
	"bytes"
	"strings"
	"testing"

	"localitylab/charts"
	"localitylab/charts/internal/fixture"
	"localitylab/lab/compare"
	"localitylab/lab/result"
)

// TestWriteCompareHTMLAllocations: the comparison page follows the run page's rule.
// While neither run allocated in a measured frame, the allocations section says so
// in words and has no chart; one allocation in one measured frame of either run
// brings the chart back, and the sentence goes.
func TestWriteCompareHTMLAllocations(t *testing.T) {
	none := func() *result.Run {
		return fixture.Run(fixture.Options{Frames: 24, Warmup: 4, Backings: []string{"slotmap", "soa"}}) // neither allocates
	}
	one := func() *result.Run {
		r := none()
		r.Backings[1].Frames.Allocs[23] = 1
		return r
	}
	sentence := "Base run: no backing allocated in any measured frame (0 allocations per frame in all 20 frames of each)."
	tests := []struct {
		name       string
		base, new  *result.Run
		want, lack []string
	}{
		{"neither allocated: said, not charted", none(), none(),
			[]string{"<h2>Allocations per frame</h2>", sentence, "New run: no backing allocated"}, []string{`id="allocs"`}},
		{"one allocation in the base run: charted", one(), none(), []string{`id="allocs"`}, []string{"no backing allocated"}},
		{"one allocation in the new run: charted", none(), one(), []string{`id="allocs"`}, []string{"no backing allocated"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := compare.Compare(tt.base, tt.new, "base.json", "new.json", nil)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := WriteCompareHTML(&buf, tt.base, tt.new, rep, charts.Options{}); err != nil {
				t.Fatal(err)
			}
			page := withoutLibrary(buf.String())
			for _, w := range tt.want {
				if !strings.Contains(page, w) {
					t.Errorf("page lacks %q", w)
				}
			}
			for _, w := range tt.lack {
				if strings.Contains(page, w) {
					t.Errorf("page has %q", w)
				}
			}
		})
	}
}
