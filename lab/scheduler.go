package lab

import (
	"context"
	"fmt"
	"sync"
	"time"

	"localitylab/lab/result"
)

// run is the scheduler: the one goroutine that talks to the workers. It starts them,
// loads them one after another (so that no load competes with another for the cores
// and each load time is its own), then runs the frames in lockstep: frame k of every
// live backing in Config order, one worker at a time, then frame k+1 (DESIGN.md,
// fairness rule 4).
func (l *Live) run() {
	defer close(l.done)
	defer l.shutdown()
	host := hostInfo()
	l.mu.Lock()
	l.host = host
	l.mu.Unlock()

	l.startWorkers()
	l.setPhase(Loading)
	for i := range l.procs {
		if l.procs[i] != nil {
			l.loadOne(i)
		}
		if l.ctx.Err() != nil {
			l.finish(Stopped, l.ctx.Err())
			return
		}
	}
	for f := 0; f < l.cfg.Frames; f++ {
		if err := l.waitTurn(); err != nil {
			l.finish(Stopped, err)
			return
		}
		if !l.anyAlive() {
			break
		}
		if err := l.frameRound(f); err != nil {
			if l.ctx.Err() != nil {
				l.finish(Stopped, l.ctx.Err())
			} else {
				l.finish(Failed, err)
			}
			return
		}
		l.maybeScene()
	}
	l.finish(Done, nil)
}

// startWorkers starts every worker, then shakes hands with each. Once they exist, the
// end of the context closes their stdin, which is how a load is interrupted.
func (l *Live) startWorkers() {
	for i, b := range l.cfg.Backings {
		p, err := l.spawn(&l.cfg, b)
		if err != nil {
			l.setError(i, &WorkerError{Backing: b, Reason: "cannot start: " + err.Error()})
			continue
		}
		l.procs[i] = p
		l.all = append(l.all, p)
	}
	l.dog = newWatchdog(l.cfg.timeout(), l.all)
	context.AfterFunc(l.ctx, l.stopAll)
	for i, p := range l.procs {
		if p == nil {
			continue
		}
		ready, err := p.hello(l.dog, &l.cfg)
		if err != nil {
			if l.ctx.Err() == nil {
				l.fail(i, err)
			}
			continue
		}
		l.mu.Lock()
		l.backings[i].misses = ready.Misses != ""
		if l.counters.Misses == "" {
			l.counters.Misses = ready.Misses
		}
		if l.counters.Note == "" {
			l.counters.Note = ready.Note
		}
		l.mu.Unlock()
	}
}

// stopAll tells every worker to stop and kills those still there after exitGrace.
func (l *Live) stopAll() {
	for _, p := range l.all {
		p.stop()
	}
	time.AfterFunc(exitGrace, func() {
		for _, p := range l.all {
			select {
			case <-p.exited:
			default:
				p.kill()
			}
		}
	})
}

// loadOne loads backing i, passing its progress on.
func (l *Live) loadOne(i int) {
	b := &l.backings[i]
	var rec loadRecord
	err := l.procs[i].load(l.dog, &rec, func(f float64) {
		l.mu.Lock()
		b.loadFrac = f
		l.mu.Unlock()
		l.notify()
	})
	if err != nil {
		if l.ctx.Err() == nil {
			l.fail(i, err)
		}
		return
	}
	ld := result.Load{NS: rec.NS, Entities: int(rec.Entities), HeapBytes: rec.HeapAfter, RSSBytes: rec.RSS}
	if rec.Entities > 0 && rec.HeapAfter > rec.HeapBefore {
		ld.BytesPerEntity = float64(rec.HeapAfter-rec.HeapBefore) / float64(rec.Entities)
	}
	l.mu.Lock()
	b.load, b.loaded, b.loadFrac = ld, true, 1
	l.mu.Unlock()
	l.notify()
}

// frameRound runs frame f on every live backing in turn and checks that their
// checksums agree before recording any of them, so that a frame of unequal work is
// never charted. It allocates nothing unless something fails.
func (l *Live) frameRound(f int) error {
	ref := -1
	for i, p := range l.procs {
		l.ok[i] = false
		if p == nil {
			continue
		}
		if err := p.frame(l.dog, f, &l.cur[i]); err != nil {
			if l.ctx.Err() != nil {
				return l.ctx.Err()
			}
			l.fail(i, err)
			continue
		}
		l.cur[i].Backing = i
		l.ok[i] = true
		if ref < 0 {
			ref = i
		} else if l.cur[i].Checksum != l.cur[ref].Checksum {
			return &MismatchError{Frame: f, A: l.cfg.Backings[ref], B: l.cfg.Backings[i],
				SumA: l.cur[ref].Checksum, SumB: l.cur[i].Checksum}
		}
	}
	l.mu.Lock()
	for i, ok := range l.ok {
		if ok {
			b := &l.backings[i]
			if len(b.samples) == cap(b.samples) {
				panic(fmt.Sprintf("lab: backing %s has more samples than the %d frames of the run", b.name, l.cfg.Frames))
			}
			b.samples = append(b.samples, l.cur[i])
		}
	}
	l.round = f + 1
	l.mu.Unlock()
	l.notify()
	return nil
}

// waitTurn returns when the next frame may run: at once when running, after Resume or
// Step when paused, or with the context's error when the run is stopped.
func (l *Live) waitTurn() error {
	for {
		l.mu.Lock()
		switch {
		case l.ctx.Err() != nil:
			l.mu.Unlock()
			return l.ctx.Err()
		case !l.paused || l.steps > 0:
			if l.paused {
				l.steps--
			}
			l.phase = Running
			l.mu.Unlock()
			return nil
		}
		changed := l.phase != Paused
		l.phase = Paused
		l.mu.Unlock()
		if changed {
			l.notify()
		}
		select {
		case <-l.ctl:
		case <-l.ctx.Done():
		}
	}
}

// maybeScene asks the first live worker for its scene when the preview is due.
func (l *Live) maybeScene() {
	every := l.cfg.PreviewEvery
	if every <= 0 || time.Since(l.sceneAt) < every {
		return
	}
	l.sceneAt = time.Now()
	for i, p := range l.procs {
		if p == nil {
			continue
		}
		if err := p.scene(l.dog, &l.sceneBuf); err != nil {
			if l.ctx.Err() == nil {
				l.fail(i, err)
			}
			return
		}
		l.mu.Lock()
		l.scene, l.sceneBuf = l.sceneBuf, l.scene
		l.hasScene = true
		l.mu.Unlock()
		l.notify()
		return
	}
}

func (l *Live) anyAlive() bool {
	for _, p := range l.procs {
		if p != nil {
			return true
		}
	}
	return false
}

// fail ends backing i's worker, which failed with err; the other backings carry on.
func (l *Live) fail(i int, err error) {
	we := l.procs[i].failure(err)
	l.procs[i] = nil
	l.setError(i, we)
}

func (l *Live) setError(i int, we *WorkerError) {
	l.mu.Lock()
	l.backings[i].err = we
	l.mu.Unlock()
	l.notify()
}

func (l *Live) setPhase(p Phase) {
	l.mu.Lock()
	l.phase = p
	l.mu.Unlock()
	l.notify()
}

func (l *Live) finish(p Phase, err error) {
	l.mu.Lock()
	l.phase, l.err = p, err
	l.mu.Unlock()
	l.notify()
}

// shutdown ends every worker still running, in parallel, and the watchdog.
func (l *Live) shutdown() {
	var wg sync.WaitGroup
	for _, p := range l.procs {
		if p != nil {
			wg.Go(p.end)
		}
	}
	wg.Wait()
	if l.dog != nil {
		l.dog.stop()
	}
	l.cancel()
}
