package lab

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"localitylab/lab/result"
)

// run is the scheduler: the one goroutine that talks to the workers. It starts them,
// loads them one after another (so that no load competes with another for the cores
// and each load time is its own), then runs the frames in rounds. In a round every
// live backing runs the same frames as one burst, one backing after another in an
// order shuffled from the seed; the round's samples are checked against each other
// and recorded when all its bursts are in.
//
// Why bursts: run one frame of each backing in turn, and every frame starts in caches
// that another backing's frame has just filled with its own data, so a backing's
// figure depends on the company it keeps (a still world's spatial hash measured 3×
// slower beside a scan of packed columns than alone). Within a burst each frame finds
// the caches as its own previous frame left them, as under go test -bench, once the
// burst's first half has brought the backing's data back; that half is marked (see
// result.Run.Excluded). Bursts stay short and alternate, so that machine noise still
// falls on all backings alike, and the order changes every round, so that no backing
// always runs first. In cold mode each worker empties the caches before every frame
// instead, and no frame needs marking.
func (l *Live) run() {
	defer l.sig.End()
	defer l.shutdown()
	host := hostInfo()
	l.mu.Lock()
	l.host = host
	l.mu.Unlock()
	context.AfterFunc(l.ctx, l.stopAll)
	for k := range l.cfg.plan {
		if !l.runFork(k) {
			return
		}
	}
	l.finalLayouts()
	l.finish(Done, nil)
}

// runFork runs fork k (see result.Fork): it ends the previous fork's workers, waiting
// until they have exited, so that no two forks' worlds are in memory at once and the
// memory estimate of one set of workers still holds; starts a fresh worker for every
// backing whose worker has not failed; loads them one after another, each timed; and
// runs the fork's frames from the world's frame 0 in rounds. It reports false when
// the run ended (stopped, or failed on a mismatch), having recorded how.
func (l *Live) runFork(k int) bool {
	if k > 0 {
		l.endWorkers()
	}
	l.mu.Lock()
	l.fork = k
	for i := range l.backings {
		l.backings[i].loadFrac, l.backings[i].loaded = 0, false
	}
	l.mu.Unlock()
	l.cpu = chooseCPU(l.cfg.cpu, cpuWindow).CPU // for this fork's loads; placeFrames chooses again for its frames
	l.startWorkers()
	l.setPhase(Loading)
	for i := range l.procs {
		if l.procs[i] != nil {
			l.loadOne(k, i)
		}
		if l.ctx.Err() != nil {
			l.finish(Stopped, l.ctx.Err())
			return false
		}
	}
	l.placeFrames(k)
	fk := l.cfg.plan[k]
	for f := 0; f < fk.Frames; {
		limit, err := l.waitTurn()
		if err != nil {
			l.finish(Stopped, err)
			return false
		}
		if !l.anyAlive() {
			break
		}
		n := min(l.burstLen(), limit, fk.Frames-f)
		start := time.Now()
		if err := l.round(fk.First+f, n); err != nil {
			if l.ctx.Err() != nil {
				l.finish(Stopped, l.ctx.Err())
			} else {
				l.finish(Failed, err)
			}
			return false
		}
		l.lastRound, l.lastRoundFrames = time.Since(start), n
		f += n
		l.maybeSpans()
		l.maybeScene()
		l.maybeLayout()
	}
	return true
}

// burstLen is the length of the next round's bursts: Config.Burst when set, else as
// many frames as fit in RoundBudget at the pace of the last round (which includes
// everything a round costs: frames, cold-mode flushes, waits for the collector, the
// pipes), within minBurst and maxBurst. The first round, with no pace known, is
// minBurst long; it falls in the warm-up of any run of the default length.
func (l *Live) burstLen() int {
	if l.cfg.Burst > 0 {
		return l.cfg.Burst
	}
	if l.lastRoundFrames == 0 || l.lastRound <= 0 {
		return minBurst
	}
	perFrame := l.lastRound / time.Duration(l.lastRoundFrames)
	return max(minBurst, min(maxBurst, int(RoundBudget/max(perFrame, 1))))
}

// startWorkers starts a worker for every backing whose worker has not failed in an
// earlier fork, then shakes hands with each. Once they exist, the end of the context
// closes their stdin, which is how a load is interrupted.
func (l *Live) startWorkers() {
	var started []*proc
	for i, b := range l.cfg.Backings {
		l.procs[i] = nil
		if l.failed(i) {
			continue
		}
		p, err := l.spawn(&l.cfg, b)
		if err != nil {
			l.setError(i, &WorkerError{Backing: b, Reason: "cannot start: " + err.Error()})
			continue
		}
		l.procs[i] = p
		started = append(started, p)
	}
	l.mu.Lock()
	l.all = append(l.all, started...)
	l.mu.Unlock()
	if l.ctx.Err() != nil { // stopped while they started: stopAll may have run before them
		for _, p := range started {
			p.stop()
		}
	}
	l.dog = newWatchdog(l.cfg.timeout(), started)
	for i, p := range l.procs {
		if p == nil {
			continue
		}
		ready, err := p.hello(l.dog, &l.cfg, l.cpu)
		if err != nil {
			l.failUnlessStopped(i, err)
			continue
		}
		l.mu.Lock()
		l.backings[i].misses, l.backings[i].pinned = ready.Misses != "", ready.Pinned
		if l.counters.Misses == "" {
			l.counters.Misses = ready.Misses
		}
		if l.counters.Note == "" {
			l.counters.Note = ready.Note
		}
		if l.cacheNote == "" {
			l.cacheNote = ready.Cache
		}
		if l.forkPinned[l.fork] == "" {
			l.forkPinned[l.fork] = ready.Pinned
		}
		if l.timer == nil {
			l.timer = ready.Timer.Clone()
		} else {
			l.timer.Merge(ready.Timer)
		}
		l.mu.Unlock()
	}
}

// failed reports whether backing i's worker has failed (in this fork or an earlier one).
func (l *Live) failed(i int) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.backings[i].err != nil
}

// stopAll tells every worker to stop and kills those still there after exitGrace.
func (l *Live) stopAll() {
	l.mu.Lock()
	all := slices.Clone(l.all)
	l.mu.Unlock()
	for _, p := range all {
		p.stop()
	}
	time.AfterFunc(exitGrace, func() {
		for _, p := range all {
			select {
			case <-p.exited:
			default:
				p.kill()
			}
		}
	})
}

// loadOne loads backing i in fork k, passing its progress on.
func (l *Live) loadOne(k, i int) {
	b := &l.backings[i]
	var rec loadRecord
	err := l.procs[i].load(l.dog, &rec, func(f float64) {
		l.mu.Lock()
		b.loadFrac = f
		l.mu.Unlock()
		l.sig.Notify()
	})
	if err != nil {
		l.failUnlessStopped(i, err)
		return
	}
	ld := loadResult(&rec)
	l.mu.Lock()
	b.loads[k], b.pages[k], b.loaded, b.loadFrac = ld, rec.Pages, true, 1
	l.mu.Unlock()
	l.sig.Notify()
}

// round runs the run's frames first … first+n-1 on every live backing, one burst
// after another in this round's order, then checks that their checksums agree frame
// by frame before recording any of them, so that a frame of unequal work is never
// charted. The workers count frames from their fork's start (each fork's world starts
// at frame 0); the samples are recorded at the run's frames. It allocates nothing
// unless something fails.
func (l *Live) round(first, n int) error {
	order := l.nextOrder()
	ran := order[:0]
	world := first - l.cfg.plan[l.fork].First
	for _, i := range order {
		l.ok[i] = false
		p := l.procs[i]
		if p == nil {
			continue
		}
		if err := p.burst(l.dog, world, l.cur[i][:n]); err != nil {
			if l.ctx.Err() != nil {
				return l.ctx.Err()
			}
			l.fail(i, err)
			continue
		}
		l.ok[i] = true
		ran = append(ran, i)
	}
	if err := l.checkRound(first, n); err != nil {
		return err
	}
	l.mu.Lock()
	for i, ok := range l.ok {
		if !ok {
			continue
		}
		b := &l.backings[i]
		if len(b.samples)+n > cap(b.samples) {
			panic(fmt.Sprintf("lab: backing %s has more samples than the %d frames of the run", b.name, l.cfg.Frames))
		}
		for k := range n {
			l.cur[i][k].Backing, l.cur[i][k].Frame = i, first+k
		}
		b.samples = append(b.samples, l.cur[i][:n]...)
	}
	// The round's order is kept in a flat array made up front, one slot per backing
	// per frame of the run: at most as many rounds as frames.
	at := len(l.orders)
	l.orders = append(l.orders, ran...)
	l.rounds = append(l.rounds, result.Round{First: first, Frames: n, Order: l.orders[at:len(l.orders):len(l.orders)]})
	l.framesDone = first + n
	l.mu.Unlock()
	l.sig.Notify()
	return nil
}

// checkRound compares every backing's checksums with those of the first backing (in
// Config order) that ran the round, frame by frame, and reports the first frame where
// two differ.
func (l *Live) checkRound(first, n int) error {
	ref := -1
	for i, ok := range l.ok {
		if ok {
			ref = i
			break
		}
	}
	if ref < 0 {
		return nil
	}
	for k := range n {
		want := l.cur[ref][k].Checksum
		for i, ok := range l.ok {
			if ok && i != ref && l.cur[i][k].Checksum != want {
				return &MismatchError{Frame: first - l.cfg.plan[l.fork].First + k, Fork: l.fork, Forks: len(l.cfg.plan),
					A: l.cfg.Backings[ref], B: l.cfg.Backings[i], SumA: want, SumB: l.cur[i][k].Checksum}
			}
		}
	}
	return nil
}

// nextOrder shuffles the backings for the next round. The shuffle is drawn from the
// run's seed, so a rerun with the same seed takes the same turns.
func (l *Live) nextOrder() []int {
	o := l.order
	for i := range o {
		o[i] = i
	}
	l.rng.Shuffle(len(o), func(i, j int) { o[i], o[j] = o[j], o[i] })
	return o
}

// newOrderRNG is the source of the rounds' orders for a run with this seed.
func newOrderRNG(seed int64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), 0x4f52444552)) // "ORDER"
}

// waitTurn returns when the next round may run, with the most frames it may have: any
// number when running, one after Step while paused. It returns the context's error
// when the run is stopped.
func (l *Live) waitTurn() (int, error) {
	for {
		l.mu.Lock()
		switch {
		case l.ctx.Err() != nil:
			l.mu.Unlock()
			return 0, l.ctx.Err()
		case !l.paused || l.steps > 0:
			limit := MaxBurst
			if l.paused {
				l.steps--
				limit = 1
			}
			l.phase = Running
			l.mu.Unlock()
			return limit, nil
		}
		changed := l.phase != Paused
		l.phase = Paused
		l.mu.Unlock()
		if changed {
			l.sig.Notify()
		}
		l.maybeLayout() // a layout asked for while paused
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
		if p != nil {
			l.fetch(i, func(p *proc) error { return p.scene(l.dog, &l.sceneBuf) }, func() {
				l.scene, l.sceneBuf = l.sceneBuf, l.scene
				l.hasScene = true
			})
			return
		}
	}
}

// fetch asks backing i's live worker for what the window shows between frames (a
// scene, a layout), read by ask into the spare copy. When the worker answers, keep
// swaps the copies under the lock and Updates is signalled; when it fails, its backing
// ends, as a failed frame ends it.
func (l *Live) fetch(i int, ask func(*proc) error, keep func()) {
	if err := ask(l.procs[i]); err != nil {
		l.failUnlessStopped(i, err)
		return
	}
	l.mu.Lock()
	keep()
	l.mu.Unlock()
	l.sig.Notify()
}

func (l *Live) anyAlive() bool {
	for _, p := range l.procs {
		if p != nil {
			return true
		}
	}
	return false
}

// failUnlessStopped ends backing i with err unless the run was stopped: then err is
// the stop reaching the worker, not a fault of the backing.
func (l *Live) failUnlessStopped(i int, err error) {
	if l.ctx.Err() == nil {
		l.fail(i, err)
	}
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
	l.sig.Notify()
}

func (l *Live) setPhase(p Phase) {
	l.mu.Lock()
	l.phase = p
	l.mu.Unlock()
	l.sig.Notify()
}

func (l *Live) finish(p Phase, err error) {
	l.mu.Lock()
	l.phase, l.err = p, err
	EndLoadAverage(l.load)
	l.mu.Unlock()
	l.sig.Notify()
}

// shutdown ends every worker still running and the watchdog, and the run's context.
func (l *Live) shutdown() {
	l.endWorkers()
	l.cancel()
}

// endWorkers ends the workers of the fork that ran, in parallel, waits until every one
// has exited, and stops their watchdog.
func (l *Live) endWorkers() {
	var wg sync.WaitGroup
	for i, p := range l.procs {
		if p != nil {
			wg.Go(p.end)
			l.procs[i] = nil
		}
	}
	wg.Wait()
	if l.dog != nil {
		l.dog.stop()
		l.dog = nil
	}
}
