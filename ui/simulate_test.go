//go:build !nogui

package ui

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"localitylab/charts"
	"localitylab/lab"
	"localitylab/lab/callgrind"
	"localitylab/lab/result"
	"localitylab/launch"
	"localitylab/presets"
	"localitylab/workloads/workload"
)

// TestSimSettingReachesRun: the app's -counters flag sets both ticks, the ticks reach
// the run (its lab config's hardware counters, the job's request to simulate), and a
// run that asked for simulated misses where Valgrind is missing ends with the
// measured figures, a "simulated misses/entity" column that reads n/a, and notes and
// a status line that say why.
func TestSimSettingReachesRun(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // no valgrind here, whatever the machine has
	t.Setenv("VALGRIND", "")
	h := newHarness(t, small(workload.SoA, workload.PtrArray), "")
	var got lab.Config
	h.w.env.start = func(ctx context.Context, c lab.Config) (*lab.Live, error) {
		got = c
		return lab.Start(ctx, c)
	}
	h.w.setup.setCountersFrom(launch.Counters{Set: true, Hardware: false, Simulate: true})
	if h.w.setup.counters || !h.w.setup.simulate || !h.w.setup.simCheck.Checked || h.w.setup.countersCheck.Checked {
		t.Fatalf("-counters sim=false… gave counters %v, simulate %v", h.w.setup.counters, h.w.setup.simulate)
	}
	h.w.refresh()
	if !h.w.runTab().items.simulate.Checked {
		t.Error("the Run menu's Simulated misses is not checked")
	}
	h.w.runTab().items.counters.Action() // the menu switches the hardware counters back on
	if !h.w.runTab().begin(false) {
		t.Fatal("the run did not start")
	}
	if !got.Counters || !h.w.runTab().simAsked {
		t.Errorf("the run's config has counters %v, simulation asked %v; want both", got.Counters, h.w.runTab().simAsked)
	}
	h.finished()
	h.until("the simulation to end", func() bool { return h.w.busy() == nil })
	if h.w.setup.picker.Disabled() {
		t.Error("the setup stays locked after the simulation")
	}
	for _, b := range []string{workload.SoA, workload.PtrArray} {
		if cell := simCell(t, h, b); cell != "n/a (see notes)" {
			t.Errorf("%s: simulated cell %q, want n/a", b, cell)
		}
		if n := noteOf(h, b); !strings.Contains(n, "no simulated misses: valgrind is not installed") {
			t.Errorf("%s: note %q does not say valgrind is missing", b, n)
		}
	}
	if s := h.w.status.text(); !strings.HasPrefix(s, "Done: 30 frames") || !strings.Contains(s, "No simulated misses: valgrind is not installed") {
		t.Errorf("status %q", s)
	}
	if r := h.w.runTab().shown; r == nil || r.Counters.Simulated == nil || r.Backings[0].Summary.P50NS <= 0 {
		t.Errorf("the run shown lost its measured figures or its simulation record: %+v", r)
	}
}

// TestSimulatedRun runs Callgrind on real workers from the app: a small still world
// of soa and ptrarray ends with simulated misses per sprite in the table and the
// notes, ptrarray's first-level misses well above soa's (it chases a pointer to a
// 64-byte object per sprite where soa streams its columns); and Esc during the
// simulation keeps the measured run, without the misses not yet simulated.
func TestSimulatedRun(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: Callgrind runs the frames some 50 times slower")
	}
	if _, err := callgrind.Find(context.Background()); err != nil {
		t.Skipf("skipped, no simulator: %v", err)
	}
	exe := unstrippedUI(t)
	setup := small(workload.SoA, workload.PtrArray)
	setup.Params = workload.Params{"entities": 20_000, "on_screen": 500, "moving_pct": 0}
	setup.Frames, setup.Warmup = 12, 2

	t.Run("ends in the table", func(t *testing.T) {
		h := simHarness(t, setup, exe)
		var lines []string
		h.until("the simulation to end", func() bool {
			if s := h.w.status.text(); strings.Contains(s, "Simulating misses: ") && !slices.Contains(lines, s) {
				lines = append(lines, s)
			}
			return !h.w.runTab().measuring && h.w.busy() == nil
		})
		if !slices.ContainsFunc(lines, func(s string) bool { return strings.Contains(s, "soa (1 of 2)") }) {
			t.Errorf("the status line never showed the simulation's progress: %q", lines)
		}
		per := map[string]float64{}
		for _, b := range h.w.runTab().shown.Backings {
			s := b.Summary
			if !s.HasSim() || s.SimD1MissesPerEntity == nil {
				t.Fatalf("%s: no simulated misses: %s (status %q)", b.Name, s.SimNote, h.w.status.text())
			}
			per[b.Name] = *s.SimD1MissesPerEntity
			if cell := simCell(t, h, b.Name); !strings.HasPrefix(cell, "D1 ") {
				t.Errorf("%s: simulated cell %q", b.Name, cell)
			}
			if n := noteOf(h, b.Name); !strings.Contains(n, "simulated misses per entity (Callgrind) D1 ") {
				t.Errorf("%s: note %q has no simulated misses", b.Name, n)
			}
			t.Logf("%s: %.3f D1 misses/sprite, %.1f bytes/sprite", b.Name, per[b.Name], b.Load.BytesPerEntity)
		}
		if soa := h.w.runTab().shown.Backings[0]; per["soa"] > soa.Load.BytesPerEntity/64*1.3 {
			t.Errorf("soa %.3f D1 misses/sprite, more than its %.1f bytes/sprite over 64-byte lines × 1.3", per["soa"], soa.Load.BytesPerEntity)
		}
		if per["ptrarray"] < 2*per["soa"] {
			t.Errorf("ptrarray %.3f D1 misses/sprite, less than twice soa's %.3f", per["ptrarray"], per["soa"])
		}
		if !strings.Contains(h.w.status.text(), "Simulated misses for soa and ptrarray are in the table") {
			t.Errorf("status %q", h.w.status.text())
		}
		if _, err := h.w.runTab().output(); err != nil {
			t.Errorf("nothing to export after the simulation: %v", err)
		}
	})

	t.Run("Esc keeps the run", func(t *testing.T) {
		h := simHarness(t, setup, exe)
		h.until("the simulator's frames", func() bool { // the line shows the latest progress, not every step
			s := h.w.status.text()
			return h.w.busy() == nil || h.w.runTab().sim.running() && (strings.Contains(s, "/6 frames") || strings.Contains(s, "(2 of 2)"))
		})
		if !h.w.runTab().sim.running() {
			t.Fatalf("the run ended without simulating: %q", h.w.status.text())
		}
		if !h.w.runTab().pane.scene.loading.box.Visible() || !h.w.runTab().buttons.run.Disabled() {
			t.Error("during the simulation the panel is hidden or Run is enabled")
		}
		h.key(fyne.KeyEscape)
		h.until("the simulation to stop", func() bool { return h.w.busy() == nil })
		r := h.w.runTab().shown
		for i, b := range r.Backings {
			if b.Summary.P50NS <= 0 {
				t.Errorf("%s: median %v ns: the measured figures are lost", b.Name, b.Summary.P50NS)
			}
			// The last backing was never simulated to its end; one before it may have been.
			if last := i == len(r.Backings)-1; last && (b.Summary.HasSim() || !strings.Contains(b.Summary.SimNote, "stopped")) {
				t.Errorf("%s: simulated %v, note %q; want no simulated misses and a note that it stopped",
					b.Name, b.Summary.HasSim(), b.Summary.SimNote)
			}
		}
		if rows := h.w.runTab().pane.table.Rows(); len(rows) != 2 {
			t.Errorf("table has %d rows after the stop, want the run's 2", len(rows))
		}
		if s := h.w.status.text(); !strings.Contains(s, "Simulation stopped: the measured figures are kept") {
			t.Errorf("status %q", s)
		}
		if h.w.runTab().pane.scene.loading.box.Visible() || h.w.setup.picker.Disabled() {
			t.Error("after the stop the simulation's panel stays or the setup stays locked")
		}
	})
}

// simHarness opens a window on s whose runs use exe as their worker, with simulated
// misses asked for, and starts the run.
func simHarness(t *testing.T, s presets.Preset, exe string) *harness {
	h := newHarness(t, s, "")
	h.w.env.worker = []string{exe}
	h.w.setup.setSimulate(true)
	if !h.w.runTab().begin(false) {
		t.Fatal("the run did not start")
	}
	return h
}

// unstrippedUI builds this package's test binary with its symbol table: Callgrind
// needs it to find the store's Frame method, and go test runs a stripped one.
func unstrippedUI(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ui.test")
	//lint:ignore SA1019 the test runs on the machine that built it, whose go builds the worker
	out, err := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "test", "-c", "-o", path, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("building the worker: %v\n%s", err, out)
	}
	return path
}

// simCell is the table's simulated-misses cell of a backing.
func simCell(t *testing.T, h *harness, backing string) string {
	t.Helper()
	tab := h.w.runTab().pane.table.table
	at := slices.Index(tab.Columns, charts.SimColumn)
	if at < 0 {
		t.Fatalf("no %q column in %q", charts.SimColumn, tab.Columns)
	}
	for _, r := range tab.Rows {
		if r.Backing == backing {
			return r.Cells[at]
		}
	}
	t.Fatalf("no row for %s", backing)
	return ""
}

// noteOf is what the notes say a run measured for a backing.
func noteOf(h *harness, backing string) string {
	for _, n := range h.w.runTab().pane.lesson.notes {
		if n.backing == backing {
			return n.measured.Text
		}
	}
	return ""
}

// TestQuitAfterSavesSimulation: -quit-after waits for the simulation, as for the run,
// and -save writes the run with its simulation's record (here, why there are no
// simulated misses), not the live run's record without it.
func TestQuitAfterSavesSimulation(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	t.Setenv("VALGRIND", "")
	h := newHarness(t, small(workload.SoA), "")
	save := filepath.Join(t.TempDir(), "run.json")
	var stderr bytes.Buffer
	h.w.auto = &autoQuit{w: h.w, after: time.Minute, save: save, stderr: &stderr}
	h.w.auto.arm()
	h.w.setup.setSimulate(true)
	h.w.runTab().begin(false)
	h.until("the app to quit", func() bool { return h.w.quitting })
	r, err := result.LoadJSON(save)
	if err != nil {
		t.Fatal(err)
	}
	if sim := r.Counters.Simulated; sim == nil || !strings.Contains(sim.Note, "valgrind is not installed") {
		t.Errorf("saved run's simulation record %+v, want the reason there are no simulated misses", sim)
	}
	if r.Backings[0].Frames.Len() != 30 {
		t.Errorf("saved run has %d frames, want the run's 30", r.Backings[0].Frames.Len())
	}
}
