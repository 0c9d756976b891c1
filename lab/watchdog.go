package lab

import "time"

// watchdog kills workers that stay silent past the timeout. The scheduler arms a
// worker's deadline before waiting for a reply and disarms it after, two atomic stores,
// so the frame path pays no timer; the watchdog's own goroutine checks the deadlines a
// few times per timeout.
type watchdog struct {
	base    time.Time
	timeout time.Duration
	procs   []*proc
	quit    chan struct{}
}

func newWatchdog(timeout time.Duration, procs []*proc) *watchdog {
	w := &watchdog{base: time.Now(), timeout: timeout, procs: procs, quit: make(chan struct{})}
	go w.watch(min(max(timeout/4, 5*time.Millisecond), 250*time.Millisecond))
	return w
}

// now is monotonic nanoseconds since the watchdog started.
func (w *watchdog) now() int64 { return int64(time.Since(w.base)) }

func (w *watchdog) watch(period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-w.quit:
			return
		case <-t.C:
			now := w.now()
			for _, p := range w.procs {
				if d := p.deadline.Load(); d != 0 && now > d && p.hung.CompareAndSwap(false, true) {
					p.kill()
				}
			}
		}
	}
}

func (w *watchdog) stop() { close(w.quit) }
