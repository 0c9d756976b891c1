//go:build !nogui

package ui

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"localitylab/lab"
	"localitylab/presets"
	"localitylab/workloads/workload"
)

// budgetLesson is a lesson with a frame-budget claim about ptrarray, from 100,000
// sprites.
func budgetLesson() presets.Preset {
	return presets.Preset{Schema: presets.Schema, Title: "T", Workload: "sprites", Backings: []string{"ptrarray", "spatialhash"},
		Params: workload.Params{"entities": 100000, "moving_pct": 0}, Frames: 40, Warmup: 4,
		Claims: []presets.Claim{{Source: "s", Text: "the pan stutters", Metric: "budget", Slower: "ptrarray", Faster: "spatialhash"}}}
}

// linearProbe is a fast stand-in for a run of the search: the p95 grows 20 ns per
// entity, so that the budget is missed from about 833,000. Each run waits for gate
// when it is not nil, so that a test can look at the window while a run measures.
func linearProbe(gate <-chan struct{}, fail int64, calls *atomic.Int32) presets.BudgetMeasure {
	return func(ctx context.Context, _ lab.Config, _ string, n int64) (presets.Probe, []float64, error) {
		calls.Add(1)
		if gate != nil {
			select {
			case <-gate:
			case <-ctx.Done():
				return presets.Probe{}, nil, ctx.Err()
			}
		}
		if fail > 0 && n >= fail {
			return presets.Probe{}, nil, errors.New("worker 1 (ptrarray) exited: signal: killed")
		}
		p95 := 20 * float64(n)
		return presets.Probe{N: n, P50: p95, P95: p95}, []float64{p95}, nil
	}
}

// TestFindBudgetInApp: the button under a budget claim runs the search off the Fyne
// goroutine, shows which size it measures and which run of at most how many, locks
// the run meanwhile, and puts presets' own sentence under the claim at its end.
func TestFindBudgetInApp(t *testing.T) {
	h := newHarness(t, budgetLesson(), "")
	gate := make(chan struct{})
	var calls atomic.Int32
	h.w.env.probe = linearProbe(gate, 0, &calls)
	l := h.w.run.pane.lesson
	row := l.claims[0].find
	if row == nil || row.button.Text != findButtonText || row.button.Disabled() {
		t.Fatalf("the budget claim has no enabled search button: %+v", row)
	}
	test.Tap(row.button)
	h.until("the first run's progress", func() bool { return row.progress.Visible() && strings.Contains(row.progress.Text, "at 100,000") })
	if want := "Measuring ptrarray alone at 100,000 entities: run 1 of at most 8"; !strings.HasPrefix(row.progress.Text, want) {
		t.Errorf("progress %q, want it to start %q", row.progress.Text, want)
	}
	if !h.w.run.busy() || !h.w.run.buttons.run.Disabled() || row.button.Text != findCancelText || row.button.Disabled() {
		t.Errorf("while searching: busy %v, Run disabled %v, button %q (disabled %v); want busy, Run off, the button its Cancel",
			h.w.run.busy(), h.w.run.buttons.run.Disabled(), row.button.Text, row.button.Disabled())
	}
	if !h.w.setup.picker.Disabled() {
		t.Error("the setup is editable while the search measures")
	}
	gate <- struct{}{} // the first run ends; the second shows the first's figure
	h.until("the second run's progress", func() bool { return strings.Contains(row.progress.Text, "run 2 of at most 8") })
	if !strings.Contains(row.progress.Text, "Last: 100,000 entities, p95 2.00 ms, keeps it.") {
		t.Errorf("progress %q, want the first run's figure", row.progress.Text)
	}
	close(gate)
	h.until("the search to end", func() bool { return !h.w.run.finding() })

	var want atomic.Int32
	found, err := presets.FindBudget(context.Background(), lab.Config{Workload: "sprites", Params: workload.Params{"entities": 100000}},
		"ptrarray", presets.BudgetRuns, linearProbe(nil, 0, &want), nil)
	if err != nil || !found.Found() {
		t.Fatalf("the same search outside the app: %+v, %v", found, err)
	}
	if got, w := row.found.Text, found.BudgetText("ptrarray", "entities"); got != w || !row.found.Visible() {
		t.Errorf("answer %q, want presets' sentence %q", got, w)
	}
	if row.progress.Visible() || row.button.Text != findButtonText || row.button.Disabled() || h.w.run.busy() || h.w.setup.picker.Disabled() {
		t.Error("after the search: progress still shown, or the button, the run or the setup not free again")
	}
	if calls.Load() != want.Load() {
		t.Errorf("the app made %d runs, the same search outside it %d", calls.Load(), want.Load())
	}

	// The answer stays while only the entities change, and goes with another moving %.
	l.ShowConditions(workload.Params{"entities": 300000, "moving_pct": 0})
	if !row.found.Visible() {
		t.Error("the answer went with a change of the entities, which the search chooses itself")
	}
	l.ShowConditions(workload.Params{"entities": 100000, "moving_pct": 50})
	if row.found.Visible() {
		t.Error("the answer stayed for another moving %")
	}
}

// TestFindBudgetFails: a worker's failure ends the search with a message naming it,
// in red under the claim and in a dialog, what was measured before it kept.
func TestFindBudgetFails(t *testing.T) {
	h := newHarness(t, budgetLesson(), "")
	var calls atomic.Int32
	h.w.env.probe = linearProbe(nil, 200000, &calls)
	row := h.w.run.pane.lesson.claims[0].find
	test.Tap(row.button)
	h.until("the search to end", func() bool { return !h.w.run.finding() })
	got := row.found.Text
	for _, w := range []string{"The search for ptrarray failed: worker 1 (ptrarray) exited: signal: killed.", "It measured 100,000 entities, p95 2.00 ms, keeps it."} {
		if !strings.Contains(got, w) {
			t.Errorf("answer %q, want %q", got, w)
		}
	}
	if row.found.Importance != widget.DangerImportance || !h.w.status.showsError() {
		t.Error("the failure is not shown as one")
	}
	if !strings.Contains(h.overlayText(), "killed") {
		t.Errorf("dialog %q, want the worker's error", h.overlayText())
	}
	if h.w.run.busy() || row.button.Disabled() {
		t.Error("the job stays busy after a failed search")
	}
}

// TestFindBudgetCancel: the button (its Cancel) and Esc stop the search; the window
// is free again and says what was measured.
func TestFindBudgetCancel(t *testing.T) {
	for _, how := range []string{"button", "Esc"} {
		t.Run(how, func(t *testing.T) {
			h := newHarness(t, budgetLesson(), "")
			gate := make(chan struct{}) // never opened: each run waits for the cancel
			var calls atomic.Int32
			h.w.env.probe = linearProbe(gate, 0, &calls)
			row := h.w.run.pane.lesson.claims[0].find
			test.Tap(row.button)
			h.until("the first run", func() bool { return strings.Contains(row.progress.Text, "run 1") })
			if how == "button" {
				test.Tap(row.button)
			} else {
				h.w.run.cancel()
			}
			h.until("the search to stop", func() bool { return !h.w.run.finding() })
			if got := row.found.Text; !strings.HasPrefix(got, "The search was stopped. Nothing was measured.") {
				t.Errorf("answer %q, want that it stopped having measured nothing", got)
			}
			if calls.Load() != 1 || h.w.run.busy() {
				t.Errorf("%d runs, busy %v: want one run and the job free", calls.Load(), h.w.run.busy())
			}
		})
	}
}
