//go:build !nogui

package ui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"localitylab/lab/result"
	"localitylab/presets"
)

// strideSweep is a stride sweep whose soa costs costs[k] ns per sprite at the
// lesson's values, and the stride lesson.
func strideSweep(t *testing.T, costs []float64) (*result.Sweep, presets.Preset) {
	t.Helper()
	p, err := presets.Lookup("stride")
	if err != nil {
		t.Fatal(err)
	}
	s := &result.Sweep{Param: p.Sweep.Param, Values: p.Sweep.Values, Backings: []string{"soa"}}
	for k, v := range p.Sweep.Values {
		c := costs[k]
		s.Points = append(s.Points, result.Point{Value: v, Entities: 1000, Backings: []result.PointBacking{
			{Name: "soa", NSPerEntity: c, NSPerEntityLo: 0.98 * c, NSPerEntityHi: 1.02 * c}}})
	}
	return s, p
}

// TestKneePrediction: a growth claim with a knee asks where the curve bends, not how
// much it grows, and its answer sets the value predicted beside the claim's and the
// measured change from each value to the next; a claim without one still asks for
// the growth.
func TestKneePrediction(t *testing.T) {
	s, p := strideSweep(t, []float64{1, 1.4, 2, 2.8, 3.9, 4.0, 4.1})
	if len(p.Claims) != 1 || !p.Claims[0].HasKnee() {
		t.Fatalf("the stride lesson's claim %+v has no knee", p.Claims)
	}
	if knee, _ := p.Claims[0].KneeOn(s); knee != 16 {
		t.Fatalf("the stride lesson's knee is at %d on this sweep, want 16", knee)
	}
	ask := sweepAsk(p.Claims[0], p.Sweep)
	want := "At which value of stride does it stop rising steeply? (one of 1, 2, 4, 8, 16, 32 or 64)"
	if !strings.Contains(ask, want) || strings.Contains(ask, "how many times") {
		t.Errorf("asks %q, want %q and no growth", ask, want)
	}
	linked, err := presets.Lookup("linked-list")
	if err != nil {
		t.Fatal(err)
	}
	if ask := sweepAsk(linked.Claims[0], linked.Sweep); !strings.Contains(ask, "grows by how many times?") {
		t.Errorf("a growth claim without a knee asks %q", ask)
	}

	steps := "Measured, soa's cost per entity from each value of stride to the next: 1→2 1.40×, 2→4 1.43×, 4→8 1.40×, 8→16 1.39×, 16→32 1.03×, 32→64 1.02×."
	for _, tc := range []struct{ guess, want string }{
		{"8", "You predicted the bend at stride = 8; the claim puts it at stride = 16."},
		{"16", "You predicted the bend at stride = 16, where the claim puts it."},
		{"stride = 16", "You predicted the bend at stride = 16, where the claim puts it."},
		{"12", "You predicted the bend at stride = 12, which the sweep did not measure; the claim puts it at stride = 16."},
		{"late", `You predicted "late"; the claim puts the bend at stride = 16.`},
		{"", "The claim puts the bend at stride = 16."},
	} {
		c := newSweepClaims()
		c.SetClaims(p.Claims, p.Sweep)
		c.rows[0].guess.SetText(tc.guess)
		c.ShowSweep(s)
		got := c.rows[0].answer.Text
		verdict := p.Claims[0].AnswerSweep(s).String()
		if !strings.HasPrefix(got, verdict+" ") || !strings.Contains(got, tc.want+" "+steps) {
			t.Errorf("guess %q: answer %q, want the verdict, then %q and the steps", tc.guess, got, tc.want)
		}
	}
	// A file from a machine of 128-byte lines puts the claim's bend a stride later.
	s.Caches = []result.Cache{{Name: "L1d", Level: 1, Type: "Data", Bytes: 128 << 10, LineBytes: 128}}
	if got, want := p.Claims[0].Reply("16", s), "You predicted the bend at stride = 16; the claim puts it at stride = 32."; !strings.HasPrefix(got, want) {
		t.Errorf("on 128-byte lines: %q, want %q", got, want)
	}
}

// TestSweepTableFits: a sweep of five backings with the collector's columns, a
// column per backing and figure, fits a 1920×1080 window whole with its headers
// stacked (the backing's name over the figure's), where on one line they pushed the
// last backings' GC columns, "fastest" and "rounds" behind a scroll bar.
func TestSweepTableFits(t *testing.T) {
	names := []string{"slotmap", "soa", "ptrarray", "map", "rowvec"}
	s := &result.Sweep{Param: "allocs", Values: []int64{1, 2}, Backings: names}
	for _, v := range s.Values {
		p := result.Point{Value: v, Entities: 100000, Measured: 105}
		for k, n := range names {
			c := []float64{3.79, 4.18, 5.04, 23.5, 6.16}[k]
			b := result.PointBacking{Name: n, NSPerEntity: c, NSPerEntityLo: 0.98 * c, NSPerEntityHi: 1.02 * c, P99WithGCNS: 1e6}
			if n == "ptrarray" || n == "map" {
				b.GCCycles, b.GCCyclesPer1000, b.GCCPUNSPerFrame = 3, 1.8, 14800
			}
			p.Backings = append(p.Backings, b)
		}
		s.Points = append(s.Points, p)
	}
	h := newHarness(t, small(names...), "")
	h.w.win.Resize(fyne.NewSize(1920, 1080*0.92))
	h.w.bringFront(h.w.sweep)
	h.w.sweep.show(s, -1)
	tab := h.w.sweep.table
	if cols := tab.columns(); !slices.Contains(cols, "rowvec GC/frame") {
		t.Fatalf("columns %q, want the collector's per backing", cols)
	}
	if need, have := tab.MinSize().Width, h.w.sweep.view().Size().Width; need > have || have < 1400 {
		t.Errorf("the table needs %v, has %v: its last columns are behind a scroll bar", need, have)
	}
	tab.SetStackedHeaders(false)
	if need, have := tab.MinSize().Width, h.w.sweep.view().Size().Width; need <= have {
		t.Errorf("on one line the headers need %v of %v: the test no longer tells stacked from not", need, have)
	}
}
