//go:build !nogui

package ui

import (
	"bytes"
	"errors"
	"fmt"
	"image/png"
	"io"
	"sync"
	"time"

	"localitylab/internal/atomicfile"
	"localitylab/internal/exit"
	"localitylab/lab"
	"localitylab/launch"
)

// autoQuit is -quit-after: once the job in front has run for a while (or has ended),
// capture the window, save what it measured so far, and quit with the status it
// calls for. Demos and the end-to-end test use it to drive the real binary without
// a person. It is the same for every kind of job: each says what it has
// (job.final), and this file decides what is saved and how the app exits.
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
// with no job running still quits) and again when a job starts.
func (q *autoQuit) arm() {
	if q.timer != nil {
		q.timer.Stop()
	}
	q.timer = time.AfterFunc(q.after, func() { q.w.env.doOnMain(q.quit) })
}

func (q *autoQuit) started() { q.arm() }

// ended quits at once: the job has nothing more to show.
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
				err = fmt.Errorf("-screenshot: %w", err)
				fmt.Fprintln(q.stderr, "localitylab:", err)
				code = launch.Status(err)
			}
		}
		t := q.w.front()
		noun, startErr := t.words.noun, q.w.startErr
		wait := t.job.final()
		go func() {
			o := wait()
			if o.save == nil && o.err == nil && startErr != nil {
				o.err = &launch.UsageError{Err: &notStarted{noun, startErr}}
			}
			code = max(code, q.finish(noun, o))
			q.w.env.doOnMain(func() {
				q.w.exitCode, q.w.quitting = code, true
				q.w.app.Quit()
			})
		}()
	})
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

// finish saves what a job of noun's kind measured, when asked, says what went
// wrong, and returns the exit status it calls for by the command line's rule
// (launch.Status): Mismatch when its backings did different work (nothing is
// saved), Usage when it did not start, Failed when there was nothing to save or it
// could not be saved, Worker when a worker failed, OK otherwise.
func (q *autoQuit) finish(noun string, o outcome) int {
	err := q.ending(noun, o)
	if err != nil {
		fmt.Fprintln(q.stderr, "localitylab:", err)
	}
	var mm *lab.MismatchError
	if errors.As(err, &mm) {
		fmt.Fprintf(q.stderr, "localitylab: nothing was saved: a %s whose backings did different work is not a result\n", noun)
	}
	return launch.Status(err)
}

// ending saves what the job measured to -save, if asked and there is something to
// save, and returns how the job ended: o.err, an error of the saving, the workers
// that failed, or nil.
func (q *autoQuit) ending(noun string, o outcome) error {
	switch {
	case o.err != nil:
		return o.err
	case q.save == "":
	case o.save == nil:
		return fmt.Errorf("-save: there was no %s to save (add -run)", noun)
	default:
		if err := o.save(q.save); err != nil {
			return fmt.Errorf("-save: %w", err)
		}
	}
	if o.failed != "" {
		return launch.WorkersFailed{o.failed}
	}
	return nil
}

// notStarted is why -run did not start the job: a mistake in the setup, or a run
// too big for the memory. Like any bad input, it exits with status 2.
type notStarted struct {
	noun string
	err  error
}

func (e *notStarted) Error() string { return "the " + e.noun + " did not start: " + e.err.Error() }
