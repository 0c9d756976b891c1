package lab

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"localitylab/lab/result"
	"localitylab/lab/summary"
	"localitylab/memlayout"
	"localitylab/workloads/workload"
)

// Phase is where a run is in its life.
type Phase int

const (
	Starting Phase = iota // starting the worker processes
	Loading               // the workers build their worlds, one after another
	Running               // frames are being run
	Paused                // waiting for Resume or Step
	Done                  // every frame ran (or every worker failed: see the backings' errors)
	Stopped               // Stop was called, or the context ended, before the last frame
	Failed                // a checksum mismatch ended the run
)

var phaseNames = [...]string{"starting", "loading", "running", "paused", "done", "stopped", "failed"}

func (p Phase) String() string {
	if p >= 0 && int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "phase(?)"
}

// Ended reports whether the run is over.
func (p Phase) Ended() bool { return p >= Done }

// Status is a run's progress at one moment, for a progress line or the app's controls.
type Status struct {
	Phase    Phase
	Frames   int   // frames per backing in this run, over all its forks
	Done     int   // frames every live backing has run
	Fork     int   // the fork (see result.Fork) being loaded or run, from 0
	Forks    int   // how many the run has
	Err      error // what ended the run when Phase is Failed or Stopped
	Backings []BackingStatus
}

// BackingStatus is one backing's part of a Status.
type BackingStatus struct {
	Name   string
	Load   float64      // fraction of the fork's load done, 0 to 1
	Loaded bool         // loaded in the fork being run
	Frames int          // frames this backing has run
	Err    *WorkerError // set when its worker failed; the other backings carry on
}

// Live is a run in progress. Its methods may be called from any goroutine; none of
// them waits for the workers, so a user interface stays responsive whatever the run
// does.
type Live struct {
	cfg    Config
	spawn  spawnFunc
	ctx    context.Context
	cancel context.CancelFunc
	sig    Signal
	ctl    chan struct{} // capacity 1: pause, resume or step was called

	// Owned by the scheduler goroutine.
	procs    []*proc // nil once a backing's worker failed
	all      []*proc // every worker started, for stopping them (appended and read under mu)
	dog      *watchdog
	cur      [][]result.Sample // per backing, this round's samples (MaxBurst of them)
	ok       []bool            // which backings ran this round
	order    []int             // the order of the round being run
	rng      *rand.Rand        // shuffles the orders, from the seed
	sceneBuf workload.Scene
	sceneAt  time.Time
	layoutAt time.Time        // when the chosen backing's layout was last asked for
	layoutIn memlayout.Layout // the layout being read

	lastRound       time.Duration // how long the last round took
	lastRoundFrames int           // and how many frames it ran
	cpu             int           // the CPU the workers' frame threads are pinned to now; -1: none

	mu         sync.Mutex // guards everything below
	phase      Phase
	err        error
	paused     bool
	steps      int
	framesDone int // frames every live backing has run (whole rounds)
	fork       int // the fork being loaded or run; written by the scheduler only
	rounds     []result.Round
	orders     []int // backs every rounds[k].Order: one slot per backing per frame, made up front
	cacheNote  string
	forkPinned []string           // per fork, where its frame threads ran, in the workers' words
	timer      *result.FrameTimer // which clock timed the frames, the coarsest any worker measured; nil until one is ready
	host       result.Host
	started    time.Time
	load       *result.LoadAverage // as the run started, and as it ended once it has; nil: the system gives none
	counters   result.Counters
	backings   []backingState
	scene      workload.Scene
	hasScene   bool
	layouts    []memlayout.Layout // per backing, the latest layout
	hasLayout  []bool
	layoutOf   int       // the backing whose layout is asked for while frames run; -1: none
	layoutNow  bool      // ask at once, the choice having changed
	spans      []float64 // per backing, its address span in bytes (Config.Span); 0: none reported
	spanTaken  bool      // the scheduler has asked for the spans
}

// backingState is what the coordinator holds for one backing.
type backingState struct {
	name     string
	loadFrac float64         // of the load in the fork being run
	loaded   bool            // in the fork being run
	loads    []result.Load   // per fork; zero for a fork it did not load in
	samples  []result.Sample // capacity Frames, made up front: appending never allocates
	err      *WorkerError
	misses   bool // its worker counts memory misses (counters on, and a miss event opened)

	pinned    string            // where its worker's frame thread runs in the fork being run, in the worker's words
	frameCPUs []result.FrameCPU // per fork, where its frames ran and why; zero until that fork's frames start
	pages     []result.Pages    // per fork, its heap's pages after the load; zero until loaded in that fork
}

// Start checks c, refuses a run that would not fit in the available memory (with a
// *MemoryError), and starts the run in the background: it starts the workers and loads
// them, then runs the frames, unless c.StartPaused. Stop, or the end of ctx, cancels it,
// interrupting a load.
func Start(ctx context.Context, c Config) (*Live, error) {
	return start(ctx, c, spawnProcess)
}

func start(ctx context.Context, c Config, spawn spawnFunc) (*Live, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	if err := checkMemory(c); err != nil {
		return nil, err
	}
	c.Backings = slices.Clone(c.Backings)
	c.cpu = frameCPU()
	l := &Live{cfg: c, spawn: spawn, sig: NewSignal(), ctl: make(chan struct{}, 1),
		paused: c.StartPaused, started: time.Now().UTC().Round(0),
		counters: result.Counters{Enabled: c.Counters}, load: StartLoadAverage()}
	l.ctx, l.cancel = context.WithCancel(ctx)
	l.cpu = c.cpu
	n := len(c.Backings)
	l.procs, l.cur, l.ok = make([]*proc, n), make([][]result.Sample, n), make([]bool, n)
	l.order, l.rng = make([]int, n), newOrderRNG(c.Params[workload.Seed.Name])
	l.rounds, l.orders = make([]result.Round, 0, c.Frames), make([]int, 0, n*c.Frames)
	l.backings, l.forkPinned = make([]backingState, n), make([]string, len(c.plan))
	l.layouts, l.hasLayout, l.spans = make([]memlayout.Layout, n), make([]bool, n), make([]float64, n)
	for i, b := range c.Backings {
		l.backings[i] = backingState{name: b, samples: make([]result.Sample, 0, c.Frames), loads: make([]result.Load, len(c.plan)),
			frameCPUs: make([]result.FrameCPU, len(c.plan)), pages: make([]result.Pages, len(c.plan))}
		l.cur[i] = make([]result.Sample, MaxBurst)
	}
	l.scene.Boxes = make([]workload.Box, 0, workload.MaxSceneBoxes)
	l.sceneBuf.Boxes = make([]workload.Box, 0, workload.MaxSceneBoxes)
	go l.run()
	return l, nil
}

// Run runs c to the end and returns the result, calling progress (if not nil) from
// the calling goroutine whenever something changed, and once more at the end. It is
// what the command line uses; the app uses Start.
func Run(ctx context.Context, c Config, progress func(Status)) (*result.Run, error) {
	l, err := Start(ctx, c)
	return Follow(l, err, progress)
}

// Config returns the run's configuration as checked: parameters resolved, defaults
// filled in. Backing indexes (Samples, result.Sample.Backing) refer to its Backings.
func (l *Live) Config() Config {
	c := l.cfg
	c.Backings = slices.Clone(c.Backings)
	c.Params = c.Params.Clone()
	return c
}

// Pause stops the run after the frame in progress.
func (l *Live) Pause() { l.control(func() { l.paused, l.steps = true, 0 }) }

// Resume runs frames again.
func (l *Live) Resume() { l.control(func() { l.paused, l.steps = false, 0 }) }

// Step runs one more frame of every backing, then pauses. Steps add up.
func (l *Live) Step() { l.control(func() { l.paused, l.steps = true, l.steps+1 }) }

func (l *Live) control(change func()) {
	l.mu.Lock()
	change()
	l.mu.Unlock()
	select {
	case l.ctl <- struct{}{}:
	default:
	}
}

// Stop cancels the run: the workers are told to stop (a load in progress is
// interrupted) and killed if they do not. Wait returns what was measured so far.
func (l *Live) Stop() { l.cancel() }

// Updates is signalled whenever something changed (progress, a frame, a phase, a
// scene). It has room for one signal, and the run never waits for it to be read: a
// slow reader finds one signal for many changes and reads the state that is current.
func (l *Live) Updates() <-chan struct{} { return l.sig.Updates() }

// Done is closed when the run has ended and its workers are gone.
func (l *Live) Done() <-chan struct{} { return l.sig.Done() }

// Wait waits for the end of the run and returns everything measured. The error is a
// *MismatchError when checksums disagreed, the context's error when the run was
// stopped, and nil otherwise: a failed worker ends its backing only, and its error is
// in that Backing.Error (and in Status).
func (l *Live) Wait() (*result.Run, error) {
	<-l.sig.Done()
	r := l.Snapshot()
	l.mu.Lock()
	defer l.mu.Unlock()
	return r, l.err
}

// Status returns the run's progress now.
func (l *Live) Status() Status {
	l.mu.Lock()
	defer l.mu.Unlock()
	st := Status{Phase: l.phase, Frames: l.cfg.Frames, Done: l.framesDone, Fork: l.fork, Forks: len(l.cfg.plan), Err: l.err,
		Backings: make([]BackingStatus, len(l.backings))}
	// Only the fields under mu: a copy of the whole backing would also read the ones
	// the run's goroutine keeps to itself (pinned, set while placing a fork's frames).
	for i := range l.backings {
		b := &l.backings[i]
		st.Backings[i] = BackingStatus{Name: b.name, Load: b.loadFrac, Loaded: b.loaded, Frames: len(b.samples), Err: b.err}
	}
	return st
}

// Samples appends to dst the samples of backing (an index into Config.Backings) from
// frame from on, and returns it: a chart calls it with the number of samples it
// already has, so that each call copies only what is new.
func (l *Live) Samples(backing, from int, dst []result.Sample) []result.Sample {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.backings[backing].samples
	if from < 0 || from >= len(s) {
		return dst
	}
	return append(dst, s[from:]...)
}

// Scene copies the latest preview (from the first backing whose worker is alive) into
// dst, reusing dst.Boxes, and reports whether there was one.
func (l *Live) Scene(dst *workload.Scene) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.hasScene {
		return false
	}
	boxes := append(dst.Boxes[:0], l.scene.Boxes...)
	*dst = l.scene
	dst.Boxes = boxes
	return true
}

// Snapshot returns everything measured so far as a result, with summaries and ratios
// computed; the app calls it to refresh its table and to export.
func (l *Live) Snapshot() *result.Run {
	l.mu.Lock()
	r := &result.Run{Schema: result.Schema, Title: l.cfg.Title, Workload: l.cfg.Workload,
		Params: l.cfg.Params.Clone(), Frames: l.cfg.Frames, Warmup: l.cfg.Warmup,
		Cache: string(l.cfg.Cache), CacheNote: l.cacheNote, Pinned: pinnedText(l.forkPinned), Rounds: cloneRounds(l.rounds),
		Counters: l.counters, Host: l.host, Started: l.started, Timer: l.timer.Clone(), Probe: l.cfg.Probe.Clone(),
		Backings: make([]result.Backing, len(l.backings))}
	if l.load != nil {
		a := *l.load
		if a.End != nil {
			end := *a.End
			a.End = &end
		}
		r.LoadAverage = &a
	}
	if len(l.cfg.plan) > 1 {
		r.Forks = slices.Clone(l.cfg.plan)
	}
	for i, b := range l.backings {
		rb := result.Backing{Name: b.name, Frames: result.NewSeries(b.samples)}
		rb.Load, rb.ForkLoadNS = forkLoads(b.loads)
		rb.SetConditions(slices.Clone(b.frameCPUs), slices.Clone(b.pages))
		if !b.misses {
			rb.Frames.MemMisses = nil // counted nothing: n/a, not zero
		}
		if b.err != nil {
			rb.Error = b.err.Error()
		}
		r.Backings[i] = rb
	}
	l.mu.Unlock()
	summary.Summarize(r)
	return r
}

// forkLoads returns the load a backing's summary shows, that of the fork whose load
// time is the median of those that loaded (the lower of the middle two for an even
// count), and every fork's load time; nil times for a run of one fork.
func forkLoads(loads []result.Load) (result.Load, []int64) {
	if len(loads) == 1 {
		return loads[0], nil
	}
	ns := make([]int64, len(loads))
	var done []int
	for k, ld := range loads {
		ns[k] = ld.NS
		if ld.NS > 0 || ld.Entities > 0 {
			done = append(done, k)
		}
	}
	if len(done) == 0 {
		return result.Load{}, ns
	}
	slices.SortStableFunc(done, func(a, b int) int { return cmp.Compare(ns[a], ns[b]) })
	return loads[done[(len(done)-1)/2]], ns
}

// cloneRounds copies the rounds so far, orders included: the scheduler goes on
// appending to its own.
func cloneRounds(rs []result.Round) []result.Round {
	out := make([]result.Round, len(rs))
	for k, rd := range rs {
		out[k] = result.Round{First: rd.First, Frames: rd.Frames, Order: slices.Clone(rd.Order)}
	}
	return out
}
