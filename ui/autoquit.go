package ui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"io"
	"sync"
	"time"

	"localitylab/internal/atomicfile"
	"localitylab/internal/exit"
	"localitylab/lab"
	"localitylab/lab/result"
)

// autoQuit is -quit-after: once the run has run for a while (or has ended), capture
// the window, save the run so far, and quit. Demos and the end-to-end test use it
// to drive the real binary without a person.
type autoQuit struct {
	w          *window
	after      time.Duration
	screenshot string
	save       string
	stderr     io.Writer

	timer *time.Timer
	once  sync.Once
}

// arm starts the clock from now: called when the window opens (so that an app
// with no run still quits) and again when a run starts.
func (q *autoQuit) arm() {
	if q.timer != nil {
		q.timer.Stop()
	}
	q.timer = time.AfterFunc(q.after, func() { q.w.env.doOnMain(q.quit) })
}

func (q *autoQuit) started() { q.arm() }

// ended quits at once: the run has nothing more to show.
func (q *autoQuit) ended() { q.quit() }

// quit captures, stops, saves and quits, once. It runs on the Fyne goroutine; the
// wait for the workers to stop happens on another.
func (q *autoQuit) quit() {
	q.once.Do(func() {
		if q.timer != nil {
			q.timer.Stop()
		}
		code := exit.OK
		if q.screenshot != "" {
			if err := q.capture(); err != nil {
				fmt.Fprintln(q.stderr, "localitylab: -screenshot:", err)
				code = exit.Failed
			}
		}
		if q.w.sweep.active() {
			q.quitSweep(code)
			return
		}
		live := q.w.ctl.live
		shown, invalid := q.w.shown, q.w.invalid
		if live == nil && shown == nil && q.w.startErr != nil {
			invalid = &notStarted{q.w.startErr}
		}
		q.w.ctl.stop()
		quitWhenDone(q, live, shown, invalid, code, q.finish)
	})
}

// quitWhenDone waits in the background for live, if any, to end, then quits with the
// worse of code and the status finish gives its result: live's (stopped by us, what
// it measured is the result so far), or, with no live, shown and err.
func quitWhenDone[T any, L interface {
	comparable
	Done() <-chan struct{}
	Wait() (*T, error)
}](q *autoQuit, live L, shown *T, err error, code int, finish func(*T, error) int) {
	go func() {
		v := shown
		var none L
		if live != none {
			<-live.Done()
			v, err = live.Wait()
			if errors.Is(err, context.Canceled) {
				err = nil
			}
		}
		code = max(code, finish(v, err))
		q.w.env.doOnMain(func() {
			q.w.exitCode, q.w.quitting = code, true
			q.w.app.Quit()
		})
	}()
}

// capture writes the window as it looks now to q.screenshot.
func (q *autoQuit) capture() error {
	img := captureWindow(q.w.win)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	return atomicfile.WriteBytes(q.screenshot, buf.Bytes())
}

// finish saves r, when asked, and returns the exit status the run calls for.
func (q *autoQuit) finish(r *result.Run, err error) int {
	var mm *lab.MismatchError
	if errors.As(err, &mm) {
		fmt.Fprintln(q.stderr, "localitylab:", err)
		fmt.Fprintln(q.stderr, "localitylab: nothing was saved: a run whose backings did different work is not a result")
		return exit.Mismatch
	}
	var ns *notStarted
	if errors.As(err, &ns) {
		fmt.Fprintln(q.stderr, "localitylab:", err)
		return exit.Usage
	}
	if err != nil {
		fmt.Fprintln(q.stderr, "localitylab:", err)
		return exit.Failed
	}
	failed := ""
	if r != nil {
		for _, b := range r.Backings {
			if failed == "" {
				failed = b.Error
			}
		}
	}
	return exitAfterSave(q, r, "run", result.SaveJSON, failed)
}

// exitAfterSave writes v to -save, when asked, and returns the exit status that
// follows, for a run and a sweep alike: Failed when there was no v or it could not be
// saved, Worker when a worker failed (failed is its error, "" when none did), OK
// otherwise. what names what there was to save ("run", "sweep").
func exitAfterSave[T any](q *autoQuit, v *T, what string, save func(string, *T) error, failed string) int {
	switch {
	case q.save == "":
	case v == nil:
		fmt.Fprintf(q.stderr, "localitylab: -save: there was no %s to save (add -run)\n", what)
		return exit.Failed
	default:
		if err := save(q.save, v); err != nil {
			fmt.Fprintln(q.stderr, "localitylab: -save:", err)
			return exit.Failed
		}
	}
	if failed != "" {
		fmt.Fprintln(q.stderr, "localitylab:", failed)
		return exit.Worker
	}
	return exit.OK
}

// notStarted is why -run did not start a run: a mistake in the setup, or a run too
// big for the memory. Like any bad input, it exits with status 2.
type notStarted struct{ err error }

func (e *notStarted) Error() string { return "the run did not start: " + e.err.Error() }
