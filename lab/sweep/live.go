package sweep

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"localitylab/internal/params"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/workloads"
)

// Phase is where a sweep is in its life.
type Phase int

const (
	Running Phase = iota // a point is being measured
	Done                 // every point ran, or was skipped
	Stopped              // Stop or the context ended it; the points done are kept
	Failed               // a point's backings did different work: nothing is a result
)

var phaseNames = [...]string{"running", "done", "stopped", "failed"}

func (p Phase) String() string {
	if p >= 0 && int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "phase(?)"
}

// Ended reports whether the sweep is over.
func (p Phase) Ended() bool { return p != Running }

// Status is a sweep's progress at one moment.
type Status struct {
	Phase   Phase
	Param   string // the parameter swept, and its unit
	Unit    string
	Labels  []string // the names of the values, where the sweep names them (shared: read, never change)
	values  []int64
	Point   int   // index of the point being measured (of Points); Points when none is
	Points  int   // how many values the sweep has
	Value   int64 // the value of the point being measured
	Pass    int   // the pass in progress, from 0: in each, every point runs one fork
	Passes  int   // how many passes the sweep makes
	Run     lab.Status
	Done    []result.Point // the points done so far (shared: read, never change)
	Elapsed time.Duration  // since the sweep started
	Err     error          // what ended the sweep when Phase is Stopped or Failed
}

// ValueName writes value v of the swept parameter as the sweep's tables do
// (result.Sweep.ValueName): "small", "1,000,000".
func (st Status) ValueName(v int64) string {
	s := result.Sweep{Unit: st.Unit, Values: st.values, Labels: st.Labels}
	return s.ValueName(v)
}

// Live is a sweep in progress. Its methods may be called from any goroutine; none
// waits for a point, so a window stays responsive.
type Live struct {
	cfg    Config
	budget time.Duration
	ctx    context.Context
	cancel context.CancelFunc
	sig    lab.Signal

	passes int // forks per point, one per pass

	// Owned by the loop goroutine: per value, its runs so far (one per pass) and why
	// it was skipped, if it was.
	runs    [][]*result.Run
	skipped []string
	tied    []params.Map
	spans   [][]float64 // per value, each backing's address span, read once (lab.Config.Span)

	mu      sync.Mutex // guards everything below
	sw      *result.Sweep
	phase   Phase
	err     error
	point   int
	pass    int
	slots   int // points measured or skipped so far, over the passes
	run     lab.Status
	spent   time.Duration // running frames, over the points so far
	started time.Time
}

// Start checks c and starts the sweep in the background, one point after another.
// Stop, or the end of ctx, ends it after keeping the points done.
func Start(ctx context.Context, c Config) (*Live, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	spec, _ := workloads.Lookup(c.Run.Workload) // Check found it
	q, _ := sweptParam(spec, c.Param)           // Check found it
	n := len(c.Values)
	l := &Live{cfg: c, budget: c.Budget, sig: lab.NewSignal(), passes: c.passes(),
		runs: make([][]*result.Run, n), skipped: make([]string, n), tied: make([]params.Map, n), spans: make([][]float64, n),
		sw: newSweep(&c, q), started: time.Now()}
	if l.budget == 0 {
		l.budget = DefaultBudget
	}
	l.ctx, l.cancel = context.WithCancel(ctx)
	go l.loop()
	return l, nil
}

// Run runs c to the end and returns the sweep, calling progress (if not nil) from
// the calling goroutine whenever something changed, and once more at the end. The
// error is a *lab.MismatchError when a point's backings did different work, the
// context's error when the sweep was stopped (the result then holds the points
// done), and nil otherwise.
func Run(ctx context.Context, c Config, progress func(Status)) (*result.Sweep, error) {
	l, err := Start(ctx, c)
	return lab.Follow(l, err, progress)
}

// Config returns the sweep's configuration as checked.
func (l *Live) Config() Config { return l.cfg }

// Updates is signalled whenever something changed; see lab.Live.Updates.
func (l *Live) Updates() <-chan struct{} { return l.sig.Updates() }

// Done is closed when the sweep has ended and its last point's workers are gone.
func (l *Live) Done() <-chan struct{} { return l.sig.Done() }

// Stop ends the sweep: the point being measured is stopped and dropped, the points
// done are kept.
func (l *Live) Stop() { l.cancel() }

// Wait waits for the end of the sweep and returns it; see Run for the error.
func (l *Live) Wait() (*result.Sweep, error) {
	<-l.sig.Done()
	s := l.Snapshot()
	l.mu.Lock()
	defer l.mu.Unlock()
	return s, l.err
}

// Status returns the sweep's progress now.
func (l *Live) Status() Status {
	l.mu.Lock()
	defer l.mu.Unlock()
	st := Status{Phase: l.phase, Param: l.sw.Param, Unit: l.sw.Unit, Labels: l.sw.Labels, values: l.cfg.Values, Point: l.point, Points: len(l.cfg.Values),
		Pass: l.pass, Passes: l.passes,
		Run: l.run, Done: l.sw.Points[:len(l.sw.Points):len(l.sw.Points)], Elapsed: time.Since(l.started), Err: l.err}
	if l.point < len(l.cfg.Values) {
		st.Value = l.cfg.Values[l.point]
	}
	return st
}

// Snapshot returns the sweep so far: the points done, their crossings and markers.
func (l *Live) Snapshot() *result.Sweep {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.sw.Clone()
	s.DurationNS = int64(time.Since(l.started))
	return s
}

// loop measures the points in passes: in each pass every point runs one fork (a
// fresh set of workers; see result.Fork), the first pass from the smallest value up,
// the next back down, and so on, so that whatever drifts on the machine while the
// sweep runs falls on every point alike and on each end of the sweep in turn, rather
// than on its last points only. A point's figures are those of its forks so far,
// joined (lab.JoinForks); the sweep's crossings, markers and drift are found again
// after each.
func (l *Live) loop() {
	defer l.sig.End()
	defer l.cancel()
	n := len(l.cfg.Values)
	for pass := range l.passes {
		for j := range n {
			i := j
			if pass%2 == 1 {
				i = n - 1 - j
			}
			if l.skipped[i] != "" {
				continue
			}
			v := l.cfg.Values[i]
			l.mu.Lock()
			l.point, l.pass, l.run = i, pass, lab.Status{}
			l.mu.Unlock()
			l.sig.Notify()
			if err := l.ctx.Err(); err != nil {
				l.finish(Stopped, err)
				return
			}
			run, err := l.measure(pass, i, v)
			var mm *lab.MismatchError
			switch {
			case errors.As(err, &mm):
				l.finish(Failed, fmt.Errorf("%s = %d: %w", l.cfg.Param, v, err))
				return
			case err != nil && l.ctx.Err() != nil:
				l.finish(Stopped, l.ctx.Err())
				return
			case err != nil:
				l.finish(Failed, fmt.Errorf("%s = %d: %w", l.cfg.Param, v, err))
				return
			}
			if run != nil {
				l.runs[i] = append(l.runs[i], run)
			}
			l.record(run)
		}
	}
	l.finish(Done, nil)
}

// record puts the points as measured so far into the sweep, in the order of their
// values, with the crossings, markers and drift they show.
func (l *Live) record(run *result.Run) {
	var points []result.Point
	for i, v := range l.cfg.Values {
		switch {
		case l.skipped[i] != "":
			points = append(points, result.Point{Value: v, Tied: l.tied[i], Skipped: l.skipped[i],
				Backings: []result.PointBacking{}, Pairs: []result.Ratio{}})
		case len(l.runs[i]) > 0:
			p := pointOf(lab.JoinForks(l.runs[i]), v)
			p.Tied = l.tied[i]
			for b, span := range l.spans[i] {
				if b < len(p.Backings) {
					p.Backings[b].SpanBytes = span
				}
			}
			points = append(points, p)
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.slots++
	if l.sw.Host.Go == "" && run != nil {
		l.sw.Host = run.Host
	}
	if l.sw.Clock == "" && run != nil {
		l.sw.Clock = result.ClockOf(run)
	}
	if run != nil && run.Timer != nil {
		if l.sw.Timer == nil {
			l.sw.Timer = run.Timer.Clone()
		} else {
			l.sw.Timer.Merge(run.Timer) // the coarsest step any point measured
		}
	}
	l.sw.Points = points
	l.sw.Crossings = FindCrossings(l.sw)
	l.sw.Markers = FindMarkers(l.sw)
	l.sw.Drift = FindDrift(l.sw)
	l.sig.Notify()
}

// finish records how the sweep ended.
func (l *Live) finish(p Phase, err error) {
	l.mu.Lock()
	l.phase, l.err, l.point = p, err, len(l.cfg.Values)
	l.sw.DurationNS = int64(time.Since(l.started))
	lab.EndLoadAverage(l.sw.LoadAverage)
	if p == Stopped {
		l.sw.Stopped = l.stoppedText()
	}
	l.mu.Unlock()
	l.sig.Notify()
}

// stoppedText says how far a stopped sweep got; l.mu is held.
func (l *Live) stoppedText() string {
	n := len(l.cfg.Values)
	if l.pass == 0 {
		return fmt.Sprintf("stopped after %d of %d points", len(l.sw.Points), n)
	}
	done, todo := 0, 0
	for i, runs := range l.runs {
		if l.skipped[i] == "" {
			todo++
			if len(runs) > l.pass {
				done++
			}
		}
	}
	return fmt.Sprintf("stopped in pass %d of %d, after %d of its %d points: the others have one fork fewer", l.pass+1, l.passes, done, todo)
}

// measure runs the point at value v (the i-th) for the pass-th time, one fork, and
// returns the run, or records why the point is skipped: a run that would not fit in
// the available memory is refused by the lab before anything loads, and will be in
// every pass.
func (l *Live) measure(pass, i int, v int64) (*result.Run, error) {
	pc := l.cfg.point(v)
	var tied params.Map
	for name := range l.cfg.tied {
		if tied == nil {
			tied = params.Map{}
		}
		tied[name] = pc.Params[name]
	}
	l.tied[i] = tied
	minRounds, maxRounds := l.cfg.passLength(&pc, pass)
	pc.Span = l.spans[i] == nil // once per point: in the first pass that gets past its first round
	lv, err := startRun(l.ctx, pc)
	var me *lab.MemoryError
	if errors.As(err, &me) {
		l.skipped[i] = me.Error()
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r, err := l.watch(lv, l.allowance(), minRounds, maxRounds)
	if sp := lv.Spans(); sp != nil {
		l.spans[i] = sp
	}
	return r, err
}

// allowance is the share of the budget left for the point being measured: what the
// points before it did not spend, divided among it and those after it, over every
// pass (skipped points take nothing).
func (l *Live) allowance() time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	left := max(l.budget-l.spent, 0)
	slots := l.passes*len(l.cfg.Values) - l.slots
	for _, s := range l.skipped {
		if s != "" {
			slots -= l.passes - 1 // it was counted once when skipped
		}
	}
	return left / time.Duration(max(slots, 1))
}

// startRun starts a point's run; tests replace it to refuse a point for memory.
var startRun = lab.Start

// pollEvery is how often watch looks at a point's rounds when nothing else changed.
const pollEvery = 50 * time.Millisecond

// watch follows a point's run until it has its rounds (at least minRounds measured,
// then until its allowance is spent or it has maxRounds), then ends it after the
// round in progress (Pause, which the scheduler honours between rounds, so that no
// round is cut), and returns what it measured. With Config.Frames set the run goes
// to its end.
func (l *Live) watch(lv *lab.Live, allowance time.Duration, minRounds, maxRounds int) (*result.Run, error) {
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	var running time.Time
	pausing := false
	for {
		select {
		case <-lv.Done():
			r, err := lv.Wait()
			l.account(running)
			return r, err
		case <-lv.Updates():
		case <-tick.C:
		}
		st := lv.Status()
		l.mu.Lock()
		l.run = st
		l.mu.Unlock()
		l.sig.Notify()
		switch {
		case st.Phase == lab.Running && running.IsZero():
			running = time.Now()
		case st.Phase == lab.Paused && pausing:
			r := lv.Snapshot()
			lv.Stop()
			<-lv.Done()
			l.account(running)
			return r, nil
		}
		if pausing || l.cfg.Frames > 0 || running.IsZero() || st.Phase != lab.Running {
			continue
		}
		if n := measuredRounds(lv.Snapshot()); n >= maxRounds || n >= minRounds && time.Since(running) >= allowance {
			lv.Pause()
			pausing = true
		}
	}
}

// account adds the time a point spent running frames to what the budget has spent.
func (l *Live) account(running time.Time) {
	if running.IsZero() {
		return
	}
	l.mu.Lock()
	l.spent += time.Since(running)
	l.mu.Unlock()
}

// measuredRounds counts the rounds of r that hold summarised frames: the blocks of
// its intervals.
func measuredRounds(r *result.Run) int {
	n := 0
	for _, rd := range r.Rounds {
		for f := rd.First; f < rd.First+rd.Frames; f++ {
			if r.Excluded(f) == result.Kept {
				n++
				break
			}
		}
	}
	return n
}
