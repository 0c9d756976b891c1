package lab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"localitylab/lab/cpucache"
	"localitylab/lab/perfcount"
	"localitylab/lab/result"
	"localitylab/lab/rtmetrics"
	"localitylab/memlayout"
	"localitylab/workloads/workload"
)

// rssEvery is how often a worker samples its resident set size: between frames, at
// most this often, since reading it costs a system call (and a page-table walk in the
// kernel) that a fast frame would otherwise pay for every time.
const rssEvery = 250 * time.Millisecond

// progressEvery bounds the rate of load-progress messages; they also tell the
// coordinator's watchdog that a long load is alive.
const progressEvery = 50 * time.Millisecond

// testFlushHook, when set (by tests, whose workers run in-process), is called after
// each cold-mode flush, so that a test can see where flushes fall among frames.
var testFlushHook func()

// errStop ends a worker quietly: its input ended, which is how the coordinator says
// stop, also in the middle of a load.
var errStop = errors.New("stop")

// ServeWorker is the worker side of the protocol: it makes the store the coordinator's
// hello asks for, loads it, and runs its frames in the bursts asked for, reading
// commands from in and writing replies to out, until in ends.
//
// It locks itself to one OS thread for its whole life, so that the frame loop always
// runs on the thread the hardware counters and the thread's CPU clock watch. Around
// each frame it reads runtime/metrics, the thread's CPU clock and, when on, the
// counter group; only Store.Frame is inside the timed interval. Before the load it
// sets up what the page mode needs before the heap grows, and after it asks for the
// pages the mode wants and measures which the heap got (settlePages). After the frame, still outside it, it waits for any collection the
// frame started to finish marking, so that the collector's work is charged to this
// backing and never runs beside another backing's frame. Nothing is allocated per
// frame: the messages are encoded into buffers made once and sent when the burst is
// over, and the RSS is sampled between frames a few times a second. What the worker
// allocates for itself is counted before the next frame (flushAllocs).
//
// An error is also sent to the coordinator (as a fail message) before it is returned.
func ServeWorker(in io.Reader, out io.Writer) error {
	// Locked for good: once pinned to a CPU, the thread must not go back to the
	// runtime's pool, so it ends with the goroutine.
	runtime.LockOSThread()
	w := &worker{rd: newReader(in), wr: newBufferedWriter(out), rt: rtmetrics.New(), rss: newRSSReader(), cpu: -1}
	defer w.close()
	err := w.serve()
	if errors.Is(err, errStop) {
		return nil
	}
	if err != nil {
		w.wr.send(msgFail, []byte(err.Error())) // best effort: the coordinator may be gone
	}
	return err
}

// command is a message read while the worker was busy loading.
type command struct {
	t   msgType
	err error
}

// worker is the state of one backing's worker process.
type worker struct {
	rd        *reader
	wr        *writer
	rt        *rtmetrics.Reader
	rss       *rssReader
	store     workload.Store
	group     *perfcount.Group  // nil when counters are off or could not be opened
	flush     *cpucache.Flusher // cold mode: empties the caches before each frame; nil when warm
	fault     fault
	cpu       int // the frame thread's CPU, -1 when not pinned (see pinThread)
	pages     PagesMode
	pagesNote string // what startPages said
	clock     threadClock
	// timer is which clock times the frames and how finely (openTimer), chosen once
	// the thread is pinned; cpuTimed says the thread's CPU clock does.
	timer    result.FrameTimer
	cpuTimed bool
	// clockCost is what the thread clock's own reads add to a frame's CPU time
	// (threadClock.overheadNS), measured once the thread is pinned and taken off.
	clockCost int64

	pending chan command // the command read during the load, if any
	loaded  bool
	frames  int // frames run so far: the number of the next frame

	before, after rtmetrics.Snapshot
	memStats      runtime.MemStats // filled by flushAllocs, for its side effect only
	cb, ca        perfcount.Counts
	sample        result.Sample
	rssAt         time.Time
	rssBytes      uint64
	scene         workload.Scene

	workload, backing string
	layout            memlayout.Layout // reused by every layout the worker sends
	heapPerEntity     float64          // the live heap the load added, per entity

	progressAt  time.Time
	progressErr error
	cancelLoad  context.CancelFunc
	phases      phaseClock

	// lookups is the store as a workload.Lookups, or nil when its frames resolve no
	// handles; measure times it after each frame.
	lookups workload.Lookups
}

func (w *worker) close() {
	if w.group != nil {
		w.group.Close()
	}
	if w.flush != nil {
		w.flush.Close()
	}
	w.rss.close()
}

// serve runs the session: handshake, then commands until the input ends.
func (w *worker) serve() error {
	if err := w.hello(); err != nil {
		return err
	}
	for {
		t, err := w.nextCommand()
		if err == io.EOF {
			return errStop
		}
		if err != nil {
			return err
		}
		switch t {
		case msgLoad:
			err = w.load()
		case msgBurst:
			var first, n int
			if first, n, err = getBurst(w.rd); err == nil {
				err = w.burst(first, n)
			}
		case msgScene:
			err = w.sendScene()
		case msgLayout:
			err = w.sendLayout()
		case msgPin:
			var cpu int
			if cpu, err = getPin(w.rd); err == nil {
				err = w.wr.send(msgPinned, []byte(w.pinTo(cpu)))
			}
		default:
			err = fmt.Errorf("protocol: unexpected %v message", t)
		}
		if err != nil {
			return err
		}
		if t != msgBurst {
			w.flushAllocs() // the worker's own allocations, counted before any frame
		}
	}
}

func (w *worker) nextCommand() (msgType, error) {
	if c := w.pending; c != nil {
		w.pending = nil
		r := <-c
		return r.t, r.err
	}
	return w.rd.next()
}

// pinTo pins the frame thread to cpu (-1: leaves it where it is) and says where it
// runs: "CPU 1", or why it is not pinned.
func (w *worker) pinTo(cpu int) string {
	if cpu < 0 {
		if w.cpu >= 0 {
			return fmt.Sprintf("CPU %d", w.cpu)
		}
		return unpinnedWhy()
	}
	if err := pinThread(cpu); err != nil {
		return fmt.Sprintf("not pinned (CPU %d: %v)", cpu, err)
	}
	w.cpu = cpu
	return fmt.Sprintf("CPU %d", cpu)
}

// hello reads the coordinator's hello, makes the store and answers ready.
func (w *worker) hello() error {
	t, err := w.rd.next()
	if err == io.EOF {
		return errStop
	}
	if err != nil {
		return err
	}
	if t != msgHello {
		return fmt.Errorf("protocol: %v message before hello", t)
	}
	var h helloBody
	if err := getHandshake(w.rd, t, &h); err != nil {
		return err
	}
	if w.fault, err = parseFault(os.Getenv(FaultEnv), h.Backing); err != nil {
		return err
	}
	spec, err := lookup(h.Workload)
	if err != nil {
		return err
	}
	p, err := spec.Resolve(h.Params)
	if err != nil {
		return err
	}
	if w.store, err = spec.NewStore(p, h.Backing); err != nil {
		return err
	}
	w.workload, w.backing = h.Workload, h.Backing
	w.lookups, _ = w.store.(workload.Lookups)
	if _, err := ParsePagesMode(string(h.Pages)); err != nil {
		return fmt.Errorf("protocol: %w", err)
	}
	w.pages, w.pagesNote = h.Pages, startPages(h.Pages)
	ready := readyBody{PID: os.Getpid(), Pinned: w.pinTo(h.CPU)}
	w.timer, w.cpuTimed = openTimer(&w.clock, true)
	if w.cpuTimed {
		w.clockCost = w.clock.overheadNS()
	}
	ready.Timer = &w.timer
	switch h.Cache {
	case Warm:
	case Cold:
		levels, err := cpucache.Levels()
		reason := ""
		if err != nil {
			reason = err.Error()
		}
		if w.flush, err = cpucache.NewFlusher(levels, reason); err != nil {
			return err
		}
		ready.Cache, ready.Flush = w.flush.Note, w.flush.Bytes()
	default:
		return fmt.Errorf("protocol: cache mode %q", h.Cache)
	}
	if h.Counters {
		if g, err := perfcount.Open(); err != nil {
			ready.Note = err.Error()
		} else {
			w.group, ready.Counters, ready.Misses, ready.Note = g, true, g.Misses(), g.MissNote()
			if sc := g.Scope(); sc != "user" {
				ready.Note = strings.TrimPrefix(ready.Note+"; ", "; ") + "counts include " + sc + " time"
			}
		}
	}
	if err := putHandshake(w.wr, msgReady, ready); err != nil {
		return err
	}
	return w.wr.sync()
}

// load builds the world, measuring the time of each of its phases and, after a GC on
// each side, the live heap it added. While it runs, a goroutine waits for the next command, so that
// the end of input (the coordinator stopping the run) cancels the load.
func (w *worker) load() error {
	if w.loaded {
		return errors.New("protocol: second load")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	next := make(chan command, 1)
	go func() {
		t, err := w.rd.next()
		if err != nil {
			cancel()
		}
		next <- command{t, err}
	}()
	w.pending, w.cancelLoad = next, cancel
	if _, err := w.fault.at(faultLoad); err != nil {
		return err
	}

	var rec loadRecord
	runtime.GC()
	w.rt.Read(&w.before)
	rec.HeapBefore = w.before.HeapLive
	w.progressAt = time.Now()
	w.phases.start(w.rt, rec.HeapBefore)
	err := w.store.Load(workload.WithPhases(ctx, w.phases.next), w.progress)
	switch {
	case w.progressErr != nil:
		return w.progressErr
	case ctx.Err() != nil:
		return errStop
	case err != nil:
		return fmt.Errorf("load: %w", err)
	}
	rec.Phases = w.phases.end()
	rec.HeapAfter = w.phases.heapAt
	rec.Entities = int64(w.store.Entities())
	w.heapPerEntity = loadResult(&rec).BytesPerEntity
	rec.Pages = settlePages(w.pages, w.pagesNote)
	rss, _ := w.rss.read()
	rec.RSS = w.ownRSS(rss)
	w.rssAt, w.rssBytes = time.Now(), rec.RSS
	w.loaded = true
	if err := putLoaded(w.wr, &rec); err != nil {
		return err
	}
	return w.wr.sync()
}

// progress is the Store.Load callback: it passes the fraction on, at most every
// progressEvery, and stops the load if the coordinator cannot be told.
func (w *worker) progress(fraction float64) {
	now := time.Now()
	if now.Sub(w.progressAt) < progressEvery || w.progressErr != nil {
		return
	}
	w.progressAt = now
	err := putProgress(w.wr, min(max(fraction, 0), 1))
	if err == nil {
		err = w.wr.sync()
	}
	if err != nil {
		w.progressErr = err
		w.cancelLoad()
	}
}

// burst runs frames first … first+n-1 back to back and then sends their samples, so
// that no frame of the burst but the first starts from a wake-up after a pipe read.
func (w *worker) burst(first, n int) error {
	if !w.loaded {
		return errors.New("protocol: burst before load")
	}
	if first != w.frames {
		return fmt.Errorf("protocol: frame %d asked for, %d is next", first, w.frames)
	}
	s := &w.sample
	if w.cpu >= 0 {
		pinThread(w.cpu) // again: the runtime may have started threads since; it pinned at start
	}
	for f := first; f < first+n; f++ {
		corrupt, err := w.fault.at(f)
		if err != nil {
			return err
		}
		if w.flush != nil {
			w.flush.Flush()
			if testFlushHook != nil {
				testFlushHook()
			}
		}
		w.measure(s)
		s.Frame = f
		if corrupt {
			s.Checksum ^= 1
		}
		w.frames++
		if err := putSample(w.wr, s); err != nil {
			return err
		}
	}
	return w.wr.sync()
}

// measure runs one frame of the store and fills s with what it measured. Only
// Store.Frame is between the two readings of the wall clock, and just outside
// them, where the thread's CPU clock times the frames (cpuTimed), the two readings
// of that clock and of its count of involuntary switches (threadClock), whose own
// cost (clockCost) is taken off the frame's CPU time, its figure; the metrics and counter reads sit outside those, so that their
// deltas cover the frame and as little else as possible (the counters also count the
// clock's four system calls). After the frame it waits for the collector (see
// settleGC); the metrics are read after that wait, so the collector's CPU time for a
// cycle the frame started is in this frame's sample.
// Then, for a store whose frames resolve handles, it times a repeat of the frame's
// lookups on their own (workload.Lookups), outside the frame's interval.
func (w *worker) measure(s *result.Sample) {
	w.rt.Read(&w.before)
	g := w.group
	cerr := error(nil)
	if g != nil {
		cerr = g.Read(&w.cb)
	}
	sw0, c0, sw1, c1 := int64(-1), int64(-1), int64(-1), int64(-1)
	if w.cpuTimed {
		sw0 = w.clock.switches()
		c0 = w.clock.cpuNS()
	}
	t0 := w.clock.wallNS()
	sum := w.store.Frame()
	ns := max(w.clock.wallNS()-t0, 0)
	if w.cpuTimed {
		c1 = w.clock.cpuNS()
		sw1 = w.clock.switches()
	}
	if g != nil && cerr == nil {
		cerr = g.Read(&w.ca)
	}
	t1 := w.clock.wallNS()
	settleGC()
	wait := max(w.clock.wallNS()-t1, 0)
	w.rt.Read(&w.after)
	if w.after.GCCycles != w.before.GCCycles {
		// A cycle ended: its flush of the cached spans may still be on its way
		// (settleGC returns when marking ends, before it), and would land in the
		// next frame. Flushing now waits for it and charges the rest to this frame.
		w.flushAllocs()
		w.rt.Read(&w.after)
	}

	s.NS, s.WallNS, s.Switches, s.Checksum = ns, ns, 0, sum
	s.HasCPU = c0 >= 0 && c1 >= c0
	s.HasSwitches = s.HasCPU && sw0 >= 0 && sw1 >= sw0
	if s.HasCPU {
		s.NS = max(c1-c0-w.clockCost, 0)
	}
	if s.HasSwitches {
		s.Switches = uint64(sw1 - sw0)
	}
	s.GCWaitNS = uint64(wait)
	s.GCCPUNS = w.after.GCCPUNS - w.before.GCCPUNS
	s.Allocs = w.after.Allocs - w.before.Allocs
	s.AllocBytes = w.after.AllocBytes - w.before.AllocBytes
	s.GCCycles = w.after.GCCycles - w.before.GCCycles
	s.GCPauseNS = w.after.GCPauseNS - w.before.GCPauseNS
	s.HeapBytes = w.after.HeapLive
	s.HasCounters = g != nil && cerr == nil
	s.Instructions, s.Cycles, s.MemMisses = 0, 0, 0
	if s.HasCounters {
		s.Instructions = w.ca.Instructions - w.cb.Instructions
		s.Cycles = w.ca.Cycles - w.cb.Cycles
		s.MemMisses = w.ca.MemMisses - w.cb.MemMisses
	}
	if now := time.Now(); now.Sub(w.rssAt) >= rssEvery {
		if rss, err := w.rss.read(); err == nil {
			w.rssBytes = w.ownRSS(rss)
		}
		w.rssAt = now
	}
	s.RSSBytes = w.rssBytes
	s.Lookups, s.LookupNS = 0, 0
	if w.lookups != nil {
		// Last, after every other reading: the repeat finds the caches as the
		// frame's own lookups left them, and only the next frame sees what it read.
		t := w.clock.wallNS()
		n := w.lookups.Lookups()
		s.Lookups, s.LookupNS = uint64(n), uint64(max(w.clock.wallNS()-t, 0))
	}
}

// flushAllocs makes the runtime count every small allocation made so far. The runtime
// counts a P's small allocations only when the span it caches for their size class is
// swapped for a fresh one, or when the caches are flushed (at the end of a collection,
// or when a P is destroyed); until then they sit uncounted and land in whatever frame
// triggers the count, which can be a frame that allocates nothing. So the worker flushes
// after each command but a burst: what it allocated for itself (the load and its
// settling, which reads /proc/self/smaps; scenes; layouts; pin messages) is counted
// then, never in a frame. Between the frames of a burst nothing is allocated
// (TestFramePathAllocs), so a frame's count holds only what frames allocated: its own,
// in the documented steps. runtime.ReadMemStats is the only exported call that
// flushes the caches; it stops the world for a few microseconds
// (BenchmarkHarness's worker-flush-part) and allocates nothing, so it is kept off the
// frame path except after a frame that ran a collection (see measure).
func (w *worker) flushAllocs() { runtime.ReadMemStats(&w.memStats) }

// ownRSS is the resident set size without cold mode's flush buffer, which is the
// lab's, not the backing's.
func (w *worker) ownRSS(rss uint64) uint64 {
	if w.flush != nil && rss > w.flush.Bytes() {
		return rss - w.flush.Bytes()
	}
	return rss
}

// settleGC returns once no collection is marking: turning the collector off waits for
// a cycle in progress to finish its marking (runtime/debug.SetGCPercent's documented
// behaviour for a negative value), and the old setting is then restored, which starts
// nothing. When no cycle runs it costs a lock and a few hundred nanoseconds. Sweeping,
// which the runtime does lazily and in the background after marking, is not waited
// for; it is a small share of a cycle.
func settleGC() {
	debug.SetGCPercent(debug.SetGCPercent(-1))
}

// sendScene describes the last frame, for the app's preview.
func (w *worker) sendScene() error {
	if !w.loaded {
		return errors.New("protocol: scene before load")
	}
	w.store.Scene(&w.scene)
	if err := putScene(w.wr, &w.scene); err != nil {
		return err
	}
	return w.wr.sync()
}

// sendLayout describes where the store's data lives, as the last frame left it
// (workload.LayoutReporter), adding what the worker itself measured: the heap the load
// added per entity, and how long the store took to fill the layout. It runs between
// frames, like sendScene, never inside a timed one.
func (w *worker) sendLayout() error {
	if !w.loaded {
		return errors.New("protocol: layout before load")
	}
	l := &w.layout
	l.Reset(w.workload, w.backing, w.frames)
	l.LoadHeap = w.heapPerEntity
	t0 := time.Now()
	if lr, ok := w.store.(workload.LayoutReporter); ok {
		lr.Layout(l)
	} else {
		l.Fact(memlayout.FactEntities, float64(w.store.Entities()), "entities", "")
		l.Unknown(memlayout.FactBytesPerEntity, "bytes", "this store does not report its layout")
		l.Unknown(memlayout.FactMedianGap, "bytes", "this store does not report its layout")
	}
	took := time.Since(t0)
	if l.LoadHeap > 0 {
		l.Fact(memlayout.FactHeapPerEntity, l.LoadHeap, "bytes", "the live heap the load added per entity, measured by the lab around the load")
	}
	l.Fact("layout_time_ns", float64(took.Nanoseconds()), "ns", "the time this layout took to read, between frames")
	if err := putLayout(w.wr, l); err != nil {
		return err
	}
	return w.wr.sync()
}
