// Package lab measures a run: one workload over one to six backings, each backing in a
// worker process of its own, run in short alternating bursts of consecutive frames, so
// that the figures it reports can be trusted: docs/measuring.md states the rules this
// package keeps and why.
//
// The coordinator (Start, Live, Run) lives in the caller's process and never runs
// workload code; a worker (ServeWorker, behind the binary's hidden worker subcommand)
// loads one backing and runs its frames when told to. The two speak the small binary
// protocol in protocol.go over the worker's stdin and stdout, and every exchange
// happens between timed frames, never inside one. What the frames add up to (each
// backing's summary, the ratios between backings) is lab/summary's, which reads a
// result.Run only, so that what puts a run into words need not link this package.
package lab

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"localitylab/lab/result"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// MaxFrames bounds a run's length, so that a typo cannot start an hour-long run or
// reserve gigabytes for samples; a saved run is held to the same bound when read.
const MaxFrames = result.MaxFrames

// DefaultTimeout is how long a worker may stay silent before it is declared hung when
// Config.Timeout is zero. Workers report load progress several times a second and a
// frame of the largest worlds takes well under a second, so a minute of silence means
// something is stuck.
const DefaultTimeout = time.Minute

// CacheMode says what state of the caches each timed frame starts from.
type CacheMode string

// The cache modes; see result.Warm and result.Cold for what each means.
const (
	Warm CacheMode = result.Warm
	Cold CacheMode = result.Cold
)

// ParseCacheMode reads a cache mode's name.
func ParseCacheMode(s string) (CacheMode, error) {
	switch m := CacheMode(s); m {
	case Warm, Cold:
		return m, nil
	}
	return "", fmt.Errorf("%q is not a cache mode (want %s or %s)", s, Warm, Cold)
}

// RoundBudget is roughly how long one round of bursts takes when Config.Burst is 0:
// short enough that the app's charts move several times a second and Pause answers
// within a fifth of a second, long enough that bursts of fast frames have room to
// re-warm (see result.Run.Excluded) and then measure.
const RoundBudget = 200 * time.Millisecond

// Burst bounds when Config.Burst is 0. A burst of four measures two frames in warm
// mode after two that re-warm; sixteen keeps every backing's turn short, so that
// machine noise still falls on all backings alike, and leaves a default run of 200
// frames a dozen rounds or more: blocks enough for a 95% interval.
const (
	minBurst = 4
	maxBurst = 16
)

// DefaultForks and MaxForks are result's: how many sets of fresh workers a run's
// frames are split among when Config.Forks is 0, and the most it may ask for.
const (
	DefaultForks = result.DefaultForks
	MaxForks     = result.MaxForks
)

// lookup finds a workload by name. Tests replace it (in the test binary, which then
// also serves as the worker) to add workloads that exist only for tests.
var lookup = workloads.Lookup

// Config describes a run.
type Config struct {
	Title        string          // preset title, if any
	Workload     string          // "sprites", "bullets", "tiles"
	Params       workload.Params // on top of the workload's defaults, seed included
	Backings     []string        // 1 to workload.MaxPerRun of those the workload offers, no repeats
	Frames       int             // frames per backing, warm-up included, over all forks
	Warmup       int             // first frames kept out of the summary (0 .. Frames-1), split among the forks
	Forks        int             // sets of fresh workers the frames are split among, one after another (see result.Fork); 0 = DefaultForks
	Counters     bool            // hardware counters where perf_event_open allows
	Cache        CacheMode       // Warm (the default, also for "") or Cold
	Pages        PagesMode       // which pages the heaps get; "" is DefaultPages
	Burst        int             // frames per burst; 0 = chosen each round to keep rounds near RoundBudget
	PreviewEvery time.Duration   // ask the first live backing's worker for a workload.Scene this often; 0 = never
	LayoutEvery  time.Duration   // ask the worker of the backing Live.SetLayout chose for its layout this often, and every worker once the frames are done; 0 = never
	Span         bool            // ask every worker once, after the first round of the first fork, for the address span its frames visit (see Live.Spans)
	StartPaused  bool            // load, then wait for Resume or Step
	Worker       []string        // argv that starts a worker; nil = this executable + "worker"
	WorkerEnv    []string        // extra environment for workers (tests)
	Timeout      time.Duration   // a worker silent this long is declared hung; 0 = DefaultTimeout
	Probe        *result.Probe   // the machine's probe the run's record carries (see MachineProbe); nil for none

	cpu  int           // the last CPU the lab may use (see frameCPU), or -1 not to pin; set by Start
	plan []result.Fork // the forks' frames and warm-ups; set by Check
}

// Check validates c and resolves c.Params in place (defaults filled in), so that the
// result file records every parameter. Errors name the field and the allowed range.
// It also makes, and drops, each backing's empty store, which catches the constraints
// that cross parameters (a band too small for the world) before any process starts.
func (c *Config) Check() error {
	spec, err := lookup(c.Workload)
	if err != nil {
		return fmt.Errorf("workload: %w", err)
	}
	if len(c.Backings) < 1 || len(c.Backings) > workload.MaxPerRun {
		return fmt.Errorf("backings: %d given (want 1 to %d of %s)", len(c.Backings),
			workload.MaxPerRun, strings.Join(spec.Backings(), ", "))
	}
	for i, b := range c.Backings {
		if err := spec.CheckBacking(b); err != nil {
			return fmt.Errorf("backings: %w", err)
		}
		if slices.Contains(c.Backings[:i], b) {
			return fmt.Errorf("backings: %q given twice", b)
		}
	}
	p, err := spec.Resolve(c.Params)
	if err != nil {
		return fmt.Errorf("params: %w", err)
	}
	if c.Frames < 1 || c.Frames > MaxFrames {
		return fmt.Errorf("frames: %d is out of range (want 1 to %d)", c.Frames, MaxFrames)
	}
	if c.Warmup < 0 || c.Warmup >= c.Frames {
		return fmt.Errorf("warmup: %d is out of range (want 0 to frames-1 = %d)", c.Warmup, c.Frames-1)
	}
	if c.Forks == 0 {
		c.Forks = DefaultForks
	}
	if c.Forks < 1 || c.Forks > MaxForks {
		return fmt.Errorf("forks: %d is out of range (want 1 to %d, or 0 for %d)", c.Forks, MaxForks, DefaultForks)
	}
	if c.plan, err = result.PlanForks(c.Frames, c.Warmup, c.Forks); err != nil {
		return err
	}
	if c.PreviewEvery < 0 {
		return fmt.Errorf("preview interval: %v is negative (want 0 for never, or more)", c.PreviewEvery)
	}
	if c.LayoutEvery < 0 {
		return fmt.Errorf("layout interval: %v is negative (want 0 for never, or more)", c.LayoutEvery)
	}
	if c.Cache == "" {
		c.Cache = Warm
	}
	if _, err := ParseCacheMode(string(c.Cache)); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	if c.Pages == "" {
		c.Pages = DefaultPages
	}
	if _, err := ParsePagesMode(string(c.Pages)); err != nil {
		return fmt.Errorf("pages: %w", err)
	}
	if c.Burst < 0 || c.Burst > MaxBurst {
		return fmt.Errorf("burst: %d is out of range (want 0 to choose by time, or 1 to %d)", c.Burst, MaxBurst)
	}
	if c.Timeout < 0 {
		return fmt.Errorf("timeout: %v is negative (want 0 for the default of %v, or more)", c.Timeout, DefaultTimeout)
	}
	if c.Worker != nil && len(c.Worker) == 0 {
		return errors.New("worker: empty command (want nil for this executable, or an argv)")
	}
	for _, b := range c.Backings {
		if _, err := spec.NewStore(p, b); err != nil {
			return fmt.Errorf("params: %s: %w", b, err)
		}
	}
	c.Params = p
	return nil
}

// Plan returns how c's frames are split among its forks (Forks, DefaultForks when 0),
// as a run of c lays them end to end: what a chart needs to shade each fork's
// warm-up and mark where the next begins. It is nil when they cannot be split (Check
// says why).
func (c Config) Plan() []result.Fork {
	n := c.Forks
	if n == 0 {
		n = DefaultForks
	}
	plan, err := result.PlanForks(c.Frames, c.Warmup, n)
	if err != nil {
		return nil
	}
	return plan
}

// timeout is the silence after which a worker is declared hung.
func (c *Config) timeout() time.Duration {
	if c.Timeout == 0 {
		return DefaultTimeout
	}
	return c.Timeout
}

// PagesMode says which memory pages the workers' heaps get; see result.PagesSystem,
// PagesHuge and PagesSmall.
type PagesMode string

// The page modes.
const (
	PagesSystem PagesMode = result.PagesSystem
	PagesHuge   PagesMode = result.PagesHuge
	PagesSmall  PagesMode = result.PagesSmall
)

// DefaultPages is the page mode of a run that does not choose one (Config.Pages ""):
// huge pages, because they make reruns agree. Six fresh runs of each mode of a still
// million-sprite world, soa and ptrarray (2-core VM, load 10 to 21, a build running),
// gave ptrarray's p50 17.83–18.00 ms with huge pages (1.0% apart), 18.13–19.60 ms
// with the system's (8.1%) and 17.79–19.07 ms with small ones (7.2%); soa's 17%, 20%
// and 27% apart. Under small pages a heap's data lands in whatever physical pages, and
// so cache sets, the process happens to get; a 2 MiB page also covers 512 times the
// memory in the TLB.
const DefaultPages = PagesHuge

// ParsePagesMode reads a page mode's name.
func ParsePagesMode(s string) (PagesMode, error) {
	switch m := PagesMode(s); m {
	case PagesSystem, PagesHuge, PagesSmall:
		return m, nil
	}
	return "", fmt.Errorf("%q is not a page mode (want %s, %s or %s)", s, PagesSystem, PagesHuge, PagesSmall)
}
