package ui

import (
	"context"
	"sync/atomic"
	"time"

	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/memlayout"
	"localitylab/scenarios/workload"
)

// The pump's pace. Charts take every sample but are redrawn at most chartEvery; the
// table, notes and preview, which summarise the whole run, at most slowEvery. A run
// of fast frames produces thousands of samples a second, and redrawing per sample
// would spend the machine the run is measuring on.
const (
	chartEvery = time.Second / 15
	slowEvery  = time.Second / 4
)

// update is what the pump gathered from a run for the widgets. Everything in it was
// copied out of the run, so the Fyne goroutine can use it while the run goes on.
type update struct {
	status  lab.Status
	samples [][]result.Sample // per backing, the samples since the last update
	snap    *result.Run       // the run so far, summarised; nil between slow refreshes
	scene   *workload.Scene   // the latest preview; nil when there is none new
	layout  *memlayout.Layout // the chosen backing's latest layout; nil when none is chosen or there is none
	final   bool              // the run has ended: snap is the whole run, err what ended it
	err     error             // Wait's error: a *lab.MismatchError, the context's, or nil
}

// controller owns the run in progress: it starts it, forwards the buttons to it, and
// runs the pump, a goroutine that turns the run's coalesced update signals into
// updates applied on the Fyne goroutine. The pump never blocks the run (lab.Live
// never waits for it), and it sends one update at a time: the next is gathered only
// once the last was applied, so a busy window gets fewer, larger updates rather than
// a queue.
type controller struct {
	env   env
	apply func(update) // called on the Fyne goroutine

	following[*lab.Live]
	layoutOf atomic.Int32 // the backing whose layout the pump copies; -1: none
}

// following is the live run or sweep that a controller owns, and the channel that
// stops the pump following it: both controllers start, follow and stop theirs alike.
type following[L interface {
	comparable
	Stop()
}] struct {
	live L
	quit chan struct{} // closed to stop the pump of live
}

// follow makes l the one followed and starts pump on it.
func (f *following[L]) follow(l L, pump func(L, <-chan struct{})) {
	f.live, f.quit = l, make(chan struct{})
	go pump(l, f.quit)
}

// stop cancels what is followed, if anything, and stops its pump; a run's workers end
// in the background, a sweep's points done stay shown.
func (f *following[L]) stop() {
	var none L
	if f.live == none {
		return
	}
	f.live.Stop()
	close(f.quit)
	f.live, f.quit = none, nil
}

// start begins a run of c. It returns the error of a run that cannot start (bad
// configuration, not enough memory) without changing the run in progress, if any.
func (c *controller) start(cfg lab.Config, paused bool) error {
	c.stop()
	cfg.StartPaused = paused
	start := c.env.start
	if start == nil {
		start = lab.Start
	}
	l, err := start(context.Background(), cfg)
	if err != nil {
		return err
	}
	l.SetLayout(int(c.layoutOf.Load()))
	c.follow(l, c.pump)
	return nil
}

// setLayout chooses the backing whose layout the run asks for and the pump copies:
// an index into the run's backings, -1 for none.
func (c *controller) setLayout(i int) {
	c.layoutOf.Store(int32(i))
	if c.live != nil {
		c.live.SetLayout(i)
	}
}

// nextSignal waits for the next update signal of a live run or sweep, or its end
// (done), and says which; ok is false when quit was closed first. Both pumps wake
// on the same three events.
func nextSignal(quit, done, updates <-chan struct{}) (ended, ok bool) {
	select {
	case <-quit:
		return false, false
	case <-done:
		return true, true
	case <-updates:
		return false, true
	}
}

// pump gathers updates from l until it ends (the last update is final) or quit is
// closed.
func (c *controller) pump(l *lab.Live, quit <-chan struct{}) {
	n := len(l.Config().Backings)
	cursors := make([]int, n)
	var lastSlow time.Time
	for {
		ended, ok := nextSignal(quit, l.Done(), l.Updates())
		if !ok {
			return
		}
		now := time.Now()
		u := update{status: l.Status(), samples: make([][]result.Sample, n)}
		for i := range n {
			u.samples[i] = l.Samples(i, cursors[i], nil)
			cursors[i] += len(u.samples[i])
		}
		if ended || now.Sub(lastSlow) >= slowEvery {
			lastSlow = now
			var s workload.Scene
			if l.Scene(&s) {
				u.scene = &s
			}
			if i := int(c.layoutOf.Load()); i >= 0 {
				var lay memlayout.Layout
				if l.Layout(i, &lay) {
					u.layout = &lay
				}
			}
			if ended {
				u.final = true
				u.snap, u.err = l.Wait()
			} else {
				u.snap = l.Snapshot()
			}
		}
		if !c.hand(u, quit) || ended {
			return
		}
		wait := time.NewTimer(chartEvery - time.Since(now))
		select {
		case <-quit:
			wait.Stop()
			return
		case <-wait.C:
		}
	}
}

// hand applies u on the Fyne goroutine and waits until it has been, or until quit.
func (c *controller) hand(u update, quit <-chan struct{}) bool {
	return handOver(c.env, quit, func() { c.apply(u) })
}

// handOver runs apply on the Fyne goroutine and waits until it has run, or until
// quit; an update still waiting when quit is closed (the run was reset or replaced)
// is dropped. It reports whether apply ran.
func handOver(e env, quit <-chan struct{}, apply func()) bool {
	applied := make(chan struct{})
	e.doOnMain(func() {
		select {
		case <-quit:
		default:
			apply()
		}
		close(applied)
	})
	select {
	case <-applied:
		return true
	case <-quit:
		return false
	}
}
