// Package sweep measures how the backings' costs and ratios change along one workload
// parameter: the same run repeated at each of the parameter's values (entities from a
// thousand to millions, the share of moving sprites, the cold bytes a record
// carries), so that a chart can show each backing's cost per entity as the data
// outgrows each cache level, and where one backing overtakes another.
//
// Each point is a whole run of package lab, under every rule a single run keeps
// (docs/design.md): workers of their own, equal work checked frame by frame, rounds of
// bursts in a shuffled order, intervals over rounds and forks. What the sweep adds is
// the order and the length of the points. A point's forks are measured in passes over
// the points, one fork per point per pass, the passes in alternating directions, so
// that the points interleave in time and a drift of the machine cannot pass for a
// trend along the parameter (the drift between passes is reported). And a point runs
// rounds until it has enough for a 95% interval and then until its share of the time
// budget is spent (or it has MaxRounds), so that a sweep whose small points take
// microseconds a frame gives its time to the large ones.
package sweep

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// DefaultBudget is the time a sweep spends running frames, over all its points, when
// Config.Budget is 0. Loads and worker start-ups come on top: the default entities
// sweep of three sprites backings (ten points up to a million) measured … in all.
const DefaultBudget = 100 * time.Second

// A point's rounds. The first round is warm-up; MinRounds after it are the fewest
// that give a ratio's 95% interval (six, see summary.Summarize) with some to spare,
// and a point runs them whatever the budget says; it stops at MaxRounds even when its
// share of the budget is not spent, since by then more rounds narrow the interval
// little and the time serves the larger points better.
const (
	MinRounds = 8
	MaxRounds = 100
)

// maxBurst is the longest burst the lab chooses (lab.Config.Burst 0), which bounds a
// point's frames: the warm-up round and MaxRounds of the longest bursts.
const maxBurst = 16

// Config describes a sweep.
type Config struct {
	// Run is the run made at every point: workload, backings, parameters (the swept
	// one's value is replaced at each point), counters, cache mode, page mode, burst,
	// timeout. Its Frames and Warmup are ignored: see Frames; and its Pages, when the
	// sweep varies the page mode (Param result.PagesParam).
	Run    lab.Config
	Param  string  // the parameter swept: one of the workload's, or result.PagesParam
	Values []int64 // at least two, distinct; nil: Defaults
	// Budget is the time spent running frames over all points (loads come on top);
	// 0 means DefaultBudget.
	Budget time.Duration
	// Frames, when set, fixes every point's length (warm-up included) and Warmup its
	// warm-up, instead of the budget choosing the length.
	Frames, Warmup int

	tied map[string]float64 // set by Check: see Tied
}

// Tied is what an entities sweep holds fixed instead of a count: on a workload with
// an on_screen parameter that the sweep's run leaves at its default, the share of the
// entities in view, not their number. With the number fixed (2,000 by default), the
// small points would put every sprite on screen, and their frames would be the
// sorting and drawing of all of them: per entity, that cost swamps the cull whose
// cache behaviour a sweep over entities is for (measured: ptrarray's ns per entity
// fell from 35.5 at 1,000 sprites to 18.3 at a million). With the share fixed at the
// defaults' (2,000 of a million: 0.2%), the world and what the camera sees grow
// together, as a level's would, and at least one sprite is in view.
func Tied(spec *workload.Spec, param string, set workload.Params) map[string]float64 {
	if param != "entities" {
		return nil
	}
	screen, ok := spec.Param("on_screen")
	ents, _ := spec.Param("entities")
	if v, given := set["on_screen"]; !ok || (given && v != screen.Default) || ents.Default <= 0 {
		return nil
	}
	return map[string]float64{"on_screen": float64(screen.Default) / float64(ents.Default)}
}

// Check validates c and completes it in place: the values sorted (Defaults when
// none were given), each point's run checked as lab.Config.Check would check it.
// Errors name what is wrong: an unknown parameter, a value out of range, fewer than
// two values, a value given twice.
func (c *Config) Check() error {
	spec, err := workloads.Lookup(c.Run.Workload)
	if err != nil {
		return fmt.Errorf("workload: %w", err)
	}
	q, err := sweptParam(spec, c.Param)
	if err != nil {
		return err
	}
	if c.Values == nil {
		c.Values = Defaults(spec, q)
	}
	c.Values = slices.Clone(c.Values)
	slices.Sort(c.Values)
	if len(c.Values) < 2 {
		return fmt.Errorf("values: %d given (want at least 2)", len(c.Values))
	}
	if len(c.Values) > result.MaxSweepValues {
		return fmt.Errorf("values: %d given (at most %d: a sweep's file holds no more)", len(c.Values), result.MaxSweepValues)
	}
	for i, v := range c.Values {
		if err := q.Check(spec.Name, v); err != nil {
			return fmt.Errorf("values: %w", err)
		}
		if i > 0 && v == c.Values[i-1] {
			return fmt.Errorf("values: %d given twice", v)
		}
	}
	if c.Budget < 0 {
		return fmt.Errorf("budget: %v is negative (want 0 for %v, or more)", c.Budget, DefaultBudget)
	}
	if c.Frames < 0 || c.Frames > lab.MaxFrames {
		return fmt.Errorf("frames: %d is out of range (want 0 to choose by the budget, or 1 to %d)", c.Frames, lab.MaxFrames)
	}
	if c.Run.Params == nil {
		c.Run.Params = workload.Params{}
	}
	if c.tied == nil { // a second Check sees the resolved parameters, on_screen among them
		c.tied = Tied(spec, c.Param, c.Run.Params)
	}
	if c.Frames > 0 && (c.Warmup < 0 || c.Warmup >= c.Frames) {
		return fmt.Errorf("warmup: %d is out of range (want 0 to frames-1 = %d)", c.Warmup, c.Frames-1)
	}
	if c.Run.Forks < 0 || c.Run.Forks > lab.MaxForks {
		return fmt.Errorf("forks: %d is out of range (want 1 to %d, or 0 for %d)", c.Run.Forks, lab.MaxForks, lab.DefaultForks)
	}
	if c.Frames > 0 {
		if _, err := result.PlanForks(c.Frames, c.Warmup, c.passes()); err != nil {
			return err
		}
	}
	var resolved workload.Params
	for _, v := range c.Values {
		pc := c.point(v)
		if err := pc.Check(); err != nil {
			return fmt.Errorf("%s = %d: %w", c.Param, v, err)
		}
		resolved = pc.Params
	}
	c.Run.Params = resolved // defaults filled in; the swept value is replaced at each point
	return nil
}

// passes is how many forks each point runs, one per pass over the points:
// Run.Forks, or lab.DefaultForks when it is 0.
func (c *Config) passes() int {
	if c.Run.Forks == 0 {
		return lab.DefaultForks
	}
	return c.Run.Forks
}

// passLength sets the length of the point's run pc in pass pass, and returns the
// measured rounds it runs at least and at most when the budget chooses its length:
// MinRounds and MaxRounds shared among the passes. With Config.Frames the point's
// frames are split among the passes as a run's among its forks.
func (c *Config) passLength(pc *lab.Config, pass int) (minRounds, maxRounds int) {
	n := c.passes()
	if c.Frames > 0 {
		plan, _ := result.PlanForks(c.Frames, c.Warmup, n) // Check planned them
		pc.Frames, pc.Warmup = plan[pass].Frames, plan[pass].Warmup
		return 0, 0
	}
	return (MinRounds + n - 1) / n, (MaxRounds + n - 1) / n
}

// point is the run at value v, as one fork: the sweep makes the forks itself, one per
// pass (see passLength for its length in a pass).
func (c *Config) point(v int64) lab.Config {
	pc := c.Run
	pc.Backings = slices.Clone(c.Run.Backings)
	pc.Params = c.Run.Params.Clone()
	if mode, ok := result.PagesMode(v); ok && c.Param == result.PagesParam {
		pc.Pages = lab.PagesMode(mode)
	} else {
		pc.Params[c.Param] = v
	}
	for name, share := range c.tied {
		pc.Params[name] = max(1, int64(math.Round(share*float64(v))))
	}
	pc.PreviewEvery, pc.StartPaused, pc.Forks = 0, false, 1
	if c.Frames > 0 {
		pc.Frames, pc.Warmup = c.Frames, c.Warmup
		return pc
	}
	// The first round is warm-up; the lab makes it minBurst (4) frames long when it
	// chooses bursts by time, or Burst frames when one is set.
	pc.Warmup = 4
	if pc.Burst > 0 {
		pc.Warmup = pc.Burst
	}
	pc.Frames = pc.Warmup + MaxRounds*max(pc.Burst, maxBurst)
	return pc
}

// LogX reports whether the values are best spread on a logarithmic axis: entities
// always, any parameter whose positive values span two decades or more.
func LogX(param string, values []int64) bool {
	if len(values) == 0 || values[0] <= 0 {
		return false
	}
	return param == "entities" || values[len(values)-1] >= 100*values[0]
}

// ErrStopped is why a sweep stopped early when Stop was called.
var ErrStopped = errors.New("sweep stopped")

// newSweep is the record of a sweep of c (checked) over the parameter q before any
// point ran.
func newSweep(c *Config, q workload.Param) *result.Sweep {
	fixed := c.Run.Params.Clone()
	delete(fixed, c.Param)
	for name := range c.tied {
		delete(fixed, name)
	}
	cache := string(c.Run.Cache)
	if cache == "" {
		cache = string(lab.Warm)
	}
	pages := c.Run.Pages
	var labels []string
	switch {
	case c.Param == result.PagesParam: // each point runs in its value's mode
		pages, labels = "", result.PagesLabels(c.Values)
	case pages == "":
		pages = lab.DefaultPages
	}
	budget := c.Budget
	if budget == 0 {
		budget = DefaultBudget
	}
	s := &result.Sweep{Schema: result.SweepSchema, Title: c.Run.Title, Workload: c.Run.Workload,
		Param: c.Param, Unit: q.Unit, LogX: LogX(c.Param, c.Values), Modes: q.Modes, Values: slices.Clone(c.Values), Labels: labels,
		Params: fixed, Tied: c.tied, Backings: slices.Clone(c.Run.Backings), Cache: cache, Pages: string(pages),
		Counters: result.Counters{Enabled: c.Run.Counters}, BudgetNS: int64(budget), Frames: c.Frames, Forks: c.passes(),
		Started: time.Now().UTC().Round(0), Points: []result.Point{}, Crossings: []result.Crossing{},
		Markers: []result.Marker{}, LoadAverage: lab.StartLoadAverage(), Probe: c.Run.Probe.Clone()}
	s.Caches, s.CachesNote = Caches()
	s.Caches = append(s.Caches, MeasuredCaches(s.Caches, s.Probe)...)
	return s
}
