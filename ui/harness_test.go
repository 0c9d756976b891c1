//go:build !nogui

package ui

import (
	"os"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"localitylab/lab"
	"localitylab/lab/labtest"
	"localitylab/presets"
	"localitylab/workloads/workload"
)

// workerEnv makes this test binary a worker: the lab starts it once per backing with
// the variable set, and TestMain serves the lab's protocol instead of running tests.
const workerEnv = "LOCALITYLAB_UI_TEST_WORKER"

func TestMain(m *testing.M) {
	labtest.ServeIfWorker(workerEnv)
	os.Exit(m.Run())
}

// harness is a window on Fyne's test driver whose runs use this binary as their
// worker. Work the pump hands to the Fyne goroutine is queued and run by until, on
// the test's goroutine, so that widgets are only ever touched from one goroutine.
type harness struct {
	t     *testing.T
	w     *window
	queue chan func()
}

// small is a setup that loads and runs in well under a second per backing.
func small(backings ...string) presets.Preset {
	if len(backings) == 0 {
		backings = []string{workload.PtrArray, workload.SoA, workload.SpatialHash}
	}
	return presets.Preset{Schema: presets.Schema, Name: "test", Title: "A small test run", Workload: "sprites",
		Backings: backings, Params: workload.Params{"entities": 5000, "on_screen": 500}, Frames: 30, Warmup: 3}
}

// newHarness opens a window on s. faults, if any, go to the workers' environment
// (see lab.FaultEnv).
func newHarness(t *testing.T, s presets.Preset, faults string) *harness {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, queue: make(chan func(), 64)}
	e := env{worker: []string{exe}, workerEnv: []string{workerEnv + "=1"}, do: func(f func()) { h.queue <- f }}
	if faults != "" {
		e.workerEnv = append(e.workerEnv, lab.FaultEnv+"="+faults)
	}
	a := test.NewTempApp(t)
	h.w = newWindow(a, s, false, e)
	t.Cleanup(h.close)
	return h
}

// close stops every job and waits for its workers.
func (h *harness) close() {
	for _, t := range h.w.tabs {
		if done := t.job.stop(); done != nil {
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				h.t.Errorf("the %s's workers did not stop", t.words.noun)
			}
		}
	}
}

// until runs the queued Fyne work until ok holds, failing the test after a while:
// long enough for a simulated run on a machine busy with other builds, since a
// passing test never waits it out.
func (h *harness) until(what string, ok func() bool) {
	h.t.Helper()
	deadline := time.After(4 * time.Minute)
	for !ok() {
		select {
		case f := <-h.queue:
			f()
		case <-time.After(5 * time.Millisecond):
		case <-deadline:
			h.t.Fatalf("timed out waiting for %s; status line: %q", what, h.w.status.text())
		}
	}
}

// finished waits for the run to end and its last update to be shown.
func (h *harness) finished() {
	h.t.Helper()
	h.until("the run to end", func() bool { return !h.w.runTab().measuring })
}

// key types a plain key on the window, as when nothing has the focus.
func (h *harness) key(name fyne.KeyName) {
	h.w.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: name})
}

// shortcut types a shortcut on the window.
func (h *harness) shortcut(s fyne.Shortcut) {
	h.w.win.Canvas().(fyne.Shortcutable).TypedShortcut(s)
}

// overlayText returns the text of the top overlay (a dialog), or "".
func (h *harness) overlayText() string {
	top := h.w.win.Canvas().Overlays().Top()
	if top == nil {
		return ""
	}
	return textOf(top)
}

// textOf collects the text shown by o and everything in it.
func textOf(o fyne.CanvasObject) string {
	var b strings.Builder
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		switch x := o.(type) {
		case *widget.Label:
			b.WriteString(x.Text + "\n")
			return
		case *canvas.Text:
			b.WriteString(x.Text + "\n")
			return
		case *widget.RichText:
			b.WriteString(x.String() + "\n")
			return
		case *widget.Button:
			b.WriteString(x.Text + "\n")
			return
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
			return
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return b.String()
}

// screens are the windows the layout tests look at: a 1366×768 classroom laptop's and
// a 1920×1080 desktop's (less the window manager's frame), each with normal and large
// text; compact is whether a pane should fold its views into one at a time, which
// only the laptop with large text is short enough for.
var screens = []struct {
	name    string
	size    fyne.Size
	large   bool
	compact bool
}{
	{"1366x768 large", fyne.NewSize(1311, 707), true, true},
	{"1366x768 normal", fyne.NewSize(1311, 707), false, false},
	{"1920x1080 normal", fyne.NewSize(1844, 994), false, false},
	{"1920x1080 large", fyne.NewSize(1844, 994), true, false},
}

// The window names none of its tabs: tests find each by its type.
func (w *window) runTab() *runJob     { return tabJob[*runJob](w) }
func (w *window) sweepTab() *sweepJob { return tabJob[*sweepJob](w) }
func (w *window) classTab() *classJob { return tabJob[*classJob](w) }

func tabJob[J job](w *window) J {
	for _, t := range w.tabs {
		if j, ok := t.job.(J); ok {
			return j
		}
	}
	panic("ui: no such tab")
}
