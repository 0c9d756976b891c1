package lab

import (
	"context"
	"errors"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"slices"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/callgrind"
	"localitylab/lab/result"
)

// The frames Simulate runs of each backing: the first SimWarmup fill the simulated
// caches (the load ran uncounted and left them empty) and are not counted; the
// SimFrames after them are. A frame of a still world repeats its accesses exactly, so
// a few frames give the figure; the two warm-up frames cover a first frame that
// differs from the next (moves settling, a lazily built index).
const (
	SimWarmup = 2
	SimFrames = 4
)

// SimStatus is the simulation's progress for one backing: its load (0 to 1), then
// the frames run of Total.
type SimStatus struct {
	Backing      string
	Load         float64
	Done, Total  int
	Index, Count int // which backing of how many
}

// String is the progress as the command line and the app show it: "simulating misses:
// soa (1 of 2) loading 40%", then "simulating misses: soa (1 of 2) 2/6 frames".
func (st SimStatus) String() string {
	head := "simulating misses: " + st.Backing
	if st.Count > 1 {
		head += fmt.Sprintf(" (%d of %d)", st.Index+1, st.Count)
	}
	if st.Load < 1 {
		return fmt.Sprintf("%s loading %3.0f%%", head, 100*st.Load)
	}
	return fmt.Sprintf("%s %d/%d frames", head, st.Done, st.Total)
}

// Simulate counts simulated cache misses for the backings of the finished run r,
// whose configuration was c, and writes them into r: per backing in its summary's
// SimSummary, and how they were counted in r.Counters.Simulated.
//
// Each backing gets a fresh worker started under Valgrind's Callgrind with the cache
// simulator on (package callgrind), its caches shaped like the machine's as the
// system reports them (in a shape Valgrind accepts: callgrind.HostGeometry),
// collecting only inside the store's Frame method: the load and the
// lab's own code run uncounted. The worker loads the same world and runs SimWarmup +
// SimFrames frames, one per burst, so that progress reports each frame; their
// checksums must match the measured run's frames of the same number, or the
// simulation counted different work and says so.
//
// Nothing here fails the run: where Valgrind is missing, the program cannot be
// simulated, or a backing's simulation fails, the notes say why and the figures stay
// absent. It returns early, with what it has, when ctx is cancelled.
func Simulate(ctx context.Context, c Config, r *result.Run, progress func(SimStatus)) {
	sim := &result.Simulated{Warmup: SimWarmup, Frames: SimFrames}
	r.Counters.Simulated = sim
	fail := func(note string) {
		sim.Note = note
		for i := range r.Backings {
			r.Backings[i].Summary.SimNote = note
		}
	}
	if err := c.Check(); err != nil {
		fail(err.Error())
		return
	}
	tool, err := callgrind.Find(ctx)
	if err != nil {
		fail(err.Error())
		return
	}
	sim.Tool = tool.Version + " --tool=callgrind --cache-sim=yes"
	geom, err := callgrind.HostGeometry()
	if err != nil {
		fail("no cache geometry to simulate: " + err.Error())
		return
	}
	sim.D1, sim.LL, sim.SetAside = simCacheOf(geom.D1), simCacheOf(geom.LL), geom.SetAside
	worker := c.Worker
	if worker == nil {
		exe, err := os.Executable()
		if err != nil {
			fail(err.Error())
			return
		}
		worker = []string{exe, "worker"}
	}
	if err := callgrind.CheckSymbols(worker[0]); err != nil {
		fail(err.Error())
		return
	}
	est, _ := Estimate(c)
	for i := range r.Backings {
		b := &r.Backings[i]
		if i < len(est) {
			if err := checkSimMemory(b.Name, est[i]); err != nil {
				b.Summary.SimNote = err.Error()
				continue
			}
		}
		if ctx.Err() != nil {
			b.Summary.SimNote = "simulation stopped before it was done"
			continue
		}
		report := func(st SimStatus) {
			if progress != nil {
				st.Backing, st.Index, st.Count = b.Name, i, len(r.Backings)
				progress(st)
			}
		}
		counts, err := simulateBacking(ctx, &c, b, r.Forks, callgrind.Setup{Tool: tool, Geometry: geom}, worker, report)
		switch {
		case ctx.Err() != nil:
			b.Summary.SimNote = "simulation stopped before it was done"
			continue
		case err != nil:
			b.Summary.SimNote = "simulation failed: " + err.Error()
			continue
		}
		fillSim(&b.Summary.SimSummary, counts, b.Load.Entities)
	}
}

// simCacheOf is a simulated cache as the record keeps it, with what the system
// reported where Valgrind could not simulate that.
func simCacheOf(c callgrind.Cache) result.SimCache {
	out := result.SimCache{Name: c.Name, Bytes: c.Bytes, Ways: c.Ways, Line: c.Line}
	if r := c.Reported; r != nil {
		out.Reported = &result.SimCache{Name: r.Name, Bytes: r.Bytes, Ways: r.Ways, Line: r.Line}
	}
	return out
}

// simOverhead is what Valgrind adds to a worker's memory: its own heap and the
// translated code. A simulated worker of a million sprites in a pointer array peaked
// at 214 MiB resident where its measured worker held 119 MiB, some 95 MiB more.
const simOverhead = 256 << 20

// checkSimMemory refuses to simulate a backing whose worker, estimated at est bytes
// by the run's own estimate, would not fit in the memory available with Valgrind's
// overhead and the run's margin of a quarter; the simulated workers run one at a time.
func checkSimMemory(name string, est int64) error {
	avail, ok := availableMemory()
	need := withMargin(uint64(max(est, 0)) + simOverhead)
	if ok && need > avail {
		return fmt.Errorf("not simulated: %s under Valgrind needs about %s and only %s is available",
			name, units.Bytes(float64(need)), units.Bytes(float64(avail)))
	}
	return nil
}

// simulateBacking runs one backing's frames under the simulator and returns the
// counts of each counted frame.
func simulateBacking(ctx context.Context, c *Config, b *result.Backing, forks []result.Fork, s callgrind.Setup, worker []string, progress func(SimStatus)) ([]callgrind.Counts, error) {
	spec, err := lookup(c.Workload)
	if err != nil {
		return nil, err
	}
	store, err := spec.NewStore(c.Params, b.Name)
	if err != nil {
		return nil, err
	}
	if s.Function, err = frameSymbol(store); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "localitylab-callgrind-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	s.Out = dir + "/callgrind.out"

	// The simulated worker: counters off (there are none to read under Valgrind), warm
	// (a flush would run uncounted and so empty nothing the simulator sees), the
	// system's pages (the simulator sees virtual addresses and no TLB), not pinned.
	sc := *c
	sc.Worker = s.Argv(worker...)
	sc.WorkerEnv = append(slices.Clone(c.WorkerEnv), callgrind.Env()...)
	sc.Counters, sc.Cache, sc.Pages = false, Warm, PagesSystem
	p, err := spawnProcess(&sc, b.Name)
	if err != nil {
		return nil, err
	}
	// Callgrind runs the frames tens of times slower than they run natively.
	wd := newWatchdog(10*c.timeout(), []*proc{p})
	defer wd.stop()
	stop := context.AfterFunc(ctx, p.kill)
	defer stop()
	err = runSimFrames(wd, p, &sc, b, forks, progress)
	if ctx.Err() != nil {
		p.end()
		return nil, errors.New("stopped")
	}
	if err != nil {
		return nil, simError(p.failure(err))
	}
	p.end()
	return readSimCounts(s)
}

// runSimFrames has the simulated worker p load and run its warm-up and counted
// frames, checking each frame's checksum against the measured run's: a frame that
// differs ran other work, and its counts would describe something never measured.
func runSimFrames(wd *watchdog, p *proc, sc *Config, b *result.Backing, forks []result.Fork, progress func(SimStatus)) error {
	total := SimWarmup + SimFrames
	if _, err := p.hello(wd, sc, -1); err != nil {
		return err
	}
	var rec loadRecord
	if err := p.load(wd, &rec, func(f float64) { progress(SimStatus{Load: f, Total: total}) }); err != nil {
		return err
	}
	progress(SimStatus{Load: 1, Total: total})
	sample := make([]result.Sample, 1)
	for f := range total {
		if err := p.burst(wd, f, sample); err != nil {
			return err
		}
		if want, ok := measuredChecksum(b, forks, f); ok && result.FormatChecksum(sample[0].Checksum) != want {
			return fmt.Errorf("frame %d's checksum under the simulator is %s, the measured run's %s: it ran other work",
				f, result.FormatChecksum(sample[0].Checksum), want)
		}
		progress(SimStatus{Load: 1, Done: f + 1, Total: total})
	}
	return nil
}

// readSimCounts reads the counts of the counted frames from the files callgrind
// dumped at s.Out, one per frame; the warm-up frames' files are skipped.
func readSimCounts(s callgrind.Setup) ([]callgrind.Counts, error) {
	total := SimWarmup + SimFrames
	dumps, err := callgrind.Dumps(s.Out)
	if err != nil {
		return nil, err
	}
	if len(dumps) < total {
		return nil, fmt.Errorf("callgrind wrote %d files for %d frames: it did not find %s in the worker", len(dumps), total, s.Function)
	}
	var counts []callgrind.Counts
	for _, d := range dumps[SimWarmup:total] {
		n, err := callgrind.ParseFile(d)
		if err != nil {
			return nil, err
		}
		counts = append(counts, n)
	}
	return counts, nil
}

// measuredChecksum is the checksum of frame f (counted from a fork's frame 0) as the
// measured run recorded it in its first fork that ran that far; false if none did.
func measuredChecksum(b *result.Backing, forks []result.Fork, f int) (string, bool) {
	if len(forks) == 0 {
		forks = []result.Fork{{First: 0, Frames: len(b.Frames.Checksum)}}
	}
	for _, k := range forks {
		if i := k.First + f; f < k.Frames && i < len(b.Frames.Checksum) {
			return b.Frames.Checksum[i], true
		}
	}
	return "", false
}

// frameSymbol is the name of the function a call of store.Frame through the Store
// interface enters: the method of the store's dynamic type.
func frameSymbol(store any) (string, error) {
	m, ok := reflect.TypeOf(store).MethodByName("Frame")
	if !ok {
		return "", fmt.Errorf("%T has no Frame method", store)
	}
	f := runtime.FuncForPC(m.Func.Pointer())
	if f == nil {
		return "", fmt.Errorf("%T.Frame: no symbol", store)
	}
	return f.Name(), nil
}

// simError keeps a failed simulated worker's reason and its own last words, without
// Valgrind's banner lines ("==123== …"), which say nothing about the failure.
func simError(e *WorkerError) error {
	var lines []string
	for _, l := range e.Stderr {
		if !strings.HasPrefix(l, "==") && !strings.HasPrefix(l, "--") && strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	e.Stderr = lines
	return e
}

// fillSim sets s from the counts of the counted frames of a world of entities.
func fillSim(s *result.SimSummary, counts []callgrind.Counts, entities int) {
	var sum callgrind.Counts
	lo, hi := float64(counts[0].D1Misses()), float64(counts[0].D1Misses())
	for _, n := range counts {
		sum = sum.Add(n)
		lo, hi = min(lo, float64(n.D1Misses())), max(hi, float64(n.D1Misses()))
	}
	k := float64(len(counts))
	d1, ll, ir := float64(sum.D1Misses())/k, float64(sum.LLMisses())/k, float64(sum.Ir)/k
	s.SimD1MissesPerFrame, s.SimLLMissesPerFrame, s.SimInstructionsPerFrame = &d1, &ll, &ir
	s.SimD1Range = []float64{lo, hi}
	if entities > 0 {
		d1e, lle := d1/float64(entities), ll/float64(entities)
		s.SimD1MissesPerEntity, s.SimLLMissesPerEntity = &d1e, &lle
	}
	s.SimNote = ""
}
