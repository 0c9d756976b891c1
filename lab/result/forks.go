package result

import (
	"fmt"
	"reflect"
)

// Fork is one set of fresh worker processes, one per backing, that loaded the world
// from scratch and ran its frames from frame 0 again. A run is made of one or more
// forks laid end to end. The run's frames First … First+Frames−1 are the fork's
// frames 0 … Frames−1; the workload is deterministic from the seed, so every fork
// does the same work. Its first Warmup frames are its own warm-up.
//
// Why forks: two fresh processes of the same setup can differ by more than the rounds
// of one process ever show (where the heap landed, which pages it got). Measured on a
// quiet 16-core Xeon, soa's p50 was 1.36 and 2.29 ms in two fresh runs, each tight on
// its own. Rounds of one process cannot see that; forks can. So the intervals are
// taken over the rounds of every fork and widened to hold each fork's own figure
// (docs/design.md, rule 7).
type Fork struct {
	First  int `json:"first"`  // the run's frame at which its frame 0 lies
	Frames int `json:"frames"` // frames it was to run
	Warmup int `json:"warmup"` // its first frames, kept out of the summary
}

// Forks: how many sets of fresh workers a run's frames are split among when its
// setup does not say (lab.Config.Forks 0, a lesson without "forks"), and the most it
// may ask for. They live here, beside the plan, so that what checks a setup (a
// lesson, the app's flags) needs not link the coordinator. Two fresh processes of
// the same setup differ for real (where the heap landed, which pages it got), and
// rounds inside one process cannot see it. Three forks are the fewest that show a
// process unlike the others, and a disagreement between two; each fork reloads the
// world, so more cost more (docs/design.md, rule 7; docs/measuring.md, "Reruns and
// forks", for the measurements behind the choice).
const (
	DefaultForks = 3
	MaxForks     = 16
)

// PlanForks splits a run of frames, warmup of them warm-up, into n forks run one after
// another: as evenly as whole frames allow (the first forks get the odd frames), the
// warm-up likewise, so that every fork starts with its own. It returns an error when
// a fork would have no frame left after its warm-up.
func PlanForks(frames, warmup, n int) ([]Fork, error) {
	if n < 1 {
		return nil, fmt.Errorf("forks: %d (want at least 1)", n)
	}
	if frames < n {
		return nil, fmt.Errorf("forks: %d forks of a run of %d frames leave a fork no frame (want at most %d forks, or more frames)", n, frames, frames)
	}
	out := make([]Fork, n)
	first := 0
	for k := range out {
		f := frames/n + b2i(k < frames%n)
		w := warmup/n + b2i(k < warmup%n)
		if w >= f {
			return nil, fmt.Errorf("warmup: %d warm-up frames of %d over %d forks leave fork %d (frames %d, warm-up %d) none to measure "+
				"(want fewer warm-up frames or forks, or more frames)", warmup, frames, n, k+1, f, w)
		}
		out[k] = Fork{First: first, Frames: f, Warmup: w}
		first += f
	}
	return out, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ForkOf returns the index of the fork that frame f belongs to: 0 for a run that
// records no forks (a run of one, or a file written before forks), and len(Forks)−1
// for a frame past the last fork's end.
func (r *Run) ForkOf(f int) int {
	k := 0
	for k+1 < len(r.Forks) && f >= r.Forks[k+1].First {
		k++
	}
	return k
}

// NumForks is how many forks the run has: one when it records none.
func (r *Run) NumForks() int { return max(1, len(r.Forks)) }

// ForkSpan returns the run's frames that fork k covers, [lo, hi): the whole run for a
// run that records no forks.
func (r *Run) ForkSpan(k int) (lo, hi int) {
	if len(r.Forks) == 0 {
		return 0, r.Frames
	}
	fk := r.Forks[k]
	return fk.First, fk.First + fk.Frames
}

// warmingUp reports whether frame f is one of its fork's warm-up frames (of the run's
// first Warmup frames, for a run that records no forks).
func (r *Run) warmingUp(f int) bool {
	if len(r.Forks) == 0 {
		return f < r.Warmup
	}
	fk := r.Forks[r.ForkOf(f)]
	return f-fk.First < fk.Warmup
}

// validateForks checks that the forks follow one another from frame 0 to the run's
// end, that their warm-ups add up to the run's, and that no round spans two of them.
func (r *Run) validateForks() error {
	if len(r.Forks) == 0 {
		return nil
	}
	if len(r.Forks) > MaxForks {
		return fmt.Errorf("forks: %d (at most %d, as the lab runs them)", len(r.Forks), MaxForks)
	}
	next, warm := 0, 0
	for k, fk := range r.Forks {
		if fk.First != next || fk.Frames < 1 || fk.Warmup < 0 || fk.Warmup >= fk.Frames {
			return fmt.Errorf("forks[%d]: frames %d to %d, %d warm-up (want from %d, at least one frame after the warm-up)",
				k, fk.First, fk.First+fk.Frames-1, fk.Warmup, next)
		}
		next += fk.Frames
		warm += fk.Warmup
	}
	if next != r.Frames || warm != r.Warmup {
		return fmt.Errorf("forks: %d frames, %d warm-up in all (want the run's %d and %d)", next, warm, r.Frames, r.Warmup)
	}
	for k, rd := range r.Rounds {
		if r.ForkOf(rd.First) != r.ForkOf(rd.First+rd.Frames-1) {
			return fmt.Errorf("rounds[%d]: frames %d to %d span two forks", k, rd.First, rd.First+rd.Frames-1)
		}
	}
	return nil
}

// AppendSeries appends t's frames to s, column by column: what joins the forks of a
// run measured one fork at a time (a sweep's passes). A column that one side lacks
// (nil: counters off, no handle resolved) is filled with zeros on that side when the
// other has it, so that every column keeps one value per frame.
func AppendSeries(s, t *Series) {
	n, m := s.Len(), t.Len()
	sv, tv := reflect.ValueOf(s).Elem(), reflect.ValueOf(t).Elem()
	for i := range sv.NumField() {
		a, b := sv.Field(i), tv.Field(i)
		if a.Kind() != reflect.Slice || a.IsNil() && b.IsNil() {
			continue
		}
		if a.IsNil() {
			a.Set(reflect.MakeSlice(a.Type(), n, n+m))
		}
		if b.IsNil() {
			b = reflect.MakeSlice(b.Type(), m, m)
		}
		a.Set(reflect.AppendSlice(a, b))
	}
}
