package sweep

import (
	"context"

	"localitylab/lab"
	"localitylab/lab/result"
)

// SimStatus is the simulation's progress: at which point (Index of Count, Value) and,
// there, what lab.Simulate reports.
type SimStatus struct {
	Index, Count int
	Value        int64
	lab.SimStatus
}

// Simulate counts simulated cache misses (lab.Simulate) for every backing at every
// point of the finished sweep s, whose configuration was c, and writes them into
// each point's backings and how they were counted into s.Counters.Simulated: the
// misses per entity beside the cost per entity that explain a cliff. Each point's
// world is loaded once more under the simulator, as its runs loaded it. Where the
// simulation cannot be done at all (no Valgrind), the first point says why and the
// others are not tried; ctx stops it with what it has.
func Simulate(ctx context.Context, c Config, s *result.Sweep, progress func(SimStatus)) {
	if err := c.Check(); err != nil {
		s.Counters.Simulated = &result.Simulated{Note: err.Error()}
		return
	}
	for i := range s.Points {
		p := &s.Points[i]
		if p.Skipped != "" || ctx.Err() != nil {
			continue
		}
		r := &result.Run{Backings: make([]result.Backing, len(p.Backings))}
		for k, b := range p.Backings {
			r.Backings[k] = result.Backing{Name: b.Name, Load: result.Load{Entities: p.Entities}}
		}
		lab.Simulate(ctx, c.point(p.Value), r, func(st lab.SimStatus) {
			if progress != nil {
				progress(SimStatus{Index: i, Count: len(s.Points), Value: p.Value, SimStatus: st})
			}
		})
		for k := range p.Backings {
			p.Backings[k].SimSummary = r.Backings[k].Summary.SimSummary
		}
		if s.Counters.Simulated == nil || s.Counters.Simulated.Note != "" {
			s.Counters.Simulated = r.Counters.Simulated
		}
		if r.Counters.Simulated.Note != "" {
			return // the same reason at every point
		}
	}
}
