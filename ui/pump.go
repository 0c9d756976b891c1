//go:build !nogui

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

// followed is what a pump follows: a live run or a live sweep (lab.Live, sweep.Live),
// its coalesced update signal, its end, and how to stop it.
type followed interface {
	Updates() <-chan struct{}
	Done() <-chan struct{}
	Stop()
}

// pump is a job's goroutine that turns what it follows into work applied on the Fyne
// goroutine. It never makes the run wait (lab.Live never waits for it), and it hands
// over one update at a time: the next is gathered only once the last was applied,
// so a busy window gets fewer, larger updates rather than a queue.
type pump struct {
	src  followed      // what it follows, kept after its end; nil when nothing is
	quit chan struct{} // closed to stop the goroutine
}

// start stops what the pump followed, if anything, and follows src: at each of its
// signals, gather (on the pump's goroutine, touching no widget) copies what the
// widgets need and returns the func that shows it on the Fyne goroutine. ended is
// true for the last one.
func (p *pump) start(e env, src followed, gather func(ended bool) (show func())) {
	p.stop()
	p.src, p.quit = src, make(chan struct{})
	go follow(e, src, p.quit, gather)
}

// stop stops what the pump follows, if anything, and the goroutine; an update still
// waiting is dropped. The channel returned closes once what was followed has ended
// (its workers stop in the background); it is nil when nothing was followed.
func (p *pump) stop() <-chan struct{} {
	if p.src == nil {
		return nil
	}
	p.src.Stop()
	close(p.quit)
	done := p.src.Done()
	p.src, p.quit = nil, nil
	return done
}

func follow(e env, src followed, quit <-chan struct{}, gather func(ended bool) func()) {
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
