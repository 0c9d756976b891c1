package ui

import "time"

// The pumps' pace. Charts take every sample but are redrawn at most chartEvery; the
// table, notes and preview, which summarise the whole run, at most slowEvery. A run
// of fast frames produces thousands of samples a second, and redrawing per sample
// would spend the machine the run is measuring on.
const (
	chartEvery = time.Second / 15
	slowEvery  = time.Second / 4
)

// signals are what a pump follows: a live run's or a live sweep's coalesced update
// signal and its end (lab.Live, sweep.Live).
type signals interface {
	Updates() <-chan struct{}
	Done() <-chan struct{}
}

// pump is a job's goroutine that turns what it follows into work applied on the Fyne
// goroutine. It never makes the run wait (lab.Live never waits for it), and it hands
// over one update at a time: the next is gathered only once the last was applied,
// so a busy window gets fewer, larger updates rather than a queue.
type pump struct {
	quit chan struct{} // closed to stop the goroutine; nil when none runs
}

// start stops the goroutine following anything else and follows src: at each of its
// signals, gather (on the pump's goroutine, touching no widget) copies what the
// widgets need and returns the func that shows it on the Fyne goroutine. ended is
// true for the last one.
func (p *pump) start(e env, src signals, gather func(ended bool) (show func())) {
	p.stop()
	p.quit = make(chan struct{})
	go follow(e, src, p.quit, gather)
}

// stop stops the goroutine, if one runs; an update still waiting is dropped.
func (p *pump) stop() {
	if p.quit != nil {
		close(p.quit)
		p.quit = nil
	}
}

func follow(e env, src signals, quit <-chan struct{}, gather func(ended bool) func()) {
	for {
		var ended bool
		select {
		case <-quit:
			return
		case <-src.Done():
			ended = true
		case <-src.Updates():
		}
		began := time.Now()
		if !handOver(e, quit, gather(ended)) || ended {
			return
		}
		wait := time.NewTimer(chartEvery - time.Since(began))
		select {
		case <-quit:
			wait.Stop()
			return
		case <-wait.C:
		}
	}
}

// handOver runs show on the Fyne goroutine and waits until it has run, or until
// quit; an update still waiting when quit is closed (the job was reset or replaced)
// is dropped. It reports whether show ran.
func handOver(e env, quit <-chan struct{}, show func()) bool {
	applied := make(chan struct{})
	e.doOnMain(func() {
		select {
		case <-quit:
		default:
			show()
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
